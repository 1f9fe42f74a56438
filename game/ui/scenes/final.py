"""The end of the game: every player's coins revealed, the ranking, and the tie-break (R13:
most coins; tied players compare race tokens on the board; still tied, a shared victory)."""
from __future__ import annotations

import pygame

from .. import theme
from ..app import App, Scene
from ..layout import ui_scale
from ..strings import t, tn
from ..table import Table
from ..widgets import Button, hit
from .common import backdrop, card, track_hover


def tokens_on_board(state, seat: int) -> int:
    return sum(r.tokens for r in state.regions.values() if r.owner == seat)


def ranking(state) -> list[tuple[int, int, int]]:
    """(seat, coins, tokens on the board), best first."""
    rows = [(i, p.coins, tokens_on_board(state, i)) for i, p in enumerate(state.players)]
    return sorted(rows, key=lambda r: (-r[1], -r[2], r[0]))


def tie_note(state) -> str:
    rows = ranking(state)
    best = rows[0][1]
    tied = [r for r in rows if r[1] == best]
    if len(tied) < 2:
        return ""
    names = ", ".join(state.players[r[0]].name for r in tied)
    if len(state.winners) > 1:
        return tn("final.shared", best, names=names, coins=best)
    w = state.winners[0] if state.winners else rows[0][0]
    return tn("final.tie_broken", best, names=names, coins=best, name=state.players[w].name,
             tokens=tokens_on_board(state, w))


class FinalScene(Scene):
    def __init__(self, app: App, table: Table) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: list[Button] = []
        self.hover: str | None = None

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def resize(self) -> None:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        bw, bh = round(200 * ui), round(46 * ui)
        y = h // 2 + round(205 * ui)
        self.buttons = [Button("new", t("final.new_game"), pygame.Rect(w // 2 - bw - round(10 * ui), y, bw, bh),
                               style="primary"),
                        Button("quit", t("final.quit"), pygame.Rect(w // 2 + round(10 * ui), y, bw, bh))]
        self.app.dirty()

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is None:
                return
            if b.id == "new":
                self.app.go_home()
            elif b.id == "quit":
                self.app.quit()

    def draw(self, surf: pygame.Surface) -> None:
        backdrop(surf)
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        rect = card(surf, 700, 560)
        text = self.app.text
        s = self.table.state
        title = text.render(t("final.title"), round(34 * ui), theme.ACCENT, "bold")
        surf.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + round(24 * ui))))
        winners = [s.players[i].name for i in s.winners]
        sub = t("final.winner", name=winners[0]) if len(winners) == 1 else t("final.winners", names=", ".join(winners))
        img = text.render(sub, round(20 * ui), theme.INK, "bold")
        surf.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + round(76 * ui))))
        # columns sized to their headings (they differ a lot between languages)
        hsize = round(14 * ui)
        heads = [t("final.place"), t("final.player"), t("final.coins"), t("final.tokens")]
        hw = [text.size(h, hsize, "bold")[0] for h in heads]
        right = rect.right - round(56 * ui)                  # the rows end at rect.right - 40
        w3 = max(hw[3], round(60 * ui))
        w2 = max(hw[2], round(90 * ui))
        x3 = right - w3
        x2 = x3 - round(24 * ui) - w2
        x0 = rect.x + round(56 * ui)
        x1 = x0 + max(hw[0], round(30 * ui)) + round(18 * ui)
        cols = [x0, x1, x2, x3]
        ends = [x1, x2, x3, right + round(6 * ui)]
        y = rect.y + round(130 * ui)
        for label, x, end, width in zip(heads, cols, ends, hw, strict=False):
            img = text.render(label, hsize, theme.INK_SOFT, "bold")
            surf.blit(img, (x, y))
            if x + width > end - round(6 * ui):
                text.overflow(label)
        name_w = x2 - x1 - round(40 * ui)
        y += round(28 * ui)
        place = 0
        prev = None
        rows = ranking(s)
        for n, (seat, coins, tokens) in enumerate(rows):
            if (coins, tokens) != prev:
                place = n + 1
            prev = (coins, tokens)
            row = pygame.Rect(rect.x + round(40 * ui), y - round(4 * ui), rect.w - round(80 * ui), round(44 * ui))
            win = seat in s.winners
            pygame.draw.rect(surf, (250, 236, 180) if win else (240, 230, 208), row, border_radius=round(8 * ui))
            if win:
                pygame.draw.rect(surf, theme.GOLD_DARK, row, max(1, round(2 * ui)), border_radius=round(8 * ui))
            cy = row.centery
            img = text.render(str(place), round(20 * ui), theme.INK, "bold")
            surf.blit(img, (cols[0], cy - img.get_height() // 2))
            colour = theme.player_colour(self.table.seats[seat].colour, seat)
            pygame.draw.circle(surf, colour, (cols[1] + round(10 * ui), cy), round(10 * ui))
            name = s.players[seat].name + ("  " + t("final.crown") if win else "")
            img = text.render(text.fit(name, round(18 * ui), name_w, "bold"), round(18 * ui), theme.INK, "bold")
            surf.blit(img, (cols[1] + round(28 * ui), cy - img.get_height() // 2))
            cs = round(22 * ui)
            surf.blit(self.app.sprites.coin(cs), (cols[2], cy - cs // 2))
            img = text.render(str(coins), round(20 * ui), theme.INK, "bold")
            surf.blit(img, (cols[2] + cs + round(8 * ui), cy - img.get_height() // 2))
            img = text.render(str(tokens), round(18 * ui), theme.INK)
            surf.blit(img, (cols[3] + w3 // 2 - img.get_width() // 2, cy - img.get_height() // 2))
            y += round(50 * ui)
        note = tie_note(s)
        if note:
            for line in text.wrap(note, round(15 * ui), rect.w - round(100 * ui)):
                img = text.render(line, round(15 * ui), theme.INK_SOFT)
                surf.blit(img, img.get_rect(midtop=(rect.centerx, y + round(6 * ui))))
                y += img.get_height()
        if self.buttons and y > self.buttons[0].rect.y:
            text.overflow(note)
        for b in self.buttons:
            b.draw(surf, text, self.hover == b.id, ui)
