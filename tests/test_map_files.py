"""Maps as plain Tiled files, and the mistakes a map author makes, met through their own commands.

The shipped maps load with plain pytmx and come back unchanged from Tiled's own export; maps in
the old format (region id and name in properties) are still read; Tiled JSON maps, overlapping
regions, near misses, a wrong player count and an empty `--map` each get one line naming the file,
the thing and the fix, through `python -m game.maps check`, `main.py` and `python -m game.maps draw`,
with the right exit status, no traceback, and every file of the author's left byte for byte.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import pytmx

from game.content.tmx import SHIPPED_MAPS, MapError, check_players, inspect_map, load_map

ROOT = Path(__file__).resolve().parents[1]
TINY_PNG = ROOT / "tests" / "data" / "broken_maps" / "tiny.png"
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", QT_QPA_PLATFORM="offscreen",
           PYTHONPATH=str(ROOT))


def run(*args: str, cwd: Path = ROOT, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(ENV, SMALLWORLD_HOME=str(home)) if home else ENV
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def tiled() -> str:
    tool = shutil.which("tiled")
    if tool is None:
        if os.environ.get("CI") == "true":
            pytest.fail("tiled is missing on CI; install Debian's package tiled")
        pytest.skip("tiled not installed (apt-get install tiled)")
    return tool


# -- a small map in the format Tiled 1.8 writes -------------------------------------------------------
HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="8" height="4" tilewidth="50" tileheight="50" infinite="0" nextlayerid="3" nextobjectid="9">
 <properties>
  <property name="players" type="int" value="{players}"/>
  <property name="turns" type="int" value="7"/>
 </properties>
 <imagelayer id="1" name="picture">
  <image source="tiny.png" width="400" height="200"/>
 </imagelayer>
 <objectgroup id="2" name="regions">
{objects} </objectgroup>
</map>
"""


def region(oid: int, rid: str, terrain: str, points: str, label: str = "") -> str:
    return (f'  <object id="{oid}" name="{rid}" type="region" x="0" y="0">\n   <properties>\n'
            f'    <property name="label" value="{label or rid.title()}"/>\n'
            f'    <property name="terrain" propertytype="terrain" value="{terrain}"/>\n'
            f'   </properties>\n   <polygon points="{points}"/>\n  </object>\n')


def small_map(folder: Path, objects: list[str], players: int = 2, name: str = "mine.tmx") -> Path:
    shutil.copy(TINY_PNG, folder / "tiny.png")
    path = folder / name
    path.write_text(HEAD.format(objects="".join(objects), players=players), encoding="utf-8")
    return path


FOUR = [region(1, "west", "hill", "0,0 200,0 200,100 0,100"),
        region(2, "east", "forest", "200,0 400,0 400,100 200,100"),
        region(3, "southwest", "farmland", "0,100 200,100 200,200 0,200"),
        region(4, "southeast", "sea", "200,100 400,100 400,200 200,200")]


def one_clear_line(out: str, *needles: str) -> str:
    assert "Traceback" not in out
    lines = [line for line in out.splitlines() if all(n in line for n in needles)]
    assert len(lines) == 1, out
    return lines[0]


# -- plain Tiled files --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", sorted(SHIPPED_MAPS))
def test_plain_pytmx_reads_every_shipped_map(players: int) -> None:
    tiled_map = pytmx.TiledMap(str(SHIPPED_MAPS[players]))
    assert pytmx.TiledElement.allow_duplicate_names is False
    layer = tiled_map.get_layer_by_name("regions")
    data = load_map(SHIPPED_MAPS[players])
    assert sorted(obj.name for obj in layer) == sorted(r.id for r in data.board.regions)
    assert {obj.properties["label"] for obj in layer} == {r.name for r in data.board.regions}
    assert all(obj.type == "region" for obj in layer)


@pytest.mark.parametrize("players", sorted(SHIPPED_MAPS))
def test_every_region_of_a_shipped_map_is_named_in_every_language(players: int) -> None:
    """The shipped maps carry each region's name in French, Romanian and Dutch as Tiled
    properties (label_fr, label_ro, label_nl), read into the board beside the English label."""
    from game.ui.strings import LANGUAGES
    layer = pytmx.TiledMap(str(SHIPPED_MAPS[players])).get_layer_by_name("regions")
    board = load_map(SHIPPED_MAPS[players]).board
    for obj in layer:
        region = board.region(obj.name)
        for lang in LANGUAGES:
            if lang != "en":
                assert obj.properties.get(f"label_{lang}"), (obj.name, lang)
                assert region.name_in(lang) == obj.properties[f"label_{lang}"] != region.name
        assert region.name_in("en") == region.name == obj.properties["label"]


