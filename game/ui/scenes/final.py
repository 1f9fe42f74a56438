"""The end of the game, on three pages: the ranking — the winner's banner, a podium for the first
three and every player's coins revealed, counted up, with a fanfare and a shower of confetti
(a click or a key ends the cheer at once; with animations off the totals show straight away)
— and the tie-break when it decided (R13: most coins; tied players compare race tokens on the board; still
tied, a shared victory); the story of the game, told only now (coins round by round as a chart,
the races and powers each player led and for how long, coins by source, the best turn); and the
final board. Computer seats are marked. "Export as PNG" writes the story and the board to a new
picture file (atomically, never over an existing file) and says where in one short line; the
same ending is written once, a second press only says where it is. When the game's end could not
be saved (a full disk), a band says so plainly with a "Try again" button; the screen also tries
again by itself every few seconds, the window tries again on leaving and quitting, and a window
that closes with it still unwritten keeps it where the next start puts it back
(`Table.keep_elsewhere`). The story is read from the match's
records by `game.story`; drawing lives in `ui/story_view.py`.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.rules import BY_COINS, SHARED, outcome
from game.story import Story, tell

from .. import theme
from ..app import App, Scene
from ..layout import ui_scale
from ..story_view import draw_board_page, draw_story_page, export_png, pictures_dir, seat_tag, short_path
from ..strings import t, tn
from ..table import Table
from ..widgets import Button, hit, player_mark, track_hover
from .common import backdrop, card

PAGES = ("ranking", "story", "board")
RETRY_SECONDS = 5.0    # how often the ranking screen tries again to write an unsaved end
CHEER = 3.2            # seconds of confetti, at the normal animation pace
COUNT = 1.6            # seconds the coins take to count up


@dataclass
class Confetto:
    x: float               # where it falls, as a share of the window's width
    speed: float           # window heights a second
    delay: float           # how far behind the first it starts (window heights)
    sway: float
    phase: float
    size: int
    colour: tuple[int, int, int]
    alpha: float           # it leaves when the cheer fades below this


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
        self.mouse = (0, 0)                  # where the pointer came onto the hovered button
        self.page = "ranking"
        self.story = read_story(table)
        self.message = ""
        self.message_kind = "good"
        self.exported: Any = None           # the path of the last picture written
        self._board_cache: dict[str, Any] = {}
        self.started: float | None = None
        self.cheering = False                # the count-up and the confetti are on
        self.confetti: list[Confetto] = []
        self._swallow_up = False             # the button release after a click that ended the cheer
        self.retry_at = 0.0                 # when the unwritten end is tried again by itself
        self.quit_warned = False
        if getattr(table, "save_error", None) is not None:    # the disk was full at the last move: try again now
            app.hold_unsaved(self)
            self.retry_save(quiet=True)

    # -- the cheer --------------------------------------------------------------------------------
    def enter(self) -> None:
        self.started = self.app.clock()
        self.cheering = self.app.options.pace > 0 and self.app.animation != "off"
        seed = getattr(getattr(getattr(self.table, "match", None), "setup", None), "seed", 0) or 0
        rng = random.Random(seed)
        seats = getattr(self.table, "seats", [])
        colours = [theme.player_colour(seat.colour, i) for i, seat in enumerate(seats)] + [theme.GOLD] * 2
        ui = ui_scale(*self.app.size())
        self.confetti = [Confetto(rng.random(), rng.uniform(0.35, 0.6), rng.uniform(0.0, 0.9), rng.uniform(1.5, 3.5),
                                  rng.uniform(0, 2 * math.pi), max(4, round(rng.uniform(7, 12) * ui)),
                                  rng.choice(colours), rng.random())
                         for _ in range(110)] if self.cheering else []
        self.app.audio.set_piece("ending")   # the ending's music under the ranking and the story
        self.app.audio.play("end")           # the fanfare

    def leave(self) -> None:
        self.app.audio.stop("end")

    def skip(self) -> None:
        """End the cheer at once: the totals, no confetti, the fanfare stopped."""
        self.cheering = False
        self.confetti = []
        self.app.audio.stop("end")
        self.app.dirty()

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

    def unsaved_table(self) -> Table | None:
        return self.table if self.unsaved else None

    def tell(self, text: str, kind: str = "hint") -> bool:
        self.message, self.message_kind = text, kind
        self.app.dirty()
        return True

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
        if self.cheering and self.started is not None and now - self.started > CHEER * self.app.options.pace:
            self.skip()
        if self.unsaved and now >= self.retry_at:
            self.retry_save(quiet=True)

    def wake_in(self, now: float) -> float | None:
        if self.cheering:                    # a frame of the cheer (and the retry comes with it)
            self.app.dirty()
            return 1 / 30
        return max(0.0, self.retry_at - now) if self.unsaved else None

    def pending_in(self, now: float) -> float | None:
        """The cheer runs to its end; the tries to write an unsaved end go on as long as the
        screen shows, so they are not waited for."""
        return 1 / 30 if self.cheering else None

    # -- input ------------------------------------------------------------------------------------
    def show(self, page: str) -> None:
        if page in PAGES and (page == "ranking" or self.story is not None):
            self.page = page
            self.resize()

    def turn_page(self, step: int) -> None:
        pages = [p for p in PAGES if p == "ranking" or self.story is not None]
        self.show(pages[(pages.index(self.page) + step) % len(pages)])

    def handle(self, ev: pygame.event.Event) -> None:
        if self.cheering and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self._swallow_up = ev.type == pygame.MOUSEBUTTONDOWN
            self.skip()                       # a click or a key ends the cheer, and only that
            return
        if ev.type == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False
            return
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is not None:
                self.press(b.id)
        elif ev.type == pygame.KEYDOWN:
            shift = bool(ev.mod & pygame.KMOD_SHIFT)
            if ev.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) or (ev.key == pygame.K_TAB and not shift):
                self.turn_page(1)
            elif ev.key in (pygame.K_LEFT, pygame.K_PAGEUP) or (ev.key == pygame.K_TAB and shift):
                self.turn_page(-1)
            elif ev.key in (pygame.K_1, pygame.K_2, pygame.K_3):
                self.show(PAGES[ev.key - pygame.K_1])
            elif ev.key == pygame.K_e or (ev.key == pygame.K_s and ev.mod & pygame.KMOD_CTRL):
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
        assert self.story is not None
        if self.exported is not None and Path(self.exported).exists():     # the same picture: once
            path = Path(self.exported)
            self.message, self.message_kind = t("story.export_again", path=short_path(path)), "good"
            self.app.dirty()
            return
        try:
            path = export_png(self.app, self.table, self.story, pictures_dir())
        except (OSError, pygame.error) as err:
            self.message, self.message_kind = t("story.export_failed", error=str(err)), "bad"
        else:
            self.exported = path
            self.message, self.message_kind = t("story.exported", path=short_path(path)), "good"
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
            self.draw_confetti(surf, self.app.clock())
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

    def shown_coins(self, coins: int, now: float) -> int:
        """`coins` as the count-up shows them at `now` (all of them once it is over)."""
        if not self.cheering or self.started is None:
            return coins
        f = min(1.0, (now - self.started) / max(1e-6, COUNT * self.app.options.pace))
        return round(coins * (1 - (1 - f) ** 3))           # quick at first, settling on the total

    def draw_ranking(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        w, h = surf.get_size()
        ui = ui_scale(w, h)
        px = lambda v: round(v * ui)  # noqa: E731 - a local unit
        text = self.app.text
        s = self.table.state
        now = self.app.clock()
        title = text.render(t("final.title"), px(28), theme.ACCENT, "bold")
        surf.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + px(14))))
        res = outcome(s)                         # the ranking and its ties, as the engine settles them
        rows = [(st.seat, st.coins, st.tokens) for st in res.standings]
        places = [st.place for st in res.standings]
        self.draw_banner(surf, rect, list(res.winners), px)
        self.draw_podium(surf, rect, rows, places, now, px)
        inner = pygame.Rect(0, 0, min(rect.w, px(800)), rect.h)
        inner.centerx = rect.centerx
        # columns sized to their headings (they differ a lot between languages)
        hsize = px(13)
        heads = [t("final.place"), t("final.player"), t("final.coins"), t("final.tokens")]
        hw = [text.size(h, hsize, "bold")[0] for h in heads]
        right = inner.right - px(56)                  # the rows end at inner.right - 40
        w3 = max(hw[3], px(60))
        w2 = max(hw[2], px(90))
        x3 = right - w3
        x2 = x3 - px(24) - w2
        x0 = inner.x + px(56)
        x1 = x0 + max(hw[0], px(30)) + px(18)
        cols = [x0, x1, x2, x3]
        ends = [x1, x2, x3, right + px(6)]
        y = rect.y + px(318)
        for label, x, end, width in zip(heads, cols, ends, hw, strict=False):
            img = text.render(label, hsize, theme.INK_SOFT, "bold")
            surf.blit(img, (x, y))
            if x + width > end - px(6):
                text.overflow(label)
        name_w = x2 - x1 - px(40)
        y += px(22)
        row_h = px(40) if len(rows) > 3 else px(46)
        for (seat, coins, tokens), place in zip(rows, places, strict=True):
            row = pygame.Rect(inner.x + px(40), y - px(3), inner.w - px(80), row_h - px(5))
            win = seat in res.winners
            pygame.draw.rect(surf, (250, 236, 180) if win else (240, 230, 208), row, border_radius=px(8))
            if win:
                pygame.draw.rect(surf, theme.GOLD_DARK, row, max(1, px(2)), border_radius=px(8))
            cy = row.centery
            img = text.render(str(place), px(18), theme.INK, "bold")
            surf.blit(img, (cols[0], cy - img.get_height() // 2))
            key = self.table.seats[seat].colour
            player_mark(surf, theme.player_symbol(key, seat), (cols[1] + px(10), cy), px(10),
                        theme.player_colour(key, seat))
            name = s.players[seat].name + ("  " + t("final.crown") if win else "")
            img = text.render(text.fit(name, px(16), name_w, "bold", excerpt=True), px(16), theme.INK, "bold")
            surf.blit(img, (cols[1] + px(26), cy - img.get_height() // 2))
            tag = seat_tag(self.table, seat)         # "Computer: easy", lighter, after the name
            room = name_w - img.get_width() - px(12)
            if tag and room > px(40):
                size = px(14) if text.size(tag, px(14))[0] <= room else px(12)
                tag_img = text.render(text.fit(tag, size, room), size, theme.INK_SOFT)
                surf.blit(tag_img, (cols[1] + px(26) + img.get_width() + px(12), cy - tag_img.get_height() // 2))
            cs = px(20)
            surf.blit(self.app.sprites.coin(cs), (cols[2], cy - cs // 2))
            img = text.render(str(self.shown_coins(coins, now)), px(18), theme.INK, "bold")
            surf.blit(img, (cols[2] + cs + px(8), cy - img.get_height() // 2))
            img = text.render(str(tokens), px(16), theme.INK)
            surf.blit(img, (cols[3] + w3 // 2 - img.get_width() // 2, cy - img.get_height() // 2))
            y += row_h
        note = tie_note(s)
        if note:
            for line in text.wrap(note, px(14), inner.w - px(100)):
                img = text.render(line, px(14), theme.INK_SOFT)
                surf.blit(img, img.get_rect(midtop=(rect.centerx, y + px(4))))
                y += img.get_height()
        if self.story is not None:
            hint = t("story.see_story")
            img = text.render(text.fit(hint, px(13), inner.w), px(13), theme.ACCENT, "bold")
            y += px(10)
            surf.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()
        if y > rect.bottom:
            text.overflow(note or "final ranking")

    def draw_banner(self, surf: pygame.Surface, rect: pygame.Rect, winners: list[int], px: Any) -> None:
        """The winner's banner: a ribbon in the winner's colour (gold for a shared victory)."""
        text = self.app.text
        s = self.table.state
        names = [s.players[i].name for i in winners]
        if len(names) == 1:
            line = t("final.winner", name=names[0])
            key = self.table.seats[winners[0]].colour
            fill = theme.player_colour(key, winners[0])
        else:
            line = t("final.winners", names=", ".join(names))
            fill = theme.GOLD
        ink = theme.readable_on(fill)
        size = px(24)
        tw = min(text.size(line, size, "bold")[0], rect.w - px(200))
        band = pygame.Rect(0, 0, tw + px(80), px(50))
        band.midtop = (rect.centerx, rect.y + px(56))
        notch = px(16)
        dark = tuple(max(0, c - 70) for c in fill)
        for side in (-1, 1):                                       # the ribbon's tails, folded behind
            x = band.left if side < 0 else band.right
            tail = [(x - side * px(8), band.y + px(12)), (x + side * px(40), band.y + px(12)),
                    (x + side * px(40) - side * notch, band.centery + px(6)), (x + side * px(40), band.bottom + px(8)),
                    (x - side * px(8), band.bottom + px(8))]
            pygame.draw.polygon(surf, dark, tail)
            pygame.draw.polygon(surf, (20, 14, 10), tail, max(1, px(2)))
        pygame.draw.rect(surf, fill, band, border_radius=px(6))
        pygame.draw.rect(surf, (20, 14, 10), band, max(1, px(2)), border_radius=px(6))
        img = text.render(text.fit(line, size, band.w - px(40), "bold", excerpt=True), size, ink, "bold")
        surf.blit(img, img.get_rect(center=band.center))
        if text.size(line, size, "bold")[0] > rect.w - px(200):
            text.overflow(line)

    def draw_podium(self, surf: pygame.Surface, rect: pygame.Rect, rows: list[tuple[int, int, int]],
                    places: list[int], now: float, px: Any) -> None:
        """The first three on a podium: the winner in the middle and highest, each with their coins."""
        text = self.app.text
        s = self.table.state
        base = rect.y + px(300)
        bw = px(170)
        steps = {1: (0, px(92), (232, 190, 70)), 2: (-1, px(64), (200, 204, 210)), 3: (1, px(44), (205, 142, 92))}
        for i, ((seat, coins, _), place) in enumerate(zip(rows[:3], places[:3], strict=False)):
            spot = 1 if i == 0 else (2 if i == 1 else 3)     # where they stand: by rank, ties side by side
            off, bh, colour = steps[spot]
            block = pygame.Rect(0, 0, bw, bh)
            block.midbottom = (rect.centerx + off * (bw + px(12)), base)
            pygame.draw.rect(surf, colour, block, border_top_left_radius=px(8), border_top_right_radius=px(8))
            pygame.draw.rect(surf, (60, 44, 30), block, max(1, px(2)), border_top_left_radius=px(8),
                             border_top_right_radius=px(8))
            num = text.render(str(place), px(30), (60, 44, 30), "bold")
            surf.blit(num, num.get_rect(center=block.center))
            key = self.table.seats[seat].colour
            top = block.y - px(78)
            player_mark(surf, theme.player_symbol(key, seat), (block.centerx, top + px(14)), px(14),
                        theme.player_colour(key, seat))
            name = text.render(text.fit(s.players[seat].name, px(16), bw, "bold", excerpt=True), px(16), theme.INK,
                               "bold")
            surf.blit(name, name.get_rect(midtop=(block.centerx, top + px(32))))
            cs = px(20)
            img = text.render(str(self.shown_coins(coins, now)), px(18), theme.INK, "bold")
            wdt = cs + px(6) + img.get_width()
            x = block.centerx - wdt // 2
            surf.blit(self.app.sprites.coin(cs), (x, top + px(54)))
            surf.blit(img, (x + cs + px(6), top + px(54) + cs // 2 - img.get_height() // 2))

    def draw_confetti(self, surf: pygame.Surface, now: float) -> list[pygame.Rect]:
        """The cheer: paper bits in the players' colours and gold, falling and swaying."""
        if not self.cheering or self.started is None:
            return []
        w, h = surf.get_size()
        pace = max(1e-6, self.app.options.pace)
        tau = (now - self.started) / pace
        fade = max(0.0, min(1.0, (CHEER - tau) / 0.6))          # the last moment: they thin out
        for c in self.confetti:
            y = -20 + (tau * c.speed - c.delay) * h
            if y < -20 or y > h or c.alpha > fade:
                continue
            x = (c.x * w + math.sin(c.phase + tau * c.sway) * 24 * ui_scale(w, h)) % w
            tilt = abs(math.cos(c.phase + tau * 4.0))
            piece = pygame.Rect(0, 0, c.size, max(2, round(c.size * 0.45 * (0.3 + tilt))))
            piece.center = (round(x), round(y))
            pygame.draw.rect(surf, c.colour, piece)
        return [surf.get_rect()]
