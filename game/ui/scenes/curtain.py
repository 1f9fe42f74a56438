"""The hand-over: "pass the device to NAME", with the board hidden.

Shown whenever another person must act: a new turn, or a defender placing the tokens they got
back. It is pushed over the table, which holds still under it, and it is private: nothing of
the game shows behind it, and nothing takes it away but the next player. The player who just
finished may hold a button to see what they scored (their coins are secret, R7); the next player
lifts the curtain with the button that names them (`lift`).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.rules import WITHDRAW, asked

from .. import theme
from ..app import App, Scene
from ..layout import ui_scale
from ..playview import PlayView
from ..strings import t, tn
from ..widgets import Button, hit, player_mark, track_hover
from .common import backdrop, card


class PassScene(Scene):
    private = True

    def __init__(self, app: App, game: PlayView, seat: int, last_score: Any = None) -> None:
        super().__init__(app)
        self.game = game
        self.seat = seat
        self.last_score = last_score
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.pressed: str | None = None
        self.mouse = (0, 0)

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def resize(self) -> None:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        name = self.game.state.players[self.seat].name
        label = t("pass.ready", name=name)
        bw = max(round(260 * ui), self.app.text.size(label, round(15 * ui), "bold")[0] + round(40 * ui))
        ready = pygame.Rect(0, 0, bw, round(50 * ui))
        ready.center = (w // 2, h // 2 + round(120 * ui))
        self.buttons = [Button("ready", label, ready, style="primary")]
        if self.last_score is not None:
            who = self.game.state.players[self.last_score[0]].name
            label = t("pass.peek", name=who)
            pw = max(round(420 * ui), self.app.text.size(label, round(15 * ui), "bold")[0] + round(30 * ui))
            peek = pygame.Rect(0, 0, min(pw, round(600 * ui)), round(38 * ui))
            peek.center = (w // 2, h // 2 - round(150 * ui))
            self.buttons.append(Button("peek", t("pass.peek", name=who), peek, style="quiet"))
        self.app.dirty()

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            self.pressed = b.id if b else None
            self.app.dirty()
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            pressed, self.pressed = self.pressed, None
            b = hit(self.buttons, ev.pos)
            self.app.dirty()
            if b is not None and b.id == pressed == "ready":
                self.lift()
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.lift()

    def update(self, now: float) -> None:
        link = self.app.phones
        if link is not None and self.seat in link.server.claimed():
            self.app.pop()                       # that player's phone took the seat: nothing to hand over

    def wake_in(self, now: float) -> float | None:
        return 0.25 if self.app.phones is not None else None

    def lift(self) -> None:
        """The next player is at the screen: the curtain goes and the table comes back for them."""
        self.app.pop()
        self.game.handed_over(self.seat)

    def draw(self, surf: pygame.Surface) -> None:
        backdrop(surf)
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        rect = card(surf, 620, 440)
        text = self.app.text
        s = self.game.state
        p = s.players[self.seat]
        colour = theme.player_colour(self.game.table.seats[self.seat].colour, self.seat)
        y = rect.y + round(110 * ui)
        img = text.render(t("pass.title"), round(20 * ui), theme.INK_SOFT)
        surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += img.get_height() + round(12 * ui)
        name = text.render(p.name, round(40 * ui), theme.INK, "bold")
        nr = name.get_rect(midtop=(rect.centerx + round(16 * ui), y))
        symbol = theme.player_symbol(self.game.table.seats[self.seat].colour, self.seat)
        player_mark(surf, symbol, (nr.x - round(22 * ui), nr.centery), round(14 * ui), colour)
        surf.blit(name, nr)
        y = nr.bottom + round(14 * ui)
        if asked(s) is not None:                  # a decision out of turn: the attacker's turn waits
            line = t("pass.asked", attacker=s.players[s.turn.seat].name)
        elif s.turn.phase == WITHDRAW and s.turn.withdraw:
            seat, race = s.turn.withdraw[0]
            hold, _ = p.hold(race)
            n = hold.hand if hold else 0
            line = tn("pass.withdraw", n, tokens=n, attacker=s.players[s.turn.seat].name)
        else:
            line = t("pass.turn", round=s.round, turns=s.board.turns)
        inner = rect.inflate(-round(40 * ui), 0)
        for part in text.wrap(line, round(16 * ui), inner.w):
            img = text.render(part, round(16 * ui), theme.INK)
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()
        y += round(6 * ui)
        for part in text.wrap(t("pass.secret"), round(14 * ui), inner.w):
            img = text.render(part, round(14 * ui), theme.INK_SOFT)
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()
        ready = self.button("ready")
        if ready is not None and y > ready.rect.y - round(4 * ui):
            text.overflow(line)
        title = t("pass.title")
        if text.size(title, round(20 * ui))[0] > inner.w:
            text.overflow(title)
        for b in self.buttons:
            if b.id == "peek" and self.pressed == "peek" and self.last_score is not None:
                pygame.draw.rect(surf, (250, 236, 180), b.rect, border_radius=round(8 * ui))
                pygame.draw.rect(surf, theme.GOLD_DARK, b.rect, 2, border_radius=round(8 * ui))
                who = s.players[self.last_score[0]].name
                msg = tn("pass.scored", self.last_score[1], name=who, coins=self.last_score[1])
                img = text.render(text.fit(msg, round(15 * ui), b.rect.w - round(12 * ui), "bold"), round(15 * ui),
                                  theme.INK, "bold")
                surf.blit(img, img.get_rect(center=b.rect.center))
            else:
                b.draw(surf, text, self.hover == b.id, ui, pressed=self.pressed == b.id)
