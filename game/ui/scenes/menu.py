"""The in-game menu, over the dimmed table (Esc or the Menu button): resume, rules and help,
the phones' card while the game has phones on (`PhonesScene`: each seat's code; a seat played
here goes to a phone at any moment), the settings (language, sound on or off, the music loop,
the volume, animation speed, computer speed, hints, full screen; `SettingRows`), save and leave
to the title screen, start another game (the current one stays saved and listed there), and quit. The game autosaves after every
move, so leaving or quitting loses nothing; "save" writes once more to be sure.

Keys: Esc resumes; Up/Down (or Tab) go through the actions, then the settings rows; Enter does
the action chosen or moves a setting to its next choice; Left/Right choose within a setting (and
Right goes from the actions to the settings); F1 opens the help, F11 full screen, − and + the
volume, M the sound. Settings are remembered (`settings.json`).
"""
from __future__ import annotations

import pygame

from .. import theme
from ..app import App
from ..help import Overlay, help_columns
from ..layout import ui_scale
from ..setting_rows import SettingRows
from ..strings import t
from ..table import Table
from ..widgets import Button, centred_box, hit, tooltip, track_hover
from .common import card_frame
from .cover import CardScene, CoverScene
from .phones import PhonesScene

ACTIONS = ("resume", "help", "leave", "new", "quit")
#: ... with the phones' card among them while the game has phones on
PHONE_ACTIONS = ("resume", "help", "phones", "leave", "new", "quit")


class MenuScene(CoverScene):
    """Pushed over the table of `table`'s game, which holds still until the menu is closed."""

    def __init__(self, app: App, table: Table) -> None:
        super().__init__(app)
        self.table = table
        self.actions: list[Button] = []
        self.settings = SettingRows(app, [["language"], ["sound", "music"], ["volume"], ["animation"], ["bots"],
                                          ["hints"], ["fullscreen"]])
        self.hover: str | None = None
        self.focus = 0                          # which action or settings row the keys work on
        self.mouse = (0, 0)

    @property
    def buttons(self) -> list[Button]:
        return self.actions + self.settings.buttons

    @property
    def rows(self) -> list[tuple[str, pygame.Rect]]:
        return self.settings.rows

    @property
    def volume_bar(self) -> pygame.Rect:
        return self.settings.volume_bar

    @property
    def action_ids(self) -> tuple[str, ...]:
        return PHONE_ACTIONS if self.app.phones is not None else ACTIONS

    def targets(self) -> list[str]:
        """What the keys move through: the actions, then the settings rows."""
        return list(self.action_ids) + self.settings.keys()

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def unsaved_table(self) -> Table | None:
        return self.table if self.table.save_error is not None else None

    def box(self) -> pygame.Rect:
        size = self.app.size()
        return centred_box(size, 900, 610, ui_scale(*size))

    def resize(self) -> None:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        self.shade = self.picture_below()
        box = self.box()
        px = lambda v: round(v * ui)  # noqa: E731 - a local unit
        self.actions = []
        # the actions, down the left
        bw, bh = px(320), px(46)
        x, y = box.x + px(30), box.y + px(90)
        for aid in self.action_ids:
            self.actions.append(Button(aid, t(f"menu.{aid}"), pygame.Rect(x, y, bw, bh),
                                       style="primary" if aid == "resume" else "normal",
                                       tip=t("menu.phones_tip") if aid == "phones" else ""))
            y += bh + px(14)
        # the settings, on the right: a label and a row of choices each (two short ones share a line)
        sx = x + bw + px(30)
        bottom = self.settings.layout(sx, box.y + px(86), box.right - px(30) - sx, ui)
        if bottom > box.bottom:
            self.app.text.overflow("menu settings")
        self.app.dirty()

    def volume_at(self, pos: tuple[int, int]) -> float:
        return self.settings.volume_at(pos)

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
        elif ev.type == pygame.KEYDOWN:
            chosen = self.targets()[self.focus]
            on_setting = chosen not in self.action_ids
            if ev.key == pygame.K_ESCAPE:
                self.press("resume")
            elif ev.key in (pygame.K_DOWN, pygame.K_TAB):
                self.move_focus(-1 if ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT else 1)
            elif ev.key == pygame.K_UP:
                self.move_focus(-1)
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if ev.key == pygame.K_RIGHT else -1
                if on_setting:
                    self.settings.step(chosen, step)
                    self.resize()
                elif step > 0:                          # from the actions across to the settings
                    self.move_focus(len(self.action_ids) - self.focus)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if on_setting:
                    self.settings.step(chosen, 1, wrap=True)
                    self.resize()
                else:
                    self.press(chosen)
            elif ev.key == pygame.K_F1:
                self.press("help")
            elif ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.press("vol:down")
            elif ev.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.press("vol:up")
            elif ev.key == pygame.K_m:
                self.press("sound:off" if self.app.sound else "sound:on")

    def move_focus(self, step: int) -> None:
        targets = self.targets()
        self.focus = (self.focus + step) % len(targets)
        chosen = targets[self.focus]
        self.settings.focus = None if chosen in self.action_ids else chosen
        self.resize()

    def press(self, bid: str) -> None:
        app = self.app
        if bid == "resume":
            app.pop()                                  # the table goes on where it stopped
        elif bid == "help":
            app.replace(CardScene(app, Overlay("help", list(help_columns(self.table.match.state, self.table.seats)))))
        elif bid == "phones" and app.phones is not None:
            app.replace(PhonesScene(app, self.table))  # each seat's code; a seat played here may go to a phone
        elif bid in ("leave", "new", "quit"):
            if not self.table.save():                  # already autosaved; once more to be sure
                app.pop()                              # a game that cannot be saved is not left:
                return                                 # the game screen says why (warn_unsaved)
            if bid == "quit":
                app.quit()
            else:
                app.go_home()                          # the start screen lists it among the saved games
        else:
            self.settings.press(bid)
        if app.scene is self:
            self.resize()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_below(surf)
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        box = self.box()
        card_frame(surf, box, ui)
        text = self.app.text
        title = text.render(t("menu.title"), round(30 * ui), theme.ACCENT, "bold")
        surf.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(22 * ui))))
        for b in self.actions:
            b.draw(surf, text, self.hover == b.id, ui)
        self.settings.draw(surf, self.hover, ui)
        chosen = self.targets()[self.focus]
        focus = self.button(chosen) if chosen in self.action_ids else None
        if focus is not None:
            pygame.draw.rect(surf, theme.GOLD, focus.rect.inflate(round(8 * ui), round(8 * ui)),
                             max(2, round(3 * ui)), border_radius=round(10 * ui))
        tip = self.button(self.hover) if self.hover else None
        if tip is not None and tip.tip:
            tooltip(surf, text, [(tip.tip, round(14 * ui), theme.INK, "regular")], self.mouse, ui,
                    avoid=[b.rect for b in self.buttons])
        keys = t("menu.keys")
        size = round(12 * ui)
        lines = text.wrap(keys, size, box.w - round(60 * ui))
        for i, line in enumerate(lines):
            img = text.render(line, size, theme.INK_SOFT)
            surf.blit(img, (box.x + round(30 * ui), box.bottom - round(34 * ui) + i * img.get_height()
                            - (len(lines) - 1) * img.get_height()))
