"""`python -m game.bench` — engine speed figures, printed, never asserted.

Plays uniformly random 5-player games (on the 5-player map when it loads, otherwise a
48-region inline grid) and prints the median time of a whole game, the time per intent, and how
it splits between `legal_actions` and `apply`, with games per second on one core. Targets: a
random 5-player game ≤ 5 ms median and ≤ 20 µs per intent. `--compare REV` plays the same seeds
on this tree and on git revision REV (extracted with `git archive` to a temporary folder, so
interpreted) or on the checkout in folder REV (with its own build, if it has one), one
game on each in turn so that both see the same machine, and prints the ratio: the speed of a
shared machine drifts by a third between runs, so only ratios within one run count. `--ui`
runs the window benchmark instead (`game.ui.bench`). `--content FILE.yaml` adds custom races and
powers to the mix, `--packs` every expansion pack the game ships (with `--compare` too: each tree
loads the same files, named relative to it); with added content the same seeds are also played
with the base set alone, a game of each in turn, and the ratio per intent is printed (target: the
added content costs at most 1.15x the base set's time per intent). `--bots` adds the computer
players' figures: 4-player balance-lab games with Medium in every seat (the lab's own
`play_numbered`), per processor second, and Expert's look-ahead games per processor second on a
round-1 pick (a fixed number of them, so that both trees do the same work); with `--compare` the
two trees take turns there too. Without `--compare` it also prints how many look-ahead games Hard
and Expert play on a round-1 pick at their default budgets of processor time (a pick for every 30 games). `--big-content` times reading, starting and a lab game with a
made file of 10,000 races and powers against the base set, each in fresh processes
(`game.content_bench`). `--fingerprint` prints instead the fingerprint of `--games` random
games (`game.fingerprint`): the same on two trees means the same games (with `--regions-times N`,
games on N copies of the map, `--ways-in` as below). `--cpu` times each
whole game in processor time instead of on the clock (no split between `legal_actions` and
`apply`): on a shared machine, the figure the others' work moves least. `--regions-times N` plays
the same seeds on the 5-player map and on a board of N copies of it joined at their edges
(`game.big_board`), a game on each in turn, in processor time, and prints the ratio per intent
(target: 8 copies cost at most 1.3x the map's time per intent) and each board's share of the time
in `legal_actions` (from a second game of each seed timed on the clock, split).
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

from . import native, resources

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from .big_board import WAYS_IN, copies_board
from .bots import REGISTRY
from .bots.expert import ExpertBot
from .content.catalog import ContentError, default_catalog, load_catalog
from .content.packs import resolve_content, shipped_packs
from .fingerprint import bot_seats, bots_fingerprint, fingerprint
from .lab.runner import LabConfig, load_table, play_numbered
from .rules import Board, Catalog, Conquer, legal_actions, new_game, play
from .stopping import run_stoppable

NAMES = ["ann", "bob", "cid", "dee", "eve"]
GAME_TARGET_MS = 5.0
ACTION_TARGET_US = 20.0
CONTENT_RATIO_TARGET = 1.15     # per intent, with every pack loaded, over the base set alone
EXPERT_PLAYOUTS = 24            # Expert's look-ahead games on each timed round-1 pick
REGIONS_RATIO_TARGET = 1.3      # per intent, on 8 copies of the map joined, over the map itself


def five_player_board() -> tuple[Board, str]:
    path = resources.MAPS / "five_players.tmx"
    try:
        from .content.tmx import load_map
        return load_map(path).board, resources.relative(path)
    except Exception:  # the bench still runs without maps
        regs = []
        for y in range(6):
            for x in range(8):
                i = y * 8 + x
                adj = ([f"g{i + 1}"] if x < 7 else []) + ([f"g{i + 8}"] if y < 5 else [])
                regs.append({"id": f"g{i}", "terrain": ["farmland", "forest", "hill", "mountain", "swamp"][i % 5],
                             "border": x in (0, 7) or y in (0, 5), "lost_tribe": i % 3 == 0 and i % 5 != 3,
                             "adjacent": adj})
        return Board.from_dicts("grid", 8, regs), "inline 48-region grid"


def timed_game(board: Board, catalog: Any, seed: int, cpu: bool = False, players: int = 5,
               count: bool = False) -> dict[str, float]:
    """One random game of `players` (the same intents as `random_playout` with this seed), timed:
    the whole game, and the time inside `legal_actions` and inside `apply`; with `cpu`, the whole
    game alone, in processor time (a shared machine's other work left out). With `count` (not
    with `cpu`), also how many intents the positions listed in all, and how many conquests.
    Each state is left behind as the next is played (`play`, as the numba engine's raw loop
    plays on one board)."""
    clock = time.perf_counter
    rng = random.Random(seed)
    names = NAMES[:players]
    if cpu:
        t0 = time.process_time()
        s = new_game(board, names, catalog, rng)
        steps = 0
        while not s.game_over:
            acts = legal_actions(s)
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
            steps += 1
        return {"game": time.process_time() - t0, "legal": 0.0, "apply": 0.0, "steps": steps}
    t0 = clock()
    s = new_game(board, names, catalog, rng)
    t_legal = t_apply = 0.0
    steps = listed = conquests = 0
    while not s.game_over:
        a0 = clock()
        acts = legal_actions(s)
        a1 = clock()
        s, _ = play(s, acts[rng.randrange(len(acts))], rng)
        a2 = clock()
        t_legal += a1 - a0
        t_apply += a2 - a1
        steps += 1
        if count:
            listed += len(acts)
            conquests += sum(1 for a in acts if type(a) is Conquer)
    return {"game": clock() - t0, "legal": t_legal, "apply": t_apply, "steps": steps,
            "listed": listed, "conquests": conquests}


# The code a tree runs to time its own engine (`--compare`): it uses only what every revision
# of the engine offers (`new_game`, `legal_actions`, `apply`, the default catalog, the map), so
# it runs as well on an old checkout, whose own bench may not know this protocol; `play` where the
# tree has it, as `timed_game` does. A tree's own build is looked for first (`game.native`); a
# revision taken from git has none.
ENABLE = '''
try:
    from game import native
except ImportError:                 # a revision from before the compiled engine
    native = None
if native is not None:
    native.enable()
'''
WORKER = r'''
import json, os, random, sys, time
sys.path.insert(0, ".")
CPU = bool(os.environ.get("SMALLWORLD_BENCH_CPU"))
''' + ENABLE + r'''
from game.content.catalog import default_catalog, load_catalog
from game.rules import apply, legal_actions, new_game
try:                              # each state left behind, played in place where the engine can
    from game.rules import play as apply
except ImportError:               # a revision from before `play`
    pass
from game.bench import five_player_board
board, _ = five_player_board()
catalog = load_catalog(sys.argv[1:]) if sys.argv[1:] else default_catalog()
clock = time.perf_counter
print("ready", native.state()[0] if hasattr(native, "state") else "interpreted", flush=True)
for line in sys.stdin:
    seed = int(line)
    rng = random.Random(seed)
    if CPU:                       # the whole game in processor time, not split
        t0 = time.process_time()
        s = new_game(board, ["ann", "bob", "cid", "dee", "eve"], catalog, rng)
        steps = 0
        while not s.game_over:
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
            steps += 1
        print(json.dumps({"game": time.process_time() - t0, "legal": 0.0, "apply": 0.0, "steps": steps}), flush=True)
        continue
    t0 = clock()
    s = new_game(board, ["ann", "bob", "cid", "dee", "eve"], catalog, rng)
    tl = ta = 0.0
    steps = 0
    while not s.game_over:
        a0 = clock()
        acts = legal_actions(s)
        a1 = clock()
        s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
        a2 = clock()
        tl += a1 - a0
        ta += a2 - a1
        steps += 1
    print(json.dumps({"game": clock() - t0, "legal": tl, "apply": ta, "steps": steps}), flush=True)
'''


def medium_game(cfg: LabConfig, board: Board, catalog: Catalog, game: int) -> dict[str, float]:
    """Game number `game` of a balance-lab run with Medium in every seat, in processor seconds."""
    t0 = time.process_time()
    play_numbered(cfg, board, catalog, game)
    return {"seconds": time.process_time() - t0, "games": 1}


def expert_pick(board: Board, catalog: Catalog, seed: int) -> dict[str, float]:
    """Expert's first decision of a 4-player game dealt from `seed` (a round-1 pick): the look-ahead
    games it played and the processor seconds it took."""
    s = new_game(board, NAMES[:4], catalog, random.Random(seed))
    bot = ExpertBot(0, seed=seed, iterations=EXPERT_PLAYOUTS)
    t0 = time.thread_time()
    bot.choose(s)
    return {"seconds": time.thread_time() - t0, "games": bot.playouts}


def searching_pick(level: str, board: Board, catalog: Catalog, seed: int) -> dict[str, float]:
    """A round-1 pick of a 4-player game dealt from `seed` by `level` (hard or expert) as the window
    makes it (`REGISTRY`: its default budget of processor time, its floor and cap): the look-ahead
    games it played and the processor seconds it took."""
    s = new_game(board, NAMES[:4], catalog, random.Random(seed))
    bot = REGISTRY[level].make(0, seed)
    t0 = time.thread_time()
    bot.choose(s)
    games = getattr(bot, "playouts", None) if level == "expert" else getattr(bot, "rollouts", None)
    return {"seconds": time.thread_time() - t0, "games": float(games or 0)}


def budget_line(hard: list[dict[str, float]], expert: list[dict[str, float]]) -> str:
    """Hard's and Expert's look-ahead games a decision at their default budgets (medians)."""
    h, e = REGISTRY["hard"], REGISTRY["expert"]
    return (f"Hard and Expert at their default budgets on a round-1 pick, 4 players: median "
            f"{statistics.median(r['games'] for r in hard):.0f} and {statistics.median(r['games'] for r in expert):.0f} "
            f"look-ahead games a decision ({len(hard)} pick{'s' if len(hard) != 1 else ''} each; {h.budget:g} s and {e.budget:g} s of processor "
            f"time, at least {h.floor} and {e.floor})")


# The code a tree runs to time its computer players (`--compare --bots`): the two functions above,
# given their source, on the lab's and Expert's names that every revision since the balance lab offers.
BOT_WORKER = "\n".join([
    "from __future__ import annotations",
    "import json, random, sys, time",
    "sys.path.insert(0, '.')",
    ENABLE,
    "from game.bots.expert import ExpertBot",
    "from game.lab.runner import LabConfig, load_table, play_numbered",
    "from game.rules import new_game",
    f"NAMES, EXPERT_PLAYOUTS = {NAMES!r}, {EXPERT_PLAYOUTS}",
    inspect.getsource(medium_game),
    inspect.getsource(expert_pick),
    "cfg = LabConfig(players=4, level='medium', content=sys.argv[1:])",
    "board, catalog, _ = load_table(sys.argv[1:], None, 4)",
    "print('ready', flush=True)",
    "for line in sys.stdin:",
    "    kind, n = line.split()",
    "    got = medium_game(cfg, board, catalog, int(n)) if kind == 'medium' else expert_pick(board, catalog, int(n))",
    "    print(json.dumps(got), flush=True)",
])


class Worker:
    """A Python process timing games on one tree of the project, a game per request."""

    def __init__(self, tree: Path, content: list[str] | None = None, script: str = WORKER, cpu: bool = False) -> None:
        env = dict(os.environ, SMALLWORLD_BENCH_CPU="1" if cpu else "")
        self.proc = subprocess.Popen([sys.executable, "-c", script, *(content or [])], cwd=tree, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        first = self.proc.stdout.readline().split()
        if not first or first[0] != "ready":
            raise RuntimeError(f"the engine in {tree} did not start")
        #: "compiled" or "interpreted" (`game.native`), as the worker said
        self.engine = first[1] if len(first) > 1 else "interpreted"

    def game(self, seed: int | str) -> dict[str, float]:
        """The figures of one request: a seed (a random game), or 'medium N' / 'expert N' (`BOT_WORKER`)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{seed}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the engine stopped in the middle of a game")
        return dict(json.loads(line))

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def export_revision(rev: str, into: Path, repo: Path) -> None:
    """The files of git revision `rev` of the repository `repo`, written under `into`."""
    try:
        data = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", rev],
                              capture_output=True, check=False)
    except OSError as err:
        raise ValueError(f"git could not run: {err}") from None
    if data.returncode != 0:
        said = data.stderr.decode(errors="replace").strip().splitlines()
        raise ValueError(said[-1] if said else f"git archive stopped with code {data.returncode}")
    with tarfile.open(fileobj=BytesIO(data.stdout)) as tar:
        try:
            tar.extractall(into, filter="data")
        except TypeError:                      # a Python 3.11 older than 3.11.4: no filter
            tar.extractall(into)


