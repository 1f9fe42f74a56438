"""The game pieces as illustrations: SVG text for every race token (its Active side and the side
turned over, In Decline), every power's banner and every marker, written as plain SVG (paths,
circles and gradients, no filters) that an SVG editor opens and the game draws sharp at any size.

An emblem is drawn with the same pen calls as the PNG art (`SvgPen` records them), then inked in
layers: a soft shadow of translucent copies, a dark rim round the whole figure, a light and a
dark bevel, the body in a gradient lit from the top left, the details on top. The Active side is
a lacquered disc in the race's colour with a raised rim and a sunken medallion; the In Decline
side is the token turned over: a scalloped edge, grey-sepia stone, hatching round a tombstone
slab with the emblem cut into it and a crack across, so it reads apart from the Active side by
shape and pattern, not by colour alone. A power is a banner hanging from a rod, cut as a
swallowtail; a marker keeps its plate's own outline (`art.SHAPES`) with every shape shaded.
`python -m game.ui.art` (re)writes the files in `assets/pieces/` (`art.svg_files` names them),
except one whose first comment (`MARK`) was deleted: a picture finished by hand in an editor.
Writing the text needs no pygame; the emblems and markers themselves are drawn by `art`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

Colour = tuple[int, ...]
Pt = tuple[float, float]
Drawer = Callable[[Any, Colour], None]      # draws an emblem with a pen in one ink

VIEW = 256                                  # the pictures' own square, in SVG units
#: the line a written file carries; a file without it (edited by hand) is never written over
MARK = ("<!-- Written by python -m game.ui.art (game/ui/svg_art.py). To keep changes made by hand, "
        "delete this line: the command then leaves the file as it is. -->")
STONE = (226, 208, 180)                     # the turned-over side: grey-sepia stone, apart from every field
STONE_DARK = (150, 136, 116)
STONE_LIGHT = (242, 236, 222)
HATCH = (190, 178, 158)
CUT = (64, 50, 38)                          # an emblem cut into the stone
SHADOW = (20, 14, 10)


def shade(c: Sequence[int], f: float) -> tuple[int, int, int]:
    """`c` lighter (f > 1, towards white) or darker (f < 1)."""
    if f >= 1:
        return (min(255, int(c[0] + (255 - c[0]) * (f - 1))), min(255, int(c[1] + (255 - c[1]) * (f - 1))),
                min(255, int(c[2] + (255 - c[2]) * (f - 1))))
    return (max(0, int(c[0] * f)), max(0, int(c[1] * f)), max(0, int(c[2] * f)))


def lightness(c: Sequence[int]) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def hexc(c: Sequence[int]) -> str:
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}"


def _n(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _X(u: float) -> float:
    """A unit coordinate (-1..1 across the picture) in SVG units."""
    return VIEW / 2 * (1 + u)


def _L(u: float) -> float:
    """A unit length in SVG units."""
    return VIEW / 2 * u


@dataclass
class Shape:
    """One pen call, in the picture's unit coordinates."""
    kind: str                       # circle, ellipse, poly, line, arc
    colour: Colour
    width: float                    # 0: filled; else the line's width
    pts: tuple[Pt, ...] = ()        # poly points, line ends, or the centre
    rx: float = 0.0
    ry: float = 0.0
    a0: float = 0.0
    a1: float = 0.0

    def box(self) -> tuple[float, float, float, float]:
        if self.kind in ("circle", "ellipse", "arc"):
            (x, y), w = self.pts[0], self.width / 2
            return (x - self.rx - w, y - self.ry - w, x + self.rx + w, y + self.ry + w)
        xs, ys, w = [p[0] for p in self.pts], [p[1] for p in self.pts], self.width / 2
        return (min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w)


