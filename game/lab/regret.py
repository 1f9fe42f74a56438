"""`python -m game.lab regret [--try directions=8 ...]` — how much Expert's choices lose against a
long look-ahead, measured on lab positions in minutes instead of a match of hours.

Positions: for each number g below `--positions`, a four-player game of Medium players (seeded
by `--seed` and g) is played until the turn of seat g mod 4 in round 1 + g mod (rounds - 1),
at its real decision (which combo to pick, or whether to decline and how to carry on) when
Expert has at least two plans there. The look-ahead: every plan any tried Expert would weigh
there is played on `--oracle` times to the end, each time in the same guess at the hidden
stacks and coins and with the same dice for every plan (common random numbers), as Expert's own
playouts are; a plan's worth is its mean coin margin over the best opponent. Each Expert
(the default one, and one per `--try`) then decides every position `--tries` times with
different seeds at its real budget (or `--iterations` look-ahead games), and loses, per
decision, the worth of the best plan minus the worth of the plan it chose. Reported per
Expert: the mean loss a decision with its 95% interval (positions are the unit: a position's
tries are averaged first), the look-ahead games it played (median), and for each `--try` the
paired difference from the default on the same positions (negative: it loses less). Medium's favourite plan's loss is
given for scale.

The long look-ahead plays Medium in every seat, as Expert's playouts do: the measure says how
well Expert finds what its own model of the game prefers, and how much a wider choice of plans
finds, not whether that model is right — a change of the model (of Medium, of the playouts)
needs the match (`python -m game.lab match`).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from ..bots.expert import MARGIN_CLIP, STYLES, ExpertBot, Plan
from ..bots.medium import MediumBot
from ..bots.view import public_view
from ..rules import Board, Catalog, GameState, actor, apply, legal_actions, new_game
from ..stats import mean_ci, median
from ..stopping import quiet_worker
from .runner import load_table

# the knobs of Expert a --try may set, and how each is read
KNOBS: dict[str, str] = {
    "directions": "a whole number, 0 or more: other first conquests weighed besides Medium's",
    "max_plans": "a whole number, 1 or more: combos weighed at a pick",
    "carry_styles": "styles joined by +, e.g. medium+bold (" + ", ".join(STYLES) + ")",
    "horizon": "a whole number, 1 or more: rounds a look-ahead game is played on before the leaf's estimate (default: to the end)",
    "lead": "a number, 0 or more: standard errors by which a plan must lead Medium's own move (0: any lead)",
}

_CFG: dict[str, Any] = {}


@dataclass
class Position:
    number: int
    state: GameState


def parse_try(text: str) -> dict[str, Any]:
    """`--try directions=8,max_plans=6` as Expert's options (ValueError: one sentence)."""
    out: dict[str, Any] = {}
    for part in text.split(","):
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in KNOBS:
            raise ValueError(f"--try {text!r}: give knob=value pairs joined by commas; the knobs are "
                             + "; ".join(f"{k} ({v})" for k, v in KNOBS.items()))
        if name == "carry_styles":
            styles = tuple(x.strip() for x in value.split("+") if x.strip())
            if not styles or any(x not in STYLES for x in styles):
                raise ValueError(f"--try {text!r}: carry_styles takes {KNOBS[name]}")
            out[name] = styles
            continue
        if name == "lead":
            try:
                z = float(value)
            except ValueError:
                z = -1.0
            if not (math.isfinite(z) and z >= 0):
                raise ValueError(f"--try {text!r}: lead takes {KNOBS[name]}")
            out[name] = z
            continue
        try:
            n = int(value)
        except ValueError:
            n = -1
        if n < (0 if name == "directions" else 1):
            raise ValueError(f"--try {text!r}: {name} takes {KNOBS[name]}")
        out[name] = n
    return out


def label(options: dict[str, Any]) -> str:
    if not options:
        return "Expert as shipped"
    return "Expert with " + ", ".join(
        f"{k}={'+'.join(v) if isinstance(v, tuple) else v}" for k, v in options.items())


