"""The map chooser, pushed over the start screen ("Choose the map…"): a picture of each shipped
map with its name and the player count it is made for, and "A map file…" for a Tiled map of
one's own (its path typed or pasted, read at once: a map that cannot be used says why in one
line and nothing is chosen). Choosing a map hands its path and player count to the start
screen (`on_choose`) and goes back there; Esc or "Back" goes back with nothing changed.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame

from game.content.bounded import read_bytes
from game.content.tmx import SHIPPED_MAPS, MapError, load_map

from .. import theme
from ..app import App
from ..layout import ui_scale
from ..strings import map_title, say, t
from ..table import resolve, shipped_map_path
from ..widgets import (
    Button,
    TextField,
    centred_box,
    clipboard_text,
    hit,
    put_clipboard,
    tooltip,
    track_hover,
    typing,
)
from .common import card_frame
from .cover import CoverScene

#: the pictures of the maps, by (image file, width): read and scaled once per window size
_THUMBS: dict[tuple[str, int], pygame.Surface] = {}


@dataclass
class MapChoice:
    """A shipped map as the chooser shows it."""
    path: str               # as the start screen keeps it (relative to the repository)
    name: str               # the map's own name (`map_title` says it in the player's language)
    players: int | None
    image: Path | None


def shipped_choices() -> list[MapChoice]:
    """The shipped maps, fewest players first (a map that cannot be read is left out)."""
    out = []
    for n in sorted(SHIPPED_MAPS):
        path = shipped_map_path(n)
        try:
            md = load_map(resolve(path))
        except (MapError, OSError, ValueError):
            continue
        out.append(MapChoice(path, md.name, md.players, md.image_path))
    return out


def thumbnail(image: Path | None, w: int, h: int) -> pygame.Surface:
    """The map's picture scaled to `w`×`h` (a plain parchment tile when it has none)."""
    key = (str(image), w)
    if key not in _THUMBS:
        tile = pygame.Surface((w, h))
        tile.fill(theme.PANEL_DARK)
        if image is not None:
            try:                        # a plain file within a picture's size, as the board reads it
                picture = pygame.image.load(io.BytesIO(read_bytes(image, "image")), str(image))
                tile = pygame.transform.smoothscale(picture, (w, h))
            except (pygame.error, OSError, ValueError):
                pass
        _THUMBS[key] = tile
    return _THUMBS[key]


def players_line(players: int | None) -> str:
    return t("maps.for_players", players=players) if players else t("maps.any_players")