class SvgPen:
    """Records the calls of `art.Pen` (circle, poly, line, ellipse, arc) as shapes, seen through a
    move (x0, y0) and a scale `k`, so an emblem drawn for the PNG art lands anywhere on a piece."""

    def __init__(self, x0: float = 0.0, y0: float = 0.0, k: float = 1.0) -> None:
        self.x0, self.y0, self.k = x0, y0, k
        self.shapes: list[Shape] = []

    def _q(self, x: float, y: float) -> Pt:
        return (self.x0 + x * self.k, self.y0 + y * self.k)

    def circle(self, c: Colour, x: float, y: float, rad: float, width: float = 0) -> None:
        self.shapes.append(Shape("circle", tuple(c), width * self.k, (self._q(x, y),), rad * self.k, rad * self.k))

    def ellipse(self, c: Colour, x: float, y: float, rx: float, ry: float, width: float = 0) -> None:
        self.shapes.append(Shape("ellipse", tuple(c), width * self.k, (self._q(x, y),), rx * self.k, ry * self.k))

    def poly(self, c: Colour, pts: Iterable[Pt], width: float = 0) -> None:
        self.shapes.append(Shape("poly", tuple(c), width * self.k, tuple(self._q(*p) for p in pts)))

    def line(self, c: Colour, a: Pt, b: Pt, width: float) -> None:
        self.shapes.append(Shape("line", tuple(c), max(width, 0.01) * self.k, (self._q(*a), self._q(*b))))

    def arc(self, c: Colour, x: float, y: float, rad: float, a0: float, a1: float, width: float) -> None:
        self.shapes.append(Shape("arc", tuple(c), max(width, 0.01) * self.k, (self._q(x, y),),
                                 rad * self.k, rad * self.k, a0, a1))


@dataclass
class Doc:
    """An SVG document being written: gradients in `defs`, shapes in `body`."""
    title: str
    defs: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    open: bool = False

    def linear(self, stops: Sequence[tuple[float, Colour]], a: Pt, b: Pt) -> str:
        """A linear gradient from unit point `a` to `b`; its paint, url(#...)."""
        gid = f"g{len(self.defs)}"
        self.defs.append(f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" x1="{_n(_X(a[0]))}" '
                         f'y1="{_n(_X(a[1]))}" x2="{_n(_X(b[0]))}" y2="{_n(_X(b[1]))}">'
                         + "".join(_stop(o, c) for o, c in stops) + "</linearGradient>")
        return f"url(#{gid})"

    def radial(self, stops: Sequence[tuple[float, Colour]], c: Pt, r: float) -> str:
        """A radial gradient about unit point `c`, `r` units wide; its paint."""
        gid = f"g{len(self.defs)}"
        self.defs.append(f'<radialGradient id="{gid}" gradientUnits="userSpaceOnUse" cx="{_n(_X(c[0]))}" '
                         f'cy="{_n(_X(c[1]))}" r="{_n(_L(r))}">'
                         + "".join(_stop(o, c) for o, c in stops) + "</radialGradient>")
        return f"url(#{gid})"

    def add(self, element: str) -> None:
        self.body.append(element)

    def group(self, label: str) -> None:
        """Starts a named layer (an Inkscape layer when opened there), closing the one before."""
        if self.open:
            self.body.append("</g>")
        n = sum(1 for x in self.body if x.startswith("<g "))
        self.body.append(f'<g id="{label}{n}" inkscape:label="{label}" inkscape:groupmode="layer">')
        self.open = True

    def text(self) -> str:
        body = list(self.body) + (["</g>"] if self.open else [])
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + MARK + "\n"
                f'<svg xmlns="http://www.w3.org/2000/svg" '
                f'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
                f'width="{VIEW}" height="{VIEW}" viewBox="0 0 {VIEW} {VIEW}">\n'
                f"<title>{self.title}</title>\n<defs>\n" + "\n".join(self.defs) + "\n</defs>\n"
                + "\n".join(body) + "\n</svg>\n")


def _stop(offset: float, c: Colour) -> str:
    alpha = f' stop-opacity="{_n(c[3] / 255)}"' if len(c) > 3 and c[3] < 255 else ""
    return f'<stop offset="{_n(offset)}" stop-color="{hexc(c)}"{alpha}/>'


def _paint(c: Colour | str) -> tuple[str, str]:
    """A fill or stroke: the paint and its opacity attribute."""
    if isinstance(c, str):
        return c, ""
    return hexc(c), (f' {{}}-opacity="{_n(c[3] / 255)}"' if len(c) > 3 and c[3] < 255 else "")


