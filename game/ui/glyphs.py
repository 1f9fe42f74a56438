"""Small pictures drawn by code, the letters of the emblem alphabet: a sword, a leaf, a wave, a
crown... Each glyph draws in unit coordinates (about -0.7..0.7 across) with one pen `p` and one
colour `c`, and a `View` places a glyph anywhere on a pen at any size, so a race's or a power's
emblem is a glyph or two composed (see `emblems`). `GLYPHS` names them all. Nothing here knows
the rules.
"""
from __future__ import annotations

import math
from typing import Any, Callable

Pt = tuple[float, float]
HOLE = (30, 24, 22)             # the dark of an eye, a mouth, a door


class View:
    """A pen seen through a move and a scale: draws a glyph at (x, y), `k` times its size."""

    def __init__(self, pen: Any, x: float = 0.0, y: float = 0.0, k: float = 1.0) -> None:
        self.pen, self.x, self.y, self.k = pen, x, y, k

    def _q(self, q: Pt) -> Pt:
        return (self.x + q[0] * self.k, self.y + q[1] * self.k)

    def circle(self, c: Any, x: float, y: float, rad: float, width: float = 0) -> None:
        q = self._q((x, y))
        self.pen.circle(c, q[0], q[1], rad * self.k, width * self.k)

    def poly(self, c: Any, pts: list[Pt], width: float = 0) -> None:
        self.pen.poly(c, [self._q(q) for q in pts], width * self.k)

    def line(self, c: Any, a: Pt, b: Pt, width: float) -> None:
        self.pen.line(c, self._q(a), self._q(b), width * self.k)

    def ellipse(self, c: Any, x: float, y: float, rx: float, ry: float, width: float = 0) -> None:
        q = self._q((x, y))
        self.pen.ellipse(c, q[0], q[1], rx * self.k, ry * self.k, width * self.k)

    def arc(self, c: Any, x: float, y: float, rad: float, a0: float, a1: float, width: float) -> None:
        q = self._q((x, y))
        self.pen.arc(c, q[0], q[1], rad * self.k, a0, a1, width * self.k)


def _star(n: int, r0: float, r1: float, y: float = 0.0, turn: float = -math.pi / 2) -> list[Pt]:
    return [((r0 if i % 2 == 0 else r1) * math.cos(turn + i * math.pi / n),
             y + (r0 if i % 2 == 0 else r1) * math.sin(turn + i * math.pi / n)) for i in range(2 * n)]


def _ngon(n: int, r: float, turn: float = -math.pi / 2) -> list[Pt]:
    return [(r * math.cos(turn + 2 * math.pi * i / n), r * math.sin(turn + 2 * math.pi * i / n)) for i in range(n)]


def sword(p: Any, c: Any) -> None:
    p.poly(c, [(0, -0.72), (0.09, -0.55), (0.07, 0.3), (-0.07, 0.3), (-0.09, -0.55)])
    p.line(c, (-0.3, 0.32), (0.3, 0.32), 0.09)
    p.line(c, (0, 0.32), (0, 0.6), 0.08)
    p.circle(c, 0, 0.68, 0.07)


def crossed_swords(p: Any, c: Any) -> None:
    for s in (-1, 1):
        p.line(c, (-0.55 * s, -0.6), (0.45 * s, 0.5), 0.09)
        p.line(c, (0.22 * s, 0.5), (0.52 * s, 0.2), 0.07)


def bow(p: Any, c: Any) -> None:
    p.arc(c, 0.25, 0, 0.62, math.pi * 0.62, math.pi * 1.38, 0.09)
    p.line(c, (0.25 - 0.62 * 0.37, -0.57), (0.25 - 0.62 * 0.37, 0.57), 0.035)


def leaf(p: Any, c: Any) -> None:
    p.poly(c, [(0, -0.66), (0.3, -0.3), (0.34, 0.1), (0, 0.5), (-0.34, 0.1), (-0.3, -0.3)])
    p.line(c, (0, 0.4), (0, 0.72), 0.06)


def skull(p: Any, c: Any) -> None:
    p.circle(c, 0, -0.12, 0.48)
    p.poly(c, [(-0.26, 0.2), (0.26, 0.2), (0.2, 0.55), (-0.2, 0.55)])
    for x in (-0.18, 0.18):
        p.circle(HOLE, x, -0.1, 0.12)
    p.poly(HOLE, [(0, 0.08), (-0.06, 0.22), (0.06, 0.22)])


def crown(p: Any, c: Any) -> None:
    p.poly(c, [(-0.6, 0.4), (-0.6, -0.35), (-0.3, 0.0), (0, -0.5), (0.3, 0.0), (0.6, -0.35), (0.6, 0.4)])
    for x, y in ((-0.6, -0.42), (0, -0.58), (0.6, -0.42)):
        p.circle(c, x, y, 0.09)


def star(p: Any, c: Any) -> None:
    p.poly(c, _star(5, 0.68, 0.28, 0.05))


def moon(p: Any, c: Any) -> None:
    n = 20
    outer = [(0.6 * math.cos(a), 0.6 * math.sin(a)) for a in
             (math.pi * 0.5 + math.pi * i / n for i in range(n + 1))]
    inner = [(-0.1 + 0.45 * math.cos(a), 0.45 * math.sin(a) * 1.33) for a in
             (math.pi * 1.5 - math.pi * i / n for i in range(n + 1))]
    p.poly(c, [(x + 0.1, y) for x, y in outer + inner])


