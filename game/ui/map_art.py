"""Draw the map pictures (maps/*.png) from the region polygons of the TMX files.

This tool owns the look of the shipped maps, painted like a printed board: each region gets a
watercolour wash of its terrain's colour (soft blotches, the pigment pooled at its edges) and the
terrain's own pattern, which tells it apart in grey too (ploughed furrows for farmland, clusters
of tree crowns for forest, rounded hills and peaks in shaded relief lit from the top left, reeds
and pools for swamp; for sea and lake depth shading from the shallows, broken lines of surf along
the shore and wavelets), outlined with a dark border; the whole sheet then gets a paper grain. The window writes each region's name and feature icons over the picture itself,
laid out with the token stacks (`game/ui/region_plan.py`); `--labels` also paints them into the
picture (name plates and icons drawn by code) for a map shown outside the game. Everything
is seeded by the map and region ids, so a picture is the same every time; it is drawn at twice the
size and scaled down for smooth edges. Needs pygame-ce; runs headless.

    python -m game.maps draw                       # redraw the four shipped maps
    python -m game.maps draw maps/my.tmx           # draw the picture the map's image layer names
    python -m game.maps draw maps/my.tmx --width 2400 --out /tmp/big.png

(`python -m game.ui.map_art` is the same.) Part of the installed game, so a map author who
installed it with pipx draws pictures as one with a checkout does.
"""
from __future__ import annotations

import argparse
import functools
import math
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game import native  # noqa: E402

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from game.content import geometry  # noqa: E402
from game.content.tiled_file import MAX_PIXELS  # noqa: E402
from game.content.tmx import SHIPPED_MAPS, MapData, inspect_map  # noqa: E402
from game.rules import Region  # noqa: E402
from game.stopping import run_stoppable  # noqa: E402

Point = tuple[float, float]
Color = tuple[int, ...]
SUPERSAMPLE = 2
FONT_SIZE = 24          # at a 1600-pixel-wide picture
ICON_RADIUS = 16
BORDER = (43, 32, 26)
KNOT = 6.0              # radius of the knot where regions meet only at a point (at 1600 wide)

BASE: dict[str, Color] = {
    "farmland": (228, 203, 124), "forest": (52, 102, 48), "hill": (166, 186, 104),
    "mountain": (148, 138, 126), "swamp": (116, 112, 76), "sea": (36, 92, 156), "lake": (60, 132, 186),
}


# -- small drawing helpers ---------------------------------------------------------------------
def thick_outline(surf: pygame.Surface, color: Color, pts: Sequence[Point], width: float,
                  closed: bool = True) -> None:
    w = max(1, round(width))
    pygame.draw.lines(surf, color, closed, pts, w)
    if w > 2:
        for p in pts:
            pygame.draw.circle(surf, color, p, w / 2)


def grid_points(rect: pygame.Rect, step: float, rng: random.Random, jitter: float = 0.4,
                stagger: bool = True) -> list[Point]:
    pts = []
    row = 0
    y = rect.top - step / 2
    while y < rect.bottom + step:
        x = rect.left - step / 2 + (step / 2 if stagger and row % 2 else 0)
        while x < rect.right + step:
            pts.append((x + rng.uniform(-jitter, jitter) * step, y + rng.uniform(-jitter, jitter) * step))
            x += step
        y += step * (0.87 if stagger else 1)
        row += 1
    return pts


def frame_segment(a: Point, b: Point, w: float, h: float) -> bool:
    tol = 1.0
    return ((a[0] <= tol and b[0] <= tol) or (a[0] >= w - tol and b[0] >= w - tol)
            or (a[1] <= tol and b[1] <= tol) or (a[1] >= h - tol and b[1] >= h - tol))


# -- terrain textures (draw on a region-sized surface, in its own coordinates) -------------------
Texture = Callable[[pygame.Surface, list[Point], random.Random, float, "Where"], None]
LIGHT = (-0.7071, -0.7071)          # the light comes from the top left: lit slopes face it


@dataclass
class Where:
    """What a texture may ask about the region it fills (in the region surface's coordinates)."""

    inside: Callable[[Point], bool]
    on_frame: Callable[[Point, Point], bool]   # is this outline segment on the board's edge?


