"""Race and power effects, one module each, registered by name (see `base.py`).

Importing this package registers every effect module found in it, so a new module dropped
here is available to YAML content without being listed anywhere.
"""
from __future__ import annotations

import importlib
import pkgutil

from .base import REGISTRY, Ability, ParamError, register

for _m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _m.name != "base":
        importlib.import_module(f"{__name__}.{_m.name}")

__all__ = ["REGISTRY", "Ability", "ParamError", "register"]