def sun(p: Any, c: Any) -> None:
    p.circle(c, 0, 0, 0.34)
    for i in range(8):
        a = i * math.pi / 4
        p.line(c, (0.45 * math.cos(a), 0.45 * math.sin(a)), (0.68 * math.cos(a), 0.68 * math.sin(a)), 0.08)


def wave(p: Any, c: Any) -> None:
    for y in (-0.3, 0.05, 0.4):
        pts = [(-0.66 + 1.32 * i / 16, y + 0.12 * math.sin(i / 16 * 2 * math.pi * 1.5)) for i in range(17)]
        for a, b in zip(pts, pts[1:], strict=False):
            p.line(c, a, b, 0.1)


def flame(p: Any, c: Any) -> None:
    p.poly(c, [(0, -0.72), (0.22, -0.35), (0.42, -0.1), (0.44, 0.25), (0.25, 0.56), (0, 0.64), (-0.25, 0.56),
               (-0.44, 0.25), (-0.36, -0.05), (-0.22, 0.1), (-0.16, -0.3)])
    p.poly(HOLE + (110,), [(0, -0.1), (0.18, 0.22), (0.12, 0.48), (-0.12, 0.48), (-0.18, 0.22)])


def eye(p: Any, c: Any) -> None:
    top = [(-0.7 + 1.4 * i / 12, -0.42 * math.sin(math.pi * i / 12)) for i in range(13)]
    bot = [(0.7 - 1.4 * i / 12, 0.42 * math.sin(math.pi * i / 12)) for i in range(13)]
    p.poly(c, top + bot)
    p.circle(HOLE, 0, 0, 0.24)
    p.circle(c, -0.07, -0.07, 0.07)


def wings(p: Any, c: Any) -> None:
    for s in (-1, 1):
        p.poly(c, [(0.04 * s, -0.1), (0.66 * s, -0.6), (0.7 * s, -0.1), (0.5 * s, 0.2), (0.04 * s, 0.12)])
        p.poly(c, [(0.04 * s, 0.1), (0.5 * s, 0.3), (0.44 * s, 0.6), (0.04 * s, 0.3)])
    p.line(c, (0, -0.3), (0, 0.45), 0.1)


def feather(p: Any, c: Any) -> None:
    p.poly(c, [(0.5, -0.66), (0.28, -0.2), (-0.1, 0.3), (-0.35, 0.45), (-0.2, 0.1), (0.1, -0.35)])
    p.line(c, (0.45, -0.6), (-0.55, 0.68), 0.05)


def mushroom(p: Any, c: Any) -> None:
    cap = [(0.66 * math.cos(a), -0.05 - 0.6 * math.sin(a)) for a in (math.pi * i / 16 for i in range(17))]
    p.poly(c, cap)
    p.poly(c, [(-0.17, -0.05), (0.17, -0.05), (0.22, 0.62), (-0.22, 0.62)])
    for x, y in ((-0.3, -0.3), (0.12, -0.45), (0.36, -0.2)):
        p.circle(HOLE + (120,), x, y, 0.08)


def tree(p: Any, c: Any) -> None:
    for y, w in ((-0.7, 0.3), (-0.4, 0.48), (-0.08, 0.62)):
        p.poly(c, [(0, y), (w, y + 0.45), (-w, y + 0.45)])
    p.poly(c, [(-0.09, 0.3), (0.09, 0.3), (0.09, 0.7), (-0.09, 0.7)])


def pines(p: Any, c: Any) -> None:
    for x, y, k in ((-0.3, 0.0, 0.8), (0.3, -0.1, 1.0)):
        p.poly(c, [(x, y - 0.55 * k), (x + 0.3 * k, y + 0.35 * k), (x - 0.3 * k, y + 0.35 * k)])
        p.line(c, (x, y + 0.3 * k), (x, y + 0.62), 0.08)


def peak(p: Any, c: Any) -> None:
    p.poly(c, [(-0.72, 0.5), (-0.15, -0.55), (0.15, -0.1), (0.3, -0.3), (0.72, 0.5)])


def hills(p: Any, c: Any) -> None:
    p.arc(c, -0.25, 0.45, 0.42, math.pi, 2 * math.pi, 0.12)
    p.arc(c, 0.32, 0.45, 0.34, math.pi, 2 * math.pi, 0.12)
    p.line(c, (-0.72, 0.48), (0.72, 0.48), 0.1)


def coin(p: Any, c: Any) -> None:
    p.circle(c, 0, 0, 0.6)
    p.circle(HOLE + (120,), 0, 0, 0.44, 0.07)
    p.poly(HOLE + (120,), [(-0.08, -0.25), (0.08, -0.25), (0.08, 0.25), (-0.08, 0.25)])


def coins(p: Any, c: Any) -> None:
    for i in range(4):
        p.ellipse(c, 0, 0.45 - i * 0.26, 0.5, 0.16)
        p.ellipse(HOLE + (110,), 0, 0.45 - i * 0.26, 0.5, 0.16, 0.04)


