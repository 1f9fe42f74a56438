"""Where the game's own files are: the one module that finds them (`importlib.resources`).

The game ships three folders beside its code: `assets/` (races and powers, on-screen text,
fonts, sounds, art, the icon), `maps/` (the Tiled maps, their pictures, the Tiled project) and
`docs/` (the guides for players and authors, with their examples). In a checkout they stand at
the top of the repository, beside the `game` package; in an installed game (a wheel, pipx, the
standalone download) the build puts them inside the package, as `game/data/assets`,
`game/data/maps` and `game/data/docs` (see setup.py). `ROOT` is the folder that holds them
either way, and the paths a save records (`maps/five_players.tmx`,
`assets/content/expansions/cursed.yaml`) are relative to it, so a save made in a checkout opens
in the installed game and back. `CHECKOUT` is the repository the program runs from, or None when
it is installed: the author tools that need one (`game.bench --compare`, `game.content.vocab
--write`) ask it and say so in one line. Nothing else in the program works out a file's place
from its own source file (a test greps for it).
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def _package() -> Path:
    """The folder of the `game` package on disk (a wheel installs it as files, and so does the
    standalone download; a zipped install could not hand fonts and maps to SDL and pytmx)."""
    where = files("game")
    if not isinstance(where, Path):
        raise RuntimeError(f"the game's files must be on disk, not inside an archive ({where}); "
                           "install it with pip or pipx")
    return where.resolve()


PACKAGE = _package()
#: True when the data folders are inside the package (installed), False in a checkout.
INSTALLED = (PACKAGE / "data" / "assets").is_dir()
ROOT = PACKAGE / "data" if INSTALLED else PACKAGE.parent
ASSETS = ROOT / "assets"
MAPS = ROOT / "maps"
DOCS = ROOT / "docs"
CONTENT = ASSETS / "content"
#: The folder `import game` is found in: the repository in a checkout, site-packages when installed.
IMPORT_ROOT = PACKAGE.parent
#: The repository this program runs from, or None when it is installed.
CHECKOUT: Path | None = None if INSTALLED else ROOT


def needs_checkout(what: str) -> str:
    """The one line a tool says when it needs the repository and runs installed."""
    return (f"{what} works in a git checkout of the game (git clone, then run it there); "
            f"this copy is installed in {PACKAGE}")


def relative(path: str | Path) -> str:
    """A path inside the game's folders as a save records it (relative to `ROOT`); any other
    path absolute."""
    p = Path(path).resolve()
    try:
        return p.relative_to(ROOT).as_posix()
    except ValueError:
        return str(p)


def find(path: str | Path) -> Path:
    """A file named in a save or on the command line: as given when it exists, else inside the
    game's folders (the form `relative` gives)."""
    p = Path(path)
    if not p.is_absolute() and not _exists(p) and _exists(ROOT / p):
        return ROOT / p
    return p


def _exists(p: Path) -> bool:
    """Whether `p` names something; False for a name the system refuses to look up (too long, a
    NUL in it), which the reader then refuses in one line."""
    try:
        return p.exists()
    except (OSError, ValueError):
        return False
