"""The board reads at a glance: on every shipped map, each region's name plate, feature icons,
marker column and token stack have their own place, and nothing covers anything else."""
from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content import geometry  # noqa: E402
from game.content.tmx import SHIPPED_MAPS, load_map  # noqa: E402
from game.ui import strings  # noqa: E402
from game.ui.layout import compute  # noqa: E402
from game.ui.region_plan import RegionPlan, feature_kinds, label_of, overlaps, plan_board, split_name  # noqa: E402
from game.ui.theme import Fonts, Text  # noqa: E402


@pytest.fixture(scope="module")
def text() -> Text:
    pygame.display.init()
    pygame.font.init()
    return Text(Fonts())


def _plans(players: int, size: tuple[int, int], text: Text):
    md = load_map(SHIPPED_MAPS[players])
    L = compute(size[0], size[1], md.width, md.height)
    spots = {rid: geometry.interior_point(p, 2.0) for rid, p in md.polygons.items()}
    plans = plan_board(md.polygons, md.board.regions, L.scale, text.size,
                       L.board.size, spots)
    return md, L, plans


@pytest.mark.parametrize("players", sorted(SHIPPED_MAPS))
def test_nothing_covers_anything_on_the_board_at_1280x800(players: int, text: Text) -> None:
    md, L, plans = _plans(players, (1280, 800), text)
    assert set(plans) == set(md.polygons)
    assert overlaps(plans) == []
    board = pygame.Rect((0, 0), L.board.size)
    for rid, plan in plans.items():
        poly = [(x * L.scale, y * L.scale) for x, y in md.polygons[rid]]
        # the stack stands in its own region, and so does at least the middle of its name
        assert geometry.point_in_polygon(plan.spot, poly), f"{rid}: the stack is outside the region"
        assert geometry.point_in_polygon(plan.name.center, poly), f"{rid}: the name is outside the region"
        for _, r in plan.rects():
            assert board.contains(r), f"{rid}: {r} leaves the board"
        region = md.board.region(rid)
        assert len(plan.icons) == len(feature_kinds(region))
        assert plan.font >= 10


@pytest.mark.parametrize("lang", [lang for lang in strings.LANGUAGES if lang != "en"])
def test_names_in_every_language_cover_nothing_at_1280x800(lang: str, text: Text) -> None:
    """The plates carry the map's name in the player's language (Romanian and French names run to
    twenty letters): on every shipped map none covers another plate, a stack, a marker column or
    an icon; each is written at 10 pixels or more, on one to three lines, its middle in its region,
    its letters within its plate, and no more names reach over their borders than in English."""
    strings.set_language(lang)
    try:
        for players in sorted(SHIPPED_MAPS):
            md, L, plans = _plans(players, (1280, 800), text)
            assert overlaps(plans) == [], f"{lang}: {players}-player map"
            board = pygame.Rect((0, 0), L.board.size)
            for rid, plan in plans.items():
                where = f"{rid} ({label_of(md.board.region(rid))!r}) on the {players}-player map in {lang}"
                poly = [(x * L.scale, y * L.scale) for x, y in md.polygons[rid]]
                assert geometry.point_in_polygon(plan.spot, poly), f"{where}: the stack is outside the region"
                assert geometry.point_in_polygon(plan.name.center, poly), f"{where}: the name is outside"
                assert board.contains(plan.name), f"{where}: off the board"
                assert plan.font >= 10 and len(plan.lines) in (0, 2, 3), where
                lines = plan.lines or (label_of(md.board.region(rid)),)
                widths = [text.size(line, plan.font, plan.weight)[0] for line in lines]
                assert max(widths) <= plan.name.w, f"{where}: the letters are wider than the plate"
                if _reaches_over(plan.name, poly):
                    assert (players, (1280, 800), rid) in STILL_OVER, f"{where}: over its border"
    finally:
        strings.set_language("en")


def test_the_overlap_check_sees_a_stack_on_a_name() -> None:
    a = RegionPlan(pygame.Rect(0, 0, 40, 40), (20, 20), pygame.Rect(40, 0, 14, 28), pygame.Rect(0, 44, 60, 14),
                   pygame.Rect(0, 44, 60, 14))
    b = RegionPlan(pygame.Rect(100, 0, 40, 40), (120, 20), pygame.Rect(140, 0, 14, 28),
                   pygame.Rect(30, 30, 60, 14), pygame.Rect(30, 30, 60, 14))
    found = overlaps({"a": a, "b": b})
    assert found and "a stack" in found[0] and "b name" in found[0]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080)])
