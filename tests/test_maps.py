"""The shipped Tiled maps, the map loader, the map checker and region hit-testing.

Every shipped map loads, passes the checker and keeps the printed maps' balance (rules digest,
section 1; first-conquest eligibility is ruling R2); every broken map in tests/data/broken_maps
gives one clear line naming the file, the object and the fix; `region_at` finds each region from
a point inside it and nothing off the board; tmxrasterizer (Debian's `tiled`) renders each map.
"""
from __future__ import annotations

import importlib.util
import io
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import geometry
from game.content.tmx import (
    SHIPPED_MAPS,
    MapData,
    MapError,
    inspect_map,
    load_map,
    map_for_players,
    object_kind,
)
from game.maps import PRINTED, check, compare, pattern_problems

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "data" / "broken_maps"
PLAYERS = sorted(SHIPPED_MAPS)

_loaded: dict[int, MapData] = {}


def shipped(players: int) -> MapData:
    if players not in _loaded:
        _loaded[players] = load_map(SHIPPED_MAPS[players])
    return _loaded[players]


def _tool(name: str):
    key = f"_map_tools_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


# -- the shipped maps ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_shipped_map_loads_without_errors_or_warnings(players: int) -> None:
    report = inspect_map(SHIPPED_MAPS[players])
    assert report.errors == []
    assert report.warnings == []
    assert report.data is not None and report.data.image_path is not None
    assert report.data.image_path.is_file()


@pytest.mark.parametrize("players", PLAYERS)
def test_shipped_map_matches_the_printed_structure_table(players: int) -> None:
    board = shipped(players).board
    want = PRINTED[len(board.regions)]
    assert want.players == players
    mismatches = [(label, got, table) for label, got, table, ok in compare(board, want) if not ok]
    assert mismatches == []


@pytest.mark.parametrize("players", PLAYERS)
def test_first_conquest_regions_follow_r2(players: int) -> None:
    board = shipped(players).board
    lake = next(r.id for r in board.regions if r.terrain == "lake")
    for region in board.regions:
        if region.is_water:
            assert region.id not in board.entry
            continue
        by_sea = any(board.region(n).terrain == "sea" and board.region(n).border
                     for n in board.neighbours(region.id))
        assert (region.id in board.entry) == (region.border or by_sea)
    # the lake never makes its shore an entry: some lake-shore region is inland
    assert any(n not in board.entry for n in board.neighbours(lake))


@pytest.mark.parametrize("players", PLAYERS)
def test_shipped_map_keeps_the_patterns(players: int) -> None:
    board = shipped(players).board
    assert pattern_problems(board) == []
    assert not any(r.lost_tribe and r.terrain == "mountain" for r in board.regions)


@pytest.mark.parametrize("players", PLAYERS)
def test_adjacency_is_symmetric_and_never_reflexive(players: int) -> None:
    board = shipped(players).board
    for rid, neighbours in board.adjacency.items():
        assert rid not in neighbours
        for other in neighbours:
            assert rid in board.adjacency[other]


@pytest.mark.parametrize("players", PLAYERS)
def test_picture_is_the_size_of_the_map(players: int) -> None:
    data = shipped(players)
    assert (data.width, data.height) == (1600, 1000)
    assert data.image_path is not None and data.image_path.stat().st_size > 100_000


def test_map_for_players_loads_the_shipped_map() -> None:
    assert len(map_for_players(3).board.regions) == 30
    with pytest.raises(MapError, match="no map for 6 players"):
        map_for_players(6)


# -- the checker ---------------------------------------------------------------------------------
def test_checker_prints_one_line_per_map_and_the_comparison() -> None:
    out = io.StringIO()
    paths = [str(SHIPPED_MAPS[p]) for p in PLAYERS]
    assert check(paths, with_compare=True, out=out) == 0
    text = out.getvalue()
    assert "error" not in text and "MISMATCH" not in text
    summaries = [line for line in text.splitlines() if line.endswith(tuple("0123456789"))
                 and "regions" in line and not line.startswith(" ")]
    assert len(summaries) == 4
    assert "23 regions (20 land), 10 turns" in text
    assert "compared with the printed 5-player map" in text


