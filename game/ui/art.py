"""The game's own pictures, drawn by code: race tokens (Active and In Decline), power banners,
markers, the coin and the die. Run it to (re)write the pieces' SVGs in `assets/pieces/` (see
`svg_art`) and the PNGs in `assets/ui/`:

    python -m game.ui.art

The pieces are illustrations written as SVG by `svg_art` from the emblems drawn here and drawn
at the size asked (`svg_surface`); the PNGs are their fallback. The other pictures are drawn
four times larger and scaled down for smooth edges. Every race of the base game and of the packs
has its field colour and emblem (`emblems`, drawn from the `glyphs` alphabet; the base races'
emblems are drawn here), every power its banner, every marker a plate of its own outline. The In
Decline side is the Active token turned over: scalloped, grey-sepia stone, hatched, the same
emblem cut into it, the edge in the race's colour. A custom race or power gets an emblem from
its building blocks (or the PNG or SVG its content file names, see `Custom`). `Sprites` draws
the pieces from their SVGs at each size the board asks (the PNGs, or a drawing, when one is
missing) and keeps each size. This module knows nothing of the rules.
"""
from __future__ import annotations

import io
import math
import os
import sys
from functools import partial
from pathlib import Path
from typing import Any, Callable

import pygame

from game import native

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from game.content.bounded import read_bytes

from . import emblems, glyphs, svg_art
from .emblems import RACE_COLOURS
from .glyphs import GLYPHS, View
from .theme import ART_DIR

PIECES_DIR = ART_DIR.parent / "pieces"      # the pieces' SVG pictures (`svg_art`)

SS = 4                  # supersampling factor
BASE = 64               # token picture size in the PNGs
LIGHT = (248, 240, 220)
DARK = (40, 32, 28)

BASE_RACES = ("amazons", "dwarves", "elves", "ghouls", "giants", "halflings", "humans", "orcs", "ratmen",
              "skeletons", "sorcerers", "tritons", "trolls", "wizards", "lost_tribe")
#: every marker the board can show: the base game's, then those of the packs' races and powers
MARKERS = ("mountain", "lair", "fortress", "encampment", "hole", "hero", "dragon", "pot_of_gold", "winter",
           "queen", "loot", "lava", "behemoth", "catapult")

Pt = tuple[float, float]


def shade(c: tuple[int, ...], f: float) -> tuple[int, int, int]:
    if f >= 1:
        return tuple(min(255, int(v + (255 - v) * (f - 1))) for v in c[:3])  # type: ignore[return-value]
    return tuple(max(0, int(v * f)) for v in c[:3])  # type: ignore[return-value]


def race_colour(race: str) -> tuple[int, int, int]:
    return emblems.race_colour(race)


class Pen:
    """Draws in unit coordinates (-1..1 across the picture) on a supersampled canvas."""

    def __init__(self, size: int) -> None:
        self.n = size * SS
        self.surf = pygame.Surface((self.n, self.n), pygame.SRCALPHA)
        self.size = size

    def p(self, x: float, y: float) -> Pt:
        h = self.n / 2
        return (h + x * h, h + y * h)

    def r(self, v: float) -> float:
        return v * self.n / 2

    def circle(self, c: tuple[int, ...], x: float, y: float, rad: float, width: float = 0) -> None:
        pygame.draw.circle(self.surf, c, self.p(x, y), self.r(rad), int(self.r(width)) if width else 0)

    def poly(self, c: tuple[int, ...], pts: list[Pt], width: float = 0) -> None:
        pygame.draw.polygon(self.surf, c, [self.p(*q) for q in pts], int(self.r(width)) if width else 0)

    def line(self, c: tuple[int, ...], a: Pt, b: Pt, width: float) -> None:
        w = max(1, int(self.r(width)))
        pygame.draw.line(self.surf, c, self.p(*a), self.p(*b), w)
        for q in (a, b):
            pygame.draw.circle(self.surf, c, self.p(*q), w / 2)

    def ellipse(self, c: tuple[int, ...], x: float, y: float, rx: float, ry: float, width: float = 0) -> None:
        cx, cy = self.p(x, y)
        rect = pygame.Rect(0, 0, self.r(rx) * 2, self.r(ry) * 2)
        rect.center = (int(cx), int(cy))
        pygame.draw.ellipse(self.surf, c, rect, int(self.r(width)) if width else 0)

    def arc(self, c: tuple[int, ...], x: float, y: float, rad: float, a0: float, a1: float, width: float) -> None:
        steps = 24
        pts = [(x + rad * math.cos(a0 + (a1 - a0) * i / steps), y + rad * math.sin(a0 + (a1 - a0) * i / steps))
               for i in range(steps + 1)]
        for a, b in zip(pts, pts[1:], strict=False):
            self.line(c, a, b, width)

    def done(self, size: int | None = None) -> pygame.Surface:
        size = size or self.size
        return pygame.transform.smoothscale(self.surf, (size, size))


def rotated(pts: list[Pt], ang: float) -> list[Pt]:
    ca, sa = math.cos(ang), math.sin(ang)
    return [(x * ca - y * sa, x * sa + y * ca) for x, y in pts]


# -- emblems, one per base race (drawn in colour `c`) ---------------------------------------
def _amazons(p: Pen, c) -> None:
    p.arc(c, -0.28, 0, 0.6, -1.1, 1.1, 0.09)
    top = (-0.28 + 0.6 * math.cos(-1.1), 0.6 * math.sin(-1.1))
    bot = (top[0], -top[1])
    p.line(c, top, bot, 0.04)
    p.line(c, (-0.55, 0), (0.45, 0), 0.07)
    p.poly(c, [(0.62, 0), (0.38, -0.14), (0.38, 0.14)])
    p.poly(c, [(-0.55, 0), (-0.68, -0.12), (-0.6, 0), (-0.68, 0.12)])


def _dwarves(p: Pen, c) -> None:
    """A dwarf: a horned helmet with a nose guard, a long braided beard."""
    steel = shade(c, 0.72)
    for s in (-1, 1):
        p.poly(c, [(s * 0.46, -0.22), (s * 0.76, -0.46), (s * 0.74, -0.8), (s * 0.6, -0.5), (s * 0.34, -0.36)])
    p.poly(c, [(0.52 * math.cos(a), -0.14 - 0.52 * math.sin(a)) for a in (math.pi * i / 16 for i in range(17))])
    p.poly(steel, [(-0.58, -0.2), (0.58, -0.2), (0.58, -0.06), (-0.58, -0.06)])
    for x in (-0.4, -0.2, 0.2, 0.4):
        p.circle(DARK, x, -0.13, 0.03)
    p.poly(steel, [(-0.06, -0.64), (0.06, -0.64), (0.06, 0.16), (-0.06, 0.16)])
    for s in (-1, 1):
        p.circle(DARK, s * 0.2, 0.04, 0.07)
    p.poly(c, [(-0.48, -0.02), (-0.3, 0.14), (-0.1, 0.18), (0.1, 0.18), (0.3, 0.14), (0.48, -0.02), (0.46, 0.32),
               (0.3, 0.58), (0.0, 0.8), (-0.3, 0.58), (-0.46, 0.32)])
    p.line(steel, (-0.26, 0.26), (0.26, 0.26), 0.06)
    for x in (-0.2, 0.0, 0.2):
        p.line(steel, (x, 0.38), (x * 0.7, 0.66), 0.04)


