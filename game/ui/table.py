"""A game on the table as the window holds it: the `Match`, the map it is played on (polygons and
picture), the computer players, and where it autosaves.

`Table.play` sends one intent to the match and saves at once (atomically, by `Match.save`), so a
crash or a kill never loses more than the intent being clicked. A save that cannot be written (a
full disk, a folder made read-only) does not stop the game: the last good save stays as it was,
`save_error` says why in the system's words, and the next move tries again; the window keeps
the table until it is written (the ranking screen, leaving, quitting), and a window that closes
with it still unwritten keeps it where the next start puts it back (`keep_elsewhere`). Starting a new game or resuming
the autosave happen here too, with the loaders' one-line errors passed up as they are. No
pygame here.
"""
from __future__ import annotations

import errno
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import resources
from game.bots import make_bot
from game.content.bounded import exists
from game.content.tmx import SHIPPED_MAPS, MapData, check_players, load_map
from game.match import Match, MatchSetup, Seat
from game.rules import Action, Record, actor


def shipped_map_path(players: int) -> str:
    """The shipped map for a player count, as a path relative to the repository."""
    p = SHIPPED_MAPS.get(players) or SHIPPED_MAPS[max(SHIPPED_MAPS)]
    return resources.relative(p)


def resolve(path: str) -> Path:
    p = Path(path)
    if not p.is_absolute() and not exists(p):
        p = resources.ROOT / p
    return p


@dataclass
class Table:
    match: Match
    mapdata: MapData
    save_path: Path
    bots: dict[int, Any] = field(default_factory=dict)
    expert_seconds: float = 2.0             # the Expert's thinking time per decision
    save_error: str | None = None           # why the last save could not be written, or None
    save_full: bool = False                 # ... and it was because the disk is full
    worth_error: str | None = None          # why the bots' measurement of new content failed, or None
    phone_seats: set[int] = field(default_factory=set)   # seats played from a phone (`phone_link`)

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def seats(self) -> list[Seat]:
        return self.match.setup.seats

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def on_phone(self, seat: int) -> bool:
        """The seat is played from its phone: the table neither acts for it nor shows its coins."""
        return seat in self.phone_seats

    def humans(self) -> list[int]:
        return [i for i in range(len(self.seats)) if i not in self.bots]

    def actor(self) -> int:
        return actor(self.match.state)

    def play(self, action: Action) -> Record:
        """Apply and autosave; raises `IllegalAction` / `NotImplementedRule` with nothing changed."""
        rec = self.match.play(action)
        self.save()
        return rec

    def undo(self) -> Record:
        rec = self.match.undo()
        self.save()
        return rec

    def save(self) -> bool:
        """Write the game to its file; False (and `save_error` set) when the system refused."""
        try:
            self.match.save(self.save_path)
        except OSError as err:
            self.save_error = err.strerror or err.__class__.__name__
            self.save_full = err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
            return False
        self.save_error = None
        self.save_full = False
        return True

    def keep_elsewhere(self) -> Path | None:
        """When the save still cannot be written (leaving the window): keep the game where the
        next start puts it back (`game.saves.stash`); the path kept, or None if even that failed."""
        from game.saves import stash
        try:
            return stash(self.match.to_dict(), self.save_path)
        except OSError:
            return None

    # -- making one -----------------------------------------------------------------------------
    @staticmethod
    def new(seats: list[Seat], seed: int | None, map_path: str, content: list[str], save_path: Path,
            expert_seconds: float = 2.0) -> "Table":
        """Raises the loaders' errors (`MapError`, `ContentError`, `SetupError`) with their one line."""
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        mapdata = load_map(resolve(map_path))
        check_players(mapdata, len(seats))
        from game import savelock
        from game.saves import new_save_path
        if save_path.exists() or not savelock.hold(save_path):   # never over another game, nor
            save_path = new_save_path(save_path.parent)          # one another window is starting
            savelock.hold(save_path)
        setup = MatchSetup(seats=seats, seed=seed, map_path=map_path, content=list(content))
        match = Match(setup, board=mapdata.board)
        table = Table(match, mapdata, save_path, expert_seconds=expert_seconds)
        table.make_bots()
        table.save()
        return table

    @staticmethod
    def resume(save_path: Path, expert_seconds: float = 2.0) -> "Table":
        """Raises `SaveError` (one line) when the save cannot be used; `MapError` for a lost map;
        `savelock.OpenElsewhere` when another window has this game open (nothing is read then)."""
        from game import savelock
        from game.match import check_save
        if not savelock.hold(save_path):
            raise savelock.OpenElsewhere(save_path)
        mapdata = load_map(resolve(str(check_save(save_path)["setup"].get("map") or "")))
        match = Match.load(save_path, board=mapdata.board)        # the map is read once
        table = Table(match, mapdata, save_path, expert_seconds=expert_seconds)
        table.make_bots()
        return table

    def _worth_failed(self, why: str) -> None:
        """The background measurement of the content's worth failed (its watching thread says so)."""
        self.worth_error = why

    def make_bots(self) -> None:
        self.bots = {}
        if not any(s.bot for s in self.seats):
            return
        from game.worth_cache import prepare_in_background

        st = self.match.state                     # the bots value this content from play
        prepare_in_background(st.board, st.catalog, len(st.players), on_failure=self._worth_failed)
        for i, s in enumerate(self.seats):
            if s.bot:
                opts = {"budget": self.expert_seconds} if s.bot == "expert" else {}
                self.bots[i] = make_bot(s.bot, i, self.match.setup.seed + i, **opts)