def test_a_region_named_in_a_language_is_called_so_in_the_window_else_by_its_label(tmp_path: Path) -> None:
    """A map may name a region in some languages only: the log, the tooltips and the refusals
    use that name in its language and the English label in the others."""
    from game.ui import strings
    from game.ui.logtext import event_line
    one = FOUR[0].replace('<property name="label" value="West"/>',
                          '<property name="label" value="West"/>\n'
                          '    <property name="label_fr" value="Ouest"/>\n'
                          '    <property name="label_ro" value=""/>')
    board = load_map(small_map(tmp_path, [one] + FOUR[1:])).board
    assert board.region("west").names == (("fr", "Ouest"),)              # an empty one is no name

    class State:
        pass
    state = State()
    state.board = board                                                  # type: ignore[attr-defined]
    state.players = []                                                   # type: ignore[attr-defined]
    state.catalog = None                                                 # type: ignore[attr-defined]
    seen = {}
    try:
        for lang in ("fr", "ro", "en"):
            strings.set_language(lang)
            seen[lang] = (strings.region_name(board, "west"),
                          event_line({"type": "fortress", "seat": 0, "region": "west"}, state))
    finally:
        strings.set_language("en")
    assert seen["fr"][0] == "Ouest" and "Ouest" in seen["fr"][1]
    assert seen["ro"][0] == "West" and "West" in seen["ro"][1]            # no Romanian name: the label
    assert seen["en"][0] == "West"


def test_nothing_switches_pytmx_to_duplicate_names() -> None:
    code = [p for p in (ROOT / "game").rglob("*.py")
            if re.search(r"allow_duplicate_names\s*=", p.read_text(encoding="utf-8"))]
    assert code == []


