"""The look shared by every scene: colours, the players' palette, fonts and cached text.

Player colours start from the Okabe–Ito palette and were moved (each a little, so its name stays
true) until every two stay at least 15 CIEDE2000 apart for normal, protanope, deuteranope and
tritanope eyes (Machado 2009; `colour_vision`, checked by a test); each seat also shows its name
and a shape, so colour is never the only clue. Fonts are the
DejaVu Sans files shipped in `assets/fonts` (they cover French, Dutch and Romanian letters).
`Text` caches rendered lines, since the same labels are drawn every frame. Nothing here knows
the rules.
"""
from __future__ import annotations

from collections import OrderedDict

import pygame

from game import resources

FONT_DIR = resources.ASSETS / "fonts"
ART_DIR = resources.ASSETS / "ui"

Colour = tuple[int, int, int]

# the keys are stored in saves (Seat.colour) and named in the strings table.
PALETTE: dict[str, Colour] = {
    "orange": (233, 151, 21),
    "sky": (138, 215, 255),
    "green": (31, 148, 112),
    "yellow": (255, 255, 156),
    "blue": (8, 87, 143),
    "vermillion": (174, 78, 0),
    "purple": (164, 128, 167),
}
PALETTE_ORDER = list(PALETTE)
# a shape for each colour, drawn with it wherever a player's colour shows (colour-blind players)
PLAYER_SYMBOLS: dict[str, str] = {"orange": "triangle", "sky": "circle", "green": "square", "yellow": "diamond",
                                  "blue": "cross", "vermillion": "plus", "purple": "bar"}

# The table: warm parchment panels on a dark wood background.
BG = (38, 30, 26)
PANEL = (236, 224, 196)
PANEL_DARK = (214, 198, 164)
PANEL_EDGE = (120, 92, 60)
INK = (44, 34, 26)
INK_SOFT = (104, 88, 70)
INK_LIGHT = (250, 244, 230)
GOLD = (218, 170, 48)
GOLD_DARK = (150, 110, 20)
ACCENT = (150, 48, 36)          # titles, the current player's arrow
BUTTON = (120, 64, 40)
BUTTON_HOVER = (152, 84, 52)
BUTTON_OFF = (170, 156, 136)
BUTTON_ON = (46, 104, 70)       # a toggled mode button
GOOD = (36, 120, 64)
WARN = (176, 110, 10)
BAD = (168, 40, 36)
SHADOW = (0, 0, 0)

# what the marks on targetable regions mean
MARK_CONQUER = (70, 200, 90)
MARK_REINFORCE = (240, 170, 40)
MARK_OWN = (80, 170, 250)
MARK_ABANDON = (230, 80, 60)
MARK_POWER = (200, 110, 240)


def player_colour(key: str, seat: int = 0) -> Colour:
    if key in PALETTE:
        return PALETTE[key]
    return PALETTE[PALETTE_ORDER[seat % len(PALETTE_ORDER)]]


def player_symbol(key: str, seat: int = 0) -> str:
    if key in PLAYER_SYMBOLS:
        return PLAYER_SYMBOLS[key]
    return PLAYER_SYMBOLS[PALETTE_ORDER[seat % len(PALETTE_ORDER)]]


def readable_on(colour: Colour) -> Colour:
    """Ink that reads on a background of `colour`."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else INK_LIGHT


class Fonts:
    """Fonts by size and weight, made once."""

    FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
             "condensed": "DejaVuSansCondensed.ttf", "condensed-bold": "DejaVuSansCondensed-Bold.ttf"}

    def __init__(self) -> None:
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def get(self, size: int, weight: str = "regular") -> pygame.font.Font:
        size = max(8, int(size))
        key = (weight, size)
        f = self._fonts.get(key)
        if f is None:
            path = FONT_DIR / self.FILES.get(weight, self.FILES["regular"])
            try:
                f = pygame.font.Font(str(path), size)
            except (OSError, FileNotFoundError):
                f = pygame.font.Font(None, size + 4)
            self._fonts[key] = f
        return f


class Text:
    """Rendered text, cached (least recently used first out).

    Text that does not fit its box is noted in `overflows` (a line cut with "…" by `fit`, lines
    a box had no room for, reported with `overflow`): the overflow tests drive every screen in
    every language and expect it to stay empty. `fit(..., excerpt=True)` marks a deliberate
    excerpt (the full text is a click away), which is not an overflow."""

    def __init__(self, fonts: Fonts, limit: int = 1200) -> None:
        self.fonts = fonts
        self.limit = limit
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.overflows: list[str] = []

    def overflow(self, what: str) -> None:
        """Note text that did not fit where it is drawn."""
        if len(self.overflows) < 200:
            self.overflows.append(what)

    def within(self, what: str, rect: pygame.Rect, box: pygame.Rect) -> None:
        """Note `what` (drawn at `rect`) as an overflow when it leaves `box`."""
        if not box.contains(rect):
            self.overflow(what)

    def render(self, text: str, size: int, colour: Colour = INK, weight: str = "regular") -> pygame.Surface:
        key = (text, int(size), colour, weight)
        s = self._cache.get(key)
        if s is not None:
            self._cache.move_to_end(key)
            return s
        s = self.fonts.get(size, weight).render(text, True, colour)
        self._cache[key] = s
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return s

    def size(self, text: str, size: int, weight: str = "regular") -> tuple[int, int]:
        return self.fonts.get(size, weight).size(text)

    def wrap(self, text: str, size: int, width: int, weight: str = "regular") -> list[str]:
        """Split `text` into lines no wider than `width` pixels (words are not broken)."""
        font = self.fonts.get(size, weight)
        lines: list[str] = []
        for para in text.split("\n"):
            words: list[str] = []
            for w in para.split(" "):           # a word wider than the line (a file path) is cut
                while font.size(w)[0] > width and len(w) > 1:
                    k = len(w) - 1
                    while k > 1 and font.size(w[:k])[0] > width:
                        k -= 1
                    words.append(w[:k])
                    w = w[k:]
                words.append(w)
            line = ""
            for w in words:
                cand = f"{line} {w}" if line else w
                if font.size(cand)[0] <= width or not line:
                    line = cand
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines

    def fit(self, text: str, size: int, width: int, weight: str = "regular", excerpt: bool = False) -> str:
        """`text`, shortened with an ellipsis to fit `width` (noted as an overflow unless it is a
        deliberate `excerpt`)."""
        font = self.fonts.get(size, weight)
        if font.size(text)[0] <= width:
            return text
        if not excerpt:
            self.overflow(text)
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text + "…"


def shade_edge(colour: tuple[int, ...]) -> Colour:
    """A darker edge for a filled shape."""
    return (int(colour[0] * 0.6), int(colour[1] * 0.6), int(colour[2] * 0.6))