def element(s: Shape, paint: Colour | str, dx: float = 0.0, dy: float = 0.0, grow: float = 0.0,
            opacity: float | None = None) -> str:
    """Shape `s` as an SVG element in `paint`, moved by (dx, dy) and swollen by a line `grow` wide
    all round (a rim or a shadow a little bigger than the shape)."""
    p, alpha = _paint(paint)
    if opacity is not None:
        alpha = f' {{}}-opacity="{_n(opacity)}"'
    pts = [(_X(x + dx), _X(y + dy)) for x, y in s.pts]
    g, w = _L(grow), _L(s.width)
    if s.kind in ("circle", "ellipse"):
        (cx, cy), rx, ry = pts[0], _L(s.rx), _L(s.ry)
        if w:                                   # a ring, its outer edge at the radius (as pygame draws it)
            rx, ry = rx - w / 2, ry - w / 2
            return _shape_tag(s.kind, cx, cy, rx, ry, "none", "", p, alpha, w + g)
        return _shape_tag(s.kind, cx, cy, rx, ry, p, alpha, p if g else "", alpha, g)
    if s.kind == "poly":
        d = "M " + " L ".join(f"{_n(x)} {_n(y)}" for x, y in pts) + " Z"
        if w:
            return f'<path d="{d}" fill="none" stroke="{p}"{alpha.format("stroke")} stroke-width="{_n(w + g)}" ' \
                   f'stroke-linejoin="round"/>'
        stroke = f' stroke="{p}"{alpha.format("stroke")} stroke-width="{_n(g)}" stroke-linejoin="round"' if g else ""
        return f'<path d="{d}" fill="{p}"{alpha.format("fill")}{stroke}/>'
    if s.kind == "line":
        (x1, y1), (x2, y2) = pts
        return f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{p}"{alpha.format("stroke")} ' \
               f'stroke-width="{_n(w + g)}" stroke-linecap="round"/>'
    (cx, cy), r = pts[0], _L(s.rx)              # an arc, perhaps all the way round
    span = max(-2 * math.pi + 1e-3, min(2 * math.pi - 1e-3, s.a1 - s.a0))
    parts = [(s.a0, s.a0 + span / 2), (s.a0 + span / 2, s.a0 + span)]
    d = f"M {_n(cx + r * math.cos(s.a0))} {_n(cy + r * math.sin(s.a0))}"
    for a, b in parts:
        d += f" A {_n(r)} {_n(r)} 0 0 {1 if b > a else 0} {_n(cx + r * math.cos(b))} {_n(cy + r * math.sin(b))}"
    return f'<path d="{d}" fill="none" stroke="{p}"{alpha.format("stroke")} stroke-width="{_n(w + g)}" ' \
           f'stroke-linecap="round"/>'


def _shape_tag(kind: str, cx: float, cy: float, rx: float, ry: float, fill: str, falpha: str,
               stroke: str, salpha: str, sw: float) -> str:
    geo = f'cx="{_n(cx)}" cy="{_n(cy)}" ' + (f'r="{_n(rx)}"' if kind == "circle" else f'rx="{_n(rx)}" ry="{_n(ry)}"')
    out = f'<{kind} {geo} fill="{fill}"{falpha.format("fill")}'
    if stroke and sw:
        out += f' stroke="{stroke}"{salpha.format("stroke")} stroke-width="{_n(sw)}"'
    return out + "/>"


# -- inking an emblem -----------------------------------------------------------------------------
@dataclass
class Ink:
    """How an emblem is inked: its body's gradient (top to bottom), the rim round it, the bevel's
    light and dark, the shadow's strength and the colour its dark details (eyes, doors) take
    when the body itself is dark."""
    top: Colour
    bottom: Colour
    rim: Colour | None
    light: Colour | None
    dark: Colour | None
    shadow: float
    hollow: Colour


def active_ink(field_colour: Colour, dark_ink: bool) -> Ink:
    """Ivory on a darker field, dark bronze on a light one."""
    if dark_ink:
        return Ink((92, 72, 56), (30, 22, 18), shade(field_colour, 1.35), shade(field_colour, 1.6), None, 0.0,
                   shade(field_colour, 1.5))
    return Ink((255, 255, 250), (240, 230, 208), shade(field_colour, 0.3), (255, 255, 255, 150),
               shade(field_colour, 0.5), 0.32, (40, 30, 26))


DECLINE_INK = Ink(shade(CUT, 1.25), CUT, (104, 88, 70), STONE_LIGHT, None, 0.0, STONE_LIGHT)
BANNER_INK = Ink((255, 250, 232), (222, 204, 160), (40, 30, 26), (255, 255, 255, 140), None, 0.3, (40, 30, 26))


def _dark(c: Colour) -> bool:
    return lightness(c) < 110


