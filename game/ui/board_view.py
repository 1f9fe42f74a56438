"""The board on screen: the map picture, the marks on regions the current intent can target,
the tokens and markers on every region, the hover highlight, and hit-testing.

`BoardView` owns the pictures made from the map: the picture scaled to the window (made once
per size), each region's outline in window pixels, the token spot of each region (the point
farthest inside it, where the map's labels leave room), and a composite of map + marks + tokens
that is rebuilt only when its `key` changes (a new state, another mode, a draft changed). A
frame while the mouse moves only blits that composite and the hovered region's highlight.
Drawing reads the state and never changes it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Hashable

import pygame

from game.content import geometry

from . import theme
from .art import Sprites
from .layout import Layout
from .theme import Text

TOKEN_MAP_PX = 50          # token diameter in map pixels (the map leaves ~26 px around the spot)
TOKEN_MIN_PX = 28          # but never smaller than this on screen


@dataclass
class BoardPicture:
    """What the composite shows, decided by the scene."""
    key: Hashable
    state: Any
    marks: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    counts: dict[str, int] | None = None        # draft counts shown instead of the board's
    added: dict[str, int] | None = None         # withdraw/encampment additions, shown as "+n"
    chips: list[str] = field(default_factory=list)   # regions with +/− chips
    selected: list[str] = field(default_factory=list)  # regions picked (heroes)
    encampments: dict[str, int] | None = None   # an encampments draft shown instead of the board's
    colours: list[tuple[int, int, int]] = field(default_factory=list)


class BoardView:
    def __init__(self, polygons: dict[str, list[tuple[float, float]]], map_size: tuple[int, int],
                 image_path: Path | None, sprites: Sprites, text: Text) -> None:
        self.polygons = polygons
        self.map_w, self.map_h = map_size
        self.sprites = sprites
        self.text = text
        self.spots = {rid: geometry.interior_point(poly, 2.0) for rid, poly in polygons.items()}
        self._bbox = {rid: geometry.bbox(p) for rid, p in polygons.items()}
        self.image: pygame.Surface | None = None
        if image_path is not None:
            try:
                self.image = pygame.image.load(str(image_path))
                if pygame.display.get_surface() is not None:
                    self.image = self.image.convert()
            except (pygame.error, FileNotFoundError, OSError):
                self.image = None
        self.layout: Layout | None = None
        self._scaled: pygame.Surface | None = None
        self._screen_polys: dict[str, list[tuple[float, float]]] = {}
        self._hover_cache: dict[str, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._composite: pygame.Surface | None = None
        self._key: Hashable = None

    # -- geometry --------------------------------------------------------------------------
    def set_layout(self, layout: Layout) -> None:
        if self.layout is not None and self.layout.board == layout.board:
            self.layout = layout
            return
        self.layout = layout
        b = layout.board
        if self.image is not None:
            self._scaled = pygame.transform.smoothscale(self.image, b.size)
        else:
            self._scaled = self._plain_map(b.size, layout.scale)
        self._screen_polys = {rid: [(x * layout.scale, y * layout.scale) for x, y in poly]
                              for rid, poly in self.polygons.items()}
        self._hover_cache.clear()
        self._composite = None
        self._key = None

    def _plain_map(self, size: tuple[int, int], scale: float) -> pygame.Surface:
        """A map without its picture: each region a flat colour (used if the PNG is missing)."""
        surf = pygame.Surface(size)
        surf.fill((60, 110, 160))
        for _rid, poly in self.polygons.items():
            pts = [(x * scale, y * scale) for x, y in poly]
            pygame.draw.polygon(surf, (170, 170, 120), pts)
            pygame.draw.polygon(surf, (50, 40, 30), pts, 2)
        return surf

    def token_size(self) -> int:
        assert self.layout is not None
        return max(TOKEN_MIN_PX, round(TOKEN_MAP_PX * self.layout.scale))

    def spot(self, rid: str) -> tuple[int, int]:
        """Window position of a region's token spot."""
        assert self.layout is not None
        x, y = self.layout.board_to_screen(self.spots[rid])
        return round(x), round(y)

    def region_at(self, pos: tuple[int, int]) -> str | None:
        if self.layout is None or not self.layout.board.collidepoint(pos):
            return None
        return geometry.region_at(self.polygons, self.layout.screen_to_board(pos))

    def click_point(self, rid: str) -> tuple[int, int]:
        """A window point inside the region, away from the token spot's chips (for tests)."""
        return self.spot(rid)

    def chip_rects(self, rid: str) -> tuple[pygame.Rect, pygame.Rect]:
        """The − and + chips beside a region's stack (draft modes)."""
        d = self.token_size()
        x, y = self.spot(rid)
        r = max(9, round(d * 0.36))
        minus = pygame.Rect(0, 0, 2 * r, 2 * r)
        plus = pygame.Rect(0, 0, 2 * r, 2 * r)
        minus.center = (x - round(d * 0.95), y + round(d * 0.05))
        plus.center = (x + round(d * 0.95), y + round(d * 0.05))
        return minus, plus

    def chip_at(self, pos: tuple[int, int], regions: list[str]) -> tuple[str, int] | None:
        for rid in regions:
            minus, plus = self.chip_rects(rid)
            if minus.collidepoint(pos):
                return rid, -1
            if plus.collidepoint(pos):
                return rid, +1
        return None

    # -- the composite ---------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, pic: BoardPicture) -> None:
        assert self.layout is not None
        if self._composite is None or self._key != pic.key:
            self._composite = self._compose(pic)
            self._key = pic.key
        surf.blit(self._composite, self.layout.board.topleft)

    def _compose(self, pic: BoardPicture) -> pygame.Surface:
        assert self.layout is not None and self._scaled is not None
        comp = self._scaled.copy()
        if pic.marks:
            marks = pygame.Surface(comp.get_size(), pygame.SRCALPHA)
            w = max(2, round(3 * self.layout.ui))
            for rid, colour in pic.marks.items():
                pts = self._screen_polys.get(rid)
                if not pts:
                    continue
                pygame.draw.polygon(marks, colour + (58,), pts)
                pygame.draw.polygon(marks, colour + (235,), pts, w)
            comp.blit(marks, (0, 0))
        for rid in pic.selected:
            pts = self._screen_polys.get(rid)
            if pts:
                pygame.draw.polygon(comp, theme.GOLD, pts, max(3, round(5 * self.layout.ui)))
        self._draw_tokens(comp, pic)
        return comp

    def _draw_tokens(self, comp: pygame.Surface, pic: BoardPicture) -> None:
        assert self.layout is not None
        s = pic.state
        d = self.token_size()
        ox, oy = self.layout.board.topleft
        for rid, r in s.regions.items():
            if rid not in self.spots:
                continue
            x, y = self.spot(rid)
            x, y = x - ox, y - oy
            n = r.tokens
            if pic.counts is not None and rid in pic.counts and pic.added is None:
                n = pic.counts[rid]
            if r.race and (n or r.tokens):
                colour = pic.colours[r.owner] if r.owner is not None and r.owner < len(pic.colours) else None
                self._stack(comp, x, y, d, r.race, r.decline, n, colour)
            elif r.lost_tribe:
                self._stack(comp, x, y, d, "lost_tribe", False, r.lost_tribe, None)
            if pic.added is not None and pic.added.get(rid):
                self._plus_badge(comp, x, y, d, pic.added[rid])
            camps = pic.encampments.get(rid, 0) if pic.encampments is not None else r.encampments
            self._markers(comp, x, y, d, r, camps)
            if rid in pic.chips:
                self._chips(comp, rid, (ox, oy), pic)

    def _stack(self, surf: pygame.Surface, x: int, y: int, d: int, race: str, decline: bool, n: int,
               owner: tuple[int, int, int] | None) -> None:
        img = self.sprites.token(race, decline, d)
        layers = min(max(n, 1), 3)
        lift = max(2, d // 10)
        top_y = y - (layers - 1) * lift // 2
        if owner is not None:
            ring = d // 2 + max(2, d // 14)
            pygame.draw.circle(surf, (20, 16, 14), (x + 1, top_y + (layers - 1) * lift + 2), ring + 1)
            pygame.draw.circle(surf, owner, (x, top_y + (layers - 1) * lift), ring)
        for i in range(layers - 1, -1, -1):
            surf.blit(img, img.get_rect(center=(x, top_y + i * lift)))
        if n != 1:
            self._count_badge(surf, x + d // 2 - 2, top_y + d // 2 - 4, d, n)

    def _count_badge(self, surf: pygame.Surface, x: int, y: int, d: int, n: int) -> None:
        size = max(10, round(d * 0.36))
        img = self.text.render(str(n), size, theme.INK_LIGHT, "bold")
        rad = max(img.get_width(), img.get_height()) // 2 + max(2, d // 16)
        pygame.draw.circle(surf, (24, 18, 14), (x, y), rad + 1)
        pygame.draw.circle(surf, (150, 34, 30), (x, y), rad)
        pygame.draw.circle(surf, (240, 220, 180), (x, y), rad, max(1, d // 24))
        surf.blit(img, img.get_rect(center=(x, y)))

    def _plus_badge(self, surf: pygame.Surface, x: int, y: int, d: int, n: int) -> None:
        size = max(10, round(d * 0.34))
        img = self.text.render(f"+{n}", size, theme.INK, "bold")
        box = img.get_rect(center=(x, y - d // 2 - img.get_height() // 2))
        pygame.draw.rect(surf, (250, 236, 170), box.inflate(8, 2), border_radius=6)
        pygame.draw.rect(surf, theme.GOLD_DARK, box.inflate(8, 2), 1, border_radius=6)
        surf.blit(img, box)

    def _markers(self, surf: pygame.Surface, x: int, y: int, d: int, r: Any, camps: int) -> None:
        kinds: list[tuple[str, int]] = []
        for kind, present in (("mountain", r.mountain), ("lair", r.lair), ("fortress", r.fortress),
                              ("hole", r.hole), ("hero", r.hero), ("dragon", r.dragon)):
            if present:
                kinds.append((kind, 1))
        if camps:
            kinds.append(("encampment", camps))
        if not kinds:
            return
        has_tokens = bool(r.tokens or r.lost_tribe)
        m = max(12, round(d * 0.5))
        gap = max(1, m // 8)
        width = len(kinds) * m + (len(kinds) - 1) * gap
        left = x - width // 2
        my = y + (d // 2 + m // 2 if has_tokens else 0)
        for i, (kind, count) in enumerate(kinds):
            img = self.sprites.marker(kind, m)
            cx = left + i * (m + gap) + m // 2
            surf.blit(img, img.get_rect(center=(cx, my)))
            if count > 1:
                self._count_badge(surf, cx + m // 2 - 2, my - m // 2 + 2, m, count)

    def _chips(self, surf: pygame.Surface, rid: str, origin: tuple[int, int], pic: BoardPicture) -> None:
        minus, plus = self.chip_rects(rid)
        for rect, sign in ((minus, "−"), (plus, "+")):
            rr = rect.move(-origin[0], -origin[1])
            rad = rr.w // 2
            pygame.draw.circle(surf, (20, 16, 14), (rr.centerx + 1, rr.centery + 2), rad)
            pygame.draw.circle(surf, (250, 242, 222), rr.center, rad)
            pygame.draw.circle(surf, theme.BUTTON, rr.center, rad, max(2, rad // 5))
            img = self.text.render(sign, max(10, round(rad * 1.5)), theme.BUTTON, "bold")
            surf.blit(img, img.get_rect(center=(rr.centerx, rr.centery - 1)))

    # -- per frame ---------------------------------------------------------------------------
    def draw_hover(self, surf: pygame.Surface, rid: str, colour: tuple[int, int, int] = (255, 250, 220)) -> pygame.Rect:
        assert self.layout is not None
        cached = self._hover_cache.get(rid)
        if cached is None:
            pts = self._screen_polys[rid]
            x0 = min(p[0] for p in pts)
            y0 = min(p[1] for p in pts)
            x1 = max(p[0] for p in pts)
            y1 = max(p[1] for p in pts)
            w = max(3, round(3 * self.layout.ui))
            img = pygame.Surface((int(x1 - x0) + 2 * w + 2, int(y1 - y0) + 2 * w + 2), pygame.SRCALPHA)
            local = [(px - x0 + w, py - y0 + w) for px, py in pts]
            pygame.draw.polygon(img, colour + (64,), local)
            pygame.draw.polygon(img, colour + (255,), local, w)
            cached = (img, (int(x0) - w, int(y0) - w))
            self._hover_cache[rid] = cached
        img, (dx, dy) = cached
        return surf.blit(img, (self.layout.board.x + dx, self.layout.board.y + dy))

    def draw_flash(self, surf: pygame.Surface, rid: str, phase: float, colour=(255, 230, 90)) -> pygame.Rect:
        """A pulsing outline on the region a computer player just took."""
        assert self.layout is not None
        pts = [(self.layout.board.x + x, self.layout.board.y + y) for x, y in self._screen_polys[rid]]
        w = max(2, round((3 + 3 * (0.5 + 0.5 * math.sin(phase * 2 * math.pi))) * self.layout.ui))
        return pygame.draw.polygon(surf, colour, pts, w)
