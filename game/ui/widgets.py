"""Small drawing pieces shared by the scenes: buttons, panels, text fields, tooltips.

A `Button` is data (an id, a label already translated, a rectangle, whether it is enabled or
toggled on) plus `draw`; scenes rebuild their buttons when what they show changes, hit-test
them with `hit` and follow the pointer with `track_hover`. Tooltips and wrapped text go through the cached `Text` renderer. Nothing here
knows the rules or changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

import pygame

from . import theme
from .theme import Text


@dataclass
class Button:
    id: str
    label: str
    rect: pygame.Rect
    enabled: bool = True
    toggled: bool = False
    style: str = "normal"          # normal | primary | quiet
    tip: str = ""                  # shown on hover (e.g. why it is disabled)
    data: object = None

    def draw(self, surf: pygame.Surface, text: Text, hover: bool, ui: float, pressed: bool = False) -> None:
        r = self.rect
        rad = max(4, round(8 * ui))
        if not self.enabled:
            fill, ink = theme.BUTTON_OFF, (110, 100, 88)
        elif self.toggled:
            fill, ink = theme.BUTTON_ON, theme.INK_LIGHT
        elif self.style == "primary":
            fill, ink = (theme.GOOD if not hover else (52, 146, 84)), theme.INK_LIGHT
        elif self.style == "quiet":
            fill, ink = (theme.PANEL_DARK if not hover else (226, 212, 180)), theme.INK
        else:
            fill, ink = (theme.BUTTON_HOVER if hover else theme.BUTTON), theme.INK_LIGHT
        off = 0 if pressed else max(1, round(2 * ui))
        pygame.draw.rect(surf, (24, 16, 12), r.move(0, off), border_radius=rad)
        pygame.draw.rect(surf, fill, r, border_radius=rad)
        pygame.draw.rect(surf, theme.shade_edge(fill), r, max(1, round(ui)), border_radius=rad)
        size = round(15 * ui)
        label = text.fit(self.label, size, r.w - round(12 * ui), "bold")
        img = text.render(label, size, ink, "bold")
        surf.blit(img, img.get_rect(center=r.center))


def hit(buttons: Sequence[Button], pos: tuple[int, int]) -> Button | None:
    for b in buttons:
        if b.rect.collidepoint(pos):
            return b
    return None


class Hovered(Protocol):
    """A screen whose buttons show what the pointer is over (`track_hover`)."""
    hover: str | None                # the id of what the pointer is over
    mouse: tuple[int, int]           # where it came onto it: a tooltip shows there

    @property
    def app(self) -> Any: ...        # the `App`: redrawn when the hover changes

    @property
    def buttons(self) -> Sequence[Button]: ...


def track_hover(scene: Hovered, pos: tuple[int, int], other: Callable[[tuple[int, int]], str | None] | None = None) -> bool:
    """Remember what the pointer is over: one of the scene's `buttons`, else what `other` names
    there (a row of a list...), in `scene.hover`, and where it came onto it in `scene.mouse` (a
    tooltip shows there). The scene is redrawn only when that changes; True when it did."""
    b = hit(scene.buttons, pos)
    now = b.id if b is not None else (other(pos) if other is not None else None)
    if now == scene.hover:
        return False
    scene.hover = now
    scene.mouse = pos
    scene.app.dirty()
    return True


def panel(surf: pygame.Surface, rect: pygame.Rect, ui: float, fill=theme.PANEL, edge=theme.PANEL_EDGE) -> None:
    rad = max(4, round(10 * ui))
    pygame.draw.rect(surf, fill, rect, border_radius=rad)
    pygame.draw.rect(surf, edge, rect, max(1, round(2 * ui)), border_radius=rad)


def dimmed(shot: pygame.Surface) -> pygame.Surface:
    """A snapshot of the screen darkened in place, as the backdrop of a panel opened over it."""
    dim = pygame.Surface(shot.get_size(), pygame.SRCALPHA)
    dim.fill((20, 14, 10, 170))
    shot.blit(dim, (0, 0))
    return shot


def centred_box(size: tuple[int, int], width: int, height: int, ui: float) -> pygame.Rect:
    """A panel of width x height (at scale 1) in the middle of the window, 10 px from its edges at most."""
    w, h = size
    rect = pygame.Rect(0, 0, min(w - 20, round(width * ui)), min(h - 20, round(height * ui)))
    rect.center = (w // 2, h // 2)
    return rect


_BLOCKS: dict[tuple, list[pygame.Surface]] = {}


def lines_block(text: Text, lines: Sequence[tuple[str, int, tuple, str]], width: int) -> list[pygame.Surface]:
    """Render (text, size, colour, weight) lines, wrapped to `width` (the last few kept: a
    tooltip is drawn again on every pointer move)."""
    key = (id(text), tuple(lines), width)
    try:
        kept = _BLOCKS.get(key)
        keep = True
    except TypeError:                   # a line given as a list: not kept
        kept, keep = None, False
    if kept is not None:
        return kept
    out: list[pygame.Surface] = []
    for s, size, colour, weight in lines:
        for part in text.wrap(s, size, width, weight):
            out.append(text.render(part, size, colour, weight))
    if keep:
        if len(_BLOCKS) >= 64:
            _BLOCKS.clear()
        _BLOCKS[key] = out
    return out


def tooltip(surf: pygame.Surface, text: Text, lines: Sequence[tuple[str, int, tuple, str]],
            at: tuple[int, int], ui: float, max_w: int | None = None,
            avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A parchment box near `at` (kept inside the window) with the given lines, on whichever side
    of the pointer keeps it off the `avoid` rectangles (the buttons)."""
    max_w = max_w or round(340 * ui)
    pad = round(8 * ui)
    imgs = lines_block(text, lines, max_w)
    if not imgs:
        return pygame.Rect(at, (0, 0))
    w = max(i.get_width() for i in imgs) + 2 * pad
    h = sum(i.get_height() for i in imgs) + 2 * pad
    sw, sh = surf.get_size()
    if h > sh - 8:
        text.overflow(lines[0][0] if lines else "tooltip")
    near, far = round(18 * ui), round(10 * ui)
    spots = [(at[0] + near, at[1] + near), (at[0] - w - far, at[1] + near),
             (at[0] + near, at[1] - h - far), (at[0] - w - far, at[1] - h - far)]
    box = None
    best: tuple[int, int] | None = None           # (area over buttons, order) of the best side so far
    for order, (x, y) in enumerate(spots):
        cand = pygame.Rect(min(max(4, x), sw - 4 - w), min(max(4, y), sh - 4 - h), w, h)
        if cand.collidepoint(at):
            continue
        covered = sum(cand.clip(r).w * cand.clip(r).h for r in avoid)
        if best is None or (covered, order) < best:     # no side is clear: the one covering least
            best, box = (covered, order), cand
        if covered == 0:
            break
    if box is None:                          # every side holds the pointer (a tiny window)
        x, y = at[0] + near, at[1] + near
        if x + w > sw - 4:
            x = at[0] - w - far
        if y + h > sh - 4:
            y = at[1] - h - far
        box = pygame.Rect(max(4, x), max(4, y), w, h)
    x, y = box.topleft
    shadow = box.move(round(3 * ui), round(4 * ui))
    pygame.draw.rect(surf, (20, 14, 10), shadow, border_radius=round(6 * ui))
    pygame.draw.rect(surf, (252, 246, 228), box, border_radius=round(6 * ui))
    pygame.draw.rect(surf, theme.PANEL_EDGE, box, max(1, round(ui)), border_radius=round(6 * ui))
    yy = y + pad
    for img in imgs:
        surf.blit(img, (x + pad, yy))
        yy += img.get_height()
    return box


