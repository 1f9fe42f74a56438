"""The end of the game, on three pages: the ranking with every player's coins revealed and the
tie-break when it decided (R13: most coins; tied players compare race tokens on the board; still
tied, a shared victory); the story of the game, told only now (coins round by round as a chart,
the races and powers each player led and for how long, coins by source, the best turn); and the
final board. Computer seats are marked. "Export as PNG" writes the story and the board to a new
picture file (atomically, never over an existing file). When the game's end could not be saved
(a full disk), a band says so plainly with a "Try again" button; the screen also tries again by
itself every few seconds, the window tries again on leaving and quitting, and a window that closes
with it still unwritten keeps it where the next start puts it back (`Table.keep_elsewhere`). The story is read from the match's
records by `game.story`; drawing lives in `ui/story_view.py`.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.rules import BY_COINS, SHARED, outcome
from game.story import Story, tell

from .. import theme
from ..app import App, Scene
from ..layout import ui_scale
from ..story_view import draw_board_page, draw_story_page, export_png, seat_tag
from ..strings import t, tn
from ..table import Table
from ..widgets import Button, hit, player_mark, track_hover
from .common import backdrop, card

PAGES = ("ranking", "story", "board")
RETRY_SECONDS = 5.0          # how often the ranking screen tries again to write an unsaved end


def tie_note(state: Any) -> str:
    """The sentence under the ranking when several players had the most coins: who won on the
    tokens on the board, or that the victory is shared (R13, as `outcome` settled it)."""
    res = outcome(state)
    if res.decided_by == BY_COINS:
        return ""
    best = res.top_coins
    names = ", ".join(state.players[i].name for i in res.tied_on_coins)
    if res.decided_by == SHARED:
        return tn("final.shared", best, names=names, coins=best)
    w = res.winners[0]
    return tn("final.tie_broken", best, names=names, coins=best, name=state.players[w].name,
              tokens=res.of(w).tokens)


def read_story(table: Any) -> Story | None:
    """The story of the table's match, or None when there is no record to read."""
    match = getattr(table, "match", None)
    if match is None or not getattr(match, "states", None):
        return None
    return tell(match.states, match.records)


