"""The rules engine: pure Python, no pygame, no pytmx. This file is its face: everything outside
`game/rules` imports engine names from `game.rules` itself, and only the names in `__all__`,
which lists what the program, its tests and its guides use (a test keeps it so).

- A game: `new_game` (or `build_position` for a set-up position), then `legal_actions`,
  `why_illegal`, `apply` (which returns the next state and the `Record` of the intent; `play`,
  the same for a caller done with the state it plays from, writes in place), `actor`
  (whose intent is awaited), `asked` (a decision out of turn awaited, see `waiting.py`), `replay`; the phases `PICK`, `CONQUER`, `REDEPLOY`, `WITHDRAW`,
  `GAME_OVER`; `outcome` ranks the players by R13 and says who won (`ranking.py`).
- The intents (`Pick`, `Conquer`, ... `Use`), `action_from_dict` and `ACTION_TYPES`.
- The chance source: a seeded `random.Random` passed in, or `ScriptedDice`, or `Replay` (a
  record's rolls again).
- The typed events of a record (`events_of` the events of one kind, `typed_event` one event to
  narrow by its kind, `Event` any event; each kind of `EVENT_TYPES` has its class, `ScoreEvent`...).
- What a game is made of: `GameState` and its parts, `Board`, `Region`, `Catalog`; the prices
  (`cost_of`, `conquest_cost`, `decline_conqueror`, `die_bonus`, `pick_price` of a combo with the
  markers on it, `column_marks`) and `default_region`.
- The errors, each carrying a `Reason` (a sentence for a player, in any language).

The build's plumbing is not part of it: the engine's modules register their compiled classes for
pickling with `game.rules.pickling` themselves (see `game.native` for what compiled code may not do).

Content authors' effect blocks have a second face, `game.rules.abilities` (the registry of
blocks by name, their base class and the `when:`/`where:` vocabulary). See `engine.py` for the
shape of a turn.
"""
from __future__ import annotations

from .actions import (
    ACTION_TYPES,
    Abandon,
    Action,
    Ally,
    BerserkRoll,
    Conquer,
    Decline,
    Dragon,
    Encampments,
    Enchant,
    EndTurn,
    Fortress,
    GhoulsConquer,
    GhoulsReinforce,
    Heroes,
    Pick,
    Redeploy,
    Reinforce,
    Settle,
    Use,
    Withdraw,
    action_from_dict,
)
from .board import FEATURES, TERRAINS, WATER, Board, Region
from .catalog import Catalog
from .chance import Replay, ScriptedDice
from .common import column_marks, default_region
from .die import die_bonus
from .engine import (
    Record,
    actor,
    apply,
    conquest_cost,
    legal_actions,
    lend_listing,
    play,
    replay,
    why_illegal,
)
from .errors import BoardError, CatalogError, IllegalAction, NotImplementedRule, SetupError
from .events import EVENT_TYPES, Event, ScoreEvent, UseEvent, events_of, typed_event
from .lent import badge_of, lent_key, lent_parts
from .position import build_position
from .pricing import cost_of
from .ranking import BY_COINS, BY_TOKENS, SHARED, Outcome, outcome
from .reasons import COST_LABELS, COUNT_PARAM, TEMPLATES, HasReason, Reason, as_reason, reason, reason_n
from .setup import new_game
from .state import (
    CONQUER,
    GAME_OVER,
    LOST_TRIBE,
    PICK,
    REDEPLOY,
    START_COINS,
    WITHDRAW,
    Combo,
    GameState,
    PlayerState,
    RaceHold,
    RegionState,
)
from .targets import decline_conqueror
from .turn import pick_price
from .waiting import asked

__all__ = [
    # a game
    "new_game", "build_position", "legal_actions", "why_illegal", "apply", "play", "actor", "asked", "replay", "Record",
    "lend_listing",
    "PICK", "CONQUER", "REDEPLOY", "WITHDRAW", "GAME_OVER",
    "outcome", "Outcome", "BY_COINS", "BY_TOKENS", "SHARED",
    # the intents
    "Action", "ACTION_TYPES", "action_from_dict", "Pick", "Abandon", "Conquer", "Reinforce", "Redeploy",
    "Withdraw", "Decline", "EndTurn", "BerserkRoll", "Dragon", "Enchant", "GhoulsConquer", "GhoulsReinforce",
    "Fortress", "Encampments", "Heroes", "Ally", "Use", "Settle",
    # the chance source
    "ScriptedDice", "Replay",
    # the events
    "EVENT_TYPES", "events_of", "typed_event", "Event", "ScoreEvent", "UseEvent",
    # what a game is made of
    "GameState", "PlayerState", "RaceHold", "RegionState", "Combo", "START_COINS", "LOST_TRIBE",
    "Board", "Region", "TERRAINS", "WATER", "FEATURES", "Catalog", "badge_of", "lent_key", "lent_parts",
    # prices and defaults
    "cost_of", "conquest_cost", "decline_conqueror", "die_bonus", "default_region",
    "pick_price", "column_marks",
    # errors and reasons
    "IllegalAction", "NotImplementedRule", "SetupError", "BoardError", "CatalogError",
    "Reason", "HasReason", "reason", "reason_n", "as_reason", "TEMPLATES", "COUNT_PARAM", "COST_LABELS",
]