def test_nothing_covers_anything_on_other_screens(size: tuple[int, int], text: Text) -> None:
    for players in sorted(SHIPPED_MAPS):
        _, _, plans = _plans(players, size, text)
        assert overlaps(plans) == [], f"{players}-player map at {size}"


def _reaches_over(plate: pygame.Rect, poly) -> bool:
    """True when part of a name plate lies outside its region (probes along and across the plate,
    its rounded corners left out)."""
    xs = [plate.left + 2 + (plate.w - 4) * i / 8 for i in range(9)]
    ys = [plate.top + 1 + (plate.h - 2) * j / 2 for j in range(3)]
    return not all(geometry.point_in_polygon((x, y), poly) for x in xs for y in ys)


# the one name that still reaches over its border: a corner region of the 5-player map too narrow
# for its name at the smallest window; it lies along the region's wide bottom edge, over by no more
# than its plate's rounded ends (checked below), not across into a neighbour. At 1280×800, where
# its markers and icons are 20 pixels, its two-line name sits in the region's narrow neck and
# reaches over its top edge, its centre inside.
STILL_OVER = {(5, (1000, 650), "oatmeadow"), (5, (1280, 800), "oatmeadow")}


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1000, 650), (1100, 700), (1280, 800), (1440, 900), (1920, 1080)])
def test_names_lie_inside_their_regions_at_every_window_size(size: tuple[int, int], text: Text) -> None:
    over = set()
    for players in sorted(SHIPPED_MAPS):
        md, L, plans = _plans(players, size, text)
        assert overlaps(plans) == [], f"{players}-player map at {size}"
        board = pygame.Rect((0, 0), L.board.size)
        for rid, plan in plans.items():
            poly = [(x * L.scale, y * L.scale) for x, y in md.polygons[rid]]
            assert board.contains(plan.name), f"{rid} on the {players}-player map at {size}: off the board"
            assert plan.font >= 10 and len(plan.lines) in (0, 2, 3)
            if _reaches_over(plan.name, poly):
                over.add((players, size, rid))
                if size == (1280, 800):       # its centre inside: checked by the test at 1280×800
                    continue
                assert not _reaches_over(plan.name.inflate(-10, 0), poly), \
                    f"{rid} on the {players}-player map at {size}: more than its ends over the border"
    assert over <= STILL_OVER, f"names over their borders: {sorted(over - STILL_OVER)}"


def test_a_long_name_is_cut_where_a_reader_expects() -> None:
    assert split_name("Heatherbank") == ("Heather-", "bank")
    assert split_name("Tumbledown") == ("Tumble-", "down")
    assert split_name("Sea of Gales") in {("Sea of", "Gales"), ("Sea", "of Gales")}
    assert split_name("Anne-Marie") == ("Anne-", "Marie")
    assert split_name("Turnipton") == ("Turnip-", "ton")
    first, second = split_name("Zorbaxil")                  # no known ending: between syllables
    assert first.endswith("-") and first[:-1] + second == "Zorbaxil" and min(len(first) - 1, len(second)) >= 3
    assert split_name("Ovo") is None


def test_a_name_with_no_room_is_written_smaller_narrower_then_on_two_lines(text: Text) -> None:
    # a small six-sided region: "Heatherbank" at full size does not fit, the plan still keeps it inside
    poly = [(40.0, 0.0), (120.0, 0.0), (160.0, 60.0), (120.0, 120.0), (40.0, 120.0), (0.0, 60.0)]
    region = type("R", (), {"id": "h", "display_name": "Heatherbank", "terrain": "hill", "features": frozenset(),
                            "lost_tribe": False})()
    wide = plan_board({"h": poly}, [region], 1.0, text.size, (400, 300))["h"]
    assert not _reaches_over(wide.name, poly) and wide.weight == "bold" and wide.lines == ()
    small = [(x * 0.5, y * 0.5) for x, y in poly]
    plan = plan_board({"h": [(x * 2, y * 2) for x, y in small]}, [region], 0.5, text.size, (200, 150))["h"]
    assert not _reaches_over(plan.name, small), plan
    assert plan.font >= 10 and (plan.weight == "condensed-bold" or plan.lines), plan


