"""Rows of settings, shared by the in-game menu and the start screen's sound panel.

Each row is a label over its choices: the language, sound and music on or off, the volume (−
and + with a ten-step bar between them, clicked where wanted), animation speed, computer speed,
hints and full screen; two short rows may share a line. `SettingRows` lays them out in a column,
draws them, answers clicks and works them from the keyboard: one row has the focus (a gold
frame round it), ← and → choose the choice to the left or right (the volume: quieter, louder)
and Enter moves to the next choice. What a choice does is the App's (`set_sound`, `set_volume`,
`set_language`...); the computer speed also concerns the game, which passes `on_bots`.
"""
from __future__ import annotations

from typing import Callable

import pygame

from . import theme
from .app import ANIMATION, App
from .strings import LANGUAGES, language, language_name, t
from .widgets import Button

Choice = tuple[str, str, bool]          # the button's id, its label, whether it is the one chosen


class SettingRows:
    def __init__(self, app: App, lines: list[list[str]], on_bots: Callable[[bool], None] | None = None) -> None:
        self.app = app
        self.lines = lines              # e.g. [["language"], ["sound", "music"], ["volume"]]
        self.on_bots = on_bots
        self.buttons: list[Button] = []
        self.rows: list[tuple[str, pygame.Rect]] = []      # each row's label and where it goes
        self.frames: dict[str, pygame.Rect] = {}           # each row's label and choices together
        self.volume_bar = pygame.Rect(0, 0, 0, 0)          # the level between − and +
        self.focus: str | None = None                      # the row the keys work on
        self._place: tuple[int, int, int, float] = (0, 0, 0, 1.0)

    def keys(self) -> list[str]:
        """The rows in keyboard order: line by line, left to right."""
        return [key for line in self.lines for key in line]

    def choices(self, key: str) -> list[Choice]:
        app = self.app
        on_off = lambda name, on: [(f"{name}:on", t("menu.turn_on"), on),  # noqa: E731 - a local helper
                                   (f"{name}:off", t("menu.turn_off"), not on)]
        if key == "language":
            return [(f"lang:{c}", language_name(c), c == language()) for c in LANGUAGES]
        if key == "sound":
            return on_off("sound", app.sound)
        if key == "music":
            return on_off("music", app.audio.music)
        if key == "animation":
            return [(f"anim:{k}", t(f"menu.anim_{k}"), app.animation == k) for k in ANIMATION]
        if key == "bots":
            return [("bots:normal", t("menu.bots_normal"), not app.bots_fast),
                    ("bots:fast", t("menu.bots_fast"), app.bots_fast)]
        if key == "hints":
            return on_off("hints", app.hints)
        if key == "fullscreen":
            return [("full:on", t("menu.turn_on"), app.fullscreen), ("full:off", t("menu.turn_off"), not app.fullscreen)]
        return []                       # the volume: its own controls

    # -- layout -----------------------------------------------------------------------------------
    def layout(self, x: int, y: int, w: int, ui: float) -> int:
        """Lay the rows out from (x, y) in a column `w` wide; returns the bottom."""
        self._place = (x, y, w, ui)
        px = lambda v: round(v * ui)  # noqa: E731 - a local unit
        self.buttons, self.rows, self.frames = [], [], {}
        ch, gap = px(32), px(6)
        for line in self.lines:
            part = (w - px(24) * (len(line) - 1)) // len(line)
            for n, key in enumerate(line):
                gx = x + n * (part + px(24))
                self.rows.append((t(f"menu.{key}"), pygame.Rect(gx, y, part, px(20))))
                self.frames[key] = pygame.Rect(gx, y, part, px(22) + ch)
                if key == "volume":
                    self.volume_row(gx, y + px(22), part, ch)
                    continue
                choices = self.choices(key)
                cw = (part - gap * (len(choices) - 1)) // len(choices)
                for i, (cid, label, on) in enumerate(choices):
                    self.buttons.append(Button(cid, label, pygame.Rect(gx + i * (cw + gap), y + px(22), cw, ch),
                                               toggled=on, style="quiet"))
            y += px(22) + ch + px(10)
        return y

    def relayout(self) -> None:
        """Lay out again where it was (the choices changed)."""
        self.layout(*self._place)

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
    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the volume bar (not a button): the volume it points at."""
        if self.volume_bar.w and self.volume_bar.inflate(0, 8).collidepoint(pos):
            self.app.set_volume(self.volume_at(pos))
            self.relayout()
            return True
        return False

    def press(self, bid: str) -> bool:
        """Do what a settings button says; False when `bid` is not one of them."""
        app = self.app
        kind, _, arg = bid.partition(":")
        if kind == "lang":
            app.set_language(arg)
        elif kind == "sound":
            app.set_sound(arg == "on")
        elif kind == "music":
            app.set_music(arg == "on")
        elif kind == "vol":
            app.step_volume(1 if arg == "up" else -1)
        elif kind == "anim":
            app.set_animation(arg)
        elif kind == "bots":
            app.set_bots_fast(arg == "fast")
            if self.on_bots is not None:
                self.on_bots(app.bots_fast)
        elif kind == "hints":
            app.set_hints(arg == "on")
        elif kind == "full":
            if (arg == "on") != app.fullscreen:
                app.toggle_fullscreen()
        else:
            return False
        self.relayout()
        return True

    def step(self, key: str, step: int, wrap: bool = False) -> None:
        """The choice left (-1) or right (+1) of the chosen one in row `key` (the volume: a tenth
        quieter or louder); `wrap` goes round from the last to the first (Enter)."""
        if key == "volume":
            self.press("vol:up" if step > 0 else "vol:down")
            return
        choices = self.choices(key)
        now = next((i for i, c in enumerate(choices) if c[2]), 0)
        k = (now + step) % len(choices) if wrap else max(0, min(len(choices) - 1, now + step))
        if k != now:
            self.press(choices[k][0])

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, hover: str | None, ui: float, focus_shown: bool = True) -> None:
        text = self.app.text
        for label, rect in self.rows:
            img = text.render(text.fit(label, round(14 * ui), rect.w, "bold"), round(14 * ui), theme.INK_SOFT, "bold")
            surf.blit(img, rect.topleft)
        for b in self.buttons:
            b.draw(surf, text, hover == b.id, ui)
        self.draw_volume(surf, ui)
        frame = self.frames.get(self.focus) if self.focus and focus_shown else None
        if frame is not None:
            pygame.draw.rect(surf, theme.GOLD, frame.inflate(round(12 * ui), round(10 * ui)),
                             max(2, round(3 * ui)), border_radius=round(8 * ui))

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