def _elves(p: Pen, c) -> None:
    leaf = [(0.0, -0.62)]
    for i in range(1, 12):
        a = math.pi * i / 12
        leaf.append((0.32 * math.sin(a) * 1.2, -0.62 + 1.24 * i / 12))
    leaf.append((0, 0.62))
    for i in range(11, 0, -1):
        a = math.pi * i / 12
        leaf.append((-0.32 * math.sin(a) * 1.2, -0.62 + 1.24 * i / 12))
    p.poly(c, rotated(leaf, math.pi / 5))
    vein0, vein1 = rotated([(0, -0.45), (0, 0.55)], math.pi / 5)
    p.line(DARK + (90,), vein0, vein1, 0.04)
    stem0, stem1 = rotated([(0, 0.55), (0, 0.8)], math.pi / 5)
    p.line(c, stem0, stem1, 0.07)


def _ghouls(p: Pen, c) -> None:
    p.circle(c, 0, -0.12, 0.5)
    p.poly(c, [(-0.3, 0.2), (0.3, 0.2), (0.24, 0.58), (-0.24, 0.58)])
    for x in (-0.19, 0.19):
        p.circle(DARK, x, -0.12, 0.14)
    p.poly(DARK, [(0, 0.08), (-0.07, 0.22), (0.07, 0.22)])
    for x in (-0.12, 0, 0.12):
        p.line(DARK, (x, 0.38), (x, 0.56), 0.035)


def _giants(p: Pen, c) -> None:
    p.ellipse(c, 0, 0.18, 0.3, 0.45)
    for x, y, r in ((-0.3, -0.42, 0.12), (-0.08, -0.52, 0.11), (0.13, -0.48, 0.1), (0.3, -0.36, 0.09),
                    (0.4, -0.18, 0.08)):
        p.circle(c, x, y, r)


def _halflings(p: Pen, c) -> None:
    """A halfling's round door in its hill: a frame, planks, a knob in the middle, a doorstep."""
    wood = shade(c, 0.72)
    p.circle(c, 0, -0.04, 0.62)
    p.circle(wood, 0, -0.04, 0.62, 0.09)
    for x in (-0.26, 0.0, 0.26):
        h = math.sqrt(0.5 ** 2 - x * x)
        p.line(wood, (x, -0.04 - h), (x, -0.04 + h), 0.035)
    p.circle(DARK, 0, -0.04, 0.08)
    p.poly(c, [(-0.5, 0.6), (0.5, 0.6), (0.58, 0.76), (-0.58, 0.76)])


def _humans(p: Pen, c) -> None:
    """A knight's great helm with its eye slit, breathing holes and plume."""
    p.poly(c, [(0.0, -0.46), (-0.16, -0.7), (0.12, -0.84), (0.52, -0.74), (0.2, -0.62)])
    p.poly(c, [(-0.42, -0.52), (0.42, -0.52), (0.5, -0.3), (0.5, 0.5), (0.3, 0.68), (-0.3, 0.68), (-0.5, 0.5),
               (-0.5, -0.3)])
    p.poly(shade(c, 0.72), [(-0.05, -0.52), (0.05, -0.52), (0.05, 0.68), (-0.05, 0.68)])
    p.poly(DARK, [(-0.4, -0.12), (0.4, -0.12), (0.4, 0.0), (-0.4, 0.0)])
    for y in (0.2, 0.32, 0.44):
        for x in (0.18, 0.3):
            p.circle(DARK, x, y, 0.035)


def _orcs(p: Pen, c) -> None:
    """An orc's head: pointed ears, a heavy brow, a snout and two tusks."""
    dark = shade(c, 0.7)
    for s in (-1, 1):
        p.poly(c, [(s * 0.4, -0.24), (s * 0.82, -0.46), (s * 0.44, 0.08)])
    p.poly(c, [(-0.42, -0.52), (0.42, -0.52), (0.5, -0.12), (0.46, 0.32), (0.26, 0.62), (-0.26, 0.62),
               (-0.46, 0.32), (-0.5, -0.12)])
    for s in (-1, 1):
        p.poly(dark, [(s * 0.04, -0.12), (s * 0.4, -0.26), (s * 0.4, -0.16), (s * 0.06, -0.02)])
        p.circle(DARK, s * 0.2, 0.02, 0.07)
    p.poly(dark, [(-0.08, 0.08), (0.08, 0.08), (0.14, 0.22), (-0.14, 0.22)])
    p.poly(DARK, [(-0.3, 0.34), (0.3, 0.34), (0.24, 0.46), (-0.24, 0.46)])
    for s in (-1, 1):
        p.poly(c, [(s * 0.26, 0.46), (s * 0.2, 0.14), (s * 0.12, 0.46)])


def _ratmen(p: Pen, c) -> None:
    p.poly(c, [(-0.45, -0.1), (0.45, -0.1), (0.0, 0.62)])
    p.circle(c, -0.38, -0.32, 0.22)
    p.circle(c, 0.38, -0.32, 0.22)
    p.circle(c, 0, -0.08, 0.34)
    for x in (-0.14, 0.14):
        p.circle(DARK, x, 0.0, 0.06)
    p.circle(DARK, 0, 0.56, 0.06)


def _skeletons(p: Pen, c) -> None:
    for (a, b) in (((-0.5, -0.5), (0.5, 0.5)), ((0.5, -0.5), (-0.5, 0.5))):
        p.line(c, a, b, 0.13)
        for q in (a, b):
            dx = 0.09 if q[0] < 0 else -0.09
            p.circle(c, q[0] + dx * 0.2, q[1] - 0.08, 0.1)
            p.circle(c, q[0] - 0.08, q[1] + dx * 0.2, 0.1)


def _sorcerers(p: Pen, c) -> None:
    """A sorcerer: a pointed hood, the dark inside it and two glowing eyes, a star above."""
    p.poly(c, [(0.0, -0.7), (0.3, -0.44), (0.5, 0.02), (0.58, 0.6), (0.3, 0.74), (-0.3, 0.74), (-0.58, 0.6),
               (-0.5, 0.02), (-0.3, -0.44)])
    p.ellipse(DARK, 0, 0.12, 0.3, 0.4)
    for s in (-1, 1):
        p.poly(c, [(s * 0.05, 0.06), (s * 0.22, -0.04), (s * 0.19, 0.08)])
    p.poly(shade(c, 0.72), [(-0.58, 0.6), (-0.3, 0.5), (0.3, 0.5), (0.58, 0.6), (0.3, 0.74), (-0.3, 0.74)])
    star = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        r = 0.16 if i % 2 == 0 else 0.07
        star.append((0.46 + r * math.cos(a), -0.56 + r * math.sin(a)))
    p.poly(c, star)


def _tritons(p: Pen, c) -> None:
    p.line(c, (0, 0.72), (0, -0.3), 0.09)
    p.arc(c, 0, -0.3, 0.38, 0, math.pi, 0.08)
    for x in (-0.38, 0, 0.38):
        p.line(c, (x, -0.3), (x, -0.62), 0.08)
        p.poly(c, [(x, -0.78), (x - 0.11, -0.58), (x + 0.11, -0.58)])


def _trolls(p: Pen, c) -> None:
    """A troll's head: a tuft of hair, small eyes under a heavy brow, a big nose, a wide grin."""
    dark = shade(c, 0.7)
    for s in (-1, 1):
        p.ellipse(c, s * 0.5, 0.04, 0.11, 0.17)
    p.ellipse(c, 0, 0.06, 0.47, 0.58)
    p.poly(c, [(-0.22, -0.42), (-0.34, -0.8), (-0.06, -0.52), (0.04, -0.84), (0.12, -0.5), (0.36, -0.74),
               (0.22, -0.38)])
    p.line(dark, (-0.34, -0.14), (0.34, -0.14), 0.09)
    for s in (-1, 1):
        p.circle(DARK, s * 0.17, -0.02, 0.055)
    p.ellipse(c, 0, 0.17, 0.15, 0.17)
    p.ellipse(dark, 0, 0.17, 0.15, 0.17, 0.045)
    p.arc(DARK, 0, 0.62, 0.26, math.pi + 0.6, 2 * math.pi - 0.6, 0.06)
    for s in (-1, 1):
        p.poly(c, [(s * 0.2, 0.43), (s * 0.14, 0.3), (s * 0.09, 0.45)])


