"""Races and powers from YAML: the base set in `assets/content/` plus custom files.

`load_catalog(extra)` reads `races.yaml` and `powers.yaml`, then each `--content FILE.yaml`
(top-level `races:` and/or `powers:`), whose entries add races and powers, or replace a base
one when they say so (`replaces: true`). Every problem of a file is found in one reading and
becomes one line of a `ContentError` naming the file, the line, the entry and the fix
(`my_races.yaml:12: unknown effect 'cost_discont' for race 'gnomes' (did you mean
'cost_discount'?); known effects: ...`): a file that is not UTF-8, a key given twice, an id given
twice, tokens that are not a sensible whole number, a negative or absurd amount, an effect listed
twice, a base race's id or name taken
without `replaces: true`.
"""
from __future__ import annotations

import contextlib
import difflib
import gc
from collections.abc import Mapping  # not typing's: asked of every entry, which is slower
from pathlib import Path
from typing import Any, Iterable, Iterator, TypeGuard
from xml.etree import ElementTree

import yaml

from .. import resources
from ..rules import Catalog, CatalogError, HasReason, Reason, as_reason, reason
from ..rules.abilities import OCCUPANTS, REGISTRY, param_problems, where_params
from .bounded import FileRefused, compose_yaml, read_bytes, words_as_keys
from .plain_yaml import Unplain, plain_data

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)     # libyaml when present

CONTENT_DIR = resources.CONTENT


#: The most tokens on a banner or a badge, and in a race's box, that a file may give (the base
#: game's biggest are 6 and 18); anything larger is a typo, not a race.
MAX_TOKENS = 30
MAX_BOX = 60
#: The largest number an effect's parameter may be (coins, tokens, markers...).
MAX_AMOUNT = 100
ENTRY_KEYS = {"name", "tokens", "text", "effects", "replaces", "pictures", "names", "texts", "art"}
#: the sides a content file's own token or badge picture may have, in pixels
ART_SIDES = (32, 1024)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: the languages a content file may give its names and texts in (`names: {fr: ...}`)
LANGUAGE_CODES = ("en", "ro", "nl", "fr")
FLAGS = ("in_decline", "only_in_decline")


class ContentError(HasReason, ValueError):
    """A content file that cannot be used. `problems` lists every mistake found in the file, one
    keyed sentence each naming `file:line`; `err.reason` is the first, `str(err)` all of them."""

    def __init__(self, *problems: Any) -> None:
        super().__init__(*problems)
        self.problems: list[Any] = list(problems)

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


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


def _entry_nodes(mapping: Any) -> dict[str, tuple[Any, Any]]:
    """The key node and value node of each key of a section, by key (the first, when a key is
    given twice, as `_node_for` and `_key_node` find): looked up once for the whole section,
    where a search of the section for each entry would grow with the square of its size."""
    found: dict[str, tuple[Any, Any]] = {}
    if isinstance(mapping, yaml.MappingNode):
        for k, v in mapping.value:
            key = getattr(k, "value", None)
            if isinstance(key, str):
                found.setdefault(key, (k, v))
    return found


def near(word: Any, known: Iterable[str]) -> Reason | str:
    """" (did you mean 'x'?)" for the closest known name, or ""."""
    close = difflib.get_close_matches(str(word), list(known), n=1, cutoff=0.6)
    return reason("did_you_mean", name=close[0]) if close else ""


def _read(path: Path, out: list[Reason] | None = None, lines: bool = True) -> tuple[Any, Any]:
    """The data and node tree of a file; raises ContentError when it cannot be read at all. An
    unquoted key YAML reads as true or false (`on:`) is read as the word and refused in `out`.
    Without `lines`, a plain text (`plain_yaml`) is read from the parser's events alone and its
    node tree is None: it has nothing a refusal would name a line of but its entries' own mistakes."""
    try:
        raw = read_bytes(path, "content")
    except FileRefused as err:
        raise ContentError(err.reason) from None
    except OSError as err:
        raise ContentError(reason("content_unreadable", path=str(path), error=err.strerror or str(err))) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise ContentError(reason("content_not_utf8", where=f"{path}:{line}",
                                  byte=f"0x{raw[err.start]:02x}")) from None
    if not lines:
        try:
            return plain_data(text, "content"), None
        except Unplain:
            pass
    try:
        node = compose_yaml(text, path, "content")    # depth, aliases, size: before anything is built
        for line, word in words_as_keys(node):
            if out is not None:
                out.append(reason("content_bool_key", where=f"{path}:{line}", key=word))
        data = _construct(node)
    except FileRefused as err:
        raise ContentError(err.reason) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ContentError(reason("content_bad_yaml", path=str(path), where=where, problem=problem)) from None
    except RecursionError:
        raise ContentError(reason("content_bad_yaml", path=str(path), where="", problem="nested too deeply")) \
            from None
    return data, node


