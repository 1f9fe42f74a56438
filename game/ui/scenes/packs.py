"""The expansions chooser, opened from the start screen: every shipped content pack
(`game.content.packs`) on a row of its own — a tick box, its name, a line about it, and every
race and power it brings, wrapped onto as many lines as they take (the row is as tall as its
lines; the tooltip repeats it all) — with All, None and Done. It is
pushed over the start screen; Done (or Esc) takes it away and hands the chosen pack ids back to
the start screen, which remembers them with the last table and starts the new game with them."""
from __future__ import annotations

from typing import Callable

import pygame

from game.content.packs import Pack

from .. import theme
from ..app import App, Scene
from ..layout import ui_scale
from ..strings import has, published_name, t, tn
from ..widgets import Button, hit, tooltip, track_hover
from .common import backdrop, card

ROW = 70            # a pack's row of one line of races and powers, at 1280×800 scale
GAP = 6             # between two rows
SIZES = ((16, "bold"), (14, "regular"), (13, "regular"))   # name, about, races and powers


def pack_title(pack: Pack) -> str:
    """A pack's name in the current language (the file's name for a pack the strings lack)."""
    key = f"packs.{pack.id}"
    return t(key) if has(key) else pack.id.replace("_", " ").title()


def pack_short(pack: Pack) -> str:
    """The name alone, without the year and the notes in brackets: 'Cursed!'."""
    return pack_title(pack).split(" (")[0]


def pack_about(pack: Pack) -> str:
    key = f"packs.{pack.id}_about"
    return t(key) if has(key) else ""


def pack_contents(pack: Pack) -> list[str]:
    """'2 races: Goblins, Kobolds' and '5 powers: ...' (only the parts the pack has)."""
    out = []
    if pack.races:
        names = ", ".join(published_name("race", n) for n in pack.races)
        out.append(tn("packs.races", len(pack.races), count=len(pack.races), names=names))
    if pack.powers:
        names = ", ".join(published_name("power", n) for n in pack.powers)
        out.append(tn("packs.powers", len(pack.powers), count=len(pack.powers), names=names))
    return out