def ink_emblem(doc: Doc, draw: Drawer, key: Colour, ink: Ink, x0: float = 0.0, y0: float = 0.0,
               k: float = 0.7) -> None:
    """The emblem `draw` makes (in colour `key`) at (x0, y0), `k` times its size, inked in layers."""
    pen = SvgPen(x0, y0, k)
    draw(pen, key)
    body = [s for s in pen.shapes if s.colour[:3] == tuple(key[:3])]
    if not body:
        return
    grad = doc.linear([(0.0, ink.top), (1.0, ink.bottom)], (x0 - 0.3 * k, y0 - 0.7 * k), (x0 + 0.3 * k, y0 + 0.7 * k))
    doc.group("emblem")
    if ink.shadow:
        for dx, dy, grow, op in ((0.05, 0.07, 0.05, ink.shadow * 0.35), (0.035, 0.05, 0.025, ink.shadow * 0.5)):
            doc.body += [element(s, SHADOW, dx, dy, grow, op) for s in body]
    if ink.rim is not None:
        doc.body += [element(s, ink.rim, 0, 0, 0.05) for s in body]
    if ink.light is not None:
        doc.body += [element(s, ink.light, -0.014, -0.016) for s in body] if ink.shadow else \
            [element(s, ink.light, 0.016, 0.02) for s in body]          # a cut catches the light below
    if ink.dark is not None:
        doc.body += [element(s, ink.dark, 0.012, 0.016) for s in body]
    for s in pen.shapes:
        if s.colour[:3] == tuple(key[:3]):
            doc.add(element(s, grad))
        elif _dark(key) and _dark(s.colour):    # an eye or a door in a dark body: the light shows through
            doc.add(element(s, ink.hollow + tuple(s.colour[3:])))
        else:
            doc.add(element(s, s.colour))


# -- the pieces ----------------------------------------------------------------------------------
def _soft_shadow(doc: Doc, outline: Callable[[float], str]) -> None:
    """A shadow below and right of the piece, soft at its edge: translucent copies, widening."""
    doc.group("shadow")
    for i, grow in enumerate((0.05, 0.03, 0.012)):
        doc.add(outline(grow).replace("FILL", f'fill="{hexc(SHADOW)}" fill-opacity="{0.1 + 0.04 * i:.2f}"'))


def _disc(cx: float, cy: float, r: float) -> str:
    return f'<circle cx="{_n(_X(cx))}" cy="{_n(_X(cy))}" r="{_n(_L(r))}" FILL/>'


def _path(pts: Sequence[Pt], dx: float = 0.0, dy: float = 0.0) -> str:
    return '<path d="M ' + " L ".join(f"{_n(_X(x + dx))} {_n(_X(y + dy))}" for x, y in pts) + ' Z" FILL/>'


def _fill(tag: str, paint: str, extra: str = "") -> str:
    return tag.replace("FILL", f'fill="{paint}"{extra}')


def _scallops(r: float, depth: float, n: int = 14, steps: int = 224) -> list[Pt]:
    """A round edge with `n` scallops cut into it: the turned-over side's outline."""
    out = []
    for i in range(steps):
        a = 2 * math.pi * i / steps
        rr = r - depth * (0.5 - 0.5 * math.cos(n * a)) ** 3
        out.append((rr * math.cos(a), rr * math.sin(a)))
    return out


# -- the scene behind a race's emblem -----------------------------------------------------------
def _ground(f: Callable[[float], float], r: float = 0.6, steps: int = 96) -> list[Pt]:
    """The land below the line y = f(x), cut to the medallion (a circle `r` wide)."""
    top: list[Pt] = []
    foot: list[Pt] = []
    for i in range(steps + 1):
        x = -r + 2 * r * i / steps
        h = math.sqrt(max(0.0, r * r - x * x))
        y = max(f(x), -h)
        if y < h - 1e-3:
            top.append((x, y))
            foot.append((x, h))
    return top + foot[::-1]


def _ceiling(f: Callable[[float], float], r: float = 0.6, steps: int = 96) -> list[Pt]:
    """The rock above the line y = f(x), cut to the medallion."""
    return [(x, -y) for x, y in _ground(lambda x: -f(x), r, steps)]


def _lerp(xs: Sequence[float], ys: Sequence[float]) -> Callable[[float], float]:
    def f(x: float) -> float:
        for i in range(len(xs) - 1):
            if xs[i] <= x <= xs[i + 1]:
                return ys[i] + (ys[i + 1] - ys[i]) * (x - xs[i]) / (xs[i + 1] - xs[i])
        return ys[0] if x < xs[0] else ys[-1]
    return f


def _teeth(x: float, every: float, shift: float = 0.0) -> float:
    """0 at the gaps, 1 at the points: a saw of teeth `every` apart."""
    t = ((x + shift) / every) % 1.0
    return 1 - abs(t - 0.5) * 2


def _stones(x: float, at: Sequence[float], half: float, base: float, high: float) -> float:
    """Ground at `base` with gravestones `high`, rounded on top, `half` wide each side of `at`."""
    for c in at:
        if abs(x - c) < half:
            return base - high - math.sqrt(max(0.0, half * half - (x - c) ** 2)) * 0.6
    return base


