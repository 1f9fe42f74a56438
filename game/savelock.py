"""Which window has a saved game open: a lock beside each open save, so two windows never play
(and save) the same game at once.

A window that opens a game (`hold`) takes an operating-system lock on `NAME.json.lock` beside
the save: `flock` on Linux and macOS, `msvcrt.locking` on Windows. The system lets go of it when
the window closes or crashes, so a lock is never left stale; the empty file is removed when the
window lets go normally (`release`, on leaving to the start screen). Another window asks
`held_elsewhere` before it resumes or deletes a game, and is told the game is open elsewhere.
A folder where no lock file can be made does not stop anyone playing: the game simply goes
without. No pygame here.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

_held: tuple[Path, IO[bytes]] | None = None       # the game this window has open, and its lock


class OpenElsewhere(Exception):
    """The game is open in another window; `path` is its save."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path}: this game is open in another window")
        self.path = path


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + ".lock")


def _lock(f: IO[bytes]) -> bool:
    """Take the lock without waiting; False when someone else has it."""
    try:
        if sys.platform == "win32":
            import msvcrt
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _open(save: Path) -> IO[bytes] | None:
    try:
        return open(lock_path(save), "a+b")
    except OSError:
        return None


def held_elsewhere(save: Path) -> bool:
    """Whether another window has `save` open right now."""
    save = Path(save)
    if _held is not None and _held[0] == save:
        return False
    f = _open(save)
    if f is None:
        return False
    try:
        return not _lock(f)
    finally:
        f.close()                                   # closing lets go of a lock taken just now


def hold(save: Path) -> bool:
    """Take this window's hold on `save`, letting go of the game it held before; False (and
    nothing changed) when another window has it open."""
    global _held
    save = Path(save)
    if _held is not None and _held[0] == save:
        return True
    f = _open(save)
    if f is None:
        release()
        return True
    if not _lock(f):
        f.close()
        return False
    release()
    _held = (save, f)
    return True


def release() -> None:
    """Let go of the game this window has open (if any) and remove its lock file."""
    global _held
    if _held is None:
        return
    save, f = _held
    _held = None
    try:
        os.unlink(lock_path(save))
    except OSError:
        pass
    f.close()


def holding() -> Path | None:
    """The save this window has open, if any."""
    return _held[0] if _held is not None else None


def clear_stale(folder: Path) -> list[Path]:
    """Remove lock files no window holds (left by a window that closed without letting go)."""
    gone: list[Path] = []
    if not folder.is_dir():
        return gone
    for lock in folder.glob("*.json.lock"):
        save = lock.with_name(lock.name[: -len(".lock")])
        if (_held is not None and _held[0] == save) or held_elsewhere(save):
            continue
        try:
            lock.unlink()
            gone.append(lock)
        except OSError:
            pass
    return gone
