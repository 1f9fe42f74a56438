#!/usr/bin/env python3
"""Does the version move with the game? The checks behind `tests/test_version.py`.

`game.__version__` is the one place the version is written. It must be the top entry of
CHANGELOG.md (every entry a number higher than the one below it), no release tag (`vX.Y.Z`)
may be higher than it, and when the tag of this very version exists, the game (`game/`,
`assets/`, `maps/`, `pyproject.toml`, `setup.py`) must be as that tag has it: a change after a
release needs the next number, or `pip install`/`pipx upgrade` would keep the old copy in place
because the versions are equal. The tag checks need a git checkout with its tags; elsewhere
(a shallow clone, an sdist, a source zip) only the CHANGELOG is checked.

    python -m tools.version_check        # one line per problem, exit 1; or one line that all agree
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from game import resources

ROOT = resources.IMPORT_ROOT        # the folder holding `game`: the checkout (or an unpacked sdist)
#: what the installed game is made of: a change to any of them after a release needs a new number
GAME = ("game", "assets", "maps", "pyproject.toml", "setup.py")
NUMBER = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


def version_of(root: Path) -> str:
    """`__version__` as written in `root/game/__init__.py` (read, not imported: any tree)."""
    found = re.search(r'^__version__ = "([^"]+)"', (root / "game" / "__init__.py").read_text(encoding="utf-8"), re.M)
    if found is None:
        raise ValueError(f"{root / 'game' / '__init__.py'}: no line __version__ = \"X.Y.Z\"")
    return found.group(1)


def changelog_versions(text: str) -> list[str]:
    """The versions of CHANGELOG.md's entries (`## 1.1.0 — date`), top first."""
    return re.findall(r"^## (\S+)", text, re.M)


def number(version: str) -> tuple[int, ...] | None:
    found = NUMBER.match(version)
    return tuple(int(x) for x in found.groups()) if found else None


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str] | None:
    try:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=False)
    except OSError:                                  # no git on this machine
        return None


def tag_problems(root: Path, version: str) -> list[str]:
    """The release tags against `version`: none higher, and no change to the game since its own."""
    listing = _git(root, "tag", "--list", "v*")
    if listing is None or listing.returncode != 0:
        return []                                    # not a git checkout: nothing to compare with
    mine = number(version)
    out: list[str] = []
    for tag in listing.stdout.split():
        theirs = number(tag[1:])
        if mine is not None and theirs is not None and theirs > mine:
            out.append(f"the release {tag} is newer than game.__version__ {version}: the version went back")
    if f"v{version}" in listing.stdout.split():
        changed = _git(root, "diff", "--name-only", f"v{version}", "--", *GAME)
        if changed is not None and changed.returncode == 0 and changed.stdout.strip():
            first = changed.stdout.split()[0]
            out.append(f"the game changed since v{version} was released ({first} and "
                       f"{len(changed.stdout.split()) - 1} more): give game.__version__ the next number "
                       "and its entry at the top of CHANGELOG.md")
    return out


def problems(root: Path = ROOT) -> list[str]:
    """Every disagreement between the version, CHANGELOG.md and the release tags, one line each."""
    version = version_of(root)
    out: list[str] = []
    if number(version) is None:
        out.append(f"game/__init__.py: __version__ {version!r} is not three numbers X.Y.Z")
    log = root / "CHANGELOG.md"
    if not log.is_file():
        return out + [f"{log}: missing; it starts with the entry of version {version}"]
    listed = changelog_versions(log.read_text(encoding="utf-8"))
    if not listed or listed[0] != version:
        out.append(f"CHANGELOG.md: the top entry is {listed[0] if listed else 'missing'}, not game.__version__ "
                   f"{version}: write what {version} changed for players at the top (## {version} — date)")
    for k in range(len(listed) - 1):
        a, b = listed[k], listed[k + 1]
        na, nb = number(a), number(b)
        if na is None or nb is None or not na > nb:
            out.append(f"CHANGELOG.md: {a} stands above {b}; the entries go newest first, each number higher")
    return out + tag_problems(root, version)


def main(argv: list[str] | None = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m tools.version_check", description=__doc__.splitlines()[0])
    ap.parse_args(argv)
    found = problems()
    for line in found:
        print(f"tools.version_check: {line}", file=sys.stderr)
    if not found:
        print(f"version {version_of(ROOT)}: CHANGELOG.md and the release tags agree")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