class FinalScene(Scene):
    def __init__(self, app: App, table: Table) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.page = "ranking"
        self.story = read_story(table)
        self.message = ""
        self.message_kind = "good"
        self.exported: Any = None           # the path of the last picture written
        self._board_cache: dict[str, Any] = {}
        self.retry_at = 0.0                 # when the unwritten end is tried again by itself
        self.quit_warned = False
        if getattr(table, "save_error", None) is not None:    # the disk was full at the last move: try again now
            app.hold_unsaved(self)
            self.retry_save(quiet=True)

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def resize(self) -> None:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        rect = self.card_rect()
        bh = round(42 * ui)
        y = rect.bottom - bh - round(16 * ui)
        gap = round(10 * ui)
        pages = [p for p in PAGES if p == "ranking" or self.story is not None]
        size = round(15 * ui)

        def width(label: str, least: int) -> int:
            return max(round(least * ui), self.app.text.size(label, size, "bold")[0] + round(28 * ui))

        self.buttons = []
        x = rect.x + round(20 * ui)
        for p in pages:
            label = t(f"story.tab_{p}")
            bw = width(label, 110)
            self.buttons.append(Button(f"page_{p}", label, pygame.Rect(x, y, bw, bh), toggled=p == self.page,
                                       style="quiet"))
            x += bw + gap
        if self.unsaved:
            band = self.unsaved_rect()
            label = t("final.try_again")
            bw = width(label, 130)
            self.buttons.append(Button("retry", label, pygame.Rect(band.right - bw - round(10 * ui),
                                       band.centery - bh // 2, bw, bh), style="primary"))
        right = rect.right - round(20 * ui)
        ends = [("quit", t("final.quit"), "normal", 110), ("new", t("final.new_game"), "primary", 150)]
        if self.story is not None:
            ends.append(("export", t("story.export"), "normal", 150))
        for bid, label, style, least in ends:
            bw = width(label, least)
            self.buttons.append(Button(bid, label, pygame.Rect(right - bw, y, bw, bh), style=style))
            right -= bw + gap
        if x - gap > right + gap:
            for b in self.buttons:
                self.app.text.overflow(b.label)
        self.app.dirty()

    def card_rect(self) -> pygame.Rect:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        rect = pygame.Rect(0, 0, min(w - 20, round(1220 * ui)), min(h - 20, round(760 * ui)))
        rect.center = (w // 2, h // 2)
        return rect

    @property
    def unsaved(self) -> bool:
        """The game's last save failed: its end is not written yet."""
        return getattr(self.table, "save_error", None) is not None

    def unsaved_rect(self) -> pygame.Rect:
        """The band that says the end of the game is not written yet, above the buttons."""
        w, h = self.app.size()
        ui = ui_scale(w, h)
        rect = self.card_rect()
        bh = round(42 * ui)
        height = round(64 * ui)
        bottom = rect.bottom - bh - round(16 * ui) - round(24 * ui)
        return pygame.Rect(rect.x + round(20 * ui), bottom - height, rect.w - round(40 * ui), height)

    # -- the end not yet written (a full disk) ------------------------------------------------------
    def retry_save(self, quiet: bool = False) -> bool:
        """Try to write the game again; True when it is written. Said on the message line unless
        `quiet` (the tries the screen makes by itself)."""
        had = self.unsaved
        ok = self.table.save() if had else True
        self.retry_at = self.app.clock() + RETRY_SECONDS
        if ok:
            self.app.retry_unsaved()
            if had:
                self.message, self.message_kind = t("final.saved_now", path=str(self.table.save_path)), "good"
                self.resize()
        elif not quiet:
            self.message, self.message_kind = t("final.still_unsaved", error=self.table.save_error), "bad"
        self.app.dirty()
        return ok

    def update(self, now: float) -> None:
        if self.unsaved and now >= self.retry_at:
            self.retry_save(quiet=True)

    def wake_in(self, now: float) -> float | None:
        return max(0.0, self.retry_at - now) if self.unsaved else None

    def pending_in(self, now: float) -> float | None:
        return None

    # -- input ------------------------------------------------------------------------------------
    def show(self, page: str) -> None:
        if page in PAGES and (page == "ranking" or self.story is not None):
            self.page = page
            self.resize()

    def turn_page(self, step: int) -> None:
        pages = [p for p in PAGES if p == "ranking" or self.story is not None]
        self.show(pages[(pages.index(self.page) + step) % len(pages)])

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is not None:
                self.press(b.id)
        elif ev.type == pygame.KEYDOWN:
            shift = bool(getattr(ev, "mod", 0) & pygame.KMOD_SHIFT)
            if ev.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) or (ev.key == pygame.K_TAB and not shift):
                self.turn_page(1)
            elif ev.key in (pygame.K_LEFT, pygame.K_PAGEUP) or (ev.key == pygame.K_TAB and shift):
                self.turn_page(-1)
            elif ev.key in (pygame.K_1, pygame.K_2, pygame.K_3):
                self.show(PAGES[ev.key - pygame.K_1])
            elif ev.key == pygame.K_e or (ev.key == pygame.K_s and getattr(ev, "mod", 0) & pygame.KMOD_CTRL):
                self.press("export")
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.press("new")

    def press(self, bid: str) -> None:
        if bid.startswith("page_"):
            self.show(bid[len("page_"):])
        elif bid == "export" and self.story is not None:
            self.export()
        elif bid == "retry":
            self.retry_save()
        elif bid == "new":
            self.app.go_home()             # the switch tries the save again and keeps the table if it fails
        elif bid == "quit":
            if self.unsaved and not self.retry_save(quiet=True) and not self.quit_warned \
                    and self.table.keep_elsewhere() is None:
                self.quit_warned = True      # nowhere to keep it: say so once before leaving without it
                self.message, self.message_kind = t("final.quit_unsaved"), "bad"
                self.app.dirty()
                return
            self.app.quit()

    def export(self) -> None:
        from game.saves import data_dir
        assert self.story is not None
        try:
            path = export_png(self.app, self.table, self.story, data_dir() / "pictures")
        except (OSError, pygame.error) as err:
            self.message, self.message_kind = t("story.export_failed", error=str(err)), "bad"
        else:
            self.exported = path
            self.message, self.message_kind = t("story.exported", path=str(path)), "good"
        self.app.dirty()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        backdrop(surf)
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        rect = self.card_rect()
        card(surf, round(rect.w / ui), round(rect.h / ui))
        area = pygame.Rect(rect.x, rect.y, rect.w, rect.h - round(70 * ui))
        if self.unsaved:
            area.h = self.unsaved_rect().y - area.y
        if self.page == "story" and self.story is not None:
            draw_story_page(surf, area, self.app, self.table, self.story)
        elif self.page == "board":
            draw_board_page(surf, area, self.app, self.table, self._board_cache)
        else:
            self.draw_ranking(surf, area)
        if self.message:
            colour = theme.GOOD if self.message_kind == "good" else theme.BAD
            size = round(13 * ui)
            line = self.app.text.fit(self.message, size, rect.w - round(40 * ui), excerpt=True)
            img = self.app.text.render(line, size, colour, "bold")
            surf.blit(img, img.get_rect(midbottom=(rect.centerx, self.buttons[0].rect.y - round(4 * ui))))
        if self.unsaved:
            self.draw_unsaved(surf, ui)
        for b in self.buttons:
            b.draw(surf, self.app.text, self.hover == b.id, ui)

    def draw_unsaved(self, surf: pygame.Surface, ui: float) -> None:
        """The band: the end is not saved yet, plainly, and the Try again button beside it."""
        band = self.unsaved_rect()
        pygame.draw.rect(surf, (252, 226, 214), band, border_radius=round(8 * ui))
        pygame.draw.rect(surf, theme.BAD, band, max(1, round(2 * ui)), border_radius=round(8 * ui))
        retry = self.button("retry")
        right = (retry.rect.x if retry is not None else band.right) - round(12 * ui)
        width = right - band.x - round(16 * ui)
        key = "final.unsaved_full" if self.table.save_full else "final.unsaved"
        text = t(key, error=self.table.save_error, path=str(self.table.save_path.parent))
        size = round(14 * ui)
        lines = self.app.text.wrap(text, size, width, "bold")
        while len(lines) > 2 and size > round(10 * ui):
            size -= 1
            lines = self.app.text.wrap(text, size, width, "bold")
        if len(lines) > 3:
            lines = lines[:2] + [self.app.text.fit(" ".join(lines[2:]), size, width, "bold", excerpt=True)]
        imgs = [self.app.text.render(line, size, theme.INK, "bold") for line in lines]
        y = band.centery - sum(i.get_height() for i in imgs) // 2
        for img in imgs:
            surf.blit(img, (band.x + round(16 * ui), y))
            y += img.get_height()

    def draw_ranking(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        text = self.app.text
        s = self.table.state
        title = text.render(t("final.title"), round(34 * ui), theme.ACCENT, "bold")
        surf.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + round(24 * ui))))
        res = outcome(s)
        winners = [s.players[i].name for i in res.winners]
        sub = t("final.winner", name=winners[0]) if len(winners) == 1 else t("final.winners", names=", ".join(winners))
        img = text.render(sub, round(20 * ui), theme.INK, "bold")
        surf.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + round(76 * ui))))
        inner = pygame.Rect(0, 0, min(rect.w, round(720 * ui)), rect.h)
        inner.centerx = rect.centerx
        # columns sized to their headings (they differ a lot between languages)
        hsize = round(14 * ui)
        heads = [t("final.place"), t("final.player"), t("final.coins"), t("final.tokens")]
        hw = [text.size(h, hsize, "bold")[0] for h in heads]
        right = inner.right - round(56 * ui)                  # the rows end at inner.right - 40
        w3 = max(hw[3], round(60 * ui))
        w2 = max(hw[2], round(90 * ui))
        x3 = right - w3
        x2 = x3 - round(24 * ui) - w2
        x0 = inner.x + round(56 * ui)
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
        for st in res.standings:
            seat, coins, tokens, place, win = st.seat, st.coins, st.tokens, st.place, st.won
            row = pygame.Rect(inner.x + round(40 * ui), y - round(4 * ui), inner.w - round(80 * ui), round(50 * ui))
            pygame.draw.rect(surf, (250, 236, 180) if win else (240, 230, 208), row, border_radius=round(8 * ui))
            if win:
                pygame.draw.rect(surf, theme.GOLD_DARK, row, max(1, round(2 * ui)), border_radius=round(8 * ui))
            cy = row.centery
            img = text.render(str(place), round(20 * ui), theme.INK, "bold")
            surf.blit(img, (cols[0], cy - img.get_height() // 2))
            key = self.table.seats[seat].colour
            player_mark(surf, theme.player_symbol(key, seat), (cols[1] + round(10 * ui), cy), round(11 * ui),
                        theme.player_colour(key, seat))
            name = s.players[seat].name + ("  " + t("final.crown") if win else "")
            tag = seat_tag(self.table, seat)
            img = text.render(text.fit(name, round(18 * ui), name_w, "bold", excerpt=True), round(18 * ui),
                              theme.INK, "bold")
            ny = cy - img.get_height() // 2 - (round(7 * ui) if tag else 0)
            surf.blit(img, (cols[1] + round(28 * ui), ny))
            if tag:
                small = text.render(text.fit(tag, round(12 * ui), name_w), round(12 * ui), theme.INK_SOFT)
                surf.blit(small, (cols[1] + round(28 * ui), ny + img.get_height() - round(2 * ui)))
            cs = round(22 * ui)
            surf.blit(self.app.sprites.coin(cs), (cols[2], cy - cs // 2))
            img = text.render(str(coins), round(20 * ui), theme.INK, "bold")
            surf.blit(img, (cols[2] + cs + round(8 * ui), cy - img.get_height() // 2))
            img = text.render(str(tokens), round(18 * ui), theme.INK)
            surf.blit(img, (cols[3] + w3 // 2 - img.get_width() // 2, cy - img.get_height() // 2))
            y += round(56 * ui)
        note = tie_note(s)
        if note:
            for line in text.wrap(note, round(15 * ui), inner.w - round(100 * ui)):
                img = text.render(line, round(15 * ui), theme.INK_SOFT)
                surf.blit(img, img.get_rect(midtop=(rect.centerx, y + round(6 * ui))))
                y += img.get_height()
        if self.story is not None:
            hint = t("story.see_story")
            img = text.render(text.fit(hint, round(14 * ui), inner.w), round(14 * ui), theme.ACCENT, "bold")
            y += round(18 * ui)
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()
        if y > rect.bottom:
            text.overflow(note)
