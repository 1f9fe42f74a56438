#!/usr/bin/env python3
"""Compile the engine and Medium's judgement (`game.native.MODULES`) with mypyc, for speed.

The sources are copied to a temporary folder and compiled there (mypyc comes with mypy; a C
compiler and Python's headers are needed), so no compiled file ever lands beside a source it
could shadow. The result goes to `build/native/<python>/` with a manifest of the build's
fingerprint (the hash of every file the compiled modules read, and the Python and mypy versions);
the game then loads those modules while, and only while, the fingerprint still matches
(`game.native`, whose docstring lists what compiled code may not do). A finished build replaces the previous one whole; a failed one leaves it as it
was. It takes about a minute of processor time. With `--if-possible` (the README's set-up), a
build that cannot be made is said in one line and the game runs interpreted, as it always can.

    python -m tools.build_native                # build for this Python (kept if already built)
    python -m tools.build_native --again        # build even if a build of these sources is there
    python -m tools.build_native --if-possible  # the same, but no compiler is not a failure
    python -m tools.build_native --check        # say whether the game runs compiled, and why
"""
from __future__ import annotations

import argparse
import importlib.machinery
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from game import native
from game.stopping import run_stoppable


def build(root: Path, quiet: bool = True) -> Path:
    """Compile `native.MODULES` of the checkout at `root` into its build folder; returns it.
    Raises RuntimeError (one line) when mypyc or the C compiler fails."""
    target = native.build_dir(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="native-", dir=target.parent) as tmp:
        work = Path(tmp) / "src"
        shutil.copytree(root / "game", work / "game", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        files = [str(native.source_of(m, work)) for m in native.MODULES]
        sources, made_with = native.fingerprint(root), native.compiler()     # before compiling: see below
        out = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=work, capture_output=True, text=True)
        if out.returncode != 0:
            lines = [x for x in (out.stdout + out.stderr).splitlines() if "error" in x.lower()]
            raise RuntimeError(f"mypyc failed: {(lines or ['(no message)'])[0][:300]}")
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        fresh = Path(tmp) / "build"
        modules: dict[str, str] = {}
        for m in native.MODULES:
            rel = Path(*m.split(".")).with_suffix("")
            binary = work / (str(rel) + suffix)
            if not binary.is_file():
                raise RuntimeError(f"mypyc wrote no {binary.name} for {m}")
            dest = fresh / (str(rel) + suffix)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(binary, dest)
            modules[m] = str(rel) + suffix
        group = sorted(p.name for p in work.glob(f"*__mypyc{suffix}"))
        if not group:
            raise RuntimeError("mypyc wrote no shared library")
        for g in group:
            shutil.copy2(work / g, fresh / g)
        # the sources may have changed while compiling: such a build is never used (fingerprint)
        (fresh / native.MANIFEST).write_text(json.dumps(native.manifest(modules, group, sources, made_with), indent=1))
        old = Path(tmp) / "old"
        if target.exists():
            target.rename(old)
        fresh.rename(target)
    return target


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.build_native", description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="say whether the game runs compiled, and why")
    ap.add_argument("--again", action="store_true", help="build even when a build of these sources is there")
    ap.add_argument("--if-possible", action="store_true",
                    help="when the engine cannot be compiled, say so and end without a failure")
    args = ap.parse_args(argv)
    failed = 0 if args.if_possible else 1
    then = " The game runs interpreted: the same game, its computer players think less far in their time."
    root = native.ROOT
    if args.check:
        table, why = native.check(native.build_dir(root), root)
        print("compiled: a build of these sources is in " + str(native.build_dir(root)) if table
              else f"interpreted: {why}")
        return 0 if table else 1
    if not args.again and native.check(native.build_dir(root), root)[0] is not None:
        print(f"the engine is already compiled from these sources ({native.build_dir(root)})")
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("tools.build_native: mypyc is not installed (it comes with mypy: pip install -e '.[fast]')."
              + then, file=sys.stderr)
        return 2 * failed
    print("Compiling the engine with mypyc, once (about a minute)...", flush=True)
    try:
        where = build(root)
    except (RuntimeError, OSError) as err:
        print(f"tools.build_native: {err}." + then, file=sys.stderr)
        return failed
    print(f"built {len(native.MODULES)} modules into {where}")
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "tools.build_native"))
