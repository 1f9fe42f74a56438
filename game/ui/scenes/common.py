"""Pieces the simpler screens share: the dark table background, a centred card and the card's
frame that the panels opened over a game (menu, sound) draw too (their buttons' hover:
`widgets.track_hover`)."""
from __future__ import annotations

import pygame

from .. import theme
from ..layout import ui_scale
from ..widgets import centred_box


def backdrop(surf: pygame.Surface) -> None:
    """The wooden table: a dark fill with faint planks."""
    surf.fill(theme.BG)
    w, h = surf.get_size()
    step = max(40, h // 9)
    for y in range(0, h, step):
        pygame.draw.line(surf, (46, 36, 30), (0, y), (w, y), 2)


def card(surf: pygame.Surface, w: int, h: int) -> pygame.Rect:
    """A parchment card centred in the window, `w`×`h` at 1280×800 scale."""
    ui = ui_scale(*surf.get_size())
    rect = centred_box(surf.get_size(), w, h, ui)
    card_frame(surf, rect, ui)
    return rect


def card_frame(surf: pygame.Surface, rect: pygame.Rect, ui: float) -> None:
    """The card itself at `rect`: parchment with a dark edge and a shadow below right."""
    pygame.draw.rect(surf, (16, 10, 8), rect.move(round(5 * ui), round(7 * ui)), border_radius=round(16 * ui))
    pygame.draw.rect(surf, theme.PANEL, rect, border_radius=round(16 * ui))
    pygame.draw.rect(surf, theme.PANEL_EDGE, rect, max(2, round(3 * ui)), border_radius=round(16 * ui))
