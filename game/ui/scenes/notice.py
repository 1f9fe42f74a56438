"""A message on a card with a few buttons: an unreadable save (kept aside), a map that cannot
be loaded, a question before a save is deleted, an unexpected error. It is pushed over the scene
it concerns, which shows dimmed around the card (alone on the stack, the table's dark wood does);
each button runs what the caller passed in (`App.pop` goes back to that scene as it was)."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from .. import theme
from ..app import App
from ..layout import ui_scale
from ..widgets import Button, hit, track_hover
from .common import backdrop, card
from .cover import CoverScene


class NoticeScene(CoverScene):
    def __init__(self, app: App, title: str, body: str,
                 actions: Sequence[tuple[str, str, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.actions = list(actions)
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.mouse = (0, 0)

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def resize(self) -> None:
        super().resize()
        w, h = self.app.size()
        ui = ui_scale(w, h)
        bw, bh, gap = round(220 * ui), round(46 * ui), round(16 * ui)
        total = len(self.actions) * bw + (len(self.actions) - 1) * gap
        x = w // 2 - total // 2
        y = h // 2 + round(120 * ui)
        self.buttons = []
        for i, (bid, label, _) in enumerate(self.actions):
            self.buttons.append(Button(bid, label, pygame.Rect(x + i * (bw + gap), y, bw, bh),
                                       style="primary" if i == 0 else "normal"))
        self.app.dirty()

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is not None:
                for bid, _, fn in self.actions:
                    if bid == b.id:
                        fn()
                        return

    def draw(self, surf: pygame.Surface) -> None:
        if self.shade is not None:
            self.draw_below(surf)
        else:
            backdrop(surf)
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        rect = card(surf, 680, 380)
        text = self.app.text
        y = rect.y + round(34 * ui)
        size = round(26 * ui)
        for line in text.wrap(self.title, size, rect.w - round(60 * ui), "bold"):
            img = text.render(line, size, theme.ACCENT, "bold")
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()
        y = max(y + round(24 * ui), rect.y + round(96 * ui))
        for line in text.wrap(self.body, round(16 * ui), rect.w - round(80 * ui)):
            img = text.render(line, round(16 * ui), theme.INK)
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height() + round(2 * ui)
        if self.buttons and y > self.buttons[0].rect.y:
            text.overflow(self.body)
        for b in self.buttons:
            b.draw(surf, text, self.hover == b.id, ui)