_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"


class _Unusual(Exception):
    """A node `_build` leaves to PyYAML's constructor (a merge key, a set, an unknown tag...)."""


def _construct(node: Any) -> Any:
    """The data of a node tree as PyYAML's safe constructor makes it. A tree of plain mappings,
    lists and scalars (what a content file holds) is built here in one walk, each scalar by the
    constructor's own function for its tag, several times faster than the constructor's general
    walk, which is used for anything else (aliases, merge keys, sets, tags of one's own)."""
    if node is None:
        return None
    loader = _LOADER("")
    try:
        try:
            return _build(node, loader.yaml_constructors, loader, 0)
        except _Unusual:
            return loader.construct_document(node)
    finally:
        loader.dispose()


def _build(node: Any, made: dict[Any, Any], loader: Any, depth: int) -> Any:
    cls = type(node)
    if cls is yaml.ScalarNode:
        tag = node.tag
        if tag == _STR_TAG:
            return node.value
        if tag == _INT_TAG:                 # a plain whole number, as the constructor reads it
            text = node.value
            if text.isascii() and text.isdigit() and (text[0] != "0" or text == "0"):
                return int(text)
        make = made.get(tag)
        if make is None:
            raise _Unusual
        return make(loader, node)
    if depth > 64:
        raise _Unusual
    if cls is yaml.MappingNode and node.tag == _MAP_TAG:
        out: dict[Any, Any] = {}
        for k, v in node.value:
            if type(k) is not yaml.ScalarNode or k.tag == "tag:yaml.org,2002:merge":
                raise _Unusual
            out[_build(k, made, loader, depth + 1)] = _build(v, made, loader, depth + 1)
        return out
    if cls is yaml.SequenceNode and node.tag == _SEQ_TAG:
        return [_build(v, made, loader, depth + 1) for v in node.value]
    raise _Unusual


def _duplicates(path: Path, node: Any, out: list[Reason], depth: int = 0) -> None:
    """Every key given twice in one mapping (YAML would silently keep the last one)."""
    if depth > 50:
        return
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, Any] = {}                 # the first key node of each key
        for k, v in node.value:
            key = getattr(k, "value", None)
            if isinstance(key, str):
                if key in seen:
                    out.append(reason("content_duplicate_key", where=f"{path}:{_line(k)}", key=key,
                                      first=_line(seen[key])))
                else:
                    seen[key] = k
            if type(v) is not yaml.ScalarNode:          # a scalar holds no keys
                _duplicates(path, v, out, depth + 1)
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            if type(v) is not yaml.ScalarNode:
                _duplicates(path, v, out, depth + 1)


#: effects of earlier versions, now said with the building blocks: how to write them today
RENAMED: dict[str, str] = {
    "coins_per_terrain": "{coins_for_regions: {where: {terrains: [forest]}}}",
    "coins_per_feature": "{coins_for_regions: {where: {features: [mine]}}}",
    "coins_per_region": "coins_for_regions",
    "coins_per_turn": "{coins_if: {amount: 2}}",
    "coins_once": "{coins_if: {amount: 7, when: picked_this_turn}}",
    "cost_discount": "{cost_change: {amount: -1, where: {terrains: [hill]}}}",
}


#: the rule language's ability kinds not built yet (custom-races.md, "The rule language")
DESIGNED: tuple[str, ...] = ()


def _is_mapping(v: Any) -> TypeGuard[Mapping[Any, Any]]:
    """`isinstance(v, Mapping)`, a plain dict (what YAML makes) told at once."""
    return type(v) is dict or isinstance(v, Mapping)


