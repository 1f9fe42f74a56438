"""The optional content packs the game ships: each YAML file in `assets/content/expansions/` is
one pack (the published expansions' races and powers), which a table may add to the base set.

A pack is known by its file's stem (`cursed`); `Pack.path` is the file's path relative to the
repository, the form a saved game records (so the save still opens when the folder moves), and
`resolve_content` turns such a path back into a file. The pack's races and powers are named
from the file itself, read without the catalog's checks: a pack that does not load is reported
in one line when a game starts with it, like any `--content` file.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import yaml

from .. import resources
from .bounded import load_yaml

ROOT = resources.ROOT
PACKS_DIR = resources.CONTENT / "expansions"
#: The published packs in the order they came out; any other file follows, by name.
PUBLISHED = ("cursed", "grand_dames", "be_not_afraid", "a_spiders_web", "royal_bonus", "sky_islands",
             "underground")


@dataclass(frozen=True)
class Pack:
    id: str                          # the file's stem: cursed
    path: str                        # relative to the repository: assets/content/expansions/cursed.yaml
    races: tuple[str, ...] = ()      # the names of its races, in the file's order
    powers: tuple[str, ...] = ()


def _names(section: object) -> tuple[str, ...]:
    if not isinstance(section, dict):
        return ()
    out = []
    for eid, entry in section.items():
        name = entry.get("name") if isinstance(entry, dict) else None
        out.append(str(name) if isinstance(name, str) and name.strip() else str(eid).replace("_", " ").title())
    return tuple(out)


def shipped_packs(folder: Path = PACKS_DIR) -> list[Pack]:
    """Every pack in `folder`, the published ones first. A file that cannot be read is listed without names."""
    packs = []
    order = {pid: i for i, pid in enumerate(PUBLISHED)}
    for f in sorted(folder.glob("*.yaml"), key=lambda f: (order.get(f.stem, len(order)), f.name)):
        try:
            data = load_yaml(f, "content")[1]       # a bomb dropped in the folder is refused at once
        except (OSError, ValueError, yaml.YAMLError):
            data = None
        data = data if isinstance(data, dict) else {}
        try:
            rel = str(f.resolve().relative_to(ROOT))
        except ValueError:
            rel = str(f)
        packs.append(Pack(f.stem, rel, _names(data.get("races")), _names(data.get("powers"))))
    return packs


def resolve_content(path: str) -> Path:
    """A content file named in a save or on the command line: as given when it exists, else
    relative to the repository (the form the start screen records for a pack)."""
    return resources.find(path)


def pack_ids(content: Iterable[str], packs: Iterable[Pack]) -> list[str]:
    """The packs among content paths (a save's or the command line's), in the packs' order."""
    files = {resolve_content(c).resolve() for c in content}
    return [p.id for p in packs if (ROOT / p.path).resolve() in files]
