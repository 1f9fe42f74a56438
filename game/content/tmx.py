"""Tiled maps (TMX) to the engine's `Board`, with every check a map author needs.

This module owns reading a map into the game: from the pytmx map that `game.content.tiled_file`
opens, it reads the `regions` object layer (one polygon per region; the region id is the
object's Name, and its properties are label, terrain, features, lost_tribe, border, adjacent,
and label_fr, label_ro, label_nl... for its name in other languages)
and the map properties `turns`, `name` and `players`, finds adjacency from shared polygon edges
plus the explicit `adjacent` property, refuses regions that overlap and warns about edges that
run close without touching (a gap the author did not mean), and hands back a `MapData` (the
`Board`, the polygons for hit-testing, the picture). Problems are collected as one-line
sentences naming the map file, the object and the fix (`inspect_map`); `load_map` raises the
first as a `MapError`. It does not draw and does not judge balance: the comparison with the
printed maps lives in `game.maps`.
"""
from __future__ import annotations

import os
import re
import struct
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame if present
import pytmx  # noqa: E402

from game import resources  # noqa: E402
from game.content import geometry  # noqa: E402
from game.content.bounded import read_head  # noqa: E402
from game.content.tiled_file import MAX_PIXELS, TiledFileError, open_map  # noqa: E402
from game.rules import (  # noqa: E402
    FEATURES,
    TERRAINS,
    WATER,
    Board,
    BoardError,
    HasReason,
    Reason,
    Region,
    reason,
    reason_n,
)

Point = tuple[float, float]

REGION_LAYER = "regions"
REGION_CLASS = "region"
EDGE_TOLERANCE = 2.0      # pixels: edges this close count as one border
MIN_SHARED_BORDER = 4.0   # pixels of common border that make two regions adjacent
NEAR_MISS = 15.0          # pixels: edges closer than this but not touching are probably a slip
MIN_NEAR_MISS = 8.0       # pixels of such edges before the checker says so
ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
LABEL_PREFIX = "label_"                          # label_fr: the region's name in French
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}$")

MAPS_DIR = resources.MAPS
SHIPPED_MAPS: dict[int, Path] = {
    2: MAPS_DIR / "two_players.tmx",
    3: MAPS_DIR / "three_players.tmx",
    4: MAPS_DIR / "four_players.tmx",
    5: MAPS_DIR / "five_players.tmx",
}


class MapError(HasReason, ValueError):
    """A map file that cannot be played; the message names the file, the object and the fix
    (`err.reason` is the keyed `Reason`)."""


@dataclass
class MapData:
    """A loaded map: the engine's board plus what the window needs to show it."""

    board: Board
    polygons: dict[str, list[Point]]   # region id -> absolute pixel points
    image_path: Path | None
    width: int                         # board size in pixels
    height: int
    name: str
    path: Path
    players: int | None = None         # the player count the map is meant for, if it says


@dataclass
class MapSketch:
    """What could be read of a map, errors or not: enough to draw it with the errors on it."""

    width: int
    height: int
    name: str
    image_path: Path | None
    polygons: dict[str, list[Point]] = field(default_factory=dict)   # region id -> points
    terrains: dict[str, str] = field(default_factory=dict)           # region id -> terrain as written


@dataclass
class MapReport:
    """Everything `inspect_map` found: the map if it could be built, errors and warnings, and a
    sketch of the regions that could be read (None when not even the map's size could be)."""

    path: Path
    data: MapData | None
    errors: list[Reason] = field(default_factory=list)
    warnings: list[Reason] = field(default_factory=list)
    skipped: list[Reason] = field(default_factory=list)   # checks not made, and why
    sketch: MapSketch | None = None


def object_kind(obj: Any) -> str:
    """The object's class: `class=` as Tiled 1.9 writes it, or `type=` (Tiled 1.8 and 1.10+)."""
    return str(vars(obj).get("class") or getattr(obj, "type", None) or "").strip()


def map_for_players(players: int) -> MapData:
    """Load the shipped map for 2 to 5 players."""
    if players not in SHIPPED_MAPS:
        raise MapError(reason("map_no_map_for", players=players, low=min(SHIPPED_MAPS),
                              high=max(SHIPPED_MAPS)))
    return load_map(SHIPPED_MAPS[players])


