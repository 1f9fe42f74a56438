"""The board reads at a glance: on every shipped map, each region's name plate, feature icons,
marker column and token stack have their own place, and nothing covers anything else."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content import geometry  # noqa: E402
from game.content.tmx import SHIPPED_MAPS, load_map  # noqa: E402
from game.ui.layout import compute  # noqa: E402
from game.ui.region_plan import RegionPlan, feature_kinds, overlaps, plan_board  # noqa: E402
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
    plans = plan_board(md.polygons, md.board.regions, L.scale, lambda s, f: text.size(s, f, "bold"),
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


def test_the_overlap_check_sees_a_stack_on_a_name() -> None:
    a = RegionPlan(pygame.Rect(0, 0, 40, 40), (20, 20), pygame.Rect(40, 0, 14, 28), pygame.Rect(0, 44, 60, 14),
                   pygame.Rect(0, 44, 60, 14))
    b = RegionPlan(pygame.Rect(100, 0, 40, 40), (120, 20), pygame.Rect(140, 0, 14, 28),
                   pygame.Rect(30, 30, 60, 14), pygame.Rect(30, 30, 60, 14))
    found = overlaps({"a": a, "b": b})
    assert found and "a stack" in found[0] and "b name" in found[0]


@pytest.mark.parametrize("size", [(1000, 650), (1920, 1080)])
def test_nothing_covers_anything_on_other_screens(size: tuple[int, int], text: Text) -> None:
    for players in sorted(SHIPPED_MAPS):
        _, _, plans = _plans(players, size, text)
        assert overlaps(plans) == [], f"{players}-player map at {size}"
