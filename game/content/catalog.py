"""Races and powers from YAML: the base set in `assets/content/` plus custom files.

`load_catalog(extra)` reads `races.yaml` and `powers.yaml`, then each `--content FILE.yaml`
(top-level `races:` and/or `powers:`), whose entries add to or replace the base ones. Every
problem becomes one `ContentError` line naming the file, the line, the entry and the fix:
`my_races.yaml:12: unknown effect 'cost_discont' for race 'gnomes'; known effects: ...`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from ..rules.abilities import REGISTRY
from ..rules.catalog import Catalog, CatalogError

CONTENT_DIR = Path(__file__).resolve().parents[2] / "assets" / "content"


class ContentError(ValueError):
    """A content file that cannot be used; one line for the player."""


def _line(node: Any) -> int:
    return node.start_mark.line + 1 if node is not None else 0


def _node_for(mapping: Any, key: str) -> Any:
    if isinstance(mapping, yaml.MappingNode):
        for k, v in mapping.value:
            if getattr(k, "value", None) == key:
                return v
    return None


def _key_node(mapping: Any, key: str) -> Any:
    if isinstance(mapping, yaml.MappingNode):
        for k, _ in mapping.value:
            if getattr(k, "value", None) == key:
                return k
    return None


def _read(path: Path) -> tuple[Any, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ContentError(f"{path}: cannot read the file ({err.strerror}); check the path") from None
    try:
        node = yaml.compose(text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ContentError(f"{path}{where}: not valid YAML ({problem}); check indentation and colons") from None
    return data, node


def _check_entries(path: Path, kind: str, entries: Any, node: Any, strict: bool) -> None:
    if not isinstance(entries, Mapping):
        raise ContentError(f"{path}:{_line(node)}: '{kind}s' must map ids to definitions, "
                           f"e.g. gnomes: {{tokens: 5, ...}}")
    known_keys = {"name", "tokens", "text", "effects"} | ({"box"} if kind == "race" else set())
    for eid, d in entries.items():
        enode = _node_for(node, str(eid))
        where = f"{path}:{_line(_key_node(node, str(eid)))}"
        if not isinstance(d, Mapping):
            raise ContentError(f"{where}: {kind} {eid!r} must be a mapping with tokens, name, text, effects")
        extra = set(d) - known_keys
        if extra:
            k = sorted(extra)[0]
            raise ContentError(f"{path}:{_line(_key_node(enode, k))}: unknown key {k!r} for {kind} {eid!r}; "
                               f"known keys: {', '.join(sorted(known_keys))}")
        if not isinstance(d.get("tokens"), int) or d["tokens"] < 0:
            raise ContentError(f"{where}: {kind} {eid!r} needs 'tokens', a whole number of 0 or more")
        if kind == "race":
            box = d.get("box", d["tokens"])
            if not isinstance(box, int) or box < d["tokens"]:
                raise ContentError(f"{where}: race {eid!r}: 'box' must be a whole number at least its "
                                   f"banner tokens ({d['tokens']})")
        effs = d.get("effects") or []
        if not isinstance(effs, list):
            raise ContentError(f"{where}: {kind} {eid!r}: 'effects' must be a list, e.g. [coins_per_region]")
        enodes = _node_for(enode, "effects")
        for i, e in enumerate(effs):
            enode_i = enodes.value[i] if isinstance(enodes, yaml.SequenceNode) and i < len(enodes.value) else enodes
            ewhere = f"{path}:{_line(enode_i)}"
            if isinstance(e, str):
                name, params = e, {}
            elif isinstance(e, Mapping) and len(e) == 1:
                (name, params), = e.items()
                params = params or {}
                if not isinstance(params, Mapping):
                    raise ContentError(f"{ewhere}: parameters of effect {name!r} for {kind} {eid!r} must be a "
                                       f"mapping, e.g. {{amount: 1}}")
            else:
                raise ContentError(f"{ewhere}: effect of {kind} {eid!r} must be a name or "
                                   f"{{name: {{parameters}}}}")
            if name not in REGISTRY:
                if strict:
                    raise ContentError(f"{ewhere}: unknown effect {name!r} for {kind} {eid!r}; known effects: "
                                       f"{', '.join(sorted(REGISTRY))}")
                continue
            try:
                REGISTRY[name](**dict(params))
            except (TypeError, ValueError) as err:
                raise ContentError(f"{ewhere}: {kind} {eid!r}: {err}") from None


def load_catalog(extra: Iterable[str | Path] = (), base_dir: Path = CONTENT_DIR) -> Catalog:
    """The base races and powers, plus custom files (later files win)."""
    races: dict[str, Any] = {}
    powers: dict[str, Any] = {}
    custom: set[str] = set()
    for kind, fname, target in (("race", "races.yaml", races), ("power", "powers.yaml", powers)):
        path = base_dir / fname
        data, node = _read(path)
        _check_entries(path, kind, data, node, strict=False)
        target.update(data)
    for f in extra:
        path = Path(f)
        data, node = _read(path)
        if not isinstance(data, Mapping) or not set(data) & {"races", "powers"}:
            raise ContentError(f"{path}:1: a content file has a 'races:' and/or a 'powers:' section")
        unknown = set(data) - {"races", "powers"}
        if unknown:
            k = sorted(unknown)[0]
            raise ContentError(f"{path}:{_line(_key_node(node, k))}: unknown section {k!r}; "
                               f"use 'races:' and 'powers:'")
        for kind, key, target in (("race", "races", races), ("power", "powers", powers)):
            if key in data:
                _check_entries(path, kind, data[key], _node_for(node, key), strict=True)
                target.update(data[key])
                custom.update(str(k) for k in data[key])
    try:
        return Catalog.from_data(races, powers, frozenset(custom))
    except CatalogError as err:
        raise ContentError(str(err)) from None


_DEFAULT: Catalog | None = None


def default_catalog() -> Catalog:
    """The base set, read once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_catalog()
    return _DEFAULT
