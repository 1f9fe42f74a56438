"""The board on screen: the map picture, the marks on regions the current intent can target,
the tokens and markers on every region, the hover highlight, and hit-testing.

`BoardView` owns the pictures made from the map: the picture scaled to the window (made once
per size and zoom level, from the map's own picture), each region's outline in board pixels, the token spot of each region (the point
farthest inside it, where the map's labels leave room), and a composite of map + marks + tokens
that is rebuilt only when its `key` changes (a new state, another mode, a draft changed). A
frame while the mouse moves only blits that composite and the hovered region's highlight.
Drawing reads the state and never changes it. The board zooms (`ZOOMS`, 1× to 3×) around a
point and pans: everything is drawn again at the zoomed size rather than a small picture blown
up, the view shows the part of it under `pan`, and `region_at`, `spot` and the chips go through
the same `origin` and `scale`, so a click finds the region under the pointer at every zoom.
"""
from __future__ import annotations

import io
import math
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Hashable, Sequence

import pygame

from game.content import geometry
from game.content.bounded import read_bytes

from . import theme
from .art import Sprites
from .layout import Layout
from .region_plan import (
    MARKER_SLOTS,
    READABLE,
    SMALL_SCALE,
    RegionPlan,
    feature_kinds,
    label_of,
    label_px,
    marker_px,
    plan_board,
    token_px,
)
from .small_board import RING, place_labels, plan_small, zoom_small
from .theme import Text
from .widgets import marker_chip, player_mark


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
    symbols: list[str] = field(default_factory=list)   # each player's shape, beside the colour
    hatch: set[str] = field(default_factory=set)      # targets that need the die: striped
    costs: dict[str, int] = field(default_factory=dict)   # the cost badge on each target


ZOOMS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0)   # the board's zoom levels: each one's pictures drawn once, kept
MARKER_MIN = READABLE   # no marker is drawn smaller (pixels), however full its region
ART_MARGIN = 1.2        # a marker's or icon's picture has a clear margin: drawn this much bigger
                        # than its place, what shows fills the place (READABLE pixels and more)
DASH_PHASES = 4         # steps of the marching dashes round a target's edge
DASH_RATE = 6.0         # steps a second: a gentle march (a quarter of the pattern each step)


@dataclass
class Dashes:
    """The marching dashes round the current targets: one picture per step, all placed at
    `origin` (window), and small boxes (window) along the outlines that the dashes cover."""
    layers: list[pygame.Surface]
    origin: tuple[int, int]
    rect: pygame.Rect
    boxes: list[pygame.Rect]


