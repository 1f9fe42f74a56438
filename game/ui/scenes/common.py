"""Pieces the simpler screens share: the dark table background and a centred card (their
buttons' hover: `widgets.track_hover`)."""
from __future__ import annotations

import pygame

from .. import theme
from ..layout import ui_scale


def backdrop(surf: pygame.Surface) -> None:
    """The wooden table: a dark fill with faint planks."""
    surf.fill(theme.BG)
    w, h = surf.get_size()
    step = max(40, h // 9)
    for y in range(0, h, step):
        pygame.draw.line(surf, (46, 36, 30), (0, y), (w, y), 2)


def card(surf: pygame.Surface, w: int, h: int) -> pygame.Rect:
    """A parchment card centred in the window, `w`×`h` at 1280×800 scale."""
    sw, sh = surf.get_size()
    ui = ui_scale(sw, sh)
    rect = pygame.Rect(0, 0, min(sw - 20, round(w * ui)), min(sh - 20, round(h * ui)))
    rect.center = (sw // 2, sh // 2)
    pygame.draw.rect(surf, (16, 10, 8), rect.move(round(5 * ui), round(7 * ui)), border_radius=round(16 * ui))
    pygame.draw.rect(surf, theme.PANEL, rect, border_radius=round(16 * ui))
    pygame.draw.rect(surf, theme.PANEL_EDGE, rect, max(2, round(3 * ui)), border_radius=round(16 * ui))
    return rect