@pytest.mark.parametrize("players", sorted(SHIPPED_MAPS))
def test_tiled_export_gives_back_the_same_file(players: int, tmp_path: Path) -> None:
    # tiled --export-map runs without the project, so it drops the enum types (propertytype=) and
    # nothing else: docs/making-maps.md says so
    tool = tiled()
    source = SHIPPED_MAPS[players]
    shutil.copy(source, tmp_path / source.name)
    shutil.copy(source.with_suffix(".png"), tmp_path / source.with_suffix(".png").name)
    out = tmp_path / "exported.tmx"
    done = subprocess.run([tool, "--export-map", str(tmp_path / source.name), str(out)], env=ENV,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    original = source.read_text(encoding="utf-8")
    assert original.count('propertytype="terrain"') == len(load_map(source).board.regions)
    assert out.read_text(encoding="utf-8") == re.sub(r' propertytype="[a-z]+"', "", original)


def test_old_maps_with_id_and_name_properties_are_still_read(tmp_path: Path) -> None:
    text = SHIPPED_MAPS[2].read_text(encoding="utf-8")

    def old_style(m: re.Match[str]) -> str:
        rid = m.group(1)
        return m.group(0).replace('name="label"', 'name="name"').replace(
            "<properties>\n", f'<properties>\n    <property name="id" value="{rid}"/>\n', 1).replace(
            f'name="{rid}" type="region"', 'name="" class="region"')
    old = re.sub(r'<object id="\d+" name="([a-z_]+)" type="region".*?name="label" value="([^"]*)"', old_style,
                 text, flags=re.S)
    assert old.count('property name="id"') == 23 and 'name="label"' not in old
    path = tmp_path / "old.tmx"
    path.write_text(old, encoding="utf-8")
    shutil.copy(SHIPPED_MAPS[2].with_suffix(".png"), tmp_path / "two_players.png")
    before = snapshot(tmp_path)
    with pytest.raises(ValueError, match="Reserved names"):
        pytmx.TiledMap(str(path))                       # what plain pytmx says about the old format
    report = inspect_map(path)
    assert report.errors == [] and report.data is not None
    assert report.data.board.regions == load_map(SHIPPED_MAPS[2]).board.regions
    assert report.data.board.adjacency == load_map(SHIPPED_MAPS[2]).board.adjacency
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 0
    one_clear_line(done.stdout, "warning:", str(path), "rename name to label")
    assert snapshot(tmp_path) == before


# -- files that are not TMX maps ------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name", ["island.tmj", "island.json", "island.tmx"])
def test_a_tiled_json_map_is_refused_with_save_as_tmx(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(json.dumps({"type": "map", "version": "1.8", "layers": []}), encoding="utf-8")
    before = snapshot(tmp_path)
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 1
    one_clear_line(done.stdout, str(path), "Tiled JSON map", "Save As", "*.tmx")
    done = run("main.py", "--map", str(path), home=tmp_path / "home")
    assert done.returncode == 2
    one_clear_line(done.stderr, str(path), "Tiled JSON map")
    assert snapshot(tmp_path) == before


def test_a_map_placed_from_the_region_template_plays_a_random_game() -> None:
    # twelve regions, each an instance of maps/templates/region.tx, written by Tiled 1.8 itself
    import random

    from game.content.catalog import default_catalog
    from game.rules import new_game
    from game.rules.invariants import check
    from game.rules.playout import random_playout
    path = ROOT / "tests" / "data" / "maps" / "twelve_regions.tmx"
    text = path.read_text(encoding="utf-8")
    assert text.count('template="../../../maps/templates/region.tx"') == 12 and 'type="region"' not in text
    report = inspect_map(path)
    assert report.errors == [] and report.warnings == [] and report.data is not None
    board = report.data.board
    assert len(board.regions) == 12
    assert board.region("millfield").terrain == "farmland"            # chosen, as the template has none
    assert board.region("cragmoor").features == frozenset({"mine", "cavern"})
    for seed in range(6):
        rng = random.Random(seed)
        start = new_game(board, ["ann", "bob"], default_catalog(), rng)

        def on_step(before: object, after: object, rec: object) -> None:
            assert check(after) == []                                 # type: ignore[arg-type]
        end, steps = random_playout(start, rng, on_step)
        assert end.game_over and end.round == board.turns and steps > 20


def test_a_region_from_the_template_with_its_terrain_untouched_has_no_terrain(tmp_path: Path) -> None:
    # the template leaves terrain empty, so a region placed from it and never given a terrain
    # is refused instead of silently becoming farmland
    template = (ROOT / "maps" / "templates" / "region.tx").resolve()
    text = (ROOT / "tests" / "data" / "maps" / "twelve_regions.tmx").read_text(encoding="utf-8")
    text = text.replace("../../../maps/templates/region.tx", str(template))
    millfield = text.index('name="millfield"')
    end = text.index("</object>", millfield)
    text = text[:millfield] + re.sub(r'\s*<property name="terrain"[^>]*/>', "", text[millfield:end], count=1) \
        + text[end:]
    path = tmp_path / "untouched.tmx"
    path.write_text(text, encoding="utf-8")
    shutil.copy(ROOT / "tests" / "data" / "maps" / "twelve_regions.png", tmp_path)
    report = inspect_map(path)
    assert len(report.errors) == 1, report.errors
    assert "object 5 'millfield': no terrain property; add terrain=" in report.errors[0]


def test_a_missing_template_is_one_line_per_object(tmp_path: Path) -> None:
    text = (ROOT / "tests" / "data" / "maps" / "twelve_regions.tmx").read_text(encoding="utf-8")
    path = tmp_path / "moved.tmx"
    path.write_text(text, encoding="utf-8")
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    line = one_clear_line(done.stdout, "object 5 'millfield': its template")
    assert "'../../../maps/templates/region.tx' cannot be read" in line


def test_a_template_file_is_not_taken_for_a_map() -> None:
    report = inspect_map(ROOT / "maps" / "templates" / "region.tx")
    assert len(report.errors) == 1 and "a Tiled template file, not a map" in report.errors[0]


# -- overlaps, near misses, adjacency ------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("case,points", [
    ("partly", "150,20 260,20 260,80 150,80"),          # a square laid across the west/east border
    ("wholly", "0,0 200,0 200,100 0,100"),              # the same outline as west
    ("inside", "40,20 120,20 120,80 40,80"),            # a small region inside west
])
def test_overlapping_regions_are_refused_by_the_checker_and_the_game(case: str, points: str,
                                                                      tmp_path: Path) -> None:
    path = small_map(tmp_path, [*FOUR, region(5, "intruder", "swamp", points)])
    before = snapshot(tmp_path)
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 1
    line = one_clear_line(done.stdout, "error:", "object 1 'west' and", "overlap around")
    assert str(path) in line and "object 5 'intruder'" in line
    assert done.stdout.count("error:") == (2 if case == "partly" else 1)   # across west and east
    assert "so they only share a border" in line
    with pytest.raises(MapError, match="overlap"):
        load_map(path)
    done = run("main.py", "--map", str(path), home=tmp_path / "home")
    assert done.returncode == 2
    one_clear_line(done.stderr, "object 1 'west' and", "overlap around")
    assert snapshot(tmp_path) == before