def load_map(path: str | Path) -> MapData:
    """Read a TMX map into a `MapData`; raise `MapError` with the first problem found. The
    near-miss search (warnings only, which a game does not show) is left to the checker. A
    missing picture is no error: the window draws the regions in flat colours."""
    report = inspect_map(path, near_misses=False)
    if report.errors or report.data is None:
        first = report.errors[0] if report.errors else reason("map_unreadable", path=str(path))
        more = len(report.errors) - 1
        if more > 0:
            first = reason("map_and_more", first=first, more=more, path=str(path))
        raise MapError(first)
    return report.data


# -- reading -----------------------------------------------------------------------------------
def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0"):
        return value.strip().lower() in ("true", "1")
    return None


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    return [part.strip().lower() for part in str(value).split(",") if part.strip()]


def _png_size(path: Path) -> tuple[int, int] | None:
    try:
        head = read_head(path, 24, "image")       # a plain file of sensible size, or no picture
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@dataclass
class _Raw:
    """One region object as read, before the board is built."""

    label: Reason
    region: Region
    polygon: list[Point] | None
    adjacent: list[str]
    border_given: bool


def inspect_map(path: str | Path, near_misses: bool = True) -> MapReport:
    """Read and check a TMX map; collect every problem as a one-line sentence. A missing or
    unreadable picture is a warning (a first map has none yet; the window draws the regions in
    flat colours), so the checker, the preview, the picture tool and the game agree."""
    path = Path(path)
    shown = str(path)
    report = MapReport(path=path, data=None)
    errors, warnings = report.errors, report.warnings
    try:
        opened = open_map(path, shown)
    except TiledFileError as e:
        errors.append(e.reason)
        return report
    tiled = opened.tiled
    errors.extend(opened.problems)
    if opened.old_names:
        warnings.append(reason("map_old_names", path=shown))

    width = int(tiled.width) * int(tiled.tilewidth)
    height = int(tiled.height) * int(tiled.tileheight)
    if width <= 0 or height <= 0:
        errors.append(reason("map_no_size", path=shown))
        return report
    if tiled.orientation != "orthogonal":
        errors.append(reason("map_orientation", path=shown, value=tiled.orientation))

    turns_value = tiled.properties.get("turns")
    turns = 0
    if turns_value is None:
        errors.append(reason("map_no_turns", path=shown))
    else:
        try:
            turns = int(str(turns_value).strip())
            if turns < 1:
                raise ValueError
        except ValueError:
            errors.append(reason("map_bad_turns", path=shown, value=turns_value))
    name = str(tiled.properties.get("name") or path.stem.replace("_", " ").title())
    players = _players(tiled.properties.get("players"), shown, errors)

    image_path = _check_image(tiled, path, shown, width, height, warnings)
    report.sketch = MapSketch(width=width, height=height, name=name, image_path=image_path)

    layer = next((lay for lay in tiled.layers if isinstance(lay, pytmx.TiledObjectGroup)
                  and lay.name == REGION_LAYER), None)
    if layer is None:
        errors.append(reason("map_no_layer", path=shown, layer=REGION_LAYER))
        return report
    before = len(errors)
    raws, unshaped = _read_regions(list(layer), shown, width, height, errors, warnings)
    if not raws:
        if len(errors) == before:
            errors.append(reason("map_empty_layer", path=shown, layer=REGION_LAYER))
        return report

    # Every check runs on the regions that have a shape and an id, so one run reports all it
    # can; only the whole-board checks (a region without neighbours, a board in pieces) wait
    # until every region can be placed, and the report says so.
    polygons = {r.region.id: r.polygon for r in raws if r.polygon is not None}
    report.sketch.polygons = {rid: list(poly) for rid, poly in polygons.items()}
    report.sketch.terrains = {r.region.id: r.region.terrain for r in raws}
    overlaps, overlapping = _overlaps(raws, shown)
    errors.extend(overlaps)
    if near_misses:
        shared, near = geometry.border_runs(polygons, (EDGE_TOLERANCE, NEAR_MISS))
    else:
        shared, near = geometry.border_runs(polygons, (EDGE_TOLERANCE,))[0], {}
    pairs, problems = _adjacency(raws, shared, shown, whole=not unshaped, overlapping=overlapping)
    if unshaped:
        report.skipped.append(reason_n("map_skipped_whole", unshaped, path=shown, count=unshaped))
    elif overlapping:
        report.skipped.append(reason("map_skipped_apart", path=shown))
    errors.extend(problems)
    warnings.extend(_near_misses(raws, polygons, near, pairs, shown))
    for raw in raws:
        on_frame = geometry.edge_length_on_frame(raw.polygon or [], width, height,
                                                 EDGE_TOLERANCE) > MIN_SHARED_BORDER
        if raw.border_given and raw.region.border != on_frame:
            where = reason("map_where", path=shown, label=raw.label)
            warnings.append(reason("map_border_true" if raw.region.border else "map_border_false",
                                   where=where))
    if errors:
        return report
    try:
        board = Board.build(name, turns, [r.region for r in raws], pairs)
    except BoardError as e:
        errors.append(reason("map_board", path=shown, error=e.reason))
        return report
    report.data = MapData(board=board, polygons={k: list(v) for k, v in polygons.items()},
                          image_path=image_path, width=width, height=height, name=name, path=path,
                          players=players)
    return report


