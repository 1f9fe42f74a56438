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
from ..rules.reasons import HasReason, as_reason, reason

CONTENT_DIR = Path(__file__).resolve().parents[2] / "assets" / "content"


class ContentError(HasReason, ValueError):
    """A content file that cannot be used; one line for the player (`err.reason` is keyed)."""


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
        raise ContentError(reason("content_unreadable", path=str(path), error=err.strerror)) from None
    try:
        node = yaml.compose(text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ContentError(reason("content_bad_yaml", path=str(path), where=where, problem=problem)) from None
    return data, node


def _check_entries(path: Path, kind: str, entries: Any, node: Any, strict: bool) -> None:
    if not isinstance(entries, Mapping):
        raise ContentError(reason("content_not_mapping", where=f"{path}:{_line(node)}", section=f"{kind}s"))
    known_keys = {"name", "tokens", "text", "effects"} | ({"box"} if kind == "race" else set())
    word = reason(f"word_{kind}")
    for eid, d in entries.items():
        enode = _node_for(node, str(eid))
        where = f"{path}:{_line(_key_node(node, str(eid)))}"
        if not isinstance(d, Mapping):
            raise ContentError(reason("content_entry_not_mapping", where=where, kind=word, id=eid))
        extra = set(d) - known_keys
        if extra:
            k = sorted(extra)[0]
            raise ContentError(reason("content_unknown_key", where=f"{path}:{_line(_key_node(enode, k))}", key=k,
                                      kind=word, id=eid, known=", ".join(sorted(known_keys))))
        if not isinstance(d.get("tokens"), int) or d["tokens"] < 0:
            raise ContentError(reason("content_tokens", where=where, kind=word, id=eid))
        if kind == "race":
            box = d.get("box", d["tokens"])
            if not isinstance(box, int) or box < d["tokens"]:
                raise ContentError(reason("content_box", where=where, id=eid, tokens=d["tokens"]))
        effs = d.get("effects") or []
        if not isinstance(effs, list):
            raise ContentError(reason("content_effects_list", where=where, kind=word, id=eid))
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
                    raise ContentError(reason("content_params_mapping", where=ewhere, effect=name, kind=word,
                                              id=eid))
            else:
                raise ContentError(reason("content_effect_shape", where=ewhere, kind=word, id=eid))
            if name not in REGISTRY:
                if strict:
                    raise ContentError(reason("content_unknown_effect", where=ewhere, effect=name, kind=word,
                                              id=eid, known=", ".join(sorted(REGISTRY))))
                continue
            try:
                REGISTRY[name](**dict(params))
            except (TypeError, ValueError) as err:
                raise ContentError(reason("content_effect_error", where=ewhere, kind=word, id=eid,
                                          error=as_reason(err))) from None


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
            raise ContentError(reason("content_no_sections", path=str(path)))
        unknown = set(data) - {"races", "powers"}
        if unknown:
            k = sorted(unknown)[0]
            raise ContentError(reason("content_unknown_section", where=f"{path}:{_line(_key_node(node, k))}",
                                      section=k))
        for kind, key, target in (("race", "races", races), ("power", "powers", powers)):
            if key in data:
                _check_entries(path, kind, data[key], _node_for(node, key), strict=True)
                target.update(data[key])
                custom.update(str(k) for k in data[key])
    try:
        return Catalog.from_data(races, powers, frozenset(custom))
    except CatalogError as err:
        raise ContentError(err.reason) from None


_DEFAULT: Catalog | None = None


def default_catalog() -> Catalog:
    """The base set, read once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_catalog()
    return _DEFAULT
