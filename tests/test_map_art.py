"""The painted map tells its terrains apart without colour: a patch of each terrain, drawn as the
map draws it (its wash, its relief or trees or reeds or furrows, the water's depth and surf) and
seen in grey, looks more like another patch of the same terrain than like any other terrain's;
and a map's picture is the same every time it is drawn."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.tmx import SHIPPED_MAPS, load_map  # noqa: E402
from game.ui import map_art  # noqa: E402

TERRAINS = ("farmland", "forest", "hill", "mountain", "swamp", "sea", "lake")
SIZE = 160


def _patch(terrain: str, seed: str) -> pygame.Surface:
    """A square of `terrain` as the map paints it, its shore (for water) on three sides."""
    surf = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    surf.fill(map_art.BASE[terrain])
    n = float(SIZE)
    poly = [(0.0, 0.0), (n, 0.0), (n, n), (0.0, n)]
    where = map_art.Where(inside=lambda p: True, on_frame=lambda a, b: a[1] == b[1] == n)
    map_art.TEXTURES[terrain](surf, poly, random.Random(seed), 1.0, where)
    return surf


def _grey_look(surf: pygame.Surface) -> list[float]:
    """What a patch looks like in grey: the share of its pixels in each of 16 bands of lightness,
    and of its steps to the next pixel (right and down) that are flat, soft, firm and sharp."""
    w, h = surf.get_size()
    grey = [[0.3 * c.r + 0.59 * c.g + 0.11 * c.b for c in (surf.get_at((x, y)) for x in range(w))]
            for y in range(h)]
    bands = [0.0] * 16
    steps = [0.0] * 4
    for y in range(h):
        for x in range(w):
            bands[min(15, int(grey[y][x] / 16))] += 1
            if x < w - 1 and y < h - 1:
                d = abs(grey[y][x + 1] - grey[y][x]) + abs(grey[y + 1][x] - grey[y][x])
                steps[0 if d < 4 else 1 if d < 16 else 2 if d < 48 else 3] += 1
    return [v / (w * h) for v in bands] + [v / ((w - 1) * (h - 1)) for v in steps]


def _apart(a: list[float], b: list[float]) -> float:
    return sum(abs(p - q) for p, q in zip(a, b, strict=True))


def test_every_terrain_looks_like_itself_and_unlike_the_others_in_grey() -> None:
    first = {t: _grey_look(_patch(t, f"first:{t}")) for t in TERRAINS}
    second = {t: _grey_look(_patch(t, f"second:{t}")) for t in TERRAINS}
    for t in TERRAINS:
        own = _apart(first[t], second[t])
        nearest, other = min((_apart(first[t], second[u]), u) for u in TERRAINS if u != t)
        assert nearest >= 0.8, f"{t} looks like {other} in grey ({nearest:.2f} apart, at least 0.8 wanted)"
        assert nearest >= 2 * own, f"{t} looks as much like {other} as like itself in grey ({nearest:.2f}, {own:.2f})"


@pytest.mark.parametrize("players", [2])
def test_a_map_is_painted_the_same_every_time(players: int) -> None:
    pygame.font.init()
    data = load_map(SHIPPED_MAPS[players])
    a, _ = map_art.draw_map(data, 400)
    b, _ = map_art.draw_map(data, 400)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
