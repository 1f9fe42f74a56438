"""The engine and Medium's judgement compiled, used only when the build is of this very source.

`python -m tools.build_native` compiles the modules of `MODULES` with mypyc (it comes with mypy)
into `build/native/<python>/` beside the checkout, with a manifest of the build's fingerprint:
the hash of every file the compiled modules read (`READ`: every module of `game/rules` and
`game/bots`, compiled or not, found by walking the folders, so a module added there counts too)
and the compiler (`compiler()`: the Python and mypy versions). Compiled code reads what it
imports by its layout as it was at the build (a named tuple's fields by position, a class's
attributes by slot), so an edit to an interpreted module a compiled one reads matters as much
as an edit to the compiled one. `enable()`, called by each program's entry point (`game.cli`,
`main.py`, `python -m game`, the commands run with `-m`, the download's program and the tests'
conftest) before the engine is imported, makes Python load those modules from the build when,
and only when, the fingerprint still matches: an edited source is never shadowed by an older
build, and without a build (a wheel installed, no C compiler) the game runs interpreted as
always. Importing `game` alone loads nothing. The download (`tools.build_bundle`) carries the
build with the sources it was built from beside it, and is checked the same way. The same code
runs either way — one engine — and a game plays out the same intents from the same seeds
(`tests/test_native.py` checks it when a build is there). `SMALLWORLD_PURE=1` keeps everything
interpreted. `state()` says which it is, for the bench and the bug report.

What compiled code may not do (each rule is why the code it names looks as it does):

1. Raise an exception class defined in a compiled module: a compiled exception class with a
   mixin is not taken for an exception when raised. Every engine error lives in
   `game/rules/errors.py`, which is not in `MODULES` (board.py was once kept interpreted for its
   `BoardError`; it compiles since the error moved there).
2. Be subclassed by interpreted code, unless the class allows it with
   `@mypyc_attr(allow_interpreted_subclasses=True)`, as `MediumBot` does for Hard's and Expert's
   bots; a class value a subclass sets is a `ClassVar`, or the compiled class reads its own.
3. Be pickled as Python pickles plain classes: a compiled frozen dataclass refuses the attribute
   writes of unpickling, and a compiled class is made only through its constructor. Every class
   of a compiled module that crosses to another process (the lab's pools and cluster) is
   registered with `game.rules.pickling` (`when_compiled` for dataclasses, `by_parts` otherwise,
   `by_keywords_when_compiled` for the effect blocks, which `register` does). Nor be copied by
   its `__dict__` (it has none): an effect block keeps the parameters it was given
   (`Ability.given`), and a copy of one is made again from them (the content's twins).
4. Run a constructor that `dataclass` generates on a hot path (it runs interpreted, about six
   times slower): the state's copies write theirs out (`game/rules/state.py`). Nor a nested
   function or a key function on one (`min(..., key=...)`): the caller keeps its names in an
   object that refers back to the function, a cycle that holds the whole position until the
   garbage collector finds it (`game/bots/medium.py`).
5. Be looked inside by a test (spies on a function, `__slots__`, `__dict__`): such a test is
   marked `interpreted`, and `tests/test_native.py` runs it on the interpreted engine.
6. Read a module the fingerprint does not cover: the compiled modules import nothing of `game`
   outside `READ` (`tests/test_native.py` checks it), since they read its types by layout.
7. Be made by a class decorator: a decorated class is not native, and a native class (the
   blocks' `Ability`) may not have it as a subclass. The effect blocks register with a plain
   call after their class (`register("heroes", Heroes)`, `abilities/base.py`).
8. Call `super()` in a class method: compiled, it passes the wrong class. The block that adds
   to `Ability.word_problems` calls `word_problems_of(cls, given)` instead. (And `reversed()`
   of the events list stops mypyc 2.4 with an internal error: the blocks read `events[::-1]`.)
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import pickle
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

from . import resources

ROOT = resources.IMPORT_ROOT          # the folder holding `game`: the checkout, when run from one
#: the folder of the effect blocks and the rule language, every module of which is compiled
BLOCKS = "game/rules/abilities"


def _blocks(root: Path) -> tuple[str, ...]:
    """Every module of `BLOCKS` under `root` but the package's `__init__`, by name, found by
    walking the folder: a block added there is compiled with the others (it could not extend
    the compiled `Ability` interpreted), and needs no list edited."""
    return tuple(f"game.rules.abilities.{p.stem}" for p in sorted((root / BLOCKS).glob("*.py"))
                 if p.stem != "__init__")


#: the modules compiled: the engine's core, the events the rule language hears, every effect
#: block with the language's verbs, and Medium's judgement (Hard's and Expert's playouts)
MODULES: tuple[str, ...] = (
    "game.rules.board", "game.rules.catalog", "game.rules.chance", "game.rules.common",
    "game.rules.conquest", "game.rules.die", "game.rules.engine", "game.rules.heard",
    "game.rules.invariants", "game.rules.lent", "game.rules.listing", "game.rules.playout",
    "game.rules.position", "game.rules.pricing", "game.rules.ranking", "game.rules.resolution",
    "game.rules.setup", "game.rules.state", "game.rules.targets", "game.rules.turn",
    "game.rules.waiting", *_blocks(ROOT),
    "game.bots.knowledge", "game.bots.medium", "game.bots.tactics", "game.bots.view",
)
#: what the compiled modules read, under `ROOT`: folders (every .py file in them, at any depth)
#: and single files (`game.resources`, which the bots' table of worth imports)
READ: tuple[str, ...] = ("game/rules", "game/bots", "game/resources.py")
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


def read_files(root: Path = ROOT) -> list[Path]:
    """Every file of `READ` under `root` that is there, in a fixed order."""
    found: list[Path] = []
    for entry in READ:
        where = root / entry
        found += sorted(where.rglob("*.py")) if where.is_dir() else [where] if where.is_file() else []
    return found


def fingerprint(root: Path = ROOT) -> dict[str, str]:
    """The hash of every file the compiled modules read, by its path under `root` (posix)."""
    return {p.relative_to(root).as_posix(): digest(p) for p in read_files(root)}


def compiler() -> dict[str, str]:
    """What a build is made with: this Python and, when mypy is installed, its version (read from
    its `version.py` without importing it, so that the game starts as quickly)."""
    made = {"python": f"{sys.implementation.name} {'.'.join(map(str, sys.version_info[:3]))}"}
    spec = importlib.util.find_spec("mypy")
    if spec is not None and spec.origin:
        try:
            text = (Path(spec.origin).parent / "version.py").read_text(encoding="utf-8")
        except OSError:
            text = ""
        found = re.search(r'^__version__ = "([^"]+)"', text, re.M)
        made["mypy"] = found.group(1) if found else "unknown"
    return made


def manifest(modules: dict[str, str], group: list[str], sources: dict[str, str],
             made_with: dict[str, str]) -> dict[str, Any]:
    """A build's manifest: each compiled module's binary (relative to the build folder), the
    shared library, and the fingerprint it was built from (`sources`, `made_with`)."""
    return {"modules": {m: {"binary": b} for m, b in modules.items()}, "group": group,
            "sources": sources, "compiler": made_with}


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


def _compiler_changed(built: dict[str, str]) -> str:
    """Why a build made with `built` is not of this compiler, or ""."""
    now = compiler()
    if built.get("python") != now["python"]:
        return f"the build was made by {built.get('python')} and this is {now['python']}: {AGAIN}"
    if "mypy" in now and built.get("mypy") != now["mypy"]:      # without mypy (the download): as built
        return f"the build was made with mypy {built.get('mypy')} and mypy {now['mypy']} is installed: {AGAIN}"
    return ""


def _sources_changed(built: dict[str, str], root: Path) -> str:
    """The first file the compiled modules read that is not as at the build, in a sentence, or ""."""
    try:
        now = fingerprint(root)
    except OSError as err:
        return f"{err.filename} cannot be read"
    for rel, sha in now.items():
        if rel not in built:
            return f"{rel} is new since the build: {AGAIN}"
        if built[rel] != sha:
            return f"{rel} changed since the build: {AGAIN}"
    gone = sorted(set(built) - set(now))
    return f"{gone[0]} is gone since the build: {AGAIN}" if gone else ""


def check(folder: Path, root: Path = ROOT) -> tuple[dict[str, Path] | None, str]:
    """The compiled modules of the build in `folder` by name, if it is a whole build of the
    sources under `root` made by this compiler; else None and why not, in words."""
    path = folder / MANIFEST
    if not path.is_file():
        if (folder.parent / f"{folder.name}.building").is_file():     # tools.build_native --background
            return None, ("no build yet: one was started in the background "
                          f"(its lines: {folder.parent / (folder.name + '.background.log')})")
        return None, "no build (python -m tools.build_native makes one)"
    try:
        d: Any = json.loads(path.read_text(encoding="utf-8"))
        modules, sources, made_with = d["modules"], d["sources"], d["compiler"]
        group = [folder / str(g) for g in d["group"]]
        if not (isinstance(modules, dict) and isinstance(sources, dict) and isinstance(made_with, dict)):
            raise TypeError(path)
    except KeyError:
        return None, f"{path} is of an older build, without its fingerprint: {AGAIN}"
    except (OSError, ValueError, TypeError):
        return None, f"{path} is unreadable: {AGAIN}"
    why = _compiler_changed(made_with) or _sources_changed(sources, root)
    if why:
        return None, why
    table: dict[str, Path] = {}
    for name in MODULES:
        entry = modules.get(name)
        if not isinstance(entry, dict):
            return None, f"the build has no {name}: {AGAIN}"
        binary = folder / str(entry.get("binary", ""))
        if not binary.is_file():
            return None, f"{binary} is missing: {AGAIN}"
        table[name] = binary
    if not group or not all(g.is_file() for g in group):
        return None, f"the build's shared library is missing: {AGAIN}"
    return table, ""


def enable(root: Path = ROOT) -> str:
    """Load the compiled modules from now on, if a build of these very sources is there (see the
    module docstring); each program's entry point calls it once, before the engine is imported
    (a second call changes nothing). Returns "compiled" or "interpreted"; `state()` says why."""
    if _STATE.get("looked"):
        return _STATE["engine"]
    _STATE["looked"] = "yes"
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


def call_in_child(module: str, function: str, payload: bytes, compiled: bool) -> None:
    """`module.function(*pickle.loads(payload))`, as the target of a process started afresh
    (`spawn`): the engine is compiled there when it was in the parent (`compiled`), enabled
    before the payload's objects bring the engine in."""
    if compiled:
        enable()
    getattr(importlib.import_module(module), function)(*pickle.loads(payload))