#: each block's parameters with the flags (`_check_params`) and its `where:` parameters
#: (`_occupants`), worked out once per block rather than for each of thousands of entries
_KNOWN_PARAMS: dict[type, frozenset[str]] = {}
_WHERE_PARAMS: dict[type, tuple[str, ...]] = {}


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_params(where: str, word: Reason, eid: Any, name: str, params: Mapping[Any, Any],
                  out: list[Reason]) -> bool:
    """The parameters of one effect; False when a problem was reported."""
    cls = REGISTRY[name]
    ok = True
    known = _KNOWN_PARAMS.get(cls)
    if known is None:
        known = _KNOWN_PARAMS[cls] = frozenset(cls.params) | frozenset(FLAGS)
    for k, v in params.items():
        if k not in known:
            out.append(reason("content_unknown_param", where=where, kind=word, id=eid, param=k, effect=name,
                              hint=near(k, known), known=", ".join(sorted(cls.params)) or reason("word_none")))
            ok = False
        elif k in FLAGS:
            if not isinstance(v, bool):
                out.append(reason("content_flag", where=where, kind=word, id=eid, param=k, effect=name, value=v))
                ok = False
        elif _is_int(v):
            default = cls.params[k]
            if abs(v) > MAX_AMOUNT:
                out.append(reason("content_amount_absurd", where=where, kind=word, id=eid, param=k, effect=name,
                                  value=v, limit=MAX_AMOUNT))
                ok = False
            elif v < 0 and _is_int(default) and default > 0 and k not in cls.signed:
                out.append(reason("content_amount_negative", where=where, kind=word, id=eid, param=k, effect=name,
                                  value=v))
                ok = False
    return ok


def _occupants(where: str, word: Reason, eid: Any, name: str, params: Mapping[Any, Any],
               pending: list[tuple[str, Reason, Any, str, str, str]]) -> None:
    """Note each `occupant` word of the effect's conditions that is no fixed word: it names a
    race, which can be checked only once every file is read."""
    cls = REGISTRY[name]
    keys = _WHERE_PARAMS.get(cls)
    if keys is None:
        keys = _WHERE_PARAMS[cls] = where_params(cls)
    conds = [(k, params.get(k)) for k in keys]
    for outer, inner in getattr(cls, "nested_where", ()):        # a condition inside another
        holder = params.get(outer)
        if _is_mapping(holder):
            conds.append((f"{outer} {inner}", holder.get(inner)))
    for k, cond in conds:
        occ = cond.get("occupant") if _is_mapping(cond) else None
        for x in occ if isinstance(occ, list) else [occ] if occ is not None else []:
            if isinstance(x, str) and x not in OCCUPANTS:
                pending.append((where, word, eid, name, k, x))


def _check_pictures(path: Path, where: str, word: Reason, eid: Any, pictures: Any, out: list[Reason]) -> None:
    """`pictures: {marker: file.png}`: each a PNG that exists, next to the content file or below."""
    if not isinstance(pictures, Mapping):
        out.append(reason("content_pictures_shape", where=where, kind=word, id=eid))
        return
    for marker, file in pictures.items():
        found = path.parent / str(file)
        try:
            head = found.read_bytes()[:8] if isinstance(file, str) else b""
        except OSError:
            head = None
        if head is None:
            out.append(reason("content_picture_missing", where=where, kind=word, id=eid, marker=marker, file=file))
        elif head != PNG_SIGNATURE:
            out.append(reason("content_picture_not_png", where=where, kind=word, id=eid, marker=marker, file=file))


def marker_pictures(path: Path, entries: Any) -> dict[str, str]:
    """The marker pictures the sound entries of a section name, as absolute paths."""
    out: dict[str, str] = {}
    for d in entries.values() if isinstance(entries, Mapping) else ():
        pictures = d.get("pictures") if isinstance(d, Mapping) else None
        if isinstance(pictures, Mapping):
            out.update({str(k): str((path.parent / str(v)).resolve()) for k, v in pictures.items()})
    return out


def art_path(content: Path, art: Any) -> Path:
    """Where a content file's `art:` points: a path beside the file (or absolute)."""
    return (content.parent / str(art)).resolve()