def test_checker_command_line_exit_codes() -> None:
    good = subprocess.run([sys.executable, "-m", "game.maps", "check", "--compare",
                           *map(str, SHIPPED_MAPS.values())],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = subprocess.run([sys.executable, "-m", "game.maps", "check",
                          str(BROKEN / "no_terrain.tmx"), str(SHIPPED_MAPS[2])],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1
    assert "no terrain property" in bad.stdout and "Traceback" not in bad.stderr


BROKEN_CASES = {
    "no_terrain.tmx": "object 4 'barley': no terrain property; add terrain=",
    "duplicate_id.tmx": "object 2 'greyhill': region id 'greyhill' is already used by object 1",
    "unknown_terrain.tmx": "object 2 'oakwood': unknown terrain 'desert'; use one of",
    "unknown_feature.tmx": "object 2 'oakwood': unknown feature 'gold'",
    "open_polygon.tmx": "object 2 'oakwood': the polygon is open (a polyline)",
    "self_crossing.tmx": "object 2 'oakwood': the polygon crosses or touches itself",
    "no_neighbour.tmx": "object 4 'barley': touches no other region",
    "falls_apart.tmx": "the board falls apart in 2 pieces",
    "lost_tribe_on_water.tmx": "object 3 'saltbay': a lost tribe on sea",
    "no_turns.tmx": "no map property turns; add turns (int)",
    "not_xml.tmx": "not a readable TMX file (XML error",
    "unknown_adjacent.tmx": "object 1 'greyhill': adjacent names 'nowhere', which is no region",
    "wrong_class.tmx": "object 2 'oakwood': its type is 'label'; set its Type (Class in Tiled 1.9) to region",
    "bad_bool.tmx": "object 4 'barley': lost_tribe='yes' is not true or false",
    "no_regions_layer.tmx": "no object layer named 'regions'",
}


def test_every_broken_map_is_tested_and_each_is_broken_its_own_way() -> None:
    assert set(BROKEN_CASES) == {p.name for p in BROKEN.glob("*.tmx")}
    assert len(set(BROKEN_CASES.values())) >= 8


@pytest.mark.parametrize("name", sorted(BROKEN_CASES))
def test_broken_map_gives_one_clear_line(name: str) -> None:
    path = BROKEN / name
    report = inspect_map(path)
    assert report.data is None
    assert len(report.errors) == 1, report.errors
    assert report.errors[0].startswith(f"{path}: ")
    assert BROKEN_CASES[name] in report.errors[0]
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert "\n" not in str(caught.value) and BROKEN_CASES[name] in str(caught.value)
    out = io.StringIO()
    assert check([str(path)], out=out) == 1
    assert BROKEN_CASES[name] in out.getvalue()


def test_missing_file_is_a_clear_line() -> None:
    with pytest.raises(MapError, match=r"nowhere\.tmx: no such map file"):
        load_map(BROKEN / "nowhere.tmx")


# -- loader details on a tiny map ------------------------------------------------------------------
TINY = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="8" height="4"
     tilewidth="50" tileheight="50" infinite="0" nextlayerid="3" nextobjectid="9">
 <properties><property name="turns" type="int" value="7"/></properties>
 <imagelayer id="1" name="picture"><image source="tiny.png" width="400" height="200"/></imagelayer>
 <objectgroup id="2" name="regions">{objects}</objectgroup>
</map>
"""


def _object(oid: int, rid: str, terrain: str, points: str, kind: str = 'class="region"',
            extra: str = "") -> str:
    return (f'<object id="{oid}" name="{rid}" {kind} x="0" y="0"><properties>'
            f'<property name="id" value="{rid}"/><property name="terrain" value="{terrain}"/>'
            f'{extra}</properties><polygon points="{points}"/></object>')


def _tiny(tmp_path: Path, objects: list[str]) -> Path:
    shutil.copy(BROKEN / "tiny.png", tmp_path / "tiny.png")
    path = tmp_path / "tiny.tmx"
    path.write_text(TINY.format(objects="".join(objects)), encoding="utf-8")
    return path


def test_loader_accepts_class_and_type_and_infers_border(tmp_path: Path) -> None:
    path = _tiny(tmp_path, [
        _object(1, "west", "hill", "0,0 200,0 200,200 0,200"),                    # class= (1.9)
        _object(2, "east", "forest", "200,0 400,0 400,200 200,200", kind='type="region"'),
    ])
    data = load_map(path)
    assert data.board.turns == 7
    assert data.board.adjacent("west", "east")
    assert all(r.border for r in data.board.regions)


def test_object_kind_reads_class_or_type() -> None:
    class Obj:
        type = None
    a, b, c = Obj(), Obj(), Obj()
    vars(a)["class"] = "region"
    b.type = "region"
    assert (object_kind(a), object_kind(b), object_kind(c)) == ("region", "region", "")


def test_adjacency_from_a_t_junction_and_from_the_adjacent_property(tmp_path: Path) -> None:
    # north is one long edge over two southern regions: the points differ, the border is shared;
    # the island touches nothing but is joined across the water by its adjacent property
    path = _tiny(tmp_path, [
        _object(1, "north", "hill", "0,0 300,0 300,100 0,100"),
        _object(2, "southwest", "farmland", "0,100 150,100 150,200 0,200"),
        _object(3, "southeast", "sea", "150,100 300,100 300,200 150,200"),
        _object(4, "island", "swamp", "330,60 390,60 390,140 330,140",
                extra='<property name="adjacent" value="southeast"/>'),
    ])
    board = load_map(path).board
    assert board.neighbours("north") == {"southwest", "southeast"}
    assert board.neighbours("island") == {"southeast"}
    assert "island" in board.neighbours("southeast")      # symmetric once loaded
    assert not board.region("island").border
    assert not board.adjacent("southwest", "island")


def test_regions_touching_at_a_corner_are_not_adjacent(tmp_path: Path) -> None:
    path = _tiny(tmp_path, [
        _object(1, "a", "hill", "0,0 200,0 200,100 0,100"),
        _object(2, "b", "forest", "200,0 400,0 400,100 200,100"),
        _object(3, "c", "swamp", "0,100 200,100 200,200 0,200"),
        _object(4, "d", "farmland", "200,100 400,100 400,200 200,200"),
    ])
    board = load_map(path).board
    assert not board.adjacent("a", "d") and not board.adjacent("b", "c")
    assert board.pair_count() == 4


# -- hit-testing -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_region_at_finds_every_region_from_a_point_inside_it(players: int) -> None:
    polygons = shipped(players).polygons
    for rid, poly in polygons.items():
        point = geometry.interior_point(poly)
        assert geometry.point_in_polygon(point, poly)
        assert geometry.boundary_distance(point, poly) > 10
        assert geometry.region_at(polygons, point) == rid


@pytest.mark.parametrize("players", PLAYERS)
def test_points_off_the_board_are_on_no_region(players: int) -> None:
    data = shipped(players)
    for point in [(-5, -5), (-1, 500), (data.width + 3, 10), (800, data.height + 40), (1e6, 1e6)]:
        assert geometry.region_at(data.polygons, point) is None


def test_point_between_regions_is_on_no_region() -> None:
    polygons = {"a": [(0, 0), (10, 0), (10, 10), (0, 10)], "b": [(20, 0), (30, 0), (30, 10), (20, 10)]}
    assert geometry.region_at(polygons, (15, 5)) is None
    assert geometry.region_at(polygons, (5, 5)) == "a"
    assert geometry.region_at(polygons, (25, 5)) == "b"


def test_interior_point_of_a_concave_region_is_inside() -> None:
    horseshoe = [(0, 0), (100, 0), (100, 100), (70, 100), (70, 30), (30, 30), (30, 100), (0, 100)]
    assert not geometry.point_in_polygon(geometry.centroid(horseshoe), horseshoe)
    point = geometry.interior_point(horseshoe)
    assert geometry.point_in_polygon(point, horseshoe)


def test_crossing_point_finds_a_bow_tie_and_passes_a_square() -> None:
    assert geometry.crossing_point([(0, 0), (10, 10), (10, 0), (0, 10)]) is not None
    assert geometry.crossing_point([(0, 0), (10, 0), (10, 10), (0, 10)]) is None


# -- the tools and Tiled itself --------------------------------------------------------------------
def test_make_maps_is_reproducible(tmp_path: Path) -> None:
    make_maps = _tool("make_maps")
    out = tmp_path / SHIPPED_MAPS[2].name
    make_maps.make_map(make_maps.SPECS[2], out, verbose=False)
    assert out.read_text(encoding="utf-8") == SHIPPED_MAPS[2].read_text(encoding="utf-8")


def test_draw_maps_draws_a_map_at_another_size() -> None:
    import pygame

    from game.ui import map_art
    pygame.font.init()
    picture, notes = map_art.draw_map(shipped(2), out_width=480)
    assert picture.get_size() == (480, 300)
    assert notes == [] or all("does not fit" in n for n in notes)


@pytest.mark.parametrize("players", PLAYERS)
def test_tmxrasterizer_renders_the_map(players: int, tmp_path: Path) -> None:
    tool = shutil.which("tmxrasterizer")
    if tool is None:
        if os.environ.get("CI") == "true":
            pytest.fail("tmxrasterizer is missing on CI; install Debian's package tiled")
        pytest.skip("tmxrasterizer not installed (apt-get install tiled)")
    out = tmp_path / "render.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([tool, str(SHIPPED_MAPS[players]), str(out)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert out.is_file() and out.stat().st_size > 10_000


@pytest.mark.parametrize("players", PLAYERS)
def test_regions_that_only_meet_at_a_point_are_kept_apart_by_a_knot(players: int) -> None:
    """Two regions that are not neighbours but touch at a corner: the picture covers the corner
    with a knot of border wider than the border itself, so no stretch of either region's colour
    runs along the other's (which would read as a shared border)."""
    import pygame

    from game.ui import map_art as draw_maps
    data = shipped(players)
    corners = draw_maps.corner_points(data)
    touching = [(a, b) for a in data.polygons for b in data.polygons if a < b and not data.board.adjacent(a, b)
                and set(data.polygons[a]) & set(data.polygons[b])]
    assert touching, "every shipped map has corners where four regions meet"
    for a, b in touching:
        shared = set(data.polygons[a]) & set(data.polygons[b])
        assert all((round(x), round(y)) in {(round(cx), round(cy)) for cx, cy in corners} for x, y in shared), (a, b)
    picture = pygame.image.load(str(data.image_path))
    k = picture.get_width() / data.width
    for x, y in corners:
        r = draw_maps.KNOT * picture.get_width() / 1600 * 0.8
        for ang in range(0, 360, 30):
            px = round(x * k + r * math.cos(math.radians(ang)))
            py = round(y * k + r * math.sin(math.radians(ang)))
            if 10 <= px < picture.get_width() - 10 and 10 <= py < picture.get_height() - 10:   # not the frame
                c = picture.get_at((px, py))
                assert max(abs(c[i] - draw_maps.BORDER[i]) for i in range(3)) < 40, \
                    f"{data.path.name}: no knot at ({x}, {y}): {tuple(c)} at {ang}°"
