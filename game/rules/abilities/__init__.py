"""Race and power effects, one module each, registered by name (see `base.py`).

Importing this package loads only the extension points (`base.py`), so the rules underneath the
effects (`common`, `conquest`) can name them without pulling in the effects themselves. The
catalog, which sits above the effects, imports every module found here (`catalog.load_effects`):
a new module dropped in this folder is available to YAML content without being listed anywhere.
"""
from __future__ import annotations

from .base import REGISTRY, Ability, ParamError, register

__all__ = ["REGISTRY", "Ability", "ParamError", "register"]
