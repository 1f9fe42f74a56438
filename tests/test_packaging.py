"""The game installs like an app: every file is found through `game.resources` (never from a
module's own place in the source tree), the package metadata and the requirement lists agree,
the installed layout (data inside the package) is found with the working folder elsewhere, the
three ways to start it take the same options, the self-test passes, the Linux menu entry is
installed and removed without touching a user's own files, and the icon files are what
`game.ui.icon` draws. (CI also builds the wheel, installs it outside the checkout and runs
`smallworld --self-test`, and builds and self-tests the standalone download.)"""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import bench, desktop, native, resources  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_no_module_finds_a_file_through_its_own_place_in_the_source_tree() -> None:
    """`Path(__file__).parents[n]` breaks once installed: only game.resources finds files."""
    offenders = []
    files = [*(ROOT / "game").rglob("*.py"), *(ROOT / "tools").rglob("*.py"), ROOT / "main.py", ROOT / "setup.py"]
    for f in files:
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if "__file__" in line or re.search(r"\.parents\[", line):
                offenders.append(f"{f.relative_to(ROOT).as_posix()}:{n}: {line.strip()}")
    assert offenders == []


def _requirements(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-r"):
            out.append(line.replace(" ", ""))
    return out


def test_the_requirement_lists_say_what_the_package_says() -> None:
    project = PYPROJECT["project"]
    assert _requirements(ROOT / "requirements.txt") == project["dependencies"]
    assert "-r requirements.txt" in (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")
    assert _requirements(ROOT / "requirements-dev.txt") == [d.replace(" ", "") for d in project["optional-dependencies"]["dev"]]
    assert project["optional-dependencies"]["dask"] == ["dask[distributed]>=2024.1"]
    names = [re.split(r"[<>=\[]", d)[0] for d in project["dependencies"]]
    assert names == ["pygame-ce", "pytmx", "PyYAML", "platformdirs", "aiohttp", "segno"]
    assert project["scripts"] == {"smallworld": "game.cli:main"}


def test_in_a_checkout_the_files_are_at_the_top_of_the_repository(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    assert not resources.INSTALLED and resources.CHECKOUT == ROOT == resources.ROOT
    assert resources.MAPS == ROOT / "maps" and resources.ASSETS == ROOT / "assets"
    assert resources.relative(ROOT / "maps" / "two_players.tmx") == "maps/two_players.tmx"
    assert resources.find("maps/two_players.tmx") == ROOT / "maps" / "two_players.tmx"


def test_installed_the_files_are_found_inside_the_package_from_any_folder(tmp_path: Path) -> None:
    """The layout the wheel installs (game/data/assets, maps, docs), with nothing of the checkout
    reachable: the shipped maps and races load, and a save's relative path resolves there."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "game", site / "game", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("assets", "maps", "docs"):
        shutil.copytree(ROOT / name, site / "game" / "data" / name, ignore=shutil.ignore_patterns("*.wav"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("from game import resources\n"
            "from game.content.tmx import SHIPPED_MAPS, load_map\n"
            "from game.content.catalog import default_catalog\n"
            "from game.content.packs import shipped_packs\n"
            "from game.match import MatchSetup, Seat\n"
            "print(resources.INSTALLED, resources.CHECKOUT, resources.ROOT)\n"
            "print(len(load_map(SHIPPED_MAPS[3]).board.regions), len(default_catalog().races), len(shipped_packs()))\n"
            "setup = MatchSetup([Seat('a', ''), Seat('b', '')], 1, 'maps/two_players.tmx')\n"
            "print(len(setup.board().regions))\n"
            "from game.bots import worth\n"
            "print(len(worth.shipped_tables()))\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env, capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0, out.stderr
    first, second, third, fourth = out.stdout.splitlines()
    assert first == f"True None {site.resolve() / 'game' / 'data'}"
    assert second == "30 14 7"
    assert third == "23"
    assert fourth == "8"                  # the bots' table of worth: base and every pack, 2 to 5 players


def test_a_tool_that_needs_the_repository_says_so_in_one_line_when_installed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(resources, "CHECKOUT", None)
    assert bench.main(["--compare", "HEAD", "--games", "1"]) == 2
    out = capsys.readouterr().out.strip()
    assert "\n" not in out and out.startswith("--compare HEAD works in a git checkout")
    from game.content import vocab
    assert vocab.main(["--write"]) == 2
    assert "works in a git checkout" in capsys.readouterr().out


def _options(cmd: list[str]) -> list[str]:
    out = subprocess.run([*cmd, "--help"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return sorted(set(re.findall(r"--[a-z][a-z-]+", out)))


def test_main_py_and_python_m_game_take_the_same_options() -> None:
    a = _options([sys.executable, "main.py"])
    b = _options([sys.executable, "-m", "game"])
    assert a == b
    assert {"--self-test", "--install-desktop", "--uninstall-desktop", "--map", "--lang"} <= set(a)


@pytest.mark.slow
def test_the_self_test_plays_a_computer_game_and_passes(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SMALLWORLD_HOME=str(tmp_path / "home"))
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--self-test"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, check=False, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "pack underground" in out.stdout and "language fr" in out.stdout
    assert re.search(r"a computer game on two_players\.tmx, played through the window to its end", out.stdout)
    assert out.stdout.strip().splitlines()[-1].startswith("self-test passed")
    # the player's data folder holds only the report, the very lines printed (found without a console)
    assert [p.name for p in (tmp_path / "home").iterdir()] == ["self-test.txt"]
    assert (tmp_path / "home" / "self-test.txt").read_text(encoding="utf-8") == out.stdout
    assert f"this report is also written to {tmp_path / 'home' / 'self-test.txt'}" in out.stdout.splitlines()[0]
    assert f"engine: {native.state()[0]} " in out.stdout   # main.py looks for the build as the tests do


def test_the_self_test_fails_when_a_map_is_broken(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "broken.tmx").write_text("<map>", encoding="utf-8")
    monkeypatch.setattr(resources, "MAPS", tmp_path)
    from game import selftest
    lines: list[str] = []
    assert selftest.run(lines.append) == 1
    assert lines[-1].startswith("self-test FAILED at maps:") and "broken.tmx" in lines[-1]
    report = Path(os.environ["SMALLWORLD_HOME"]) / "self-test.txt"     # where a windowed program's report is
    assert report.read_text(encoding="utf-8").splitlines() == lines


def test_without_a_console_the_report_file_keeps_the_reason_in_full(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    """The windowed download on Windows has no stdout nor stderr: the report file is all there is,
    so it carries the traceback too; a report that cannot be written is said, and the checks go on."""
    (tmp_path / "broken.tmx").write_text("<map>", encoding="utf-8")
    monkeypatch.setattr(resources, "MAPS", tmp_path)
    monkeypatch.setattr(sys, "stderr", None)
    from game import selftest
    assert selftest.run(lambda line: None, report=tmp_path / "report.txt") == 1
    text = (tmp_path / "report.txt").read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and "broken.tmx" in text
    assert text.splitlines()[-1].startswith("self-test FAILED at maps:")
    lines: list[str] = []
    (tmp_path / "a file").write_text("", encoding="utf-8")
    assert selftest.run(lines.append, report=tmp_path / "a file" / "self-test.txt") == 1
    assert "this report could not be written to" in lines[0] and lines[-1].startswith("self-test FAILED at maps:")


# -- the Linux applications menu ---------------------------------------------------------------------
@pytest.mark.slow
def test_the_menu_entry_is_installed_with_the_name_in_four_languages_and_removed(tmp_path: Path) -> None:
    code, said = desktop.install(tmp_path)
    assert code == 0 and "applications menu" in said
    entry = (tmp_path / "applications" / "smallworld-table.desktop").read_text(encoding="utf-8")
    for lang in ("ro", "nl", "fr"):
        assert f"Name[{lang}]=Small World" in entry
    assert "Comment[fr]=Un jeu pour 2 à 5 joueurs sur un seul ordinateur" in entry
    assert re.search(r"^Exec=\S*python\S* -m game$", entry, re.M)
    assert f"Path={ROOT}" in entry                  # from a checkout: started in its folder
    from game.ui.icon import WINDOW_CLASS
    assert f"StartupWMClass={WINDOW_CLASS}" in entry  # the window is known as this entry's
    icon = tmp_path / "icons" / "hicolor" / "256x256" / "apps" / "smallworld-table.png"
    assert icon.read_bytes() == (ROOT / "assets" / "ui" / "icon" / "smallworld-256.png").read_bytes()
    assert desktop.install(tmp_path)[0] == 0       # again: its own files are replaced
    code, said = desktop.uninstall(tmp_path)
    assert code == 0 and "5 files" in said
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []
    assert desktop.uninstall(tmp_path)[0] == 0     # nothing left to remove: said, not an error


def test_a_users_own_files_are_never_overwritten_nor_removed(tmp_path: Path) -> None:
    mine = tmp_path / "applications" / "smallworld-table.desktop"
    mine.parent.mkdir(parents=True)
    mine.write_text("[Desktop Entry]\nName=My own Small World\n", encoding="utf-8")
    code, said = desktop.install(tmp_path)
    assert code == 2 and str(mine) in said and "\n" not in said
    assert mine.read_text(encoding="utf-8") == "[Desktop Entry]\nName=My own Small World\n"
    assert not (tmp_path / "icons").exists()        # nothing at all was written
    code, said = desktop.uninstall(tmp_path)
    assert code == 2 and mine.exists()
    mine.unlink()
    icon = tmp_path / "icons" / "hicolor" / "48x48" / "apps" / "smallworld-table.png"
    icon.parent.mkdir(parents=True)
    icon.write_bytes(b"my own picture")
    assert desktop.install(tmp_path)[0] == 2 and icon.read_bytes() == b"my own picture"
    assert desktop.uninstall(tmp_path)[0] == 2 and icon.read_bytes() == b"my own picture"


def _shown_by_a_menu(entry: Path) -> bool:
    """What a desktop menu does with TryExec (the Desktop Entry specification): the entry is shown
    only while that file exists and can be run."""
    lines = entry.read_text(encoding="utf-8").splitlines()
    try_exec = [line.split("=", 1)[1] for line in lines if line.startswith("TryExec=")]
    return all(os.path.isfile(p) and os.access(p, os.X_OK) for p in try_exec)


def test_the_menu_entry_is_hidden_once_the_program_it_starts_is_gone(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    """Installed with pipx, the entry starts the Python of pipx's own environment; `pipx uninstall`
    removes that environment, and the entry's TryExec (that Python's absolute path, written as it
    is, spaces and all) then hides it from the menu instead of offering a game that cannot start."""
    python = tmp_path / "pipx venvs" / "smallworld-table" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n", encoding="utf-8")
    python.chmod(0o755)
    monkeypatch.setattr(desktop, "command", lambda: ([str(python), "-m", "game"], None))
    assert desktop.install(tmp_path / "share")[0] == 0
    entry = tmp_path / "share" / "applications" / "smallworld-table.desktop"
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert f"TryExec={python}" in lines
    assert f'Exec="{python}" -m game' in lines
    assert _shown_by_a_menu(entry)
    shutil.rmtree(tmp_path / "pipx venvs")          # pipx uninstall
    assert not _shown_by_a_menu(entry)


def test_an_exec_argument_with_spaces_is_quoted() -> None:
    assert desktop._quote("/opt/Small World/python") == '"/opt/Small World/python"'
    assert desktop._quote('/a"b$c') == '"/a\\"b\\$c"'
    assert desktop._quote("/usr/bin/python3") == "/usr/bin/python3"


# -- the icon ------------------------------------------------------------------------------------------
ICON = ROOT / "assets" / "ui" / "icon"
PNG = b"\x89PNG\r\n\x1a\n"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG
    w, h = struct.unpack(">II", data[16:24])
    return w, h


def test_the_windows_icon_holds_a_png_of_each_size() -> None:
    data = (ICON / "smallworld.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count == 7
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        size = _png_size(data[offset: offset + length])
        assert size[0] == (w or 256) and size[1] == (h or 256) and (planes, bits) == (1, 32)
        sizes.append(size[0])
    assert sizes == [16, 24, 32, 48, 64, 128, 256]


def test_the_macos_icon_holds_pngs_under_their_size_codes() -> None:
    data = (ICON / "smallworld.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        kind, length = data[at: at + 4], struct.unpack(">I", data[at + 4: at + 8])[0]
        found[kind] = _png_size(data[at + 8: at + length])[0]
        at += length
    assert found == {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512}


def test_the_shipped_icon_is_the_one_the_code_draws() -> None:
    """The PNGs in assets/ui/icon/ are `python -m game.ui.icon`'s output (redraw them after a change)."""
    import pygame

    from game.ui import icon
    for size in (32, 256):
        drawn = icon.draw(size)
        shipped = pygame.image.load(str(ICON / f"smallworld-{size}.png"))
        assert shipped.get_size() == (size, size)
        diff = sum(abs(a - b) for x in range(0, size, max(1, size // 32)) for y in range(0, size, max(1, size // 32))
                   for a, b in zip(drawn.get_at((x, y)), shipped.get_at((x, y)), strict=True))
        samples = len(range(0, size, max(1, size // 32))) ** 2
        assert diff / (samples * 4) < 3, f"the {size}-pixel icon differs from what game.ui.icon draws"


# -- the download ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("system", "icon", "sep"), [("linux", None, ":"), ("win32", "smallworld.ico", ";"),
                                                     ("darwin", "smallworld.icns", ":")])
def test_the_bundle_recipe_is_the_same_script_on_every_system(monkeypatch: pytest.MonkeyPatch, system: str,
                                                              icon: str | None, sep: str) -> None:
    """One script: the data separator and the icon format follow the system it runs on, and
    every data folder lands inside the package, where game.resources looks when installed."""
    from tools import build_bundle
    monkeypatch.setattr(build_bundle.sys, "platform", system)
    monkeypatch.setattr(build_bundle.os, "pathsep", sep)
    args = build_bundle.pyinstaller_args(ROOT, ROOT / "dist", ROOT / "build" / "bundle")
    data = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    assert data == [f"{ROOT / name}{sep}game/data/{name}" for name in ("assets", "maps", "docs")] \
        + [f"{ROOT / 'game' / 'phones' / 'page'}{sep}game/phones/page"]        # the phones' page beside its module
    assert ("--icon" in args) == (icon is not None)
    if icon is not None:
        assert Path(args[args.index("--icon") + 1]) == ROOT / "assets" / "ui" / "icon" / icon
        assert "--windowed" in args
    assert "dask" in [args[i + 1] for i, a in enumerate(args) if a == "--exclude-module"]
    assert build_bundle.system_name() == {"linux": "linux", "win32": "windows", "darwin": "macos"}[system]


def test_the_download_carries_a_compiled_engine_only_of_its_own_sources(tmp_path: Path) -> None:
    """With a build of the checkout's sources, the download ships it and, beside it, the sources
    `game.native` checks it against, compiled or not (each in its package's folder, as in a
    checkout); without a build, or with a source edited since, it ships neither and runs
    interpreted."""
    from tests.test_native import fake_build
    from tools import build_bundle

    assert build_bundle.compiled_build(tmp_path) is None
    folder = fake_build(tmp_path)
    assert build_bundle.compiled_build(tmp_path) == folder
    args = build_bundle.pyinstaller_args(tmp_path, tmp_path / "dist", tmp_path / "work", folder)
    data = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    sep = os.pathsep
    assert f"{folder}{sep}{folder.relative_to(tmp_path).as_posix()}" in data
    for module in native.MODULES:
        source = native.source_of(module, tmp_path)
        assert f"{source}{sep}{'/'.join(module.split('.')[:-1])}" in data, module
    base = tmp_path / "game" / "rules" / "abilities" / "base.py"          # read by the compiled, not compiled
    assert f"{base}{sep}game/rules/abilities" in data
    assert len(data) == 4 + 1 + len(native.read_files(tmp_path)) == 4 + 1 + len(native.MODULES) + 2
    src = native.source_of("game.rules.turn", tmp_path)
    src.write_text(src.read_text() + "# edited\n")
    assert build_bundle.compiled_build(tmp_path) is None


def _an_app(top: Path) -> Path:
    """A folder laid out as a macOS app: a framework's version folder reached through links."""
    app = top / "smallworld.app"
    versions = app / "Contents" / "Frameworks" / "Python.framework" / "Versions"
    (versions / "3.11").mkdir(parents=True)
    (versions / "3.11" / "Python").write_bytes(b"\x7fELF library")
    os.symlink("3.11", versions / "Current")                                     # a linked folder
    os.symlink("Versions/Current/Python", versions.parent / "Python")            # a linked file
    (app / "Contents" / "MacOS").mkdir()
    (app / "Contents" / "MacOS" / "smallworld").write_text("#!/bin/sh\n", encoding="utf-8")
    (app / "Contents" / "MacOS" / "smallworld").chmod(0o755)
    return app


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links of a macOS app")
def test_the_zip_keeps_links_as_links_and_the_programs_runnable(tmp_path: Path) -> None:
    """A macOS app's frameworks are symbolic links: the zip stores each as a link (not an empty
    folder, not a copy), and `unzip` (as the Finder) gives back the links and the program's mode."""
    import stat
    import zipfile

    from tools import build_bundle
    app = _an_app(tmp_path / "dist")
    made = build_bundle.pack(app, tmp_path / "smallworld.zip")
    with zipfile.ZipFile(made) as z:
        entries = {i.filename: i for i in z.infolist()}
        links = {name: z.read(i).decode() for name, i in entries.items() if stat.S_ISLNK(i.external_attr >> 16)}
    fw = "smallworld.app/Contents/Frameworks/Python.framework"
    assert links == {f"{fw}/Versions/Current": "3.11", f"{fw}/Python": "Versions/Current/Python"}
    assert not [n for n in entries if n.startswith(f"{fw}/Versions/Current/")]      # not walked into either
    assert stat.S_IMODE(entries["smallworld.app/Contents/MacOS/smallworld"].external_attr >> 16) == 0o755
    build_bundle.unpack(made, tmp_path / "out")
    got = tmp_path / "out" / fw
    assert os.readlink(got / "Versions" / "Current") == "3.11" and os.readlink(got / "Python") == "Versions/Current/Python"
    assert (got / "Python").read_bytes() == b"\x7fELF library"
    assert os.access(tmp_path / "out" / "smallworld.app" / "Contents" / "MacOS" / "smallworld", os.X_OK)
    assert build_bundle.program(tmp_path / "out" / "smallworld.app").parent.name == "MacOS"


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_a_link_out_of_the_download_is_refused_in_one_line(tmp_path: Path) -> None:
    from tools import build_bundle
    app = _an_app(tmp_path / "dist")
    os.symlink(str(tmp_path), app / "Contents" / "elsewhere")
    with pytest.raises(SystemExit, match=r"the link .*elsewhere points outside .*make it relative") as err:
        build_bundle.pack(app, tmp_path / "smallworld.zip")
    assert "\n" not in str(err.value) and not list(tmp_path.glob("smallworld.zip*"))


def test_the_glibc_floor_is_the_highest_version_asked_for(tmp_path: Path) -> None:
    from tools import build_bundle
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "a.so").write_bytes(b"\x7fELF\0GLIBC_2.17\0GLIBC_2.34\0GLIBCXX_3.4.30\0")
    (tmp_path / "b").write_bytes(b"\x7fELF\0GLIBC_2.4\0GLIBC_2.9\0")
    (tmp_path / "notes.txt").write_bytes(b"GLIBC_2.99")                  # not a program: not read
    assert build_bundle.glibc_floor(tmp_path) == "2.34"
    assert build_bundle.glibc_floor(tmp_path / "lib" / "none") is None


def test_ci_runs_the_readmes_test_command_and_the_quick_subset_is_a_registered_marker() -> None:
    """The README's test command is the one `.ci/run` ends with (the whole suite, on every core),
    and the quick subset it gives leaves out a marker pytest knows (`--strict-markers` refuses a
    misspelt one), which marks some tests and not all."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [line.strip() for line in readme.splitlines() if "-m pytest" in line and line.startswith("    ")]
    whole = [c for c in commands if c.startswith("python3 -m venv")]
    assert len(whole) == 1 and whole[0].endswith(".venv/bin/python -m pytest -q -n auto")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert whole[0].endswith(ci)
    quick = [c for c in commands if "-m \"not slow\"" in c]
    assert quick == ['.venv/bin/python -m pytest -q -n auto -m "not slow"']
    ini = (ROOT / "pytest.ini").read_text(encoding="utf-8")
    assert "--strict-markers" in ini and re.search(r"^\s+slow:", ini, re.M)
    marked = [f for f in (ROOT / "tests").glob("test_*.py") if "@pytest.mark.slow" in f.read_text(encoding="utf-8")]
    assert 0 < len(marked) < len(list((ROOT / "tests").glob("test_*.py")))
