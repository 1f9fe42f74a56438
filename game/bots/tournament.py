"""`python -m game.bots.tournament --a hard --b medium --games 200 [--budget 1.0]` — how often
one level beats another, measured.

Each game has four seats, two for each level; the six ways of seating two and two are used in
turn, so each level plays each seat equally often. A game is won by a level when one of its
seats wins (a shared victory between levels counts half to each). Games run on all cores; the
table gives the win share of each level with its 95% interval, mean final coins, and wins by
seat. Hard's look-ahead is limited by `--budget` seconds per decision (or `--iterations`
look-ahead games per decision, which makes a run reproducible).
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from ..lab.stats import wilson
from . import LEVELS, make_bot
from .arena import play_game

ARRANGEMENTS = ("ABAB", "BABA", "AABB", "BBAA", "ABBA", "BAAB")

_CFG: dict[str, Any] = {}


@dataclass
class Outcome:
    game: int
    seats: str                  # e.g. "ABAB"
    winners: list[int]
    coins: list[int]
    seconds: float


def _init(cfg: dict[str, Any]) -> None:
    from ..content.catalog import default_catalog, load_catalog
    from ..content.tmx import load_map, map_for_players
    _CFG.update(cfg)
    _CFG["catalog"] = load_catalog(cfg["content"]) if cfg["content"] else default_catalog()
    _CFG["board"] = (load_map(cfg["map"]) if cfg["map"] else map_for_players(4)).board


def _bot(level: str, seat: int, seed: int) -> Any:
    if level == "hard":
        return make_bot(level, seat, seed, budget=_CFG["budget"], iterations=_CFG["iterations"])
    return make_bot(level, seat, seed)


def play(game: int) -> Outcome:
    seats = ARRANGEMENTS[game % len(ARRANGEMENTS)]
    levels = [_CFG["a"] if x == "A" else _CFG["b"] for x in seats]
    bots = [_bot(lv, i, _CFG["seed"] * 100_003 + game * 10 + i) for i, lv in enumerate(levels)]
    t0 = time.perf_counter()
    end = play_game(_CFG["board"], _CFG["catalog"], bots, f"tournament:{_CFG['seed']}:{game}")
    return Outcome(game, seats, list(end.winners), [p.coins for p in end.players], time.perf_counter() - t0)


def table(outcomes: list[Outcome], a: str, b: str) -> str:
    n = len(outcomes)
    share = {"A": 0.0, "B": 0.0}
    coins = {"A": [], "B": []}
    by_seat = {"A": [0.0] * 4, "B": [0.0] * 4}
    played = {"A": [0] * 4, "B": [0] * 4}
    for o in outcomes:
        for w in o.winners:
            share[o.seats[w]] += 1 / len(o.winners)
            by_seat[o.seats[w]][w] += 1 / len(o.winners)
        for i, x in enumerate(o.seats):
            coins[x].append(o.coins[i])
            played[x][i] += 1
    name = {"A": a, "B": b}
    lines = [f"{'level':<8} {'games won':>10} {'win share':>10} {'95% interval':>15} {'mean coins':>11}   "
             f"wins by seat 1/2/3/4 (of games seated there)"]
    for x in "AB":
        lo, hi = wilson(share[x], n)
        mc = sum(coins[x]) / len(coins[x]) if coins[x] else 0.0
        seats = " ".join(f"{by_seat[x][i]:.0f}/{played[x][i]}" for i in range(4))
        lines.append(f"{name[x]:<8} {share[x]:>10.1f} {100 * share[x] / n:>9.1f}% "
                     f"{100 * lo:>6.1f}%–{100 * hi:>5.1f}% {mc:>11.1f}   {seats}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.bots.tournament", description=__doc__.split("\n\n")[1])
    ap.add_argument("--a", choices=LEVELS, default="hard")
    ap.add_argument("--b", choices=LEVELS, default="medium")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budget", type=float, default=1.0, help="Hard: seconds per decision (at most 2)")
    ap.add_argument("--iterations", type=int, default=None,
                    help="Hard: look-ahead games per decision instead of a clock (reproducible)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    ap.add_argument("--content", action="append", default=[])
    ap.add_argument("--map", default=None, help="a 4-player map (default: the shipped one)")
    args = ap.parse_args(argv)
    cfg = {"a": args.a, "b": args.b, "budget": args.budget, "iterations": args.iterations, "seed": args.seed,
           "content": args.content, "map": args.map}
    jobs = args.jobs or os.cpu_count() or 1
    hard = "hard" in (args.a, args.b)
    setting = (f"Hard: {args.iterations} look-ahead games per decision" if args.iterations
               else f"Hard: budget {args.budget:g} s per decision") if hard else ""
    print(f"{args.games} games, 4 players ({args.a} x2 vs {args.b} x2, seats rotated), {jobs} processes"
          + (f"; {setting}" if setting else ""), file=sys.stderr)
    t0 = time.perf_counter()
    out: list[Outcome] = []
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(jobs, initializer=_init, initargs=(cfg,)) as pool:
        for o in pool.imap_unordered(play, range(args.games)):
            out.append(o)
            done = len(out)
            el = time.perf_counter() - t0
            if done % max(1, args.games // 20) == 0 or done == args.games:
                a_share = sum(1 / len(x.winners) for x in out for w in x.winners if x.seats[w] == "A")
                print(f"  {done}/{args.games} games, {args.a} {100 * a_share / done:.1f}%, "
                      f"{el:.0f} s elapsed", file=sys.stderr)
    out.sort(key=lambda o: o.game)
    el = time.perf_counter() - t0
    print(f"\n{args.a} vs {args.b}: {len(out)} four-player games, two seats each, seats rotated"
          + (f"; {setting}" if setting else ""))
    print(table(out, args.a, args.b))
    print(f"{el:.0f} s in all, {el / len(out):.2f} s per game on {jobs} processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
