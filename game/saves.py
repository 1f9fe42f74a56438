"""Where games are kept: the data folder, one file per game, and the list the start screen shows.

The data folder is `$SMALLWORLD_HOME` if set, else the platform's own (`platformdirs`:
`~/.local/share/smallworld-table` on Linux, `~/Library/Application Support/smallworld-table` on
macOS, `%LOCALAPPDATA%\\smallworld-table` on Windows). Every game has its own file in `saves/`,
named when the game starts and never reused, so starting a game never replaces another.
`prepare_home` runs once at start: it checks the folder can be written (one line with the fix if
not), moves a save of the older single-autosave layout into `saves/` (never over a file) and
clears temporary files left by an interrupted save (and lock files no window holds: see
`savelock`, which keeps two windows from playing one game). A save that cannot be resumed is moved aside
(`quarantine`) under a name that is new, and is never deleted or overwritten by us. No pygame here.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import savelock
from .content.bounded import load_json, read_bytes
from .match import SaveError, check_save
from .match import write_atomic as _write_atomic  # one atomic writer; a name of its own here for the tests
from .rules import HasReason, reason

APP = "smallworld-table"
SAVES = "saves"
WORTH = "worth"             # the computer players' cached tables of worth (`worth_cache.py`)
STALE_TMP = 120.0            # seconds: a younger *.tmp may be another window saving right now


class HomeError(HasReason, OSError):
    """The data folder cannot be used; one line naming the folder and the fix."""


def legacy_home() -> Path:
    """The folder older versions used on every platform."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def data_dir() -> Path:
    """Where saves and settings live: $SMALLWORLD_HOME, else the platform's data folder."""
    env = os.environ.get("SMALLWORLD_HOME")
    if env:
        return Path(env).expanduser()
    try:
        import platformdirs
    except ImportError:                       # a bare checkout without the requirements
        return legacy_home()
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / SAVES


def check_home(home: Path | None = None) -> Path:
    """Make sure the data folder exists and can be written; raises `HomeError` with one line."""
    home = home or data_dir()
    env = bool(os.environ.get("SMALLWORLD_HOME"))
    hint = "SMALLWORLD_HOME" if env else "the folder"
    if home.exists() and not home.is_dir():
        raise HomeError(reason("home_not_folder", path=str(home), hint=hint))
    try:
        (home / SAVES).mkdir(parents=True, exist_ok=True)
        probe = home / SAVES / f".write-test-{os.getpid()}.tmp"
        with open(probe, "w", encoding="utf-8") as f:
            f.write("ok")
        os.unlink(probe)
    except OSError as err:
        raise HomeError(reason("home_not_writable", path=str(home), error=err.strerror or str(err),
                               hint=hint)) from None
    return home


def move_without_overwrite(src: Path, dest_dir: Path, stem: str, suffix: str) -> Path:
    """Move `src` into `dest_dir` as `stem+suffix`, or `stem-2+suffix`..., never over a file."""
    dest_dir.mkdir(parents=True, exist_ok=True)
    for n in range(1, 10_000):
        dest = dest_dir / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            os.link(src, dest)                # fails if dest exists: no overwrite, ever
        except FileExistsError:
            continue
        except OSError:                       # no hard links here (some Windows or network drives)
            if dest.exists():
                continue
            os.rename(src, dest)
            return dest
        os.unlink(src)
        return dest
    raise OSError(f"no free name for {src} in {dest_dir}")


