"""Playing the lab's games on a Dask distributed cluster (`--cluster ADDRESS`), for a designer who
outgrows one machine.

Dask's `distributed` scheduler is an optional extra (`pip install "dask[distributed]"`); without
it `--cluster` says so in one line. The board and the catalog are read here once and sent to the
workers with the run's settings, so the workers need neither the maps nor the YAML files, and a
worker that cannot import this program is sent its code (`game/` as a zip). The games are cut into
batches of consecutive numbers, one task each; every game's seed comes from the run's seed and
its number alone (`runner.game_seed`), and the records are put back in game order, so a run on a
cluster writes the same report as a local run with the same seed (only the timing differs).
"""
from __future__ import annotations

import importlib.util
import re
import socket
import tempfile
import time
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from .. import native, resources
from ..bots import worth
from ..content.bounded import excerpt
from .runner import GameRecord, LabConfig, play_games

INSTALL = 'pip install "dask[distributed]"'
GAME_DIR = resources.PACKAGE
CONNECT_SECONDS = 20


class ClusterError(RuntimeError):
    """The cluster cannot be used: one sentence naming the address and what to do."""


#: a scheduler's address: an optional protocol, a host (name, IP address, port), an optional path
_ADDRESS = re.compile(r"^(?:(?:tcp|tls|ucx|ws|wss|inproc)://)?[A-Za-z0-9.\-\[\]:]+(?:/\S*)?$")


def check_address(address: str) -> str | None:
    """A sentence when `address` cannot be a scheduler's address (said at once, before any wait)."""
    if not _ADDRESS.match(address.strip()) or len(address) > 300:
        return (f"--cluster {excerpt(address)!r} is not a scheduler's address; give it as "
                f"tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786")
    return None


def _refused(address: str) -> str | None:
    """For a tcp:// (or bare HOST:PORT) address, a look at the port before Dask's own wait: a
    port nobody listens on answers at once, where Dask would try again for CONNECT_SECONDS. The
    reason (connection refused, no such host), or None to let Dask try (other protocols, or a
    host that is slow to answer)."""
    m = re.match(r"^(?:tcp://)?([^/:\[\]]+|\[[^\]]+\]):(\d+)/?$", address.strip())
    if not m:
        return None
    host, port = m.group(1).strip("[]"), int(m.group(2))
    try:
        socket.create_connection((host, port), timeout=min(5.0, CONNECT_SECONDS)).close()
    except ConnectionRefusedError:
        return "connection refused"
    except socket.gaierror:
        return f"no host named {host}"
    except OSError:
        return None
    return None


def _client(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"--cluster needs Dask's distributed scheduler, which is not installed: "
                           f"{INSTALL}") from None
    refused = _refused(address)
    if refused:
        raise ClusterError(f"--cluster {address}: no Dask scheduler answered ({refused}); start one with "
                           f"`dask scheduler` and `dask worker ADDRESS`, or check the address")
    try:
        return Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except Exception as err:  # noqa: BLE001 - whatever Dask raises for an address it cannot reach
        raise ClusterError(f"--cluster {address}: no Dask scheduler answered ({type(err).__name__}: "
                           f"{str(err).splitlines()[0] if str(err) else 'no reply'}); start one with "
                           f"`dask scheduler` and `dask worker ADDRESS`, or check the address") from None


def _ship_code(client: Any) -> bool:
    """Send `game/` (as a zip) to the workers that cannot import it; True if any needed it."""
    have = client.run(importlib.util.find_spec, "game")      # a standard function: no need of `game` to run
    if all(spec is not None for spec in have.values()):
        return False
    with tempfile.TemporaryDirectory() as tmp:
        zpath = Path(tmp) / "smallworld_game.zip"
        with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
            for f in sorted(GAME_DIR.rglob("*.py")):
                z.write(f, (Path("game") / f.relative_to(GAME_DIR)).as_posix())
        client.upload_file(str(zpath), load=True)
    return True


def batches(games: int, workers: int) -> list[list[int]]:
    """Consecutive game numbers in batches: about four per worker thread, 1 to 25 games each."""
    size = max(1, min(25, games // max(1, workers * 4)))
    return [list(range(i, min(games, i + size))) for i in range(0, games, size)]


def run_on_cluster(cfg: LabConfig,
                   progress: Callable[[int, int, float], None] | None = None) -> tuple[list[GameRecord], float]:
    """Play `cfg.games` games on the cluster at `cfg.cluster`; the records in game order and the
    seconds taken (connecting included)."""
    address = cfg.cluster
    assert address
    t0 = time.perf_counter()
    board, catalog, _ = cfg.load()
    table = worth.table_for(board, catalog, cfg.players)       # the workers have no shipped table nor cache
    cfg = replace(cfg, worth=table.to_dict() if table is not None else None)
    client = _client(address)
    try:
        from distributed import as_completed
        if not _ship_code(client):            # workers with the program of their own: with its build, if any
            client.run(native.enable)
        threads = sum(client.nthreads().values()) or 1
        shared = client.scatter([cfg, board, catalog], broadcast=True)
        futures = [client.submit(play_games, *shared, batch, pure=False) for batch in batches(cfg.games, threads)]
        out: list[GameRecord] = []
        with client.as_current():
            for fut in as_completed(futures):
                out.extend(fut.result())
                if progress:
                    progress(len(out), cfg.games, time.perf_counter() - t0)
    finally:
        client.close()
    out.sort(key=lambda r: r.game)
    return out, time.perf_counter() - t0
