"""Build the download: a folder that starts the game on a computer with no Python (PyInstaller).

    python -m tools.build_bundle                    # dist/smallworld/ (from the checkout's top folder)
    python -m tools.build_bundle --zip              # and dist/smallworld-VERSION-SYSTEM-MACHINE.zip
    python -m tools.build_bundle --check            # then run its --self-test, and print size and start time

Run it in a virtual environment holding the game's requirements and PyInstaller
(`pip install -r requirements.txt pyinstaller`); it is the same recipe on Linux, Windows and
macOS, run on each (PyInstaller does not cross-build): every path is built with pathlib, the
`--add-data` separator is the system's, and the icon is the one `game.ui.icon` wrote for that
system (`smallworld.ico` on Windows, `smallworld.icns` on macOS; Linux programs carry none, the
window sets its own). On Windows and macOS the program is a windowed one (no console; on macOS
`--windowed` also makes `Small World.app` beside the folder).

The folder holds the `smallworld` program, Python and the libraries it needs, and the game's
files inside the package as a wheel installs them (`game/data/assets`, `maps`, `docs`), so
`game.resources` finds them the same way; saves still go to the system's data folder. The
packages the game never imports at run time (the lab's Dask cluster, the test tools, tkinter)
are left out. When the checkout holds a compiled engine of its very sources (`python -m
tools.build_native`, for this Python), the folder carries it, in `build/native/` beside the
package, with the sources it was built from beside their modules (every file its fingerprint
covers, `game.native.READ`): `game.native` then checks and loads it as in a checkout, and the computer players think about twice as far in their time.
`--check` fails a folder that carries it and still runs interpreted.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from game import __version__, native, resources

NAME = "smallworld"
DATA = ("assets", "maps", "docs")
LEAVE_OUT = ("dask", "distributed", "tkinter", "pytest", "hypothesis", "mypy", "ruff", "numpy", "IPython",
             "setuptools", "pip")
LAUNCHER = '''"""The download's program: the game's command line, as `smallworld`."""
import sys

from game import native

native.enable()                     # the build it carries, looked for before the engine is imported

from game.cli import main

sys.exit(main(prog="smallworld"))
'''


def system_name() -> str:
    """linux / windows / macos, as the download's name says it."""
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))


def compiled_build(checkout: Path) -> Path | None:
    """The checkout's compiled engine (`python -m tools.build_native`) when it is a whole build
    of the sources there, for this Python; else None (the download then runs interpreted)."""
    folder = native.build_dir(checkout)
    return folder if native.check(folder, checkout)[0] is not None else None


def pyinstaller_args(checkout: Path, dist: Path, work: Path, build: Path | None = None) -> list[str]:
    """PyInstaller's command line for this system; `build`: a compiled engine to ship (see
    `compiled_build`), with the sources it was built from beside it, where `game.native` checks
    them as in a checkout."""
    launcher = work / f"{NAME}.py"
    args = [str(launcher), "--name", NAME, "--noconfirm", "--clean", "--onedir",
            "--distpath", str(dist), "--workpath", str(work / "build"), "--specpath", str(work),
            "--paths", str(checkout), "--collect-submodules", "game"]
    for name in DATA:                     # into the package, where an installed wheel has them
        args += ["--add-data", f"{checkout / name}{os.pathsep}{Path('game', 'data', name).as_posix()}"]
    if build is not None:
        args += ["--add-data", f"{build}{os.pathsep}{build.relative_to(checkout).as_posix()}"]
        for source in native.read_files(checkout):     # every file the build's fingerprint covers
            args += ["--add-data", f"{source}{os.pathsep}{source.parent.relative_to(checkout).as_posix()}"]
    for module in LEAVE_OUT:
        args += ["--exclude-module", module]
    icons = checkout / "assets" / "ui" / "icon"
    if sys.platform == "win32":
        args += ["--windowed", "--icon", str(icons / "smallworld.ico")]
    elif sys.platform == "darwin":
        args += ["--windowed", "--icon", str(icons / "smallworld.icns"), "--osx-bundle-identifier", "org.smallworld-table"]
    else:
        args += ["--strip"]               # Linux: the libraries' symbol tables are a third of the folder
    return args