class MapScene(CoverScene):
    def __init__(self, app: App, chosen: str, on_choose: Callable[[str, int | None], None],
                 choices: list[MapChoice] | None = None) -> None:
        super().__init__(app)
        self.chosen = chosen
        self.on_choose = on_choose
        self.choices = choices if choices is not None else shipped_choices()
        shipped = {c.path for c in self.choices}
        self.file = TextField("file", "" if chosen in shipped else chosen, max_len=400)
        self.focused = False
        self.buttons: list[Button] = []
        self.tiles: list[tuple[pygame.Rect, MapChoice]] = []
        self.hover: str | None = None
        self.mouse = (0, 0)
        self.message = ""

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def tell(self, text: str, kind: str = "hint") -> bool:
        self.message = text
        self.app.dirty()
        return True

    def box(self) -> pygame.Rect:
        size = self.app.size()
        return centred_box(size, 900, 600, ui_scale(*size))

    def resize(self) -> None:
        super().resize()
        ui = ui_scale(*self.app.size())
        px = lambda v: round(v * ui)  # noqa: E731 - a local unit
        box = self.box()
        cols = 2 if len(self.choices) > 2 else max(1, len(self.choices))
        tw = (box.w - px(60) - (cols - 1) * px(24)) // cols
        th = px(168)
        self.tiles = []
        self.buttons = []
        for i, c in enumerate(self.choices):
            r = pygame.Rect(box.x + px(30) + (i % cols) * (tw + px(24)), box.y + px(76) + (i // cols) * (th + px(14)),
                            tw, th)
            self.tiles.append((r, c))
            self.buttons.append(Button(f"map:{i}", "", r, style="quiet", toggled=c.path == self.chosen))
        rows = (len(self.choices) + cols - 1) // cols
        y = box.y + px(76) + rows * (th + px(14)) + px(12)
        label_w = self.app.text.size(t("maps.file"), px(16), "bold")[0]
        use_w = self.app.text.size(t("maps.use"), px(15), "bold")[0] + px(26)
        self.file.rect = pygame.Rect(box.x + px(40) + label_w, y, box.right - px(30) - use_w - px(10)
                                     - (box.x + px(40) + label_w), px(38))
        self.buttons.append(Button("use", t("maps.use"), pygame.Rect(box.right - px(30) - use_w, y, use_w, px(38)),
                                   style="quiet", enabled=bool(self.file.value.strip()), tip=t("maps.file_tip")))
        back_w = self.app.text.size(t("maps.back"), px(15), "bold")[0] + px(40)
        self.buttons.append(Button("back", t("maps.back"), pygame.Rect(box.right - px(30) - back_w,
                                                                     box.bottom - px(56), back_w, px(40))))
        if self.file.rect.w < px(120):
            self.app.text.overflow(t("maps.file"))
        self.app.dirty()

    # -- input ------------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            if self.file.rect.collidepoint(ev.pos):
                self.file.click(ev.pos[0], self.app.text, ui_scale(*self.app.size()), self.focused)
                self.focused = True
                typing(self.file)
                self.app.dirty()
                return
            if self.focused:                          # a click elsewhere ends the typing and acts at once
                self.focused = False
                typing(None)
            b = hit(self.buttons, ev.pos)
            if b is not None and b.enabled:
                self.press(b.id)
            self.app.dirty()
        elif ev.type == pygame.TEXTINPUT and self.focused:
            self.file.type(ev.text)
            self.resize()
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.focused = False
                typing(None)
                self.press("back")
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focused:
                self.focused = False
                typing(None)
                self.press("use")
            elif self.focused:
                copied = self.file.key(ev, paste=clipboard_text() if ev.key == pygame.K_v else None)
                if copied:
                    put_clipboard(copied)
                self.resize()

    def press(self, bid: str) -> None:
        kind, _, arg = bid.partition(":")
        if kind == "back":
            self.app.pop()
        elif kind == "map":
            c = self.choices[int(arg)]
            self.choose(c.path, c.players)
        elif kind == "use":
            path = self.file.value.strip()
            if not path:
                return
            try:
                md = load_map(resolve(str(Path(path).expanduser())))
            except (MapError, OSError, ValueError) as err:
                self.message = say(err)
                self.app.dirty()
                return
            self.choose(str(Path(path).expanduser()), md.players)

    def choose(self, path: str, players: int | None) -> None:
        self.app.pop()
        self.on_choose(path, players)

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_below(surf)
        ui = ui_scale(*surf.get_size())
        px = lambda v: round(v * ui)  # noqa: E731
        text = self.app.text
        box = self.box()
        card_frame(surf, box, ui)
        title = text.render(t("maps.title"), px(26), theme.ACCENT, "bold")
        surf.blit(title, (box.x + px(30), box.y + px(24)))
        for b in self.buttons:
            b.draw(surf, text, self.hover == b.id and b.enabled, ui)
        for (r, c), b in zip(self.tiles, self.buttons, strict=False):
            pad = px(8)
            th = r.h - 2 * pad
            tw = min(round(th * 1.6), r.w // 2)
            pic = thumbnail(c.image, tw, th)
            surf.blit(pic, (r.x + pad, r.y + pad))
            pygame.draw.rect(surf, theme.PANEL_EDGE, pygame.Rect(r.x + pad, r.y + pad, tw, th), max(1, px(2)))
            x = r.x + 2 * pad + tw
            width = r.right - pad - x
            ink = theme.INK_LIGHT if b.toggled else theme.INK
            y = r.y + px(14)
            for line in text.wrap(map_title(c.name), px(17), width, "bold")[:2]:
                img = text.render(line, px(17), ink, "bold")
                surf.blit(img, (x, y))
                y += img.get_height()
            img = text.render(text.fit(players_line(c.players), px(15), width), px(15), ink)
            surf.blit(img, (x, y + px(6)))
            if text.size(map_title(c.name), px(17), "bold")[0] > 2 * width:
                text.overflow(map_title(c.name))
        label = text.render(t("maps.file"), px(16), theme.INK, "bold")
        surf.blit(label, (box.x + px(30), self.file.rect.centery - label.get_height() // 2))
        self.file.draw(surf, text, ui, self.focused, t("maps.file_placeholder"))
        if self.message:
            y = self.file.rect.bottom + px(8)
            for line in text.wrap(self.message, px(14), box.w - px(60))[:2]:
                img = text.render(line, px(14), theme.BAD, "bold")
                surf.blit(img, (box.x + px(30), y))
                y += img.get_height()
        tip = self.button(self.hover) if self.hover else None
        if tip is not None and tip.tip and tip.enabled:
            tooltip(surf, text, [(tip.tip, px(14), theme.INK, "regular")], self.mouse, ui,
                    avoid=[b.rect for b in self.buttons])