def bag(p: Any, c: Any) -> None:
    p.circle(c, 0, 0.22, 0.46)
    p.poly(c, [(-0.14, -0.3), (0.14, -0.3), (0.3, -0.6), (-0.3, -0.6)])
    p.line(HOLE + (120,), (-0.2, -0.25), (0.2, -0.25), 0.06)
    p.poly(HOLE + (120,), [(-0.06, 0.0), (0.06, 0.0), (0.06, 0.42), (-0.06, 0.42)])


def shield(p: Any, c: Any) -> None:
    p.poly(c, [(-0.52, -0.6), (0.52, -0.6), (0.52, 0.0), (0, 0.7), (-0.52, 0.0)])
    p.line(HOLE + (110,), (0, -0.45), (0, 0.45), 0.07)


def tower(p: Any, c: Any) -> None:
    p.poly(c, [(-0.34, 0.7), (0.34, 0.7), (0.3, -0.35), (-0.3, -0.35)])
    for x in (-0.36, -0.06, 0.24):
        p.poly(c, [(x, -0.35), (x + 0.14, -0.35), (x + 0.14, -0.6), (x, -0.6)])
    p.ellipse(HOLE, 0, 0.45, 0.12, 0.22)
    p.poly(HOLE, [(-0.05, -0.15), (0.05, -0.15), (0.05, 0.05), (-0.05, 0.05)])


def hourglass(p: Any, c: Any) -> None:
    p.poly(c, [(-0.42, -0.62), (0.42, -0.62), (0.06, 0), (0.42, 0.62), (-0.42, 0.62), (-0.06, 0)])
    p.line(c, (-0.55, -0.66), (0.55, -0.66), 0.08)
    p.line(c, (-0.55, 0.66), (0.55, 0.66), 0.08)


def book(p: Any, c: Any) -> None:
    for s in (-1, 1):
        p.poly(c, [(0.04 * s, -0.4), (0.66 * s, -0.52), (0.66 * s, 0.42), (0.04 * s, 0.54)])
        for y in (-0.22, 0.0, 0.22):
            p.line(HOLE + (120,), (0.16 * s, y - 0.02), (0.52 * s, y - 0.08), 0.035)


def scroll(p: Any, c: Any) -> None:
    p.poly(c, [(-0.42, -0.5), (0.42, -0.5), (0.42, 0.5), (-0.42, 0.5)])
    for y in (-0.5, 0.5):
        p.ellipse(c, 0, y, 0.55, 0.12)
    for y in (-0.22, 0.0, 0.22):
        p.line(HOLE + (120,), (-0.25, y), (0.25, y), 0.04)


def heart(p: Any, c: Any) -> None:
    pts = []
    for i in range(40):
        t = 2 * math.pi * i / 40
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x / 24, -y / 24 + 0.05))
    p.poly(c, pts)


def flask(p: Any, c: Any) -> None:
    p.poly(c, [(-0.12, -0.65), (0.12, -0.65), (0.12, -0.2), (0.5, 0.5), (0.4, 0.62), (-0.4, 0.62),
               (-0.5, 0.5), (-0.12, -0.2)])
    p.poly(HOLE + (110,), [(-0.3, 0.25), (0.3, 0.25), (0.4, 0.5), (-0.4, 0.5)])


def horseshoe(p: Any, c: Any) -> None:
    p.arc(c, 0, -0.05, 0.45, 0, math.pi, 0.17)
    for s in (-1, 1):
        p.line(c, (0.45 * s, -0.05), (0.5 * s, -0.55), 0.17)
    for x, y in ((-0.4, 0.25), (0.4, 0.25), (0, 0.4)):
        p.circle(HOLE, x, y, 0.04)


def anchor(p: Any, c: Any) -> None:
    p.line(c, (0, -0.5), (0, 0.6), 0.1)
    p.circle(c, 0, -0.58, 0.14, 0.07)
    p.line(c, (-0.3, -0.25), (0.3, -0.25), 0.08)
    p.arc(c, 0, 0.15, 0.5, 0.15, math.pi - 0.15, 0.1)


def spiral(p: Any, c: Any) -> None:
    pts = [(0.04 * t * math.cos(t), 0.04 * t * math.sin(t)) for t in (i * 0.35 for i in range(46))]
    for a, b in zip(pts, pts[1:], strict=False):
        p.line(c, a, b, 0.09)


def snowflake(p: Any, c: Any) -> None:
    for i in range(3):
        a = math.pi / 2 + i * math.pi / 3
        dx, dy = math.cos(a), math.sin(a)
        p.line(c, (-0.66 * dx, -0.66 * dy), (0.66 * dx, 0.66 * dy), 0.08)
        for s in (-1, 1):
            bx, by = 0.4 * dx * s, 0.4 * dy * s
            for t in (-0.5, 0.5):
                ca, sa = math.cos(a + t * 2), math.sin(a + t * 2)
                p.line(c, (bx, by), (bx + 0.18 * ca * s, by + 0.18 * sa * s), 0.06)


def web(p: Any, c: Any) -> None:
    for i in range(8):
        a = i * math.pi / 4
        p.line(c, (0, 0), (0.68 * math.cos(a), 0.68 * math.sin(a)), 0.045)
    for r in (0.22, 0.42, 0.62):
        pts = _ngon(8, r, 0)
        for q0, q1 in zip(pts, pts[1:] + pts[:1], strict=False):
            p.line(c, q0, q1, 0.04)


