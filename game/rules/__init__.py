"""The rules engine: pure Python, no pygame, no pytmx.

Public API: `new_game`, `legal_actions`, `why_illegal`, `apply`, `replay`, `actor`, the intents
in `actions`, `GameState`, `Board`, `Catalog`, and the errors. See `engine.py` for the shape
of a turn.
"""
from __future__ import annotations

from .actions import *  # noqa: F401,F403
from .actions import ACTION_TYPES, Action, action_from_dict
from .board import Board, BoardError, Region
from .catalog import Catalog, CatalogError
from .conquest import Cost, cost_of
from .engine import Record, actor, apply, conquest_cost, cost_text, legal_actions, replay, why_illegal
from .errors import IllegalAction, NotImplementedRule, SetupError
from .setup import new_game
from .state import GameState

__all__ = ["ACTION_TYPES", "Action", "action_from_dict", "Board", "BoardError", "Region", "Catalog",
           "CatalogError", "Cost", "cost_of", "Record", "actor", "apply", "conquest_cost", "cost_text",
           "legal_actions", "replay", "why_illegal", "IllegalAction", "NotImplementedRule",
           "SetupError", "new_game", "GameState"]