@dataclass
class TextField:
    """A one-line text entry (player names, the game number) with a caret and a selection: a click
    selects the whole text (typing replaces it), Ctrl+A selects all, Ctrl+C / Ctrl+V copy and
    paste, Home/End and the arrows move the caret (with Shift they select), Backspace and
    Delete erase."""
    id: str
    value: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    max_len: int = 16
    digits_only: bool = False
    caret: int = -1                 # where typing goes (-1: the end)
    anchor: int | None = None       # the other end of the selection, None when nothing is selected

    def _caret(self) -> int:
        return len(self.value) if self.caret < 0 or self.caret > len(self.value) else self.caret

    def selection(self) -> tuple[int, int]:
        """(start, end) of the selected text; equal when nothing is selected."""
        c = self._caret()
        a = c if self.anchor is None else max(0, min(self.anchor, len(self.value)))
        return min(a, c), max(a, c)

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.value)

    def _cut_selection(self) -> bool:
        lo, hi = self.selection()
        self.anchor = None
        if lo == hi:
            return False
        self.value = self.value[:lo] + self.value[hi:]
        self.caret = lo
        return True

    def type(self, s: str) -> None:
        self._cut_selection()
        c = self._caret()
        for ch in s:
            if self.digits_only and not ch.isdigit():
                continue
            if ch.isprintable() and len(self.value) < self.max_len:
                self.value = self.value[:c] + ch + self.value[c:]
                c += 1
        self.caret = c

    def backspace(self) -> None:
        if not self._cut_selection():
            c = self._caret()
            if c > 0:
                self.value = self.value[:c - 1] + self.value[c:]
                self.caret = c - 1

    def delete(self) -> None:
        if not self._cut_selection():
            c = self._caret()
            self.value = self.value[:c] + self.value[c + 1:]
            self.caret = c

    def index_at(self, x: int, text: Text, ui: float) -> int:
        """Where in the text a click at window column `x` puts the caret (as `draw` lays it out):
        before the letter whose middle is right of `x`."""
        size = round(16 * ui)
        x0 = self.rect.x + round(7 * ui)
        for i in range(len(self.value)):
            left, right = text.size(self.value[:i], size)[0], text.size(self.value[:i + 1], size)[0]
            if x < x0 + (left + right) / 2:
                return i
        return len(self.value)

    def click(self, x: int, text: Text, ui: float, focused: bool) -> None:
        """A click on the field: one that takes the focus selects the whole text (typing replaces
        it); one in the field already typed in puts the caret where it landed."""
        if focused:
            self.move(self.index_at(x, text, ui))
        else:
            self.select_all()

    def move(self, to: int, select: bool = False) -> None:
        """Put the caret at `to` (clamped); with `select`, extend the selection to it."""
        if select and self.anchor is None:
            self.anchor = self._caret()
        elif not select:
            self.anchor = None
        self.caret = max(0, min(len(self.value), to))

    def key(self, ev: "pygame.event.Event", paste: str | None = None) -> str | None:
        """Handle an editing key; returns the text to copy for Ctrl+C (else None). `paste` is the
        clipboard's text for Ctrl+V."""
        ctrl = bool(ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(ev.mod & pygame.KMOD_SHIFT)
        c = self._caret()
        if ctrl and ev.key == pygame.K_a:
            self.select_all()
        elif ctrl and ev.key == pygame.K_c:
            lo, hi = self.selection()
            return self.value[lo:hi] if lo < hi else self.value
        elif ctrl and ev.key == pygame.K_v:
            if paste:
                self.type(" ".join(paste.split()))
        elif ev.key == pygame.K_BACKSPACE:
            self.backspace()
        elif ev.key == pygame.K_DELETE:
            self.delete()
        elif ev.key == pygame.K_HOME:
            self.move(0, shift)
        elif ev.key == pygame.K_END:
            self.move(len(self.value), shift)
        elif ev.key == pygame.K_LEFT:
            lo, _ = self.selection()
            self.move(c - 1 if shift or self.anchor is None else lo, shift)
        elif ev.key == pygame.K_RIGHT:
            _, hi = self.selection()
            self.move(c + 1 if shift or self.anchor is None else hi, shift)
        return None

    def draw(self, surf: pygame.Surface, text: Text, ui: float, focused: bool, placeholder: str = "",
             now: float = 0.0) -> None:
        r = self.rect
        pygame.draw.rect(surf, (255, 252, 242) if focused else (246, 238, 220), r, border_radius=round(5 * ui))
        pygame.draw.rect(surf, theme.ACCENT if focused else theme.PANEL_EDGE, r,
                         max(1, round((2 if focused else 1) * ui)), border_radius=round(5 * ui))
        size = round(16 * ui)
        shown = self.value or placeholder
        colour = theme.INK if self.value else (150, 138, 120)
        img = text.render(text.fit(shown, size, r.w - round(14 * ui)), size, colour)
        x0 = r.x + round(7 * ui)
        lo, hi = self.selection()
        if focused and self.value and lo < hi:
            sx = x0 + text.size(self.value[:lo], size)[0]
            sw = text.size(self.value[lo:hi], size)[0]
            pygame.draw.rect(surf, (170, 200, 240), (sx, r.y + round(5 * ui), sw, r.h - round(10 * ui)))
        surf.blit(img, (x0, r.centery - img.get_height() // 2))
        if focused:
            cx = x0 + (text.size(self.value[:self._caret()], size)[0] if self.value else 0) + 1
            pygame.draw.line(surf, theme.INK, (cx, r.y + round(6 * ui)), (cx, r.bottom - round(6 * ui)),
                             max(1, round(ui)))


def typing(into: TextField | None) -> None:
    """Run the system's text input only while a text field has the focus (`into`; None: none
    has): its input method, which may be holding a key being composed (an accent, a letter of
    another script), is then told where the field is and ends with the typing, so the next
    click goes to the game instead of to the input method."""
    try:
        if into is None:
            pygame.key.stop_text_input()
        else:
            pygame.key.set_text_input_rect(into.rect)
            pygame.key.start_text_input()
    except pygame.error:                       # no window (a test's headless screen)
        pass


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def put_clipboard(s: str) -> None:
    try:
        pygame.scrap.put_text(s)
    except (pygame.error, AttributeError):
        pass


def marker_chip(surf: pygame.Surface, text: Text, centre: tuple[int, int], m: int, label: str) -> None:
    """A small dark pill on a marker of `m` pixels (centred on its lower right corner): how many
    of it lie there ("×3"), or, when more kinds lie there than can be shown, how many more
    markers ("+4", the tooltip naming them all). Dark, not the red of a token count."""
    img = text.render(label, max(10, round(m * 0.5)), (255, 255, 255), "bold")
    box = img.get_rect(center=centre).inflate(6, 0)
    pygame.draw.rect(surf, (240, 220, 180), box.inflate(3, 3), border_radius=box.h // 2 + 1)
    pygame.draw.rect(surf, (36, 30, 44), box, border_radius=box.h // 2)
    surf.blit(img, img.get_rect(center=box.center))


def player_mark(surf: pygame.Surface, symbol: str, centre: tuple[int, int], r: int,
                fill: tuple[int, int, int]) -> pygame.Rect:
    """A player's colour with its shape (`theme.PLAYER_SYMBOLS`): the second cue that tells the
    five colours apart for colour-blind eyes. Returns the rectangle drawn."""
    x, y = centre
    dark = (20, 14, 10)
    light = theme.readable_on(fill)
    pygame.draw.circle(surf, dark, (x, y + 1), r + 1)
    pygame.draw.circle(surf, fill, (x, y), r)
    k = max(2, round(r * 0.55))
    w = max(1, r // 5)
    if symbol == "circle":
        pygame.draw.circle(surf, light, (x, y), k, w + 1)
    elif symbol == "square":
        pygame.draw.rect(surf, light, pygame.Rect(x - k + 1, y - k + 1, 2 * k - 2, 2 * k - 2))
    elif symbol == "triangle":
        pygame.draw.polygon(surf, light, [(x, y - k), (x + k, y + k - 1), (x - k, y + k - 1)])
    elif symbol == "diamond":
        pygame.draw.polygon(surf, light, [(x, y - k), (x + k, y), (x, y + k), (x - k, y)])
    elif symbol == "cross":
        pygame.draw.line(surf, light, (x - k, y - k), (x + k, y + k), w + 1)
        pygame.draw.line(surf, light, (x - k, y + k), (x + k, y - k), w + 1)
    elif symbol == "plus":
        pygame.draw.line(surf, light, (x - k, y), (x + k, y), w + 1)
        pygame.draw.line(surf, light, (x, y - k), (x, y + k), w + 1)
    elif symbol == "bar":
        pygame.draw.line(surf, light, (x - k, y), (x + k, y), w + 2)
    return pygame.Rect(x - r - 1, y - r - 1, 2 * r + 3, 2 * r + 3)
