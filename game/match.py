"""A running game: how it was set up, the records of every intent, undo, save and load.

A game is its setup (board, players, content files, seed) plus its records: `Match.load`
rebuilds the first state from the setup and replays the records with their recorded die faces
and shuffles, so a saved game resumes exactly. Saves are written atomically (a temporary file,
then `os.replace`); a file that cannot be read raises `SaveError` with one line for the player
and is never overwritten by us (`game.saves.quarantine` keeps it under another name).

Undo walks back the current turn's intents, but never past a die roll, a revealed combo
(a pick shows a new combo from the hidden stack) or a hand-over to another player.
"""
from __future__ import annotations

import json
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from . import resources
from .bots import LEVELS as BOT_LEVELS
from .content.bounded import FileRefused, exists, load_json
from .rules import (
    Action,
    Board,
    Catalog,
    GameState,
    HasReason,
    IllegalAction,
    Reason,
    Record,
    Replay,
    action_from_dict,
    actor,
    apply,
    as_reason,
    new_game,
    reason,
)

SAVE_VERSION = 1


def write_atomic(data: bytes, path: Path) -> None:
    """Write `data` to `path` through a temporary file beside it and `os.replace`: a crash or a
    full disk mid-write leaves whatever was at `path` before intact."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class SaveError(HasReason, ValueError):
    """A save that cannot be used; one line naming the file and what to do (`err.reason`)."""


MAX_SEED = 10**18
MAX_RECORDS = 100_000
DIE = frozenset({0, 1, 2, 3})


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _shape_problem(d: Any) -> Reason | None:
    """What is wrong with the shape of a save's JSON (a keyed phrase), or None."""
    if not isinstance(d, dict):
        return reason("save_p_not_game")
    setup = d.get("setup")
    if not isinstance(setup, dict):
        return reason("save_p_setup")
    seats = setup.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 5:
        return reason("save_p_players")
    names = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) - {"name", "colour", "bot"}:
            return reason("save_p_player", n=i + 1)
        name, colour, bot = seat.get("name"), seat.get("colour", ""), seat.get("bot")
        if not isinstance(name, str) or not name.strip() or len(name) > 100:
            return reason("save_p_player", n=i + 1)
        if not isinstance(colour, str):
            return reason("save_p_player", n=i + 1)
        if bot is not None and (not isinstance(bot, str) or bot.lower() not in BOT_LEVELS):
            return reason("save_p_level", n=i + 1, value=bot)
        names.append(name.strip().lower())
    if len(set(names)) != len(names):
        return reason("save_p_names")
    seed = setup.get("seed")
    if not _is_int(seed) or not 0 <= seed < MAX_SEED:
        return reason("save_p_seed")
    mp, inline = setup.get("map"), setup.get("inline_board")
    if mp is not None and not isinstance(mp, str):
        return reason("save_p_board")
    if inline is not None:
        if not isinstance(inline, dict) or not isinstance(inline.get("regions"), list) \
                or not _is_int(inline.get("turns")) or not 1 <= inline["turns"] <= 99:
            return reason("save_p_board")
    elif not mp:
        return reason("save_p_board")
    content = setup.get("content", [])
    if not isinstance(content, list) or not all(isinstance(c, str) for c in content):
        return reason("save_p_content")
    records = d.get("records")
    if not isinstance(records, list) or len(records) > MAX_RECORDS:
        return reason("save_p_moves")
    for n, r in enumerate(records, 1):
        if not isinstance(r, dict) or not isinstance(r.get("action"), dict) \
                or not isinstance(r["action"].get("kind"), str):
            return reason("save_p_move", n=n)
        if not _is_int(r.get("seat")) or not 0 <= r["seat"] < len(seats):
            return reason("save_p_move", n=n)
        rolls = r.get("rolls", [])
        if not isinstance(rolls, list) or not all(_is_int(f) and f in DIE for f in rolls):
            return reason("save_p_die", n=n)
        shuffles = r.get("shuffles", [])
        if not isinstance(shuffles, list) or not all(isinstance(x, list) for x in shuffles):
            return reason("save_p_move", n=n)
        if not isinstance(r.get("events", []), list):
            return reason("save_p_move", n=n)
    floor = d.get("undo_floor", 0)
    if not _is_int(floor) or not 0 <= floor <= len(records):
        return reason("save_p_undo")
    if "state" in d and not isinstance(d["state"], dict):
        return reason("save_p_state")
    lesson = d.get("lesson")
    if lesson is not None and (not isinstance(lesson, dict) or set(lesson) - {"seat", "step", "since"}
                               or not all(_is_int(v) and 0 <= v <= MAX_RECORDS for v in lesson.values())
                               or lesson.get("seat", 0) >= len(seats)):
        return reason("save_p_lesson")
    return None


def check_save(path: str | Path) -> dict[str, Any]:
    """Read a save and check its whole shape (not its moves); raises `SaveError` with one line."""
    path = Path(path)
    try:
        d = load_json(path, "save")          # a regular file within the saves' size and depth
    except FileRefused as err:
        raise SaveError(reason("save_shape", path=str(path), problem=err.problem)) from None
    except OSError as err:
        raise SaveError(reason("save_unreadable", path=str(path), error=err.strerror or str(err))) from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveError(reason("save_damaged", path=str(path))) from None
    if not isinstance(d, dict) or d.get("version") != SAVE_VERSION:
        raise SaveError(reason("save_version", path=str(path)))
    problem = _shape_problem(d)
    if problem is not None:
        raise SaveError(reason("save_shape", path=str(path), problem=problem))
    return d