def _wizards(p: Pen, c) -> None:
    p.poly(c, [(-0.42, 0.42), (0.42, 0.42), (0.12, -0.3), (0.28, -0.66), (-0.05, -0.42)])
    p.ellipse(c, 0, 0.46, 0.62, 0.14)
    p.circle(DARK, -0.02, 0.1, 0.08)
    p.circle(DARK, 0.12, -0.14, 0.05)


def _lost_tribe(p: Pen, c) -> None:
    p.poly(c, [(0, -0.62), (0.6, 0.5), (-0.6, 0.5)])
    p.poly((110, 58, 34), [(0, 0.0), (0.18, 0.5), (-0.18, 0.5)])
    p.line(c, (0, -0.62), (-0.15, -0.78), 0.05)
    p.line(c, (0, -0.62), (0.15, -0.78), 0.05)


def _goblins(p: Pen, c) -> None:
    """A goblin: great pointed ears, a long nose, a grin with two fangs."""
    dark = shade(c, 0.7)
    for s in (-1, 1):
        p.poly(c, [(s * 0.3, -0.2), (s * 0.84, -0.44), (s * 0.7, -0.3), (s * 0.36, 0.12)])
        p.poly(dark, [(s * 0.36, -0.16), (s * 0.7, -0.36), (s * 0.4, 0.0)])
    p.poly(c, [(0, -0.56), (0.32, -0.44), (0.4, -0.08), (0.3, 0.34), (0.0, 0.56), (-0.3, 0.34), (-0.4, -0.08),
               (-0.32, -0.44)])
    for s in (-1, 1):
        p.poly(DARK, [(s * 0.06, -0.1), (s * 0.28, -0.18), (s * 0.24, -0.04)])
    p.poly(dark, [(-0.05, -0.06), (0.05, -0.06), (0.12, 0.16), (-0.02, 0.18)])
    p.poly(DARK, [(-0.22, 0.26), (0.22, 0.26), (0.0, 0.42)])
    for s in (-1, 1):
        p.poly(c, [(s * 0.16, 0.26), (s * 0.1, 0.36), (s * 0.05, 0.26)])


def _leprechauns(p: Pen, c) -> None:
    """A leprechaun's tall hat: a wide brim, a band with a square buckle, a clover in the band."""
    band = shade(c, 0.7)
    p.ellipse(c, 0, 0.42, 0.72, 0.16)
    p.poly(c, [(-0.42, 0.42), (-0.34, -0.56), (0.34, -0.56), (0.42, 0.42)])
    p.ellipse(c, 0, -0.56, 0.34, 0.09)
    p.poly(band, [(-0.4, 0.12), (0.4, 0.12), (0.41, 0.32), (-0.41, 0.32)])
    p.poly(DARK, [(-0.12, 0.08), (0.12, 0.08), (0.12, 0.36), (-0.12, 0.36)])
    p.poly(c, [(-0.07, 0.14), (0.07, 0.14), (0.07, 0.3), (-0.07, 0.3)])
    for x, y in ((0.5, -0.02), (0.62, 0.06), (0.5, 0.12)):
        p.circle(c, x, y, 0.08)
    p.line(c, (0.5, 0.06), (0.38, 0.18), 0.04)


def _wendigos(p: Pen, c) -> None:
    """A wendigo: a long stag's skull with branching antlers and hollow eyes."""
    for s in (-1, 1):
        p.line(c, (s * 0.18, -0.3), (s * 0.46, -0.7), 0.07)
        p.line(c, (s * 0.3, -0.47), (s * 0.66, -0.5), 0.06)
        p.line(c, (s * 0.4, -0.61), (s * 0.3, -0.84), 0.05)
        p.line(c, (s * 0.52, -0.49), (s * 0.76, -0.72), 0.05)
    p.poly(c, [(-0.3, -0.36), (0.3, -0.36), (0.34, -0.04), (0.18, 0.36), (0.12, 0.7), (-0.12, 0.7), (-0.18, 0.36),
               (-0.34, -0.04)])
    for s in (-1, 1):
        p.poly(DARK, [(s * 0.06, -0.14), (s * 0.26, -0.2), (s * 0.22, -0.02), (s * 0.08, 0.0)])
    for y in (0.34, 0.46, 0.58):
        p.line(DARK, (-0.08, y), (0.08, y), 0.03)


def _fauns(p: Pen, c) -> None:
    """A faun: curling ram's horns, pointed ears, a goatee."""
    dark = shade(c, 0.7)
    for s in (-1, 1):
        a0 = math.pi if s > 0 else 0.0
        p.arc(c, s * 0.38, -0.36, 0.2, a0, a0 + s * 1.5 * math.pi, 0.13)
        p.poly(c, [(s * 0.3, -0.06), (s * 0.7, 0.02), (s * 0.34, 0.16)])
    p.poly(c, [(-0.3, -0.36), (0.3, -0.36), (0.36, 0.0), (0.26, 0.36), (0.1, 0.5), (-0.1, 0.5), (-0.26, 0.36),
               (-0.36, 0.0)])
    p.poly(c, [(-0.12, 0.46), (0.12, 0.46), (0.0, 0.8)])
    for s in (-1, 1):
        p.ellipse(DARK, s * 0.14, -0.06, 0.07, 0.045)
    p.poly(dark, [(-0.06, 0.06), (0.06, 0.06), (0.0, 0.2)])
    p.arc(dark, 0, 0.16, 0.16, 0.6, math.pi - 0.6, 0.04)


def _mudmen(p: Pen, c) -> None:
    """A mudman: a lumpy body of mud rising from its puddle, two round eyes, dripping arms."""
    p.ellipse(c, 0, 0.62, 0.66, 0.14)
    p.poly(c, [(-0.42, 0.6), (-0.36, 0.1), (-0.3, -0.3), (-0.12, -0.56), (0.1, -0.6), (0.3, -0.36), (0.38, 0.08),
               (0.44, 0.6)])
    for s in (-1, 1):
        p.poly(c, [(s * 0.34, -0.06), (s * 0.7, 0.1), (s * 0.72, 0.34), (s * 0.62, 0.2), (s * 0.36, 0.14)])
        p.circle(c, s * 0.68, 0.42, 0.05)
        p.circle(DARK, s * 0.13, -0.24, 0.08)
    p.arc(DARK, 0, -0.14, 0.16, 0.5, math.pi - 0.5, 0.05)
    p.line(shade(c, 0.7), (-0.24, 0.3), (0.2, 0.36), 0.04)


EMBLEMS: dict[str, Callable[[Pen, tuple], None]] = {
    "amazons": _amazons, "dwarves": _dwarves, "elves": _elves, "ghouls": _ghouls, "giants": _giants,
    "halflings": _halflings, "humans": _humans, "orcs": _orcs, "ratmen": _ratmen,
    "skeletons": _skeletons, "sorcerers": _sorcerers, "tritons": _tritons, "trolls": _trolls,
    "wizards": _wizards, "lost_tribe": _lost_tribe,
    "goblins": _goblins, "leprechauns": _leprechauns, "wendigos": _wendigos, "fauns": _fauns, "mudmen": _mudmen,
}