SCENES: dict[str, tuple[Callable[[float], float], Callable[[float], float]]] = {
    "peaks": (_lerp([-0.6, -0.38, -0.2, 0.06, 0.3, 0.6], [0.2, -0.12, 0.12, -0.26, 0.04, 0.14]),
              _lerp([-0.6, -0.3, 0.0, 0.28, 0.6], [0.36, 0.2, 0.34, 0.16, 0.32])),
    "hills": (lambda x: 0.2 + 0.08 * math.sin(5 * x + 1.2), lambda x: 0.36 + 0.06 * math.sin(7 * x)),
    "forest": (lambda x: 0.3 - 0.34 * _teeth(x, 0.17), lambda x: 0.44 - 0.2 * _teeth(x, 0.13, 0.05)),
    "waves": (lambda x: 0.16 + 0.04 * math.sin(16 * x), lambda x: 0.33 + 0.045 * math.sin(16 * x + 2.2)),
    "towers": (lambda x: 0.22 - (0.3 if abs(abs(x) - 0.36) < 0.09 else 0.0) - (0.05 if (x * 14) % 2 < 1 else 0.0),
               lambda x: 0.42 - (0.04 if (x * 18) % 2 < 1 else 0.0)),
    "graves": (lambda x: _stones(x, (-0.36, 0.02, 0.38), 0.07, 0.3, 0.2), lambda x: 0.42 + 0.03 * math.sin(6 * x)),
    "reeds": (lambda x: 0.28 - 0.32 * max(0.0, 1 - abs(((x * 9) % 1.0) - 0.5) * 7), lambda x: 0.4 + 0.02 * math.sin(20 * x)),
    "dunes": (lambda x: min(0.26 + 0.06 * math.sin(4 * x), 0.3 - max(0.0, 0.3 - abs(x + 0.22)) * 1.4),
              lambda x: 0.38 + 0.07 * math.sin(3 * x + 2)),
}
#: caves hang from above as well
CAVES = ("cave",)

#: the scene each shipped race stands in
RACE_SCENES: dict[str, str] = {
    "dwarves": "peaks", "giants": "peaks", "trolls": "peaks", "kobolds": "cave", "goblins": "cave",
    "ice_witches": "peaks", "skags": "cave", "drow": "cave", "ogres": "peaks", "barbarians": "peaks",
    "elves": "forest", "fauns": "forest", "shrubmen": "forest", "pixies": "forest", "leprechauns": "hills",
    "halflings": "hills", "humans": "hills", "scarecrows": "hills", "slingmen": "hills", "khans": "dunes",
    "tritons": "waves", "homunculi": "towers", "wendigos": "forest", "mudmen": "reeds", "ratmen": "reeds",
    "witch_doctors": "reeds", "shrooms": "reeds", "wizards": "towers", "sorcerers": "towers",
    "amazons": "towers", "priestesses": "towers", "igors": "towers", "ghouls": "graves", "skeletons": "graves",
    "liches": "graves", "white_ladies": "graves", "mummies": "dunes", "nomads": "dunes", "orcs": "cave",
    "lost_tribe": "hills",
}


def scene_of(race: str) -> str:
    """The scene behind `race`'s emblem: its own, or one picked by its id (a custom race)."""
    kinds = sorted([*SCENES, *CAVES])
    return RACE_SCENES.get(race) or kinds[sum(ord(ch) * (i + 1) for i, ch in enumerate(race)) % len(kinds)]


def _scene(doc: Doc, kind: str, c: Colour) -> None:
    """The land behind the emblem in the medallion: far in a lighter tone, near in a darker."""
    doc.group("scene")
    far_c, near_c = shade(c, 1.16), shade(c, 0.84)
    if kind == "cave":
        roof = _ceiling(lambda x: -0.3 + 0.26 * _teeth(x, 0.16))
        floor = _ground(lambda x: 0.34 - 0.14 * _teeth(x, 0.23, 0.08))
        doc.add(_fill(_path(roof), hexc(near_c)))
        doc.add(_fill(_path(floor), hexc(near_c)))
        doc.add(_fill(_disc(0.0, 0.08, 0.3), hexc(far_c), ' fill-opacity="0.45"'))
        return
    far, near = SCENES[kind]
    doc.add(_fill(_disc(0.3, -0.3, 0.1), hexc(far_c)))                  # the sun (or the moon)
    if kind == "graves":
        doc.add(_fill(_disc(0.34, -0.34, 0.09), hexc(shade(c, 0.94))))
    doc.add(_fill(_path(_ground(far)), hexc(far_c)))
    doc.add(_fill(_path(_ground(near)), hexc(near_c)))