def png_size(path: Path) -> tuple[int, int] | None:
    """The width and height of a PNG file read from its header, or None when it is not a PNG (or
    not a plain file within a picture's bounds)."""
    try:
        head = read_bytes(path, "image")[:24]
    except OSError:                  # FileRefused is one too
        return None
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def svg_size(path: Path) -> tuple[float, float] | str:
    """The width and height of an SVG picture (its viewBox, else its width and height), or what
    keeps it from being one: the parser's word with its line, or the missing size."""
    try:
        root = ElementTree.fromstring(read_bytes(path, "image"))
    except ElementTree.ParseError as e:
        return str(e)
    except (OSError, ValueError) as e:
        return str(e)
    if root.tag.rsplit("}", 1)[-1] != "svg":
        return f"its first element is <{root.tag.rsplit('}', 1)[-1]}>, not <svg>"
    try:
        box = [float(v) for v in root.get("viewBox", "").replace(",", " ").split()]
        if len(box) == 4 and box[2] > 0 and box[3] > 0:
            return box[2], box[3]
        w, h = (float(root.get(k, "").strip().removesuffix("px")) for k in ("width", "height"))
        if w > 0 and h > 0:
            return w, h
    except ValueError:
        pass
    return "it gives no viewBox (nor width and height in pixels)"


def _check_art(path: Path, where: str, word: Reason, eid: Any, art: Any, out: list[Reason]) -> None:
    """A race's or power's own picture: text naming a square PNG of ART_SIDES pixels, or a square
    SVG picture, that exists."""
    if not isinstance(art, str) or not art.strip():
        out.append(reason("content_not_text", where=where, key="art", kind=word, id=eid))
        return
    file = art_path(path, art)
    if not file.is_file():
        problem = reason("art_missing")
    elif file.suffix.lower() == ".svg":
        box = svg_size(file)
        if isinstance(box, str):
            problem = reason("art_not_svg", detail=box)
        elif abs(box[0] - box[1]) > 1e-6 * max(box):
            problem = reason("art_size", width=f"{box[0]:g}", height=f"{box[1]:g}")
        else:
            return
    else:
        size = png_size(file)
        if size is None:
            problem = reason("art_not_png")
        elif size[0] != size[1] or not ART_SIDES[0] <= size[0] <= ART_SIDES[1]:
            problem = reason("art_size", width=size[0], height=size[1])
        else:
            return
    out.append(reason("content_art", where=where, kind=word, id=eid, path=art, problem=problem))


