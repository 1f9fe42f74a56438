"""Reading a file within bounds: every file the game or a tool reads goes through here.

A file is read only when it is a regular file (not a FIFO, a device such as `/dev/zero`, nor a
folder), and only up to the size its kind may have (`LIMITS`: a content file 1 MB, a save 64 MB,
settings 256 KB...). YAML is checked event by event before anything is built from it: how deep
it nests, how many aliases it uses and how many values those aliases would expand to, so a
"YAML bomb" (aliases of aliases) or a file nested a hundred thousand deep is refused in a
fraction of a second instead of hanging the reader. JSON is checked for depth as it is read. A
file over a bound raises `FileRefused`, an `OSError` whose one sentence names the file, what it
exceeds and the limit (so a caller that only knew about unreadable files still never shows a
traceback). No pygame, no game rules: the lowest floor that reads files (the content loaders)
owns it, and saves, settings, scenarios, maps and the tools use it.
"""
from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..rules import HasReason, Reason, reason

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)     # libyaml when present


@dataclass(frozen=True)
class Limits:
    """What one kind of file may hold."""
    kind: str               # a word for the sentence: reason(f"word_file_{kind}")
    max_bytes: int          # the file's size
    max_depth: int          # lists and mappings inside each other
    max_aliases: int        # YAML `*alias` uses
    max_values: int         # values once every alias is expanded (YAML)


KB = 1024
MB = 1024 * KB
LIMITS: dict[str, Limits] = {
    # the shipped races.yaml is 30 KB; a pack of a hundred races stays far below
    "content": Limits("content", 1 * MB, 32, 100, 200_000),
    "scenario": Limits("scenario", 1 * MB, 32, 200, 200_000),
    "strings": Limits("strings", 2 * MB, 16, 0, 200_000),
    "settings": Limits("settings", 256 * KB, 16, 0, 20_000),
    # a game of 100,000 records stays below 64 MB
    "save": Limits("save", 64 * MB, 64, 0, 10_000_000),
    # the shipped maps are 20-40 KB of TMX; a template or tileset far less
    "map": Limits("map", 4 * MB, 32, 0, 0),
    "template": Limits("template", 256 * KB, 32, 0, 0),
    "image": Limits("image", 32 * MB, 0, 0, 0),
    # the lab's own result files (one line per game)
    "lab": Limits("lab", 256 * MB, 16, 0, 0),
    # the music's notes (assets/music/*.yaml, read by tools/make_music.py): 2-3 KB each
    "score": Limits("score", 256 * KB, 16, 0, 20_000),
}


class FileRefused(HasReason, OSError):
    """A file that is not read: not a regular file, or beyond its kind's limits. One sentence."""

    def __init__(self, why: Reason, problem: Reason | None = None) -> None:
        super().__init__(why)
        self.strerror = str(why)
        self.problem = problem or why          # the same without the file's name, for a longer sentence

    def __str__(self) -> str:
        return str(self.reason)


def _size(n: int) -> str:
    if n >= MB:
        return f"{n / MB:.0f} MB" if n % MB == 0 or n >= 10 * MB else f"{n / MB:.1f} MB"
    if n >= KB:
        return f"{n // KB} KB"
    return f"{n} bytes"


def _word(limits: Limits) -> Reason:
    return reason(f"word_file_{limits.kind}")


def _what(mode: int) -> Reason:
    if stat.S_ISDIR(mode):
        return reason("word_is_folder")
    if stat.S_ISFIFO(mode):
        return reason("word_is_pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return reason("word_is_device")
    if stat.S_ISSOCK(mode):
        return reason("word_is_socket")
    return reason("word_is_other")


def _open(path: str | Path, lim: Limits) -> int:
    """A descriptor on a regular file within the size limit (closed again on a refusal)."""
    shown = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)        # non-blocking: opening a FIFO never waits for a writer
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(reason("file_not_regular", path=shown, what=_what(st.st_mode), kind=_word(lim)),
                              reason("file_p_not_regular", what=_what(st.st_mode)))
        if st.st_size > lim.max_bytes:
            raise FileRefused(reason("file_too_big", path=shown, size=_size(st.st_size), kind=_word(lim),
                                     limit=_size(lim.max_bytes)),
                             reason("file_p_too_big", size=_size(st.st_size), limit=_size(lim.max_bytes)))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_head(path: str | Path, n: int, limits: Limits | str) -> bytes:
    """The first `n` bytes of a regular file within its kind's size (a picture's header)."""
    fd = _open(path, LIMITS[limits] if isinstance(limits, str) else limits)
    try:
        return os.read(fd, n)
    finally:
        os.close(fd)