def bone(p: Any, c: Any) -> None:
    p.line(c, (-0.45, 0.45), (0.45, -0.45), 0.16)
    for x, y in ((-0.45, 0.45), (0.45, -0.45)):
        for dx, dy in ((0.1, 0.1), (-0.1, -0.1)):
            p.circle(c, x + dx * (1 if x < 0 else -1) - (0.05 if x < 0 else -0.05), y + dy * (1 if x > 0 else 1),
                     0.13)


def fang(p: Any, c: Any) -> None:
    p.arc(c, 0, -0.4, 0.6, 0.35, math.pi - 0.35, 0.12)
    for x in (-0.3, 0.3):
        p.poly(c, [(x - 0.13, -0.05), (x + 0.13, -0.05), (x, 0.62)])


def claw(p: Any, c: Any) -> None:
    for k in (-1, 0, 1):
        x = k * 0.3
        p.poly(c, [(x - 0.25, -0.62), (x - 0.12, -0.62), (x + 0.22, 0.64), (x + 0.1, 0.64)])


def drop(p: Any, c: Any) -> None:
    pts: list[Pt] = [(0.0, -0.7)]
    for i in range(17):
        a = -0.15 * math.pi + 1.3 * math.pi * i / 16
        pts.append((0.42 * math.cos(a), 0.2 + 0.42 * math.sin(a)))
    p.poly(c, pts)
    p.circle(HOLE + (90,), -0.15, 0.22, 0.09)


def hammer(p: Any, c: Any) -> None:
    p.line(c, (0.1, -0.3), (-0.4, 0.62), 0.12)
    p.poly(c, [(-0.3, -0.72), (0.6, -0.22), (0.42, 0.08), (-0.46, -0.42)])


def pick(p: Any, c: Any) -> None:
    p.line(c, (0, -0.35), (0, 0.72), 0.11)
    p.arc(c, 0, 0.35, 0.8, math.pi * 1.25, math.pi * 1.75, 0.13)


def bolt(p: Any, c: Any) -> None:
    p.poly(c, [(0.15, -0.72), (-0.4, 0.08), (-0.02, 0.08), (-0.18, 0.72), (0.42, -0.12), (0.04, -0.12),
               (0.28, -0.72)])


def hand(p: Any, c: Any) -> None:
    p.poly(c, [(-0.35, -0.05), (0.38, -0.05), (0.35, 0.5), (0.1, 0.7), (-0.25, 0.65), (-0.38, 0.3)])
    for x, top in ((-0.28, -0.45), (-0.09, -0.62), (0.1, -0.6), (0.29, -0.45)):
        p.line(c, (x, 0.0), (x, top), 0.15)
    p.line(c, (-0.38, 0.3), (-0.62, 0.0), 0.15)


def fist(p: Any, c: Any) -> None:
    p.poly(c, [(-0.45, -0.4), (0.45, -0.4), (0.5, 0.25), (0.3, 0.48), (-0.38, 0.48), (-0.52, 0.2)])
    for x in (-0.22, 0.0, 0.22):
        p.line(HOLE + (120,), (x, -0.38), (x, -0.12), 0.05)
    p.line(HOLE + (120,), (-0.45, 0.0), (0.15, 0.0), 0.05)
    p.poly(c, [(-0.3, 0.48), (0.25, 0.48), (0.25, 0.7), (-0.3, 0.7)])


def cloud(p: Any, c: Any) -> None:
    for x, y, r in ((-0.35, 0.12, 0.3), (0.0, -0.08, 0.38), (0.36, 0.1, 0.3)):
        p.circle(c, x, y, r)
    p.poly(c, [(-0.62, 0.12), (0.62, 0.12), (0.62, 0.4), (-0.62, 0.4)])


def boat(p: Any, c: Any) -> None:
    p.poly(c, [(-0.7, 0.25), (0.7, 0.25), (0.45, 0.6), (-0.45, 0.6)])
    p.line(c, (0, 0.25), (0, -0.7), 0.07)
    p.poly(c, [(0.06, -0.62), (0.55, 0.12), (0.06, 0.12)])


def horn(p: Any, c: Any) -> None:
    pts: list[tuple[float, float, float]] = []
    for i in range(13):
        t = i / 12
        ang = math.pi * (1.1 - 0.9 * t)
        pts.append((0.1 + 0.5 * math.cos(ang), 0.15 - 0.5 * math.sin(ang), 0.04 + 0.16 * t))
    for q0, q1 in zip(pts, pts[1:], strict=False):
        p.line(c, q0[:2], q1[:2], q0[2] * 1.6)
    p.ellipse(c, pts[-1][0], pts[-1][1] + 0.15, 0.14, 0.2)


def helm(p: Any, c: Any) -> None:
    p.arc(c, 0, 0.1, 0.42, math.pi, 2 * math.pi, 0.2)
    p.poly(c, [(-0.5, 0.1), (0.5, 0.1), (0.45, 0.6), (0.14, 0.6), (0.08, 0.2), (-0.08, 0.2), (-0.14, 0.6),
               (-0.45, 0.6)])
    for s in (-1, 1):
        p.poly(c, [(0.4 * s, -0.1), (0.72 * s, -0.7), (0.58 * s, -0.05)])


