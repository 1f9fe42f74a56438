"""The balance lab on a Dask cluster (`--cluster ADDRESS`): a run on a local Dask cluster writes
the same report as a local run with the same seed (byte for byte, apart from the timing line and
run.json); without Dask, or with no scheduler at the address, one line says what to do."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.lab.__main__ import main
from game.lab.cluster import batches
from tests.lab_files import same_apart_from_timing


def test_the_batches_cover_every_game_once_in_order() -> None:
    for games, workers in ((1, 4), (7, 2), (1000, 3), (100, 64)):
        flat = [g for b in batches(games, workers) for g in b]
        assert flat == list(range(games))
        assert all(1 <= len(b) <= 25 for b in batches(games, workers))


def test_a_run_on_a_local_dask_cluster_matches_the_local_run(tmp_path: Path, capsys) -> None:
    pytest.importorskip("distributed")
    from distributed import LocalCluster
    args = ["--games", "6", "--seed", "4", "--players", "3",
            "--content", "assets/content/expansions/cursed.yaml"]
    assert main([*args, "--jobs", "1", "--out", str(tmp_path / "local")]) == 0
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        assert main([*args, "--cluster", cluster.scheduler_address, "--out", str(tmp_path / "dask")]) == 0
    same_apart_from_timing(tmp_path / "local", tmp_path / "dask", "the cluster's run and the local one")
    summary = (tmp_path / "dask" / "summary.md").read_text(encoding="utf-8")
    assert "on the Dask cluster at inproc://" in summary
    assert "Goblins" in summary                             # the content reached the workers


def test_without_dask_cluster_says_how_to_install_it(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)     # as if it were not installed
    rc = main(["--games", "2", "--cluster", "tcp://127.0.0.1:8786", "--out", str(tmp_path / "r")])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and err[-1].startswith("error: ") and 'pip install "dask[distributed]"' in err[-1]
    assert "Traceback" not in "\n".join(err) and not (tmp_path / "r").exists()


def test_no_scheduler_at_the_address_is_one_line(tmp_path: Path, capsys, monkeypatch) -> None:
    pytest.importorskip("distributed")
    from game.lab import cluster
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2)
    rc = main(["--games", "2", "--cluster", "tcp://127.0.0.1:9", "--out", str(tmp_path / "r")])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and "tcp://127.0.0.1:9" in err[-1] and "dask scheduler" in err[-1]
    assert "Traceback" not in "\n".join(err) and not (tmp_path / "r").exists()


def test_a_port_nobody_listens_on_is_said_at_once(tmp_path: Path, capsys) -> None:
    """A refused connection is known at once: the one line comes without Dask's 20 s of retries."""
    pytest.importorskip("distributed")
    import time
    t0 = time.monotonic()
    rc = main(["--games", "2", "--cluster", "tcp://127.0.0.1:9", "--out", str(tmp_path / "r")])
    took = time.monotonic() - t0
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 2 and "connection refused" in err[-1] and "Traceback" not in "\n".join(err)
    assert took < 8, f"{took:.1f} s"