def find_position(board: Board, catalog: Catalog, seed: int, number: int) -> Position | None:
    """Position `number` (see the module docstring), or None when that turn offers Expert no choice."""
    rng = random.Random(f"regret:{seed}:{number}")
    s = new_game(board, ["a", "b", "c", "d"], catalog, rng)
    bots = [MediumBot(i, seed * 1009 + number) for i in range(4)]
    rnd = 1 + number % max(1, board.turns - 1)
    seat = number % 4
    while not s.game_over:
        who = actor(s)
        if s.round == rnd and s.turn.seat == seat == who:
            if len(plans_of(s, {})) > 1:
                return Position(number, s)
            return None
        if s.round > rnd:
            return None
        s, _ = apply(s, bots[who].choose(s), rng)
    return None


def plans_of(s: GameState, options: dict[str, Any]) -> list[Plan]:
    """The plans an Expert with `options` weighs at `s` (its seat's real decision)."""
    seat = s.turn.seat
    ex = ExpertBot(seat, **options)
    view = public_view(s, seat)
    acts = legal_actions(view)
    if len(acts) < 2:
        return []
    return ex.distinct(view, ex.plans(view, seat, acts))


def worth(pos: Position) -> tuple[int, list[str], dict[str, float]]:
    """In a worker: every plan of every tried Expert at `pos`, played on `_CFG['oracle']` times
    with common random numbers; returns (position, plans in the order of the shipped Expert's
    prior, their mean coin margins)."""
    s = pos.state
    seat = s.turn.seat
    plans: dict[str, Plan] = {}
    for options in _CFG["variants"]:
        for p in plans_of(s, options):
            plans.setdefault(p.key, p)
    ex = ExpertBot(seat, seed=_CFG["seed"])
    view = public_view(s, seat)
    bots = [MediumBot(i, _CFG["seed"]) for i in range(len(s.players))]
    total = dict.fromkeys(plans, 0.0)
    for k in range(_CFG["oracle"]):
        for key, p in plans.items():
            total[key] += ex.iterate(view, p, {}, bots, f"regret:{_CFG['seed']}:{pos.number}:{k}")
    n = _CFG["oracle"]
    # `iterate` gives Expert's reward, the clipped margin scaled to 0..1: back to coins
    return pos.number, list(plans), {key: (v / n) * 2 * MARGIN_CLIP - MARGIN_CLIP for key, v in total.items()}


def decide(job: tuple[int, Position, int]) -> tuple[int, int, str, int]:
    """In a worker: variant `v` decides `pos` once (try `t`); returns (variant, position, the key of
    the chosen plan, look-ahead games played)."""
    v, pos, t = job
    s = pos.state
    options = _CFG["variants"][v]
    budget = {"iterations": _CFG["iterations"]} if _CFG["iterations"] else {}
    ex = ExpertBot(s.turn.seat, seed=_CFG["seed"] * 7919 + pos.number * 31 + t, **options, **budget)
    ex.choose(s)
    if ex.searched:
        return v, pos.number, ex.last_choice, ex.playouts
    plans = plans_of(s, options)
    return v, pos.number, plans[0].key if plans else "", 0


