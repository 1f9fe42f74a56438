"""`python -m tools.bench_peer` times our random games beside the numba engine's: its checks, its table and
its protocol with the other engine's process, here against a stand-in engine of a few lines (no numba
needed); against the real one only when `SMALLWORLD_PEER` and `SMALLWORLD_PEER_PYTHON` name it."""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from tools import bench_peer

# A stand-in for the numba engine, with the names `bench_peer.DRIVER` uses: 3 rounds of 4 intents,
# 2 players; `numba` and `numpy` stand-ins beside it, so that no numba is needed.
STAND_IN = {
    "numba.py": "def njit(f):\n    return f\n",
    "numpy.py": "class random:\n    @staticmethod\n    def seed(s):\n        pass\n",
    "smallworld/__init__.py": "",
    "smallworld/SmallworldConstants.py": "NUMBER_PLAYERS = 2\n",
    "smallworld/SmallworldLogicNumba.py": '''
NB_ROUNDS, NB_AREAS = 3, 23
class Picks:
    def __init__(self, found): self.found = found
    def tolist(self): return list(self.found)
class Mask:
    def nonzero(self): return (Picks([0, 4, 7]),)
class Board:
    def __init__(self, n): self.n, self.moves = n, 0
    def init_game(self): self.moves = 0
    def get_round(self): return 1 + self.moves // 4
    def valid_moves(self, seat): return Mask()
    def make_move(self, move, seat, seed):
        assert move in (0, 4, 7)
        self.moves += 1
        return (seat + 1) % self.n
''',
    "smallworld/SmallworldGame.py": '''
from .SmallworldLogicNumba import Mask, NB_ROUNDS
class Flag:
    def __init__(self, v): self.v = v
    def any(self): return self.v
class SmallworldGame:
    def getInitBoard(self): return 0
    def getGameEnded(self, moves, seat): return Flag(1 + moves // 4 > NB_ROUNDS)
    def getCanonicalForm(self, moves, seat): return moves
    def getValidMoves(self, moves, seat): return Mask()
    def getNextState(self, moves, seat, move, random_seed=0): return moves + 1, (seat + 1) % 2
''',
}


def stand_in(root: Path) -> Path:
    for name, text in STAND_IN.items():
        path = root / "azg2" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_missing_peer_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    python = Path(sys.executable)
    assert bench_peer.main([str(tmp_path / "nowhere"), str(python)]) == 2
    assert capsys.readouterr().out.strip() == f"no folder {tmp_path / 'nowhere'}: give the folder that holds the " \
                                              "numba engine's azg2/ and azg4/"
    assert bench_peer.main([str(tmp_path), str(tmp_path / "python")]) == 2
    assert capsys.readouterr().out.strip().startswith(f"no Python at {tmp_path / 'python'}:")
    stand_in(tmp_path)                                 # azg2 but no azg4
    assert bench_peer.problem(tmp_path, python, (2,)) is None
    assert bench_peer.main([str(tmp_path), str(python)]) == 2
    out = capsys.readouterr().out
    assert "has no azg4/smallworld/SmallworldLogicNumba.py" in out and out.count("\n") == 1
    assert bench_peer.main([str(tmp_path), str(python), "--players", "3"]) == 2
    assert capsys.readouterr().out.strip() == "--players 3: give 2, 4 or 2,4"


def test_the_table_gives_medians_and_ours_over_theirs() -> None:
    ours = bench_peer.Entry(2, "ours", [{"seconds": 0.004, "intents": 100}, {"seconds": 0.006, "intents": 100},
                                        {"seconds": 0.010, "intents": 200}])
    raw = bench_peer.Entry(2, "raw", [{"seconds": 0.001, "intents": 100}, {"seconds": 0.002, "intents": 200}])
    rows = bench_peer.table([ours, raw])
    assert rows[2] == "| 2 | this engine | 100 | 6.00 | 50.0 | — | — |"        # medians: 6 ms, 50 µs
    assert rows[3] == "| 2 | numba engine, raw loop | 150 | 1.50 | 10.0 | 4.00× | 5.00× |"


def test_the_other_engine_plays_a_game_a_request_in_turn_with_ours(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    stand_in(tmp_path)
    peer = bench_peer.Peer(tmp_path, Path(sys.executable), 2)
    try:
        assert (peer.areas, peer.rounds) == (23, 3)
        for mode in ("raw", "api"):
            got = peer.game(mode, 5)
            assert got["intents"] == 12 and got["seconds"] >= 0
    finally:
        peer.close()
    assert bench_peer.main([str(tmp_path), sys.executable, "--players", "2", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 random games of each engine" in out
    assert re.search(r"^\| 2 \| numba engine, raw loop \| 12 \| [\d.]+ \| [\d.]+ \| [\d.]+× \| [\d.]+× \|$", out, re.M), out
    assert re.search(r"^\| 2 \| numba engine, game wrapper \| 12 \|", out, re.M), out
    assert re.search(r"^\| 2 \| this engine \| \d+ \|", out, re.M), out


def test_an_engine_that_does_not_start_is_named_in_one_line(tmp_path: Path) -> None:
    stand_in(tmp_path)
    (tmp_path / "azg2" / "smallworld" / "SmallworldConstants.py").write_text("raise ImportError('no numba here')\n")
    with pytest.raises(RuntimeError, match="for 2 players did not start: ImportError: no numba here"):
        bench_peer.Peer(tmp_path, Path(sys.executable), 2)


@pytest.mark.slow
def test_beside_the_real_numba_engine(capsys: pytest.CaptureFixture[str]) -> None:
    folder, python = os.environ.get("SMALLWORLD_PEER"), os.environ.get("SMALLWORLD_PEER_PYTHON")
    if not folder or not python or bench_peer.problem(Path(folder), Path(python)) is not None:
        pytest.skip("the numba engine is not set up (SMALLWORLD_PEER, SMALLWORLD_PEER_PYTHON)")
    assert bench_peer.main([folder, python, "--games", "2"]) == 0
    out = capsys.readouterr().out
    for n in (2, 4):
        assert re.search(rf"^\| {n} \| numba engine, raw loop \| \d+ \|", out, re.M), out