def read_bytes(path: str | Path, limits: Limits | str) -> bytes:
    """The bytes of a regular file no bigger than `limits.max_bytes`; `FileRefused` otherwise,
    and the system's `OSError` (missing, no rights) as it comes."""
    lim = LIMITS[limits] if isinstance(limits, str) else limits
    shown = str(path)
    fd = _open(path, lim)
    try:
        chunks: list[bytes] = []
        got = 0
        while True:                  # a file growing while read is still cut at the limit
            chunk = os.read(fd, min(1 * MB, lim.max_bytes + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            if got > lim.max_bytes:
                raise FileRefused(reason("file_too_big", path=shown, size=_size(got), kind=_word(lim),
                                         limit=_size(lim.max_bytes)),
                                 reason("file_p_too_big", size=_size(got), limit=_size(lim.max_bytes)))
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: str | Path, limits: Limits | str) -> str:
    """`read_bytes` decoded as UTF-8 (`UnicodeDecodeError`, a `ValueError`, when it is not)."""
    return read_bytes(path, limits).decode("utf-8")


def check_yaml(text: str | bytes, path: str | Path, limits: Limits | str) -> None:
    """Refuse YAML that nests too deep, uses too many aliases or expands to too many values,
    reading only its events (nothing is built); `yaml.YAMLError` for YAML that does not parse."""
    lim = LIMITS[limits] if isinstance(limits, str) else limits
    shown = str(path)
    if len(text) > lim.max_bytes:
        raise FileRefused(reason("file_too_big", path=shown, size=_size(len(text)), kind=_word(lim),
                                 limit=_size(lim.max_bytes)))
    anchors: dict[str, int] = {}
    # one frame per open collection: [values inside it so far, its anchor]
    stack: list[list[Any]] = []
    total = 0
    aliases = 0

    def add(n: int) -> None:
        nonlocal total
        total += n
        if stack:
            stack[-1][0] += n
        if total > lim.max_values:
            raise FileRefused(reason("file_too_many_values", path=shown, limit=lim.max_values, kind=_word(lim)))

    loader = _LOADER(text)
    try:
        while loader.check_event():
            ev = loader.get_event()
            if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                stack.append([1, ev.anchor])
                total += 1
                if len(stack) > lim.max_depth:
                    raise FileRefused(reason("file_too_deep", path=shown, limit=lim.max_depth, kind=_word(lim)))
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                size, anchor = stack.pop()
                if anchor is not None:
                    anchors[anchor] = size
                if stack:
                    stack[-1][0] += size
            elif isinstance(ev, yaml.ScalarEvent):
                if ev.anchor is not None:
                    anchors[ev.anchor] = 1
                add(1)
            elif isinstance(ev, yaml.AliasEvent):
                aliases += 1
                if aliases > lim.max_aliases:
                    raise FileRefused(reason("file_too_many_aliases", path=shown, limit=lim.max_aliases,
                                             kind=_word(lim)))
                add(anchors.get(ev.anchor or "", 1))
            if total > lim.max_values:
                raise FileRefused(reason("file_too_many_values", path=shown, limit=lim.max_values, kind=_word(lim)))
    except yaml.YAMLError as err:            # libyaml's own bound on nesting, met before ours
        if "nesting depth" in str(err) or "flow level" in str(err):
            raise FileRefused(reason("file_too_deep", path=shown, limit=lim.max_depth, kind=_word(lim)),
                              reason("file_p_too_deep", limit=lim.max_depth)) from None
        raise
    finally:
        dispose = getattr(loader, "dispose", None)
        if dispose is not None:
            dispose()


def compose_yaml(text: str, path: str | Path, limits: Limits | str) -> Any:
    """The node tree of a YAML document (None for an empty one) within its kind's bounds, read
    once by libyaml where present: a text with no `&` or `*` has no anchors or aliases, so its
    tree holds each value once and is measured once composed (libyaml bounds its nesting, and a
    file its size); any other text, or one libyaml refuses, is measured event by event first as
    `check_yaml` does, so a bomb is refused before anything is built and a refusal is the same
    sentence. `FileRefused` past a bound, `yaml.YAMLError` for YAML that does not parse."""
    lim = LIMITS[limits] if isinstance(limits, str) else limits
    loader = _LOADER(text)
    try:
        if not getattr(yaml, "__with_libyaml__", False) or "&" in text or "*" in text \
                or len(text) > lim.max_bytes:
            check_yaml(text, path, lim)
            return loader.get_single_node()
        try:
            node = loader.get_single_node()
        except yaml.YAMLError:
            check_yaml(text, path, lim)      # a bound met before the mistake is what is said
            raise
        _measure_tree(node, str(path), lim)
        return node
    finally:
        loader.dispose()


def _measure_tree(node: Any, shown: str, lim: Limits) -> None:
    """`check_yaml`'s bounds on a node tree without aliases, met in the same order (the
    document's): each collection's depth as it opens, the values counted so far."""
    if node is not None:
        _measure(node, 1, 0, shown, lim)


def _measure(node: Any, depth: int, total: int, shown: str, lim: Limits) -> int:
    """The values counted once `node` is (`total` before it); raises at the first bound met."""
    total += 1
    cls = type(node)
    if cls is yaml.MappingNode or cls is yaml.SequenceNode:
        if depth > lim.max_depth:
            raise FileRefused(reason("file_too_deep", path=shown, limit=lim.max_depth, kind=_word(lim)))
        if total > lim.max_values:
            raise FileRefused(reason("file_too_many_values", path=shown, limit=lim.max_values, kind=_word(lim)))
        if cls is yaml.MappingNode:
            for k, v in node.value:
                total = _measure(v, depth + 1, _measure(k, depth + 1, total, shown, lim), shown, lim)
        else:
            for v in node.value:
                total = _measure(v, depth + 1, total, shown, lim)
    elif total > lim.max_values:
        raise FileRefused(reason("file_too_many_values", path=shown, limit=lim.max_values, kind=_word(lim)))
    return total


#: the words YAML 1.1 (and so PyYAML) reads as true or false when unquoted, that a designer
#: means as words: `on:` is a key `True`. (`y` and `n` stay words for PyYAML.)
BOOL_LOOKING = frozenset(w for word in ("yes", "no", "on", "off") for w in (word, word.title(), word.upper()))
_BOOL_TAG = "tag:yaml.org,2002:bool"
_STR_TAG = "tag:yaml.org,2002:str"


def words_as_keys(node: Any, depth: int = 0) -> list[tuple[int, str]]:
    """Every unquoted mapping key of `node` that YAML would read as true or false though it was
    written as a word (`on:`, `yes:`, `off:`, `no:`), made a word again (the node is changed in
    place, so the data built from it has the key 'on', not True); each as (line, word), for a
    one-line refusal naming the fix (quote it)."""
    out: list[tuple[int, str]] = []
    _words_as_keys(node, depth, out)
    return out


def _words_as_keys(node: Any, depth: int, out: list[tuple[int, str]]) -> None:
    if depth > 64:
        return
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if (isinstance(k, yaml.ScalarNode) and k.tag == _BOOL_TAG and not k.style
                    and k.value in BOOL_LOOKING):
                k.tag = _STR_TAG
                out.append((k.start_mark.line + 1, str(k.value)))
            if type(v) is not yaml.ScalarNode:          # a value's own keys
                _words_as_keys(v, depth + 1, out)
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            if type(v) is not yaml.ScalarNode:
                _words_as_keys(v, depth + 1, out)


def load_yaml(path: str | Path, limits: Limits | str, loader: Any = None) -> tuple[str, Any]:
    """The text of a YAML file and the data in it, every bound checked before anything is built."""
    text = read_text(path, limits)
    check_yaml(text, path, limits)
    return text, yaml.load(text, Loader=loader or _LOADER)


def check_depth(data: Any, path: str | Path, limits: Limits | str) -> None:
    """Refuse parsed data (JSON) nested deeper than its kind allows; walks without recursion."""
    lim = LIMITS[limits] if isinstance(limits, str) else limits
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > lim.max_depth:
            raise FileRefused(reason("file_too_deep", path=str(path), limit=lim.max_depth, kind=_word(lim)),
                              reason("file_p_too_deep", limit=lim.max_depth))
        todo.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))


def load_json(path: str | Path, limits: Limits | str) -> Any:
    """The JSON in a file within its kind's limits: `FileRefused` past a limit (nesting too deep
    for the reader included), `ValueError` for text that is not JSON."""
    lim = LIMITS[limits] if isinstance(limits, str) else limits
    text = read_text(path, lim)
    try:
        data = json.loads(text)
    except RecursionError:
        raise FileRefused(reason("file_too_deep", path=str(path), limit=lim.max_depth, kind=_word(lim)),
                          reason("file_p_too_deep", limit=lim.max_depth)) from None
    check_depth(data, path, lim)
    return data


def exists(path: str | Path) -> bool:
    """Whether `path` names something, False (not an error) for a name the system refuses to
    look up (too long, a NUL in it...)."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def excerpt(value: Any, most: int = 40) -> str:
    """A value from a file, quoted at most `most` characters long (cut with "…"): a refusal never
    repeats a megabyte the file holds."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > most:
        text = text[: most - 1] + "…"
    return text