def race_svg(title: str, colour: Colour, decline: bool, draw: Drawer | None, key: Colour,
             dark_ink: bool = False, tile: bool = False, scene: str = "hills") -> str:
    """A race's token: the Active side (`decline` False) or the side turned over. `draw` inks the
    emblem (none: the token bare, for a picture laid on it later)."""
    doc = Doc(title)
    if tile:
        return _tile(doc, colour, draw, key)
    if decline:
        return _decline(doc, colour, draw)
    c = colour
    _soft_shadow(doc, lambda g: _disc(0.045, 0.075, 0.93 + g))
    doc.group("token")
    doc.add(_fill(_disc(0, 0.035, 0.93), hexc(shade(c, 0.32))))                    # the token's thickness
    rim = doc.linear([(0, shade(c, 1.45)), (0.45, shade(c, 0.85)), (1, shade(c, 0.4))], (-0.5, -0.9), (0.5, 0.9))
    doc.add(_fill(_disc(0, 0, 0.93), rim))
    doc.add(_fill(_disc(0, 0, 0.83), hexc(shade(c, 0.45))))                        # the rim's inner edge
    lit = doc.radial([(0, shade(c, 1.32)), (0.42, c), (0.86, c), (1, shade(c, 0.82))], (-0.32, -0.38), 1.5)
    doc.add(_fill(_disc(0.0, 0.012, 0.8), lit))
    well = doc.radial([(0, shade(c, 0.84)), (0.8, shade(c, 0.94)), (1, c)], (0.08, 0.1), 0.66)
    doc.add(_fill(_disc(0, 0, 0.63), well))                                         # the sunken medallion
    doc.add(f'<circle cx="{_n(_X(0))}" cy="{_n(_X(0))}" r="{_n(_L(0.63))}" fill="none" '
            f'stroke="{hexc(shade(c, 0.62))}" stroke-width="{_n(_L(0.025))}"/>')
    doc.add(f'<path d="{_arc_d(0.655, 0.15, 1.95)}" fill="none" stroke="{hexc(shade(c, 1.35))}" '
            f'stroke-opacity="0.7" stroke-width="{_n(_L(0.02))}" stroke-linecap="round"/>')
    _scene(doc, scene, c)
    doc.group("rim")
    for i in range(8):                                                              # rivets on the rim
        a = math.pi / 8 + i * math.pi / 4
        x, y = 0.88 * math.cos(a), 0.88 * math.sin(a)
        doc.add(_fill(_disc(x + 0.008, y + 0.012, 0.032), hexc(shade(c, 0.3))))
        doc.add(_fill(_disc(x, y, 0.028), hexc(shade(c, 1.3))))
    if draw is not None:
        ink_emblem(doc, draw, key, active_ink(c, dark_ink))
    doc.group("gloss")                                                              # the lacquer's shine
    doc.add(f'<path d="{_arc_d(0.86, 3.55, 4.55)}" fill="none" stroke="#ffffff" stroke-opacity="0.45" '
            f'stroke-width="{_n(_L(0.035))}" stroke-linecap="round"/>')
    return doc.text()


def _arc_d(r: float, a0: float, a1: float) -> str:
    return (f"M {_n(_X(r * math.cos(a0)))} {_n(_X(r * math.sin(a0)))} A {_n(_L(r))} {_n(_L(r))} 0 0 1 "
            f"{_n(_X(r * math.cos(a1)))} {_n(_X(r * math.sin(a1)))}")


