"""The in-game menu, over the dimmed table (Esc or the Menu button): resume, rules and help,
the settings (language, sound on or off, the music loop, the volume, animation speed, computer
speed, hints, full screen), save and
leave to the title screen, start another game (the current one stays saved and listed there),
and quit. The game autosaves after every move, so leaving or quitting loses nothing; "save"
writes once more to be sure.

Keys: Esc resumes, Up/Down (or Tab) move between the actions and Enter does the one chosen,
F1 opens the help, F11 full screen, − and + the volume, M the sound. Settings are remembered
(`settings.json`).
"""
from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..app import ANIMATION, App, Scene
from ..layout import ui_scale
from ..strings import LANGUAGES, language, language_name, t
from ..widgets import Button, hit, tooltip

ACTIONS = ("resume", "help", "leave", "new", "quit")


class MenuScene(Scene):
    def __init__(self, app: App, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.focus = 0                          # which action Enter does
        self.rows: list[tuple[str, pygame.Rect]] = []   # setting labels and where they go
        self.shade: pygame.Surface | None = None
        self.volume_bar = pygame.Rect(0, 0, 0, 0)      # the level between − and +
        self.mouse = (0, 0)

    def enter(self) -> None:
        shot = self.app.screen.copy()
        dim = pygame.Surface(shot.get_size(), pygame.SRCALPHA)
        dim.fill((20, 14, 10, 170))
        shot.blit(dim, (0, 0))
        self.shade = shot

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def box(self) -> pygame.Rect:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        rect = pygame.Rect(0, 0, min(w - 20, round(900 * ui)), min(h - 20, round(610 * ui)))
        rect.center = (w // 2, h // 2)
        return rect

    def resize(self) -> None:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        if self.shade is not None and self.shade.get_size() != (w, h):
            self.shade = pygame.transform.smoothscale(self.shade, (w, h))
        box = self.box()
        px = lambda v: round(v * ui)  # noqa: E731 - a local unit
        self.buttons = []
        # the actions, down the left
        bw, bh = px(320), px(46)
        x, y = box.x + px(30), box.y + px(90)
        for aid in ACTIONS:
            self.buttons.append(Button(aid, t(f"menu.{aid}"), pygame.Rect(x, y, bw, bh),
                                       style="primary" if aid == "resume" else "normal"))
            y += bh + px(14)
        # the settings, on the right: a label and a row of choices each (two short ones share a line)
        sx = x + bw + px(30)
        sw = box.right - px(30) - sx
        on_off = lambda key, on: [(f"{key}:on", t("menu.turn_on"), on),  # noqa: E731 - a local helper
                                  (f"{key}:off", t("menu.turn_off"), not on)]
        rows: list[list[tuple[str, list[tuple[str, str, bool]]]]] = [
            [("language", [(f"lang:{c}", language_name(c), c == language()) for c in LANGUAGES])],
            [("sound", on_off("sound", self.app.sound)), ("music", on_off("music", self.app.audio.music))],
            [("volume", [])],
            [("animation", [(f"anim:{k}", t(f"menu.anim_{k}"), self.app.animation == k) for k in ANIMATION])],
            [("bots", [("bots:normal", t("menu.bots_normal"), not self.app.bots_fast),
                       ("bots:fast", t("menu.bots_fast"), self.app.bots_fast)])],
            [("hints", on_off("hints", self.app.hints))],
            [("fullscreen", [("full:on", t("menu.turn_on"), self.app.fullscreen),
                             ("full:off", t("menu.turn_off"), not self.app.fullscreen)])],
        ]
        self.rows = []
        y = box.y + px(86)
        ch = px(32)
        gap = px(6)
        for row in rows:
            part = (sw - px(24) * (len(row) - 1)) // len(row)
            for n, (key, choices) in enumerate(row):
                gx = sx + n * (part + px(24))
                self.rows.append((t(f"menu.{key}"), pygame.Rect(gx, y, part, px(20))))
                if key == "volume":
                    self.volume_row(gx, y + px(22), part, ch)
                    continue
                cw = (part - gap * (len(choices) - 1)) // len(choices)
                for i, (cid, label, on) in enumerate(choices):
                    self.buttons.append(Button(cid, label, pygame.Rect(gx + i * (cw + gap), y + px(22), cw, ch),
                                               toggled=on, style="quiet"))
            y += px(22) + ch + px(10)
        if y > box.bottom:
            self.app.text.overflow("menu settings")
        self.app.dirty()

    def volume_row(self, x: int, y: int, w: int, h: int) -> None:
        """− and + buttons with the level between them: a bar of ten steps, clicked where wanted."""
        self.buttons.append(Button("vol:down", "−", pygame.Rect(x, y, h + h // 2, h), style="quiet",
                                   tip=t("menu.volume_down")))
        self.buttons.append(Button("vol:up", "+", pygame.Rect(x + w - h - h // 2, y, h + h // 2, h), style="quiet",
                                   tip=t("menu.volume_up")))
        pad = h // 3
        self.volume_bar = pygame.Rect(x + h + h // 2 + pad, y, w - 2 * (h + h // 2 + pad), h)

    def volume_at(self, pos: tuple[int, int]) -> float:
        """The volume a click on the bar asks for: its left end is silence, its right end full."""
        bar = self.volume_bar
        return round(max(0.0, min(1.0, (pos[0] - bar.x) / max(1, bar.w))) * 10) / 10

    # -- input ------------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            b = hit(self.buttons, ev.pos)
            bid = b.id if b else None
            if bid != self.hover:
                self.hover = bid
                self.app.dirty()
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is not None:
                self.press(b.id)
            elif self.volume_bar.inflate(0, 8).collidepoint(ev.pos):
                self.app.set_volume(self.volume_at(ev.pos))
                self.resize()
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.press("resume")
            elif ev.key in (pygame.K_DOWN, pygame.K_TAB):
                self.move_focus(-1 if ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT else 1)
            elif ev.key == pygame.K_UP:
                self.move_focus(-1)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.press(ACTIONS[self.focus])
            elif ev.key == pygame.K_F1:
                self.press("help")
            elif ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.press("vol:down")
            elif ev.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.press("vol:up")
            elif ev.key == pygame.K_m:
                self.press("sound:off" if self.app.sound else "sound:on")

    def move_focus(self, step: int) -> None:
        self.focus = (self.focus + step) % len(ACTIONS)
        self.resize()

    def press(self, bid: str) -> None:
        app = self.app
        if bid == "resume":
            self.game.keep_mode = True                 # a redeploy being arranged is still there
            app.switch(self.game)
        elif bid == "help":
            app.switch(self.game)
            self.game.open_help()
        elif bid in ("leave", "new", "quit"):
            if not self.game.table.save():             # already autosaved; once more to be sure
                app.switch(self.game)                  # a game that cannot be saved is not left:
                return                                 # the game screen says why (warn_unsaved)
            if bid == "quit":
                app.quit()
            else:
                app.go_home()                          # the start screen lists it among the saved games
        elif bid.startswith("lang:"):
            app.set_language(bid[len("lang:"):])
        elif bid.startswith("sound:"):
            app.set_sound(bid == "sound:on")
        elif bid.startswith("music:"):
            app.set_music(bid == "music:on")
        elif bid in ("vol:down", "vol:up"):
            app.step_volume(1 if bid == "vol:up" else -1)
        elif bid.startswith("anim:"):
            app.set_animation(bid[len("anim:"):])
        elif bid.startswith("bots:"):
            app.set_bots_fast(bid == "bots:fast")
            self.game.fast = app.bots_fast
        elif bid.startswith("hints:"):
            app.set_hints(bid == "hints:on")
        elif bid.startswith("full:"):
            if (bid == "full:on") != app.fullscreen:
                app.toggle_fullscreen()
        if app.scene is self:
            self.resize()

    # -- drawing ----------------------------------------------------------------------------------
    def draw_volume(self, surf: pygame.Surface, ui: float) -> None:
        """Ten steps, lit up to the volume (pale when the sound is off), and the level in words."""
        bar = self.volume_bar
        if not bar.w:
            return
        level = round(self.app.audio.volume * 10)
        lit = theme.BUTTON_ON if self.app.sound else theme.BUTTON_OFF
        step = bar.w / 10
        for i in range(10):
            h = round(bar.h * (0.35 + 0.065 * i))           # rising, like a volume wedge
            cell = pygame.Rect(round(bar.x + i * step) + 1, bar.bottom - h, max(2, round(step) - 3), h)
            pygame.draw.rect(surf, lit if i < level else theme.PANEL_DARK, cell, border_radius=max(1, round(2 * ui)))
            pygame.draw.rect(surf, theme.PANEL_EDGE, cell, 1, border_radius=max(1, round(2 * ui)))
        words = t("menu.volume_level", n=level * 10) if self.app.sound else t("menu.volume_off")
        img = self.app.text.render(words, round(13 * ui), theme.INK, "bold")
        back = img.get_rect(topleft=(bar.x + 2, bar.y - 1)).inflate(round(8 * ui), round(2 * ui))
        back.topleft = (bar.x, bar.y)
        pygame.draw.rect(surf, theme.PANEL, back, border_radius=max(2, round(4 * ui)))
        surf.blit(img, img.get_rect(center=back.center))

    def draw(self, surf: pygame.Surface) -> None:
        if self.shade is not None:
            surf.blit(self.shade, (0, 0))
        else:
            surf.fill(theme.BG)
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        box = self.box()
        pygame.draw.rect(surf, (16, 10, 8), box.move(round(5 * ui), round(7 * ui)), border_radius=round(16 * ui))
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=round(16 * ui))
        pygame.draw.rect(surf, theme.PANEL_EDGE, box, max(2, round(3 * ui)), border_radius=round(16 * ui))
        text = self.app.text
        title = text.render(t("menu.title"), round(30 * ui), theme.ACCENT, "bold")
        surf.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(22 * ui))))
        for label, rect in self.rows:
            img = text.render(text.fit(label, round(14 * ui), rect.w, "bold"), round(14 * ui), theme.INK_SOFT, "bold")
            surf.blit(img, rect.topleft)
        for b in self.buttons:
            b.draw(surf, text, self.hover == b.id, ui)
        self.draw_volume(surf, ui)
        focus = self.button(ACTIONS[self.focus])
        if focus is not None:
            pygame.draw.rect(surf, theme.GOLD, focus.rect.inflate(round(8 * ui), round(8 * ui)),
                             max(2, round(3 * ui)), border_radius=round(10 * ui))
        tip = self.button(self.hover) if self.hover else None
        if tip is not None and tip.tip:
            tooltip(surf, text, [(tip.tip, round(14 * ui), theme.INK, "regular")], self.mouse, ui,
                    avoid=[b.rect for b in self.buttons])
        keys = t("menu.keys")
        size = round(12 * ui)
        for i, line in enumerate(text.wrap(keys, size, box.w - round(60 * ui))):
            img = text.render(line, size, theme.INK_SOFT)
            surf.blit(img, (box.x + round(30 * ui), box.bottom - round(34 * ui) + i * img.get_height()
                            - (len(text.wrap(keys, size, box.w - round(60 * ui))) - 1) * img.get_height()))
