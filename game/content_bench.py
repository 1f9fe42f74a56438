"""`python -m game.bench --big-content` — what 10,000 custom races and powers cost, printed,
never asserted: the content file is made once (`game.big_content`), then each run is a fresh
process (`python -m game.content_bench [FILE]`) that reads the content, starts a game in the
window (Start pressed, the hand-over screen passed, the board drawn) and plays one balance-lab
game with its report, after the same done untimed with the base set (imports and first
drawings), and prints the processor seconds of each step. Runs of the base set and of the big
file take turns; the medians of each step and the ratio big / base of the whole are printed
(target: under 2x; `tests/test_big_content.py` times the same in one process)."""
from __future__ import annotations

import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import native

STEPS = ("load", "start", "lab")
ENTRIES = 10_000


def one_run(content: list[str], home: Path) -> dict[str, float]:
    """Processor seconds to read `content` (as the command line does before the window opens),
    start a game in the window (Start pressed, the hand-over screen passed, the board drawn) and
    play one balance-lab game with its report (in `home`/lab); RuntimeError if a step fails."""
    from .content.catalog import load_catalog
    from .lab.__main__ import main as lab
    from .ui.app import Options
    from .ui.driver import Driver
    from .ui.scenes.play import GameScene

    os.environ["SMALLWORLD_HOME"] = str(home)
    t0 = time.process_time()
    load_catalog(content)
    t1 = time.process_time()
    d = Driver(Options(pace=0, catch_errors=False, content=content))
    try:
        d.pump(2)
        d.press_button("start")
        d.pump(1)
        if d.scene.button("ready") is not None:        # "pass to Ann"
            d.press_button("ready")
            d.pump(1)
        if not isinstance(d.scene, GameScene):
            raise RuntimeError(f"the game did not start: {type(d.scene).__name__} on screen")
    finally:
        d.close()
    t2 = time.process_time()
    out = home / "lab"
    with contextlib.redirect_stdout(io.StringIO()):
        code = lab(["--games", "1", "--jobs", "1", "--out", str(out), *[x for c in content for x in ("--content", c)]])
    t3 = time.process_time()
    if code != 0:
        raise RuntimeError(f"the lab stopped with code {code}")
    return {"load": t1 - t0, "start": t2 - t1, "lab": t3 - t2}


def bench(runs: int = 5, entries: int = ENTRIES) -> int:
    """Interleaved fresh-process runs of the base set and of `entries` made entries; prints medians."""
    from .big_content import write_big_content
    with tempfile.TemporaryDirectory(prefix="bench-big-") as tmp:
        big = write_big_content(Path(tmp) / "many.yaml", entries)
        got: dict[str, list[dict[str, float]]] = {"base": [], "big": []}
        for i in range(runs):
            for kind in (("base", "big") if i % 2 == 0 else ("big", "base")):
                args = [str(big)] if kind == "big" else []
                env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
                res = subprocess.run([sys.executable, "-m", "game.content_bench", *args], env=env,
                                     capture_output=True, text=True, check=False)
                if res.returncode != 0:
                    print(f"a {kind} run stopped: {(res.stderr.strip().splitlines() or ['?'])[-1]}")
                    return 1
                got[kind].append(json.loads(res.stdout.strip().splitlines()[-1]))
    med = {k: {s: statistics.median(r[s] for r in v) for s in STEPS} for k, v in got.items()}
    tot = {k: statistics.median(sum(r[s] for s in STEPS) for r in v) for k, v in got.items()}
    print(f"{runs} fresh processes each, interleaved; {entries:,} made entries vs the base set; processor seconds "
          f"(medians)")
    for k in ("base", "big"):
        label = "base set" if k == "base" else f"{entries:,} entries"
        print(f"{label:>16}: load {med[k]['load']:.3f}  start {med[k]['start']:.3f}  lab game {med[k]['lab']:.3f}"
              f"  total {tot[k]:.3f}")
    ratios = sorted(sum(b[s] for s in STEPS) / sum(a[s] for s in STEPS) for a, b in zip(got["base"], got["big"], strict=True))
    print(f"ratio {entries:,} entries / base set: {tot['big'] / tot['base']:.2f}x of the medians "
          f"(run by run {ratios[0]:.2f}x to {ratios[-1]:.2f}x; target under 2x)")
    return 0


def main(argv: list[str]) -> int:
    """One timed run in this process (after an untimed one on the base set); prints its JSON."""
    with tempfile.TemporaryDirectory(prefix="bench-run-") as tmp:
        one_run([], Path(tmp) / "warm")
        print(json.dumps(one_run(argv, Path(tmp) / "timed")))
    return 0


if __name__ == "__main__":
    native.enable()
    sys.exit(main(sys.argv[1:]))