@pytest.mark.slow
@pytest.mark.parametrize("points", [
    "150,0 400,0 400,100 150,100",          # east stretched 50 px into west, top and bottom in line
    "195,0 400,0 400,100 195,100",          # only 5 px: still more than a shared border
    "150,0 400,0 400,120 150,120",          # stretched, and its bottom dropped into southwest too
])
def test_a_region_stretched_into_its_neighbour_is_refused_everywhere(points: str, tmp_path: Path) -> None:
    # one rectangle pulled over its neighbour: their top and bottom edges stay in line, so no
    # edges cross and no corner of one lies inside the other
    objects = [FOUR[0], region(2, "east", "forest", points), *FOUR[2:]]
    path = small_map(tmp_path, objects)
    report = inspect_map(path)
    assert any("object 1 'west' and object 2 'east' overlap around" in e for e in report.errors), report.errors
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 1
    one_clear_line(done.stdout, "error:", "object 1 'west' and object 2 'east'", "overlap around")
    with pytest.raises(MapError, match="overlap"):
        load_map(path)
    done = run("main.py", "--map", str(path), home=tmp_path / "home")
    assert done.returncode == 2
    assert "overlap around" in done.stderr


@pytest.mark.slow
def test_a_lake_drawn_inside_a_land_region_is_told_how_to_draw_it(tmp_path: Path) -> None:
    path = small_map(tmp_path, [*FOUR, region(5, "pond", "lake", "60,30 140,30 140,70 60,70")])
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 1
    line = one_clear_line(done.stdout, "error:", "object 1 'west' and object 5 'pond' overlap around")
    assert "object 5 'pond' lies inside object 1 'west', and a region cannot have a hole" in line
    assert "cut the outline of object 1 'west' around object 5 'pond'" in line
    # a region laid across a border is no hole: the plain advice
    path = small_map(tmp_path, [*FOUR, region(5, "pond", "lake", "150,20 260,20 260,80 150,80")])
    done = run("-m", "game.maps", "check", str(path))
    assert "cannot have a hole" not in done.stdout and "overlap around" in done.stdout


def test_one_check_reports_reading_overlap_and_neighbour_errors_together(tmp_path: Path) -> None:
    # a wrong terrain, a region stretched into its neighbour and an island with no neighbour: the
    # author sees all three at once, not one wave after another
    objects = [region(1, "west", "desert", "0,0 200,0 200,100 0,100"),
               region(2, "east", "forest", "150,0 400,0 400,100 150,100"), *FOUR[2:],
               region(5, "island", "swamp", "330,150 380,150 380,190 330,190")]
    objects[3] = region(4, "southeast", "sea", "200,100 320,100 320,200 200,200")
    path = small_map(tmp_path, objects)
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    one_clear_line(done.stdout, "error:", "object 1 'west': unknown terrain 'desert'")
    one_clear_line(done.stdout, "error:", "object 1 'west' and object 2 'east' overlap around")
    one_clear_line(done.stdout, "error:", "object 5 'island': touches no other region")
    # only the board-in-pieces question waits for the overlap to be fixed, and the note says so
    note = one_clear_line(done.stdout, "note:")
    assert "whether the board falls apart in pieces was not checked while regions overlap" in note