def _init(cfg: dict[str, Any]) -> None:
    quiet_worker()
    _CFG.update(cfg)
    load_table(cfg["content"], cfg["map"], 4)        # the table of worth, in this process too


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.lab regret", description=__doc__.split("\n\n")[1])
    ap.add_argument("--try", dest="tries_", action="append", default=[], metavar="KNOB=VALUE[,KNOB=VALUE]",
                    help="an Expert with other knobs, compared with the shipped one: " + "; ".join(
                        f"{k}: {v}" for k, v in KNOBS.items()))
    ap.add_argument("--positions", type=int, default=48, help="games to take a position from (default 48)")
    ap.add_argument("--oracle", type=int, default=300, help="look-ahead games per plan for its worth (default 300)")
    ap.add_argument("--tries", type=int, default=4, help="decisions per position and Expert (default 4)")
    ap.add_argument("--iterations", type=int, default=None,
                    help="Expert's look-ahead games per decision instead of its processor-time budget (reproducible)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    ap.add_argument("--content", action="append", default=[], metavar="FILE.yaml")
    ap.add_argument("--map", default=None, help="a 4-player map (default: the shipped one)")
    args = ap.parse_args(argv)
    for name in ("positions", "oracle", "tries"):
        if getattr(args, name) < 1:
            ap.error(f"--{name} must be at least 1")
    if args.iterations is not None and args.iterations < 1:
        ap.error("--iterations must be at least 1")
    try:
        variants: list[dict[str, Any]] = [{}] + [parse_try(t) for t in args.tries_]
        board, catalog, map_name = load_table(args.content, args.map, 4)
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    cfg = {"variants": variants, "oracle": args.oracle, "iterations": args.iterations, "seed": args.seed,
           "content": args.content, "map": args.map}
    jobs = args.jobs or os.cpu_count() or 1
    t0 = time.perf_counter()
    positions = [p for p in (find_position(board, catalog, args.seed, g) for g in range(args.positions)) if p]
    if not positions:
        print("error: no position offered Expert a choice; give more --positions", file=sys.stderr)
        return 2
    print(f"{len(positions)} positions from {args.positions} games of Medium players on {map_name}, seed "
          f"{args.seed}; {args.oracle} look-ahead games per plan; {jobs} process{'es' if jobs != 1 else ''}",
          file=sys.stderr)
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(jobs, initializer=_init, initargs=(cfg,)) as pool:
        values: dict[int, dict[str, float]] = {}
        first: dict[int, str] = {}
        for number, order, vals in pool.imap_unordered(worth, positions):
            values[number] = vals
            first[number] = order[0]
        print(f"  the plans' worth: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        jobs_list = [(v, p, t) for v in range(len(variants)) for p in positions for t in range(args.tries)]
        chosen = pool.map(decide, jobs_list, chunksize=1)
    loss: list[dict[int, list[float]]] = [{} for _ in variants]
    games: list[list[int]] = [[] for _ in variants]
    unknown = 0
    for v, number, key, n in chosen:
        vals = values[number]
        if key not in vals:                 # a plan no Expert listed when the worths were measured
            unknown += 1
            continue
        loss[v].setdefault(number, []).append(max(vals.values()) - vals[key])
        games[v].append(n)
    print(report(variants, loss, games, values, first, args))
    if unknown:
        print(f"  ({unknown} decisions chose a plan not measured and are left out)")
    print(f"{time.perf_counter() - t0:.0f} s in all on {jobs} process{'es' if jobs != 1 else ''}")
    return 0


def report(variants: list[dict[str, Any]], loss: list[dict[int, list[float]]], games: list[list[int]],
           values: dict[int, dict[str, float]], first: dict[int, str], args: argparse.Namespace) -> str:
    """The table: each Expert's mean loss a decision (positions as the unit), and the paired
    difference of each --try from the shipped Expert."""
    budget = (f"{args.iterations} look-ahead games a decision" if args.iterations
              else "its processor-time budget")
    med = [max(v.values()) - v[first[n]] for n, v in values.items()]
    m, lo, hi = mean_ci(med)
    lines = [f"coins lost a decision against {args.oracle} look-ahead games per plan, {len(values)} positions, "
             f"{args.tries} decisions each at {budget}:",
             f"  Medium's favourite plan: {m:.2f} (95% {lo:.2f} to {hi:.2f})"]
    per_pos = [{n: sum(x) / len(x) for n, x in lv.items()} for lv in loss]
    for v, options in enumerate(variants):
        m, lo, hi = mean_ci(list(per_pos[v].values()))
        line = (f"  {label(options)}: {m:.2f} (95% {lo:.2f} to {hi:.2f}); "
                f"median {median(games[v]):.0f} look-ahead games a decision")
        if v:
            d, dlo, dhi = mean_ci([per_pos[v][n] - per_pos[0][n] for n in per_pos[v]])
            line += f"; minus as shipped, position by position: {d:+.2f} (95% {dlo:+.2f} to {dhi:+.2f})"
        lines.append(line)
    return "\n".join(lines)