class BoardView:
    def __init__(self, polygons: dict[str, list[tuple[float, float]]], map_size: tuple[int, int],
                 image_path: Path | None, sprites: Sprites, text: Text, regions: Sequence[Any] = (),
                 redraw: Callable[[int], pygame.Surface] | None = None) -> None:
        self.polygons = polygons
        self.regions = {r.id: r for r in regions}
        self.plans: dict[str, RegionPlan] = {}
        self.labels: dict[str, RegionPlan] = {}
        self.map_w, self.map_h = map_size
        self.sprites = sprites
        self.text = text
        self.spots = {rid: geometry.interior_point(poly, 2.0) for rid, poly in polygons.items()}
        self._bbox = {rid: geometry.bbox(p) for rid, p in polygons.items()}
        self.image: pygame.Surface | None = None
        if image_path is not None:
            try:                             # a plain file within a picture's size, never a pipe
                self.image = pygame.image.load(io.BytesIO(read_bytes(image_path, "image")), str(image_path))
                if pygame.display.get_surface() is not None:
                    self.image = self.image.convert()
            except (pygame.error, FileNotFoundError, OSError):
                self.image = None
        self.layout: Layout | None = None
        self.zoom = 1.0                       # one of ZOOMS
        self.pan = (0, 0)                     # the view's corner in the zoomed board (pixels)
        self.scale = 1.0                      # window pixels per map pixel, zoom included
        self.ui = 1.0                         # the window's text scale, zoom included (line widths)
        self._base_plans: dict[str, RegionPlan] = {}
        self._pictures: dict[float, pygame.Surface] = {}
        self.redraw = redraw                  # draws the map's picture at a width, from its regions
        self._sharp: dict[tuple[int, int], pygame.Surface] = {}   # pictures drawn anew, by size
        self._drawing: dict[tuple[int, int], threading.Thread] = {}
        self._scaled: pygame.Surface | None = None
        self._screen_polys: dict[str, list[tuple[float, float]]] = {}
        self._hover_cache: dict[tuple[str, tuple[int, int]], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._composite: pygame.Surface | None = None
        self._key: Hashable = None
        self._pic: BoardPicture | None = None
        self._dashes: tuple[Hashable, Dashes | None] = (None, None)
        self._placed: tuple[tuple[int, int], Dashes] | None = None     # the dashes as last placed

    # -- geometry --------------------------------------------------------------------------
    def set_layout(self, layout: Layout) -> None:
        if self.layout is not None and self.layout.board == layout.board:
            self.layout = layout
            return
        if self.layout is None or self.layout.board.size != layout.board.size:
            self._pictures.clear()
        self.layout = layout
        plan = plan_small if layout.scale < SMALL_SCALE else plan_board
        self._base_plans = plan(self.polygons, list(self.regions.values()), layout.scale,
                                self.text.size, layout.board.size, self.spots)
        self._apply_zoom()

    def _apply_zoom(self) -> None:
        """Everything drawn on the board at the current zoom, from its sources: the map picture
        scaled from the map's own PNG (not from the window-sized one), the outlines, and each
        region's plan scaled (tokens, markers, names and icons are then drawn at that size)."""
        assert self.layout is not None
        z = self.zoom
        b = self.layout.board
        self.scale = self.layout.scale * z
        size = (round(b.w * z), round(b.h * z))
        pic = self._pictures.get(z)
        if pic is None or pic.get_size() != size:
            if self.image is not None:
                pic = pygame.transform.smoothscale(self.image, size)
                if size[0] > self.image.get_width():
                    self._draw_sharp(size)
            else:
                pic = self._plain_map(size, self.scale)
            self._pictures[z] = pic
        pic = self._sharp.get(size, pic)
        self._scaled = pic
        self._screen_polys = {rid: [(x * self.scale, y * self.scale) for x, y in poly]
                              for rid, poly in self.polygons.items()}
        if self.layout.scale < SMALL_SCALE and z != 1.0:     # a small window zoomed: names come back
            self.plans = zoom_small(self._base_plans, z, self.scale, self.polygons, list(self.regions.values()),
                                    self.text.size, size)
        else:
            self.plans = {rid: _zoomed_plan(p, z) for rid, p in self._base_plans.items()}
        self.labels = self.plans                 # the labels as drawn: see `_labels`
        self.ui = self.layout.ui * z
        self._hover_cache.clear()
        self._composite = None
        self._key = None
        self._dashes = (None, None)
        self.pan = self.pan

    def _draw_sharp(self, size: tuple[int, int]) -> None:
        """Zoomed beyond the map's own picture: draw the picture anew at `size` from its regions,
        in the background (a second or so), the picture blown up showing meanwhile; `poll` puts
        it in when it is done."""
        if self.redraw is None or size in self._sharp or size in self._drawing:
            return
        draw = self.redraw

        def work() -> None:
            try:
                self._sharp[size] = draw(size[0])
            except (pygame.error, OSError, ValueError):
                pass                             # the picture blown up stays

        worker = threading.Thread(target=work, name="board-picture", daemon=True)
        self._drawing[size] = worker
        worker.start()

    def poll(self) -> bool:
        """True (once) when a picture drawn in the background for the current zoom has come in."""
        if self.layout is None or not self._drawing:
            return False
        for size, worker in list(self._drawing.items()):
            if not worker.is_alive():
                del self._drawing[size]
                if size in self._sharp and pygame.display.get_surface() is not None:
                    self._sharp[size] = self._sharp[size].convert()      # blitted every frame
        if self._scaled is not None and self._sharp.get(self._scaled.get_size(), self._scaled) is not self._scaled:
            self._apply_zoom()
            return True
        return False

    def drawing(self) -> bool:
        """A picture is being drawn in the background."""
        return bool(self._drawing)

    def wait(self) -> None:
        """Wait for the pictures drawn in the background and put in the current one (tools, tests)."""
        for worker in list(self._drawing.values()):
            worker.join()
        self.poll()

    # -- zoom and pan ------------------------------------------------------------------------
    @property
    def pan(self) -> tuple[int, int]:
        return self._pan

    @pan.setter
    def pan(self, at: tuple[float, float]) -> None:
        """The view's corner, kept so that the view never leaves the board."""
        if self.layout is None:
            self._pan = (0, 0)
            return
        b = self.layout.board
        w, h = round(b.w * self.zoom), round(b.h * self.zoom)
        self._pan = (int(min(max(0, round(at[0])), w - b.w)), int(min(max(0, round(at[1])), h - b.h)))

    @property
    def origin(self) -> tuple[int, int]:
        """Where the map's corner is in the window (off the board's corner when zoomed and panned)."""
        assert self.layout is not None
        return self.layout.board.x - self._pan[0], self.layout.board.y - self._pan[1]

    def view_key(self) -> tuple[float, tuple[int, int], int]:
        return self.zoom, self._pan, id(self._scaled)

    def zoom_to(self, zoom: float, at: tuple[int, int] | None = None) -> bool:
        """Zoom to `zoom` (the nearest of ZOOMS), keeping the map point under `at` (a window point,
        the board's middle if None or off the board) where it is. False: nothing changed."""
        if self.layout is None:
            return False
        new = min(ZOOMS, key=lambda z: abs(z - zoom))
        if new == self.zoom:
            return False
        b = self.layout.board
        if at is None or not b.collidepoint(at):
            at = b.center
        ox, oy = self.origin
        mx, my = (at[0] - ox) / self.scale, (at[1] - oy) / self.scale
        self.zoom = new
        self._apply_zoom()
        self.pan = (mx * self.scale - (at[0] - b.x), my * self.scale - (at[1] - b.y))
        return True

    def zoom_step(self, steps: int, at: tuple[int, int] | None = None) -> bool:
        """`steps` levels of ZOOMS in (positive) or out (negative)."""
        i = ZOOMS.index(self.zoom) if self.zoom in ZOOMS else 0
        return self.zoom_to(ZOOMS[max(0, min(len(ZOOMS) - 1, i + steps))], at)

    def pan_by(self, dx: float, dy: float) -> bool:
        before = self._pan
        self.pan = (self._pan[0] + dx, self._pan[1] + dy)
        return self._pan != before

    def reset_view(self) -> bool:
        changed = self.zoom != 1.0 or self._pan != (0, 0)
        self.zoom, self._pan = 1.0, (0, 0)
        if changed and self.layout is not None:
            self._apply_zoom()
        return changed

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
        if self.layout.scale < SMALL_SCALE:            # a small window's board: see `small_board`
            return token_px(self.scale)
        return round(token_px(self.layout.scale) * self.zoom)

    def spot(self, rid: str) -> tuple[int, int]:
        """Window position of a region's token spot (it may lie off the board's view when zoomed)."""
        assert self.layout is not None
        ox, oy = self.origin
        plan = self.plans.get(rid)
        if plan is not None:
            return ox + plan.spot[0], oy + plan.spot[1]
        x, y = self.spots[rid]
        return round(ox + x * self.scale), round(oy + y * self.scale)

    def region_at(self, pos: tuple[int, int]) -> str | None:
        """The region under a window point, through the same zoom and pan the board is drawn with."""
        if self.layout is None or not self.layout.board.collidepoint(pos):
            return None
        ox, oy = self.origin
        x, y = point = ((pos[0] - ox) / self.scale, (pos[1] - oy) / self.scale)
        for rid, (x0, y0, x1, y1) in self._bbox.items():      # boxes kept: this runs every pointer move
            if x0 <= x <= x1 and y0 <= y <= y1 and geometry.point_in_polygon(point, self.polygons[rid]):
                return rid
        return None

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
        if self.layout is None or not self.layout.board.collidepoint(pos):
            return None                      # a zoomed board's chips out of view are not there
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
            self._pic = pic
        surf.blit(self._composite, self.layout.board.topleft, pygame.Rect(self._pan, self.layout.board.size))

    def _compose(self, pic: BoardPicture) -> pygame.Surface:
        assert self.layout is not None and self._scaled is not None
        comp = self._scaled.copy()
        if pic.marks:
            self._draw_targets(comp, pic)
        for rid in pic.selected:
            pts = self._screen_polys.get(rid)
            if pts:
                pygame.draw.polygon(comp, theme.GOLD, pts, max(3, round(5 * self.ui)))
        self.labels = self._labels(pic)
        self._draw_labels(comp)
        self._draw_tokens(comp, pic)
        return comp

    def _labels(self, pic: BoardPicture) -> dict[str, RegionPlan]:
        """The plans with the labels as drawn for this picture: the plans themselves, or on a
        small window's board the labels placed anew clear of the pieces on it now (a region's
        stack square where a stack, a cost or the draft's chips stand; its marker column where it
        has markers), so that an empty region shows its name."""
        assert self.layout is not None
        if self.layout.scale >= SMALL_SCALE:
            return self.plans
        ox, oy = self.origin
        d = self.token_size()
        pieces: list[pygame.Rect] = []
        for rid, p in self.plans.items():
            r = pic.state.regions.get(rid)
            added = pic.added is not None and bool(pic.added.get(rid))
            if r is not None and ((r.race and r.tokens) or r.lost_tribe) or rid in pic.costs or added:
                pieces.append(p.stack.inflate(RING, RING))
            if added:                      # the "+N" over the stack
                pieces.append(pygame.Rect(p.stack.x, p.stack.y - d // 2, p.stack.w, d // 2))
            if rid in pic.chips:
                pieces += [c.move(-ox, -oy) for c in self.chip_rects(rid)]
            camps = pic.encampments.get(rid, 0) if pic.encampments is not None else getattr(r, "encampments", 0)
            if r is not None and _marker_kinds(r, camps):
                pieces.append(p.markers)
        plans = {rid: replace(p) for rid, p in self.plans.items()}
        place_labels(plans, self._screen_polys, list(self.regions.values()), label_px(self.scale),
                     marker_px(self.scale), self.text.size, self._scaled.get_size() if self._scaled else (0, 0), pieces)
        return plans

    def _draw_targets(self, comp: pygame.Surface, pic: BoardPicture) -> None:
        """What the player can click now: the rest of the board dimmed, except the mover's own
        regions (they stay lit), each target lit with a band of its colour inside its own edge
        and a dark line on the edge itself (solid: play it; striped inside: it needs the die), so
        two targets side by side keep two outlines."""
        assert self.layout is not None
        ui = self.ui
        veil = pygame.Surface(comp.get_size(), pygame.SRCALPHA)
        veil.fill((16, 12, 10, 120))
        seat = getattr(getattr(pic.state, "turn", None), "seat", None)
        own = [rid for rid, r in getattr(pic.state, "regions", {}).items() if seat is not None and r.owner == seat]
        for rid in [*pic.marks, *own]:
            pts = self._screen_polys.get(rid)
            if pts:
                pygame.draw.polygon(veil, (0, 0, 0, 0), pts)
        comp.blit(veil, (0, 0))
        w = max(3, round(4 * ui))
        for rid, colour in pic.marks.items():
            pts = self._screen_polys.get(rid)
            if not pts:
                continue
            if rid in pic.hatch:
                self._stripes(comp, pts, colour, ui)
            self._inner_band(comp, pts, colour, w)
        edge = max(2, round(2 * ui))
        for rid in pic.marks:
            pts = self._screen_polys.get(rid)
            if pts:
                pygame.draw.polygon(comp, (16, 12, 10), pts, edge)

    def _inner_band(self, comp: pygame.Surface, pts: list[tuple[float, float]], colour: tuple[int, int, int],
                    w: int) -> None:
        """A band of `colour` `w` pixels wide along the inside of the outline `pts`."""
        x0, y0 = int(min(p[0] for p in pts)) - 1, int(min(p[1] for p in pts)) - 1
        x1, y1 = int(max(p[0] for p in pts)) + 2, int(max(p[1] for p in pts)) + 2
        local = [(x - x0, y - y0) for x, y in pts]
        layer = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
        pygame.draw.polygon(layer, colour + (255,), local, 2 * w + 1)
        for q in local:
            pygame.draw.circle(layer, colour + (255,), q, w)
        mask = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        comp.blit(layer, (x0, y0))

    def _stripes(self, comp: pygame.Surface, pts: list[tuple[float, float]], colour: tuple[int, int, int],
                 ui: float) -> None:
        x0, y0 = int(min(p[0] for p in pts)), int(min(p[1] for p in pts))
        x1, y1 = int(max(p[0] for p in pts)) + 1, int(max(p[1] for p in pts)) + 1
        w, h = x1 - x0, y1 - y0
        if w <= 0 or h <= 0:
            return
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        gap = max(8, round(12 * ui))
        for k in range(-h, w, gap):
            pygame.draw.line(layer, colour + (150,), (k, h), (k + h, 0), max(2, round(3 * ui)))
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - x0, y - y0) for x, y in pts])
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        comp.blit(layer, (x0, y0))

    def _draw_labels(self, comp: pygame.Surface) -> None:
        """Each region's name plate and feature icons, where its plan puts them."""
        for rid, plan in self.labels.items():
            region = self.regions.get(rid)
            if region is None:
                continue
            lines = plan.lines or (label_of(region),)
            plate = plan.name
            if not plan.shown:
                lines = ()
            elif not region.is_water:
                radius = max(3, min(plate.h, 20) // 3)
                pygame.draw.rect(comp, (246, 236, 208), plate, border_radius=radius)
                pygame.draw.rect(comp, (96, 70, 44), plate, 1, border_radius=radius)
            imgs = [self.text.render(line, plan.font, (236, 246, 252) if region.is_water else (44, 30, 22),
                                     plan.weight) for line in lines]
            y = plate.centery - sum(img.get_height() for img in imgs) // 2
            for line, img in zip(lines, imgs, strict=True):
                at = img.get_rect(midtop=(plate.centerx, y))
                if region.is_water:          # white letters with a dark rim on the water
                    shadow = self.text.render(line, plan.font, (16, 40, 70), plan.weight)
                    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
                        comp.blit(shadow, at.move(dx, dy))
                comp.blit(img, at)
                y += img.get_height()
            for kind, rect in zip(feature_kinds(region), plan.icons, strict=False):
                icon = self.sprites.feature(kind, round(rect.w * ART_MARGIN))
                comp.blit(icon, icon.get_rect(center=rect.center))

    def _draw_tokens(self, comp: pygame.Surface, pic: BoardPicture) -> None:
        assert self.layout is not None
        s = pic.state
        d = self.token_size()
        ox, oy = self.origin
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
                symbol = pic.symbols[r.owner] if r.owner is not None and r.owner < len(pic.symbols) else ""
                self._stack(comp, x, y, d, r.race, r.decline, n, colour, symbol)
            elif r.lost_tribe:
                self._stack(comp, x, y, d, "lost_tribe", False, r.lost_tribe, None)
            if pic.added is not None and pic.added.get(rid):
                self._plus_badge(comp, x, y, d, pic.added[rid])
            camps = pic.encampments.get(rid, 0) if pic.encampments is not None else r.encampments
            self._markers(comp, rid, d, r, camps)
            if rid in pic.costs:
                self._cost_badge(comp, rid, d, pic.costs[rid], rid in pic.hatch, pic.marks.get(rid))
            if rid in pic.chips:
                self._chips(comp, rid, (ox, oy), pic)

    def _stack(self, surf: pygame.Surface, x: int, y: int, d: int, race: str, decline: bool, n: int,
               owner: tuple[int, int, int] | None, symbol: str = "") -> None:
        """A stack of `n` tokens: up to three drawn, lifted, on a ring in the owner's colour wide
        enough to read at 1000×650, with the owner's shape on a flag at its lower left."""
        img = self.sprites.token(race, decline, d)
        layers = min(max(n, 1), 3)
        lift = max(2, d // 10)
        top_y = y - (layers - 1) * lift // 2
        if owner is not None:
            ring = d // 2 + max(4, round(d * 0.16))
            base = (x, top_y + (layers - 1) * lift)
            pygame.draw.circle(surf, (20, 16, 14), (base[0] + 1, base[1] + 2), ring + 2)
            pygame.draw.circle(surf, owner, base, ring)
            pygame.draw.circle(surf, (20, 16, 14), base, ring, 1)
        for i in range(layers - 1, -1, -1):
            surf.blit(img, img.get_rect(center=(x, top_y + i * lift)))
        half = round(d * 0.65)                 # the plan keeps a 1.3-token square for the stack
        if owner is not None and symbol:
            r = max(7, round(d * 0.24))
            player_mark(surf, symbol, (x - half + r, y + half - r), r, owner)
        if n != 1:
            self._count_badge(surf, x + half, y + half, d, n)

    def _count_badge(self, surf: pygame.Surface, x: int, y: int, d: int, n: int) -> None:
        """The number of tokens on a stack, in the bottom-right corner ending at (x, y)."""
        size = max(13, round(d * 0.46))
        img = self.text.render(str(n), size, (255, 255, 255), "bold")
        rad = max(img.get_width(), img.get_height()) // 2 + 1
        cx, cy = x - rad - 1, y - rad - 1
        pygame.draw.circle(surf, (16, 12, 10), (cx, cy), rad + 2)
        pygame.draw.circle(surf, (150, 34, 30), (cx, cy), rad)
        pygame.draw.circle(surf, (240, 220, 180), (cx, cy), rad, max(1, d // 28))
        surf.blit(img, img.get_rect(center=(cx, cy)))

    def _plus_badge(self, surf: pygame.Surface, x: int, y: int, d: int, n: int) -> None:
        size = max(10, round(d * 0.34))
        img = self.text.render(f"+{n}", size, theme.INK, "bold")
        box = img.get_rect(center=(x, y - d // 2 - img.get_height() // 2))
        pygame.draw.rect(surf, (250, 236, 170), box.inflate(8, 2), border_radius=6)
        pygame.draw.rect(surf, theme.GOLD_DARK, box.inflate(8, 2), 1, border_radius=6)
        surf.blit(img, box)

    def _markers(self, surf: pygame.Surface, rid: str, d: int, r: Any, camps: int) -> None:
        """The region's markers in the column its plan keeps beside the stack."""
        kinds = _marker_kinds(r, camps)
        plan = self.plans.get(rid)
        if not kinds or plan is None:
            return
        more = 0
        if len(kinds) > MARKER_SLOTS:      # too many to read: the first, and "+N" for all the others
            more = sum(n for _, n in kinds) - 1
            kinds = kinds[:1]
        col = plan.markers
        k = len(kinds)
        least = MARKER_MIN if self.layout is None or self.layout.scale >= SMALL_SCALE else col.w
        m = max(least, min(col.w, col.h // k))
        step = m if m * k <= col.h else max(m // 2, (col.h - m) // max(1, k - 1))   # many: they overlap
        y = col.y + (col.h - (m + step * (k - 1))) // 2
        for kind, count in kinds:
            centre = (col.centerx, y + m // 2)
            img = self.sprites.marker(kind, round(m * ART_MARGIN))
            surf.blit(img, img.get_rect(center=centre))
            if more:
                marker_chip(surf, self.text, (centre[0] + m // 2, centre[1] + m // 2), m, f"+{more}")
            elif count > 1:
                marker_chip(surf, self.text, (centre[0] + m // 2, centre[1] + m // 2), m, f"×{count}")
            y += step

    def _cost_badge(self, surf: pygame.Surface, rid: str, d: int, cost: int, needs_die: bool,
                    colour: tuple[int, int, int] | None) -> None:
        """The tokens a target costs, on the stack's upper left: a round badge, or a die-shaped
        square when the die must help (a shape as well as a colour)."""
        plan = self.plans.get(rid)
        if plan is None:
            return
        size = max(11, round(d * 0.42))
        img = self.text.render(str(cost), size, (20, 14, 10), "bold")
        rad = max(img.get_width(), img.get_height()) // 2 + 2
        cx, cy = plan.stack.x + rad - 1, plan.stack.y + rad - 1
        fill = colour or (250, 244, 228)
        if needs_die:
            box = pygame.Rect(0, 0, 2 * rad, 2 * rad)
            box.center = (cx, cy)
            pygame.draw.rect(surf, (16, 12, 10), box.inflate(4, 4), border_radius=max(3, rad // 2))
            pygame.draw.rect(surf, fill, box, border_radius=max(3, rad // 2))
            pygame.draw.circle(surf, (16, 12, 10), (box.right - 4, box.y + 4), max(1, rad // 6))
        else:
            pygame.draw.circle(surf, (16, 12, 10), (cx, cy), rad + 2)
            pygame.draw.circle(surf, fill, (cx, cy), rad)
        surf.blit(img, img.get_rect(center=(cx, cy)))

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

    # -- the marching dashes ----------------------------------------------------------------------
    def dashes(self) -> Dashes | None:
        """The dashes for the targets of the picture last drawn (None: no targets), made once per
        picture and zoom, over the whole board (a pan only moves them). They run along each
        target's bright outline and stop under names, icons, stacks and markers, which lie above
        the outline. Placed in the window and clipped to the board's view here."""
        assert self.layout is not None
        key = (self._key, self.zoom)
        if self._dashes[0] != key or self._key is None:
            pic = self._pic
            self._dashes = (key, self._make_dashes(pic) if pic is not None and pic.marks else None)
            self._placed = None
        made = self._dashes[1]
        if made is None:
            return None
        if self._placed is None or self._placed[0] != self._pan:
            ox, oy = self.origin
            view = self.layout.board
            rect = made.rect.move(ox, oy).clip(view)
            boxes = [c for c in (b.move(ox, oy).clip(view) for b in made.boxes) if c.w and c.h]
            self._placed = (self._pan, Dashes(made.layers, (ox + made.origin[0], oy + made.origin[1]), rect, boxes))
        return self._placed[1]

    def _make_dashes(self, pic: BoardPicture) -> Dashes | None:
        """The dashes in board pixels (origin, rect and boxes relative to the board's corner)."""
        assert self.layout is not None and self._scaled is not None
        ui = self.ui
        w = max(3, round(4 * ui))
        boxes = []
        for rid in pic.marks:
            pts = self._screen_polys.get(rid)
            if pts:
                x0, y0 = int(min(p[0] for p in pts)) - w, int(min(p[1] for p in pts)) - w
                x1, y1 = int(max(p[0] for p in pts)) + w + 2, int(max(p[1] for p in pts)) + w + 2
                boxes.append((rid, pygame.Rect(x0, y0, x1 - x0, y1 - y0)))
        if not boxes:
            return None
        area = boxes[0][1].unionall([b for _, b in boxes[1:]]).clip(self._scaled.get_rect())
        if not area.w or not area.h:
            return None
        dash = max(8, round(11 * ui))
        period = 2 * dash
        cuts = []
        regions = getattr(pic.state, "regions", {})
        for rid, plan in self.plans.items():
            r_state = regions.get(rid)
            stacked = rid in pic.costs or (r_state is not None and (r_state.tokens or r_state.lost_tribe))
            for r in (plan.name, plan.markers, *plan.icons, *([plan.stack] if stacked else [])):
                if r.w and r.h and r.colliderect(area):
                    cuts.append(r.move(-area.x, -area.y))
        layers = []
        outlines = [[(x - area.x, y - area.y) for x, y in self._screen_polys[rid]] for rid, _ in boxes]
        shifts = [k * period / DASH_PHASES for k in range(DASH_PHASES)]
        for pieces in dash_pieces(outlines, area.size, dash, period, shifts, max(3, w)):
            layer = pygame.Surface(area.size, depth=8)      # one colour on a see-through ground: a
            layer.set_palette_at(0, (0, 0, 0))              # byte a pixel, so the zoomed board's
            layer.set_palette_at(1, (255, 252, 236))        # dashes stay small
            layer.fill(0)
            layer.set_colorkey(0)
            for a, b in pieces:
                pygame.draw.line(layer, 1, a, b, max(2, w - 1))
            for r in cuts:
                layer.fill(0, r)
            layers.append(layer)
        strips = []                         # small boxes along the outlines: a step redraws only those
        for rid, _ in boxes:
            strips += [r.clip(area) for r in _outline_boxes(self._screen_polys[rid], w + 1, max(48, round(64 * ui)))]
        return Dashes(layers, area.topleft, area, [r for r in strips if r.w and r.h])

    # -- per frame ---------------------------------------------------------------------------
    def draw_hover(self, surf: pygame.Surface, rid: str, colour: tuple[int, int, int] = (255, 250, 220)) -> pygame.Rect:
        """The hovered region lit, the part of it in the board's view (made once per view)."""
        assert self.layout is not None
        key = (rid, self._pan)
        cached = self._hover_cache.get(key)
        if cached is None:
            pts = self._screen_polys[rid]
            w = max(3, round(3 * self.layout.ui))
            x0, y0 = int(min(p[0] for p in pts)) - w, int(min(p[1] for p in pts)) - w
            x1, y1 = int(max(p[0] for p in pts)) + w + 2, int(max(p[1] for p in pts)) + w + 2
            area = pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(pygame.Rect(self._pan, self.layout.board.size))
            img = pygame.Surface((max(1, area.w), max(1, area.h)), pygame.SRCALPHA)
            local = [(px - area.x, py - area.y) for px, py in pts]
            pygame.draw.polygon(img, colour + (64,), local)
            pygame.draw.polygon(img, colour + (255,), local, w)
            if len(self._hover_cache) > 96:          # a long pan leaves many views behind
                self._hover_cache.clear()
            cached = (img, area.topleft)
            self._hover_cache[key] = cached
        img, (dx, dy) = cached
        ox, oy = self.origin
        clip = surf.get_clip()
        surf.set_clip(self.layout.board.clip(clip))
        try:
            return surf.blit(img, (ox + dx, oy + dy)).clip(self.layout.board)
        finally:
            surf.set_clip(clip)

    def draw_flash(self, surf: pygame.Surface, rid: str, phase: float, colour=(255, 230, 90)) -> pygame.Rect:
        """A pulsing outline on the region a computer player just took."""
        assert self.layout is not None
        ox, oy = self.origin
        pts = [(ox + x, oy + y) for x, y in self._screen_polys[rid]]
        w = max(2, round((3 + 3 * (0.5 + 0.5 * math.sin(phase * 2 * math.pi))) * self.layout.ui))
        clip = surf.get_clip()
        surf.set_clip(self.layout.board.clip(clip))
        try:
            return pygame.draw.polygon(surf, colour, pts, w).clip(self.layout.board)
        finally:
            surf.set_clip(clip)


def _marker_kinds(r: Any, camps: int) -> list[tuple[str, int]]:
    """The markers on a region (its state `r`, with `camps` encampments), each kind with its number."""
    kinds: list[tuple[str, int]] = []
    for kind, present in (("lair", r.lair), ("fortress", r.fortress), ("hole", r.hole), ("hero", r.hero),
                          ("dragon", r.dragon)):
        if present:
            kinds.append((kind, 1))
    if camps:
        kinds.append(("encampment", camps))
    for kind, n in getattr(r, "marks", {}).items():    # markers of expansion races and powers
        kinds.append((kind, n))
    return kinds


def _zoomed_plan(p: RegionPlan, z: float) -> RegionPlan:
    """A region's plan at zoom `z`: every rectangle scaled with its edges rounded alike, so that
    two things apart at 1× stay apart, and the name written `z` times as big."""
    if z == 1.0:
        return p

    def r(a: pygame.Rect) -> pygame.Rect:
        x, y = round(a.x * z), round(a.y * z)
        return pygame.Rect(x, y, round(a.right * z) - x, round(a.bottom * z) - y)
    stack = r(p.stack)
    return RegionPlan(stack, stack.center, r(p.markers), r(p.label), r(p.name), [r(i) for i in p.icons],
                      round(p.font * z), p.inside, p.weight, p.lines, p.shown)


Segment = tuple[tuple[float, float], tuple[float, float]]


def dash_pieces(outlines: list[list[tuple[float, float]]], size: tuple[int, int], dash: float, period: float,
                shifts: list[float], tol: int) -> list[list[Segment]]:
    """For each of `shifts`, the "on" pieces of the dash pattern round every outline, each
    stretch of border dashed once: where an outline runs along one dashed before it (two targets
    sharing a border, their hand-drawn edges within `tol` pixels), that stretch keeps the first
    outline's dashes alone, so a shared border shows dashes instead of two patterns on top of
    each other that read as one solid line."""
    done = pygame.mask.Mask(size)               # the borders dashed so far, `tol` wide either side
    out: list[list[Segment]] = [[] for _ in shifts]
    for pts in outlines:
        for k, shift in enumerate(shifts):
            for a, b in _dash_segments(pts, dash, period, shift):
                out[k] += _clear_of(a, b, done, size)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        x0, y0 = int(min(xs)) - tol - 1, int(min(ys)) - tol - 1
        band = pygame.Surface((int(max(xs)) - x0 + tol + 2, int(max(ys)) - y0 + tol + 2))
        band.set_colorkey((0, 0, 0))
        pygame.draw.lines(band, (255, 255, 255), True, [(x - x0, y - y0) for x, y in pts], 2 * tol + 1)
        for x, y in pts:                        # round the corners of the band
            pygame.draw.circle(band, (255, 255, 255), (x - x0, y - y0), tol)
        done.draw(pygame.mask.from_surface(band), (x0, y0))
    return out


def _clear_of(a: tuple[float, float], b: tuple[float, float], done: pygame.mask.Mask,
              size: tuple[int, int]) -> list[Segment]:
    """The parts of the segment a-b (in 2-pixel steps) not on a border in `done`."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    steps = max(1, math.ceil(length / 2))
    out: list[Segment] = []
    run: float | None = None                    # where the current free part began (0..1)
    for i in range(steps + 1):
        t = i / steps
        if i < steps:
            mx, my = a[0] + (b[0] - a[0]) * (t + 0.5 / steps), a[1] + (b[1] - a[1]) * (t + 0.5 / steps)
            inside = 0 <= mx < size[0] and 0 <= my < size[1]
            free = not (inside and done.get_at((int(mx), int(my))))
        else:
            free = False
        if free and run is None:
            run = t
        elif not free and run is not None:
            out.append(((a[0] + (b[0] - a[0]) * run, a[1] + (b[1] - a[1]) * run),
                        (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)))
            run = None
    return out


def _dash_segments(pts: list[tuple[float, float]], dash: float, period: float,
                   shift: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The pieces of a closed outline that are "on" in a dash pattern (`dash` on, the rest of
    `period` off) started `shift` along the outline."""
    out = []
    walked = 0.0
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length == 0:
            continue
        # the pattern's dashes start at shift + m * period along the outline
        m = math.floor((walked - shift) / period)
        while True:
            start = shift + m * period
            if start >= walked + length:
                break
            lo, hi = max(start, walked), min(start + dash, walked + length)
            if hi > lo:
                t0, t1 = (lo - walked) / length, (hi - walked) / length
                out.append(((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                            (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)))
            m += 1
        walked += length
    return out


def _outline_boxes(pts: list[tuple[float, float]], pad: int, most: int) -> list[pygame.Rect]:
    """Boxes no bigger than `most` a side that together cover a closed outline drawn `pad` wide:
    the outline cut in short pieces, neighbouring pieces merged while their box stays small."""
    out: list[pygame.Rect] = []
    cur: pygame.Rect | None = None
    n = len(pts)
    piece = max(4, most // 2)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        steps = max(1, math.ceil(math.hypot(b[0] - a[0], b[1] - a[1]) / piece))
        for k in range(steps):
            x0 = a[0] + (b[0] - a[0]) * k / steps
            y0 = a[1] + (b[1] - a[1]) * k / steps
            x1 = a[0] + (b[0] - a[0]) * (k + 1) / steps
            y1 = a[1] + (b[1] - a[1]) * (k + 1) / steps
            r = pygame.Rect(int(min(x0, x1)) - pad, int(min(y0, y1)) - pad,
                            int(abs(x1 - x0)) + 2 * pad + 2, int(abs(y1 - y0)) + 2 * pad + 2)
            if cur is not None:
                merged = cur.union(r)
                if merged.w <= most and merged.h <= most:
                    cur = merged
                    continue
                out.append(cur)
            cur = r
    if cur is not None:
        out.append(cur)
    return out