def _decline(doc: Doc, colour: Colour, draw: Drawer | None) -> str:
    """The token turned over: a scalloped edge in the race's colour darkened, grey-sepia stone,
    hatching round a tombstone slab, the emblem cut into the slab, a crack across the stone."""
    edge = _scallops(0.95, 0.1)
    _soft_shadow(doc, lambda g: _path(_scallops(0.95 + g, 0.1), 0.045, 0.075))
    doc.group("token")
    doc.add(_fill(_path(edge, 0, 0.035), hexc(shade(colour, 0.3))))
    band = doc.linear([(0, shade(colour, 1.05)), (1, shade(colour, 0.55))], (-0.4, -0.9), (0.4, 0.9))
    doc.add(_fill(_path(edge), band))
    stone = doc.radial([(0, STONE_LIGHT), (0.55, STONE), (1, shade(STONE, 0.86))], (-0.25, -0.3), 1.3)
    doc.add(_fill(_disc(0, 0, 0.79), hexc(shade(colour, 0.35))))
    doc.add(_fill(_disc(0, 0, 0.76), stone))
    for k in range(-5, 6):                                          # the back's hatching
        off = k * 0.15
        half = math.sqrt(max(0.0, 0.74 ** 2 - off ** 2))
        ox, oy = off * 0.7071, -off * 0.7071
        dx, dy = 0.7071 * half, 0.7071 * half
        doc.add(f'<line x1="{_n(_X(ox - dx))}" y1="{_n(_X(oy - dy))}" x2="{_n(_X(ox + dx))}" y2="{_n(_X(oy + dy))}" '
                f'stroke="{hexc(HATCH)}" stroke-width="{_n(_L(0.035))}" stroke-linecap="round"/>')
    slab = [(-0.46, 0.6), (-0.46, -0.22)] + [(0.46 * math.cos(a), -0.22 - 0.46 * math.sin(a))
                                              for a in (math.pi - math.pi * i / 20 for i in range(21))] + [(0.46, 0.6)]
    doc.add(_fill(_path(slab, 0.03, 0.04), hexc(STONE_DARK), ' fill-opacity="0.6"'))
    slab_lit = doc.linear([(0, STONE_LIGHT), (1, shade(STONE, 0.93))], (-0.4, -0.7), (0.4, 0.6))
    doc.add(_fill(_path(slab), slab_lit, f' stroke="{hexc(STONE_DARK)}" stroke-width="{_n(_L(0.03))}" '
                                         f'stroke-linejoin="round"'))
    crack = [(0.74, -0.2), (0.6, -0.14), (0.52, -0.24), (0.4, -0.1)]
    crack2 = [(-0.4, 0.42), (-0.55, 0.38), (-0.6, 0.5), (-0.72, 0.46)]
    for pts in (crack, crack2):
        d = "M " + " L ".join(f"{_n(_X(x))} {_n(_X(y))}" for x, y in pts)
        doc.add(f'<path d="{d}" fill="none" stroke="{hexc(STONE_LIGHT)}" stroke-width="{_n(_L(0.03))}" '
                f'stroke-linejoin="round" transform="translate(1.5 2)"/>')
        doc.add(f'<path d="{d}" fill="none" stroke="{hexc(shade(STONE_DARK, 0.85))}" stroke-width="{_n(_L(0.026))}" '
                f'stroke-linejoin="round"/>')
    doc.add(f'<circle cx="{_n(_X(0))}" cy="{_n(_X(0))}" r="{_n(_L(0.76))}" fill="none" '
            f'stroke="{hexc(shade(STONE, 0.7))}" stroke-width="{_n(_L(0.03))}" stroke-dasharray="4 3"/>')
    if draw is not None:
        ink_emblem(doc, draw, CUT, DECLINE_INK)
    return doc.text()


def _tile(doc: Doc, colour: Colour, draw: Drawer | None, key: Colour) -> str:
    """The Lost Tribe's square clay tile (it has no In Decline side)."""
    clay = (110, 58, 34)

    def rect(x: float, r: float, dx: float = 0.0, dy: float = 0.0) -> str:
        return (f'<rect x="{_n(_X(-x + dx))}" y="{_n(_X(-x + dy))}" width="{_n(_L(2 * x))}" height="{_n(_L(2 * x))}" '
                f'rx="{_n(_L(r))}" FILL/>')
    _soft_shadow(doc, lambda g: rect(0.86 + g, 0.2, 0.04, 0.07))
    doc.group("token")
    doc.add(_fill(rect(0.86, 0.2, 0, 0.035), hexc(shade(clay, 0.6))))
    doc.add(_fill(rect(0.86, 0.2), doc.linear([(0, shade(clay, 1.3)), (1, shade(clay, 0.7))], (-0.5, -0.9), (0.5, 0.9))))
    lit = doc.radial([(0, shade(colour, 1.3)), (0.42, colour), (0.86, colour), (1, shade(colour, 0.82))], (-0.3, -0.35), 1.5)
    doc.add(_fill(rect(0.76, 0.15), lit))
    for x in (-0.62, 0.62):
        for y in (-0.62, 0.62):
            doc.add(_fill(_disc(x, y, 0.05), hexc(shade(clay, 0.8))))
    if draw is not None:
        ink_emblem(doc, draw, key, active_ink(colour, False), 0, 0.02, 0.62)
    return doc.text()


BANNER = [(-0.68, -0.74), (0.68, -0.74), (0.68, 0.94), (0.0, 0.62), (-0.68, 0.94)]


