"""`smallworld --self-test`: proves an installed copy of the game works, with no display.

It opens the window with SDL's dummy drivers on the start screen (the line it prints then marks
how long the program took to show its first screen), reads every shipped map (`maps/*.tmx`) and
its picture, the base races and powers and every content pack (each alone, then all together),
the on-screen text of the four languages and the sounds, then lets two computer players play a
whole game on the two-player map through the window, up to the final ranking. Its first line
says the version (`game.__version__`). Each step prints one line;
the first that fails prints what went wrong and the exit status is 1, else 0. The player's own
saves and settings are never read nor touched: the run uses a temporary data folder. The report
is also written, line by line as it is printed, to `self-test.txt` in the data folder (its first
line says where): the windowed download on Windows has no console to print to, and that file is
what a player finds and sends. Used by CI on the built wheel and on the standalone download, and
by anyone who wants to know that a copy is whole.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any, Callable, TextIO

from . import __version__, native, resources

GAME_SEED = 7
STEP_LIMIT = 4000
REPORT = "self-test.txt"


def _maps(say: Callable[[str], None]) -> None:
    from .content.tmx import load_map
    files = sorted(resources.MAPS.glob("*.tmx"))
    if not files:
        raise RuntimeError(f"no map in {resources.MAPS}")
    for f in files:
        data = load_map(f)
        say(f"map {f.name}: {len(data.board.regions)} regions, {data.players} players")


def _content(say: Callable[[str], None]) -> None:
    from .content.catalog import default_catalog, load_catalog
    from .content.packs import resolve_content, shipped_packs
    base = default_catalog()
    say(f"base set: {len(base.races)} races, {len(base.powers)} powers")
    packs = shipped_packs()
    if not packs:
        raise RuntimeError(f"no content pack in {resources.CONTENT / 'expansions'}")
    for p in packs:
        cat = load_catalog([resolve_content(p.path)])
        say(f"pack {p.id}: {len(p.races)} races, {len(p.powers)} powers "
            f"({len(cat.races)} races, {len(cat.powers)} powers with the base set)")
    both = load_catalog([resolve_content(p.path) for p in packs])
    say(f"all packs together: {len(both.races)} races, {len(both.powers)} powers")


def _words(say: Callable[[str], None]) -> None:
    from .ui import strings
    for lang in strings.LANGUAGES:
        strings.set_language(lang)
        say(f"language {lang}: {strings.t('app.title')} — {strings.t('start.subtitle')}")
    strings.set_language("en")
    folder = resources.ASSETS / "sounds"
    sounds = sorted(p.name for p in folder.glob("*.wav"))
    music = sorted(p.name for p in folder.glob("*.ogg"))
    if not sounds or not music:
        raise RuntimeError(f"no {'sound' if not sounds else 'music'} in {folder}")
    say(f"sounds: {len(sounds)} files; music: {', '.join(music)}")


def _window(say: Callable[[str], None], home: Path) -> Any:
    from .ui.app import Options
    from .ui.driver import Driver
    d = Driver(Options(pace=0, catch_errors=False, save_path=home / "self-test.json"), size=(1000, 650))
    d.pump()
    say(f"window: {d.app.screen.get_width()}x{d.app.screen.get_height()}, start screen drawn "
        f"({d.app.frames} frame)")
    return d


def _computer_game(say: Callable[[str], None], home: Path, d: Any) -> None:
    from .match import Seat
    from .ui.driver import scripted_step
    from .ui.scenes.play import GameScene
    from .ui.table import Table, shipped_map_path

    t0 = time.perf_counter()
    seats = [Seat("Ann", "orange", "easy"), Seat("Bob", "sky", "easy")]
    table = Table.new(seats, GAME_SEED, shipped_map_path(2), [], home / "self-test.json")
    d.app.switch(GameScene(d.app, table))
    for _ in range(STEP_LIMIT):
        if scripted_step(d) == "final":
            break
    s = table.state
    if not s.game_over:
        raise RuntimeError(f"the computer game did not end in {STEP_LIMIT} steps (round {s.round})")
    coins = ", ".join(f"{p.name} {p.coins}" for p in s.players)
    say(f"a computer game on {Path(table.match.setup.map_path or '').name}, played through the window to "
        f"its end in {time.perf_counter() - t0:.1f} s ({len(table.match.records)} moves); coins {coins}")


def _print(line: str) -> None:
    print(line, flush=True)                 # at once: a pipe reading the lines times them


def report_path() -> Path:
    """Where the report is written: `self-test.txt` in the player's data folder (`game.saves`)."""
    from .saves import data_dir
    return data_dir() / REPORT


def _open_report(path: Path) -> tuple[TextIO | None, str]:
    """The report file, opened anew, and the line that says where it is (or why it could not be)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return open(path, "w", encoding="utf-8"), f"this report is also written to {path}"
    except OSError as err:
        return None, f"this report could not be written to {path}: {err.strerror or err}"


def run(out: Callable[[str], None] = _print, report: Path | None = None) -> int:
    """Every check in turn; 0 when all pass, 1 at the first that fails (with its reason). Each
    line goes to `out` and to the report file (`report`, else `report_path()`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    f, where_report = _open_report(report or report_path())

    def both(line: str) -> None:
        out(line)
        if f is not None:
            f.write(line + "\n")
            f.flush()                        # line by line: a crash still leaves how far it got

    try:
        return _run(both, where_report)
    finally:
        if f is not None:
            f.close()


def _run(out: Callable[[str], None], where_report: str) -> int:
    t0 = time.perf_counter()
    where = "installed" if resources.INSTALLED else "checkout"
    out(f"self-test: Small World {__version__}, the game's files in {resources.ROOT} ({where}); {where_report}")
    engine, why = native.state()
    out(f"  engine: {engine} ({why})")
    old_home = os.environ.get("SMALLWORLD_HOME")
    with tempfile.TemporaryDirectory(prefix="smallworld-self-test-") as tmp:
        os.environ["SMALLWORLD_HOME"] = tmp       # the player's saves and settings stay untouched
        say: Callable[[str], None] = lambda line: out(f"  {line}")
        window = None
        try:
            try:
                window = _window(say, Path(tmp))
            except Exception as err:  # noqa: BLE001 - a self-test reports every failure
                return _failed(out, "window", err)
            for name, step in (("maps", _maps), ("content", _content), ("text and sound", _words)):
                try:
                    step(say)
                except Exception as err:  # noqa: BLE001
                    return _failed(out, name, err)
            try:
                _computer_game(say, Path(tmp), window)
            except Exception as err:  # noqa: BLE001
                return _failed(out, "computer game", err)
        finally:
            if window is not None:
                window.close()
            if old_home is None:
                os.environ.pop("SMALLWORLD_HOME", None)
            else:
                os.environ["SMALLWORLD_HOME"] = old_home
    out(f"self-test passed in {time.perf_counter() - t0:.1f} s")
    return 0


def _failed(out: Callable[[str], None], step: str, err: BaseException) -> int:
    if sys.stderr is not None:
        traceback.print_exception(err, file=sys.stderr)
    else:                                    # a windowed program on Windows: the report keeps it
        for line in "".join(traceback.format_exception(err)).splitlines():
            out(f"    {line}")
    out(f"self-test FAILED at {step}: {type(err).__name__}: {err}")
    return 1