def flower(p: Any, c: Any) -> None:
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        p.circle(c, 0.3 * math.cos(a), 0.3 * math.sin(a), 0.24)
    p.circle(HOLE + (130,), 0, 0, 0.16)


def gem(p: Any, c: Any) -> None:
    p.poly(c, [(-0.3, -0.45), (0.3, -0.45), (0.62, -0.1), (0, 0.62), (-0.62, -0.1)])
    p.line(HOLE + (110,), (-0.62, -0.1), (0.62, -0.1), 0.04)
    p.line(HOLE + (110,), (-0.15, -0.1), (0, 0.55), 0.04)
    p.line(HOLE + (110,), (0.15, -0.1), (0, 0.55), 0.04)


def chain(p: Any, c: Any) -> None:
    for k in (-1, 0, 1):
        p.ellipse(c, k * 0.38, -k * 0.38, 0.26, 0.17, 0.08)


def mask(p: Any, c: Any) -> None:
    p.poly(c, [(-0.5, -0.6), (0.5, -0.6), (0.55, 0.0), (0.3, 0.55), (0, 0.7), (-0.3, 0.55), (-0.55, 0.0)])
    for s in (-1, 1):
        p.poly(HOLE, [(0.1 * s, -0.2), (0.38 * s, -0.3), (0.34 * s, -0.08)])
    p.poly(HOLE, [(-0.18, 0.3), (0.18, 0.3), (0, 0.44)])
    for x in (-0.3, 0.0, 0.3):
        p.line(HOLE + (140,), (x, -0.58), (x, -0.42), 0.05)


def chest(p: Any, c: Any) -> None:
    p.poly(c, [(-0.62, -0.1), (0.62, -0.1), (0.62, 0.55), (-0.62, 0.55)])
    p.arc(c, 0, -0.1, 0.6, math.pi, 2 * math.pi, 0.15)
    p.line(HOLE + (130,), (-0.62, 0.05), (0.62, 0.05), 0.06)
    p.circle(HOLE, 0, 0.2, 0.09)


def key(p: Any, c: Any) -> None:
    p.circle(c, -0.38, 0, 0.28, 0.1)
    p.line(c, (-0.12, 0), (0.66, 0), 0.1)
    for x in (0.4, 0.58):
        p.line(c, (x, 0), (x, 0.24), 0.08)


def tent(p: Any, c: Any) -> None:
    p.poly(c, [(0, -0.6), (0.7, 0.55), (-0.7, 0.55)])
    p.poly(HOLE, [(0, -0.05), (0.2, 0.55), (-0.2, 0.55)])
    p.line(c, (0, -0.6), (0.15, -0.75), 0.05)
    p.line(c, (0, -0.6), (-0.15, -0.75), 0.05)


def witch_hat(p: Any, c: Any) -> None:
    p.poly(c, [(-0.35, 0.35), (0.35, 0.35), (0.15, -0.2), (0.45, -0.66), (-0.05, -0.35)])
    p.ellipse(c, 0, 0.42, 0.7, 0.16)
    p.line(HOLE + (130,), (-0.33, 0.28), (0.33, 0.28), 0.07)


def clover(p: Any, c: Any) -> None:
    for a in (-math.pi / 2, math.pi / 6 - 0.1, 5 * math.pi / 6 + 0.1):
        cx, cy = 0.3 * math.cos(a), -0.05 + 0.3 * math.sin(a)
        p.circle(c, cx - 0.1 * math.sin(a), cy + 0.1 * math.cos(a) * 0.0, 0.22)
        p.circle(c, cx + 0.1 * math.sin(a), cy, 0.22)
    p.line(c, (0, 0.1), (0.2, 0.72), 0.07)


def ghost(p: Any, c: Any) -> None:
    top = [(0.45 * math.cos(a), -0.15 - 0.5 * math.sin(a)) for a in (math.pi * i / 12 for i in range(13))]
    hem = [(-0.45 + 0.9 * i / 6, 0.62 - (0.14 if i % 2 else 0.0)) for i in range(7)]
    p.poly(c, top + hem)
    for x in (-0.16, 0.16):
        p.ellipse(HOLE, x, -0.2, 0.08, 0.12)
    p.ellipse(HOLE, 0, 0.12, 0.1, 0.08)


def ankh(p: Any, c: Any) -> None:
    p.ellipse(c, 0, -0.4, 0.22, 0.28, 0.1)
    p.line(c, (-0.42, -0.04), (0.42, -0.04), 0.12)
    p.line(c, (0, -0.12), (0, 0.7), 0.13)


def pipes(p: Any, c: Any) -> None:
    for i in range(5):
        x = -0.48 + i * 0.24
        top = -0.55 + i * 0.14
        p.poly(c, [(x - 0.09, top), (x + 0.09, top), (x + 0.09, 0.6), (x - 0.09, 0.6)])
    p.line(HOLE + (120,), (-0.6, 0.2), (0.6, 0.2), 0.06)