def _players(value: Any, shown: str, errors: list[Reason]) -> int | None:
    if value is None or str(value).strip() == "":
        return None
    try:
        players = int(str(value).strip())
    except ValueError:
        players = 0
    if not 2 <= players <= 5:
        errors.append(reason("map_bad_players", path=shown, value=value))
        return None
    return players


def check_players(data: MapData, count: int) -> None:
    """Raise `MapError` when the map says it is meant for another number of players."""
    if data.players is not None and data.players != count:
        raise MapError(reason("map_wrong_players", path=str(data.path), players=data.players, count=count))


def _check_image(tiled: pytmx.TiledMap, path: Path, shown: str, width: int, height: int,
                 warnings: list[Reason]) -> Path | None:
    layer = next((lay for lay in tiled.layers if isinstance(lay, pytmx.TiledImageLayer)), None)
    problem = None
    image_path = None
    if layer is None or not layer.source:
        problem = reason("map_no_image", path=shown)
    else:
        image_path = (path.parent / layer.source).resolve()
        size = _png_size(image_path)
        if not image_path.is_file():
            problem = reason("map_image_missing", path=shown, layer=layer.name, source=layer.source)
        elif size is None:
            problem = reason("map_image_not_png", path=shown, layer=layer.name, source=layer.source)
        elif max(size) > MAX_PIXELS:
            problem = reason("map_too_large", path=str(image_path), width=size[0], height=size[1], limit=MAX_PIXELS)
            image_path = None
        elif size != (width, height):
            warnings.append(reason("map_image_size", path=shown, w=size[0], h=size[1], width=width,
                                   height=height))
    if problem:
        warnings.append(problem)
    return image_path


def _names_in(props: Any) -> tuple[tuple[str, str], ...]:
    """A region's names in other languages: its `label_<language>` properties (`label_fr`,
    `label_ro`, `label_nl`), those not left empty, by language code."""
    found = []
    for key, value in props.items():
        code = str(key)[len(LABEL_PREFIX):]
        if str(key).startswith(LABEL_PREFIX) and LANGUAGE_CODE.match(code) and str(value or "").strip():
            found.append((code, str(value).strip()))
    return tuple(sorted(found))


