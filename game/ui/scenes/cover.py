"""Scenes laid over another on the app's stack: the help, a rules card, the menu, a notice.

`CoverScene` pictures the scene it covers once (when pushed, and again when the window changes
size or language) and draws itself over that picture; the covered scene holds still meanwhile
(it gets no events and no `update`). `CardScene` shows the help or a rules card
(`help.Overlay`): Esc, F1, Enter, its Close button or a click outside it (a rules card: any
click) take it away, the wheel scrolls it, and the help's hints box switches the hints.
"""
from __future__ import annotations

import pygame

from .. import theme
from ..app import App, Scene
from ..help import Overlay
from ..layout import ui_scale
from ..widgets import dimmed


class CoverScene(Scene):
    """A scene over another: the covered one's picture, dimmed or not, under it."""

    dim = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.shade: pygame.Surface | None = None

    def resize(self) -> None:
        self.shade = self.picture_below()
        self.app.dirty()

    def picture_below(self) -> pygame.Surface | None:
        """What the covered scene shows, drawn afresh (None: nothing below)."""
        below = self.app.below(self)
        if below is None:
            return None
        shot = pygame.Surface(self.app.size())
        shot.fill(theme.BG)
        below.draw(shot)
        return dimmed(shot) if self.dim else shot

    def draw_below(self, surf: pygame.Surface) -> None:
        if self.shade is not None and self.shade.get_size() == surf.get_size():
            surf.blit(self.shade, (0, 0))
        else:
            surf.fill(theme.BG)


class CardScene(CoverScene):
    """The help or a rules card over the table."""

    dim = False                        # the card dims what is under it itself

    def __init__(self, app: App, card: Overlay) -> None:
        super().__init__(app)
        self.overlay = card
        self.hover: str | None = None

    def close(self) -> None:
        if self.app.scene is self:
            self.app.pop()

    def handle(self, ev: pygame.event.Event) -> None:
        ov = self.overlay
        ui = ui_scale(*self.app.size())
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.close()
        elif ev.type == pygame.MOUSEWHEEL:
            ov.wheel(ev.y, ui)
            self.app.dirty()
        elif ev.type == pygame.MOUSEMOTION:
            b = ov.hit(ev.pos)
            if (b.id if b else None) != self.hover:
                self.hover = b.id if b else None
                self.app.dirty()
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 3):
            b = ov.hit(ev.pos)
            if b is not None and b.id == "hints":
                self.app.set_hints(not self.app.hints)
            elif b is not None and b.id == "close":
                self.close()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3) and ov.hit(ev.pos) is None:
            if ov.kind == "rules" or not ov.box.collidepoint(ev.pos):
                self.close()          # a click anywhere closes a card (the help: outside)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_below(surf)
        self.overlay.draw(surf, self.app.text, ui_scale(*surf.get_size()), self.app.hints, self.hover)
