"""`smallworld --install-desktop` / `--uninstall-desktop`: the game in the Linux applications menu.

Installing writes, for the present user only, a freedesktop.org entry
(`$XDG_DATA_HOME/applications/smallworld-table.desktop`, `~/.local/share` when XDG_DATA_HOME is
not set) whose name and comment are the game's own on-screen words in English, Romanian, Dutch
and French, and its icon at four sizes (`icons/hicolor/NxN/apps/smallworld-table.png`, drawn by
`game.ui.icon`). The entry starts this very copy of the game: the standalone download's program,
or this Python with `-m game` (from the checkout's folder when run from a checkout). Its
`TryExec` names that program by its absolute path, so a menu hides the entry once the program is
gone (after `pipx uninstall smallworld-table`, say, which removes the Python it names) instead of
offering a game that cannot start.

A file of ours carries the line `X-SmallWorld-Table=installed by smallworld --install-desktop`.
Nothing else is ever overwritten or removed: when a file by that name exists and is not ours
(an entry or an icon the user made), both commands stop before touching anything and say which
file it is, in one line. Files are written atomically (a temporary file, then os.replace).
"""
from __future__ import annotations

import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

from . import resources

APP_ID = "smallworld-table"          # also the window's class (game.ui.icon.WINDOW_CLASS)
MARK = "X-SmallWorld-Table=installed by smallworld --install-desktop"
ICON_SIZES = (48, 64, 128, 256)
LANGS = ("en", "ro", "nl", "fr")


@dataclass(frozen=True)
class Target:
    path: Path
    data: bytes


def data_home() -> Path:
    """The user's XDG data folder (`$XDG_DATA_HOME`, else `~/.local/share`)."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    return Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"   # (the spec: absolute only)


def _words() -> dict[str, tuple[str, str]]:
    """The game's name and one-line description in each language, from its on-screen text."""
    out = {}
    for lang in LANGS:
        with open(resources.ASSETS / "strings" / f"{lang}.yaml", encoding="utf-8") as f:
            data = yaml.safe_load(f)
        out[lang] = (str(data["app"]["title"]), str(data["start"]["subtitle"]))
    return out


def _quote(arg: str) -> str:
    """One argument of an Exec line, quoted as the Desktop Entry specification asks."""
    if arg and all(c.isalnum() or c in "-_./=:+," for c in arg):
        return arg
    return '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'


def command() -> tuple[list[str], Path | None]:
    """What starts this copy of the game, and the folder to start it in (None: anywhere)."""
    if getattr(sys, "frozen", False):                 # the standalone download
        return [sys.executable], None
    return [sys.executable, "-m", "game"], (None if resources.INSTALLED else resources.IMPORT_ROOT)


def entry(argv: list[str] | None = None, mark: bool = True) -> str:
    """The text of the .desktop file: it starts `argv` (this copy of the game when None) and
    carries our mark unless `mark` is False (a system package's entry, which the package owns)."""
    words = _words()
    name, comment = words["en"]
    folder = None
    if argv is None:
        argv, folder = command()
    exec_line = " ".join(_quote(a).replace("%", "%%") for a in argv)
    lines = ["[Desktop Entry]", "Type=Application", "Version=1.0", f"Name={name}"]
    lines += [f"Name[{lang}]={words[lang][0]}" for lang in LANGS if lang != "en"]
    lines += [f"Comment={comment}"]
    lines += [f"Comment[{lang}]={words[lang][1]}" for lang in LANGS if lang != "en"]
    # TryExec is a plain string (no Exec quoting): the path as it is, a backslash doubled
    try_exec = os.path.abspath(argv[0]).replace("\\", "\\\\")
    lines += [f"TryExec={try_exec}", f"Exec={exec_line}", f"Icon={APP_ID}", "Terminal=false",
              "Categories=Game;BoardGame;", "Keywords=board game;strategy;hot-seat;family;", "StartupNotify=true",
              f"StartupWMClass={APP_ID}"]
    if folder is not None:
        lines.append(f"Path={folder}")
    if mark:
        lines.append(MARK)
    return "\n".join(lines) + "\n"


def targets(home: Path | None = None, argv: list[str] | None = None, mark: bool = True) -> list[Target]:
    """Every file the entry is made of, with its contents, under `home` (the user's data folder
    when None; a package's `usr/share` for a system-wide entry). `argv`, `mark`: see `entry`."""
    home = home or data_home()
    out = [Target(home / "applications" / f"{APP_ID}.desktop", entry(argv, mark).encode("utf-8"))]
    for s in ICON_SIZES:
        src = resources.ASSETS / "ui" / "icon" / f"smallworld-{s}.png"
        out.append(Target(home / "icons" / "hicolor" / f"{s}x{s}" / "apps" / f"{APP_ID}.png", src.read_bytes()))
    return out


def _ours(path: Path) -> bool:
    try:
        return MARK in path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return False


def _not_ours(found: list[Target]) -> Path | None:
    """The first file in the way that the game did not write, or None. An icon is ours when it is
    the same picture, or when the entry beside it is ours (an older version of the icon)."""
    desktop, icons = found[0], found[1:]
    entry_ours = desktop.path.exists() and _ours(desktop.path)
    if desktop.path.exists() and not entry_ours:
        return desktop.path
    for t in icons:
        if t.path.exists() and not entry_ours and t.path.read_bytes() != t.data:
            return t.path
    return None


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def install(home: Path | None = None) -> tuple[int, str]:
    """Write the entry and its icons; (exit status, what to say)."""
    found = targets(home)
    other = _not_ours(found)
    if other is not None:
        return 2, (f"{other} already exists and was not made by this game; nothing was changed "
                   f"(rename or remove that file, then run --install-desktop again)")
    for t in found:
        _write(t.path, t.data)
    return 0, (f"Small World is in the applications menu: {found[0].path} "
               f"(and its icon in {found[0].path.parent.parent / 'icons' / 'hicolor'}); "
               f"it starts {shlex.join(command()[0])}; --uninstall-desktop takes it out")


def uninstall(home: Path | None = None) -> tuple[int, str]:
    """Remove the entry and its icons when they are ours; (exit status, what to say)."""
    found = targets(home)
    desktop = found[0].path
    if not any(t.path.exists() for t in found):
        return 0, f"there was no applications menu entry to remove ({desktop} does not exist)"
    other = _not_ours(found)
    if other is not None:
        return 2, (f"{other} was not made by this game, so it is left as it is; nothing was removed "
                   f"(remove it yourself if it is no longer wanted)")
    removed = 0
    for t in found:
        if t.path.exists():
            t.path.unlink()
            removed += 1
    return 0, f"removed the applications menu entry {desktop} and its icons ({removed} files)"


def main(install_it: bool = True) -> int:
    if sys.platform.startswith(("win", "darwin")):
        print("--install-desktop and --uninstall-desktop make the Linux applications menu entry; on Windows "
              "and macOS, put the download's program on the desktop or in the Dock instead")
        return 2
    code, said = install() if install_it else uninstall()
    print(said, file=sys.stderr if code else sys.stdout)
    return code