def _read_regions(objects: list[Any], shown: str, width: int, height: int,
                  errors: list[Reason], warnings: list[Reason]) -> tuple[list[_Raw], int]:
    """The regions with a usable id and shape (their other properties may still be wrong:
    `errors` says so), and how many region objects had no usable id or shape."""
    raws: list[_Raw] = []
    unshaped = 0
    used: dict[str, str] = {}            # region id -> the object id that has it
    for obj in objects:
        props = obj.properties
        rid = str(obj.name or "").strip()
        label = reason("map_object_label", object=obj.id, name=rid)
        where = reason("map_where", path=shown, label=label)
        kind = object_kind(obj)
        if kind and kind != REGION_CLASS:
            errors.append(reason("map_bad_class", where=where, value=kind, cls=REGION_CLASS, layer=REGION_LAYER))
            continue
        id_ok = False
        if not rid:
            errors.append(reason("map_no_id", where=where))
        elif not ID_PATTERN.match(rid):
            errors.append(reason("map_bad_id", where=where, id=rid))
        elif rid in used:
            errors.append(reason("map_id_used", where=where, id=rid, other=used[rid]))
        else:
            used[rid] = str(obj.id)
            id_ok = True
        terrain = str(props.get("terrain") or "").strip().lower()
        if not terrain:
            errors.append(reason("map_no_terrain", where=where, known="|".join(TERRAINS)))
        elif terrain not in TERRAINS:
            errors.append(reason("map_unknown_terrain", where=where, value=terrain, known=", ".join(TERRAINS)))
        features = _as_list(props.get("features"))
        for feat in features:
            if feat not in FEATURES:
                errors.append(reason("map_unknown_feature", where=where, value=feat, known=", ".join(FEATURES)))
        flags: dict[str, bool] = {}
        for key in ("lost_tribe", "border"):
            value = props.get(key)
            if value is None:
                continue
            flag = _as_bool(value)
            if flag is None:
                errors.append(reason("map_not_bool", where=where, key=key, value=value))
            else:
                flags[key] = flag
        lost_tribe = flags.get("lost_tribe", False)
        if terrain in WATER and lost_tribe:
            errors.append(reason("map_water_tribe", where=where, terrain=terrain))
        if terrain in WATER and features:
            errors.append(reason("map_water_feature", where=where, value=", ".join(features), terrain=terrain))
        polygon = _read_polygon(obj, where, width, height, errors)
        if polygon is None or not id_ok:
            unshaped += 1
            continue
        border = flags.get("border")
        if border is None:
            border = geometry.edge_length_on_frame(polygon, width, height,
                                                   EDGE_TOLERANCE) > MIN_SHARED_BORDER
        region = Region(id=rid, terrain=terrain, features=frozenset(features),
                        lost_tribe=lost_tribe, border=border,
                        name=str(props.get("label") or "").strip(), names=_names_in(props))
        raws.append(_Raw(label=label, region=region, polygon=polygon,
                         adjacent=_as_list(props.get("adjacent")),
                         border_given="border" in flags))
    return raws, unshaped


def _read_polygon(obj: Any, where: Reason, width: int, height: int,
                  errors: list[Reason]) -> list[Point] | None:
    points = vars(obj).get("points")  # only polygons and polylines have points
    if points is None:
        errors.append(reason("map_not_polygon", where=where))
        return None
    if not obj.closed:
        errors.append(reason("map_open_polygon", where=where))
        return None
    if obj.rotation:
        points = obj.apply_transformations()
    polygon = [(float(p[0]), float(p[1])) for p in points]
    if len(polygon) > 3 and polygon[0] == polygon[-1]:
        polygon.pop()  # a closing point repeated by hand
    crossing = geometry.crossing_point(polygon) if len(set(polygon)) >= 3 else None
    if crossing is not None:
        errors.append(reason("map_crossing", where=where, x=f"{crossing[0]:.0f}", y=f"{crossing[1]:.0f}"))
        return None
    if len(set(polygon)) < 3 or geometry.area(polygon) < 1.0:
        errors.append(reason("map_no_area", where=where))
        return None
    for x, y in polygon:
        if not (-EDGE_TOLERANCE <= x <= width + EDGE_TOLERANCE
                and -EDGE_TOLERANCE <= y <= height + EDGE_TOLERANCE):
            errors.append(reason("map_off_board", where=where, x=f"{x:.0f}", y=f"{y:.0f}", width=width,
                                 height=height))
            return None
    return polygon