def banner(p: Any, c: Any) -> None:
    p.line(c, (-0.4, -0.72), (-0.4, 0.72), 0.09)
    p.poly(c, [(-0.36, -0.66), (0.62, -0.5), (0.2, -0.3), (0.62, -0.1), (-0.36, 0.0)])
    p.circle(c, -0.4, -0.74, 0.08)


def scarecrow(p: Any, c: Any) -> None:
    p.line(c, (0, -0.3), (0, 0.72), 0.1)
    p.line(c, (-0.66, -0.1), (0.66, -0.1), 0.1)
    p.circle(c, 0, -0.42, 0.2)
    p.poly(c, [(-0.38, -0.52), (0.38, -0.52), (0.12, -0.74), (-0.12, -0.74)])
    for x in (-0.66, 0.66):
        for dy in (-0.12, 0.0, 0.12):
            p.line(c, (x, -0.1), (x * 1.12, -0.1 + dy * 1.6), 0.04)


def antlers(p: Any, c: Any) -> None:
    for s in (-1, 1):
        p.line(c, (0.1 * s, 0.3), (0.5 * s, -0.6), 0.09)
        p.line(c, (0.27 * s, -0.08), (0.62 * s, -0.25), 0.08)
        p.line(c, (0.4 * s, -0.35), (0.25 * s, -0.65), 0.08)
    p.poly(c, [(-0.2, 0.2), (0.2, 0.2), (0.1, 0.68), (-0.1, 0.68)])


def bandage(p: Any, c: Any) -> None:
    p.circle(c, 0, -0.45, 0.22)
    p.poly(c, [(-0.3, -0.2), (0.3, -0.2), (0.24, 0.72), (-0.24, 0.72)])
    for y in (-0.1, 0.12, 0.34, 0.56):
        p.line(HOLE + (120,), (-0.28, y + 0.08), (0.28, y - 0.06), 0.045)
    p.line(HOLE + (120,), (-0.14, -0.46), (0.14, -0.46), 0.06)


def tear_pair(p: Any, c: Any) -> None:
    for x, y, k in ((-0.25, -0.1, 0.7), (0.28, 0.15, 0.6)):
        View(p, x, y, k).poly(c, [(0, -0.7)] + [(0.42 * math.cos(a), 0.2 + 0.42 * math.sin(a)) for a in
                                                 (-0.15 * math.pi + 1.3 * math.pi * i / 16 for i in range(17))])


def arrow(p: Any, c: Any) -> None:
    p.line(c, (0, -0.65), (0, 0.3), 0.13)
    p.poly(c, [(-0.36, 0.2), (0.36, 0.2), (0, 0.7)])


def target(p: Any, c: Any) -> None:
    p.circle(c, 0, 0, 0.62, 0.1)
    p.circle(c, 0, 0, 0.36, 0.1)
    p.circle(c, 0, 0, 0.12)


def torch(p: Any, c: Any) -> None:
    p.poly(c, [(-0.1, -0.1), (0.1, -0.1), (0.05, 0.72), (-0.05, 0.72)])
    p.poly(c, [(0, -0.72), (0.22, -0.4), (0.2, -0.16), (-0.2, -0.16), (-0.22, -0.4), (-0.06, -0.5)])


def wheel(p: Any, c: Any) -> None:
    p.circle(c, 0, 0, 0.6, 0.1)
    for i in range(6):
        a = i * math.pi / 3
        p.line(c, (0, 0), (0.6 * math.cos(a), 0.6 * math.sin(a)), 0.07)
    p.circle(c, 0, 0, 0.12)


def mug(p: Any, c: Any) -> None:
    p.poly(c, [(-0.38, -0.4), (0.26, -0.4), (0.26, 0.62), (-0.38, 0.62)])
    p.arc(c, 0.3, 0.1, 0.24, -math.pi / 2, math.pi / 2, 0.09)
    for x, y in ((-0.3, -0.48), (-0.05, -0.55), (0.18, -0.48)):
        p.circle(c, x, y, 0.14)


def reeds(p: Any, c: Any) -> None:
    for x, top in ((-0.35, -0.35), (0.0, -0.62), (0.35, -0.45)):
        p.line(c, (x, 0.62), (x, top + 0.3), 0.06)
        p.ellipse(c, x, top + 0.14, 0.09, 0.2)
    p.line(c, (-0.65, 0.62), (0.65, 0.62), 0.08)


def arch(p: Any, c: Any) -> None:
    p.poly(c, [(-0.66, 0.6), (-0.66, -0.05), (0.66, -0.05), (0.66, 0.6)])
    p.arc(c, 0, -0.05, 0.56, math.pi, 2 * math.pi, 0.2)
    p.ellipse(HOLE, 0, 0.25, 0.3, 0.45)
    p.poly(HOLE, [(-0.3, 0.25), (0.3, 0.25), (0.3, 0.62), (-0.3, 0.62)])


def campfire(p: Any, c: Any) -> None:
    View(p, 0, -0.2, 0.62).poly(c, [(0, -0.72), (0.3, -0.25), (0.42, 0.25), (0.2, 0.6), (-0.2, 0.6),
                                    (-0.42, 0.25), (-0.2, -0.1)])
    p.line(c, (-0.6, 0.62), (0.6, 0.3), 0.1)
    p.line(c, (0.6, 0.62), (-0.6, 0.3), 0.1)


