"""The phones' card: for each person's seat, its QR code and short address (fresh codes for each
game), and whether its phone has joined; a seat whose phone never comes is played on the table.

It is pushed over the game when a game starts with "Phones" on; **Play** (or Enter, or the first
move a phone sends) takes it away. The in-game menu opens it again at any moment: a seat played
on the table there (taken back from its phone) has **Play on a phone**, which gives it a fresh
code, and the card closes when that phone opens its page. The card covers the whole table, so
whoever is at the table sees codes, never anyone's coins. The QR codes are made by segno and
drawn module by module.
"""
from __future__ import annotations

from typing import Any

import pygame
import segno

from .. import theme
from ..app import App, Scene
from ..layout import ui_scale
from ..strings import t
from ..widgets import Button, centred_box, hit, player_mark, tooltip, track_hover
from .common import backdrop, card


def qr_surface(text: str, size: int) -> pygame.Surface:
    """`text` as a QR code, `size` pixels square, dark on white with its quiet zone."""
    qr = segno.make(text, error="m")
    rows = [list(r) for r in qr.matrix]
    border = 2
    n = len(rows) + 2 * border
    cell = max(1, size // n)
    surf = pygame.Surface((n * cell, n * cell))
    surf.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, on in enumerate(row):
            if on:
                surf.fill((0, 0, 0), pygame.Rect((x + border) * cell, (y + border) * cell, cell, cell))
    return surf


class PhonesScene(Scene):
    def __init__(self, app: App, table: Any, seat: int | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat                          # shown for this seat alone: closes when its phone comes
        self.link = app.phones
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.mouse = (0, 0)
        self._codes: dict[int, pygame.Surface] = {}
        self._claimed: set[int] = set()
        self._coded: list[int] = []               # the seats with a code when the buttons were laid out
        self.reopened: set[int] = set()           # seats sent to a phone from this card

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def shown(self) -> list[int]:
        """The seats on the card: the one it was opened for, else every person's seat."""
        seats = self.table.seats
        return [self.seat] if self.seat is not None else [i for i in range(len(seats)) if seats[i].bot is None]

    def columns(self, size: tuple[int, int]) -> tuple[pygame.Rect, int, int]:
        """The card, the top of the seats' columns and a column's width."""
        ui = ui_scale(*size)
        rect = centred_box(size, 1180, 720, ui)
        text = self.app.text
        y = rect.y + round(24 * ui) + text.render(t("phone.title"), round(28 * ui), theme.ACCENT, "bold").get_height()
        y += round(8 * ui)
        for part in text.wrap(t("phone.intro"), round(15 * ui), rect.w - round(80 * ui)):
            y += text.render(part, round(15 * ui), theme.INK_SOFT).get_height()
        y += round(14 * ui)
        return rect, y, (rect.w - round(40 * ui)) // max(1, len(self.shown()))

    def resize(self) -> None:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        r = pygame.Rect(0, 0, round(220 * ui), round(46 * ui))
        r.midbottom = (w // 2, h // 2 + round(360 * ui) - round(22 * ui))
        self.buttons = [Button("play", t("phone.play"), r, style="primary")]
        self._coded = self.link.seats() if self.link is not None else []
        if self.link is not None:                 # a seat played here may go (back) to a phone
            rect, top, col_w = self.columns((w, h))
            text = self.app.text
            line = text.render(t("phone.hot_seat"), round(15 * ui), theme.INK_SOFT).get_height()
            for k, i in enumerate(self.shown()):
                if i in self._coded:
                    continue
                name = text.render(self.table.seats[i].name, round(20 * ui), theme.INK, "bold").get_height()
                below = name + round(10 * ui) + line + round(12 * ui)       # under the name and "played here"
                label = t("phone.to_phone")
                bw = min(col_w - round(20 * ui), text.size(label, round(15 * ui), "bold")[0] + round(30 * ui))
                b = pygame.Rect(0, 0, bw, round(40 * ui))
                b.midtop = (rect.x + round(20 * ui) + col_w * k + col_w // 2, top + below)
                self.buttons.append(Button(f"to_phone:{i}", label, b, tip=t("phone.to_phone_tip")))
        self._codes = {}
        self.app.dirty()

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is not None and b.id == "play":
                self.app.pop()
            elif b is not None and b.id.startswith("to_phone:"):
                self.to_phone(int(b.id.split(":")[1]))
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.app.pop()

    def to_phone(self, seat: int) -> None:
        """The seat played here goes (back) to a phone: a fresh code on the card for it; the seat
        stays on the table until its phone opens the page."""
        if self.link is None or self.table.is_bot(seat) or seat in self.link.seats():
            return
        self.link.reopen(seat)
        self.reopened.add(seat)
        self.resize()

    def update(self, now: float) -> None:
        if self.link is None:
            self.app.pop()
            return
        claimed = self.link.server.claimed()
        if claimed != self._claimed:
            self._claimed = claimed
            self.app.dirty()
        if self.link.seats() != self._coded:
            self.resize()
        if any(it.kind in ("act", "undo") for it in list(self.link.server.inbox.queue)):
            self.app.pop()                        # a phone has begun to play: the table goes on
        elif self.seat is not None and self.seat in claimed:
            self.app.pop()                        # the seat's phone has come: the table goes on
        elif self.reopened & claimed:
            self.app.pop()                        # the phone of a seat sent from here has come

    def wake_in(self, now: float) -> float | None:
        return 0.25

    def draw(self, surf: pygame.Surface) -> None:
        backdrop(surf)
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        rect = card(surf, 1180, 720)
        text = self.app.text
        y = rect.y + round(24 * ui)
        img = text.render(t("phone.title"), round(28 * ui), theme.ACCENT, "bold")
        surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += img.get_height() + round(8 * ui)
        for part in text.wrap(t("phone.intro"), round(15 * ui), rect.w - round(80 * ui)):
            img = text.render(part, round(15 * ui), theme.INK_SOFT)
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()
        y += round(14 * ui)
        link = self.link
        if link is None:
            return
        seats = self.table.seats
        shown = self.shown()
        col_w = (rect.w - round(40 * ui)) // max(1, len(shown))
        qr = min(round(300 * ui), col_w - round(20 * ui))
        for k, i in enumerate(shown):
            cx = rect.x + round(20 * ui) + col_w * k + col_w // 2
            yy = y
            colour = theme.player_colour(seats[i].colour, i)
            name = text.render(text.fit(seats[i].name, round(20 * ui), col_w - round(50 * ui), "bold"),
                               round(20 * ui), theme.INK, "bold")
            nr = name.get_rect(midtop=(cx + round(14 * ui), yy))
            player_mark(surf, theme.player_symbol(seats[i].colour, i), (nr.x - round(18 * ui), nr.centery),
                        round(11 * ui), colour)
            surf.blit(name, nr)
            yy = nr.bottom + round(10 * ui)
            if i not in link.seats():                 # taken back: played here
                img = text.render(t("phone.hot_seat"), round(15 * ui), theme.INK_SOFT)
                surf.blit(img, img.get_rect(midtop=(cx, yy)))
                continue
            code = self._codes.get(i)
            if code is None or code.get_width() > qr:
                code = self._codes[i] = qr_surface(link.address(i), qr)
            pygame.draw.rect(surf, colour, code.get_rect(midtop=(cx, yy)).inflate(round(10 * ui), round(10 * ui)),
                             border_radius=round(6 * ui))
            surf.blit(code, code.get_rect(midtop=(cx, yy)))
            yy += code.get_height() + round(12 * ui)
            short = link.address(i).removeprefix("http://")
            img = text.render(text.fit(short, round(17 * ui), col_w - round(10 * ui), "bold"), round(17 * ui),
                              theme.INK, "bold")
            surf.blit(img, img.get_rect(midtop=(cx, yy)))
            yy += img.get_height() + round(6 * ui)
            joined = i in self._claimed
            line = t("phone.joined_mark") if joined else t("phone.waiting") + " · " + t("phone.hot_seat")
            img = text.render(text.fit(line, round(14 * ui), col_w - round(10 * ui)), round(14 * ui),
                              theme.GOOD if joined else theme.INK_SOFT, "bold" if joined else "regular")
            surf.blit(img, img.get_rect(midtop=(cx, yy)))
        for b in self.buttons:
            b.draw(surf, text, self.hover == b.id, ui)
        tip = self.button(self.hover) if self.hover else None
        if tip is not None and tip.tip:
            tooltip(surf, text, [(tip.tip, round(14 * ui), theme.INK, "regular")], self.mouse, ui,
                    avoid=[b.rect for b in self.buttons])


def open_phones(app: App, game: Any) -> None:
    """The game on the table starts serving its phones (when "Phones" is on): fresh codes, and
    the card with the QR codes over the table. A port that cannot be opened is said on the table's
    message line and the game goes on in hot seat."""
    close_phones(app)
    if not app.phones_on:
        return
    from .phone_link import PhoneLink
    link = PhoneLink(game.table, port=app.phones_port, host=app.phones_host, nudge=app.nudge)
    try:
        link.start()
    except OSError as err:
        game.say(t("phone.cannot_serve", error=str(err)), "bad")
        return
    app.phones = link
    link.publish()
    app.push(PhonesScene(app, game.table))


def close_phones(app: App) -> None:
    """Stop serving the phones (back at the start screen, or the window closes)."""
    link, app.phones = app.phones, None
    if link is not None:
        link.stop()