def _initial(p: Any, c, race: str) -> None:
    font = pygame.font.Font(None, int(p.n * 0.7))
    img = font.render((race[:1] or "?").upper(), True, c)
    p.surf.blit(img, img.get_rect(center=(p.n // 2, p.n // 2 + p.n // 30)))


class Custom:
    """What the art knows of a race or power that ships no picture: the building blocks it uses,
    the PNG its content file names (or "") and the salt that parts its emblem from others alike.
    `Sprites.learn` leaves the salt to be worked out when the emblem is first drawn: for it and
    the entries of the same glyphs before it in the catalog's order (`Alike`), since each one's
    salt depends on those before it; of 10,000 entries a game draws a handful."""

    def __init__(self, blocks: tuple[str, ...] = (), art: str = "", salt: int = 0) -> None:
        self.blocks, self.art = blocks, art
        self._salt: int | None = salt
        self.ident = ""
        self.group: Alike | None = None     # the entries of the same glyphs, this one at `place`
        self.place = 0

    @property
    def salt(self) -> int:
        if self._salt is None and self.group is not None:
            self.group.work_out(self.place)
        assert self._salt is not None
        return self._salt


class Alike:
    """The custom entries whose emblems have the same glyphs, in the catalog's order, and how far
    their salts are worked out: up to the one asked for, since each depends on those before it
    and the rest may never be drawn."""

    def __init__(self, members: list[Custom]) -> None:
        self.members = members
        self.taken: dict[tuple, set[int]] = {}
        self.full: dict[tuple, int] = {}
        self.done = 0

    def work_out(self, place: int) -> None:
        while self.done <= place:
            c = self.members[self.done]
            c._salt = _free_salt(c.ident, c.blocks, self.taken, self.full)
            self.done += 1


DECLINE_FIELD = svg_art.STONE            # the turned-over side's stone, unlike every race's field
DECLINE_INK = (66, 48, 30)


def _emblem(ident: str, ink: tuple[int, ...], size: int, custom: Custom | None, power: bool = False,
            recipes: dict | None = None) -> pygame.Surface:
    """The emblem alone, on a transparent square `size` pixels wide (supersampled)."""
    sub = Pen(size)
    draw = None if power else EMBLEMS.get(ident)
    recipe = (emblems.POWER_RECIPES if power else emblems.RACE_RECIPES).get(ident)
    if draw is not None:
        draw(sub, ink)
    elif recipe is not None:
        for name, x, y, k in recipe:
            GLYPHS[name](View(sub, x, y, k), ink)
    elif custom is not None and custom.art:
        pic = _custom_picture(custom.art, sub.n)
        if pic is not None:
            if tuple(ink[:3]) != LIGHT:
                pic = _sepia(pic)
            pic = pygame.transform.smoothscale(pic, (sub.n, sub.n))
            sub.surf.blit(pic, (0, 0))
            return sub.surf
    else:
        made, dots = emblems.generated(ident, custom.blocks if custom is not None else (),
                                       custom.salt if custom is not None else 0)
        if made:
            for name, x, y, k in made:
                GLYPHS[name](View(sub, x, y, k), ink)
        else:
            _initial(sub, ink, ident)
        glyphs.dots(sub, ink, dots)
    return sub.surf


_PICTURES: dict[tuple[str, int], pygame.Surface | None] = {}
_TOLD: set[str] = set()


def _custom_picture(path: str, size: int = 0) -> pygame.Surface | None:
    """A content file's own picture (checked by the loader), loaded once: a PNG as it is, an SVG
    drawn at `size` pixels (sharp at any size). None if it cannot be read now, said once in a
    line naming the file and the fix."""
    svg = path.lower().endswith(".svg")
    key = (path, size if svg else 0)
    if key not in _PICTURES:
        try:                         # a plain file within a picture's size, never a pipe
            data = read_bytes(path, "image")
            if svg:
                _PICTURES[key] = pygame.image.load_sized_svg(io.BytesIO(data), (max(4, size or BASE),) * 2)
            else:
                _PICTURES[key] = pygame.image.load(io.BytesIO(data), path)
        except (pygame.error, OSError) as e:
            _PICTURES[key] = None
            if path not in _TOLD:
                _TOLD.add(path)
                kind = "an SVG picture" if svg else "a PNG picture"
                print(f"{path}: cannot be drawn ({e}); give {kind} there, or leave 'art' out for a drawn emblem",
                      file=sys.stderr)
    return _PICTURES[key]


def _sepia(pic: pygame.Surface) -> pygame.Surface:
    """A picture in the turned-over side's sepia, its transparency kept."""
    out = pygame.transform.grayscale(pic.convert_alpha() if pygame.display.get_surface() else pic)
    tint = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    tint.fill((150, 120, 84, 255))
    out.blit(tint, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def emblem_drawer(ident: str, custom: Custom | None = None, power: bool = False) -> Callable[[Any, tuple], None] | None:
    """How the emblem of `ident` is drawn with any pen (`Pen`, `svg_art.SvgPen`) in one ink: a
    base race's drawing, a shipped recipe, or one generated from a custom entry's blocks (its
    dots with it). None for a custom entry with a picture of its own (laid on by `_laid`)."""
    draw = None if power else EMBLEMS.get(ident)
    if draw is not None:
        return draw
    recipe = (emblems.POWER_RECIPES if power else emblems.RACE_RECIPES).get(ident)
    if recipe is None and custom is not None and custom.art:
        return None
    if recipe is not None:
        parts, dots = recipe, 0
    else:
        parts, dots = emblems.generated(ident, custom.blocks if custom is not None else (),
                                        custom.salt if custom is not None else 0)

    def drawn(p: Any, c: tuple) -> None:
        for name, x, y, k in parts:
            GLYPHS[name](View(p, x, y, k), c)
        if dots:
            glyphs.dots(p, c, dots)
    return drawn


def _laid(ident: str, ink: tuple[int, ...], px: int, custom: Custom | None, power: bool = False) -> pygame.Surface | None:
    """What is laid on a piece's picture by pygame, `px` pixels square: a custom entry's own
    picture (its PNG or SVG; in sepia on a turned-over side) or, for one with no glyph at all,
    its initial. None when the emblem is all in the SVG."""
    shipped = (emblems.POWER_RECIPES if power else emblems.RACE_RECIPES).get(ident) is not None or \
        (not power and ident in EMBLEMS)
    if shipped:
        return None
    if custom is not None and custom.art:
        pic = _custom_picture(custom.art, px)
        if pic is None:
            return None
        if tuple(ink[:3]) == DECLINE_INK:
            pic = _sepia(pic)
        return pygame.transform.smoothscale(pic, (px, px)) if pic.get_size() != (px, px) else pic
    made, _ = emblems.generated(ident, custom.blocks if custom is not None else (), 0)
    if made:
        return None
    sub = Pen(px)
    _initial(sub, ink, ident)
    return sub.done()


def svg_surface(text: str, size: int) -> pygame.Surface:
    """SVG text drawn at `size` pixels square."""
    s = pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), (size, size))
    if s.get_size() != (size, size):
        s = pygame.transform.smoothscale(s, (size, size))
    return s


def _key(race: str, decline: bool) -> tuple[int, int, int]:
    """The ink an emblem is drawn in for the SVG (`svg_art.ink_emblem` finds its body by it)."""
    if decline:
        return svg_art.CUT
    return DARK_KEY if emblems.on_field(race_colour(race)) else LIGHT


DARK_KEY = (50, 38, 30)         # the ink of an emblem drawn dark (on a light field, on a banner)


def race_svg(race: str, decline: bool = False, custom: Custom | None = None) -> str:
    """The SVG of `race`'s token, Active or In Decline (`svg_art.race_svg`)."""
    col = race_colour(race)
    side = "In Decline" if decline else "Active"
    return svg_art.race_svg(f"{race} ({side})", col, decline, emblem_drawer(race, custom), _key(race, decline),
                            dark_ink=emblems.on_field(col), tile=race == "lost_tribe", scene=svg_art.scene_of(race))


def race_token(race: str, decline: bool = False, size: int = BASE, custom: Custom | None = None) -> pygame.Surface:
    """A round token of `race`, drawn from its SVG at `size` pixels. The Active side: the race's
    field colour, a raised rim and its emblem in ivory (dark bronze on a light field). The In
    Decline side is the token turned over: a scalloped edge, grey-sepia stone, hatched, the same
    emblem cut into a slab, so a decline stack still names its race and never looks like an
    Active one, in any colour vision. The Lost Tribe is a square clay tile with no other side."""
    decline = decline and race != "lost_tribe"
    surf = svg_surface(race_svg(race, decline, custom), size)
    ink = DECLINE_INK if decline else (DARK if emblems.on_field(race_colour(race)) else LIGHT)
    px = int(size * 0.7)
    own = _laid(race, ink, px, custom)
    if own is not None:
        surf.blit(own, own.get_rect(center=(size // 2, size // 2)))
    return surf


def power_svg(power: str, custom: Custom | None = None) -> str:
    """The SVG of `power`'s banner (`svg_art.power_svg`)."""
    return svg_art.power_svg(power, emblems.power_band(power), emblem_drawer(power, custom, power=True), DARK_KEY)


def power_badge(power: str, size: int = BASE, custom: Custom | None = None) -> pygame.Surface:
    """A power's banner, drawn from its SVG at `size` pixels: swallowtailed cloth in its colour
    hanging from a rod, its emblem on a parchment roundel (a shape unlike the round tokens)."""
    surf = svg_surface(power_svg(power, custom), size)
    own = _laid(power, DARK, int(size * 0.6), custom, power=True)
    if own is not None:
        surf.blit(own, own.get_rect(center=(size // 2, int(size * 0.48))))
    return surf


# -- markers ----------------------------------------------------------------------------------
def _badge(pen: Any, rim=(92, 66, 40), fill=(244, 232, 204)) -> None:
    pen.circle((20, 16, 12, 130), 0.05, 0.07, 0.94)
    pen.circle(rim, 0, 0, 0.94)
    pen.circle(fill, 0, 0, 0.8)


def _outline(shape: str) -> list[Pt]:
    """A marker plate's outline in unit coordinates, at most 0.94 from the centre."""
    def ngon(n: int, r: float, turn: float = -math.pi / 2, sy: float = 1.0) -> list[Pt]:
        return [(r * math.cos(turn + 2 * math.pi * i / n), sy * r * math.sin(turn + 2 * math.pi * i / n))
                for i in range(n)]
    if shape == "triangle":
        return [(0, -0.94), (0.94, 0.8), (-0.94, 0.8)]
    if shape == "arch":
        top = [(0.8 * math.cos(a), -0.1 - 0.8 * math.sin(a)) for a in (math.pi * i / 16 for i in range(17))]
        return top + [(-0.8, 0.9), (0.8, 0.9)]
    if shape == "crenel":
        pts: list[Pt] = [(-0.86, 0.9), (-0.86, -0.9)]
        for i in range(4):
            x = -0.86 + i * 0.5
            pts += [(x + 0.24, -0.9), (x + 0.24, -0.64), (x + 0.5, -0.64), (x + 0.5, -0.9)]
        return pts[:-2] + [(0.86, -0.9), (0.86, 0.9)]
    if shape == "house":
        return [(0, -0.94), (0.86, -0.2), (0.86, 0.88), (-0.86, 0.88), (-0.86, -0.2)]
    if shape == "wide":
        return ngon(32, 0.94, 0, 0.72)
    if shape == "tall":
        return [(0.8 * x / 0.94, y) for x, y in ngon(32, 0.94)]
    if shape == "shield":
        return [(-0.84, -0.86), (0.84, -0.86), (0.84, 0.05), (0, 0.94), (-0.84, 0.05)]
    if shape == "diamond":
        return ngon(4, 0.96)
    if shape == "trapezoid":
        return [(-0.56, -0.84), (0.56, -0.84), (0.94, 0.8), (-0.94, 0.8)]
    if shape == "square":
        return [(-0.84, -0.84), (0.84, -0.84), (0.84, 0.84), (-0.84, 0.84)]
    if shape == "star":
        return [((0.96 if i % 2 == 0 else 0.74) * math.cos(-math.pi / 2 + i * math.pi / 8),
                 (0.96 if i % 2 == 0 else 0.74) * math.sin(-math.pi / 2 + i * math.pi / 8)) for i in range(16)]
    sides = {"hexagon": 6, "octagon": 8, "pentagon": 5, "heptagon": 7}.get(shape, 40)
    return ngon(sides, 0.95, -math.pi / 2 if sides != 6 else 0)


#: each marker's plate outline and how its picture sits inside (scale, shift down)
SHAPES: dict[str, tuple[str, float, float]] = {
    "mountain": ("triangle", 0.72, 0.2), "lair": ("arch", 0.92, 0.08), "fortress": ("crenel", 0.9, 0.1),
    "encampment": ("house", 0.86, 0.06), "hole": ("wide", 0.95, 0.0), "hero": ("shield", 0.8, -0.04),
    "dragon": ("diamond", 0.74, 0.0), "pot_of_gold": ("circle", 1.0, 0.0), "winter": ("hexagon", 0.95, 0.0),
    "queen": ("star", 0.82, 0.0), "loot": ("square", 1.0, 0.0), "lava": ("octagon", 1.0, 0.0),
    "behemoth": ("tall", 0.9, 0.0), "catapult": ("trapezoid", 0.9, 0.04),
}


def _plate(pen: Any, kind: str, rim=(92, 66, 40), fill=(244, 232, 204)) -> None:
    """A marker's plate: its outline filled with `rim`, and inside it `fill`."""
    pts = _outline(SHAPES.get(kind, ("circle", 1.0, 0.0))[0])
    pen.poly((20, 16, 12, 130), [(x + 0.04, y + 0.06) for x, y in pts])
    pen.poly(rim, pts)
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    pen.poly(fill, [(cx + (x - cx) * 0.84, cy + (y - cy) * 0.84) for x, y in pts])


def marker(kind: str, size: int = 48) -> pygame.Surface:
    """A marker: a plate of its own outline (see `SHAPES`) with its picture inside, drawn from
    its SVG at `size` pixels (a custom one without a picture: `custom_marker`)."""
    if kind not in MARKERS:
        return custom_marker(kind, size)
    return svg_surface(marker_svg(kind), size)


def marker_svg(kind: str) -> str:
    """The SVG of a marker (`svg_art.marker_svg`)."""
    return svg_art.marker_svg(kind, partial(_draw_marker, kind))


def _draw_marker(kind: str, base: Any) -> None:
    """A marker's plate and picture, drawn with any pen."""
    k, dy = SHAPES.get(kind, ("circle", 1.0, 0.0))[1:]
    pen = View(base, 0.0, dy, k)
    if kind == "mountain":
        _plate(base, kind)
        pen.poly((112, 104, 98), [(-0.7, 0.45), (-0.2, -0.45), (0.3, 0.45)])
        pen.poly((142, 134, 126), [(-0.2, 0.45), (0.25, -0.6), (0.72, 0.45)])
        pen.poly((250, 250, 250), [(0.25, -0.6), (0.08, -0.25), (0.25, -0.32), (0.4, -0.25)])
        pen.poly((250, 250, 250), [(-0.2, -0.45), (-0.33, -0.2), (-0.08, -0.22)])
    elif kind == "lair":
        _plate(base, kind, fill=(150, 128, 96))
        pen.poly((112, 92, 66), [(-0.72, 0.5), (-0.5, -0.3), (0, -0.62), (0.5, -0.3), (0.72, 0.5)])
        pen.ellipse((28, 22, 20), 0, 0.22, 0.34, 0.38)
        pen.poly((112, 92, 66), [(-0.6, 0.5), (0.6, 0.5), (0.6, 0.62), (-0.6, 0.62)])
        for x in (-0.12, 0.12):
            pen.circle((230, 200, 60), x, 0.12, 0.05)
    elif kind == "fortress":
        _plate(base, kind)
        stone = (120, 112, 104)
        pen.poly(stone, [(-0.42, 0.6), (0.42, 0.6), (0.42, -0.3), (-0.42, -0.3)])
        for x in (-0.42, -0.14, 0.14):
            pen.poly(stone, [(x, -0.3), (x + 0.2, -0.3), (x + 0.2, -0.5), (x, -0.5)])
        pen.poly(stone, [(0.34, -0.3), (0.42, -0.3), (0.42, -0.5), (0.34, -0.5)])
        pen.ellipse((40, 32, 28), 0, 0.36, 0.14, 0.24)
        pen.line((150, 40, 36), (0, -0.5), (0, -0.8), 0.04)
        pen.poly((190, 50, 40), [(0, -0.8), (0.3, -0.72), (0, -0.62)])
    elif kind == "encampment":
        _plate(base, kind)
        pen.poly((196, 150, 84), [(0, -0.6), (0.66, 0.5), (-0.66, 0.5)])
        pen.poly((150, 104, 52), [(0, -0.6), (0.66, 0.5), (0.2, 0.5)])
        pen.poly((60, 40, 26), [(0, -0.05), (0.18, 0.5), (-0.18, 0.5)])
        pen.line((90, 60, 30), (0, -0.6), (0, -0.8), 0.05)
    elif kind == "hole":
        _plate(base, kind, fill=(120, 150, 80))
        pen.ellipse((74, 52, 34), 0, 0.1, 0.62, 0.38)
        pen.ellipse((16, 12, 10), 0, 0.14, 0.5, 0.28)
    elif kind == "hero":
        _plate(base, kind, rim=(140, 110, 30))
        shield = [(-0.5, -0.55), (0.5, -0.55), (0.5, 0.0), (0, 0.66), (-0.5, 0.0)]
        pen.poly((36, 80, 150), shield)
        pen.poly((220, 180, 60), shield, 0.08)
        pen.line((240, 210, 90), (0, -0.4), (0, 0.4), 0.1)
        pen.line((240, 210, 90), (-0.32, -0.12), (0.32, -0.12), 0.1)
    elif kind == "dragon":
        _plate(base, kind, rim=(120, 24, 20), fill=(250, 226, 200))
        red = (186, 36, 28)
        pen.poly(red, [(-0.1, 0.1), (-0.72, -0.55), (-0.5, -0.05), (-0.8, -0.1), (-0.3, 0.3)])   # wing
        pen.poly(red, [(0.0, 0.1), (0.62, -0.62), (0.46, -0.08), (0.78, -0.12), (0.26, 0.3)])   # wing
        pen.ellipse(shade(red, 0.8), 0, 0.28, 0.22, 0.36)
        pen.circle(shade(red, 0.8), 0, -0.18, 0.17)
        pen.poly((250, 200, 60), [(-0.05, -0.3), (0.05, -0.3), (0, -0.12)])
    elif kind == "pot_of_gold":
        _plate(base, kind, rim=(60, 110, 40))
        pen.ellipse((40, 36, 34), 0, 0.2, 0.5, 0.4)
        pen.ellipse((226, 180, 56), 0, -0.2, 0.42, 0.14)
        for x in (-0.2, 0.05, 0.25):
            pen.circle((250, 214, 110), x, -0.28, 0.1)
    elif kind == "winter":
        _plate(base, kind, rim=(70, 120, 170), fill=(226, 240, 250))
        for a, b in (((0, -0.62), (0, 0.62)), ((-0.54, -0.31), (0.54, 0.31)), ((-0.54, 0.31), (0.54, -0.31))):
            pen.line((60, 120, 180), a, b, 0.08)
    elif kind == "queen":
        _plate(base, kind, rim=(140, 110, 30))
        pen.poly((230, 190, 60), [(-0.55, 0.35), (-0.55, -0.35), (-0.28, 0.0), (0, -0.5), (0.28, 0.0),
                                   (0.55, -0.35), (0.55, 0.35)])
    elif kind == "loot":             # Skags' Loot, face down: a closed chest
        _plate(base, kind, rim=(92, 60, 30), fill=(236, 214, 170))
        wood = (132, 84, 40)
        pen.poly(wood, [(-0.58, -0.05), (0.58, -0.05), (0.58, 0.5), (-0.58, 0.5)])
        pen.ellipse(shade(wood, 0.85), 0, -0.12, 0.58, 0.3)
        pen.line((218, 176, 60), (-0.58, 0.1), (0.58, 0.1), 0.08)
        pen.circle((236, 196, 70), 0, 0.16, 0.12)
    elif kind == "lava":             # Lava: a glowing flow
        _plate(base, kind, rim=(90, 24, 14), fill=(56, 30, 24))
        pen.poly((214, 64, 24), [(-0.62, 0.5), (-0.3, -0.1), (-0.1, 0.2), (0.12, -0.55), (0.36, 0.05),
                                 (0.62, -0.2), (0.62, 0.5)])
        pen.poly((252, 170, 40), [(-0.35, 0.5), (-0.12, 0.12), (0.1, 0.3), (0.3, 0.0), (0.45, 0.5)])
    elif kind == "behemoth":         # a Behemoth: a horned swamp beast
        _plate(base, kind, rim=(40, 70, 40), fill=(200, 222, 180))
        hide = (62, 96, 58)
        pen.poly((246, 240, 220), [(-0.5, -0.2), (-0.72, -0.7), (-0.28, -0.36)])
        pen.poly((246, 240, 220), [(0.5, -0.2), (0.72, -0.7), (0.28, -0.36)])
        pen.ellipse(hide, 0, 0.12, 0.56, 0.5)
        for x in (-0.22, 0.22):
            pen.circle((250, 214, 60), x, 0.0, 0.09)
        pen.line(shade(hide, 0.6), (-0.2, 0.34), (0.2, 0.34), 0.06)
    elif kind == "catapult":         # a Catapult: the siege engine, its stone in the air
        _plate(base, kind, rim=(84, 60, 36), fill=(232, 220, 190))
        glyphs.catapult(pen, (110, 72, 40))


#: the marker pictures custom content names (marker name -> PNG), set when a catalog is in play
CUSTOM_MARKERS: dict[str, str] = {}


def custom_marker(kind: str, size: int = 48) -> pygame.Surface:
    """A marker of a custom race or power with no picture of its own: a badge in a colour of its
    own (from its name), with a rim in a darker shade and the name's first letter in the middle,
    so two custom markers on one board are told apart and a player can match the legend."""
    h = sum(ord(c) * (i + 1) for i, c in enumerate(kind))
    hue = [90 + h % 140, 90 + (h // 7) % 140, 90 + (h // 49) % 140]
    fill = tuple(hue)
    pen = Pen(size)
    _badge(pen, rim=shade(fill, 0.45), fill=fill)
    pen.circle(shade(fill, 0.75), 0, 0, 0.62, 0.06)
    surf = pen.done()
    if pygame.font.get_init():
        letter = (kind.strip("_ ")[:1] or "?").upper()
        font = pygame.font.Font(None, max(8, int(size * 0.78)))
        dark = sum(fill) / 3 > 140
        img = font.render(letter, True, (30, 22, 16) if dark else (250, 244, 230))
        surf.blit(img, img.get_rect(center=(size // 2, size // 2 + max(1, size // 24))))
    return surf


def feature_icon(kind: str, size: int = 48) -> pygame.Surface:
    """A region's printed feature beside its name: mountain, mine, cavern, magic, lost tribe."""
    pen = Pen(size)
    backs = {"mountain": (236, 238, 242), "mine": (238, 200, 104), "cavern": (176, 164, 150),
             "magic": (118, 68, 170), "lost_tribe": (196, 92, 58)}
    _badge(pen, rim=(43, 32, 26), fill=backs.get(kind, (244, 232, 204)))
    if kind == "mountain":
        pen.poly((128, 118, 108), [(-0.62, 0.45), (-0.05, -0.55), (0.62, 0.45)])
        pen.poly((96, 88, 80), [(-0.05, -0.55), (0.15, 0.45), (0.62, 0.45)])
        pen.poly((255, 255, 255), [(-0.05, -0.55), (-0.25, -0.2), (-0.02, -0.26), (0.14, -0.26)])
    elif kind == "mine":
        pen.line((110, 70, 34), (-0.45, 0.52), (0.3, -0.28), 0.14)
        pen.line((110, 70, 34), (0.45, 0.52), (-0.3, -0.28), 0.14)
        pen.line((70, 72, 84), (0.0, -0.6), (0.3, -0.28), 0.13)
        pen.line((70, 72, 84), (0.3, -0.28), (0.62, -0.02), 0.13)
        pen.line((70, 72, 84), (0.0, -0.6), (-0.3, -0.28), 0.13)
        pen.line((70, 72, 84), (-0.3, -0.28), (-0.62, -0.02), 0.13)
    elif kind == "cavern":
        pen.ellipse((22, 16, 14), 0, 0.12, 0.5, 0.46)
        pen.poly((22, 16, 14), [(-0.5, 0.12), (0.5, 0.12), (0.5, 0.5), (-0.5, 0.5)])
        pen.line((110, 100, 90), (-0.72, 0.52), (0.72, 0.52), 0.1)
    elif kind == "magic":
        star = []
        for i in range(8):
            ang = -math.pi / 2 + i * math.pi / 4
            rr = 0.66 if i % 2 == 0 else 0.22
            star.append((rr * math.cos(ang), rr * math.sin(ang)))
        pen.poly((255, 240, 160), star)
        pen.circle((255, 255, 255), 0.42, -0.42, 0.08)
    elif kind == "lost_tribe":
        pen.line((70, 40, 20), (-0.28, -0.72), (0.1, -0.2), 0.09)
        pen.line((70, 40, 20), (0.28, -0.72), (-0.1, -0.2), 0.09)
        pen.poly((246, 230, 196), [(0, -0.45), (-0.55, 0.5), (0.55, 0.5)])
        pen.poly((70, 40, 20), [(0, 0.02), (-0.16, 0.5), (0.16, 0.5)])
    return pen.done()


def coin(size: int = 32) -> pygame.Surface:
    pen = Pen(size)
    pen.circle((40, 30, 10, 120), 0.06, 0.08, 0.92)
    pen.circle((160, 116, 24), 0, 0, 0.92)
    pen.circle((226, 180, 56), 0, 0, 0.8)
    pen.circle((190, 146, 36), 0, 0, 0.6, 0.06)
    pen.circle((250, 214, 110), -0.25, -0.3, 0.16)
    return pen.done()


def die_face(face: int, size: int = 72) -> pygame.Surface:
    """The reinforcement die: three blank faces and faces with 1, 2 and 3 pips."""
    n = size * SS
    surf = pygame.Surface((n, n), pygame.SRCALPHA)
    rect = pygame.Rect(n * 0.06, n * 0.06, n * 0.88, n * 0.88)
    shadow = rect.move(n * 0.03, n * 0.04)
    pygame.draw.rect(surf, (20, 14, 10, 140), shadow, border_radius=int(n * 0.16))
    pygame.draw.rect(surf, (120, 96, 70), rect, border_radius=int(n * 0.16))
    pygame.draw.rect(surf, (250, 244, 228), rect.inflate(-n * 0.06, -n * 0.06), border_radius=int(n * 0.13))
    spots = {1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)]}
    for x, y in spots.get(face, []):
        pygame.draw.circle(surf, (150, 36, 30), (n * x, n * y), n * 0.085)
    return pygame.transform.smoothscale(surf, (size, size))


# -- files --------------------------------------------------------------------------------------
def art_files() -> dict[str, Callable[[], pygame.Surface]]:
    """Every PNG of `assets/ui` and how it is drawn."""
    files: dict[str, Callable[[], pygame.Surface]] = {}
    for race in RACE_COLOURS:
        files[f"tokens/{race}.png"] = partial(race_token, race, False)
        if race != "lost_tribe":
            files[f"tokens/{race}_decline.png"] = partial(race_token, race, True)
    for power in emblems.POWER_RECIPES:
        files[f"powers/{power}.png"] = partial(power_badge, power)
    for kind in MARKERS:
        files[f"markers/{kind}.png"] = partial(marker, kind)
    files["coin.png"] = coin
    for f in range(4):
        files[f"die_{f}.png"] = partial(die_face, f)
    return files


def svg_files() -> dict[str, str]:
    """Every SVG of `assets/pieces` and its text: each race's token and its In Decline side,
    each power's banner, each marker."""
    files: dict[str, str] = {}
    for race in RACE_COLOURS:
        files[f"tokens/{race}.svg"] = race_svg(race, False)
        if race != "lost_tribe":
            files[f"tokens/{race}_decline.svg"] = race_svg(race, True)
    for power in emblems.POWER_RECIPES:
        files[f"powers/{power}.svg"] = power_svg(power)
    for kind in MARKERS:
        files[f"markers/{kind}.svg"] = marker_svg(kind)
    return files


def write_svgs(out: Path = PIECES_DIR) -> list[Path]:
    """Writes every piece's SVG under `out`; a file already so, or one finished by hand (its
    `svg_art.MARK` line deleted), is left as it is."""
    written = []
    for name, text in svg_files().items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        if old is None or (old != text and svg_art.MARK in old):
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def write_all(out: Path = ART_DIR) -> list[Path]:
    written = []
    for name, draw in art_files().items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw(), str(path))
        written.append(path)
    return written


def _free_salt(ident: str, blocks: tuple[str, ...], taken: dict[tuple, set[int]], full: dict[tuple, int]) -> int:
    """The least salt that rings the emblem of `ident` with a number of dots no other emblem of
    the same glyphs has yet (`emblems.generated`), noted in `taken`. Salts go by sevens, each
    seven giving the dots of one band (3-9, 10-16, ...) in an order of the id's own: the bands
    already full are skipped at once (`full`), so a thousand entries made of the same blocks
    cost a thousand looks, not half a million."""
    made, first = emblems.generated(ident, blocks, 0)
    used = taken.setdefault(made, set())
    band = full.get(made, 0)
    while used.issuperset(range(3 + 7 * band, 10 + 7 * band)):
        band += 1
    full[made] = band
    for salt in range(7 * band, 7 * band + 7):
        dots = emblems.salted_dots(first, salt)
        if dots not in used:
            used.add(dots)
            return salt
    raise AssertionError("a band of seven salts gives seven different dots")


def _custom_of(name: str, idents: set[str]) -> bool:
    """Whether picture `name` is drawn for one of the custom `idents` ("custom/ID.race...")."""
    if not name.startswith("custom/"):
        return False
    rest = name[len("custom/"):]
    dot = rest.find(".")
    while dot >= 0:
        if rest[:dot] in idents:
            return True
        dot = rest.find(".", dot + 1)
    return False


class Sprites:
    """Pictures for the window: the pieces drawn from their SVGs in `assets/pieces` at each size
    asked, the rest loaded from `assets/ui` (drawn if missing) and scaled; each size kept."""

    def __init__(self, art_dir: Path = ART_DIR, pieces_dir: Path = PIECES_DIR) -> None:
        self.dir = art_dir
        self.pieces = pieces_dir
        self._broken: set[str] = set()
        self._base: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self.custom: dict[str, Custom] = {}
        self._groups: dict[tuple, list[Custom]] = {}     # the last entries learned of each glyphs

    def learn(self, catalog: Any) -> None:
        """Note the races and powers of `catalog` that ship no picture, or name their own PNG, so
        their tokens and badges are drawn from what they do (or from their file)."""
        groups: dict[tuple, list[Custom]] = {}  # the entries drawn from their blocks, by their glyphs
        changed: set[str] = set()
        for table in (getattr(catalog, "races", {}), getattr(catalog, "powers", {})):
            for ident, d in table.items():
                shipped = ident in RACE_COLOURS or ident in emblems.POWER_RECIPES
                art = str(getattr(d, "art", "") or "")
                if not art and shipped:
                    continue
                c = Custom(tuple([name for name, _ in getattr(d, "effects", ())]), art)
                old = self.custom.get(ident)
                if not art:                     # two alike: the later one gets more dots (`Custom.salt`)
                    c._salt, c.ident = None, ident
                    groups.setdefault(emblems.glyphs_of(c.blocks), []).append(c)
                elif old is None or (old.blocks, old.art) != (c.blocks, c.art) or old.salt != c.salt:
                    self.custom[ident] = c
                    changed.add(ident)
        for made, members in groups.items():
            same = [(c.ident, c.blocks) for c in members]
            kept = self._groups.get(made)
            if kept is not None and [(c.ident, c.blocks) for c in kept] == same \
                    and all(self.custom.get(c.ident) is c for c in kept):
                continue                        # the same entries in the same order: the same salts
            alike = Alike(members)
            for i, c in enumerate(members):     # else drawn again (salts unknown until then)
                c.group, c.place = alike, i
                self.custom[c.ident] = c
                changed.add(c.ident)
            self._groups[made] = members
        if changed:                             # their pictures are drawn again
            self._base = {k: v for k, v in self._base.items() if not _custom_of(k, changed)}
            self._scaled = {k: v for k, v in self._scaled.items() if not _custom_of(k[0], changed)}

    def _load(self, name: str, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        s = self._base.get(name)
        if s is None:
            path = self.dir / name
            try:
                if name.startswith("custom/"):
                    raise FileNotFoundError(name)
                s = pygame.image.load(str(path))
                if pygame.display.get_surface() is not None:
                    s = s.convert_alpha()
            except (pygame.error, FileNotFoundError, OSError):
                s = draw()
            self._base[name] = s
        return s

    def _svg(self, name: str, size: int) -> pygame.Surface | None:
        """The piece `name` ("tokens/elves.png") drawn from its SVG in `assets/pieces` at `size`
        pixels, or None when there is none (or it cannot be drawn: said once, with the fix)."""
        path = self.pieces / (name.rsplit(".", 1)[0] + ".svg")
        if name.startswith("custom/") or str(path) in self._broken or not path.is_file():
            return None
        try:
            return pygame.image.load_sized_svg(str(path), (size, size))
        except (pygame.error, OSError) as e:
            self._broken.add(str(path))
            print(f"{path}: cannot be drawn ({e}); run python -m game.ui.art to write it again",
                  file=sys.stderr)
            return None

    def _sized(self, name: str, size: int, draw: Callable[..., pygame.Surface]) -> pygame.Surface:
        """The picture `name` at `size` pixels: drawn from its SVG at exactly that size (a zoomed
        or full-screen board stays sharp), else the stored PNG scaled down, or drawn anew at
        that size (a custom piece, or one bigger than the stored PNG)."""
        size = max(4, int(size))
        key = (name, size)
        s = self._scaled.get(key)
        if s is None:
            s = self._svg(name, size)
            if s is None and name.startswith("custom/"):
                s = draw(size)
            elif s is None:
                base = self._load(name, draw)
                if base.get_width() == size:
                    s = base
                elif base.get_width() < size:
                    s = draw(size)
                else:
                    s = pygame.transform.smoothscale(base, (size, size))
            if s.get_size() != (size, size):
                s = pygame.transform.smoothscale(s, (size, size))
            if pygame.display.get_surface() is not None:
                s = s.convert_alpha()
            self._scaled[key] = s
        return s

    def token(self, race: str, decline: bool, size: int) -> pygame.Surface:
        custom = self.custom.get(race)
        side = '_decline' if decline and race != 'lost_tribe' else ''
        name = f"custom/{race}.race{side}" if custom is not None else f"tokens/{race}{side}.png"
        return self._sized(name, size, lambda n=BASE: race_token(race, decline, n, custom))

    def power(self, power: str, size: int) -> pygame.Surface:
        custom = self.custom.get(power)
        name = f"custom/{power}.power" if custom is not None else f"powers/{power}.png"
        return self._sized(name, size, lambda n=BASE: power_badge(power, n, custom))

    def marker(self, kind: str, size: int) -> pygame.Surface:
        own = CUSTOM_MARKERS.get(kind)
        if own is not None:             # the picture a content file names for its marker
            return self._sized_file(own, size, lambda: marker(kind))
        return self._sized(f"markers/{kind}.png", size, lambda n=48: marker(kind, n))

    def _sized_file(self, path: str, size: int, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A picture from a file anywhere (a content file's own), `size` pixels square."""
        size = max(4, int(size))
        key = ("file:" + path, size)
        s = self._scaled.get(key)
        if s is None:
            base = self._base.get(key[0])
            if base is None:
                try:
                    base = pygame.image.load(path)
                    if pygame.display.get_surface() is not None:
                        base = base.convert_alpha()
                except (pygame.error, FileNotFoundError, OSError):
                    base = draw()
                self._base[key[0]] = base
            s = pygame.transform.smoothscale(base, (size, size))
            self._scaled[key] = s
        return s

    def coin(self, size: int) -> pygame.Surface:
        return self._sized("coin.png", size, coin)

    def feature(self, kind: str, size: int) -> pygame.Surface:
        return self._sized(f"features/{kind}.png", size, lambda n=48: feature_icon(kind, n))

    def die(self, face: int, size: int) -> pygame.Surface:
        return self._sized(f"die_{face}.png", size, lambda n=72: die_face(face, n))


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    out = Path(argv[0]) if argv else ART_DIR
    for p in write_svgs(out.parent / "pieces" if argv else PIECES_DIR) + write_all(out):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