def twins(p: Any, c: Any) -> None:
    p.circle(c, -0.24, 0, 0.4, 0.12)
    p.circle(c, 0.24, 0, 0.4, 0.12)


def volcano(p: Any, c: Any) -> None:
    p.poly(c, [(-0.72, 0.6), (-0.2, -0.2), (0.2, -0.2), (0.72, 0.6)])
    for x, y in ((-0.2, -0.45), (0.1, -0.62), (0.3, -0.4)):
        p.circle(c, x, y, 0.1)


def fence(p: Any, c: Any) -> None:
    for x in (-0.5, -0.17, 0.17, 0.5):
        p.poly(c, [(x - 0.1, -0.45), (x, -0.62), (x + 0.1, -0.45), (x + 0.1, 0.6), (x - 0.1, 0.6)])
    for y in (-0.2, 0.3):
        p.line(c, (-0.66, y), (0.66, y), 0.09)


def broken_coin(p: Any, c: Any) -> None:
    p.poly(c, [(0.6 * math.cos(a), 0.6 * math.sin(a)) for a in (math.pi * (0.55 + 0.9 * i / 14) for i in range(15))]
           + [(-0.05, -0.2), (0.1, 0.0), (-0.08, 0.25)])
    p.poly(c, [(0.08, -0.6), (0.6, 0.0), (0.1, 0.6), (0.12, 0.22), (0.28, 0.0), (0.1, -0.22)])


def catapult(p: Any, c: Any) -> None:
    p.poly(c, [(-0.66, 0.35), (0.5, 0.35), (0.5, 0.5), (-0.66, 0.5)])
    for x in (-0.45, 0.3):
        p.circle(c, x, 0.55, 0.14)
    p.line(c, (0.3, 0.35), (-0.45, -0.5), 0.09)
    p.ellipse(c, -0.5, -0.58, 0.16, 0.1)
    p.circle(c, 0.2, -0.5, 0.14)
    p.line(c, (0.05, 0.35), (0.05, -0.05), 0.08)


def heads(p: Any, c: Any) -> None:
    for x, y in ((-0.42, 0.2), (0.0, 0.0), (0.42, 0.2), (-0.22, -0.35), (0.22, -0.35)):
        p.circle(c, x, y, 0.17)
        p.poly(c, [(x - 0.2, y + 0.45), (x + 0.2, y + 0.45), (x + 0.14, y + 0.15), (x - 0.14, y + 0.15)])


def axes(p: Any, c: Any) -> None:
    for s in (-1, 1):
        p.line(c, (-0.5 * s, 0.62), (0.35 * s, -0.5), 0.09)
        p.poly(c, [(0.2 * s, -0.6), (0.62 * s, -0.55), (0.5 * s, -0.15), (0.3 * s, -0.3)])


def open_chest(p: Any, c: Any) -> None:
    p.poly(c, [(-0.62, 0.0), (0.62, 0.0), (0.62, 0.6), (-0.62, 0.6)])
    p.poly(c, [(-0.62, -0.1), (0.62, -0.1), (0.5, -0.62), (-0.5, -0.62)], 0.08)
    for x in (-0.3, 0.0, 0.3):
        p.circle(c, x, -0.1, 0.13)


def full_moon_fang(p: Any, c: Any) -> None:
    p.circle(c, 0, -0.2, 0.4)
    p.circle(HOLE + (110,), 0.12, -0.3, 0.1)
    for x in (-0.25, 0.25):
        p.poly(c, [(x - 0.12, 0.3), (x + 0.12, 0.3), (x, 0.72)])


def dove(p: Any, c: Any) -> None:
    p.ellipse(c, -0.05, 0.1, 0.45, 0.22)
    p.circle(c, 0.38, -0.08, 0.16)
    p.poly(c, [(0.5, -0.1), (0.7, -0.04), (0.5, 0.0)])
    p.poly(c, [(-0.1, 0.05), (-0.5, -0.62), (0.2, 0.0)])
    p.poly(c, [(-0.45, 0.1), (-0.72, -0.1), (-0.7, 0.3)])


def comet(p: Any, c: Any) -> None:
    p.circle(c, 0.25, 0.25, 0.3)
    for k in (-1, 0, 1):
        p.line(c, (0.1 + 0.1 * k, 0.12 - 0.1 * k), (-0.6 + 0.1 * k, -0.58 - 0.1 * k), 0.08)


def hook(p: Any, c: Any) -> None:
    p.line(c, (0.2, -0.66), (0.2, 0.2), 0.1)
    p.arc(c, -0.05, 0.2, 0.25, 0, math.pi, 0.1)
    p.poly(c, [(-0.3, 0.2), (-0.4, -0.05), (-0.18, 0.08)])
    p.circle(c, 0.2, -0.66, 0.1, 0.05)


def birds(p: Any, c: Any) -> None:
    for x, y, k in ((-0.3, -0.35, 0.8), (0.3, -0.15, 1.0), (-0.1, 0.35, 0.9)):
        p.line(c, (x - 0.28 * k, y - 0.1 * k), (x, y + 0.08 * k), 0.08)
        p.line(c, (x, y + 0.08 * k), (x + 0.28 * k, y - 0.1 * k), 0.08)


