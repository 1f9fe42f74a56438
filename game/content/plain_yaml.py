"""A content file's data read straight from libyaml's events, with no node tree.

`plain_data(text, limits)` builds the mappings, lists and scalars of a YAML text as PyYAML's
libyaml loader composes and constructs them (each scalar's tag found by the loader's own
resolver, made by the constructor's own function for it), in one pass over the parser's events
that also counts the document's values and depth against its kind's bounds. It keeps no line
numbers, so it answers only for a text with nothing to say about it: anything a refusal would
name a line of, or that is not plain (a key given twice, a key that is not a plain word, an
unquoted `on:` read as true, anchors and aliases, tags of one's own, a merge key, a bound met,
YAML that does not parse, more than one document) makes it give up with `Unplain`, and the
caller reads the file the long way, composing its node tree, which says what is wrong and where.
"""
from __future__ import annotations

from typing import Any

import yaml

from .bounded import LIMITS, Limits

_LOADER: Any = getattr(yaml, "CSafeLoader", None)
_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
#: the other tags of a scalar the safe constructor makes (each an immutable value)
_SCALAR_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("null", "bool", "int", "float", "timestamp",
                                                             "binary"))


class Unplain(Exception):
    """The text has something to say that needs its node tree (or libyaml is missing)."""


def plain_data(text: str, limits: Limits | str) -> Any:
    """The data of a YAML document of plain mappings (text keys, each once), lists and scalars,
    within its kind's bounds; `Unplain` for anything else."""
    lim = LIMITS[limits] if isinstance(limits, str) else limits
    if _LOADER is None or not getattr(yaml, "__with_libyaml__", False) or "&" in text or "*" in text \
            or len(text) > lim.max_bytes:
        raise Unplain
    loader = _LOADER(text)
    try:
        return _build(loader, lim)
    except (yaml.YAMLError, ValueError, TypeError):
        raise Unplain from None
    finally:
        loader.dispose()


class _NoKey:
    """The key of a mapping not yet read."""


def _build(loader: Any, lim: Limits) -> Any:
    get = loader.get_event
    resolve = loader.resolve
    made = loader.yaml_constructors
    scalar_ev, map_ev, seq_ev = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent
    end_evs = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    # each plain scalar's value by its text and how it was written: a content file says the same
    # words and numbers thousands of times, and every value a scalar makes is immutable
    values: dict[Any, Any] = {}
    keys: dict[Any, Any] = {}                        # the same for keys: the text, or None
    no_key = _NoKey
    max_depth, max_values = lim.max_depth, lim.max_values
    total = 0
    # the open collections: each with whether it is a mapping and its key waiting for a value
    stack: list[tuple[Any, bool, Any]] = []
    cur: Any = None
    is_map = False
    key: Any = no_key
    root: Any = no_key
    ev = get()
    if type(ev) is not yaml.StreamStartEvent:
        raise Unplain
    ev = get()
    if type(ev) is yaml.StreamEndEvent:
        if get() is not None:
            raise Unplain
        return None                                  # an empty text: no document, as composed
    if type(ev) is not yaml.DocumentStartEvent:
        raise Unplain
    while True:
        ev = get()
        cls = type(ev)
        if cls is scalar_ev:
            total += 1
            if total > max_values:
                raise Unplain
            # no anchor (the text holds no `&`); a plain scalar's tag and value depend on its text
            # alone, any other's on how it was written too
            memo = ev.value if ev.tag is None and ev.implicit[0] else (ev.value, ev.implicit, ev.tag)
            if is_map and key is no_key:             # a key: text, once in its mapping
                k = keys.get(memo, no_key)
                if k is no_key:
                    k = keys[memo] = _key(ev, resolve)
                if k is None or k in cur:
                    raise Unplain
                key = k
                continue
            value = values.get(memo, no_key)
            if value is no_key:
                value = values[memo] = _scalar(ev, resolve, made, loader)
        elif cls is map_ev or cls is seq_ev:
            total += 1
            if total > max_values or len(stack) + 1 > max_depth or ev.anchor is not None:
                raise Unplain
            if is_map and key is no_key:             # a mapping or list as a key
                raise Unplain
            tag = ev.tag
            if tag is not None and tag != "!" and tag != (_MAP_TAG if cls is map_ev else _SEQ_TAG):
                raise Unplain
            stack.append((cur, is_map, key))
            cur = {} if cls is map_ev else []
            is_map = cls is map_ev
            key = no_key
            continue
        elif cls in end_evs:
            if is_map and key is not no_key:
                raise Unplain
            value = cur
            cur, is_map, key = stack.pop()
        elif cls is yaml.DocumentEndEvent:
            break
        else:                                        # an alias, or what a document cannot hold
            raise Unplain
        if cur is None:                              # the document's own value
            if root is not no_key:
                raise Unplain
            root = value
        elif is_map:
            cur[key] = value
            key = no_key
        else:
            cur.append(value)
    if type(get()) is not yaml.StreamEndEvent or get() is not None or root is no_key:
        raise Unplain                                # a second document
    return root


def _key(ev: Any, resolve: Any) -> str | None:
    """A key's text, or None when the key is not plain text (a number, true or false, null, a
    merge key, a tag)."""
    tag = ev.tag
    if tag is None or tag == "!":
        tag = resolve(yaml.ScalarNode, ev.value, ev.implicit)
    return ev.value if tag == _STR_TAG else None


def _scalar(ev: Any, resolve: Any, made: dict[Any, Any], loader: Any) -> Any:
    """A scalar's value as the loader's constructor makes it."""
    tag = ev.tag
    if tag is None or tag == "!":
        tag = resolve(yaml.ScalarNode, ev.value, ev.implicit)
    text = ev.value
    if tag == _STR_TAG:
        return text
    if tag == _INT_TAG and text.isascii() and text.isdigit() and (text[0] != "0" or text == "0"):
        return int(text)                             # a plain whole number, as the constructor reads it
    make = made.get(tag) if tag in _SCALAR_TAGS else None
    if make is None:
        raise Unplain
    return make(loader, yaml.ScalarNode(tag, text, style=ev.style))