def power_svg(title: str, band: Colour, draw: Drawer | None, key: Colour) -> str:
    """A power's banner: swallowtailed cloth in the power's colour, folds in its tones, a gold hem,
    hanging from a wooden rod, the emblem on a parchment roundel."""
    doc = Doc(title)
    _soft_shadow(doc, lambda g: _path([(x * (1 + g), y * (1 + g)) for x, y in BANNER], 0.05, 0.07))
    doc.group("banner")
    folds = doc.linear([(0, shade(band, 0.72)), (0.18, shade(band, 1.18)), (0.38, band), (0.55, shade(band, 0.8)),
                        (0.75, shade(band, 1.12)), (1, shade(band, 0.62))], (-0.68, 0), (0.68, 0))
    doc.add(_fill(_path(BANNER), folds))
    doc.add(_fill(_path(BANNER), "none",
                  f' stroke="{hexc(shade(band, 0.4))}" stroke-width="{_n(_L(0.03))}" stroke-linejoin="round"'))
    hem = [(x * 0.84, -0.74 + (y + 0.74) * 0.93) for x, y in BANNER]
    doc.add(f'<path d="M {" L ".join(f"{_n(_X(x))} {_n(_X(y))}" for x, y in hem)} Z" fill="none" '
            f'stroke="{hexc((222, 184, 84))}" stroke-width="{_n(_L(0.035))}" stroke-linejoin="round"/>')
    shade_top = doc.linear([(0, (20, 14, 10, 110)), (1, (20, 14, 10, 0))], (0, -0.74), (0, -0.55))
    doc.add(_fill(_path([(-0.68, -0.74), (0.68, -0.74), (0.68, -0.55), (-0.68, -0.55)]), shade_top))
    wood = doc.linear([(0, (196, 150, 96)), (0.5, (132, 90, 50)), (1, (74, 48, 26))], (0, -0.86), (0, -0.7))
    doc.add(f'<rect x="{_n(_X(-0.86))}" y="{_n(_X(-0.86))}" width="{_n(_L(1.72))}" height="{_n(_L(0.14))}" '
            f'rx="{_n(_L(0.07))}" fill="{wood}"/>')
    for x in (-0.88, 0.88):
        knob = doc.radial([(0, (250, 220, 130)), (1, (150, 104, 30))], (x - 0.03, -0.83), 0.12)
        doc.add(_fill(_disc(x, -0.79, 0.09), knob))
    doc.add(_fill(_disc(0.02, 0.0, 0.5), hexc(shade(band, 0.35)), ' fill-opacity="0.5"'))
    roundel = doc.radial([(0, (255, 250, 236)), (0.7, (240, 226, 196)), (1, (212, 190, 150))], (-0.15, -0.2), 0.7)
    doc.add(_fill(_disc(0, -0.04, 0.5), roundel, f' stroke="{hexc((222, 184, 84))}" stroke-width="{_n(_L(0.03))}"'))
    if draw is not None:
        ink_emblem(doc, draw, key, Ink((84, 64, 50), (26, 20, 16), None, (255, 255, 255, 170), None, 0.18,
                                       (240, 226, 196)), 0, -0.04, 0.6)
    return doc.text()


def marker_svg(title: str, draw: Callable[[SvgPen], None]) -> str:
    """A marker drawn with `draw` (its plate and picture, as for the PNG art), every opaque shape
    shaded from light at its top to dark at its foot, with a thin ink line round it; translucent
    shapes (the plate's shadow) softened."""
    doc = Doc(title)
    pen = SvgPen()
    draw(pen)
    doc.group("marker")
    for s in pen.shapes:
        if len(s.colour) > 3 and s.colour[3] < 255:
            for dx, dy, grow, op in ((0.0, 0.01, 0.05, 0.12), (0.0, 0.0, 0.02, 0.18), (0, 0, 0, 0.22)):
                doc.add(element(s, s.colour[:3], dx, dy, grow, op))
            continue
        x0, y0, x1, y1 = s.box()
        c = s.colour
        grad = doc.linear([(0, shade(c, 1.3)), (0.5, c), (1, shade(c, 0.72))], (x0, y0), (x0 + (x1 - x0) * 0.3, y1))
        doc.add(element(s, grad))
        if not s.width and s.kind in ("poly", "circle", "ellipse") and min(x1 - x0, y1 - y0) > 0.08:
            doc.add(element(s, "none")[:-2] + f' stroke="{hexc(shade(c, 0.5))}" stroke-width="{_n(_L(0.022))}" '
                                               f'stroke-linejoin="round"/>')
    return doc.text()
