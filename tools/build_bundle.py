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

`--zip` packs what a player unzips (the folder; on macOS `smallworld.app`) with each symbolic
link kept as a link and each file's permission bits (a macOS app's frameworks are links, which
`shutil.make_archive` stored as empty folders). With `--check` too, the zip is unpacked by the
system's own tool (`ditto` on macOS, `unzip` on Linux, Python's zipfile on Windows) and that copy
is self-tested, as a player would start it. On Linux `--check` also prints the oldest glibc the
download runs on (the highest `GLIBC_` version any of its files asks for: the build machine's).
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import time
import zipfile
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
    page = checkout / "game" / "phones" / "page"      # the phones' page: plain files beside its module
    args += ["--add-data", f"{page}{os.pathsep}{Path('game', 'phones', 'page').as_posix()}"]
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
    """The program a player starts in the download `folder` (or in the macOS app `folder`)."""
    if folder.suffix == ".app":
        return folder / "Contents" / "MacOS" / NAME
    return folder / (f"{NAME}.exe" if sys.platform == "win32" else NAME)


def pack(shipped: Path, zip_path: Path) -> Path:
    """Zip the folder `shipped` (its name at the top of the zip) into `zip_path`. A symbolic link is
    stored as a link (Unix mode S_IFLNK, its target as the entry's text), as `unzip`, `ditto` and
    the macOS Finder restore it, not as a copy or an empty folder; files keep their permission
    bits. A link that points outside the folder would be broken once unzipped: refused."""
    top = shipped.resolve()
    tmp = zip_path.with_name(zip_path.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for root, dirs, files in os.walk(shipped):          # never into a linked folder
            dirs.sort()
            for name in [*dirs, *sorted(files)]:
                path = Path(root, name)
                arc = path.relative_to(shipped.parent).as_posix()
                if path.is_symlink():
                    target = os.readlink(path)
                    if os.path.isabs(target) or top not in [path.parent.resolve() / target,
                                                           *(path.parent.resolve() / target).parents]:
                        tmp.unlink()
                        raise SystemExit(f"build_bundle: the link {path} points outside {shipped} ({target}); "
                                         "it would be broken in the zip: make it relative and inside")
                    info = zipfile.ZipInfo(arc, time.localtime(max(path.lstat().st_mtime, 315532800))[:6])
                    info.create_system = 3                     # Unix: the mode below is read
                    info.external_attr = (stat.S_IFLNK | 0o777) << 16
                    z.writestr(info, target.replace(os.sep, "/"))
                else:
                    z.write(path, arc)
    os.replace(tmp, zip_path)
    return zip_path


def unpack(zip_path: Path, dest: Path) -> None:
    """Unzip as a player's system does: `ditto` on macOS (the Finder's way), `unzip` on Linux
    (both restore links and permissions), Python's zipfile on Windows (links play no part there)."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    if sys.platform == "darwin":
        subprocess.run(["ditto", "-x", "-k", str(zip_path), str(dest)], check=True)
    elif sys.platform != "win32" and shutil.which("unzip"):
        subprocess.run(["unzip", "-q", str(zip_path), "-d", str(dest)], check=True)
    else:
        with zipfile.ZipFile(zip_path) as z:
            z.extractall(dest)


def glibc_floor(folder: Path) -> str | None:
    """The oldest glibc the Linux download runs on: the highest `GLIBC_x.y` symbol version any of
    its programs and libraries asks for (glibc itself is never in the folder); None if none does."""
    found: set[tuple[int, ...]] = set()
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as f:
                if f.read(4) != b"\x7fELF":
                    continue
                data = f.read()
            found.update(tuple(int(n) for n in m.group(1).split(b".")) for m in re.finditer(rb"GLIBC_(\d+(?:\.\d+)+)", data))
    return ".".join(map(str, max(found))) if found else None


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def check(folder: Path, runs: int = 3) -> int:
    """Run the bundle's --self-test from another folder with a bare environment (no Python on
    PATH, no PYTHONPATH); print its size and how long it takes to show its first screen. A
    bundle that carries a compiled engine must run on it. A program with no console (the
    windowed one on Windows may print nothing) is judged by the report it writes in its data
    folder (`game.selftest`)."""
    exe = program(folder)
    home = folder.parent / "check-home"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": os.devnull,
           "HOME": str(home), "SMALLWORLD_HOME": str(home)}
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    firsts, totals, code = [], [], 0
    lines: list[str] = []
    for _ in range(runs):
        (home / "self-test.txt").unlink(missing_ok=True)
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
        report = home / "self-test.txt"
        if not any(line.startswith("self-test passed") for line in lines) and report.is_file():
            lines += ["(the program printed no report: the one it wrote in its data folder follows)",
                      *report.read_text(encoding="utf-8").splitlines()]
        if code != 0 or not any(line.startswith("self-test passed") for line in lines):
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
    first = f"{firsts[len(firsts) // 2]:.2f} s" if firsts else "not timed (no console output)"
    print(f"bundle: {folder} — {size_mb(folder):.0f} MB in {sum(1 for p in folder.rglob('*') if p.is_file())} files; "
          f"start to first screen {first}, whole self-test {totals[len(totals) // 2]:.1f} s "
          f"(medians of {runs} runs); engine {engine}")
    if sys.platform.startswith("linux"):
        floor = glibc_floor(folder)
        print(f"runs on Linux with glibc {floor} or newer" if floor else "asks for no glibc version")
    return 0


def zip_name(version: str = __version__) -> str:
    """smallworld-VERSION-SYSTEM-MACHINE.zip, for this system and machine."""
    machine = re.sub(r"[^a-z0-9_]+", "", platform.machine().lower()) or "any"
    return f"{NAME}-{version}-{system_name()}-{machine}.zip"


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
    if not args.zip:
        return check(folder) if args.check else 0
    app = folder.with_name(f"{NAME}.app")          # macOS: the app a family double-clicks
    shipped = app if sys.platform == "darwin" and app.is_dir() else folder
    made = pack(shipped, args.dist.resolve() / zip_name())
    print(f"download: {made} ({made.stat().st_size / 1e6:.0f} MB)")
    if not args.check:
        return 0
    unpacked = args.work.resolve() / "unzipped"
    unpack(made, unpacked)                         # the copy a player gets: the zip's, not the build's
    return check(unpacked / shipped.name)


if __name__ == "__main__":
    sys.exit(main())