@dataclass
class Seat:
    name: str
    colour: str = ""
    bot: str | None = None          # None for a person, else a level of `game.bots.LEVELS`

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour, "bot": self.bot}


@dataclass
class MatchSetup:
    seats: list[Seat]
    seed: int
    map_path: str | None = None              # a Tiled map (path relative to the repo if inside it)
    inline_board: dict[str, Any] | None = None
    content: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [s.to_dict() for s in self.seats], "seed": self.seed, "map": self.map_path,
                "inline_board": self.inline_board, "content": list(self.content)}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "MatchSetup":
        return MatchSetup([Seat(str(s["name"]), str(s.get("colour", "")), s.get("bot")) for s in d["seats"]],
                          int(d["seed"]), d.get("map"), d.get("inline_board"), list(d.get("content", [])))

    def board(self) -> Board:
        if self.inline_board is not None:
            b = self.inline_board
            return Board.from_dicts(b.get("name", "inline"), int(b["turns"]), b["regions"])
        from .content.tmx import load_map
        p = Path(self.map_path or "")
        if not p.is_absolute() and not exists(p):
            p = resources.ROOT / p
        return load_map(p).board

    def catalog(self) -> Catalog:
        from .content.catalog import default_catalog, load_catalog
        from .content.packs import resolve_content
        return load_catalog([resolve_content(c) for c in self.content]) if self.content else default_catalog()


def _is_boundary(rec: Record, before: GameState, after: GameState) -> bool:
    """An intent that undo must not cross."""
    return bool(rec.rolls or rec.shuffles or rec.action.get("kind") == "pick"
                or actor(before) != actor(after) or before.turn.seat != after.turn.seat)


class Match:
    def __init__(self, setup: MatchSetup, board: Board | None = None, catalog: Catalog | None = None) -> None:
        self.setup = setup
        self.board = board or setup.board()
        self.catalog = catalog or setup.catalog()
        self.first = new_game(self.board, [s.name for s in setup.seats], self.catalog,
                              random.Random(setup.seed))
        self.records: list[Record] = []
        self.states: list[GameState] = [self.first]
        self.undo_floor = 0            # index in `states` below which undo cannot go
        self.lesson: dict[str, int] | None = None   # the first-game lesson's progress, if it is one

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def _rng(self) -> random.Random:
        # one stream per step: a reloaded game rolls exactly as the original would have
        return random.Random(f"{self.setup.seed}:{len(self.records)}")

    def play(self, action: Action) -> Record:
        """Apply an intent of the actor; raises `IllegalAction` (nothing changes) if refused."""
        before = self.state
        after, rec = apply(before, action, self._rng())
        self.records.append(rec)
        self.states.append(after)
        if _is_boundary(rec, before, after):
            self.undo_floor = len(self.states) - 1
        return rec

    def can_undo(self) -> bool:
        return len(self.states) - 1 > self.undo_floor

    def undo(self) -> Record:
        if not self.can_undo():
            raise IllegalAction(reason("nothing_to_undo"))
        self.states.pop()
        return self.records.pop()

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        s = self.state
        summary = {"board": self.board.name, "round": s.round, "turns": self.board.turns,
                   "game_over": s.game_over, "winners": list(s.winners)}
        return {"version": SAVE_VERSION, "saved_at": time.time(), "setup": self.setup.to_dict(),
                "summary": summary, "records": [r.to_dict() for r in self.records],
                "undo_floor": self.undo_floor, "state": s.to_dict(),
                **({"lesson": dict(self.lesson)} if self.lesson else {})}

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write leaves the previous save intact."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(json.dumps(self.to_dict(), separators=(",", ":")).encode("utf-8"), path)

    @staticmethod
    def load(path: str | Path, catalog: Catalog | None = None, board: Board | None = None) -> "Match":
        """Read, check and replay a save; any problem is a `SaveError` with one line. `board`: the
        save's map already loaded by the caller (read once, not twice)."""
        path = Path(path)
        d = check_save(path)
        try:
            setup = MatchSetup.from_dict(d["setup"])
            m = Match(setup, board=board if setup.inline_board is None else None, catalog=catalog)
            floor = 0
            for rd in d["records"]:
                rec = Record.from_dict(rd)
                before = m.state
                after, again = apply(before, action_from_dict(rec.action), Replay(rec.rolls, rec.shuffles))
                m.records.append(again)
                m.states.append(after)
                if again.seat != rec.seat or again.rolls != rec.rolls:
                    raise SaveError(reason("save_differs", path=str(path)))
                if _is_boundary(again, before, after):
                    floor = len(m.states) - 1
            # undo never walks back past a die roll, a new combo or a hand-over, whatever the file says
            m.undo_floor = max(floor, min(int(d.get("undo_floor", 0)), len(m.states) - 1))
            m.lesson = dict(d["lesson"]) if d.get("lesson") else None
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IllegalAction, OSError) as err:
            raise SaveError(reason("save_no_replay", path=str(path), error=as_reason(err))) from None
        except (RecursionError, MemoryError, ArithmeticError, LookupError, AttributeError):
            # a file edited by hand into something no game produces
            raise SaveError(reason("save_shape", path=str(path), problem=reason("save_p_replay"))) \
                from None
        if "state" in d and m.state.to_dict() != d["state"]:
            raise SaveError(reason("save_differs", path=str(path)))
        return m

