"""Computer players: `make_bot(level, seat, seed)` gives an object whose `choose(state)`
returns the intent the seat sends next.

Bots act only through the engine's `legal_actions`, `why_illegal` and `apply` (on copies),
never by touching the state, and decide from the public view of their seat (`view.py`: other
players' coins are hidden and only estimated, the stacks are hidden). Levels:

- "easy" (`easy.EasyBot`): legal, sensible moves without counting;
- "medium" (`medium.MediumBot`): values combos, plans each turn's conquests for coins, times
  its declines with a model of a race's life;
- "hard" (`hard.HardBot`): looks ahead by playing the game on with Medium for everyone,
  within a time budget per decision (`budget` processor seconds, 1.5 by default, at most 2);
- "expert" (`expert.ExpertBot`): searches the game with the engine (information-set Monte
  Carlo tree search over whole-turn plans), `budget` processor seconds per decision (2 by default).

A budget counts the processor time of the thread that decides, so a busy machine makes a
searching bot slower on the clock, never weaker.
"""
from __future__ import annotations

from typing import Any, Protocol

from ..rules import Action, GameState

LEVELS = ("easy", "medium", "hard", "expert")
SEARCHING = ("hard", "expert")           # levels that take `budget` and `iterations`


class Bot(Protocol):
    seat: int

    @property
    def level(self) -> str: ...          # a class's own value or an instance's: read only

    def choose(self, state: GameState) -> Action: ...


def make_bot(level: str, seat: int, seed: int = 0, **options: Any) -> Bot:
    """A computer player for `seat`. Options: Hard and Expert take `budget` (processor
    seconds per decision) and `iterations` (a fixed amount of look-ahead instead of a clock, for
    reproducible runs)."""
    level = level.lower()
    if level == "easy":
        from .easy import EasyBot
        return EasyBot(seat, seed)
    if level == "medium":
        from .medium import MediumBot
        return MediumBot(seat, seed)
    if level == "hard":
        from .hard import HardBot
        return HardBot(seat, seed, **options)
    if level == "expert":
        from .expert import ExpertBot
        return ExpertBot(seat, seed, **options)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = ["Bot", "LEVELS", "SEARCHING", "make_bot"]
