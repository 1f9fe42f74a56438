"""The in-game menu, over the dimmed table (Esc or the Menu button): resume, rules and help,
the settings (language, sound, animation speed, computer speed, hints, full screen), save and
leave to the title screen, start another game (the current one stays saved and listed there),
and quit. The game autosaves after every move, so leaving or quitting loses nothing; "save"
writes once more to be sure.

Keys: Esc resumes, Up/Down (or Tab) move between the actions and Enter does the one chosen,
F1 opens the help, F11 full screen. Settings are remembered (`settings.json`).
"""
from __future__ import annotations

from typing import Any

import pygame

from .. import theme
from ..app import ANIMATION, App, Scene
from ..layout import ui_scale
from ..strings import LANGUAGES, language, language_name, t
from ..widgets import Button, hit

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
        rect = pygame.Rect(0, 0, min(w - 20, round(900 * ui)), min(h - 20, round(560 * ui)))
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
        bw, bh = px(300), px(46)
        x, y = box.x + px(30), box.y + px(90)
        for aid in ACTIONS:
            self.buttons.append(Button(aid, t(f"menu.{aid}"), pygame.Rect(x, y, bw, bh),
                                       style="primary" if aid == "resume" else "normal"))
            y += bh + px(14)
        # the settings, on the right: a label and a row of choices each
        sx = x + bw + px(40)
        sw = box.right - px(30) - sx
        rows: list[tuple[str, list[tuple[str, str, bool]]]] = [
            ("language", [(f"lang:{c}", language_name(c), c == language()) for c in LANGUAGES]),
            ("sound", [("sound:on", t("menu.turn_on"), self.app.sound), ("sound:off", t("menu.turn_off"), not self.app.sound)]),
            ("animation", [(f"anim:{k}", t(f"menu.anim_{k}"), self.app.animation == k) for k in ANIMATION]),
            ("bots", [("bots:normal", t("menu.bots_normal"), not self.app.bots_fast),
                      ("bots:fast", t("menu.bots_fast"), self.app.bots_fast)]),
            ("hints", [("hints:on", t("menu.turn_on"), self.app.hints), ("hints:off", t("menu.turn_off"), not self.app.hints)]),
            ("fullscreen", [("full:on", t("menu.turn_on"), self.app.fullscreen),
                            ("full:off", t("menu.turn_off"), not self.app.fullscreen)]),
        ]
        self.rows = []
        y = box.y + px(90)
        ch = px(34)
        for key, choices in rows:
            self.rows.append((t(f"menu.{key}"), pygame.Rect(sx, y, sw, px(20))))
            y += px(22)
            gap = px(6)
            cw = (sw - gap * (len(choices) - 1)) // len(choices)
            for i, (cid, label, on) in enumerate(choices):
                self.buttons.append(Button(cid, label, pygame.Rect(sx + i * (cw + gap), y, cw, ch), toggled=on,
                                           style="quiet"))
            y += ch + px(12)
        if y > box.bottom:
            self.app.text.overflow("menu settings")
        self.app.dirty()

    # -- input ------------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            b = hit(self.buttons, ev.pos)
            bid = b.id if b else None
            if bid != self.hover:
                self.hover = bid
                self.app.dirty()
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is not None:
                self.press(b.id)
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
        focus = self.button(ACTIONS[self.focus])
        if focus is not None:
            pygame.draw.rect(surf, theme.GOLD, focus.rect.inflate(round(8 * ui), round(8 * ui)),
                             max(2, round(3 * ui)), border_radius=round(10 * ui))
        keys = t("menu.keys")
        size = round(12 * ui)
        for i, line in enumerate(text.wrap(keys, size, box.w - round(60 * ui))):
            img = text.render(line, size, theme.INK_SOFT)
            surf.blit(img, (box.x + round(30 * ui), box.bottom - round(34 * ui) + i * img.get_height()
                            - (len(text.wrap(keys, size, box.w - round(60 * ui))) - 1) * img.get_height()))
