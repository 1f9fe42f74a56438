"""The computer players' tables of worth, kept ready for a game (see `game/bots/worth.py`).

For a catalog and a board, `ready` finds what the bots will read, in this order: the shipped
table (`assets/bots/worth.json`, made by `python -m game.lab worth`: the base set, and the base
set with every pack, on each shipped map; a table with only some packs is put together from
it, entry by entry); a table measured earlier for this very content and map, cached in the data
folder (`worth/CONTENT-BOARD.json`, written atomically by the project's one writer); else (new
content, or a map of one's own) it measures one now with self-play games (`bots.learn.measure`, a few seconds of processor time),
caches it and hands it to the bots; unless the content holds more races or powers than those
games could pick often enough to tell apart (`measurable`), when the bots value it from its
blocks. `prepare_in_background` does the measuring in another
process while the game goes on, and the bots value combos from their blocks until it is ready.
A cached file that cannot be read is moved aside (`.unreadable-` in its name, never deleted or
written over) with one line on stderr, and measured again; a cached table measured while the
bots played otherwise than now (its `policy` fingerprint differs) is measured again and
replaced, as a cache is.
"""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Callable

from . import native
from .bots import worth
from .bots.learn import measure, policy_key
from .match import write_atomic
from .rules import Board, Catalog
from .saves import WORTH, data_dir, move_without_overwrite

FOLDER = WORTH               # in the data folder; its stale temporary files are cleared at start (`saves.clean_tmp`)
GAMES = 400                 # measuring games for content the shipped table does not cover
#: the picks a measuring run should give each race and each power on average for its figure to be
#: more than noise (a seat picks about two races a game: 0.6 picks a race a game with the base
#: set's 14, 4 players); content with more entries than its games can pick that often is not
#: measured, and the bots value it from its blocks
PICKS_EACH = 8
PICKS_PER_SEAT = 2


def measurable(catalog: Catalog, players: int, games: int = GAMES) -> bool:
    """Whether `games` measuring games pick every race and every power often enough to tell
    its worth (`PICKS_EACH`): 400 games of 4 players, up to 400 races and 400 powers."""
    return max(len(catalog.races), len(catalog.powers)) * PICKS_EACH <= games * players * PICKS_PER_SEAT


def cache_path(board: Board, catalog: Catalog, home: Path | None = None) -> Path:
    return (home or data_dir()) / FOLDER / f"{worth.content_key(catalog)[:16]}-{worth.board_key(board)[:12]}.json"


def load_cached(board: Board, catalog: Catalog, home: Path | None = None) -> worth.WorthTable | None:
    """The cached table for this content and board, or None (none there, or moved aside)."""
    path = cache_path(board, catalog, home)
    if not path.is_file():
        return None
    try:
        tables = worth.read_tables(path.read_text(encoding="utf-8"))
        table = next(t for t in tables if (t.content, t.board) == (worth.content_key(catalog), worth.board_key(board)))
    except (OSError, UnicodeDecodeError, ValueError, StopIteration) as err:
        problem = "holds no table for this content" if isinstance(err, StopIteration) else str(err)
        try:
            kept = move_without_overwrite(path, path.parent, f"{path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}",
                                          path.suffix)
            print(f"{path}: the computer players' table of worth {problem}; kept as {kept.name}, "
                  f"measured again", file=sys.stderr)
        except OSError:
            print(f"{path}: the computer players' table of worth {problem}; measured again "
                  f"(it could not be moved aside)", file=sys.stderr)
        return None
    if table.policy != policy_key(board, catalog, table.players, table.seed):
        return None                        # measured while the bots played otherwise: measured again
    return table


def save_cached(table: worth.WorthTable, board: Board, catalog: Catalog, home: Path | None = None) -> Path | None:
    """Write the table to the cache (atomically); None when the folder cannot be written
    (the table still serves this session)."""
    path = cache_path(board, catalog, home)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(worth.tables_text([table]).encode("utf-8"), path)
    except OSError:
        return None
    return path


def covered(board: Board, catalog: Catalog, players: int) -> bool:
    """Whether the bots already have figures measured on this board for every race and power of
    the catalog (on another map they read the shipped map nearest in size, until measured)."""
    return worth.knows_board(board) and worth.for_game(board, catalog, players) is not None


def ready(board: Board, catalog: Catalog, players: int, games: int = GAMES, home: Path | None = None,
          progress: Callable[[int, int], None] | None = None) -> str:
    """Make sure the bots read figures learned from play for this content and board; measure
    them now if nothing covers it. Returns where they come from, in a few words."""
    if worth.find(board, catalog) is not None:
        return "a table already at hand (shipped, or installed earlier)"
    table = load_cached(board, catalog, home)
    if table is not None:
        worth.install(table)
        return f"the cache ({cache_path(board, catalog, home).name})"
    if covered(board, catalog, players):
        return "the shipped table (entries with the same blocks)"
    if not measurable(catalog, players):
        return (f"not measured: {len(catalog.races)} races and {len(catalog.powers)} powers are more than "
                f"{GAMES} games can tell apart, so the computer players value them from their blocks")
    table = measure(board, catalog, players, games, seed=1, progress=progress)
    worth.install(table)
    save_cached(table, board, catalog, home)
    return f"measured now ({table.games} games, {table.seconds:.1f} s of processor time)"


def _measure_to_cache(board: Board, catalog: Catalog, players: int, games: int, home: Path) -> None:
    """The other process's work: measure and write the cache (the parent reads it back)."""
    save_cached(measure(board, catalog, players, games, seed=1), board, catalog, home)


def prepare_in_background(board: Board, catalog: Catalog, players: int, games: int = GAMES,
                          home: Path | None = None,
                          on_failure: Callable[[str], None] | None = None) -> threading.Thread | None:
    """Like `ready`, but when a table must be measured it is done in another process (a daemon:
    leaving the game stops it), watched by a thread that installs the table when the process
    has cached it; the bots value combos from their blocks meanwhile. When the measuring fails
    (the process dies, or leaves no table), the bots go on valuing combos from their blocks, a
    line on stderr says so, and `on_failure` is told why (the window shows it). Returns the
    watching thread, or None when nothing had to be measured."""
    if worth.find(board, catalog) is not None:
        return None
    table = load_cached(board, catalog, home)
    if table is not None:
        worth.install(table)
        return None
    if covered(board, catalog, players) or not measurable(catalog, players):
        return None
    folder = home or data_dir()

    def work() -> None:
        import multiprocessing as mp
        import pickle

        # a fresh process: the engine compiled there as here, looked for before the board and
        # catalog bring it in (`game.native.call_in_child`)
        work = pickle.dumps((board, catalog, players, games, folder))
        proc = mp.get_context("spawn").Process(
            target=native.call_in_child, name="worth", daemon=True,
            args=("game.worth_cache", "_measure_to_cache", work, native.state()[0] == "compiled"))
        proc.start()
        proc.join()
        got = load_cached(board, catalog, folder)
        if got is not None:
            worth.install(got)
            return
        why = f"exit code {proc.exitcode}" if proc.exitcode else "no table was written"
        print(f"smallworld: the computer players could not measure this content's worth ({why}); "
              "they value its combos from their rules", file=sys.stderr)
        if on_failure is not None:
            on_failure(why)

    t = threading.Thread(target=work, name="worth", daemon=True)
    t.start()
    return t


__all__ = ["GAMES", "cache_path", "covered", "load_cached", "measurable", "prepare_in_background", "ready",
           "save_cached"]