def _overlaps(raws: list[_Raw], shown: str) -> tuple[list[Reason], set[str]]:
    """One error for each pair of regions that lie partly or wholly on top of each other, and
    the ids of the regions concerned."""
    errors: list[Reason] = []
    overlapping: set[str] = set()
    boxes = [geometry.bbox(r.polygon or []) for r in raws]
    for i, first in enumerate(raws):
        for j in range(i + 1, len(raws)):
            a, b = boxes[i], boxes[j]
            if a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]:
                continue
            second = raws[j]
            point = geometry.overlap_point(first.polygon or [], second.polygon or [], EDGE_TOLERANCE)
            if point is None:
                continue
            overlapping |= {first.region.id, second.region.id}
            at = {"x": f"{point[0]:.0f}", "y": f"{point[1]:.0f}"}
            inside = [(inner, outer) for inner, outer in ((first, second), (second, first))
                      if geometry.lies_inside(inner.polygon or [], outer.polygon or [], EDGE_TOLERANCE)]
            if inside:      # a lake drawn in a field: a polygon has no holes, say how to draw it
                inner, outer = inside[0]
                errors.append(reason("map_overlap_inside", path=shown, first=first.label,
                                     second=second.label, inner=inner.label, outer=outer.label, **at))
            else:
                errors.append(reason("map_overlap", path=shown, first=first.label, second=second.label,
                                     **at))
    return errors, overlapping


def _near_misses(raws: list[_Raw], polygons: dict[str, list[Point]],
                 runs: dict[tuple[str, str], tuple[float, Point]], pairs: list[tuple[str, str]],
                 shown: str) -> list[Reason]:
    """A warning for each pair of regions whose edges run close without touching."""
    adjacent = {frozenset(p) for p in pairs}
    by_id = {r.region.id: r for r in raws}
    warnings: list[Reason] = []
    for (a, b), (length, point) in sorted(runs.items()):
        if length < MIN_NEAR_MISS or frozenset((a, b)) in adjacent:
            continue
        gap = min(min(geometry.boundary_distance(p, polygons[b]) for p in polygons[a]),
                  min(geometry.boundary_distance(p, polygons[a]) for p in polygons[b]))
        if gap <= EDGE_TOLERANCE:
            continue  # they touch somewhere (at a corner, or along less than MIN_SHARED_BORDER)
        warnings.append(reason("map_near_miss", path=shown, first=by_id[a].label, second=by_id[b].label,
                               x=f"{point[0]:.0f}", y=f"{point[1]:.0f}", gap=f"{gap:.0f}"))
    return warnings


def _adjacency(raws: list[_Raw], shared: dict[tuple[str, str], tuple[float, Point]],
               shown: str, whole: bool = True, overlapping: frozenset[str] | set[str] = frozenset()
               ) -> tuple[list[tuple[str, str]], list[Reason]]:
    """Adjacent pairs from shared edges and `adjacent` properties, and what is wrong with them;
    `whole` says every region could be read, so a lonely region is real; a region lying over
    another is not called lonely, and the board is looked at in pieces only without overlaps."""
    errors: list[Reason] = []
    pairs = [pair for pair, (length, _) in shared.items() if length >= MIN_SHARED_BORDER]
    by_id = {r.region.id: r for r in raws}
    for raw in raws:
        for other in raw.adjacent:
            if other not in by_id:
                errors.append(reason("map_bad_adjacent", where=reason("map_where", path=shown, label=raw.label),
                                     id=other))
            elif other != raw.region.id:
                pairs.append((raw.region.id, other))
    neighbours: dict[str, set[str]] = {rid: set() for rid in by_id}
    for a, b in pairs:
        if a in neighbours and b in neighbours:
            neighbours[a].add(b)
            neighbours[b].add(a)
    if not whole:
        return pairs, errors
    lonely = [raw for raw in raws if not neighbours[raw.region.id] and raw.region.id not in overlapping]
    for raw in lonely:
        errors.append(reason("map_lonely", where=reason("map_where", path=shown, label=raw.label)))
    if lonely or overlapping:
        return pairs, errors    # a region alone is already a board in pieces
    pieces: list[list[str]] = []
    seen: set[str] = set()
    for start in by_id:
        if start in seen:
            continue
        piece, todo = [], deque([start])
        seen.add(start)
        while todo:
            rid = todo.popleft()
            piece.append(rid)
            for n in sorted(neighbours[rid] - seen):
                seen.add(n)
                todo.append(n)
        pieces.append(piece)
    if len(pieces) > 1:
        pieces.sort(key=len)
        small = ", ".join(sorted(pieces[0])[:6]) + (", ..." if len(pieces[0]) > 6 else "")
        errors.append(reason("map_apart", path=shown, pieces=len(pieces), small=small, start=pieces[-1][0]))
    return pairs, errors