def test_a_border_two_targets_share_shows_dashes_not_a_solid_line() -> None:
    from game.ui.board_view import dash_pieces
    left = [(10.0, 10.0), (60.0, 10.0), (60.0, 110.0), (10.0, 110.0)]
    right = [(61.0, 10.0), (120.0, 10.0), (120.0, 110.0), (61.0, 110.0)]      # hand-drawn: a pixel apart
    dash, period = 11.0, 22.0

    def cover(pieces, on_edge) -> float:
        """How much of the 100-pixel edge (by 1-pixel samples) lies under a drawn piece."""
        hit = set()
        for a, b in pieces:
            n = max(1, int(4 * math.hypot(b[0] - a[0], b[1] - a[1])))
            for i in range(n):
                x, y = a[0] + (b[0] - a[0]) * (i + 0.5) / n, a[1] + (b[1] - a[1]) * (i + 0.5) / n
                if on_edge(x, y):
                    hit.add(math.floor(y))
        return len(hit) / 100

    shared = lambda x, y: 58 <= x <= 63 and 10 < y < 110          # noqa: E731
    far = lambda x, y: x >= 119 and 10 < y < 110                   # noqa: E731 - the right one's own edge
    for shift in (0.0, 5.5, 11.0, 16.5):
        (pieces,) = dash_pieces([left, right], (140, 130), dash, period, [shift], 3)
        assert 0.3 <= cover(pieces, shared) <= 0.62, shift           # dashes: about half on
        assert 0.3 <= cover(pieces, far) <= 0.62, shift


def _overhang(plate: pygame.Rect, poly) -> float:
    """How far (pixels) a name plate reaches past its region's border: the farthest of the probes
    along and across the plate (its rounded ends left out, as `_reaches_over`) that lie outside."""
    xs = [plate.left + 2 + (plate.w - 4) * i / 12 for i in range(13)]
    ys = [plate.top + 1 + (plate.h - 2) * j / 4 for j in range(5)]
    out = [geometry.boundary_distance((x, y), poly) for x in xs for y in ys
           if not geometry.point_in_polygon((x, y), poly)]
    return max(out, default=0.0)


# The 5-player map's bottom-right corner at 1000×650 holds regions narrower than any way of writing
# their names at 10 pixels (Oatmeadow's widest round spot is 44 pixels across, the two-line
# "Pré-/d’Avoine" 49×26), and their plates, stacks and icons take some of their neighbours' room:
# there a plate sits as near its region's middle as it goes and reaches past the border by no more
# than this (pixels; the worst, Romanian "Pădurea Ferigilor", 7.8), about half its plate's height.
OVERHANG = 8


@pytest.mark.parametrize("size", [pytest.param((1000, 650), marks=pytest.mark.slow), (1280, 800)])
@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_plate_lies_on_the_board_and_in_its_region(size: tuple[int, int], lang: str, text: Text) -> None:
    """In every language, on every shipped map, at the smallest window the game is played at and
    at 1280×800, every name plate lies wholly on the board and in its own region (within
    `OVERHANG` pixels where the region is too thin for the name), its middle inside."""
    strings.set_language(lang)
    try:
        bad = []
        for players in sorted(SHIPPED_MAPS):
            md, L, plans = _plans(players, size, text)
            assert overlaps(plans) == [], f"{lang}: {players}-player map at {size}"
            board = pygame.Rect((0, 0), L.board.size)
            for rid, plan in plans.items():
                poly = [(x * L.scale, y * L.scale) for x, y in md.polygons[rid]]
                where = f"{rid} ({label_of(md.board.region(rid))!r}, {players}-player map)"
                if not board.contains(plan.name):
                    bad.append(f"{where}: {tuple(plan.name)} leaves the board {tuple(board)}")
                elif not geometry.point_in_polygon(plan.name.center, poly):
                    bad.append(f"{where}: its middle is outside its region")
                elif (over := _overhang(plan.name, poly)) > OVERHANG:
                    bad.append(f"{where}: {over:.0f} pixels past its border")
        assert bad == [], f"{lang} at {size}:\n" + "\n".join(bad)
    finally:
        strings.set_language("en")


def test_a_name_with_two_cuts_goes_on_three_lines_as_short_as_they_go() -> None:
    from game.ui.region_plan import name_styles, split_three
    assert split_three("Mare-aux-Sangsues") == ("Mare-", "aux-", "Sangsues")
    assert split_three("Coasta cu Erică") == ("Coasta", "cu", "Erică")
    assert split_three("Pré-d’Avoine") is None
    assert name_styles("Mare-aux-Sangsues", 12)[-1] == (10, "condensed-bold", ("Mare-", "aux-", "Sangsues"))
