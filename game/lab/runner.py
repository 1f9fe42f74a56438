"""Playing the lab's games on all cores, with a progress bar on stderr.

Each game is played by a worker process from a seed derived from the run's seed and the game's
number, so a run is the same whatever the number of cores and the order the games finish in.
A worker returns a `GameRecord`: plain data (picklable), with what the report needs — who won,
final coins, coins at the end of each round, every combo picked with the column position,
the coins paid and collected, and the coins it earned (its regions and bonuses, Active and In
Decline), and how each race and power was used (`use.py`: its move offered and taken, its
effects acting).
"""
from __future__ import annotations

import difflib
import multiprocessing as mp
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..bots import SEARCHING, make_bot, worth
from ..bots.arena import play_game
from ..rules import Board, Catalog, GameState, Record, ScoreEvent, outcome, typed_event
from ..stopping import quiet_worker
from .use import EntryUse, Watcher

#: the levels that look ahead, named for the command lines' help: "Hard and Expert"
SEARCHING_NAMED = " and ".join(filter(None, (", ".join(x.capitalize() for x in SEARCHING[:-1]),
                                             SEARCHING[-1].capitalize() if SEARCHING else "")))


@dataclass
class LabConfig:
    players: int = 4
    games: int = 1000
    seed: int = 1
    level: str = "medium"
    content: list[str] = field(default_factory=list)
    map_path: str | None = None
    jobs: int = 0                       # 0: all cores
    budget: float = 0.25                # the searching levels: processor seconds per decision...
    iterations: int | None = 48         # ... or a fixed number of look-ahead games (reproducible)
    seats: list[str] = field(default_factory=list)             # a level per seat (else `level`)
    forced: list[tuple[str, str]] = field(default_factory=list)   # combos on top of every column
    cluster: str | None = None          # a Dask scheduler's address: play the games there (`cluster.py`)
    worth: dict[str, Any] | None = None  # the bots' table of worth, sent along to a cluster's workers

    def levels(self) -> list[str]:
        """The computer player's level in each seat."""
        return list(self.seats) if self.seats else [self.level] * self.players

    def bots_label(self) -> str:
        """'medium bots', or 'easy, hard, medium, medium bots'; plus the forced combos."""
        label = f"{', '.join(self.levels()) if self.seats else self.level} bots"
        if self.forced:
            label += ", forced " + ", ".join(f"{r}+{p}" for r, p in self.forced)
        return label

    def load(self) -> tuple[Board, Catalog, str]:
        """The board, the catalog and the map's name (errors are sentences for the player)."""
        return load_table(self.content, self.map_path, self.players)


def load_table(content: list[str], map_path: str | None, players: int) -> tuple[Board, Catalog, str]:
    """The board, the catalog (base content plus `content` files) and the map's name; the
    shipped map for `players` when no map is given. Loader errors are one-line sentences."""
    from ..content.catalog import default_catalog, load_catalog
    from ..content.tmx import load_map, map_for_players
    catalog = load_catalog(content) if content else default_catalog()
    data = load_map(map_path) if map_path else map_for_players(players)
    learn_worth(data.board, catalog, players)
    return data.board, catalog, data.name


def learn_worth(board: Board, catalog: Catalog, players: int) -> None:
    """Make the bots value this content from play (`game.worth_cache.ready`): the shipped table,
    the cache, or measured now, which is said on stderr."""
    from ..worth_cache import ready
    got = ready(board, catalog, players)
    if got.startswith("measured"):
        print(f"The computer players learned what the races and powers are worth: {got}.", file=sys.stderr)
    elif got.startswith("not measured"):
        print(f"What the races and powers are worth is {got}.", file=sys.stderr)


@dataclass
class PickRecord:
    seat: int
    round: int
    race: str
    power: str
    position: int
    paid: int
    collected: int
    earned: int = 0           # coins this combo scored, Active then In Decline
    earned_decline: int = 0   # of which In Decline
    earned_power: int = 0     # of which by the power's own effects (its bonus coins)
    by_round: dict[int, int] = field(default_factory=dict)     # round -> coins it scored in that round


@dataclass
class GameRecord:
    game: int
    seed: str
    winners: list[int]
    coins: list[int]
    tokens: list[int]                      # race tokens on the board at the end (tie-break)
    round_coins: list[list[int]]           # [round][seat] coins at the end of each round
    picks: list[PickRecord]
    intents: int
    places: list[int]                      # [seat] its place by R13 (the engine's outcome), 1 the best
    uses: dict[str, EntryUse] = field(default_factory=dict)   # race or power -> its move offered, taken, acting


