"""Colours that stay apart: any two players' colours and any two races' fields, rendered as the
board draws them, stay distinguishable for normal eyes and under the Machado (2009) simulation
of protanopia, deuteranopia and tritanopia. Distances are CIEDE2000 (about 2.3 is the smallest
difference seen side by side): players at least 15 apart (their rings carry ownership; each also
has a shape), races at least 5 apart across the base game and all seven packs together (each
race also has an emblem of its own), and every race's field at least 6 from the In Decline
side's sepia."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from itertools import combinations  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import art, emblems, theme  # noqa: E402
from game.ui.colour_vision import VISIONS, closest_pair, delta_e, lab, simulate  # noqa: E402

PLAYERS_APART = 15.0
RACES_APART = 5.0
DECLINE_APART = 6.0


def test_ciede2000_matches_published_pairs() -> None:
    """Sharma, Wu and Dalal (2005), pairs 1, 7 and 17 (given in L*a*b*)."""
    from game.ui.colour_vision import delta_e_lab
    assert delta_e_lab((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e_lab((50.0, 0.0, 0.0), (50.0, -1.0, 2.0)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e_lab((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)) == pytest.approx(27.1492, abs=1e-4)
    assert delta_e((10, 20, 30), (10, 20, 30)) == 0
    assert lab((255, 255, 255))[0] == pytest.approx(100, abs=0.01)


def test_the_simulation_folds_red_and_green_together_as_the_model_says() -> None:
    red, green = (200, 40, 40), (60, 140, 40)
    assert delta_e(red, green) > 40
    for kind in ("protanopia", "deuteranopia"):
        assert delta_e(simulate(red, kind), simulate(green, kind)) < delta_e(red, green) / 2
    assert simulate((12, 34, 56), "normal") == (12, 34, 56)


def _centre(img: pygame.Surface) -> tuple[int, int, int]:
    r, g, b, _ = img.get_at((img.get_width() // 2, img.get_height() // 2))
    return (r, g, b)


def _ring(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A player's ring as the board draws it (a circle in the colour, read back)."""
    surf = pygame.Surface((20, 20))
    pygame.draw.circle(surf, colour, (10, 10), 8)
    return _centre(surf)[:3]


def test_any_two_players_rings_stay_apart_for_every_eye() -> None:
    rings = {k: _ring(c) for k, c in theme.PALETTE.items()}
    for kind in VISIONS:
        d, a, b = closest_pair(rings, kind)
        assert d >= PLAYERS_APART, f"{a} and {b} are only {d:.1f} apart for {kind} eyes"


def _field(race: str) -> tuple[int, int, int]:
    """A race's field as drawn: a point of the token between emblem and rim."""
    img = art.race_token(race, False, 96)
    r, g, b, _ = img.get_at((img.get_width() // 2 + 34, img.get_height() // 2 + 10))
    return (r, g, b)


def test_any_two_races_fields_stay_apart_for_every_eye() -> None:
    pygame.display.init()
    fields = {r: _field(r) for r in emblems.RACE_COLOURS}
    for r, c in fields.items():
        assert delta_e(c, emblems.race_colour(r)) < 6, f"{r}'s token does not show its field colour"
    for kind in VISIONS:
        d, a, b = closest_pair(fields, kind)
        assert d >= RACES_APART, f"{a} and {b} are only {d:.1f} apart for {kind} eyes"


def test_no_races_field_looks_like_the_decline_side() -> None:
    for kind in VISIONS:
        stone = simulate(art.DECLINE_FIELD, kind)
        near = [r for r, c in emblems.RACE_COLOURS.items() if delta_e(simulate(c, kind), stone) < DECLINE_APART]
        assert not near, f"{near} look like the turned-over side for {kind} eyes"
    assert all(a != b for a, b in combinations(theme.PALETTE.values(), 2))
