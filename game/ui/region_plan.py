"""Where each region's things go on screen: its token stack, its markers, its name and feature icons.

A plan is computed from the region polygons for one board size (window pixels, relative to the
board's top-left corner) and kept until the window is resized. The stack sits on the region's
most interior point (`geometry.interior_point`), with room for its count badge and a cost badge;
the markers (fortress, lair, encampments...) get a row reserved under it, whether or not any are
on the region yet; the label (a name plate with the feature icons under or beside it) is then put
inside the region as close to the stack as it fits without touching the stack, the marker row or
anything already placed on the board. When a region is too small for the label at its full size,
a smaller one is tried, then a spot partly outside the region; the only promise kept in every
case is the one players see: nothing covers anything else (checked over every shipped map).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

import pygame

from game.content import geometry

Point = tuple[float, float]
# (text, font size) -> (width, height) in pixels
Measure = Callable[[str, int], tuple[int, int]]

MARKER_SLOTS = 2          # markers reserved beside a stack (more shrink to fit the column)
LABEL_SIZES = (1.0, 0.88, 0.78, 0.7)


@dataclass
class RegionPlan:
    stack: pygame.Rect                 # the token stack with its count badge
    spot: tuple[int, int]              # the stack's centre
    markers: pygame.Rect               # the row reserved for markers
    label: pygame.Rect                 # the name plate and icons together
    name: pygame.Rect                  # the name plate
    icons: list[pygame.Rect] = field(default_factory=list)
    font: int = 12
    inside: bool = True                # the label lies inside the region

    def rects(self) -> list[tuple[str, pygame.Rect]]:
        """Everything drawn for the region, by kind (the label's plate and icons separately)."""
        return [("stack", self.stack), ("markers", self.markers), ("name", self.name)] + \
            [("icon", r) for r in self.icons]


def feature_kinds(region: object) -> list[str]:
    """The icons printed beside a region's name: mountain, mine, cavern, magic, lost tribe."""
    terrain = getattr(region, "terrain", "")
    features: frozenset[str] = getattr(region, "features", frozenset())
    return (["mountain"] if terrain == "mountain" else []) + \
        [f for f in ("mine", "cavern", "magic") if f in features] + \
        (["lost_tribe"] if getattr(region, "lost_tribe", False) else [])


def token_px(scale: float) -> int:
    """A token's diameter on screen for a board drawn at `scale` window pixels per map pixel."""
    return max(28, round(50 * scale))


def marker_px(d: int) -> int:
    """A marker's size beside a stack of `d`-pixel tokens."""
    return max(12, round(d * 0.5))


def label_px(scale: float) -> int:
    return max(11, round(21 * scale))


_PLANS: dict[tuple, dict[str, RegionPlan]] = {}      # the same map at the same size: the same plan


def plan_board(polygons: Mapping[str, Sequence[Point]], regions: Sequence[object], scale: float,
               measure: Measure, size: tuple[int, int],
               spots: dict[str, Point] | None = None) -> dict[str, RegionPlan]:
    """A plan for every region of a board drawn at `scale` (polygons and `spots`, each region's
    most interior point, in map pixels). Plans are kept by map and size (a new game on the same
    map, a window resized back) and handed out as copies."""
    key = (tuple((rid, tuple(map(tuple, poly))) for rid, poly in polygons.items()),
           tuple((getattr(r, "id", ""), getattr(r, "display_name", "")) for r in regions), round(scale, 6), size)
    got = _PLANS.get(key)
    if got is None:
        got = _plan(polygons, regions, scale, measure, size, spots)
        if len(_PLANS) > 16:
            _PLANS.clear()
        _PLANS[key] = got
    return {rid: RegionPlan(p.stack.copy(), p.spot, p.markers.copy(), p.label.copy(), p.name.copy(),
                            [r.copy() for r in p.icons], p.font, p.inside) for rid, p in got.items()}


def _plan(polygons: Mapping[str, Sequence[Point]], regions: Sequence[object], scale: float,
          measure: Measure, size: tuple[int, int], spots: dict[str, Point] | None) -> dict[str, RegionPlan]:
    d = token_px(scale)
    m = marker_px(d)
    side = round(d * 1.3)
    margin = max(2, round(3 * scale))
    screen = {rid: [(x * scale, y * scale) for x, y in poly] for rid, poly in polygons.items()}
    taken: list[pygame.Rect] = []
    plans: dict[str, RegionPlan] = {}
    by_id = {getattr(r, "id", ""): r for r in regions}
    base = label_px(scale)
    targets = {}
    labels = {}
    for rid, poly in polygons.items():
        ix, iy = spots[rid] if spots and rid in spots else geometry.interior_point(poly, 2.0)
        targets[rid] = (round(ix * scale), round(iy * scale))
        region = by_id.get(rid)
        labels[rid] = (getattr(region, "display_name", rid) if region is not None else rid,
                       len(feature_kinds(region)) if region is not None else 0)
    # 1. the stack, its markers and the label as one block inside the region; the regions with
    #    the least room first, so they get the first pick
    order = sorted(screen, key=lambda rid: geometry.area(screen[rid]))
    for rid in order:
        name, icons = labels[rid]
        room = _Room(screen[rid], taken, margin)
        for k in LABEL_SIZES:
            font = max(10, round(base * k))
            shapes = [_label_shape(name, icons, font, beside, measure) for beside in (False, True)]
            for shape in (shapes if icons else shapes[:1]):
                for where in ("below", "above", "right", "left"):
                    plan = _try_block(room, targets[rid], shape, where, side, m, font)
                    if plan is not None:
                        break
                if plan is not None:
                    break
            if plan is not None:
                break
        if plan is not None:
            plans[rid] = plan
            taken += [plan.stack, plan.markers, plan.label]
    # 2. where that failed: the stack and markers first, inside if there is room...
    rest = [rid for rid in order if rid not in plans]
    stacks = {}
    for rid in rest:
        stack = pygame.Rect(0, 0, side, side)
        stack.center = targets[rid]
        at = _Room(screen[rid], taken, 1).nearest(side + m, side, stack.topleft)
        if at is not None:
            stack.topleft = at
        markers = pygame.Rect(stack.right, stack.centery - m, m, 2 * m)
        stacks[rid] = (stack, markers)
        taken += [stack, markers]
    # 3. ...then the label as near as it can be without covering anything; if it finds no room
    #    with its name in the region, the stack may move a little to make some
    for rid in rest:
        stack, markers = stacks[rid]
        name, icons = labels[rid]
        others = [r for r in taken if r is not stack and r is not markers]
        room = _Room(screen[rid], others, 1)
        tries = [stack.topleft]
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)):
            got = room.nearest(side + m, side, (stack.x + dx * side, stack.y + dy * side))
            if got is not None and got not in tries:
                tries.append(got)
        found = None
        for strict in (1, 0):
            for corner in (tries if strict == 1 else tries[:1]):
                st = pygame.Rect(corner, (side, side))
                mk = pygame.Rect(st.right, st.centery - m, m, 2 * m)
                for k in LABEL_SIZES:
                    font = max(10, round(base * k))
                    for beside in ((True, False) if icons else (False,)):
                        shape = _label_shape(name, icons, font, beside, measure)
                        at = _find_spot(screen[rid], shape[0], st.center, others + [st, mk], strict, size,
                                        shape[1].center)
                        if at is not None:
                            found = (st, mk, at, shape, font)
                            break
                    if found:
                        break
                if found:
                    break
            if found:
                break
        if found is None:              # nowhere free: under the stack (the test will say so)
            font = max(10, round(base * LABEL_SIZES[-1]))
            shape = _label_shape(name, icons, font, False, measure)
            found = (stack, markers, (stack.centerx - shape[0][0] // 2, stack.bottom), shape, font)
        st, mk, at, shape, font = found
        (w, h), name_r, icon_rs = shape
        plans[rid] = RegionPlan(st, st.center, mk, pygame.Rect(at[0], at[1], w, h),
                                name_r.move(at), [r.move(at) for r in icon_rs], font, False)
        taken = others + [st, mk, plans[rid].label]
    return {rid: plans[rid] for rid in screen}


class _Room:
    """The free room inside one region: its polygon less a margin, less what is already placed."""

    def __init__(self, poly: Sequence[Point], taken: list[pygame.Rect], margin: int) -> None:
        x0, y0, x1, y1 = geometry.bbox(poly)
        self.origin = (math.floor(x0) - 1, math.floor(y0) - 1)
        w, h = math.ceil(x1) - self.origin[0] + 2, math.ceil(y1) - self.origin[1] + 2
        surf = pygame.Surface((w, h))
        surf.fill((255, 255, 255))
        local = [(x - self.origin[0], y - self.origin[1]) for x, y in poly]
        pygame.draw.polygon(surf, (0, 0, 0), local)
        pygame.draw.polygon(surf, (255, 255, 255), local, 2 * margin)
        for r in taken:
            pygame.draw.rect(surf, (255, 255, 255), r.move(-self.origin[0], -self.origin[1]))
        pygame.draw.rect(surf, (255, 255, 255), surf.get_rect(), 1)      # a frame: outside is not free
        surf.set_colorkey((0, 0, 0))
        self.blocked = pygame.mask.from_surface(surf)      # set: not free
        self.size = (w, h)

    def nearest(self, w: int, h: int, want: tuple[float, float]) -> tuple[int, int] | None:
        """The free top-left corner (window pixels) of a w×h box near `want` (within a pixel or
        two of the nearest), or None when the box fits nowhere."""
        W, H = self.size
        if w > W - 2 or h > H - 2:
            return None
        # a w×h box at a corner overlaps something iff a w-long row, then an h-tall column, does
        rows = self.blocked.convolve(pygame.mask.Mask((w, 1), fill=True))
        free = rows.convolve(pygame.mask.Mask((1, h), fill=True))
        free.invert()                                      # set: the box's corner may go here
        if free.count() == 0:
            return None
        ox, oy = self.origin
        cx, cy = round(want[0] - ox) + w - 1, round(want[1] - oy) + h - 1
        lo, hi = 0, max(free.get_size())
        found = None
        while lo <= hi:                                    # the smallest square around it with a free corner
            mid = (lo + hi) // 2
            hit = free.overlap(pygame.mask.Mask((2 * mid + 1, 2 * mid + 1), fill=True), (cx - mid, cy - mid))
            if hit is not None:
                found, hi = hit, mid - 1
            else:
                lo = mid + 1
        if found is None:
            return None
        return found[0] - w + 1 + ox, found[1] - h + 1 + oy


def _try_block(room: _Room, target: tuple[int, int], shape: tuple[tuple[int, int], pygame.Rect, list[pygame.Rect]],
               where: str, side: int, m: int, font: int) -> RegionPlan | None:
    """The stack, its marker column and the label as one block, the label `where` of the stack."""
    (lw, lh), name_r, icon_rs = shape
    col_w, col_h = side + m, side
    gap = 2
    if where in ("below", "above"):
        w, h = max(col_w, lw), col_h + gap + lh
        col = ((w - col_w) // 2, 0 if where == "below" else lh + gap)
        lab = ((w - lw) // 2, col_h + gap if where == "below" else 0)
    else:
        w, h = col_w + gap + lw, max(col_h, lh)
        col = (0 if where == "right" else lw + gap, (h - col_h) // 2)
        lab = (col_w + gap if where == "right" else 0, (h - lh) // 2)
    stack_centre = (col[0] + side // 2, col[1] + side // 2)
    at = room.nearest(w, h, (target[0] - stack_centre[0], target[1] - stack_centre[1]))
    if at is None:
        return None
    bx, by = at
    stack = pygame.Rect(bx + col[0], by + col[1], side, side)
    markers = pygame.Rect(stack.right, stack.centery - m, m, 2 * m)
    lx, ly = bx + lab[0], by + lab[1]
    return RegionPlan(stack, stack.center, markers, pygame.Rect(lx, ly, lw, lh), name_r.move(lx, ly),
                      [r.move(lx, ly) for r in icon_rs], font, True)


def _label_shape(name: str, icons: int, font: int, beside: bool,
                 measure: Measure) -> tuple[tuple[int, int], pygame.Rect, list[pygame.Rect]]:
    """The label's size and, relative to its corner, its name plate and icon rectangles."""
    tw, th = measure(name, font)
    pad_x, pad_y = max(3, font // 3), max(1, font // 8)
    plate_w, plate_h = tw + 2 * pad_x, th + 2 * pad_y
    isz = round(font * 1.25)
    gap = max(1, font // 6)
    icons_w = icons * isz + max(0, icons - 1) * gap
    if beside and icons:
        w, h = plate_w + gap + icons_w, max(plate_h, isz)
        plate = pygame.Rect(0, (h - plate_h) // 2, plate_w, plate_h)
        ix, iy = plate_w + gap, (h - isz) // 2
    else:
        w, h = max(plate_w, icons_w), plate_h + ((gap + isz) if icons else 0)
        plate = pygame.Rect((w - plate_w) // 2, 0, plate_w, plate_h)
        ix, iy = (w - icons_w) // 2, plate_h + gap
    rects = [pygame.Rect(ix + i * (isz + gap), iy, isz, isz) for i in range(icons)]
    return (w, h), plate, rects


def _find_spot(poly: Sequence[Point], size: tuple[int, int], spot: tuple[int, int],
               taken: list[pygame.Rect], strict: int, board: tuple[int, int],
               focus: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """A top-left corner for a `size` box near `spot`, clear of everything `taken`: wholly inside
    the region (strict 2), with its `focus` (the name's middle) inside (1), or anywhere near on
    the board (0)."""
    w, h = size
    x0, y0, x1, y1 = geometry.bbox(poly)
    if strict < 2:
        x0, y0, x1, y1 = x0 - w, y0 - h, x1 + w, y1 + h
    x0, y0 = max(2.0, x0), max(2.0, y0)
    x1, y1 = min(board[0] - 2.0, x1), min(board[1] - 2.0, y1)
    step = max(3, min(w, h) // 3)
    candidates = []
    y = y0
    while y + h <= y1:
        x = x0
        while x + w <= x1:
            cx, cy = x + w / 2, y + h / 2
            candidates.append((math.hypot(cx - spot[0], (cy - spot[1]) * 1.4), round(x), round(y)))
            x += step
        y += step
    candidates.sort()
    margin = 2.0
    fx, fy = focus if focus is not None else (w / 2, h / 2)
    for _, x, y in candidates:
        box = pygame.Rect(x, y, w, h)
        if box.collidelist(taken) != -1:
            continue
        if strict == 2:
            probes = [(x + w * i / 4, y + h * j / 2) for i in range(5) for j in range(3)]
            if not all(geometry.point_in_polygon(p, poly) for p in probes):
                continue
            if any(geometry.boundary_distance(p, poly) < margin for p in probes[::2]):
                continue
        elif strict == 1 and not geometry.point_in_polygon((x + fx, y + fy), poly):
            continue
        return x, y
    return None


def overlaps(plans: dict[str, RegionPlan]) -> list[str]:
    """Every pair of things on the board that cover each other, in words (empty: none)."""
    items = [(rid, kind, r) for rid, p in plans.items() for kind, r in p.rects()]
    out = []
    for i, (ra, ka, a) in enumerate(items):
        for rb, kb, b in items[i + 1:]:
            if a.colliderect(b):
                out.append(f"{ra} {ka} {tuple(a)} covers {rb} {kb} {tuple(b)}")
    return out
