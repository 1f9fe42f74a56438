"""`python -m tools.bench_peer PEER_FOLDER PEER_PYTHON` — this engine beside another Small World
engine written with numba (alpha-zero-general's `smallworld` package), in one run.

It plays uniformly random games on both, a game of each in turn: ours with the engine this
process runs (the compiled one when it is built), the base races and powers, on the shipped 2-
and 4-player maps (`game.bench.timed_game`); the other engine's in a process of its own Python
(`PEER_PYTHON`, which has numba), started once for each player count in the folder that holds its
copies `azg2/` and `azg4/` (the player count is compiled into its code), and asked for one game
at a time over its standard input and output, in two ways: its raw loop (`valid_moves`, a uniform
random valid action, `make_move` on one board) and its game wrapper (`getGameEnded`,
`getCanonicalForm`, `getValidMoves`, `getNextState`, a copy of the state each step). Each side
times its own whole games in processor time (`time.process_time`), so that the two processes'
other work and the shared machine's load are left out; the table gives, for each player count,
the medians per game and per intent and the ratios ours / theirs. The engines' intents differ in
size (a whole redeploy is one intent here, several there), so compare per game beside per intent.
Nothing of the other engine runs in this process and none of its code is copied here: the few
lines its process runs are `DRIVER`, which uses its published names alone. Each start of it
compiles for a minute or two of processor time (numba keeps part of it in a cache beside its code,
so the first start takes longest: about 4 minutes on the clock for both player counts here, later
ones about 2), which is not timed.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from game import native

if __name__ == "__main__":          # the compiled engine when it is built, looked for first
    native.enable()

from game.bench import timed_game
from game.content.catalog import default_catalog
from game.content.tmx import map_for_players
from game.stopping import run_stoppable

PLAYERS = (2, 4)
WARM_UP = 3                 # games each engine plays before the timed ones (imports, caches, compilation)
MODES = {"raw": "numba engine, raw loop", "api": "numba engine, game wrapper"}

# What the other engine's process runs (its Python, its folder as the current one, `azgN` and the
# warm-up games as arguments): one game a request, "raw SEED" or "api SEED", answered with a line of JSON.
DRIVER = r'''
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np
from numba import njit
from smallworld import SmallworldLogicNumba as logic
from smallworld.SmallworldConstants import NUMBER_PLAYERS
from smallworld.SmallworldGame import SmallworldGame

@njit
def seed_dice(seed):               # the dice and the deck are numba's own generator
    np.random.seed(seed)

def choice(valid, rng):
    found = valid.nonzero()[0].tolist()
    return found[rng.randrange(len(found))]

board = logic.Board(NUMBER_PLAYERS)
wrapper = SmallworldGame()

def raw(seed):
    rng = random.Random(seed)
    seed_dice(seed)
    t0 = time.process_time()
    board.init_game()
    seat = intents = 0
    while board.get_round() <= logic.NB_ROUNDS:
        seat = board.make_move(choice(board.valid_moves(seat), rng), seat, 0)
        intents += 1
    return time.process_time() - t0, intents

def api(seed):
    rng = random.Random(seed)
    seed_dice(seed)
    t0 = time.process_time()
    state = wrapper.getInitBoard()
    seat = intents = 0
    while not wrapper.getGameEnded(state, seat).any():
        seen = wrapper.getCanonicalForm(state, seat)
        state, seat = wrapper.getNextState(state, seat, choice(wrapper.getValidMoves(seen, 0), rng), random_seed=0)
        seat = int(seat)
        intents += 1
    return time.process_time() - t0, intents

play = {"raw": raw, "api": api}
for k in range(int(sys.argv[2])):
    for mode in play:
        play[mode](1_000_000 + k)
print("ready", NUMBER_PLAYERS, logic.NB_AREAS, logic.NB_ROUNDS, flush=True)
for line in sys.stdin:
    mode, seed = line.split()
    seconds, intents = play[mode](int(seed))
    print(json.dumps({"seconds": seconds, "intents": intents}), flush=True)
'''


def problem(folder: Path, python: Path, players: tuple[int, ...] = PLAYERS) -> str | None:
    """Why the other engine cannot be started from `folder` with `python`, in one line; None when it can."""
    if not python.is_file():
        return f"no Python at {python}: give the Python that has numba (see the peer's README)"
    if not folder.is_dir():
        return f"no folder {folder}: give the folder that holds the numba engine's azg2/ and azg4/"
    for n in players:
        if not (folder / f"azg{n}" / "smallworld" / "SmallworldLogicNumba.py").is_file():
            return f"{folder} has no azg{n}/smallworld/SmallworldLogicNumba.py (the {n}-player copy of the numba engine)"
    return None


class Peer:
    """The other engine's process for one player count: a game a request."""

    def __init__(self, folder: Path, python: Path, players: int) -> None:
        self.errors: IO[str] = tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen([str(python), "-c", DRIVER, f"azg{players}", str(WARM_UP)], cwd=folder, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors)
        first = self._line().split()
        if len(first) != 4 or first[0] != "ready" or first[1] != str(players):
            raise RuntimeError(f"the numba engine for {players} players did not start: {self._said(first)}")
        self.areas, self.rounds = int(first[2]), int(first[3])

    def _line(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline()

    def _said(self, got: list[str]) -> str:
        """The last line the process wrote on stderr, or what it answered."""
        self.errors.seek(0)
        lines = [ln.strip() for ln in self.errors.read().splitlines() if ln.strip()]
        return lines[-1] if lines else (" ".join(got) or "it stopped without a word")

    def game(self, mode: str, seed: int) -> dict[str, float]:
        """One random game: its processor seconds and intents, as the other process timed them."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{mode} {seed}\n")
        self.proc.stdin.flush()
        line = self._line()
        if not line:
            raise RuntimeError(f"the numba engine stopped in the middle of a game: {self._said([])}")
        got = json.loads(line)
        return {"seconds": float(got["seconds"]), "intents": float(got["intents"])}

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.errors.close()


@dataclass
class Entry:
    """The games of one engine at one player count."""

    players: int
    engine: str
    games: list[dict[str, float]] = field(default_factory=list)

    def medians(self) -> dict[str, float]:
        """Median ms a game, µs an intent, intents a game."""
        return {"game_ms": statistics.median(g["seconds"] for g in self.games) * 1e3,
                "intent_us": statistics.median(g["seconds"] / g["intents"] for g in self.games) * 1e6,
                "intents": statistics.median(g["intents"] for g in self.games)}


def table(entries: list[Entry]) -> list[str]:
    """A Markdown table: each engine's medians and, beside the other engine's, ours over theirs."""
    rows = ["| players | engine | intents a game | ms a game | µs an intent | ours / this, a game | ours / this, an intent |",
            "|---|---|---|---|---|---|---|"]
    ours = {e.players: e.medians() for e in entries if e.engine == "ours"}
    for e in entries:
        m = e.medians()
        o = ours.get(e.players)
        ratios = ("—", "—") if e.engine == "ours" or o is None else (
            f"{o['game_ms'] / m['game_ms']:.2f}×", f"{o['intent_us'] / m['intent_us']:.2f}×")
        name = "this engine" if e.engine == "ours" else MODES.get(e.engine, e.engine)
        rows.append(f"| {e.players} | {name} | {m['intents']:.0f} | {m['game_ms']:.2f} | {m['intent_us']:.1f} | "
                    f"{ratios[0]} | {ratios[1]} |")
    return rows


def run(folder: Path, python: Path, games: int, players: tuple[int, ...] = PLAYERS) -> list[Entry]:
    """`games` games of each engine at each player count, a game of each in turn (which goes first
    rotates), the other engine's processes started first (their compilation is not timed)."""
    catalog = default_catalog()
    boards = {n: map_for_players(n).board for n in players}
    peers: dict[int, Peer] = {}
    try:
        for n in players:
            print(f"starting the numba engine for {n} players (numba compiles for a minute or two at each start)",
                  file=sys.stderr, flush=True)
            peers[n] = Peer(folder, python, n)
        for n in players:
            for k in range(WARM_UP):
                timed_game(boards[n], catalog, 1_000_000 + k, cpu=True, players=n)
        entries = {(n, kind): Entry(n, kind) for n in players for kind in ("ours", *MODES)}
        kinds = ("ours", *MODES)
        for seed in range(games):
            for n in players:
                for i in range(len(kinds)):
                    kind = kinds[(seed + i) % len(kinds)]
                    if kind == "ours":
                        got = timed_game(boards[n], catalog, seed, cpu=True, players=n)
                        entries[n, kind].games.append({"seconds": got["game"], "intents": got["steps"]})
                    else:
                        entries[n, kind].games.append(peers[n].game(kind, seed))
    finally:
        for p in peers.values():
            p.close()
    return list(entries.values())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench_peer",
                                 description="this engine beside the numba engine, random games in turn")
    ap.add_argument("folder", type=Path, help="the folder with the numba engine's azg2/ and azg4/ (writable: numba "
                                              "keeps its cache there)")
    ap.add_argument("python", type=Path, help="the Python that has numba and numpy")
    ap.add_argument("--games", type=int, default=180, help="games of each engine at each player count")
    ap.add_argument("--players", default="2,4", help="player counts, among 2 and 4 (default both)")
    args = ap.parse_args(argv)
    try:
        players = tuple(int(p) for p in args.players.split(","))
    except ValueError:
        players = ()
    if not players or any(p not in PLAYERS for p in players):
        print(f"--players {args.players}: give 2, 4 or 2,4")
        return 2
    if args.games < 1:
        print(f"--games {args.games}: give 1 or more")
        return 2
    said = problem(args.folder, args.python, players)
    if said is not None:
        print(said)
        return 2
    try:
        entries = run(args.folder.resolve(), args.python, args.games, players)
    except RuntimeError as err:
        print(err)
        return 1
    kind, why = native.state()
    print(f"{args.games} random games of each engine at each player count, a game of each in turn, each timed in "
          f"processor time in its own process; this engine: the {kind} engine ({why}), the base races and powers, "
          f"the shipped maps")
    print("\n".join(table(entries)))
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "tools.bench_peer"))