class PacksScene(Scene):
    def __init__(self, app: App, packs: list[Pack], chosen: list[str],
                 done: Callable[[list[str]], None]) -> None:
        super().__init__(app)
        self.packs = packs
        self.chosen = {p.id for p in packs if p.id in chosen}
        self.done = done
        self.buttons: list[Button] = []
        self.rows: list[tuple[Pack, pygame.Rect]] = []
        self.lines: dict[str, list[tuple[str, int, str]]] = {}    # a pack's lines: text, size, weight
        self.hover: str | None = None
        self.mouse = (0, 0)

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def result(self) -> list[str]:
        return [p.id for p in self.packs if p.id in self.chosen]

    def box(self) -> tuple[float, pygame.Rect]:
        """The card: as wide as the window allows (up to 1100 at 1280×800 scale), as tall as
        its rows' lines."""
        w, h = self.app.size()
        ui = ui_scale(w, h)
        width = min(w - 24, round(1100 * ui))
        self.lines = {p.id: self.pack_lines(p, ui, width) for p in self.packs}
        height = 190 * ui + sum(self.row_height(p.id, ui) + round(GAP * ui) for p in self.packs)
        rect = pygame.Rect(0, 0, width, min(h - 20, round(height)))
        rect.center = (w // 2, h // 2)
        return ui, rect

    def pack_lines(self, pack: Pack, ui: float, width: int) -> list[tuple[str, int, str]]:
        """A pack's lines in its row: its name, the line about it, and its races and powers
        wrapped to the row (every name whole)."""
        text = self.app.text
        room = width - round((48 + 64 + 12) * ui)
        (ts, tw), (asz, aw), (cs, cw) = SIZES
        out = [(text.fit(pack_title(pack), round(ts * ui), room, tw), ts, tw)]
        if pack_about(pack):
            out.append((text.fit(pack_about(pack), round(asz * ui), room, aw), asz, aw))
        contents = "  ·  ".join(pack_contents(pack))
        out += [(line, cs, cw) for line in text.wrap(contents, round(cs * ui), room, cw) if line]
        return out

    def row_height(self, pid: str, ui: float) -> int:
        lines = self.lines.get(pid, [])
        return max(round((ROW - GAP) * ui), round((6 + sum(size + 5 for _, size, _ in lines)) * ui))

    def resize(self) -> None:
        self.build()

    def build(self) -> None:
        ui, rect = self.box()
        px = lambda v: round(v * ui)  # noqa: E731
        b: list[Button] = []
        self.rows = []
        y = rect.y + px(118)
        for pack in self.packs:
            row = pygame.Rect(rect.x + px(24), y, rect.w - px(48), self.row_height(pack.id, ui))
            self.rows.append((pack, row))
            on = pack.id in self.chosen
            b.append(Button(f"pack:{pack.id}", "☑" if on else "☐",
                            pygame.Rect(row.x + px(10), row.centery - px(18), px(40), px(36)),
                            toggled=on, style="quiet", tip=t("packs.on_tip" if on else "packs.off_tip")))
            y += row.h + px(GAP)
        if y > rect.bottom - px(72):
            self.app.text.overflow(" ".join(pack_title(p) for p in self.packs))
        by = rect.bottom - px(62)
        b.append(Button("all", t("packs.all"), pygame.Rect(rect.x + px(34), by, px(130), px(42)), style="quiet"))
        b.append(Button("none", t("packs.none"), pygame.Rect(rect.x + px(176), by, px(130), px(42)), style="quiet"))
        b.append(Button("done", t("packs.done"), pygame.Rect(rect.right - px(34) - px(200), by, px(200), px(42)),
                        style="primary"))
        self.buttons = b
        self.app.dirty()

    def enter(self) -> None:
        self.build()

    def toggle(self, pid: str) -> None:
        self.chosen ^= {pid}
        self.build()

    def finish(self) -> None:
        self.app.pop()
        self.done(self.result())

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:              # a redraw only when what is under the pointer changes
            track_hover(self, ev.pos, lambda pos: next((f"pack:{p.id}" for p, r in self.rows if r.collidepoint(pos)),
                                                       None))
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            b = hit(self.buttons, ev.pos)
            if b is not None:
                self.press(b.id)
                return
            for pack, row in self.rows:                  # a click anywhere on the row ticks it
                if row.collidepoint(ev.pos):
                    self.toggle(pack.id)
                    return
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish()

    def press(self, bid: str) -> None:
        kind, _, arg = bid.partition(":")
        if kind == "pack":
            self.toggle(arg)
        elif kind == "all":
            self.chosen = {p.id for p in self.packs}
            self.build()
        elif kind == "none":
            self.chosen = set()
            self.build()
        elif kind == "done":
            self.finish()

    def draw(self, surf: pygame.Surface) -> None:
        backdrop(surf)
        ui, rect = self.box()
        px = lambda v: round(v * ui)  # noqa: E731
        card(surf, round(rect.w / ui), round(rect.h / ui))
        text = self.app.text
        img = text.render(t("packs.title"), px(26), theme.ACCENT, "bold")
        surf.blit(img, (rect.x + px(34), rect.y + px(24)))
        y = rect.y + px(66)
        lines = text.wrap(t("packs.intro"), px(15), rect.w - px(68))
        if len(lines) > 2:
            text.overflow(t("packs.intro"))
        for line in lines[:2]:
            img = text.render(line, px(15), theme.INK)
            surf.blit(img, (rect.x + px(34), y))
            y += img.get_height()
        for pack, row in self.rows:
            on = pack.id in self.chosen
            fill = theme.PANEL_DARK if self.hover == f"pack:{pack.id}" else theme.PANEL
            pygame.draw.rect(surf, fill, row, border_radius=px(8))
            if on:
                pygame.draw.rect(surf, theme.GOOD, row, max(1, px(2)), border_radius=px(8))
            x = row.x + px(64)
            y = row.y + px(3)
            for line, size, weight in self.lines.get(pack.id, []):
                colour = (110, 86, 62) if size == SIZES[2][0] else theme.INK
                surf.blit(text.render(line, px(size), colour, weight), (x, y))
                y += px(size + 5)
        for b in self.buttons:
            b.draw(surf, text, self.hover == b.id and b.enabled, ui)
        for pack, row in self.rows:                      # the whole of the pack in a tooltip
            if self.hover == f"pack:{pack.id}" and row.collidepoint(self.mouse):
                lines_ = [(pack_title(pack), px(15), theme.INK, "bold")]
                if pack_about(pack):
                    lines_.append((pack_about(pack), px(14), theme.INK, "regular"))
                lines_ += [(s, px(14), theme.INK, "regular") for s in pack_contents(pack)]
                on = pack.id in self.chosen
                lines_.append((t("packs.on_tip" if on else "packs.off_tip"), px(13), (96, 78, 60), "regular"))
                tooltip(surf, text, lines_, self.mouse, ui, max_w=px(460), avoid=[row])