def _check_entries(path: Path, kind: str, entries: Any, node: Any, strict: bool, out: list[Reason],
                   base: Mapping[str, Any] | None = None,
                   pending: list[tuple[str, Reason, Any, str, str, str]] | None = None,
                   built: dict[str, tuple[Any, ...]] | None = None,
                   markers: list[tuple[str, Reason, str, str, bool, str]] | None = None) -> set[str]:
    """Check the races or powers of one section; every problem goes to `out`. Returns the ids
    of the entries that are sound (only those are added to the catalog). `pending` collects
    the race ids named by `occupant`, to be checked once every file is read; `built` gets the
    blocks made to check each sound entry, for the catalog to keep (`Catalog.from_data`);
    `markers` the markers each sound entry places (True) or needs another's for (False), to be
    checked against every entry once all are read (`_check_markers`)."""
    good: set[str] = set()
    if not isinstance(entries, Mapping):
        out.append(reason("content_not_mapping", where=f"{path}:{_line(node)}", section=f"{kind}s"))
        return good
    known_keys = ENTRY_KEYS | ({"box"} if kind == "race" else set())
    word = reason(f"word_{kind}")
    base = base or {}
    base_names = {str(d.get("name", i)).lower(): i for i, d in base.items() if isinstance(d, Mapping)}
    nodes = _entry_nodes(node)
    shown = str(path)
    # the effects (by their text, `same` below) found sound in this section, each with whether it
    # names races by `occupant`: the same effect written again, as thousands of entries do,
    # passes the same checks, so they are not asked again (each entry still gets its own block)
    sound: dict[str, bool] = {}
    # by an effect's name and parameters as written (in their order): its `same` text, and the
    # block made of them, whose twin each entry that writes them again gets
    texts: dict[tuple[str, str], str] = {}
    twins: dict[tuple[str, str], Any] = {}
    for eid, d in entries.items():
        before = len(out)
        knode, enode = nodes.get(str(eid), (None, None))
        where = f"{shown}:{_line(knode)}"
        if not _is_mapping(d):
            out.append(reason("content_entry_not_mapping", where=where, kind=word, id=eid))
            continue
        for k in () if known_keys.issuperset(d) else sorted(set(d) - known_keys, key=str):
            out.append(reason("content_unknown_key", where=f"{path}:{_line(_key_node(enode, str(k)))}", key=k,
                              kind=word, id=eid, known=", ".join(sorted(known_keys)), hint=near(k, known_keys)))
        tokens = d.get("tokens")
        if not _is_int(tokens) or tokens < 0:
            out.append(reason("content_tokens", where=where, kind=word, id=eid))
        elif tokens > MAX_TOKENS:
            out.append(reason("content_tokens_absurd", where=where, kind=word, id=eid, value=tokens,
                              limit=MAX_TOKENS))
        elif kind == "race":
            box = d.get("box", tokens)
            if not _is_int(box) or box < tokens:
                out.append(reason("content_box", where=where, id=eid, tokens=tokens))
            elif box > MAX_BOX:
                out.append(reason("content_box_absurd", where=where, id=eid, value=box, limit=MAX_BOX))
        if "art" in d:
            _check_art(path, f"{path}:{_line(_key_node(enode, 'art'))}", word, eid, d["art"], out)
        for k in ("name", "text"):
            if k in d and not isinstance(d[k], str):
                out.append(reason("content_not_text", where=f"{path}:{_line(_key_node(enode, k))}", key=k,
                                  kind=word, id=eid))
        pictures = d.get("pictures")
        if pictures is not None:
            _check_pictures(path, f"{path}:{_line(_key_node(enode, 'pictures'))}", word, eid, pictures, out)
        for k in ("names", "texts"):                   # the name and text in other languages
            words = d.get(k)
            if k in d and (not isinstance(words, Mapping) or any(
                    lang not in LANGUAGE_CODES or not isinstance(v, str) for lang, v in words.items())):
                out.append(reason("content_words", where=f"{path}:{_line(_key_node(enode, k))}", key=k,
                                  kind=word, id=eid, langs=", ".join(LANGUAGE_CODES)))
        replaces = d.get("replaces", False)
        if not isinstance(replaces, bool):
            out.append(reason("content_flag_entry", where=where, kind=word, id=eid, key="replaces", value=replaces))
        elif strict and str(eid) in base and not replaces:
            out.append(reason("content_shadows_base", where=where, kind=word, id=eid))
        elif strict and replaces and str(eid) not in base:
            out.append(reason("content_replaces_nothing", where=where, kind=word, id=eid, hint=near(eid, base)))
        elif strict and str(eid) not in base and str(d.get("name", "")).lower() in base_names:
            out.append(reason("content_name_like_base", where=where, kind=word, id=eid, name=d["name"],
                              base=base_names[str(d["name"]).lower()]))
        effs = d.get("effects") or []
        if not isinstance(effs, list):
            out.append(reason("content_effects_list", where=where, kind=word, id=eid))
            effs = []
        enodes = _node_for(enode, "effects")
        seen: dict[str, int] = {}
        made: list[tuple[str, str, Any, Any]] = []
        for i, e in enumerate(effs):
            enode_i = enodes.value[i] if isinstance(enodes, yaml.SequenceNode) and i < len(enodes.value) else enodes
            ewhere = f"{shown}:{_line(enode_i)}"
            if isinstance(e, str):
                name, params = e, dict[str, Any]()
            elif _is_mapping(e) and len(e) == 1:
                (name, params), = e.items()
                params = {} if params is None else params
                if not _is_mapping(params):
                    out.append(reason("content_params_mapping", where=ewhere, effect=name, kind=word, id=eid))
                    continue
            else:
                out.append(reason("content_effect_shape", where=ewhere, kind=word, id=eid))
                continue
            name = str(name)
            written = (name, repr(params))
            same = texts.get(written)
            if same is None:
                same = texts[written] = repr((name, sorted(params.items(), key=lambda kv: str(kv[0]))))
            if same in seen:
                out.append(reason("content_effect_twice", where=ewhere, kind=word, id=eid, effect=name,
                                  first=seen[same]))
                continue
            seen[same] = _line(enode_i)
            if name not in REGISTRY and name in RENAMED:
                out.append(reason("content_renamed_effect", where=ewhere, effect=name, kind=word, id=eid,
                                  new=RENAMED[name]))
                continue
            if name not in REGISTRY and name in DESIGNED:
                out.append(reason("content_designed_effect", where=ewhere, effect=name, kind=word, id=eid))
                continue
            if name not in REGISTRY:
                if strict:
                    hint = near(name, REGISTRY)
                    out.append(reason("content_unknown_effect", where=ewhere, effect=name, kind=word,
                                      id=eid, known=", ".join(sorted(REGISTRY)), hint=hint))
                continue
            known_sound = same in sound
            if not known_sound and not _check_params(ewhere, word, eid, name, params, out):
                continue
            names_races = False
            if pending is not None and sound.get(same, True):
                named = len(pending)
                _occupants(ewhere, word, eid, name, params, pending)
                names_races = len(pending) > named
            if not known_sound:
                unheard = param_problems(REGISTRY[name], {str(k): v for k, v in params.items()})
                for problem in unheard:
                    out.append(reason("content_effect_error", where=ewhere, kind=word, id=eid, error=problem))
                if unheard:
                    continue
            twin = twins.get(written)
            if twin is not None:
                made.append((ewhere, name, params, _twin(twin)))
                continue
            try:
                block = REGISTRY[name](**dict(params))
            except (TypeError, ValueError) as err:
                out.append(reason("content_effect_error", where=ewhere, kind=word, id=eid, error=as_reason(err)))
            else:
                made.append((ewhere, name, params, block))
                sound[same] = names_races
                twins[written] = block
        if len(out) == before:
            _entry_markers(word, str(eid), made, out, markers)
        if len(out) == before:
            good.add(str(eid))
            if built is not None:
                built[str(eid)] = tuple(m[3] for m in made)
    return good


