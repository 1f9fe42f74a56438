"""The board on a small window: the pieces first, the names only where they are free of them.

Below `SMALL_SCALE` (a window under about 1000×650) there is no room for every region's stack,
marker column and name plate apart, so the pieces come first: every stack (`token_px`, a little
smaller here) with its marker column is placed as near its region's middle as it goes, clear of
the others; then each region's label (its name plate with the feature icons, or the name alone, or
the icons alone) goes wholly inside its region where it covers nothing. A name left off the board
is read where the pointer is (the hovered region's tooltip opens with its name). Zoomed in, the
stacks stay where they were and are drawn at the size a window that big would draw them, and the
labels are placed anew: the names left off come back as the room grows.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import pygame

from game.content import geometry

from .region_plan import (
    Measure,
    Point,
    RegionPlan,
    Room,
    feature_kinds,
    label_of,
    label_px,
    label_shape,
    marker_column,
    marker_px,
    name_styles,
    plate_size,
    stack_near,
    token_px,
)

RING = 6                    # a stack's owner ring and shadow reach this much past its square (both sides)


def plan_small(polygons: Mapping[str, Sequence[Point]], regions: Sequence[object], scale: float,
               measure: Measure, size: tuple[int, int], spots: Mapping[str, Point] | None) -> dict[str, RegionPlan]:
    """Every region's stack and marker column clear of each other (the regions with the least room
    first), then the labels where they fit (`place_labels`)."""
    d = token_px(scale)
    m = marker_px(scale)
    side = round(d * 1.3)
    screen = {rid: [(x * scale, y * scale) for x, y in poly] for rid, poly in polygons.items()}
    taken: list[pygame.Rect] = []
    plans: dict[str, RegionPlan] = {}
    for rid in sorted(screen, key=lambda rid: geometry.area(screen[rid])):
        ix, iy = spots[rid] if spots and rid in spots else geometry.interior_point(polygons[rid], 2.0)
        target = (round(ix * scale), round(iy * scale))
        stack = None
        lead = 0
        for lead in (0, m):
            stack = stack_near(screen[rid], target, side, m, taken, size, lead)
            if stack is not None:
                break
        if stack is None:                  # nowhere clear: on its middle all the same
            lead = 0
            stack = pygame.Rect(target[0] - side // 2, target[1] - side // 2, side, side)
        col = marker_column(stack, m, lead)
        taken += [stack, col]
        plans[rid] = _no_label(stack, col)
    place_labels(plans, screen, regions, label_px(scale), m, measure, size)
    return plans


def zoom_small(base: Mapping[str, RegionPlan], z: float, scale: float, polygons: Mapping[str, Sequence[Point]],
               regions: Sequence[object], measure: Measure, size: tuple[int, int]) -> dict[str, RegionPlan]:
    """The plan of a small window's board zoomed `z` times (`scale` with the zoom): each stack on its
    spot zoomed, at the size `token_px` gives for that scale, its markers beside it, and the labels
    placed anew (`size`: the zoomed board's)."""
    d = token_px(scale)
    m = marker_px(scale)
    side = round(d * 1.3)
    plans: dict[str, RegionPlan] = {}
    for rid, p in base.items():
        lead = p.markers.right <= p.stack.x
        cx, cy = round(p.stack.centerx * z), round(p.stack.centery * z)
        stack = pygame.Rect(cx - side // 2, cy - side // 2, side, side)
        plans[rid] = _no_label(stack, marker_column(stack, m, m if lead else 0))
    screen = {rid: [(x * scale, y * scale) for x, y in poly] for rid, poly in polygons.items()}
    place_labels(plans, screen, regions, label_px(scale), m, measure, size)
    return plans


def _no_label(stack: pygame.Rect, col: pygame.Rect) -> RegionPlan:
    return RegionPlan(stack, stack.center, col, pygame.Rect(stack.center, (0, 0)),
                      pygame.Rect(stack.center, (0, 0)), [], shown=False)


def place_labels(plans: dict[str, RegionPlan], screen: Mapping[str, Sequence[Point]], regions: Sequence[object],
                 base: int, m: int, measure: Measure, size: tuple[int, int],
                 pieces: Sequence[pygame.Rect] | None = None) -> None:
    """Each region's label wholly inside its region, clear of the `pieces` (every stack and marker
    column if not given; a stack with its owner's ring a little wider than its square) and of the
    labels placed before it, as near under its stack as it goes: the name with its icons, else the
    name alone, else the icons alone, else nothing (the regions with the least room first)."""
    by_id = {getattr(r, "id", ""): r for r in regions}
    if pieces is None:
        pieces = [r for p in plans.values() for r in (p.stack.inflate(RING, RING), p.markers)]
    taken = list(pieces)
    board = pygame.Rect((0, 0), size)
    for rid in sorted(plans, key=lambda rid: geometry.area(screen[rid]) if rid in screen else 0.0):
        region = by_id.get(rid)
        if region is None or rid not in screen:
            continue
        p = plans[rid]
        p.label, p.name, p.icons, p.shown = (pygame.Rect(p.stack.center, (0, 0)), pygame.Rect(p.stack.center, (0, 0)),
                                             [], False)
        name = label_of(region)
        icons = len(feature_kinds(region))
        room = Room(screen[rid], taken, 1)
        placed = None
        for with_name, with_icons in ((True, True), (True, False), (False, True)):
            if (with_icons and not icons) or (not with_icons and not with_name):
                continue
            styles = name_styles(name, base) if with_name else [(base, "bold", ("",))]
            for font, weight, lines in styles:
                plate = plate_size(lines, font, weight, measure) if with_name else (0, 0)
                for beside in ((False, True) if with_icons else (False,)):
                    (lw, lh), name_r, icon_rs = label_shape(plate, icons if with_icons else 0, font, beside, m)
                    for want in ((p.stack.centerx - lw / 2, p.stack.bottom + 2), (p.stack.centerx - lw / 2,
                                 p.stack.top - 2 - lh), (p.markers.right + 2, p.stack.centery - lh / 2),
                                 (p.stack.x - 2 - lw, p.stack.centery - lh / 2)):
                        at = room.nearest(lw, lh, want)
                        if at is not None and board.contains(pygame.Rect(at, (lw, lh))):
                            placed = (pygame.Rect(at, (lw, lh)), name_r.move(at), [r.move(at) for r in icon_rs],
                                      font, weight, lines, with_name)
                            break
                    if placed:
                        break
                if placed:
                    break
            if placed:
                break
        if placed is None:
            continue
        label, name_rect, icon_rects, font, weight, lines, with_name = placed
        p.label = label
        p.icons = icon_rects
        p.font, p.weight = font, weight
        p.lines = lines if len(lines) > 1 else ()
        if with_name:
            p.name, p.shown = name_rect, True
        taken.append(label)