def _mix(a: Color, b: Color, t: float) -> Color:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def _soft_layer(size: tuple[int, int], colour: Color, k: int,
                draw: Callable[[pygame.Surface], None]) -> pygame.Surface:
    """A layer of one colour, its opacity drawn by `draw` on a surface k times smaller and scaled
    up smoothly: blurred shapes (blotches, a rim fading inward) for the cost of a few circles."""
    w, h = size
    small = pygame.Surface((max(2, w // k + 2), max(2, h // k + 2)), pygame.SRCALPHA)
    small.fill((*colour[:3], 0))
    draw(small)
    return pygame.transform.smoothscale(small, (small.get_width() * k, small.get_height() * k))


def wash(surf: pygame.Surface, poly: list[Point], rng: random.Random, s: float,
         base: Color, strength: float = 1.0, rim: bool = True) -> None:
    """A watercolour wash over a region already filled with its `base` colour: soft blotches a
    little darker and lighter (the uneven tone of a brush), then the pigment pooled at its edges."""
    w, h = surf.get_size()
    k = max(4, round(10 * s))
    dark, light = _mix(base, (40, 28, 16), 0.28), _mix(base, (255, 250, 230), 0.30)
    cells = max(3, round(w * h / (k * k * 40)))

    def blotches(small: pygame.Surface) -> None:
        sw, sh = small.get_size()
        for _ in range(2 * cells):
            x, y, r = rng.uniform(0, sw), rng.uniform(0, sh), rng.uniform(1.5, 5.5)
            tone = dark if rng.random() < 0.5 else light
            pygame.draw.circle(small, (*tone, round(rng.uniform(40, 100) * strength)), (x, y), r)
    surf.blit(_soft_layer((w, h), base, k, blotches), (0, 0))
    if not rim:
        return
    local = [(x / k + 1, y / k + 1) for x, y in poly]

    def pooled(small: pygame.Surface) -> None:
        c = small.get_at((0, 0))
        for width, alpha in ((6, 26), (3, 40), (1, 50)):
            thick_outline(small, (c.r, c.g, c.b, round(alpha * strength)), local, width)
    edge = _soft_layer((w, h), _mix(base, (30, 20, 10), 0.55), k, pooled)
    surf.blit(edge, (-k, -k))
    thick_outline(surf, (*_mix(base, (30, 20, 10), 0.6), round(70 * strength)), poly, 2.4 * s)


def _furrows(surf: pygame.Surface, angle: float, spacing: float, color: Color, width: float,
             offset: float = 0.0) -> None:
    w, h = surf.get_size()
    cx, cy, reach = w / 2, h / 2, math.hypot(w, h) / 2 + spacing
    dx, dy = math.cos(angle), math.sin(angle)
    k = -reach + offset
    while k < reach:
        ox, oy = cx - dy * k, cy + dx * k
        pygame.draw.line(surf, color, (ox - dx * reach, oy - dy * reach), (ox + dx * reach, oy + dy * reach),
                         max(1, round(width)))
        k += spacing


def tex_farmland(surf: pygame.Surface, poly: list[Point], rng: random.Random, s: float,
                 where: Where) -> None:
    """One field of ploughed furrows running one way, so a farmland reads as one region: each
    furrow a shadowed trough beside a ridge the light catches."""
    wash(surf, poly, rng, s, BASE["farmland"])
    angle = rng.uniform(0, math.pi)
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    _furrows(layer, angle, 10 * s, (150, 108, 46, 150), 2.4 * s)
    nx, ny = -math.sin(angle), math.cos(angle)
    side = 1.0 if nx * LIGHT[0] + ny * LIGHT[1] < 0 else -1.0     # the ridge on the side facing the light
    _furrows(layer, angle, 10 * s, (255, 238, 178, 120), 1.4 * s, offset=side * 2.6 * s)
    surf.blit(layer, (0, 0))


def tex_forest(surf: pygame.Surface, poly: list[Point], rng: random.Random, s: float,
               where: Where) -> None:
    """Clusters of round crowns, each lit on its upper left and casting its shadow to the lower
    right, a pine among them here and there, the darker undergrowth between the clusters."""
    wash(surf, poly, rng, s, BASE["forest"])
    w, h = surf.get_size()
    cell = 64 * s
    clumps: dict[tuple[int, int], list[Point]] = {}
    for c in grid_points(surf.get_rect(), cell, rng, 0.3):
        clumps.setdefault((int(c[0] // cell), int(c[1] // cell)), []).append(c)

    def in_clump(p: Point) -> bool:
        i, j = int(p[0] // cell), int(p[1] // cell)
        return any(math.hypot(p[0] - c[0], p[1] - c[1]) < 34 * s
                   for di in (-1, 0, 1) for dj in (-1, 0, 1) for c in clumps.get((i + di, j + dj), ()))
    pts = [p for p in grid_points(surf.get_rect(), 14 * s, rng, 0.32) if in_clump(p) or rng.random() < 0.5]
    pts.sort(key=lambda p: p[1])
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    for x, y in pts:
        pygame.draw.circle(shadow, (14, 34, 16, 120), (x + 3 * s, y + 3.5 * s), 8 * s)
    surf.blit(shadow, (0, 0))
    greens = [(62, 120, 54), (56, 112, 50), (74, 130, 60), (48, 104, 58), (82, 136, 56)]
    for x, y in pts:
        if rng.random() < 0.14:                 # a pine: a dark cone lit on its left
            ht, hw = rng.uniform(15, 19) * s, rng.uniform(6, 7.5) * s
            apex, lf, rt, mid = (x, y - ht * 0.7), (x - hw, y + ht * 0.3), (x + hw, y + ht * 0.3), (x, y + ht * 0.3)
            pygame.draw.polygon(surf, (34, 82, 50), [apex, lf, rt])
            pygame.draw.polygon(surf, (70, 122, 74), [apex, lf, mid])
            pygame.draw.line(surf, (88, 60, 36), mid, (x, y + ht * 0.45), max(1, round(2 * s)))
            continue
        r = rng.uniform(6.5, 8.5) * s
        pygame.draw.circle(surf, (30, 66, 32), (x, y), r + 0.8 * s)
        pygame.draw.circle(surf, rng.choice(greens), (x, y), r)
        pygame.draw.circle(surf, (36, 84, 40), (x + r * 0.28, y + r * 0.3), r * 0.62)
        pygame.draw.circle(surf, rng.choice(greens), (x - r * 0.12, y - r * 0.14), r * 0.7)
        pygame.draw.circle(surf, (128, 176, 90), (x - r * 0.32, y - r * 0.36), r * 0.34)


def _dome(x: float, y: float, hw: float, ht: float, lean: float, n: int = 16) -> list[Point]:
    """The outline of a hill seen from the side: a rounded dome from (x-hw, y) to (x+hw, y), its
    top leaning by `lean` (a share of hw) away from the middle."""
    out = []
    for i in range(n + 1):
        u = -1 + 2 * i / n
        top = math.sqrt(max(0.0, 1 - u * u)) ** 0.9
        out.append((x + hw * u + lean * hw * top * (1 - abs(u)), y - ht * top))
    return out


def tex_hill(surf: pygame.Surface, poly: list[Point], rng: random.Random, s: float,
             where: Where) -> None:
    """Rounded hills in shaded relief: the slope facing the top-left light pale, the other in
    shade with hatching, each hill's crest inked and a soft shadow cast at its foot."""
    wash(surf, poly, rng, s, BASE["hill"])
    w, h = surf.get_size()
    pts = sorted(grid_points(surf.get_rect(), 46 * s, rng, 0.3), key=lambda p: p[1])
    sizes = [rng.uniform(0.78, 1.25) for _ in pts]
    ground = pygame.Surface((w, h), pygame.SRCALPHA)
    for (x, y), k in zip(pts, sizes, strict=True):
        pygame.draw.ellipse(ground, (58, 72, 28, 80), pygame.Rect(x - 8 * s * k, y - 5 * s * k, 42 * s * k, 11 * s * k))
    surf.blit(ground, (0, 0))
    ink = max(1, round(1.8 * s))
    for (x, y), k in zip(pts, sizes, strict=True):
        hw, ht = 23 * s * k, 18 * s * k * rng.uniform(0.85, 1.15)
        top = _dome(x, y, hw, ht, rng.uniform(-0.1, 0.15))
        peak = min(range(len(top)), key=lambda i: top[i][1])
        pygame.draw.polygon(surf, (194, 210, 136), top)                             # lit slope
        inner = [(top[peak][0] + (x + hw * 0.05 - top[peak][0]) * t + hw * 0.22 * math.sin(math.pi * t),
                  top[peak][1] + (y - top[peak][1]) * t) for t in (0.25, 0.5, 0.75, 1.0)]
        pygame.draw.polygon(surf, (140, 162, 82), top[peak:] + inner[::-1])         # the slope in shade
        core = [(px - (px - x) * 0.12, py + (y - py) * 0.1) for px, py in top[peak + 2:]]
        if len(core) > 1:
            pygame.draw.polygon(surf, (118, 140, 64), core + [(x + hw * 0.45, y)])
        for i in range(4):                                                          # hatching in the shade
            t = 0.3 + 0.16 * i
            ax, ay = x + hw * t, y - ht * math.sqrt(max(0.0, 1 - t * t)) ** 0.9 + 2.2 * s
            pygame.draw.line(surf, (96, 116, 52), (ax, ay), (ax - 2.5 * s, min(y - 1 * s, ay + 6 * s)),
                             max(1, round(1.2 * s)))
        pygame.draw.lines(surf, (226, 236, 182), False,
                          [(px + 1.5 * s, py + 2.2 * s) for px, py in top[2:peak - 1]], max(1, round(1.6 * s)))
        pygame.draw.lines(surf, (74, 90, 38), False, top[1:-1], ink)


def tex_mountain(surf: pygame.Surface, poly: list[Point], rng: random.Random, s: float,
                 where: Where) -> None:
    """Peaks in shaded relief: the face towards the top-left light pale rock, the far face in
    shadow with hatching down its slope, snow on the tops and a shadow cast at the foot."""
    wash(surf, poly, rng, s, BASE["mountain"])
    w, h = surf.get_size()
    pts = sorted(grid_points(surf.get_rect(), 40 * s, rng, 0.25), key=lambda p: p[1])
    ground = pygame.Surface((w, h), pygame.SRCALPHA)
    for x, y in pts:
        pygame.draw.ellipse(ground, (50, 40, 34, 80), pygame.Rect(x - 8 * s, y + 6 * s, 40 * s, 10 * s))
    surf.blit(ground, (0, 0))
    ink = max(1, round(1.8 * s))
    for x, y in pts:
        k = rng.uniform(0.8, 1.2)
        hw, ht = 21 * s * k, 32 * s * k
        apex = (x + rng.uniform(-3, 3) * s, y - ht * 0.6)
        left, right = (x - hw, y + ht * 0.4), (x + hw, y + ht * 0.4)
        mid = (x + rng.uniform(-2, 5) * s, y + ht * 0.4)
        shoulder = (apex[0] + (right[0] - apex[0]) * 0.45, apex[1] + (right[1] - apex[1]) * 0.45 - 3 * s)
        pygame.draw.polygon(surf, (204, 194, 178), [apex, left, mid])
        pygame.draw.polygon(surf, (104, 92, 84), [apex, mid, right, shoulder])
        pygame.draw.polygon(surf, (176, 164, 148), [left, (x - hw * 0.35, y + ht * 0.05), mid])   # a spur
        for i in range(5):                                     # hatching down the shaded face
            t = 0.2 + 0.15 * i
            a = (apex[0] + (right[0] - apex[0]) * t, apex[1] + (right[1] - apex[1]) * t)
            b = (a[0] - (a[0] - mid[0]) * 0.55, a[1] + (mid[1] - a[1]) * 0.55)
            pygame.draw.line(surf, (76, 66, 60), a, b, max(1, round(1.2 * s)))
        snow_t = 0.3
        sl = (apex[0] + (left[0] - apex[0]) * snow_t, apex[1] + (left[1] - apex[1]) * snow_t)
        sr = (apex[0] + (right[0] - apex[0]) * snow_t, apex[1] + (right[1] - apex[1]) * snow_t)
        sm = (apex[0] + (mid[0] - apex[0]) * snow_t * 1.25, apex[1] + (mid[1] - apex[1]) * snow_t * 1.25)
        pygame.draw.polygon(surf, (250, 250, 252), [apex, sl, (sl[0] + 3 * s, sl[1] + 3 * s), sm])
        pygame.draw.polygon(surf, (196, 204, 220), [apex, sm, (sr[0] - 3 * s, sr[1] + 2 * s), sr])
        pygame.draw.line(surf, (90, 80, 72), apex, mid, max(1, round(1.2 * s)))     # the ridge
        pygame.draw.lines(surf, (62, 52, 46), False, [left, apex, shoulder, right], ink)


def tex_swamp(surf: pygame.Surface, poly: list[Point], rng: random.Random, s: float,
              where: Where) -> None:
    """Dark pools with a glint and a muddy rim, and tufts of reeds with brown bulrush heads."""
    wash(surf, poly, rng, s, BASE["swamp"])
    for x, y in grid_points(surf.get_rect(), 50 * s, rng, 0.35):
        w, h = rng.uniform(26, 42) * s, rng.uniform(10, 16) * s
        rect = pygame.Rect(x - w / 2, y - h / 2, w, h)
        pygame.draw.ellipse(surf, (146, 146, 104), rect.inflate(6 * s, 5 * s))
        pygame.draw.ellipse(surf, (58, 96, 100), rect)
        pygame.draw.ellipse(surf, (42, 74, 80), rect.inflate(-w * 0.35, -h * 0.3).move(w * 0.1, h * 0.12))
        pygame.draw.line(surf, (150, 190, 186), (rect.left + w * 0.22, rect.centery - 1.5 * s),
                         (rect.left + w * 0.5, rect.centery - 1.5 * s), max(1, round(1.5 * s)))
    for x, y in sorted(grid_points(surf.get_rect(), 21 * s, rng, 0.4), key=lambda p: p[1]):
        for k in (-1, 0, 1):
            length = rng.uniform(8, 12) * s * (1.2 if k == 0 else 1)
            top = (x + k * 4 * s, y - length)
            pygame.draw.line(surf, (48, 62, 30), (x + k * s, y), top, max(1, round(1.6 * s)))
            if k == -1:
                pygame.draw.line(surf, (140, 150, 84), (x - 0.6 * s, y - 1 * s), (top[0] + 0.4 * s, top[1] + 2 * s),
                                 max(1, round(0.8 * s)))
            if k == 0:
                pygame.draw.ellipse(surf, (104, 70, 40), pygame.Rect(top[0] - 1.6 * s, top[1] - 2 * s,
                                                                     3.2 * s, 6 * s))


def _shore(poly: list[Point], where: Where) -> list[tuple[Point, Point]]:
    return [(a, b) for a, b in zip(poly, poly[1:] + poly[:1], strict=False) if not where.on_frame(a, b)]


def _band(surf: pygame.Surface, shore: list[tuple[Point, Point]], colour: Color, width: float) -> None:
    """Everything within width/2 of the shore (its lines drawn thick, round at the corners)."""
    if width < 1:
        return
    for a, b in shore:
        pygame.draw.line(surf, colour, a, b, max(1, round(width)))
        pygame.draw.circle(surf, colour, a, width / 2)
        pygame.draw.circle(surf, colour, b, width / 2)


def _water(shallow: Color, deep: Color, foam: Color, wave: Color, wave_gap: float) -> Texture:
    def draw(surf: pygame.Surface, poly: list[Point], rng: random.Random, s: float,
             where: Where) -> None:
        """Depth shading from the pale shallows at the shore to the deep, lines of surf along the
        shore, broken further out, and wavelets on the open water."""
        shore = _shore(poly, where)
        w, h = surf.get_size()
        k = max(2, round(4 * s))
        small = pygame.Surface((w // k + 2, h // k + 2))
        small.fill(deep)
        local = [((a[0] / k, a[1] / k), (b[0] / k, b[1] / k)) for a, b in shore]
        steps = 9
        for i in range(steps):                                 # from deep water in to the shallows
            t = i / (steps - 1)
            _band(small, local, _mix(deep, shallow, t ** 0.9), (190 - 180 * t) * s / k)
        surf.blit(pygame.transform.smoothscale(small, (small.get_width() * k, small.get_height() * k)), (0, 0))
        wash(surf, poly, rng, s, deep, strength=0.45, rim=False)
        foam_layer = pygame.Surface((w, h), pygame.SRCALPHA)
        for dist, width, alpha, broken in ((21.0, 2.2, 150, 0.6), (10.5, 2.8, 200, 0.35), (0.0, 7.0, 235, 0.0)):   # outer first
            _band(foam_layer, shore, (*foam[:3], alpha), 2 * (dist + width) * s)
            _band(foam_layer, shore, (0, 0, 0, 0), 2 * dist * s)
            if broken:                                          # gaps where the wave has not broken
                for a, b in shore:
                    length = math.hypot(b[0] - a[0], b[1] - a[1])
                    if length < 1:
                        continue
                    nx, ny = (a[1] - b[1]) / length, (b[0] - a[0]) / length
                    off = (dist + width / 2) * s
                    for _ in range(round(length * broken / (16 * s) + rng.random())):
                        t, r = rng.random(), rng.uniform(3, 8) * s
                        px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                        for sign in (1, -1):                  # on the line, whichever side is water
                            pygame.draw.circle(foam_layer, (0, 0, 0, 0), (px + sign * nx * off, py + sign * ny * off), r)
            else:                                               # the foam where it meets the sand
                _band(foam_layer, shore, (*foam[:3], 255), 4.4 * s)
        surf.blit(foam_layer, (0, 0))
        for x, y in grid_points(surf.get_rect(), wave_gap * s, rng, 0.35):
            if not where.inside((x, y)) or geometry.boundary_distance((x, y), poly) < 34 * s:
                continue
            r = rng.uniform(5, 7) * s
            for j in (0, 1):
                rect = pygame.Rect(x + (j * 2 - 1) * r, y - r / 2, 2 * r, r * 1.4)
                pygame.draw.arc(surf, _mix(wave, deep, 0.5), rect.move(1.5 * s, 2 * s), 0.2, math.pi - 0.2,
                                max(1, round(2 * s)))
                pygame.draw.arc(surf, wave, rect, 0.2, math.pi - 0.2, max(1, round(2 * s)))
    return draw


TEXTURES: dict[str, Texture] = {
    "farmland": tex_farmland, "forest": tex_forest, "hill": tex_hill, "mountain": tex_mountain,
    "swamp": tex_swamp,
    "sea": _water((94, 160, 200), (26, 74, 136), (236, 246, 250), (120, 172, 214), 46),
    "lake": _water((120, 186, 218), (52, 118, 176), (240, 250, 252), (156, 204, 232), 40),
}


# -- the paper -----------------------------------------------------------------------------------
GRAIN_TILE = 160


@functools.lru_cache(maxsize=4)
def _grain_tiles(seed: str) -> tuple[pygame.Surface, ...]:
    """Paper grain: a tile of fine specks and fibres to multiply over the picture (white leaves
    it as it is), in four turns so that its repeats do not show."""
    rng = random.Random(f"paper:{seed}")
    n = GRAIN_TILE
    tile = pygame.Surface((n, n))
    tile.fill((255, 255, 255))
    for _ in range(n * n // 14):                             # specks of a pixel or two: sparse, so
        v = rng.choice((247, 241))                            # the PNG stays small
        i, j = rng.randrange(n), rng.randrange(n)
        pygame.draw.line(tile, (v, v, v - 2), (i, j), (i + rng.choice((0, 1)), j + rng.choice((0, 1))))
    for _ in range(n // 4):                                   # fibres
        x, y, a = rng.uniform(0, n), rng.uniform(0, n), rng.uniform(0, math.pi)
        ln = rng.uniform(4, 12)
        v = rng.randrange(228, 244)
        pygame.draw.line(tile, (v, v, v - 3), (x, y), (x + math.cos(a) * ln, y + math.sin(a) * ln))
    return tuple(pygame.transform.rotate(tile, 90 * i) for i in range(4))


def paper(picture: pygame.Surface, seed: str) -> None:
    """Lay the picture on paper: its grain, a faint unevenness of the sheet and darker edges."""
    w, h = picture.get_size()
    rng = random.Random(f"sheet:{seed}")
    tiles = _grain_tiles(seed)
    for y in range(0, h, GRAIN_TILE):
        for x in range(0, w, GRAIN_TILE):
            picture.blit(tiles[rng.randrange(4)], (x, y), special_flags=pygame.BLEND_RGB_MULT)
    cw, ch = 24, 15
    sheet = pygame.Surface((cw, ch))
    for y in range(ch):
        for x in range(cw):
            edge = min(x, cw - 1 - x, y, ch - 1 - y)
            v = rng.uniform(242, 255) - (14 if edge == 0 else 5 if edge == 1 else 0)
            sheet.set_at((x, y), (round(v), round(v), round(v - 4)))
    picture.blit(pygame.transform.smoothscale(sheet, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)


def corner_points(data: MapData) -> list[Point]:
    """The points (map pixels) where two regions that are not neighbours touch: corners where
    four or more regions meet. The picture puts a round knot of border there, so the two never
    look as if they shared a border."""
    at: dict[tuple[int, int], set[str]] = {}
    for rid, poly in data.polygons.items():
        for x, y in poly:
            at.setdefault((round(x), round(y)), set()).add(rid)
    out = []
    for point, ids in sorted(at.items()):
        if len(ids) >= 3 and any(not data.board.adjacent(a, b) for a in ids for b in ids if a < b):
            out.append((float(point[0]), float(point[1])))
    return out


def draw_region(canvas: pygame.Surface, region: Region, poly: list[Point], s: float,
                board: tuple[float, float], seed: str) -> None:
    x0, y0, x1, y1 = geometry.bbox(poly)
    left, top = math.floor(x0) - 2, math.floor(y0) - 2
    w, h = math.ceil(x1) - left + 3, math.ceil(y1) - top + 3
    local = [(x - left, y - top) for x, y in poly]
    tex = pygame.Surface((w, h), pygame.SRCALPHA)
    tex.fill(BASE[region.terrain])
    rng = random.Random(f"{seed}:{region.id}")
    where = Where(inside=lambda p: geometry.point_in_polygon(p, local),
                  on_frame=lambda a, b: frame_segment((a[0] + left, a[1] + top), (b[0] + left, b[1] + top),
                                                      board[0], board[1]))
    TEXTURES[region.terrain](tex, local, rng, s, where)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), local)
    tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(tex, (left, top))


# -- icons ---------------------------------------------------------------------------------------
ICON_BACK: dict[str, Color] = {
    "mountain": (236, 238, 242), "mine": (238, 200, 104), "cavern": (160, 150, 138),
    "magic": (118, 68, 170), "lost_tribe": (196, 92, 58),
}


def draw_icon(kind: str, r: float) -> pygame.Surface:
    """A round badge of radius r for a feature, drawn 4x larger and scaled down."""
    k = 4
    R = r * k
    size = math.ceil(2 * R + 4 * k)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2

    def P(x: float, y: float) -> Point:
        return (c + x * R, c + y * R)

    pygame.draw.circle(surf, (20, 14, 10), (c, c + 0.08 * R), R + 1.5 * k)
    pygame.draw.circle(surf, BORDER, (c, c), R + 1.5 * k)
    pygame.draw.circle(surf, ICON_BACK[kind], (c, c), R - 0.5 * k)
    line = round(0.16 * R)
    if kind == "mountain":
        pygame.draw.polygon(surf, (128, 118, 108), [P(-0.68, 0.5), P(-0.05, -0.6), P(0.68, 0.5)])
        pygame.draw.polygon(surf, (96, 88, 80), [P(-0.05, -0.6), P(0.15, 0.5), P(0.68, 0.5)])
        pygame.draw.polygon(surf, (255, 255, 255), [P(-0.05, -0.6), P(-0.27, -0.22), P(-0.1, -0.28),
                                                     P(0.02, -0.16), P(0.14, -0.28)])
        pygame.draw.lines(surf, (60, 52, 46), False, [P(-0.68, 0.5), P(-0.05, -0.6), P(0.68, 0.5)],
                          round(0.08 * R))
    elif kind == "mine":
        pygame.draw.line(surf, (110, 70, 34), P(-0.5, 0.58), P(0.32, -0.3), line)
        pygame.draw.line(surf, (110, 70, 34), P(0.5, 0.58), P(-0.32, -0.3), line)
        for sign in (1, -1):
            head = [P(sign * (0.72 - 0.64 * t) + sign * 0.0, -0.1 - 0.5 * math.sin(math.pi * t) + 0.0)
                    for t in [i / 8 for i in range(9)]]
            pygame.draw.lines(surf, (70, 72, 84), False, head, round(0.15 * R))
    elif kind == "cavern":
        arch = [P(-0.55, 0.5)] + [P(-0.55 * math.cos(t), 0.5 - 0.95 * math.sin(t))
                                  for t in [i * math.pi / 16 for i in range(17)]] + [P(0.55, 0.5)]
        pygame.draw.polygon(surf, (22, 16, 14), arch)
        pygame.draw.line(surf, (110, 100, 90), P(-0.8, 0.52), P(0.8, 0.52), round(0.1 * R))
        pygame.draw.line(surf, (196, 188, 176), P(-0.72, -0.3), P(-0.6, -0.5), round(0.08 * R))
        pygame.draw.line(surf, (196, 188, 176), P(0.62, -0.44), P(0.74, -0.2), round(0.08 * R))
    elif kind == "magic":
        star = []
        for i in range(8):
            t = -math.pi / 2 + i * math.pi / 4
            rr = 0.72 if i % 2 == 0 else 0.22
            star.append(P(rr * math.cos(t), rr * math.sin(t)))
        pygame.draw.polygon(surf, (255, 240, 160), star)
        for x, y, rr in ((0.45, -0.45, 0.09), (-0.48, 0.42, 0.07), (0.5, 0.4, 0.06)):
            pygame.draw.circle(surf, (255, 255, 255), P(x, y), rr * R)
    elif kind == "lost_tribe":
        pygame.draw.line(surf, (70, 40, 20), P(-0.3, -0.8), P(0.12, -0.2), round(0.09 * R))
        pygame.draw.line(surf, (70, 40, 20), P(0.3, -0.8), P(-0.12, -0.2), round(0.09 * R))
        pygame.draw.polygon(surf, (246, 230, 196), [P(0, -0.5), P(-0.6, 0.55), P(0.6, 0.55)])
        pygame.draw.polygon(surf, (70, 40, 20), [P(0, 0.0), P(-0.18, 0.55), P(0.18, 0.55)])
        pygame.draw.line(surf, (170, 60, 40), P(-0.38, 0.16), P(0.38, 0.16), round(0.08 * R))
    return pygame.transform.smoothscale(surf, (round(size / k), round(size / k)))


# -- labels --------------------------------------------------------------------------------------
def label_group(region: Region, s: float, font_size: float, beside: bool = False,
                icon_scale: float = 1.0) -> pygame.Surface:
    """Name plate with the region's icons underneath (or beside it), as one transparent surface."""
    water = region.is_water
    font = pygame.font.Font(None, round(font_size * s * (1.2 if region.terrain == "sea" else 1.0)))
    font.set_italic(water)
    text_color = (236, 246, 252) if water else (44, 30, 22)
    text = font.render(region.display_name, True, text_color)
    kinds = (["mountain"] if region.terrain == "mountain" else []) + \
        [f for f in ("mine", "cavern", "magic") if f in region.features] + \
        (["lost_tribe"] if region.lost_tribe else [])
    icons = [draw_icon(k, ICON_RADIUS * s * icon_scale) for k in kinds]
    pad_x, pad_y = 7 * s, 3 * s
    plate_w, plate_h = text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y
    gap = 3 * s
    icons_w = sum(i.get_width() for i in icons) + gap * max(0, len(icons) - 1)
    icons_h = max((i.get_height() for i in icons), default=0)
    if beside and icons:
        w = math.ceil(plate_w + gap + icons_w)
        h = math.ceil(max(plate_h, icons_h))
        plate = pygame.Rect(0, (h - plate_h) / 2, plate_w, plate_h)
    else:
        w = math.ceil(max(plate_w, icons_w))
        h = math.ceil(plate_h + (gap + icons_h if icons else 0))
        plate = pygame.Rect((w - plate_w) / 2, 0, plate_w, plate_h)
    group = pygame.Surface((w, h), pygame.SRCALPHA)
    if water:
        shadow = font.render(region.display_name, True, (16, 40, 70))
        for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (2, 2)):
            group.blit(shadow, (plate.x + pad_x + dx * 1.2 * s, plate.y + pad_y + dy * 1.2 * s))
    else:
        pygame.draw.rect(group, (246, 236, 208, 232), plate, border_radius=round(6 * s))
        pygame.draw.rect(group, (96, 70, 44), plate, max(1, round(1.5 * s)), border_radius=round(6 * s))
    group.blit(text, (plate.x + pad_x, plate.y + pad_y))
    x, y = ((plate_w + gap, (h - icons_h) / 2) if beside else ((w - icons_w) / 2, plate_h + gap))
    for icon in icons:
        group.blit(icon, (x, y))
        x += icon.get_width() + gap
    return group


def place_label(poly: list[Point], size: tuple[int, int], token: Point, token_r: float,
                margin: float) -> tuple[Point, bool]:
    """Top-left corner for a label of `size` inside the polygon, clear of the token spot."""
    w, h = size
    x0, y0, x1, y1 = geometry.bbox(poly)
    step = max(4.0, min(w, h) / 4)
    candidates: list[tuple[float, Point]] = []
    y = y0
    while y + h <= y1:
        x = x0
        while x + w <= x1:
            cx, cy = x + w / 2, y + h / 2
            candidates.append((math.hypot(cx - token[0], (cy - token[1]) * 1.3), (x, y)))
            x += step
        y += step
    candidates.sort()

    def fits(x: float, y: float, avoid_token: bool) -> bool:
        probes = [(x + w * i / 4, y + h * j / 2) for i in range(5) for j in range(3)]
        if not all(geometry.point_in_polygon(p, poly) for p in probes):
            return False
        if any(geometry.boundary_distance(p, poly) < margin for p in probes if p != (x + w / 2, y + h / 2)):
            return False
        if avoid_token:
            nx = min(max(token[0], x), x + w)
            ny = min(max(token[1], y), y + h)
            if math.hypot(nx - token[0], ny - token[1]) < token_r:
                return False
        return True

    for avoid in (True, False):
        for _, (x, y) in candidates:
            if fits(x, y, avoid):
                return (x, y), True
    return (token[0] - w / 2, token[1] - h / 2), False


# -- whole map -----------------------------------------------------------------------------------
def draw_map(data: MapData, out_width: int | None = None,
             labels: bool = False) -> tuple[pygame.Surface, list[str]]:
    """The finished picture of a map, and notes on labels that did not fit. The window writes the
    region names and feature icons itself (laid out with the token stacks, so nothing covers
    anything); `labels=True` paints them into the picture too, for a map shown elsewhere."""
    out_width = out_width or data.width
    out_height = round(data.height * out_width / data.width)
    s = SUPERSAMPLE * out_width / 1600
    scale = SUPERSAMPLE * out_width / data.width
    W, H = round(data.width * scale), round(data.height * scale)
    canvas = pygame.Surface((W, H))
    canvas.fill(BORDER)
    seed = data.path.stem
    polys = {rid: [(x * scale, y * scale) for x, y in pts] for rid, pts in data.polygons.items()}
    for region in data.board.regions:
        draw_region(canvas, region, polys[region.id], s, (W, H), seed)
    for region in data.board.regions:
        thick_outline(canvas, BORDER, polys[region.id], 3.6 * s)
    for x, y in corner_points(data):        # regions that only meet at a point: a knot, not a border
        pygame.draw.circle(canvas, BORDER, (x * scale, y * scale), KNOT * s)
    notes = []
    for region in (data.board.regions if labels else ()):
        poly = polys[region.id]
        token = geometry.interior_point(poly, 2.0)
        placed = False
        for size, icon_scale, margin in ((1.0, 1.0, 5), (0.88, 1.0, 5), (0.78, 0.85, 4), (0.7, 0.75, 2)):
            for beside in (False, True):
                group = label_group(region, s, FONT_SIZE * size, beside, icon_scale)
                pos, placed = place_label(poly, group.get_size(), token, 26 * s, margin * s)
                if placed:
                    break
            if placed:
                break
        if not placed:
            notes.append(f"{data.path}: label of {region.id} does not fit inside the region")
        canvas.blit(group, pos)
    pygame.draw.rect(canvas, BORDER, canvas.get_rect(), round(6 * s))
    pygame.draw.rect(canvas, (196, 160, 96), canvas.get_rect().inflate(-round(9 * s), -round(9 * s)),
                     max(1, round(1.5 * s)))
    picture = pygame.transform.smoothscale(canvas, (out_width, out_height))
    paper(picture, seed)
    return picture, notes


def redraw_for(data: MapData) -> Callable[[int], pygame.Surface] | None:
    """For a shipped map, whose picture this module draws: a function that draws it at a width
    (the window's zoomed board, sharper than the picture blown up). None for any other map,
    whose picture may be its author's own."""
    try:
        shipped = data.path.resolve() in {p.resolve() for p in SHIPPED_MAPS.values()}
    except OSError:
        return None
    if not shipped:
        return None
    return lambda width: draw_map(data, width)[0]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.maps draw",
                                     description="Draw map pictures from the polygons of TMX maps.")
    parser.add_argument("maps", nargs="*", help="TMX files (default: the four shipped maps)")
    parser.add_argument("--width", type=int, help="picture width in pixels (default: the map's)")
    parser.add_argument("--out", help="where to write the PNG (default: the image layer's file)")
    parser.add_argument("--labels", action="store_true",
                        help="paint the region names and icons into the picture (the game writes them itself)")
    args = parser.parse_args(argv)
    paths = [Path(p) for p in args.maps] or [SHIPPED_MAPS[n] for n in sorted(SHIPPED_MAPS)]
    if args.out and len(paths) != 1:
        parser.error("--out needs exactly one map")
    if args.width is not None and not 64 <= args.width <= MAX_PIXELS:
        print(f"error: --width {args.width}: give the picture's width in pixels, 64 to {MAX_PIXELS}", file=sys.stderr)
        return 2
    if args.out and Path(args.out).is_dir():
        print(f"error: --out {args.out}: a folder; name the PNG file to write", file=sys.stderr)
        return 2
    pygame.font.init()
    failed = False
    for path in paths:
        report = inspect_map(path)
        for line in report.errors:
            print(f"error: {line}")
        for line in report.warnings:
            print(f"warning: {line}")
        for line in report.skipped:
            print(f"note: {line}")
        if report.errors or report.data is None:
            print(f"{path}: not drawn; fix the errors above (python -m game.maps check {path})")
            failed = True
            continue
        data = report.data
        picture, notes = draw_map(data, args.width, args.labels)
        out = Path(args.out) if args.out else data.image_path or path.with_suffix(".png")
        try:
            save_picture(picture, out)
        except (OSError, pygame.error) as err:
            print(f"error: {out}: cannot write the picture ({err}); check the folder exists and is writable")
            failed = True
            continue
        for note in notes:
            print(f"note: {note}")
        print(f"{out}: {picture.get_width()}x{picture.get_height()}")
    return 1 if failed else 0


def save_picture(picture: pygame.Surface, out: Path) -> None:
    """Write the PNG through a temporary file, so an interrupted run never leaves half a picture."""
    tmp = out.with_name(f".{out.stem}.drawing.png")
    try:
        pygame.image.save(picture, str(tmp))
        os.replace(tmp, out)
    finally:
        if tmp.exists():
            tmp.unlink()


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "game.maps draw"))
