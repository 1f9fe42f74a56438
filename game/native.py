"""The engine and Medium's judgement compiled, used only when the build is of this very source.

`python -m tools.build_native` compiles the modules of `MODULES` with mypyc (it comes with mypy)
into `build/native/<python>/` beside the checkout, with a manifest of each module's source hash.
`enable()`, called once when the `game` package is imported, makes Python load those modules from
the build when, and only when, every source hash still matches the file beside it: an edited
source is never shadowed by an older build, and without a build (a wheel installed, no C
compiler) the game runs interpreted as always. The download (`tools.build_bundle`) carries the
build of its sources with those sources beside it, and is checked the same way. The same code
runs either way — one engine — and a game plays out the same intents from the same seeds
(`tests/test_native.py` checks it when a build is there). `SMALLWORLD_PURE=1` keeps everything interpreted. `state()` says which it is, for the
bench and the bug report.
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

from . import resources

ROOT = resources.IMPORT_ROOT          # the folder holding `game`: the checkout, when run from one
#: the modules compiled: the engine's core, the helpers every effect block reads (`where:` and
#: markers), and Medium's judgement (Hard's and Expert's playouts)
MODULES: tuple[str, ...] = (
    "game.rules.board", "game.rules.catalog", "game.rules.chance", "game.rules.common",
    "game.rules.conquest", "game.rules.die", "game.rules.engine", "game.rules.invariants",
    "game.rules.lent", "game.rules.listing", "game.rules.playout", "game.rules.position",
    "game.rules.pricing", "game.rules.ranking", "game.rules.resolution", "game.rules.setup",
    "game.rules.state", "game.rules.targets", "game.rules.turn", "game.rules.waiting",
    "game.rules.abilities.markers", "game.rules.abilities.where",
    "game.bots.knowledge", "game.bots.medium", "game.bots.tactics", "game.bots.view",
)
MANIFEST = "manifest.json"
_STATE: dict[str, str] = {"engine": "interpreted", "why": "not looked for yet"}
#: how `check` ends the reason for a build that is there but not of these sources (`stale`)
AGAIN = "build again"


def build_dir(root: Path = ROOT) -> Path:
    """Where the build for this Python lives (`build/native/cpython-311-x86_64-linux-gnu`)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0].strip(".").rsplit(".", 1)[0]
    return root / "build" / "native" / (suffix or sys.implementation.cache_tag)


def source_of(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules of a build (first in `sys.meta_path`)."""

    def __init__(self, table: dict[str, Path]) -> None:
        self.table = table

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        binary = self.table.get(fullname)
        if binary is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(binary))
        return importlib.util.spec_from_file_location(fullname, str(binary), loader=loader)


def check(folder: Path, root: Path = ROOT) -> tuple[dict[str, Path] | None, str]:
    """The compiled modules of the build in `folder` by name, if it is a whole build of the
    sources under `root`; else None and why not, in words."""
    manifest = folder / MANIFEST
    if not manifest.is_file():
        return None, "no build (python -m tools.build_native makes one)"
    try:
        d: Any = json.loads(manifest.read_text(encoding="utf-8"))
        modules = d["modules"]
        group = [folder / str(g) for g in d["group"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None, f"{manifest} is unreadable: {AGAIN}"
    table: dict[str, Path] = {}
    for name in MODULES:
        entry = modules.get(name) if isinstance(modules, dict) else None
        if not isinstance(entry, dict):
            return None, f"the build has no {name}: {AGAIN}"
        binary = folder / str(entry.get("binary", ""))
        try:
            fresh = digest(source_of(name, root)) == entry.get("sha256")
        except OSError:
            return None, f"{source_of(name, root)} cannot be read"
        if not fresh:
            return None, f"{source_of(name, root).relative_to(root)} changed since the build: {AGAIN}"
        if not binary.is_file():
            return None, f"{binary} is missing: {AGAIN}"
        table[name] = binary
    if not group or not all(g.is_file() for g in group):
        return None, f"the build's shared library is missing: {AGAIN}"
    return table, ""


def enable(root: Path = ROOT) -> str:
    """Load the compiled modules from now on, if a build of these very sources is there (see the
    module docstring). Returns "compiled" or "interpreted"; `state()` says why."""
    if os.environ.get("SMALLWORLD_PURE"):
        _STATE.update(engine="interpreted", why="SMALLWORLD_PURE is set")
        return _STATE["engine"]
    if any(name in sys.modules for name in MODULES):
        _STATE.update(engine="interpreted", why="the engine was imported before the build was looked for")
        return _STATE["engine"]
    folder = build_dir(root)
    if resources.CHECKOUT is None and root == ROOT and not (folder / MANIFEST).is_file():
        _STATE.update(engine="interpreted", why="an installed game carries no build")
        return _STATE["engine"]
    table, why = check(folder, root)
    if table is None:
        _STATE.update(engine="interpreted", why=why)
        return _STATE["engine"]
    if str(folder) not in sys.path:
        sys.path.append(str(folder))                 # the build's shared library, by its own name
    sys.meta_path.insert(0, _Finder(table))
    _STATE.update(engine="compiled", why=str(folder))
    return _STATE["engine"]


def state() -> tuple[str, str]:
    """("compiled" or "interpreted", why / from where)."""
    return _STATE["engine"], _STATE["why"]


def stale() -> bool:
    """The game runs interpreted because the build beside it is not of these sources (they
    changed since, or it is broken): `python -m tools.build_native` would make it compiled."""
    return _STATE["engine"] == "interpreted" and _STATE["why"].endswith(AGAIN)