def build(checkout: Path, dist: Path, work: Path) -> Path:
    """Build the folder; its path."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit("PyInstaller is not installed here: pip install pyinstaller (in this virtual environment)") \
            from None
    work.mkdir(parents=True, exist_ok=True)
    (work / f"{NAME}.py").write_text(LAUNCHER, encoding="utf-8")
    compiled = compiled_build(checkout)
    print(f"the download's engine: compiled, from {compiled}" if compiled else
          f"the download's engine: interpreted ({native.check(native.build_dir(checkout), checkout)[1]})")
    pyinstaller.run(pyinstaller_args(checkout, dist, work, compiled))
    folder = dist / NAME
    for extra in ("LICENSE",):
        shutil.copy2(checkout / extra, folder / extra)
    return folder


def program(folder: Path) -> Path:
    return folder / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def check(folder: Path, runs: int = 3) -> int:
    """Run the bundle's --self-test from another folder with a bare environment (no Python on
    PATH, no PYTHONPATH); print its size and how long it takes to show its first screen. A
    bundle that carries a compiled engine must run on it."""
    exe = program(folder)
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": os.devnull,
           "HOME": str(folder.parent / "check-home"), "SMALLWORLD_HOME": str(folder.parent / "check-home")}
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    firsts, totals, code = [], [], 0
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen([str(exe), "--self-test"], cwd=folder.parent, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, encoding="utf-8", errors="replace")
        assert proc.stdout is not None
        lines = []
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if "start screen drawn" in line:
                firsts.append(time.perf_counter() - t0)
        code = proc.wait()
        totals.append(time.perf_counter() - t0)
        if code != 0:
            print("\n".join(lines))
            print(f"the bundle's self-test failed (exit status {code})")
            return 1
    print("\n".join(lines))
    engine = next((line.split("engine:", 1)[1].strip() for line in lines if "engine:" in line), "not said")
    carried = any(m.parent.parent.name == "native" for m in folder.rglob(native.MANIFEST))
    if carried and not engine.startswith("compiled"):
        print(f"the bundle carries a compiled engine but runs interpreted: {engine}")
        return 1
    firsts.sort()
    totals.sort()
    print(f"bundle: {folder} — {size_mb(folder):.0f} MB in {sum(1 for p in folder.rglob('*') if p.is_file())} files; "
          f"start to first screen {firsts[len(firsts) // 2]:.2f} s, whole self-test {totals[len(totals) // 2]:.1f} s "
          f"(medians of {runs} runs); engine {engine}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.build_bundle", description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, default=Path("dist"), help="where the folder goes (default dist/)")
    ap.add_argument("--work", type=Path, default=Path("build") / "bundle",
                    help="PyInstaller's working folder (default build/bundle/)")
    ap.add_argument("--zip", action="store_true", help="also pack the folder into one .zip to hand out")
    ap.add_argument("--check", action="store_true", help="run the built folder's --self-test, size and start time")
    args = ap.parse_args(argv)
    if resources.CHECKOUT is None:
        print(resources.needs_checkout("tools.build_bundle"))
        return 2
    folder = build(resources.CHECKOUT, args.dist.resolve(), args.work.resolve())
    print(f"built {folder} ({size_mb(folder):.0f} MB); start it with {program(folder)}")
    if args.zip:
        machine = re.sub(r"[^a-z0-9_]+", "", platform.machine().lower()) or "any"
        base = args.dist.resolve() / f"{NAME}-{__version__}-{system_name()}-{machine}"
        app = folder.with_name(f"{NAME}.app")          # macOS: the app a family double-clicks
        shipped = app if sys.platform == "darwin" and app.is_dir() else folder
        made = shutil.make_archive(str(base), "zip", root_dir=shipped.parent, base_dir=shipped.name)
        print(f"download: {made} ({Path(made).stat().st_size / 1e6:.0f} MB)")
    return check(folder) if args.check else 0


if __name__ == "__main__":
    sys.exit(main())
