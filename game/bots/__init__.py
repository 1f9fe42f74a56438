"""Computer players: `LEVELS`, the one table of the levels, and `make_bot(level, seat, seed)`,
which gives an object whose `choose(state)` returns the intent the seat sends next.

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

`REGISTRY` is the only list of them: the start screen's seat buttons, the saves' check of a
seat's level, the balance lab's and the match's `--level` choices and the help all read it. A
new level is a module here, one row of `REGISTRY` and its two strings (`start.kind.NAME`, the
button's label, and `start.kind_about.NAME`, a line about how it plays) in every language. A
level whose module cannot be imported stops the import of this package with an error naming
that module: no part of the program goes on with fewer levels.

A budget counts the processor time of the thread that decides, so a busy machine makes a
searching bot slower on the clock, never weaker. A slow machine does not make it weaker
either, down to a point: a searching level thinks until both its budget is spent and it has
played its `floor` of look-ahead games (half of what this project's machine plays in the
budget: Hard 86, Expert 114, the amounts at which the levels were measured in order), so on a
slower machine it answers later instead. Its `cap` (seconds on the clock, at least twice the
budget) stops it whatever the floor, so a window never waits longer: only a machine too slow
for the floor within the cap plays weaker. A fixed `iterations` replaces all three.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Protocol

from ..rules import Action, GameState


class Bot(Protocol):
    seat: int

    @property
    def level(self) -> str: ...          # a class's own value or an instance's: read only

    def choose(self, state: GameState) -> Action: ...


@dataclass(frozen=True)
class Level:
    """One level of computer player, as every part of the program knows it."""
    name: str                 # the word in a save, the settings, `--level`: "expert"
    bot: Any                  # the class: `bot(seat, seed, **options)` is a `Bot`
    label: str                # the string key of its name on the start screen ("Computer: expert")
    about: str                # the string key of a line about how it plays
    budget: float | None      # processor seconds per decision by default; None: it does not search
    floor: int = 0            # look-ahead games per decision at least, whatever the machine
    cap: float = 0.0          # seconds on the clock per decision at most (never below CAP_TIMES budgets)

    @property
    def searches(self) -> bool:
        """It looks ahead, and takes `budget` and `iterations`."""
        return self.budget is not None

    def cap_for(self, budget: float) -> float:
        """Seconds on the clock a decision may take at most with `budget`: never below
        `CAP_TIMES` budgets."""
        return max(self.cap, CAP_TIMES * budget)

    def make(self, seat: int, seed: int = 0, **options: Any) -> Bot:
        """A player of this level for `seat` (a searching level's `budget`, `floor` and `cap` are
        its own unless given; the cap is at least `CAP_TIMES` budgets)."""
        if not self.searches:
            return self.bot(seat, seed)  # type: ignore[no-any-return]
        if options.get("budget") is None:
            options["budget"] = self.budget
        if options.get("floor") is None:
            options["floor"] = self.floor
        if options.get("cap") is None:
            options["cap"] = self.cap_for(options["budget"])
        return self.bot(seat, seed, **options)  # type: ignore[no-any-return]


def _bot_class(module: str, name: str) -> Any:
    """The class `name` of `game.bots.<module>`; a module that cannot be imported is named in the error."""
    where = f"{__name__}.{module}"
    try:
        found = importlib.import_module(where)
    except Exception as err:
        raise ImportError(f"the computer level in {where} cannot be imported ({type(err).__name__}: {err}); "
                          f"fix {where.replace('.', '/')}.py or take its row out of game.bots.REGISTRY",
                          name=where) from err
    return getattr(found, name)


CAP_TIMES = 2.0      # a searching level's cap on the clock is at least this many budgets


#: the levels, weakest first (the order the start screen's seat button goes through them)
REGISTRY: dict[str, Level] = {lv.name: lv for lv in (
    Level("easy", _bot_class("easy", "EasyBot"), "start.kind.easy", "start.kind_about.easy", None),
    Level("medium", _bot_class("medium", "MediumBot"), "start.kind.medium", "start.kind_about.medium", None),
    Level("hard", _bot_class("hard", "HardBot"), "start.kind.hard", "start.kind_about.hard", 1.5, 86, 8.0),
    Level("expert", _bot_class("expert", "ExpertBot"), "start.kind.expert", "start.kind_about.expert", 2.0, 114, 10.0),
)}
LEVELS: tuple[str, ...] = tuple(REGISTRY)
SEARCHING: tuple[str, ...] = tuple(n for n, lv in REGISTRY.items() if lv.searches)   # take `budget`, `iterations`


def make_bot(level: str, seat: int, seed: int = 0, **options: Any) -> Bot:
    """A computer player for `seat`. Options: Hard and Expert take `budget` (processor
    seconds per decision), `floor` (look-ahead games at least), `cap` (seconds on the clock at
    most) and `iterations` (a fixed amount of look-ahead instead of a clock, for reproducible
    runs)."""
    found = REGISTRY.get(level.lower())
    if found is None:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return found.make(seat, seed, **options)


__all__ = ["Bot", "LEVELS", "Level", "REGISTRY", "SEARCHING", "make_bot"]
