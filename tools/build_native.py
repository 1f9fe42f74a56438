#!/usr/bin/env python3
"""Compile the engine and Medium's judgement (`game.native.MODULES`) with mypyc, for speed.

The sources are copied to a temporary folder and compiled there (mypyc comes with mypy; a C
compiler and Python's headers are needed), so no compiled file ever lands beside a source it
could shadow. The result goes to `build/native/<python>/` with a manifest of the build's
fingerprint (the hash of every file the compiled modules read, and the Python and mypy versions);
the game then loads those modules while, and only while, the fingerprint still matches
(`game.native`, whose docstring lists what compiled code may not do). A finished build replaces the previous one whole; a failed one leaves it as it
was. It takes about three minutes of processor time (more on a slow or busy machine), most of it
in the C compiler on the one file the modules share.
Before any of it, it looks for a C compiler (`CC`, or the one Python was built with, on PATH) and
for `Python.h`, and says in one line which is missing and which package brings it. While mypyc
runs, a line says each step it reaches (the type check, each C file compiled) and, when a step
takes long, how long it has been at it; its whole output goes to a log beside the build
(`build/native/<python>.log`), and a failure is one line with the first error and that log's
path. With `--if-possible` (the README's set-up), a build that cannot be made is said in one line
and the game runs interpreted, as it always can.

    python -m tools.build_native                # build for this Python (kept if already built)
    python -m tools.build_native --again        # build even if a build of these sources is there
    python -m tools.build_native --if-possible  # the same, but no compiler is not a failure
    python -m tools.build_native --check        # say whether the game runs compiled, and why
    python -m tools.build_native --if-possible --background   # the README's Play: compile while the game starts

With `--background` the quick checks (a build already there, mypyc, the compiler, Python.h) are
made at once, then the compile goes on in a process of its own, its lines in a log
(`build/native/<python>.background.log`), and the command ends: the game starts at once on the
interpreted engine, and runs compiled from its next start (a build is put in place whole, so a
game never loads half of one). While one such compile runs, another is not started.
"""
from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, TextIO

from game import native
from game.stopping import run_stoppable

#: how often a long step says it is still at work, in seconds
BEAT = 15.0
#: a C file being compiled, in the compiler's command line that setuptools prints
C_FILE = re.compile(r"\s-c\s+(\S+\.c)\b")


def missing_tools() -> str | None:
    """What compiling needs and this machine lacks, in a few words with the package that brings
    it; None when the C compiler and Python's headers are there. (On Windows the compiler is
    found by setuptools itself, so only the headers are looked for.)"""
    if os.name != "nt":
        cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
        words = shlex.split(cc)
        name = words[0] if words else "cc"
        if shutil.which(name) is None:
            return (f"no C compiler found ({name} is not on PATH; install gcc and python3-dev, on "
                    "Debian/Ubuntu: sudo apt install gcc python3-dev; on macOS: xcode-select --install)")
    header = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not header.is_file():
        dev = f"python{sys.version_info[0]}.{sys.version_info[1]}-dev"
        return (f"Python's C header Python.h is missing ({header}; install python3-dev, on Debian/Ubuntu: "
                f"sudo apt install python3-dev or {dev})")
    return None


def log_path(root: Path) -> Path:
    """Where the whole output of the last compile is kept: beside the build it makes."""
    target = native.build_dir(root)
    return target.parent / f"{target.name}.log"