def summary(runs: list[dict[str, float]]) -> dict[str, float]:
    """Medians over games: ms per game, µs per intent, µs per legal_actions and apply call."""
    return {
        "game_ms": statistics.median(r["game"] for r in runs) * 1e3,
        "action_us": statistics.median(r["game"] / r["steps"] for r in runs) * 1e6,
        "legal_us": statistics.median(r["legal"] / r["steps"] for r in runs) * 1e6,
        "apply_us": statistics.median(r["apply"] / r["steps"] for r in runs) * 1e6,
        "steps": statistics.median(r["steps"] for r in runs),
        "games_per_s": len(runs) / sum(r["game"] for r in runs),
    }


def _verdict(value: float, target: float) -> str:
    return "met" if value <= target else f"MISSED by {value / target:.2f}x"


def report(label: str, m: dict[str, float]) -> None:
    print(f"{label}full random 5-player game: median {m['game_ms']:.2f} ms "
          f"({m['steps']:.0f} intents)  target ≤ {GAME_TARGET_MS:g} ms: {_verdict(m['game_ms'], GAME_TARGET_MS)}")
    print(f"{label}per intent: median {m['action_us']:.1f} µs  target ≤ {ACTION_TARGET_US:g} µs: "
          f"{_verdict(m['action_us'], ACTION_TARGET_US)}")
    share = m["legal_us"] / max(1e-12, m["legal_us"] + m["apply_us"])
    if m["legal_us"] + m["apply_us"] > 0:          # not split with --cpu
        print(f"{label}  legal_actions {m['legal_us']:.1f} µs + apply {m['apply_us']:.1f} µs per intent "
              f"({share:.0%} in legal_actions)")
    print(f"{label}games per second on one core: {m['games_per_s']:.1f}")