def test_checks_left_out_for_a_region_without_a_shape_are_named(tmp_path: Path) -> None:
    # east is an open polyline: the overlap of intruder with west is still found, and the check
    # for lonely regions (east's neighbours are unknown) is said to be left out, and why
    opened = region(2, "east", "forest", "200,0 400,0 400,100 200,100").replace("<polygon", "<polyline")
    objects = [FOUR[0], opened, *FOUR[2:], region(5, "intruder", "swamp", "40,20 120,20 120,80 40,80")]
    path = small_map(tmp_path, objects)
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 1
    one_clear_line(done.stdout, "error:", "object 2 'east': the polygon is open")
    one_clear_line(done.stdout, "error:", "object 1 'west' and object 5 'intruder' overlap around")
    note = one_clear_line(done.stdout, "note:")
    assert "regions without neighbours and a board in pieces were not looked for" in note
    assert "1 region object has no usable id or shape" in note
    assert "touches no other region" not in done.stdout


def test_a_near_miss_is_a_warning_naming_both_regions_and_where(tmp_path: Path) -> None:
    # southeast stops 6 px short of east: they would look like neighbours on the picture
    objects = [*FOUR[:3], region(4, "southeast", "sea", "200,106 400,106 400,200 200,200")]
    path = small_map(tmp_path, objects)
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 0
    line = one_clear_line(done.stdout, "warning:", "without touching")
    assert "object 2 'east'" in line and "object 4 'southeast'" in line and "within 6 px" in line
    assert re.search(r"around \(3\d\d, 10\d\)", line), line
    assert not load_map(path).board.adjacent("east", "southeast")


def test_regions_meeting_at_a_corner_or_a_real_gap_are_no_near_miss(tmp_path: Path) -> None:
    far = [*FOUR[:3], region(4, "southeast", "sea", "200,130 400,130 400,200 200,200")]  # 30 px: meant
    for objects in (FOUR, far):
        report = inspect_map(small_map(tmp_path, objects))
        assert report.errors == [] and report.warnings == []


def test_adjacency_lists_every_region_and_its_neighbours(tmp_path: Path) -> None:
    done = run("-m", "game.maps", "check", "--adjacency", str(small_map(tmp_path, FOUR)))
    assert done.returncode == 0
    assert "  adjacency (4 pairs):" in done.stdout
    listed = dict(line.strip().split(": ") for line in done.stdout.splitlines() if line.startswith("    "))
    assert listed == {"east": "southeast, west", "southeast": "east, southwest",
                      "southwest": "southeast, west", "west": "east, southwest"}