_WORKER: dict[str, Any] = {}


def _init_worker(cfg: LabConfig) -> None:
    """A pool's worker: Ctrl+C is the parent's to answer; then the table is read."""
    quiet_worker()
    _load_worker(cfg)


def _load_worker(cfg: LabConfig) -> None:
    board, catalog, _ = cfg.load()
    _WORKER.update(cfg=cfg, board=board, catalog=catalog)


def parse_combo(text: str, catalog: Catalog) -> tuple[str, str]:
    """'gnomes+flying' as (race, power); a ValueError with one sentence (and a 'did you mean')
    for anything else."""
    race, plus, power = text.partition("+")
    race, power = race.strip().lower(), power.strip().lower()
    if not plus or not race or not power:
        raise ValueError(f"--force {text!r}: write a combo as race+power, e.g. --force \"giants+flying\"")
    for what, name, known in (("race", race, catalog.races), ("power", power, catalog.powers)):
        if name not in known:
            close = difflib.get_close_matches(name, sorted(known), n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"known {what}s: {', '.join(sorted(known))}"
            raise ValueError(f"--force {text!r}: unknown {what} {name!r}; {hint}")
    return race, power


def check_forced(forced: list[tuple[str, str]]) -> None:
    """Each race and power forced once, at most six combos (the column's size)."""
    if len(forced) > 6:
        raise ValueError(f"--force given {len(forced)} times: the column holds at most 6 combos")
    for i, (race, power) in enumerate(forced):
        for r, p in forced[:i]:
            if race == r or power == p:
                twice = race if race == r else power
                raise ValueError(f"--force: {twice!r} is forced twice; force each race and power once")


def parse_seats(text: str, players: int, levels: tuple[str, ...]) -> list[str]:
    """'medium,hard,easy,medium' as a level per seat, one per player (ValueError otherwise)."""
    seats = [x.strip().lower() for x in text.split(",")]
    for lv in seats:
        if lv not in levels:
            close = difflib.get_close_matches(lv, levels, n=1)
            hint = f"did you mean {close[0]!r}?" if close else f"levels: {', '.join(levels)}"
            raise ValueError(f"--seats {text!r}: unknown level {lv!r}; {hint}")
    if len(seats) != players:
        raise ValueError(f"--seats {text!r}: {len(seats)} levels for {players} players; "
                         f"give one level per seat (or change --players)")
    return seats


def game_seed(run_seed: int, game: int) -> str:
    return f"lab:{run_seed}:{game}"


def play_one(game: int) -> GameRecord:
    """Play game number `game` of the run (in a worker, after `_init_worker`)."""
    return play_numbered(_WORKER["cfg"], _WORKER["board"], _WORKER["catalog"], game)


def play_games(cfg: LabConfig, board: Board, catalog: Catalog, games: list[int]) -> list[GameRecord]:
    """Play the games numbered `games` of the run (a cluster's task: everything it needs is passed in)."""
    if cfg.worth is not None and worth.find(board, catalog) is None:
        worth.install(worth.WorthTable.from_dict(cfg.worth))
    return [play_numbered(cfg, board, catalog, g) for g in games]


def play_numbered(cfg: LabConfig, board: Board, catalog: Catalog, game: int) -> GameRecord:
    """Game number `game` of the run: its seed, and so its record, depend on nothing else."""
    seed = game_seed(cfg.seed, game)
    n = cfg.players
    bots = []
    for i, level in enumerate(cfg.levels()):
        opts: dict[str, Any] = {}
        if level in SEARCHING:
            opts = {"budget": cfg.budget, "iterations": cfg.iterations}
        bots.append(make_bot(level, i, seed=hash_seed(seed, i), **opts))
    tracker = _Tracker(n, catalog)
    end = play_game(board, catalog, bots, seed, on_step=tracker.step, forced=cfg.forced)
    tracker.close(end)
    res = outcome(end)
    return GameRecord(game, seed, list(res.winners), [p.coins for p in end.players],
                      [res.of(i).tokens for i in range(n)], tracker.round_coins, tracker.picks, tracker.intents,
                      [res.of(i).place for i in range(n)], tracker.watcher.uses)


def hash_seed(seed: str, seat: int) -> int:
    """A bot's seed from the game's seed, stable across processes (no `hash()`)."""
    h = 0
    for ch in f"{seed}/{seat}":
        h = (h * 131 + ord(ch)) % 2_147_483_647
    return h


class _Tracker:
    """Follows a game's records: picks, the coins each combo scores, coins round by round, and
    how each race and power was used (`use.Watcher`)."""

    def __init__(self, n: int, catalog: Catalog) -> None:
        self.n = n
        self.watcher = Watcher(catalog)
        self.picks: list[PickRecord] = []
        self.round_coins: list[list[int]] = []
        self.current: dict[tuple[int, str], PickRecord] = {}     # (seat, race) -> its pick
        self.intents = 0

    def step(self, before: GameState, after: GameState, rec: Record) -> None:
        self.intents += 1
        self.watcher.step(before, after, rec)
        for ev in rec.events:
            e = typed_event(ev)
            if e["type"] == "pick":
                p = PickRecord(e["seat"], before.round, e["race"], e["power"], e["index"], e["paid"], e["collected"])
                self.picks.append(p)
                self.current[(e["seat"], e["race"])] = p
            elif e["type"] == "score":
                self._attribute(before, after, e)
        if after.round != before.round or after.game_over:
            self.round_coins.append([p.coins for p in after.players])

    def _attribute(self, before: GameState, after: GameState, e: ScoreEvent) -> None:
        """Each part of a score goes to the pick of the race it came from (the engine says whose
        it is), as Active or In Decline coins, and as the power's when the power's effect scored it."""
        seat = e["seat"]
        for (_, coins), (race, source, in_decline) in zip(e["parts"], e["whose"], strict=True):
            pick = self.current.get((seat, race))
            if pick is not None:
                pick.earned += int(coins)
                pick.by_round[before.round] = pick.by_round.get(before.round, 0) + int(coins)
                pick.earned_decline += int(coins) if in_decline else 0
                pick.earned_power += int(coins) if source == "power" else 0

    def close(self, end: GameState) -> None:
        while len(self.round_coins) < end.board.turns:
            self.round_coins.append([p.coins for p in end.players])


def run(cfg: LabConfig, progress: Callable[[int, int, float], None] | None = None) -> tuple[list[GameRecord], float]:
    """Play `cfg.games` games on this machine's cores; returns the records in game order and the
    seconds taken. (`cfg.cluster` is read a floor up: `python -m game.lab` sends such a run to
    `cluster.run_on_cluster`, which plays its batches with `play_games` here.)"""
    jobs = cfg.jobs or os.cpu_count() or 1
    t0 = time.perf_counter()
    out: list[GameRecord] = []
    games = range(cfg.games)
    if jobs == 1:
        _load_worker(cfg)
        it: Iterator[GameRecord] = map(play_one, games)
        for rec in it:
            out.append(rec)
            if progress:
                progress(len(out), cfg.games, time.perf_counter() - t0)
    else:
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(jobs, initializer=_init_worker, initargs=(cfg,)) as pool:
            chunk = max(1, min(8, cfg.games // (jobs * 8) or 1))
            for rec in pool.imap_unordered(play_one, games, chunksize=chunk):
                out.append(rec)
                if progress:
                    progress(len(out), cfg.games, time.perf_counter() - t0)
    out.sort(key=lambda r: r.game)
    return out, time.perf_counter() - t0


class ProgressBar:
    """`[#######.......]  420/1000 games   8.3 games/s   ETA 1m10s` on stderr, redrawn in place
    (a new line every 10% when stderr is not a terminal)."""

    def __init__(self, stream: Any = None, width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.width = width
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.last_tenth = -1

    def __call__(self, done: int, total: int, elapsed: float) -> None:
        frac = done / max(1, total)
        fill = int(frac * self.width)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        line = (f"[{'#' * fill}{'.' * (self.width - fill)}] {done:>{len(str(total))}}/{total} games  "
                f"{rate:5.1f} games/s  ETA {int(eta) // 60}m{int(eta) % 60:02d}s")
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done == total else ""))
            self.stream.flush()
        else:
            tenth = int(frac * 10)
            if tenth != self.last_tenth or done == total:
                self.last_tenth = tenth
                self.stream.write(line + "\n")
                self.stream.flush()