def content_ratio_line(with_content: dict[str, float], base: dict[str, float]) -> str:
    """What the added content costs per intent: its median over the base set's, the same seeds
    played in turn on each."""
    ratio = with_content["action_us"] / base["action_us"]
    return (f"per intent with this content / the base set alone (same seeds, in turn): {ratio:.2f}x "
            f"({with_content['action_us']:.1f} / {base['action_us']:.1f} µs)  target ≤ {CONTENT_RATIO_TARGET:g}x: "
            f"{_verdict(ratio, CONTENT_RATIO_TARGET)}")


def bot_summary(medium: list[dict[str, float]], expert: list[dict[str, float]]) -> dict[str, float]:
    """Medium's lab games per processor second (all games' time together) and ms a game (median);
    Expert's look-ahead games per processor second (median over the picks timed)."""
    return {
        "medium_per_s": len(medium) / sum(r["seconds"] for r in medium),
        "medium_ms": statistics.median(r["seconds"] for r in medium) * 1e3,
        "expert_per_s": statistics.median(r["games"] / r["seconds"] for r in expert),
    }


def bot_report(label: str, m: dict[str, float]) -> None:
    print(f"{label}Medium in every seat, 4-player lab games: {m['medium_per_s']:.1f} a processor second "
          f"(median {m['medium_ms']:.1f} ms a game)")
    print(f"{label}Expert's look-ahead on a round-1 pick, 4 players: median {m['expert_per_s']:.1f} games "
          f"a processor second ({EXPERT_PLAYOUTS} a pick)")