def quarantine(path: Path) -> Path:
    """Move a save that cannot be resumed aside (never deleted, never overwritten)."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return move_without_overwrite(path, path.parent, f"{path.stem}.unreadable-{stamp}", path.suffix)


def migrate(home: Path) -> list[Path]:
    """Move saves of the single-autosave layout into `saves/`, once (the old file is then gone)."""
    moved: list[Path] = []
    sources = [home]
    old = legacy_home()
    if not os.environ.get("SMALLWORLD_HOME") and old.resolve() != home.resolve():
        sources.append(old)
    for folder in sources:
        if not folder.is_dir():
            continue
        for f in sorted(folder.glob("autosave*.json")):
            if not f.is_file():
                continue
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(f.stat().st_mtime))
            stem = f"game-{stamp}" if f.name == "autosave.json" else f.stem
            try:
                moved.append(move_without_overwrite(f, home / SAVES, stem, ".json"))
            except OSError:
                pass                          # left where it was: still there, still ours
        if folder != home:
            settings = folder / "settings.json"
            if settings.is_file() and not (home / "settings.json").exists():
                try:
                    (home / "settings.json").write_bytes(read_bytes(settings, "settings"))
                except OSError:
                    pass
    return moved


def clean_tmp(home: Path, now: float | None = None) -> list[Path]:
    """Remove temporary files of interrupted writes (`*.tmp` older than a couple of minutes) in the
    data folder, its saves and its cache of worth."""
    now = time.time() if now is None else now
    gone: list[Path] = []
    for folder in (home, home / SAVES, home / WORTH):
        if not folder.is_dir():
            continue
        for f in folder.glob("*.tmp"):
            try:
                if f.is_file() and now - f.stat().st_mtime > STALE_TMP:
                    f.unlink()
                    gone.append(f)
            except OSError:
                pass
    return gone


def prepare_home() -> Path:
    """At start: check the folder, migrate old saves, clear stale temporary files, and put back
    a game whose end could not be saved last time (`recover_stashed`)."""
    home = check_home()
    migrate(home)
    clean_tmp(home)
    savelock.clear_stale(home / SAVES)
    recover_stashed(home / SAVES)
    return home


# -- a game whose save could not be written (a full disk) -----------------------------------------
def stash_dir(saves: Path | None = None) -> Path:
    """Where a game is kept when its own folder cannot take it: the system's temporary folder
    (most often another disk), one folder per user and per saves folder."""
    saves = Path(saves or saves_dir()).resolve()
    tag = hashlib.sha1(str(saves).encode("utf-8")).hexdigest()[:12]
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return Path(tempfile.gettempdir()) / f"{APP}-unsaved-{user}" / tag


def stash(data: dict[str, Any], save_path: Path) -> Path:
    """Keep a game whose save could not be written (`data`: `Match.to_dict()`) where the next
    start finds it and puts it back in `save_path`'s folder; raises `OSError` if even that fails."""
    folder = stash_dir(save_path.parent)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    target = folder / save_path.name
    _write_atomic(json.dumps(data, separators=(",", ":")).encode("utf-8"), target)
    return target


def _same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """`b` is `a` played on (same setup, at least as many moves, `a`'s moves first)."""
    ra, rb = a.get("records") or [], b.get("records") or []
    return a.get("setup") == b.get("setup") and len(ra) <= len(rb) and rb[:len(ra)] == ra


def recover_stashed(folder: Path | None = None) -> list[Path]:
    """Put back the games kept by `stash` into `folder` (their own save when it is the same game
    played less far, else a file of their own); a game that still cannot be written stays
    kept for the next start. Returns the saves written."""
    folder = Path(folder or saves_dir())
    source = stash_dir(folder)
    written: list[Path] = []
    if not source.is_dir():
        return written
    for f in sorted(source.glob("*.json")):
        try:
            d = check_save(f)
            raw = read_bytes(f, "save")
        except (SaveError, OSError):
            continue                          # not ours to judge: left where it is
        dest = folder / f.name
        try:
            if dest.exists() or dest.is_symlink():
                try:
                    same = _same_game(check_save(dest), d)
                except SaveError:
                    same = False
                if not same:
                    dest = new_save_path(folder)
            if savelock.held_elsewhere(dest):
                continue
            folder.mkdir(parents=True, exist_ok=True)
            _write_atomic(raw, dest)
        except OSError:
            continue                          # still no room: kept for the next start
        written.append(dest)
        try:
            f.unlink()
        except OSError:
            pass
    return written