# -- the player count and the --map option -------------------------------------------------------
def test_an_empty_map_option_is_an_error_not_the_default_map(tmp_path: Path) -> None:
    done = run("main.py", "--map", "", home=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == "--map needs a map file, e.g. --map maps/two_players.tmx"
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []       # no game was started


def test_the_map_player_count_is_checked_against_the_players(tmp_path: Path) -> None:
    done = run("main.py", "--map", "maps/two_players.tmx", "--players", "3", home=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == ("maps/two_players.tmx: the map is for 2 players, not 3; choose 2 players "
                                   "or another map")
    with pytest.raises(MapError, match="the map is for 2 players, not 4"):
        check_players(load_map(SHIPPED_MAPS[2]), 4)
    check_players(load_map(SHIPPED_MAPS[2]), 2)


def test_a_player_count_the_game_cannot_have_is_refused(tmp_path: Path) -> None:
    path = small_map(tmp_path, FOUR, players=7)
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 1
    one_clear_line(done.stdout, "error:", "players=7", "is not 2 to 5")


@pytest.mark.slow
def test_compare_checks_the_players_property_against_the_printed_map(tmp_path: Path) -> None:
    text = SHIPPED_MAPS[2].read_text(encoding="utf-8").replace(
        '<property name="players" type="int" value="2"/>', '<property name="players" type="int" value="3"/>')
    path = tmp_path / "two_players.tmx"
    path.write_text(text, encoding="utf-8")
    shutil.copy(SHIPPED_MAPS[2].with_suffix(".png"), tmp_path / "two_players.png")
    done = run("-m", "game.maps", "check", "--compare", str(path))
    assert done.returncode == 1
    one_clear_line(done.stdout, "error:", "players property is 3, the printed map has 2")
    done = run("-m", "game.maps", "check", "--compare", str(SHIPPED_MAPS[2]))
    assert done.returncode == 0 and re.search(r"players property +2 +2 +ok", done.stdout)


def test_compare_measures_a_map_of_any_size_by_ratios() -> None:
    # twelve regions: no printed map has that many, so shares and means are compared with the
    # printed map for its players property (2)
    path = ROOT / "tests" / "data" / "maps" / "twelve_regions.tmx"
    done = run("-m", "game.maps", "check", "--compare", str(path))
    assert "nothing to compare" not in done.stdout
    assert "compared by ratios with the printed 2-player map (12 regions against 23):" in done.stdout
    assert re.search(r"regions per player \(for 2\), within 15% +6\.0 +11\.5 +MISMATCH", done.stdout)
    assert re.search(r"mean neighbours, within 10% +2\.83 +4\.40 +MISMATCH", done.stdout)
    assert re.search(r"border share, within 10 points +83% +57% +MISMATCH", done.stdout)
    assert re.search(r"farmland share, within 8 points +17% +17% +ok", done.stdout)
    assert done.returncode == 1
    one_clear_line(done.stdout, "error:", "mean neighbours is 2.83, the printed map has 4.40", "(within 10%)")


def test_ratios_agree_with_the_same_printed_map_and_not_with_another() -> None:
    from game.maps import PRINTED, ratio_rows, reference
    board = load_map(SHIPPED_MAPS[3]).board
    assert reference(board, None).players == 3 and reference(board, 5).players == 5
    assert all(ok for *_, ok in ratio_rows(board, PRINTED[30], 3))
    against_five = {label.split(",")[0]: ok for label, _, _, ok in ratio_rows(board, PRINTED[48], 5)}
    assert not against_five["border share"] and not against_five["regions per player (for 5)"]


def test_the_start_screen_refuses_a_map_meant_for_another_count(tmp_path: Path) -> None:
    from game.match import Seat
    from game.ui.table import Table
    seats = [Seat(n, c, None) for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cy", "green"))]
    save = tmp_path / "autosave.json"
    with pytest.raises(MapError, match="the map is for 2 players, not 3"):
        Table.new(seats, 1, str(SHIPPED_MAPS[2]), [], save)
    assert not save.exists()


# -- drawing the picture of a broken map ------------------------------------------------------------
def test_draw_maps_on_a_broken_map_prints_the_checker_lines(tmp_path: Path) -> None:
    path = small_map(tmp_path, [*FOUR, region(5, "intruder", "swamp", "150,20 260,20 260,80 150,80")])
    before = snapshot(tmp_path)
    done = run("-m", "game.maps", "draw", str(path))
    assert done.returncode == 1
    one_clear_line(done.stdout, "error:", "object 1 'west' and", "overlap around")
    one_clear_line(done.stdout, "not drawn; fix the errors above")
    assert "Traceback" not in done.stderr
    assert snapshot(tmp_path) == before


@pytest.mark.slow
def test_a_missing_picture_is_a_warning_in_the_checker_the_picture_tool_and_the_game(tmp_path: Path) -> None:
    # a first map has no picture yet: every tool says so as a warning and goes on
    path = small_map(tmp_path, FOUR)
    (tmp_path / "tiny.png").unlink()
    done = run("-m", "game.maps", "check", str(path))
    assert done.returncode == 0, done.stdout
    one_clear_line(done.stdout, "warning:", "picture 'tiny.png' is missing")
    assert "error:" not in done.stdout
    assert load_map(path).board.adjacent("west", "east")           # the game plays it in flat colours
    done = run("-m", "game.maps", "draw", str(path))
    assert done.returncode == 0, done.stdout
    one_clear_line(done.stdout, "warning:", "picture 'tiny.png' is missing")
    assert (tmp_path / "tiny.png").is_file()                        # drawn where the map looks for it
    assert inspect_map(path).warnings == []


def test_draw_maps_into_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    path = small_map(tmp_path, FOUR)
    done = run("-m", "game.maps", "draw", str(path), "--out", str(tmp_path / "nowhere" / "x.png"), "--width", "200")
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    one_clear_line(done.stdout, "error:", "cannot write the picture")


# -- the preview reads the file again when it is saved ------------------------------------------
class _Lines:
    """The preview's standard output, line by line, read by a thread so a wait can time out."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        import queue
        import threading
        self.queue: queue.Queue[str | None] = queue.Queue()

        def pump() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.queue.put(line.rstrip("\n"))
            self.queue.put(None)
        threading.Thread(target=pump, daemon=True).start()

    def until(self, prefix: str, timeout: float = 60.0) -> list[str]:
        """Lines up to and including the next one starting with `prefix`."""
        import queue
        import time
        lines: list[str] = []
        end = time.monotonic() + timeout
        while True:
            try:
                line = self.queue.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise AssertionError(f"no line starting with {prefix!r} in {lines}")


@pytest.mark.slow
@pytest.mark.parametrize("entry", ["game.maps", "main.py"])
def test_the_preview_reads_the_map_again_when_it_is_saved(entry: str, tmp_path: Path) -> None:
    path = small_map(tmp_path, FOUR)
    shot = tmp_path / "shots" / "preview.png"
    shot.parent.mkdir()
    command = (["-m", "game.maps", "preview", str(path), "--screenshot", str(shot)] if entry == "game.maps"
               else ["main.py", "--map", str(path), "--preview"])
    proc = subprocess.Popen([sys.executable, *command],
                            cwd=ROOT, env=dict(ENV, SMALLWORLD_HOME=str(tmp_path / "home")),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = _Lines(proc)
    try:
        first = out.until("preview 1:")
        assert first[-1] == f"preview 1: {path}: 4 regions, 0 errors, 0 warnings"
        # the author pulls southeast 6 px away from east in Tiled and saves
        objects = [*FOUR[:3], region(4, "southeast", "sea", "200,106 400,106 400,200 200,200")]
        small_map(tmp_path, objects)
        second = out.until("warning:")
        assert second[0] == f"preview 2: {path}: 4 regions, 0 errors, 1 warning"
        assert "object 2 'east' and object 4 'southeast' come within 6 px" in second[-1]
        # then saves a version that overlaps: it is drawn as read, with the error on it
        small_map(tmp_path, [*FOUR, region(5, "intruder", "swamp", "40,20 120,20 120,80 40,80")])
        third = out.until("error:")
        assert third[0] == f"preview 3: {path}: not playable, 5 regions drawn as read, 1 error, 0 warnings"
        assert "overlap around" in third[-1]
        assert proc.poll() is None                          # still open, waiting for the fix
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "Traceback" not in (proc.stderr.read() if proc.stderr else "")
    if entry == "game.maps":
        assert shot.is_file() and shot.stat().st_size > 5_000


def test_preview_without_a_map_is_one_line(tmp_path: Path) -> None:
    done = run("main.py", "--preview", home=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == "--preview shows a map: name it with --map, e.g. --map maps/my_map.tmx --preview"


def test_preview_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    done = run("-m", "game.maps", "preview", str(tmp_path / "nowhere.tmx"))
    assert done.returncode == 1
    assert done.stderr.strip() == f"error: {tmp_path / 'nowhere.tmx'}: no such map file; check the path"


def test_the_tiled_project_knows_the_game_terrains_features_and_commands() -> None:
    from game.rules import FEATURES, TERRAINS
    project = json.loads((ROOT / "maps" / "smallworld.tiled-project").read_text(encoding="utf-8"))
    types = {t["name"]: t for t in project["propertyTypes"]}
    assert types["terrain"]["type"] == "enum" and not types["terrain"]["valuesAsFlags"]
    assert set(types["terrain"]["values"]) == set(TERRAINS)
    assert types["features"]["valuesAsFlags"] and set(types["features"]["values"]) == set(FEATURES)
    commands = {c["name"]: c for c in project["commands"]}
    assert set(commands) == {"Check map", "Preview in the game", "Draw picture", "Play on this map"}
    for command in commands.values():
        assert command["saveBeforeExecute"] and "%mapfile" in command["arguments"]
        first = command["arguments"].split()[0]
        target = first if first != "-m" else command["arguments"].split()[1].replace(".", "/") + ".py"
        assert (ROOT / target).is_file(), target
    # the region template uses the same types and the same class as the maps
    template = (ROOT / "maps" / "templates" / "region.tx").read_text(encoding="utf-8")
    assert 'type="region"' in template and 'propertytype="terrain"' in template
