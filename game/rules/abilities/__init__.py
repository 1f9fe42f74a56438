"""Race and power effects, one module each, registered by name (see `base.py`).

This package is the engine's second face, for content authors and the code that loads their
files: `REGISTRY` (every effect block by name), `Ability` (the base class a block extends),
`register`, `ParamError` (a parameter refused in words), the vocabulary a block's `when:`
and `where:` accept (`WHEN`, `WHERE_KEYS`, `OCCUPANTS`), the rule language's events and their
parties (`TRIGGER_EVENTS`, `other_side`, `MARKER_BOX`), and what each block declares it honours
(`param_problems`, `where_params`, `honours_decline`). Everything else of the engine is read through
`game.rules`.

Importing this package loads only the extension points (`base.py`) and that vocabulary, so the
rules underneath the effects (`common`, `pricing`, `targets`, `resolution`) can name them
without pulling in the effects themselves. The catalog, which sits above the effects, imports every module found here
(`catalog.load_effects`): a new module dropped in this folder is available to YAML content
without being listed anywhere.
"""
from __future__ import annotations

from ..errors import ParamError
from .base import REGISTRY, Ability, register
from .declared import honours_decline, param_problems, where_params
from .language import EVENTS as TRIGGER_EVENTS
from .language import MARKER_BOX, other_side
from .when import WHEN
from .where import KEYS as WHERE_KEYS
from .where import OCCUPANTS

__all__ = ["REGISTRY", "Ability", "ParamError", "register", "WHEN", "WHERE_KEYS", "OCCUPANTS",
           "param_problems", "where_params", "honours_decline", "TRIGGER_EVENTS", "MARKER_BOX", "other_side"]
