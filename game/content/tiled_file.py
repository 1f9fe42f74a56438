"""Opening a Tiled map file: from a path to a pytmx `TiledMap`, or one clear sentence.

This module owns everything between the file on disk and pytmx: it tells a TMX map from a Tiled
JSON map (.tmj/.json, refused with "save as .tmx") or from another Tiled file (a template, a
tileset), parses the XML, fills in objects placed from an object template (`template="..."`, which
pytmx does not expand: the template's class, properties and shape are copied in where the map
does not override them), and reads maps written before regions took their id from the object's
Name: such a map kept the id and display name in properties called `id` and `name`, which collide
with Tiled's own fields, so they are moved to the Name and to `label` before pytmx sees them and
the caller is told (`OpenedMap.old_names`). pytmx is used as it comes, without its class-wide
`allow_duplicate_names` switch. It does not judge the map: that is `game.content.tmx`.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree
from xml.etree.ElementTree import ParseError

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame if present
import pytmx  # noqa: E402

from game.content.bounded import FileRefused, exists, read_bytes  # noqa: E402
from game.rules import HasReason, Reason, reason  # noqa: E402

JSON_SUFFIXES = (".tmj", ".json")
# attributes of a Tiled object that pytmx refuses as property names (besides id and name)
RESERVED = ("type", "class", "x", "y", "width", "height", "rotation", "gid", "visible", "template")
SHAPES = ("polygon", "polyline", "ellipse", "point", "text")
#: The most a map may hold (the printed 5-player map: 48 regions, 1,700 polygon points, 1600x1000
#: pixels); far beyond any board a table can play, and quick to refuse.
MAX_OBJECTS = 400
MAX_POINTS = 40_000
MAX_PIXELS = 8192


class TiledFileError(HasReason, ValueError):
    """A file that is not a TMX map pytmx can read; the message names the file and the fix."""


@dataclass
class OpenedMap:
    """A map as pytmx read it, plus what had to be adapted on the way."""

    tiled: pytmx.TiledMap
    old_names: bool = False                     # regions used the old id/name properties
    problems: list[Reason] = field(default_factory=list)   # templates that could not be used


def open_map(path: Path, shown: str) -> OpenedMap:
    """Read the map at `path` (shown as `shown` in messages); raise `TiledFileError`."""
    if not exists(path) and not path.is_symlink():
        raise TiledFileError(reason("map_no_file", path=shown))
    try:
        raw = read_bytes(path, "map")            # a regular file of at most a few MB, or one line
    except FileRefused as e:
        raise TiledFileError(e.reason) from None
    except OSError as e:
        raise TiledFileError(reason("map_unreadable_file", path=shown, error=e.strerror or str(e))) from None
    head = raw[:256].lstrip(b"\xef\xbb\xbf \t\r\n")
    if path.suffix.lower() in JSON_SUFFIXES or head.startswith((b"{", b"[")):
        raise TiledFileError(reason("map_json", path=shown))
    try:
        root = ElementTree.fromstring(raw)
    except ParseError as e:
        raise TiledFileError(reason("map_bad_xml", path=shown, error=str(e))) from None
    if root.tag != "map":
        raise TiledFileError(reason("map_not_a_map", path=shown, tag=root.tag))
    _check_size(root, shown)
    for ts in root.iter("tileset"):              # pytmx reads these itself: a plain, small file first
        if ts.get("source"):
            try:
                read_bytes(path.parent / str(ts.get("source")), "template")
            except FileRefused as e:
                raise TiledFileError(e.reason) from None
            except OSError:
                pass                             # missing: pytmx's own sentence says so
    opened = OpenedMap(tiled=pytmx.TiledMap())
    cache: dict[Path, ElementTree.Element | None] = {}
    for obj in root.iter("object"):
        _expand_template(obj, path, shown, opened.problems, cache)
        opened.old_names |= _move_old_names(obj)
        for prop in list(_properties(obj)):
            if prop.get("name") in RESERVED:
                label = reason("map_object_label", object=obj.get("id", "?"), name=obj.get("name", ""))
                opened.problems.append(reason("map_reserved_property", where=reason(
                    "map_where", path=shown, label=label), key=prop.get("name")))
                _drop(obj, prop)
    tiled = opened.tiled
    tiled.filename = str(path)
    try:
        tiled.parse_xml(root)
    except Exception as e:  # pytmx raises many kinds for a malformed map
        raise TiledFileError(reason("map_pytmx", path=shown, error=f"{type(e).__name__}: {e}")) from None
    return opened


def _properties(obj: ElementTree.Element) -> list[ElementTree.Element]:
    block = obj.find("properties")
    return [] if block is None else block.findall("property")


def _drop(obj: ElementTree.Element, prop: ElementTree.Element) -> None:
    block = obj.find("properties")
    if block is not None:
        block.remove(prop)


def _template(tx: Path, cache: dict[Path, ElementTree.Element | None]) -> ElementTree.Element | None:
    """The object of a template file (each file read once per map, within the template bounds)."""
    if tx not in cache:
        try:
            cache[tx] = ElementTree.fromstring(read_bytes(tx, "template")).find("object")
        except (OSError, ParseError):
            cache[tx] = None
    return cache[tx]


def _check_size(root: ElementTree.Element, shown: str) -> None:
    """Refuse, before anything is built, a map with more objects or polygon points, or more
    pixels, than any Small World map needs (the printed maps: 48 regions, 1,700 points)."""
    objects = sum(1 for _ in root.iter("object"))
    if objects > MAX_OBJECTS:
        raise TiledFileError(reason("map_too_many_objects", path=shown, count=objects, limit=MAX_OBJECTS))
    points = 0
    for shape in root.iter("polygon"):
        points += str(shape.get("points", "")).count(",")
        if points > MAX_POINTS:
            raise TiledFileError(reason("map_too_many_points", path=shown, limit=MAX_POINTS))
    try:
        width = int(root.get("width", "0")) * int(root.get("tilewidth", "0"))
        height = int(root.get("height", "0")) * int(root.get("tileheight", "0"))
    except ValueError:
        return                                   # the reader's own sentence says what is wrong
    if width > MAX_PIXELS or height > MAX_PIXELS:
        raise TiledFileError(reason("map_too_large", path=shown, width=width, height=height, limit=MAX_PIXELS))


def _expand_template(obj: ElementTree.Element, path: Path, shown: str, problems: list[Reason],
                     cache: dict[Path, ElementTree.Element | None]) -> None:
    """Copy a template's class, name, properties and shape into an object placed from it."""
    source = obj.get("template")
    if not source:
        return
    del obj.attrib["template"]
    label = reason("map_object_label", object=obj.get("id", "?"), name=obj.get("name", ""))
    where = reason("map_where", path=shown, label=label)
    template = _template(path.parent / source, cache)
    if template is None:
        problems.append(reason("map_template_missing", where=where, source=source))
        return
    for key, value in template.attrib.items():
        if key not in obj.attrib and key != "id":
            obj.set(key, value)
    own = {p.get("name") for p in _properties(obj)}
    inherited = [p for p in _properties(template) if p.get("name") not in own]
    if inherited:
        block = obj.find("properties")
        if block is None:
            block = ElementTree.Element("properties")
            obj.insert(0, block)
        block.extend(inherited)
    if not any(obj.find(shape) is not None for shape in SHAPES):
        obj.extend(child for child in template if child.tag in SHAPES)


def _move_old_names(obj: ElementTree.Element) -> bool:
    """An old region kept its id in property `id` and its display name in `name`: move them."""
    found = False
    props = {p.get("name"): p for p in _properties(obj)}
    old_id = props.get("id")
    if old_id is not None:
        found = True
        if (old_id.get("value") or "").strip():
            obj.set("name", (old_id.get("value") or "").strip())
        _drop(obj, old_id)
    old_name = props.get("name")
    if old_name is not None:
        found = True
        if "label" not in props:
            old_name.set("name", "label")
        else:
            _drop(obj, old_name)
    return found
