"""A running game: how it was set up, the records of every intent, undo, save and load.

A game is its setup (board, players, content files, seed) plus its records: `Match.load`
rebuilds the first state from the setup and replays the records with their recorded die faces
and shuffles, so a saved game resumes exactly. Saves are written atomically (a temporary file,
then `os.replace`); a file that cannot be read raises `SaveError` with one line for the player
and is never overwritten by us (`quarantine` keeps it under another name).

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
from typing import Any

from .rules import Action, Board, Record, action_from_dict, apply, new_game
from .rules.catalog import Catalog
from .rules.chance import Replay
from .rules.engine import actor
from .rules.errors import IllegalAction
from .rules.reasons import HasReason, as_reason, reason
from .rules.state import GameState

SAVE_VERSION = 1
ROOT = Path(__file__).resolve().parents[1]


class SaveError(HasReason, ValueError):
    """A save that cannot be used; one line naming the file and what to do (`err.reason`)."""


@dataclass
class Seat:
    name: str
    colour: str = ""
    bot: str | None = None          # None for a person, else "easy" | "medium" | "hard"

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
        return MatchSetup([Seat(**s) for s in d["seats"]], int(d["seed"]), d.get("map"),
                          d.get("inline_board"), list(d.get("content", [])))

    def board(self) -> Board:
        if self.inline_board is not None:
            b = self.inline_board
            return Board.from_dicts(b.get("name", "inline"), int(b["turns"]), b["regions"])
        from .content.tmx import load_map
        p = Path(self.map_path or "")
        if not p.is_absolute() and not p.exists():
            p = ROOT / p
        return load_map(p).board

    def catalog(self) -> Catalog:
        from .content.catalog import default_catalog, load_catalog
        return load_catalog(self.content) if self.content else default_catalog()


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
        return {"version": SAVE_VERSION, "saved_at": time.time(), "setup": self.setup.to_dict(),
                "records": [r.to_dict() for r in self.records], "undo_floor": self.undo_floor,
                "state": self.state.to_dict()}

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write leaves the previous save intact."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(self.to_dict(), separators=(",", ":"))
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
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

    @staticmethod
    def load(path: str | Path, catalog: Catalog | None = None) -> "Match":
        path = Path(path)
        try:
            d = json.loads(path.read_text(encoding="utf-8"))
        except OSError as err:
            raise SaveError(reason("save_unreadable", path=str(path), error=err.strerror)) from None
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise SaveError(reason("save_damaged", path=str(path))) from None
        if not isinstance(d, dict) or d.get("version") != SAVE_VERSION:
            raise SaveError(reason("save_version", path=str(path)))
        try:
            setup = MatchSetup.from_dict(d["setup"])
            m = Match(setup, catalog=catalog)
            for rd in d["records"]:
                rec = Record.from_dict(rd)
                before = m.state
                after, again = apply(before, action_from_dict(rec.action), Replay(rec.rolls, rec.shuffles))
                m.records.append(again)
                m.states.append(after)
            m.undo_floor = min(int(d.get("undo_floor", len(m.states) - 1)), len(m.states) - 1)
        except (KeyError, TypeError, ValueError, IllegalAction) as err:
            raise SaveError(reason("save_no_replay", path=str(path), error=as_reason(err))) from None
        if "state" in d and m.state.to_dict() != d["state"]:
            raise SaveError(reason("save_differs", path=str(path)))
        return m


def quarantine(path: str | Path) -> Path:
    """Move an unreadable save aside (never delete it) so a new game can autosave."""
    path = Path(path)
    dest = path.with_name(f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    os.replace(path, dest)
    return dest


def data_dir() -> Path:
    """Where saves and settings live: $SMALLWORLD_HOME, else the XDG data folder."""
    env = os.environ.get("SMALLWORLD_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "smallworld-table"