def bot_requests(games: int) -> list[str]:
    """What `--bots` times for `--games N`: N Medium lab games, then Expert on N/10 round-1 picks (3 at least)."""
    return [f"medium {g}" for g in range(games)] + [f"expert {k}" for k in range(max(3, games // 10))]


def _split(runs: list[tuple[str, dict[str, float]]]) -> dict[str, float]:
    return bot_summary([r for k, r in runs if k.startswith("medium")], [r for k, r in runs if k.startswith("expert")])


def _content_line(content: list[str]) -> str:
    return f"the base races and powers and {len(content)} content files" if content else "the base races and powers"


def engine_line() -> str:
    """Which engine this process runs (`game.native`), and why or from where."""
    kind, why = native.state()
    return f"the {kind} engine ({why})"


def compare(rev: str, games: int, content: list[str] | None = None, bots: bool = False, cpu: bool = False) -> int:
    if resources.CHECKOUT is None:
        print(resources.needs_checkout(f"--compare {rev}"))
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        other = Path(tmp)
        if Path(rev).is_dir():                 # another checkout, with its own build if it has one
            other = Path(rev).resolve()
        else:
            try:
                export_revision(rev, other, resources.CHECKOUT)
            except ValueError as err:
                print(f"--compare {rev}: git cannot give that revision ({err}); name a commit, tag or branch")
                return 2
        here, there = Worker(resources.CHECKOUT, content, cpu=cpu), Worker(other, content, cpu=cpu)
        engines = (here.engine, there.engine)
        try:
            mine: list[dict[str, float]] = []
            theirs: list[dict[str, float]] = []
            for seed in range(games):         # one game on each tree in turn, first one then the other
                pair = (here, there) if seed % 2 == 0 else (there, here)
                for w in pair:
                    (mine if w is here else theirs).append(w.game(seed))
        finally:
            here.close()
            there.close()
        if bots:
            here, there = (Worker(resources.CHECKOUT, content, BOT_WORKER), Worker(other, content, BOT_WORKER))
            try:
                bots_mine: list[tuple[str, dict[str, float]]] = []
                bots_theirs: list[tuple[str, dict[str, float]]] = []
                for i, req in enumerate(bot_requests(games)):
                    for w in ((here, there) if i % 2 == 0 else (there, here)):
                        (bots_mine if w is here else bots_theirs).append((req, w.game(req)))
            finally:
                here.close()
                there.close()
    a, b = summary(mine), summary(theirs)
    print(f"{games} games on each tree, interleaved (same seeds; the trees may play different "
          f"games if their rules differ); {_content_line(content or [])}")
    print(f"this tree: {engine_line()}; {rev}: {engines[1]}"
          + (" (a revision taken from git carries no build)" if not Path(rev).is_dir() else "")
          + ("; processor time" if cpu else ""))
    report("this tree: ", a)
    report(f"{rev}: ", b)
    split = "" if cpu else (f", legal_actions {b['legal_us'] / a['legal_us']:.2f}x, "
                            f"apply {b['apply_us'] / a['apply_us']:.2f}x")
    print(f"ratio {rev} / this tree: game {b['game_ms'] / a['game_ms']:.2f}x, "
          f"per intent {b['action_us'] / a['action_us']:.2f}x{split} (above 1: this tree is faster)")
    if bots:
        ba, bb = _split(bots_mine), _split(bots_theirs)
        bot_report("this tree: ", ba)
        bot_report(f"{rev}: ", bb)
        print(f"ratio this tree / {rev}: Medium lab games {ba['medium_per_s'] / bb['medium_per_s']:.2f}x, "
              f"Expert's look-ahead games {ba['expert_per_s'] / bb['expert_per_s']:.2f}x (above 1: this tree is faster)")
    return 0


#: the copies' edge, as `--regions-times` prints it
EDGES = {"every": "every copy's edge a way in", "first": "the first copy's edge the only way in"}


def regions_times(n: int, games: int, ways_in: str = "every") -> int:
    """`--regions-times N`: the same seeds on the 5-player map and on N copies of it joined
    (`copies_board`), a game on each in turn (which first alternates), in processor time; then
    each seed again on each board on the clock, split, for the share in `legal_actions`."""
    if n < 1:
        print(f"--regions-times {n}: give 1 or more copies")
        return 2
    board, where = five_player_board()
    big = copies_board(board, n, ways_in)
    catalog = default_catalog()
    boards = (board, big)
    runs: tuple[list[dict[str, float]], ...] = ([], [])
    split: tuple[list[dict[str, float]], ...] = ([], [])
    for seed in range(games):
        order = (0, 1) if seed % 2 == 0 else (1, 0)
        for i in order:
            runs[i].append(timed_game(boards[i], catalog, seed, cpu=True))
        for i in order:
            split[i].append(timed_game(boards[i], catalog, seed, count=True))
    one, many = summary(runs[0]), summary(runs[1])
    print(f"{games} random 5-player games on each board, a game on each in turn (same seeds), base races and "
          f"powers; {engine_line()}; processor time")
    for i, label in enumerate(("the map", f"{n} copies")):
        b, m, sp = boards[i], summary(runs[i]), summary(split[i])
        share = sp["legal_us"] / max(1e-12, sp["legal_us"] + sp["apply_us"])
        steps = sum(r["steps"] for r in split[i])
        print(f"{label}: {len(b.regions)} regions ({where}{f' ×{n}, edges joined, {EDGES[ways_in]}' if i else ''}), "
              f"{b.turns} rounds: median {m['game_ms']:.2f} ms a game, {m['steps']:.0f} intents, "
              f"{m['action_us']:.1f} µs per intent; {share:.0%} in legal_actions (on the clock); "
              f"a position lists {sum(r['listed'] for r in split[i]) / steps:.1f} intents, "
              f"{sum(r['conquests'] for r in split[i]) / steps:.1f} of them conquests")
    ratio = many["action_us"] / one["action_us"]
    line = f"ratio {n} copies / the map: per intent {ratio:.2f}x, per game {many['game_ms'] / one['game_ms']:.2f}x"
    if n == 8:
        line += f"  target ≤ {REGIONS_RATIO_TARGET:g}x: {_verdict(ratio, REGIONS_RATIO_TARGET)}"
    print(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.bench")
    ap.add_argument("--ui", action="store_true", help="benchmark the window instead")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--content", action="append", default=[])
    ap.add_argument("--packs", action="store_true", help="add every expansion pack the game ships")
    ap.add_argument("--compare", metavar="REV", help="also time git revision REV (or the checkout in folder REV, "
                    "with its own build), interleaved, and print the ratio")
    ap.add_argument("--bots", action="store_true",
                    help="also time Medium's lab games and Expert's look-ahead (4 players); with --fingerprint, "
                         "also fingerprint games between the levels (one game a hundred --games)")
    ap.add_argument("--big-content", action="store_true",
                    help="time reading, starting and a lab game with 10,000 made races and powers against the base set")
    ap.add_argument("--runs", type=int, default=5, help="fresh processes of each kind for --big-content")
    ap.add_argument("--cpu", action="store_true",
                    help="time each whole game in processor time, not on the clock (no split between "
                         "legal_actions and apply): for a shared machine")
    ap.add_argument("--regions-times", type=int, metavar="N",
                    help="time random games on N copies of the map joined at their edges against the map itself, "
                         "a game of each in turn, in processor time, and print the ratio per intent")
    ap.add_argument("--ways-in", choices=WAYS_IN, default="every",
                    help="with --regions-times: every copy's edge is the board's edge (a way in), or the first's alone")
    ap.add_argument("--fingerprint", action="store_true",
                    help="print the fingerprint of --games random games instead of timing them (game.fingerprint); "
                         "with --regions-times N, on N copies of the map")
    args = ap.parse_args(argv)
    if args.big_content:
        from . import content_bench
        return content_bench.bench(args.runs)
    if args.regions_times is not None and not args.fingerprint:
        return regions_times(args.regions_times, args.games, args.ways_in)
    if args.ui:
        from .ui import bench as ui_bench
        return int(ui_bench.main([]) or 0)
    if args.packs:
        args.content = [p.path for p in shipped_packs()] + args.content
    if args.compare:
        if any(Path(c).is_absolute() for c in args.content):
            print("--compare loads --content in each tree: name the files relative to the checkout")
            return 2
        return compare(args.compare, args.games, args.content, args.bots, args.cpu)
    try:
        catalog = load_catalog([str(resolve_content(c)) for c in args.content]) if args.content else default_catalog()
    except ContentError as err:
        print(err)
        return 2
    board, where = five_player_board()
    if args.fingerprint and args.regions_times is not None:    # the games on copies of the map
        if args.regions_times < 1:
            print(f"--regions-times {args.regions_times}: give 1 or more copies")
            return 2
        n = args.regions_times
        board = copies_board(board, n, args.ways_in)
        where = f"{where} ×{n}, edges joined, {EDGES[args.ways_in]}"
    if args.fingerprint:
        print(f"fingerprint {fingerprint(board, catalog, args.games)}: {args.games} random games on {where}; "
              f"{_content_line(args.content)}; {engine_line()}")
        if args.bots:
            bot_games = max(1, args.games // 100)
            print(f"bots fingerprint {bots_fingerprint(board, catalog, bot_games)}: {bot_games} game{'s' if bot_games != 1 else ''} of "
                  f"{', '.join(bot_seats(5))} (look-ahead: 8 games a decision) on {where}; "
                  f"{_content_line(args.content)}; {engine_line()}")
        return 0
    base = default_catalog() if args.content else None
    runs, base_runs = [], []
    for seed in range(args.games):           # with content: a game on the base set alone in turn
        runs.append(timed_game(board, catalog, seed, args.cpu))
        if base is not None:
            base_runs.append(timed_game(board, base, seed, args.cpu))
    print(f"board: {where} ({len(board.regions)} regions, {board.turns} rounds), 5 players, {args.games} games; "
          f"{_content_line(args.content)}; {engine_line()}{'; processor time' if args.cpu else ''}")
    m = summary(runs)
    report("", m)
    if base_runs:
        print(content_ratio_line(m, summary(base_runs)))
    if args.bots:
        board4, catalog4, _ = load_table([str(resolve_content(c)) for c in args.content], None, 4)
        cfg = LabConfig(players=4, level="medium", content=args.content)
        timed = [(req, medium_game(cfg, board4, catalog4, int(req.split()[1])) if req.startswith("medium")
                  else expert_pick(board4, catalog4, int(req.split()[1]))) for req in bot_requests(args.games)]
        bot_report("", _split(timed))
        picks = range(max(1, args.games // 30))
        print(budget_line([searching_pick("hard", board4, catalog4, k) for k in picks],
                          [searching_pick("expert", board4, catalog4, k) for k in picks]))
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "game.bench"))