def _entry_markers(word: Reason, eid: str, made: list[tuple[str, str, Any, Any]], out: list[Reason],
                   markers: list[tuple[str, Reason, str, str, bool, str]] | None) -> None:
    """A block of the entry acting on a marker that the entry itself must place and does not
    (`coins_for_markers`) is refused; what the entry places, and the markers it needs some
    other entry to place (`marker_moves`), go to `markers`."""
    placed = {spec.name for _, _, _, ab in made for spec in ab.marker_specs(eid)}
    for ewhere, name, _, ab in made:
        if markers is not None:
            markers.extend((ewhere, word, eid, name, True, spec.name) for spec in ab.marker_specs(eid))
        for marker in ab.markers_needed():
            if ab.markers_from_any:
                if markers is not None:
                    markers.append((ewhere, word, eid, name, False, marker))
            elif marker not in placed:
                out.append(reason("content_marker_unplaced", where=ewhere, kind=word, id=eid, effect=name,
                                  marker=marker, placer=reason("marker_not_by_entry", kind=word),
                                  fix=reason("marker_fix_entry", kind=word)))


def _check_markers(built: Mapping[str, tuple[Any, ...]], custom: set[str],
                   markers: list[tuple[str, Reason, str, str, bool, str]], out: list[Reason]) -> None:
    """One marker name is placed by one race or power; a block moving a marker needs one that
    some race or power places."""
    owner = {spec.name: eid for eid, abil in built.items() if eid not in custom
             for ab in abil for spec in ab.marker_specs(eid)}
    for ewhere, word, eid, _, places, marker in markers:
        if places and eid in custom and owner.setdefault(marker, eid) != eid:
            out.append(reason("content_marker_twice", where=ewhere, kind=word, id=eid, marker=marker,
                              other=owner[marker]))
    for ewhere, word, eid, name, places, marker in markers:
        if not places and eid in custom and marker not in owner:
            out.append(reason("content_marker_unplaced", where=ewhere, kind=word, id=eid, effect=name,
                              marker=marker, placer=reason("marker_not_by_any"),
                              fix=reason("marker_fix_any", known=", ".join(sorted(owner)) or reason("word_none"))))


