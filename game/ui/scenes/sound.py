"""The sound panel, opened from the start screen ("♪ Sound"): the same sound settings as the
in-game menu (sound on or off, the music loop, the volume with − and + and its bar), pushed over
the dimmed start screen (`close` takes it away), remembered in `settings.json` as soon as they
change. Keys as in the menu: Up/Down (or Tab) go through the rows and "Done", Left/Right choose, Enter moves a row to its next
choice or closes on "Done", − and + the volume, M the sound, Esc closes.
"""
from __future__ import annotations

import pygame

from .. import theme
from ..app import App
from ..layout import ui_scale
from ..setting_rows import SettingRows
from ..strings import t
from ..widgets import Button, centred_box, hit, tooltip, track_hover
from .common import card_frame
from .cover import CoverScene


class SoundScene(CoverScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.settings = SettingRows(app, [["sound", "music"], ["volume"]])
        self.done = Button("done", t("start.sound_done"), pygame.Rect(0, 0, 0, 0), style="primary")
        self.hover: str | None = None
        self.focus = 0                          # the row the keys work on; the last is "Done"
        self.mouse = (0, 0)

    @property
    def buttons(self) -> list[Button]:
        return self.settings.buttons + [self.done]

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def targets(self) -> list[str]:
        return self.settings.keys() + ["done"]

    def enter(self) -> None:
        self.settings.focus = self.targets()[self.focus]

    def box(self) -> pygame.Rect:
        size = self.app.size()
        return centred_box(size, 520, 300, ui_scale(*size))

    def resize(self) -> None:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        super().resize()                        # the screen below, pictured again at this size
        box = self.box()
        px = lambda v: round(v * ui)  # noqa: E731 - a local unit
        bottom = self.settings.layout(box.x + px(36), box.y + px(78), box.w - px(72), ui)
        self.done.label = t("start.sound_done")
        self.done.rect = pygame.Rect(0, 0, px(180), px(42))
        self.done.rect.midbottom = (box.centerx, box.bottom - px(22))
        if bottom > self.done.rect.top:
            self.app.text.overflow("sound panel")
        self.app.dirty()

    def close(self) -> None:
        self.app.pop()

    # -- input ------------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is not None:
                self.press(b.id)
            elif self.settings.click(ev.pos):
                self.app.dirty()
            elif not self.box().collidepoint(ev.pos):
                self.close()                    # a click beside the panel closes it
        elif ev.type == pygame.KEYDOWN:
            chosen = self.targets()[self.focus]
            if ev.key == pygame.K_ESCAPE:
                self.close()
            elif ev.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP):
                back = ev.key == pygame.K_UP or (ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT)
                self.focus = (self.focus + (-1 if back else 1)) % len(self.targets())
                self.settings.focus = self.targets()[self.focus]
                self.app.dirty()
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and chosen != "done":
                self.settings.step(chosen, 1 if ev.key == pygame.K_RIGHT else -1)
                self.app.dirty()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if chosen == "done":
                    self.close()
                else:
                    self.settings.step(chosen, 1, wrap=True)
                    self.app.dirty()
            elif ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.press("vol:down")
            elif ev.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.press("vol:up")
            elif ev.key == pygame.K_m:
                self.press("sound:off" if self.app.sound else "sound:on")

    def press(self, bid: str) -> None:
        if bid == "done":
            self.close()
        elif self.settings.press(bid):
            self.app.dirty()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_below(surf)
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        box = self.box()
        card_frame(surf, box, ui)
        text = self.app.text
        title = text.render(t("start.sound_title"), round(26 * ui), theme.ACCENT, "bold")
        surf.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(22 * ui))))
        self.settings.draw(surf, self.hover, ui)
        self.done.draw(surf, text, self.hover == "done", ui)
        if self.targets()[self.focus] == "done":
            pygame.draw.rect(surf, theme.GOLD, self.done.rect.inflate(round(8 * ui), round(8 * ui)),
                             max(2, round(3 * ui)), border_radius=round(10 * ui))
        tip = self.button(self.hover) if self.hover else None
        if tip is not None and tip.tip:
            tooltip(surf, text, [(tip.tip, round(14 * ui), theme.INK, "regular")], self.mouse, ui,
                    avoid=[b.rect for b in self.buttons])