def shown(path: Path) -> str:
    """`path` relative to the current folder when it is below it (short enough for one line)."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def run_mypyc(files: list[str], work: Path, log: TextIO, say: Callable[[str], None] | None) -> int:
    """mypyc on `files` in `work`, its output into `log`; `say` gets a line at each step it
    reaches (the type check, each C file compiled) and every `BEAT` seconds of a long one (the
    type check prints nothing for a minute or more). Returns mypyc's exit status; a stop
    (Ctrl+C, SIGTERM) ends mypyc too."""
    start = last = time.monotonic()
    step = "checking the types and writing C"
    if say is not None:
        say(f"  {step}...")
    proc = subprocess.Popen([sys.executable, "-m", "mypyc", *files], cwd=work, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:                               # mypyc's lines as it prints them, then None
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    try:
        while True:
            try:
                line = lines.get(timeout=1.0)
            except queue.Empty:
                line = ""
            if line is None:
                break
            now = time.monotonic()
            log.write(line)
            found = C_FILE.search(line)
            if found is not None:
                step = f"compiling {Path(found.group(1)).name}"
                if say is not None:
                    say(f"  {step} ({now - start:.0f} s)")
                last = now
            elif say is not None and now - last >= BEAT:
                say(f"  still {step} ({now - start:.0f} s)")
                last = now
        return proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def build(root: Path, quiet: bool = True) -> Path:
    """Compile `native.MODULES` of the checkout at `root` into its build folder; returns it.
    Unless `quiet`, prints a line at each step. Raises RuntimeError (one line, naming the log
    of the whole output) when mypyc or the C compiler fails."""
    target = native.build_dir(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    log = log_path(root)
    with tempfile.TemporaryDirectory(prefix="native-", dir=target.parent) as tmp:
        work = Path(tmp) / "src"
        shutil.copytree(root / "game", work / "game", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        files = [str(native.source_of(m, work)) for m in native.MODULES]
        sources, made_with = native.fingerprint(root), native.compiler()     # before compiling: see below
        with open(log, "w", encoding="utf-8") as out:
            status = run_mypyc(files, work, out, None if quiet else lambda line: print(line, flush=True))
        if status != 0:
            lines = [x for x in log.read_text(encoding="utf-8").splitlines() if "error" in x.lower()]
            raise RuntimeError(f"mypyc failed: {(lines or ['(no message)'])[0][:300]} "
                               f"(the whole output: {shown(log)})")
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


def background_log(root: Path) -> Path:
    """Where a compile in the background writes its lines."""
    target = native.build_dir(root)
    return target.parent / f"{target.name}.background.log"


def _lock(root: Path) -> Path:
    target = native.build_dir(root)
    return target.parent / f"{target.name}.building"


def under_way(root: Path) -> bool:
    """True while a compile started in the background runs (its process is alive)."""
    lock = _lock(root)
    try:
        pid = int(lock.read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return False
    if pid == os.getpid():
        return False
    if os.name == "nt":                  # os.kill there would stop it: a lock younger than a build
        return time.time() - lock.stat().st_mtime < 20 * 60
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:                      # alive, but another user's: still under way
        return True
    return True


def start_background(root: Path, if_possible: bool) -> int:
    """Start the compile in a process of its own and return at once (see the module's text)."""
    if under_way(root):
        print(f"the engine is being compiled in the background already (its lines: {shown(background_log(root))}); "
              "the game runs compiled from its next start after that", flush=True)
        return 0
    log = background_log(root)
    log.parent.mkdir(parents=True, exist_ok=True)
    args = [sys.executable, "-m", "tools.build_native", "--again"] + (["--if-possible"] if if_possible else [])
    with open(log, "w", encoding="utf-8") as out:
        extra: dict[str, object] = ({"creationflags": getattr(subprocess, "DETACHED_PROCESS", 0)
                                     | getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
                                    if os.name == "nt" else {"start_new_session": True})
        child = subprocess.Popen(args, cwd=str(root), stdin=subprocess.DEVNULL, stdout=out,
                                 stderr=subprocess.STDOUT, **extra)  # type: ignore[call-overload]
    _lock(root).write_text(str(child.pid), encoding="utf-8")
    print("Compiling the engine in the background (3 to 8 minutes; its lines: "
          f"{shown(log)}). The game starts now on the interpreted engine, the same game, and runs "
          "compiled from its next start.", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.build_native", description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="say whether the game runs compiled, and why")
    ap.add_argument("--again", action="store_true", help="build even when a build of these sources is there")
    ap.add_argument("--if-possible", action="store_true",
                    help="when the engine cannot be compiled, say so and end without a failure")
    ap.add_argument("--background", action="store_true",
                    help="after the quick checks, compile in a process of its own and end at once "
                         "(the game runs compiled from its next start)")
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
    lacking = missing_tools()
    if lacking is not None:
        print(f"tools.build_native: {lacking}; the game runs without the compiled engine "
              "(the same game, its computer players think less far in their time).", file=sys.stderr)
        return failed
    if args.background:
        return start_background(root, args.if_possible)
    print("Compiling the engine with mypyc, once (3 to 8 minutes, longer on a busy machine; the whole "
          f"output goes to {shown(log_path(root))})...", flush=True)
    t0 = time.monotonic()
    try:
        where = build(root, quiet=False)
    except (RuntimeError, OSError) as err:
        print(f"tools.build_native: {err}." + then, file=sys.stderr)
        return failed
    finally:
        if _lock(root).is_file() and _lock(root).read_text(encoding="utf-8").strip() == str(os.getpid()):
            _lock(root).unlink()
    print(f"built {len(native.MODULES)} modules into {shown(where)} in {time.monotonic() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "tools.build_native"))