def _twin(block: Any) -> Any:
    """A block of its own, made of the very parameters `block` was made of as written: its
    attributes, which nothing changes once it is made, are shared (a copy without copy.copy's
    general machinery, several times quicker than making it again). A compiled block
    (`game.native`) can be made only through its constructor: it is made again from them."""
    if not hasattr(block, "__dict__"):
        return type(block)(**block.given)
    twin = object.__new__(type(block))
    twin.__dict__.update(block.__dict__)
    return twin


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector held back while a catalog is read: reading makes objects by the
    hundred thousand (nodes, mappings, effects) that nearly all live on, and each of its passes
    would go through every one made so far again, more than doubling the time a file of
    thousands of entries takes. What reading leaves as garbage is collected afterwards (reading
    from events leaves next to none in cycles)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: the catalogs last read from content files, by what was read (`_read_key`): the window checks
#: the files when it opens and reads them again at Start, the lab before its run and again to
#: play it; a file of thousands of entries takes a second to read
_READ: dict[tuple[Any, ...], tuple[Catalog, tuple[Any, ...] | None]] = {}
_READ_KEPT = 4


def _as_found(files: Iterable[str | Path]) -> tuple[Any, ...] | None:
    """Each file as found on disk now: its place, size and time of change; None when one cannot
    be looked at."""
    try:
        return tuple((str(Path(f).resolve()), st.st_ino, st.st_size, st.st_mtime_ns)
                     for f in files for st in [Path(f).stat()])
    except (OSError, RuntimeError, ValueError):
        return None


def _read_key(files: list[Path], base_dir: Path) -> tuple[Any, ...] | None:
    """What a catalog read from `files` depends on: each file (and the base set's) as found on
    disk now and the effects known; None when a file cannot be looked at (it is read, and its
    problem said, as usual)."""
    found = _as_found([base_dir / "races.yaml", base_dir / "powers.yaml", *files])
    return None if found is None else (found, tuple(REGISTRY))


def _pictures_of(cat: Catalog) -> list[str]:
    """The picture files a catalog's content names (`art:`, `pictures:`)."""
    arts = {r.art for r in cat.races.values() if r.art} | {p.art for p in cat.powers.values() if p.art}
    return sorted(arts | set(cat.marker_pictures.values()))


#: a catalog with this many races and powers is kept out of the cycle collector's passes
MANY = 1000


def load_catalog(extra: Iterable[str | Path] = (), base_dir: Path = CONTENT_DIR) -> Catalog:
    """The base races and powers, plus custom files (later files win). Every problem of a file is
    reported at once: `ContentError.problems` holds one line for each. Files of thousands of
    entries read before and not changed since give the catalog read then (not to be changed);
    smaller ones are read again, each caller getting a catalog of its own."""
    files = [Path(f) for f in extra]
    key = _read_key(files, base_dir) if files else None
    kept = _READ.get(key) if key is not None else None
    if kept is not None and kept[1] is not None and _as_found(_pictures_of(kept[0])) == kept[1]:
        return kept[0]
    with _collector_paused():
        got = _load_catalog(files, base_dir)
        if len(got.races) + len(got.powers) >= MANY:
            # thousands of entries live as long as the program: the collector is told to leave
            # them (and what else lives now) out of its passes, which would otherwise go through
            # them all again every few thousand objects a game makes; told while it is still held
            # back, or its first pass would go through all that reading made (0.07 s)
            gc.freeze()
    if key is not None and len(got.races) + len(got.powers) >= MANY:
        # only a big catalog is handed out again: a small one is read again in a moment, and a
        # caller may narrow what it was given (tests keep a few races of a file) without
        # changing what the next caller of the same file gets
        _READ.pop(key, None)
        if len(_READ) >= _READ_KEPT:
            _READ.pop(next(iter(_READ)))
        _READ[key] = (got, _as_found(_pictures_of(got)))
    return got


def _load_catalog(extra: Iterable[str | Path], base_dir: Path) -> Catalog:
    """The catalog of the files, read first without the line of each value (the parser's events
    alone, several times quicker for thousands of entries); a file with a mistake is read again
    with its node tree, for every refusal to name its line."""
    files = list(extra)
    try:
        return _load_files(files, base_dir, lines=False)
    except ContentError:
        return _load_files(files, base_dir, lines=True)


