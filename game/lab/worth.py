"""`python -m game.lab worth` — measure what the shipped races and powers are worth and write the
shipped table the computer players read (`assets/bots/worth.json`).

For the base set, and for the base set with every pack of `assets/content/expansions/`, on the
shipped map for each number of players (2 to 5), it plays self-play games (`game.bots.learn`)
and estimates each race's and power's coins per turn held, Active and In Decline, by round.
`--check` only says whether the shipped table is in step with the content and the maps (the
content's hash and the boards') and with the bots' play (each table keeps a fingerprint of its
first measuring game, played again to compare), and which tables are missing or stale. Same seed, same games:
same table.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from pathlib import Path

from ..bots import worth
from ..bots.learn import measure, play_measuring, policy_key
from ..content.catalog import default_catalog, load_catalog
from ..content.packs import PACKS_DIR
from ..content.tmx import map_for_players
from ..rules import Board, Catalog
from ..stopping import quiet_worker

PLAYERS = (2, 3, 4, 5)
GAMES_BASE = 1200
GAMES_PACKS = 2400


def shipped_content() -> list[tuple[str, Catalog]]:
    """The catalogs the shipped table covers: the base set, and the base set with every pack."""
    packs = sorted(PACKS_DIR.glob("*.yaml"))
    return [("base", default_catalog()), ("every pack", load_catalog(packs))]


def stale(tables: list[worth.WorthTable]) -> list[str]:
    """The shipped catalogs and maps the tables do not cover, or cover with figures measured
    while the bots played otherwise than now (empty: in step)."""
    have = {(t.content, t.board): t for t in tables}
    out = []
    for label, catalog in shipped_content():
        for n in PLAYERS:
            board = map_for_players(n).board
            t = have.get((worth.content_key(catalog), worth.board_key(board)))
            if t is None:
                out.append(f"{label}, {n} players")
            elif t.policy != policy_key(board, catalog, n, t.seed):
                out.append(f"{label}, {n} players (measured while the bots played otherwise)")
    return out


_POOL: dict[str, object] = {}


def _init(board: Board, catalog: Catalog, players: int, seed: int) -> None:
    quiet_worker()
    _POOL.update(board=board, catalog=catalog, players=players, seed=seed)


def _play(games: range) -> list:  # type: ignore[type-arg]
    return play_measuring(_POOL["board"], _POOL["catalog"], _POOL["players"], games, _POOL["seed"])  # type: ignore[arg-type]


def measure_on(board: Board, catalog: Catalog, players: int, games: int, seed: int, jobs: int) -> worth.WorthTable:
    """`learn.measure`, its games played on `jobs` processes (the same table whatever the number)."""
    if jobs <= 1:
        return measure(board, catalog, players, games, seed)
    t0 = time.perf_counter()
    step = 25
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(jobs, initializer=_init, initargs=(board, catalog, players, seed)) as pool:
        parts = pool.map(_play, [range(g, min(games, g + step)) for g in range(0, games, step)])
    played = [g for part in parts for g in part]
    table = measure(board, catalog, players, games, seed, played=played)
    table.seconds = round(time.perf_counter() - t0, 2)
    return table


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.lab worth", description=(
        "Measure what the shipped races and powers are worth to the computer players (self-play "
        "games) and write the shipped table, assets/bots/worth.json."))
    ap.add_argument("--games", type=int, default=0,
                    help=f"games per table (default {GAMES_BASE} for the base set, {GAMES_PACKS} with every pack)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--out", default=str(worth.SHIPPED), help="the file to write (default: the shipped table)")
    ap.add_argument("--check", action="store_true", help="only say whether the shipped table is in step")
    args = ap.parse_args(argv)
    if args.check:
        missing = stale(worth.shipped_tables())
        if missing:
            print(f"{worth.SHIPPED}: stale or missing for {'; '.join(missing)}: run `python -m game.lab worth`")
            return 1
        print(f"{worth.SHIPPED}: in step with the shipped content and maps")
        return 0
    tables = []
    for label, catalog in shipped_content():
        games = args.games or (GAMES_BASE if label == "base" else GAMES_PACKS)
        for n in PLAYERS:
            board = map_for_players(n).board
            t0 = time.perf_counter()
            table = measure_on(board, catalog, n, games, args.seed, args.jobs)
            tables.append(table)
            print(f"{label}, {n} players: {games} games, {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    out = Path(args.out)
    from ..match import write_atomic
    write_atomic(worth.tables_text(tables).encode("utf-8"), out)
    print(f"wrote {out}: {len(tables)} tables")
    return 0