def new_save_path(folder: Path | None = None, when: float | None = None) -> Path:
    """A file name for a new game that no file has yet."""
    folder = folder or saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    for n in range(1, 10_000):
        p = folder / (f"game-{stamp}.json" if n == 1 else f"game-{stamp}-{n}.json")
        if not p.exists() and not savelock.lock_path(p).exists():    # nor one a window is starting
            return p
    raise OSError(f"no free file name in {folder}")


@dataclass
class SaveInfo:
    """What the start screen says about a saved game, read without replaying it."""
    path: Path
    map_path: str
    players: list[str]
    round: int
    turns: int
    saved_at: float
    game_over: bool
    winners: list[str] = field(default_factory=list)
    board: str = ""                  # the map's name as the game showed it
    content: list[str] = field(default_factory=list)     # the content files it was started with


def read_info(path: Path) -> SaveInfo:
    """The summary of one save; raises `SaveError` (one line) if its shape is wrong."""
    d = check_save(path)
    state = d["state"] if isinstance(d.get("state"), dict) else {}
    summary = d["summary"] if isinstance(d.get("summary"), dict) else {}
    players = [str(s["name"]) for s in d["setup"]["seats"]]
    rnd = summary.get("round", state.get("round", 1))
    board = d["setup"].get("inline_board") or {}
    turns = summary.get("turns", board.get("turns", 10) if isinstance(board, dict) else 10)
    win = summary.get("winners", state.get("winners")) or []
    over = bool(summary.get("game_over", bool(win)))
    name = summary["board"] if isinstance(summary.get("board"), str) else ""
    winners = [players[i] for i in win if isinstance(i, int) and 0 <= i < len(players)] if isinstance(win, list) else []
    saved_at = d.get("saved_at")
    if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool) or not 0 <= saved_at < 1e11:
        saved_at = path.stat().st_mtime
    content = [c for c in d["setup"].get("content") or [] if isinstance(c, str)]
    return SaveInfo(path, str(d["setup"].get("map") or ""), players, rnd if isinstance(rnd, int) else 1,
                    turns if isinstance(turns, int) else 10, float(saved_at), over, winners, name[:80], content)


@dataclass
class Shelf:
    """The saves found in the folder: the usable ones, newest first, and those moved aside."""
    games: list[SaveInfo] = field(default_factory=list)
    kept_aside: list[tuple[Path, Any]] = field(default_factory=list)     # (new path, reason)


def list_saves(folder: Path | None = None) -> Shelf:
    """Every save in `saves/`; one that cannot be read is moved aside and reported."""
    folder = folder or saves_dir()
    shelf = Shelf()
    if not folder.is_dir():
        return shelf
    for f in sorted(folder.glob("*.json")):
        if ".unreadable-" in f.name or not f.is_file():
            continue
        try:
            shelf.games.append(read_info(f))
        except Exception as err:  # noqa: BLE001 - any file in the folder: kept aside, never a crash
            if not isinstance(err, SaveError):
                err = SaveError(reason("save_shape", path=str(f),
                                          problem=reason("save_p_reader", error=type(err).__name__)))
            try:
                shelf.kept_aside.append((quarantine(f), err))
            except OSError:
                shelf.kept_aside.append((f, err))
    shelf.games.sort(key=lambda g: (g.game_over, -g.saved_at))
    return shelf


def delete_save(path: Path) -> None:
    """Delete a saved game the player asked to delete (after a confirmation); a game open in
    another window is not deleted (`savelock.OpenElsewhere`)."""
    path = Path(path)
    if savelock.held_elsewhere(path):
        raise savelock.OpenElsewhere(path)
    path.unlink()
    try:
        savelock.lock_path(path).unlink()
    except OSError:
        pass


def peek_json(path: Path) -> Any:
    """The JSON in a file, or None (for tools and tests)."""
    try:
        return load_json(path, "save")
    except (OSError, ValueError, RecursionError):
        return None
