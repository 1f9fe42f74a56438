"""`python -m game.lab match --a expert --b hard --games 200 [--budget 2] [--iterations N]` — how
often one level of computer player beats another, measured.

Each game has four seats, two for each level; the six ways of seating two and two are used in
turn, so each level plays each seat equally often. `--players 2`, `3` or `5` plays on the shipped
map for that many players: with an odd number one level holds one seat more, and each seating is
followed by its mirror (A and B swapped), so over a cycle (`arrangements`: 6 seatings at 3
players, 20 at 5) each level holds each seat equally often and an even match is 50%. A game is won by a level when one of its
seats wins (a shared victory between levels counts half to each). Games run on all cores (or
`--jobs`); the table gives each level's win share with its 95% Wilson interval, mean final
coins, A's coin lead a game (with its interval), wins by seat, and the seconds the searching levels spent per decision (median and
max over the decisions where they searched, on the clock and in processor time: on a busy
machine the two differ). The searching levels (Hard, Expert) think for
`--budget` processor seconds per decision (each level's own by default) and at least their floor
of look-ahead games (as in the window), or `--iterations` look-ahead games per decision, which makes a
run reproducible; either may give the two sides different amounts (`--iterations 32,24`: A's,
then B's), e.g. in the ratio of their default budgets.

A long match can be played in parts: `--first 40 --games 40 --save part.jsonl` plays games 40
to 79 with the same seeds as one long run and appends one line per game to the file;
`--table part1.jsonl part2.jsonl` prints the table of all the parts together. Each game saved
carries its match's seed, so runs with different seeds pool into one longer match (`--seed 1
--save a.jsonl`, `--seed 2 --save b.jsonl`, then `--table a.jsonl b.jsonl`); a game found twice
(the same seed and number) counts once, the last one read, and the table says so.

Two versions of a level are compared on the same games: `--table new.jsonl --against
old.jsonl` adds, over the games both files hold (same seed, so the same deal and seating), each
version's win share and the paired difference of the coins a game (A's two seats' mean minus
B's), game by game, with its 95% interval: coins count every game's result, not only who won.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import sys
import time
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from ..bots import LEVELS, SEARCHING, make_bot
from ..bots.arena import play_game
from ..content.bounded import FileRefused, read_text
from ..rules import GameState
from ..stats import mean_ci, median, wilson
from ..stopping import quiet_worker

ARRANGEMENTS = ("ABAB", "BABA", "AABB", "BBAA", "ABBA", "BAAB")
PLAYER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def arrangements(players: int) -> tuple[str, ...]:
    """The seatings a match goes through in turn: at 4 players `ARRANGEMENTS`; otherwise every
    way of giving A half the seats (rounded down), each followed by its mirror, so that over a
    cycle each level holds each seat equally often."""
    if players == 4:
        return ARRANGEMENTS
    out: list[str] = []
    for held in combinations(range(players), players // 2):
        one = "".join("A" if i in held else "B" for i in range(players))
        mirror = one.translate(str.maketrans("AB", "BA"))
        out += [one] if mirror in out or mirror == one else [one, mirror]
    return tuple(dict.fromkeys(out))

_CFG: dict[str, Any] = {}


@dataclass
class Outcome:
    game: int
    seats: str                  # e.g. "ABAB"
    winners: list[int]
    coins: list[int]
    seconds: float
    levels: dict[str, str] = field(default_factory=dict)     # "A" -> level, "B" -> level
    thinking: dict[str, list[float]] = field(default_factory=dict)   # level -> seconds per search
    cpu: dict[str, list[float]] = field(default_factory=dict)        # level -> processor seconds
    seed: int | None = None     # the match's --seed (None: saved before games carried it)


class _Timed:
    """Wraps a bot to time its decisions; keeps those where it searched (the bot says so with
    its `searched` flag), or all of them for a bot that never searches."""

    def __init__(self, bot: Any, log: list[float], cpu: list[float]) -> None:
        self.bot = bot
        self.level = bot.level
        self.seat = bot.seat
        self.log = log
        self.cpu = cpu

    def choose(self, s: GameState) -> Any:
        t0, c0 = time.perf_counter(), time.process_time()
        a = self.bot.choose(s)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        if getattr(self.bot, "searched", True):
            self.log.append(dt)
            self.cpu.append(dc)
        return a


def bot_options(level: str, budget: float | None, iterations: int | None) -> dict[str, Any]:
    """The options a level takes: thinking time or look-ahead games for the searching levels."""
    if level not in SEARCHING:
        return {}
    opts: dict[str, Any] = {"iterations": iterations}
    if budget is not None:
        opts["budget"] = budget
    return opts


def per_side(text: str | None, kind: type, what: str) -> tuple[Any, Any]:
    """`--budget`/`--iterations` as given: one amount for both sides, or "A,B" for each."""
    if text is None:
        return None, None
    parts = text.split(",")
    try:
        vals = [kind(x) for x in parts]
    except ValueError:
        vals = []
    if len(vals) not in (1, 2) or any(v <= 0 for v in vals):
        raise ValueError(f"--{what} {text}: give one positive number, or two separated by a comma "
                         f"(the first level's, then the second's), e.g. --{what} {'32,24' if kind is int else '2,1.5'}")
    return vals[0], vals[-1]


def _init(cfg: dict[str, Any]) -> None:
    quiet_worker()                   # Ctrl+C is the parent's to answer
    from .runner import load_table
    _CFG.update(cfg)
    _CFG["board"], _CFG["catalog"], _ = load_table(cfg["content"], cfg["map"], cfg.get("players", 4))


def play(game: int) -> Outcome:
    """Play game number `game` of the match (in a worker, after `_init`)."""
    cycle = arrangements(_CFG.get("players", 4))
    seats = cycle[game % len(cycle)]
    name = {"A": _CFG["a"], "B": _CFG["b"]}
    levels = [name[x] for x in seats]
    thinking: dict[str, list[float]] = {lv: [] for lv in set(levels)}
    cpu: dict[str, list[float]] = {lv: [] for lv in set(levels)}
    bots = [_Timed(make_bot(name[x], i, _CFG["seed"] * 100_003 + game * 10 + i,
                            **bot_options(name[x], _CFG["budget"][x], _CFG["iterations"][x])),
                   thinking[name[x]], cpu[name[x]])
            for i, x in enumerate(seats)]
    t0 = time.perf_counter()
    end = play_game(_CFG["board"], _CFG["catalog"], bots, f"tournament:{_CFG['seed']}:{game}")
    return Outcome(game, seats, list(end.winners), [p.coins for p in end.players], time.perf_counter() - t0,
                   name, thinking, cpu, _CFG["seed"])


def coin_lead(o: Outcome) -> float:
    """Side A's coins in a game minus side B's (the mean of each side's seats)."""
    mine = [c for c, x in zip(o.coins, o.seats, strict=True) if x == "A"]
    theirs = [c for c, x in zip(o.coins, o.seats, strict=True) if x == "B"]
    return sum(mine) / len(mine) - sum(theirs) / len(theirs)


def a_share(o: Outcome) -> float:
    """Side A's share of a game's win (a shared victory counts in part)."""
    return sum(1 / len(o.winners) for w in o.winners if o.seats[w] == "A")


def compared(new: list[Outcome], old: list[Outcome], a: str) -> str:
    """Two versions on the games both played: each one's share of the wins for side A and the
    paired difference of A's coin lead a game, new minus old, with its 95% interval."""
    before = {(q.seed, q.game): q for q in old}
    by_number: dict[int, list[Outcome]] = {}
    for q in old:
        by_number.setdefault(q.game, []).append(q)
    pairs = []
    taken: set[int] = set()        # a game saved without its seed pairs once, not with each seed's
    for o in new:
        twin = before.get((o.seed, o.game))
        if twin is None:    # a game saved before games carried their seed pairs by its number alone
            twin = next((q for q in by_number.get(o.game, ())
                         if (q.seed is None or o.seed is None) and id(q) not in taken), None)
        if twin is not None and id(twin) not in taken:
            taken.add(id(twin))
            pairs.append((o, twin))
    if not pairs:
        raise ValueError("the two sets of match files share no game; compare parts played with the same "
                         "--seed over the same game numbers")
    for o, p in pairs:
        if o.seats != p.seats:
            raise ValueError(f"game {o.game} was seated {o.seats} in one file and {p.seats} in the other; "
                             "compare matches played with the same --seed")
    n = len(pairs)
    here = sum(a_share(o) for o, _ in pairs) / n
    there = sum(a_share(p) for _, p in pairs) / n
    m, lo, hi = mean_ci([coin_lead(o) - coin_lead(p) for o, p in pairs])
    return (f"against the other files, on the {n} games both hold: {a} won {100 * here:.1f}% here, "
            f"{100 * there:.1f}% there; {a}'s coin lead a game here minus there {m:+.2f} "
            f"(95% {lo:+.2f} to {hi:+.2f})")


def table(outcomes: list[Outcome], a: str, b: str) -> str:
    """The match table: win share with its interval, mean coins and wins by seat for each level,
    and seconds per decision for the levels that search."""
    n = len(outcomes)
    width = max((len(o.seats) for o in outcomes), default=4)
    share = {"A": 0.0, "B": 0.0}
    coins: dict[str, list[int]] = {"A": [], "B": []}
    by_seat = {"A": [0.0] * width, "B": [0.0] * width}
    played = {"A": [0] * width, "B": [0] * width}
    think: dict[str, list[float]] = {"A": [], "B": []}
    cpu: dict[str, list[float]] = {"A": [], "B": []}
    for o in outcomes:
        for w in o.winners:
            share[o.seats[w]] += 1 / len(o.winners)
            by_seat[o.seats[w]][w] += 1 / len(o.winners)
        for i, x in enumerate(o.seats):
            coins[x].append(o.coins[i])
            played[x][i] += 1
        for x, lv in (("A", a), ("B", b)):
            think[x].extend(o.thinking.get(lv, []))
            cpu[x].extend(o.cpu.get(lv, []))
    name = {"A": a, "B": b}
    lines = [f"{'level':<8} {'games won':>10} {'win share':>10} {'95% interval':>15} {'mean coins':>11}   "
             f"wins by seat {'/'.join(str(i + 1) for i in range(width))} (of games seated there)"]
    for x in "AB":
        lo, hi = wilson(share[x], n)
        mc = sum(coins[x]) / len(coins[x]) if coins[x] else 0.0
        seats = " ".join(f"{by_seat[x][i]:.0f}/{played[x][i]}" for i in range(width))
        pct = 100 * share[x] / n if n else 0.0
        lines.append(f"{name[x]:<8} {share[x]:>10.1f} {pct:>9.1f}% "
                     f"{100 * lo:>6.1f}%–{100 * hi:>5.1f}% {mc:>11.1f}   {seats}")
    if n:
        m, lo, hi = mean_ci([coin_lead(o) for o in outcomes])
        each = "two seats each" if width == 4 else "the mean of each side's seats"
        lines.append(f"{a}'s coins a game minus {b}'s ({each}): {m:+.2f} (95% {lo:+.2f} to {hi:+.2f})")
    for x in "AB":
        if name[x] in SEARCHING and think[x]:
            line = (f"{name[x]}: {len(think[x])} searched decisions, seconds per decision "
                    f"median {median(think[x]):.2f}, max {max(think[x]):.2f}")
            if cpu[x]:
                line += f" (processor time: median {median(cpu[x]):.2f}, max {max(cpu[x]):.2f})"
            lines.append(line)
    return "\n".join(lines)


def sides(players: int, a: str, b: str) -> str:
    """How the seats are shared: "expert x2 vs hard x2", or "expert and hard x2 or x3 in turn"."""
    half = players // 2
    if players % 2 == 0:
        return f"{a} x{half} vs {b} x{half}"
    return f"{a} x{half} vs {b} x{half + 1} and the mirror in turn"


def games_of(outcomes: list[Outcome]) -> str:
    """"four-player games, two seats each", or "five-player games" (an odd table: seats 2 and 3)."""
    players = {len(o.seats) for o in outcomes}
    if players == {4}:
        return "four-player games, two seats each"
    return " or ".join(f"{PLAYER_WORDS.get(n, str(n))}-player" for n in sorted(players)) + " games"


def spans(outcomes: list[Outcome]) -> str:
    """Which games a table holds: "games 0–199", or per seed when runs with several seeds are
    pooled ("seed 2027: games 0–199; seed 2028: games 0–199")."""
    by: dict[int | None, list[int]] = {}
    for o in outcomes:
        by.setdefault(o.seed, []).append(o.game)

    def run(games: list[int]) -> str:
        lo, hi = min(games), max(games)
        return f"games {lo}–{hi}" + ("" if len(games) == hi - lo + 1 else f", {len(games)} of them")
    if len(by) == 1:
        return run(next(iter(by.values())))
    return "; ".join(f"seed {'unknown' if seed is None else seed}: {run(g)}"
                     for seed, g in sorted(by.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))


def _load_parts(paths: list[str]) -> tuple[list[Outcome], int]:
    """The games saved in `paths`, by seed and number, and how many were found more than once
    (the last one read is kept)."""
    out: dict[tuple[int | None, int], Outcome] = {}
    twice = 0
    for p in paths:
        try:
            text = read_text(p, "lab")        # a plain file of sensible size, never a pipe or a device
        except FileRefused as err:
            raise ValueError(str(err)) from None
        except OSError as err:
            raise ValueError(f"{p}: cannot read the match file ({err.strerror}); check the path") from None
        except UnicodeDecodeError:
            raise ValueError(f"{p}: not a match file (not UTF-8 text); give files written by --save") from None
        for k, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                o = Outcome(**json.loads(line))
                if len(o.coins) != len(o.seats) or set(o.seats) != {"A", "B"} or not (
                        o.seed is None or type(o.seed) is int):
                    raise ValueError(o.seats)
            except (ValueError, TypeError, RecursionError):
                raise ValueError(f"{p}:{k}: not a game of a match; give files written by --save") from None
            key = (o.seed, o.game)
            twice += key in out
            out[key] = o
    return [out[k] for k in sorted(out, key=lambda k: (k[0] is None, k[0] or 0, k[1]))], twice


def main(argv: list[str] | None = None) -> int:
    from .runner import SEARCHING_NAMED
    ap = argparse.ArgumentParser(prog="python -m game.lab match", description=__doc__.split("\n\n")[1])
    ap.add_argument("--a", choices=LEVELS, default="hard")
    ap.add_argument("--b", choices=LEVELS, default="medium")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4, choices=sorted(PLAYER_WORDS),
                    help="players a game, on the shipped map for that many (default 4: two seats each)")
    ap.add_argument("--first", type=int, default=0, help="number of the first game (to play a match in parts)")
    ap.add_argument("--budget", default=None, metavar="S[,S]",
                    help=f"{SEARCHING_NAMED}: processor seconds per decision, and at least the level's floor of "
                         "look-ahead games (default: each level's own); "
                         "two amounts: the first level's, then the second's")
    ap.add_argument("--iterations", default=None, metavar="N[,N]",
                    help=f"{SEARCHING_NAMED}: look-ahead games per decision instead of a clock (reproducible); "
                         "two amounts: the first level's, then the second's")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    ap.add_argument("--content", action="append", default=[], metavar="FILE.yaml")
    ap.add_argument("--map", default=None, help="a 4-player map (default: the shipped one)")
    ap.add_argument("--save", default=None, metavar="FILE.jsonl", help="append each game's outcome to this file")
    ap.add_argument("--table", nargs="+", default=None, metavar="FILE.jsonl",
                    help="print the table of games saved by earlier runs (no games are played)")
    ap.add_argument("--against", nargs="+", default=None, metavar="FILE.jsonl",
                    help="with --table: another version's games with the same seed, compared game by game")
    args = ap.parse_args(argv)
    if args.against and not args.table:
        print("error: --against compares with the games given to --table; give both", file=sys.stderr)
        return 2
    if args.table:
        try:
            out, twice = _load_parts(args.table)
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        if not out:
            print("error: the match files hold no games; play some with --save first", file=sys.stderr)
            return 2
        a, b = out[0].levels.get("A", "A"), out[0].levels.get("B", "B")
        print(f"{a} vs {b}: {len(out)} {games_of(out)}, seats rotated ({spans(out)})")
        if twice:
            print(f"note: {twice} game{'s were' if twice > 1 else ' was'} found more than once (the same seed "
                  "and number); each is counted once, as last read", file=sys.stderr)
        print(table(out, a, b))
        if args.against:
            try:
                print(compared(out, _load_parts(args.against)[0], a))
            except ValueError as err:
                print(f"error: {err}", file=sys.stderr)
                return 2
        return 0
    if args.games < 1:
        ap.error("--games must be at least 1")
    try:
        budget = per_side(args.budget, float, "budget")
        iterations = per_side(args.iterations, int, "iterations")
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    cfg = {"a": args.a, "b": args.b, "budget": {"A": budget[0], "B": budget[1]},
           "iterations": {"A": iterations[0], "B": iterations[1]},
           "seed": args.seed, "content": args.content, "map": args.map, "players": args.players}
    try:
        from .runner import load_table
        load_table(args.content, args.map, args.players)
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    jobs = args.jobs or os.cpu_count() or 1
    searching = [lv for lv in dict.fromkeys((args.a, args.b)) if lv in SEARCHING]
    setting = ""
    if searching:
        def how(x: str) -> str:
            n, s = cfg["iterations"][x], cfg["budget"][x]
            return (f"{n} look-ahead games per decision" if n
                    else f"{s:g} processor s per decision" if s is not None else "its own budget")
        setting = "; ".join(f"{cfg[x.lower()].capitalize()}: {how(x)}" for x in "AB" if cfg[x.lower()] in SEARCHING)
    games = range(args.first, args.first + args.games)
    print(f"{args.games} games, {args.players} players ({sides(args.players, args.a, args.b)}, seats rotated), "
          f"{jobs} processes"
          + (f"; {setting}" if setting else ""), file=sys.stderr)
    t0 = time.perf_counter()
    out = []
    save = Path(args.save) if args.save else None
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(jobs, initializer=_init, initargs=(cfg,)) as pool:
        for o in pool.imap_unordered(play, games):
            out.append(o)
            if save is not None:
                with save.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(asdict(o)) + "\n")
            done = len(out)
            el = time.perf_counter() - t0
            if done % max(1, args.games // 20) == 0 or done == args.games:
                a_share = sum(1 / len(x.winners) for x in out for w in x.winners if x.seats[w] == "A")
                print(f"  {done}/{args.games} games, {args.a} {100 * a_share / done:.1f}%, "
                      f"{el:.0f} s elapsed", file=sys.stderr)
    out.sort(key=lambda o: o.game)
    el = time.perf_counter() - t0
    print(f"\n{args.a} vs {args.b}: {len(out)} {games_of(out)}, seats rotated"
          + (f"; {setting}" if setting else ""))
    print(table(out, args.a, args.b))
    print(f"{el:.0f} s in all, {el / len(out):.2f} s per game on {jobs} processes")
    return 0