def exclaim(p: Any, c: Any) -> None:
    p.poly(c, [(-0.16, -0.68), (0.16, -0.68), (0.08, 0.22), (-0.08, 0.22)])
    p.circle(c, 0, 0.5, 0.14)


def infinity(p: Any, c: Any) -> None:
    pts = [(0.62 * math.cos(t) / (1 + math.sin(t) ** 2), 0.62 * math.sin(t) * math.cos(t) / (1 + math.sin(t) ** 2))
           for t in (2 * math.pi * i / 48 for i in range(49))]
    for a, b in zip(pts, pts[1:], strict=False):
        p.line(c, a, b, 0.11)


def candle(p: Any, c: Any) -> None:
    p.poly(c, [(-0.2, -0.2), (0.2, -0.2), (0.2, 0.62), (-0.2, 0.62)])
    p.ellipse(c, 0, -0.5, 0.1, 0.2)
    p.line(c, (-0.45, 0.66), (0.45, 0.66), 0.08)


def eye_star(p: Any, c: Any) -> None:
    p.poly(c, _star(4, 0.7, 0.16))
    p.circle(c, 0, 0, 0.2)


def quarrel(p: Any, c: Any) -> None:
    for s in (-1, 1):
        p.poly(c, [(0.62 * s, -0.3), (0.12 * s, -0.1), (0.12 * s, 0.1), (0.62 * s, 0.3)])
    p.poly(c, _star(6, 0.3, 0.12))


def orb(p: Any, c: Any) -> None:
    p.circle(c, 0, 0.15, 0.45)
    p.line(c, (0, -0.3), (0, -0.7), 0.08)
    p.line(c, (-0.16, -0.55), (0.16, -0.55), 0.08)
    p.circle(HOLE + (110,), -0.15, 0.0, 0.1)


def boulder(p: Any, c: Any) -> None:
    p.poly(c, [(-0.6, 0.4), (-0.5, -0.2), (-0.15, -0.55), (0.35, -0.45), (0.62, 0.0), (0.5, 0.45), (0.0, 0.6)])
    p.line(HOLE + (110,), (-0.2, -0.2), (0.1, 0.1), 0.05)
    p.line(HOLE + (110,), (0.1, 0.1), (0.3, 0.0), 0.05)


def thief(p: Any, c: Any) -> None:
    p.poly(c, [(-0.7, -0.1), (0.7, -0.1), (0.62, 0.25), (-0.62, 0.25)])
    for x in (-0.3, 0.3):
        p.ellipse(HOLE, x, 0.07, 0.14, 0.08)
    p.circle(c, 0, -0.35, 0.3)


def bat(p: Any, c: Any) -> None:
    p.poly(c, [(0, -0.2), (0.25, -0.32), (0.7, -0.4), (0.58, 0.1), (0.4, 0.0), (0.25, 0.25), (0, 0.1),
               (-0.25, 0.25), (-0.4, 0.0), (-0.58, 0.1), (-0.7, -0.4), (-0.25, -0.32)])
    p.poly(c, [(-0.1, -0.3), (-0.14, -0.46), (-0.02, -0.34), (0.02, -0.34), (0.14, -0.46), (0.1, -0.3)])


def vanish(p: Any, c: Any) -> None:
    for i, r in enumerate((0.18, 0.34, 0.5, 0.66)):
        p.circle(tuple(c[:3]) + (255 - 50 * i,), 0, 0, r, 0.07)


def owl(p: Any, c: Any) -> None:
    p.ellipse(c, 0, 0.12, 0.45, 0.55)
    for s in (-1, 1):
        p.poly(c, [(0.2 * s, -0.3), (0.45 * s, -0.62), (0.42 * s, -0.2)])
        p.circle(HOLE, 0.18 * s, -0.08, 0.14)
        p.circle(c, 0.18 * s, -0.08, 0.06)
    p.poly(HOLE, [(-0.06, 0.08), (0.06, 0.08), (0, 0.22)])


def dots(p: Any, c: Any, n: int) -> None:
    """`n` dots round a ring: the mark that tells generated emblems apart."""
    for i in range(n):
        a = -math.pi / 2 + 2 * math.pi * i / max(1, n)
        p.circle(c, 0.82 * math.cos(a), 0.82 * math.sin(a), 0.09)


GLYPHS: dict[str, Callable[[Any, Any], None]] = {f.__name__: f for f in (
    sword, crossed_swords, bow, leaf, skull, crown, star, moon, sun, wave, flame, eye, wings, feather,
    mushroom, tree, pines, peak, hills, coin, coins, bag, shield, tower, hourglass, book, scroll, heart,
    flask, horseshoe, anchor, spiral, snowflake, web, bone, fang, claw, drop, hammer, pick, bolt, hand, fist,
    cloud, boat, horn, helm, flower, gem, chain, mask, chest, key, tent, witch_hat, clover, ghost, ankh,
    pipes, banner, scarecrow, antlers, bandage, tear_pair, arrow, target, torch, wheel, mug, reeds, arch,
    campfire, twins, volcano, fence, broken_coin, catapult, heads, axes, open_chest, full_moon_fang, dove,
    comet, hook, birds, exclaim, infinity, candle, eye_star, quarrel, orb, boulder, thief, bat, vanish, owl)}