def _load_files(extra: Iterable[str | Path], base_dir: Path, lines: bool) -> Catalog:
    races: dict[str, Any] = {}
    powers: dict[str, Any] = {}
    custom: set[str] = set()
    problems: list[Reason] = []
    built: dict[str, tuple[Any, ...]] = {}       # the blocks made to check each entry, kept
    for kind, fname, target in (("race", "races.yaml", races), ("power", "powers.yaml", powers)):
        path = base_dir / fname
        data, node = _read(path, problems, lines)
        _duplicates(path, node, problems)
        _check_entries(path, kind, data, node, False, problems, built=built)
        if problems:
            raise ContentError(*problems)
        target.update(data)
    base = {"race": dict(races), "power": dict(powers)}
    where_from: dict[tuple[str, str], str] = {}
    pending: list[tuple[str, Reason, Any, str, str, str]] = []
    markers: list[tuple[str, Reason, str, str, bool, str]] = []
    pictures: dict[str, str] = {}
    for f in extra:
        path = Path(f)
        data, node = _read(path, problems, lines)
        _duplicates(path, node, problems)
        if not isinstance(data, Mapping) or not set(data) & {"races", "powers"}:
            problems.append(reason("content_no_sections", path=str(path)))
            continue
        for k in sorted(set(data) - {"races", "powers"}, key=str):
            problems.append(reason("content_unknown_section", where=f"{path}:{_line(_key_node(node, str(k)))}",
                                   section=k, hint=near(k, ("races", "powers"))))
        for kind, key, target in (("race", "races", races), ("power", "powers", powers)):
            if key not in data:
                continue
            section = _node_for(node, key)
            made: dict[str, tuple[Any, ...]] = {}
            good = _check_entries(path, kind, data[key], section, True, problems, base[kind], pending, made,
                                  markers)
            pictures.update(marker_pictures(path, {k: v for k, v in data[key].items() if str(k) in good}
                                            if isinstance(data[key], Mapping) else {}))
            # every id is looked at for repeats, also those of entries with errors: a repeat
            # is reported in the same run as the errors of the entry it repeats
            named = sorted({str(k) for k in data[key]}) if isinstance(data[key], Mapping) else []
            by_id = {str(k): v for k, v in data[key].items()} if named else {}
            nodes = _entry_nodes(section)
            shown = str(path)
            for eid in named:
                here = f"{shown}:{_line(nodes.get(eid, (None, None))[0])}"
                if (kind, eid) in where_from:
                    problems.append(reason("content_id_twice", where=here, kind=reason(f"word_{kind}"), id=eid,
                                           first=where_from[(kind, eid)]))
                    continue
                other = "power" if kind == "race" else "race"
                if eid in (powers if kind == "race" else races):
                    problems.append(reason("content_same_id", where=here, kind=reason(f"word_{kind}"), id=eid,
                                           other=reason(f"word_{other}")))
                    continue
                where_from[(kind, eid)] = here
                if eid in good:
                    entry = by_id[eid]
                    if entry.get("art"):                # a copy: the file's own data is not changed
                        entry = dict(entry)
                        entry["art"] = str(art_path(path, entry["art"]))
                    target[eid] = entry
                    built[eid] = made[eid]
                    custom.add(eid)
    known_races = set(races) | {eid for kind, eid in where_from if kind == "race"}
    for where, word, eid, name, param, value in pending:
        if value not in known_races:
            problems.append(reason("content_effect_error", where=where, kind=word, id=eid, error=reason(
                "param_occupant_race", effect=name, param=param, value=value,
                hint=near(value, [*OCCUPANTS, *sorted(known_races)]), races=", ".join(sorted(known_races)))))
        elif word.key == "word_race" and param in REGISTRY[name].held_where and value != str(eid):
            problems.append(reason("content_effect_error", where=where, kind=word, id=eid, error=reason(
                "param_occupant_other_race", effect=name, param=param, race=value, own=str(eid))))
    _check_markers(built, custom, markers, problems)
    if problems:
        raise ContentError(*problems)
    try:
        catalog = Catalog.from_data(races, powers, frozenset(custom), built)
    except CatalogError as err:
        raise ContentError(err.reason) from None
    catalog.marker_pictures = pictures
    return catalog


_DEFAULT: Catalog | None = None


def default_catalog() -> Catalog:
    """The base set, read once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_catalog()
    return _DEFAULT
