"""Where each region's things go on screen: its token stack, its markers, its name and feature icons.

A plan is computed from the region polygons for one board size (window pixels, relative to the
board's top-left corner) and kept until the window is resized. The stack sits on the region's
most interior point (`geometry.interior_point`), with room for its count badge and a cost badge;
the markers (fortress, lair, encampments...) get a column reserved beside it, whether or not any
are on the region yet; the label (a name plate with the feature icons under or beside it) is then
put inside the region as close to the stack as it fits without touching the stack, the marker
column or anything already placed on the board. When a region is too small for that block, the
name, the stack and the icons are placed apart, each wholly inside. A region too small even for
that gets its plate first, before its neighbours: on its middle, on the board, reaching past its
border as little as it can (`_least_over`), the stack beside it with its centre inside. A name
that does not fit is written smaller, then in narrower letters, then on two lines (`split_name`),
then on three (`split_three`); never below 10 pixels. Where a plan leaves a name more than
`PAST_BORDER` pixels past its border, or anything covering anything, the board is planned again
with that region earlier in line. The promise kept in every case: nothing covers anything else
(checked over every shipped map), every name lies on the board, and in its region, or within
`PAST_BORDER` pixels of it where the region is too small (checked in every language). A board
drawn smaller than `SMALL_SCALE` (a window under about 1000×650) is planned otherwise, pieces
first: see `small_board`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping, Sequence

import pygame

from game.content import geometry

from .strings import language

Point = tuple[float, float]
# (text, font size, weight) -> (width, height) in pixels
Measure = Callable[[str, int, str], tuple[int, int]]
# how a name is written: font size, weight ("bold", "condensed-bold") and its lines
Style = tuple[int, str, tuple[str, ...]]

MARKER_SLOTS = 2          # markers reserved beside a stack (more shrink to fit the column)
LABEL_SIZES = (1.0, 0.88, 0.78, 0.7)
MIN_FONT = 10             # no name is written smaller
READABLE = 20             # no marker or feature icon is drawn smaller at 1280×800: read from the sofa
READABLE_SCALE = 0.585    # ... the scale of the shipped maps on a 1280×800 window (0.593) or a little less
SMALL_MARKER = 14         # markers and icons on a window smaller than that
PAST_BORDER = 8           # a name plate too big for its room reaches past its border no farther (pixels)
SMALL_SCALE = 0.4         # a board drawn smaller (a window under about 1000×650) is planned pieces first
SMALL_TOKEN = 22          # a token's least diameter there (28 on a bigger board)


@dataclass
class RegionPlan:
    stack: pygame.Rect                 # the token stack with its count badge
    spot: tuple[int, int]              # the stack's centre
    markers: pygame.Rect               # the row reserved for markers
    label: pygame.Rect                 # the name plate and icons together
    name: pygame.Rect                  # the name plate
    icons: list[pygame.Rect] = field(default_factory=list)
    font: int = 12
    inside: bool = True                # the name plate lies wholly inside the region
    weight: str = "bold"
    lines: tuple[str, ...] = ()        # the name's lines (empty: the name on one line)
    shown: bool = True                 # the name plate is drawn (False: no room for it, see `small_board`)

    def rects(self) -> list[tuple[str, pygame.Rect]]:
        """Everything drawn for the region, by kind (the label's plate and icons separately)."""
        return [("stack", self.stack), ("markers", self.markers)] + ([("name", self.name)] if self.shown else []) + \
            [("icon", r) for r in self.icons]


def feature_kinds(region: object) -> list[str]:
    """The icons printed beside a region's name: mountain, mine, cavern, magic, lost tribe."""
    terrain = getattr(region, "terrain", "")
    features: frozenset[str] = getattr(region, "features", frozenset())
    return (["mountain"] if terrain == "mountain" else []) + \
        [f for f in ("mine", "cavern", "magic") if f in features] + \
        (["lost_tribe"] if getattr(region, "lost_tribe", False) else [])


def token_px(scale: float) -> int:
    """A token's diameter on screen for a board drawn at `scale` window pixels per map pixel (a
    little smaller on a small board, its count still read)."""
    return max(SMALL_TOKEN if scale < SMALL_SCALE else 28, round(50 * scale))


def marker_px(scale: float) -> int:
    """A marker's (and a feature icon's) size on a board drawn at `scale`, however small the
    region's name is written: `READABLE` pixels on a 1280×800 window (scale 0.59 on the shipped
    maps) and in proportion on a bigger one; a window smaller than that keeps `SMALL_MARKER`, so
    that the crowded corners of the 5-player map still hold everything apart."""
    if scale < READABLE_SCALE:
        return SMALL_MARKER
    return round(READABLE * scale / READABLE_SCALE)





def label_px(scale: float) -> int:
    return max(11, round(21 * scale))


_PLANS: dict[tuple, dict[str, RegionPlan]] = {}      # the same map at the same size: the same plan


def label_of(region: object) -> str:
    """The name written on a region's plate: the map's name for it in the current language
    (`label_fr`...), else its own."""
    name_in = getattr(region, "name_in", None)
    return str(name_in(language())) if callable(name_in) else str(getattr(region, "display_name", ""))


def plan_board(polygons: Mapping[str, Sequence[Point]], regions: Sequence[object], scale: float,
               measure: Measure, size: tuple[int, int],
               spots: dict[str, Point] | None = None) -> dict[str, RegionPlan]:
    """A plan for every region of a board drawn at `scale` (polygons and `spots`, each region's
    most interior point, in map pixels). Plans are kept by map and size (a new game on the same
    map, a window resized back) and handed out as copies."""
    key = (tuple((rid, tuple(map(tuple, poly))) for rid, poly in polygons.items()),
           tuple((getattr(r, "id", ""), label_of(r)) for r in regions), round(scale, 6), size)
    got = _PLANS.get(key)
    if got is None:
        got = _plan(polygons, regions, scale, measure, size, spots)
        if len(_PLANS) > 16:
            _PLANS.clear()
        _PLANS[key] = got
    return {rid: RegionPlan(p.stack.copy(), p.spot, p.markers.copy(), p.label.copy(), p.name.copy(),
                            [r.copy() for r in p.icons], p.font, p.inside, p.weight, p.lines, p.shown)
            for rid, p in got.items()}


def _plan(polygons: Mapping[str, Sequence[Point]], regions: Sequence[object], scale: float,
          measure: Measure, size: tuple[int, int], spots: dict[str, Point] | None) -> dict[str, RegionPlan]:
    """The plan in which the fewest things cover each other and the fewest names reach past their
    borders by more than `PAST_BORDER`. The regions too small for their names go first (see
    `_plan_once`); when a name is left past its border, or something covers something, its region
    is tried at each place in that order, and the best plan is kept (a dozen tries at most)."""
    screen = {rid: [(x * scale, y * scale) for x, y in poly] for rid, poly in polygons.items()}
    base = label_px(scale)
    d = token_px(scale)
    by_id = {getattr(r, "id", ""): r for r in regions}
    tight = []
    for rid in sorted(screen, key=lambda rid: geometry.area(screen[rid])):
        region = by_id.get(rid)
        name = label_of(region) if region is not None else rid
        icons = len(feature_kinds(region)) if region is not None else 0
        ix, iy = spots[rid] if spots and rid in spots else geometry.interior_point(polygons[rid], 2.0)
        room = Room(screen[rid], [], max(2, round(3 * scale)))
        if _apart(room, (round(ix * scale), round(iy * scale)), name_styles(name, base), icons,
                  round(d * 1.3), marker_px(scale), measure) is None:
            tight.append(rid)

    def judge(first: list[str]) -> tuple[tuple[int, int, float], list[str], dict[str, RegionPlan]]:
        plans = _plan_once(polygons, regions, scale, measure, size, spots, first)
        past = {rid: past_border(p.name, screen[rid]) for rid, p in plans.items() if not p.inside}
        bad = [rid for rid, far in past.items() if far > PAST_BORDER]
        covered = overlaps(plans)
        bad += sorted({rid for rid in plans if not plans[rid].inside} & {w.split()[0] for w in covered} - set(bad))
        return (len(covered), len(bad), sum(past.get(rid, 0.0) for rid in bad)), bad, plans

    first = tight
    score, bad, plans = judge(first)
    tries = 1
    while bad and tries < 12:
        better = None
        for rid in bad:
            rest = [r for r in first if r != rid]
            for at in range(len(rest) + 1):
                if tries >= 12:
                    break
                order = rest[:at] + [rid] + rest[at:]
                if order == first:
                    continue
                tries += 1
                got = judge(order)
                if got[0] < score and (better is None or got[0] < better[1][0]):
                    better = (order, got)
        if better is None:
            break
        first, (score, bad, plans) = better
    return plans


def past_border(plate: pygame.Rect, poly: Sequence[Point]) -> float:
    """How far (pixels) a name plate reaches past its region's border: the farthest of probes
    along and across the plate (its rounded ends left out) that lie outside the region."""
    xs = [plate.left + 2 + (plate.w - 4) * i / 12 for i in range(13)]
    ys = [plate.top + 1 + (plate.h - 2) * j / 4 for j in range(5)]
    out = [geometry.boundary_distance((x, y), poly) for x in xs for y in ys
           if not geometry.point_in_polygon((x, y), poly)]
    return max(out, default=0.0)


def _plan_once(polygons: Mapping[str, Sequence[Point]], regions: Sequence[object], scale: float,
               measure: Measure, size: tuple[int, int], spots: dict[str, Point] | None,
               first: Sequence[str]) -> dict[str, RegionPlan]:
    """One plan, the regions `first` placed first with their plates on their middles; then the
    stack, markers and label of every other region as one block, or apart (see the module's
    docstring)."""
    d = token_px(scale)
    m = marker_px(scale)
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
        labels[rid] = (label_of(region) if region is not None else rid,
                       len(feature_kinds(region)) if region is not None else 0)
    order = sorted(screen, key=lambda rid: geometry.area(screen[rid]))
    def plate_first(rid: str, taken: list[pygame.Rect]) -> RegionPlan | None:
        """The name plate on the region's middle, reaching past its border as little as it can
        (never off the board), then the stack and the icons as near as they go; or the stack
        first and the plate beside it, whichever keeps the plate nearer inside its region."""
        best: tuple[int, RegionPlan] | None = None
        for stack_first in (False, True):
            got = _plate_and_stack(rid, taken, stack_first, best[0] if best else None)
            if got is not None and (best is None or got[0] < best[0]):
                best = got
        return best[1] if best else None

    def _plate_and_stack(rid: str, taken: list[pygame.Rect], stack_first: bool,
                         beat: int | None) -> tuple[int, RegionPlan] | None:
        styles = name_styles(labels[rid][0], base)
        fixed: tuple[pygame.Rect, pygame.Rect] | None = None
        if stack_first:
            for lead in (0, m):
                st = stack_near(screen[rid], targets[rid], side, m, taken, size, lead)
                if st is not None:
                    fixed = (st, marker_column(st, m, lead))
                    break
            if fixed is None:
                return None
        tried: list[pygame.Rect] = []
        for grow, plate, (font, weight, lines) in _least_over(screen[rid], targets[rid], styles,
                                                               taken + list(fixed or ()), size, measure):
            if beat is not None and grow >= beat:
                return None
            if plate in tried:
                continue
            if len(tried) >= 12:
                return None
            tried.append(plate)
            if fixed is not None:
                st, mk = fixed
            else:
                st = None
                for lead in (0, m):
                    st = stack_near(screen[rid], targets[rid], side, m, taken + [plate], size, lead)
                    if st is not None:
                        break
                if st is None:
                    continue
                mk = marker_column(st, m, lead)
            icon_rs = _icons_near(screen[rid], plate, labels[rid][1], font, taken + [plate, st, mk], size, m)
            if icon_rs is None:
                continue
            return grow, RegionPlan(st, st.center, mk, plate.unionall(icon_rs) if icon_rs else plate.copy(), plate,
                                    icon_rs, font, grow == 0, weight, lines if len(lines) > 1 else ())
        return None

    # 0. the regions `first` (those too small for their names, their stacks and their icons each
    #    wholly inside, however the names are written) get their plates first, in that order,
    #    before their neighbours crowd them
    for rid in first:
        got_plan = plate_first(rid, taken)
        if got_plan is not None:
            plans[rid] = got_plan
            taken += plan_rects(got_plan)
    # 1. the stack, its markers and the label as one block inside the region; the regions with
    #    the least room first, so they get the first pick
    for rid in [rid for rid in order if rid not in plans]:
        name, icons = labels[rid]
        room = Room(screen[rid], taken, margin)
        plan = None
        for font in _bold_sizes(base):
            plate = plate_size((name,), font, "bold", measure)
            shapes = [label_shape(plate, icons, font, beside, m) for beside in (False, True)]
            for shape in (shapes if icons else shapes[:1]):
                for where in ("below", "above", "right", "left"):
                    plan = _try_block(room, targets[rid], shape, where, side, m, font)
                    if plan is not None:
                        break
                if plan is not None:
                    break
            if plan is not None:
                break
        if plan is None:               # apart: each wholly inside, the name written smaller if need be
            plan = _apart(room, targets[rid], name_styles(name, base), icons, side, m, measure)
        if plan is not None:
            plans[rid] = plan
            taken += plan_rects(plan)
    # 2. where that failed: first every such name wholly inside its region (in the first style
    #    that leaves its stack somewhere to go), then each stack as near the region's middle as it
    #    goes (its centre inside, clear of every name), the icons beside the name
    rest = [rid for rid in order if rid not in plans]

    def name_and_stack(rid: str, taken: list[pygame.Rect]) -> tuple[pygame.Rect, Style, pygame.Rect] | None:
        room = Room(screen[rid], taken, margin)
        tx, ty = targets[rid]
        for font, weight, lines in name_styles(labels[rid][0], base):
            pw, ph = plate_size(lines, font, weight, measure)
            # the name at the middle, or under, over or beside where the stack would be
            for dx, dy in ((0, 0), (0, 1), (0, -1), (1, 0), (-1, 0)):
                want = (tx - pw / 2 + dx * (side + pw) / 2, ty - ph / 2 + dy * (side + ph) / 2)
                at = room.nearest(pw, ph, want)
                if at is not None:
                    plate = pygame.Rect(at, (pw, ph))
                    st = stack_near(screen[rid], targets[rid], side, m, taken + [plate], size)
                    if st is not None:
                        return plate, (font, weight, lines), st
        return None

    def place(sequence: list[str], taken: list[pygame.Rect]) -> tuple[dict[str, RegionPlan], list[pygame.Rect]]:
        taken = list(taken)
        placed: dict[str, RegionPlan] = {}
        plates: dict[str, tuple[pygame.Rect, Style]] = {}
        for rid in sequence:
            got = name_and_stack(rid, taken)
            if got is not None:
                plates[rid] = (got[0], got[1])
                taken.append(got[0])
        for _ in range(3):             # a stack that found no room may find some once others moved
            for rid, (plate, style) in list(plates.items()):
                st = stack_near(screen[rid], targets[rid], side, m, taken, size) if plate.w else None
                if st is None:         # the stacks placed meanwhile took its room: choose again
                    taken.remove(plate)
                    again = name_and_stack(rid, taken)
                    if again is None:
                        plates[rid] = (pygame.Rect(0, 0, 0, 0), style)
                        taken.append(plates[rid][0])
                        continue
                    plate, style, st = again
                    taken.append(plate)
                font, weight, lines = style
                mk = marker_column(st, m, 0)
                icon_rs = _icons_near(screen[rid], plate, labels[rid][1], font, taken + [st, mk], size, m)
                if icon_rs is None:
                    continue
                placed[rid] = RegionPlan(st, st.center, mk, plate.unionall(icon_rs) if icon_rs else plate.copy(),
                                         plate, icon_rs, font, True, weight, lines if len(lines) > 1 else ())
                taken += plan_rects(placed[rid])
                del plates[rid]
        for plate, _ in plates.values():
            taken.remove(plate)
        return placed, taken

    placed, after = place(rest, taken)
    if len(placed) < len(rest):        # once more with the ones left out going first
        again, after2 = place([r for r in rest if r not in placed] + [r for r in rest if r in placed], taken)
        if len(again) > len(placed):
            placed, after = again, after2
    plans.update(placed)
    taken = after
    # 3. then the plate on the region's middle, reaching past its border as little as it goes...
    for rid in [rid for rid in order if rid not in plans]:
        got_plan = plate_first(rid, taken)
        if got_plan is not None:
            plans[rid] = got_plan
            taken += plan_rects(got_plan)
    # 4. the last resort: the stack and markers first, inside if there is room...
    rest = [rid for rid in order if rid not in plans]
    stacks = {}
    leads = {}                         # where the marker column went: right of the stack (0), or left (m)
    for rid in rest:
        stack = pygame.Rect(0, 0, side, side)
        stack.center = targets[rid]
        room = Room(screen[rid], taken, 1)
        found_at = None
        for lead in (0, m):
            at = room.nearest(side + m, side, (stack.x - lead, stack.y))
            if at is not None:
                found_at = (pygame.Rect(at[0] + lead, at[1], side, side), lead)
                break
        for lead in ((0, m) if found_at is None else ()):    # over the border, its centre inside, if it can
            near = stack_near(screen[rid], targets[rid], side, m, taken, size, lead)
            if near is not None:
                found_at = (near, lead)
                break
        stack, leads[rid] = found_at or (stack, 0)
        markers = marker_column(stack, m, leads[rid])
        stacks[rid] = (stack, markers)
        taken += [stack, markers]
    # ...then the label as near as it can be without covering anything; if it finds no room
    #    with its name in the region, the stack may move a little to make some
    for rid in rest:
        stack, markers = stacks[rid]
        name, icons = labels[rid]
        others = [r for r in taken if r is not stack and r is not markers]
        room = Room(screen[rid], others, 1)
        lead = leads[rid]
        tries = [stack.topleft]
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)):
            got = room.nearest(side + m, side, (stack.x - lead + dx * side, stack.y + dy * side))
            if got is not None and (got[0] + lead, got[1]) not in tries:
                tries.append((got[0] + lead, got[1]))
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):     # then reaching over its border
            over = stack_near(screen[rid], (stack.centerx + dx * side, stack.centery + dy * side), side, m,
                               others, size, lead)
            if over is not None and over.topleft not in tries:
                tries.append(over.topleft)
        found = None
        for strict in (2, 1, 0):
            for corner in (tries if strict else tries[:1]):
                st = pygame.Rect(corner, (side, side))
                mk = marker_column(st, m, lead)
                for font, weight, lines in name_styles(name, base):
                    plate = plate_size(lines, font, weight, measure)
                    for beside in ((True, False, None) if icons else (False,)):
                        if beside is None:     # the name alone, its icons wherever they fit near it
                            shape = label_shape(plate, 0, font, False, m)
                        else:
                            shape = label_shape(plate, icons, font, beside, m)
                        at = _find_spot(screen[rid], shape[0], st.center, others + [st, mk], strict, size,
                                        shape[1].center, shape[1] if strict == 2 else None)
                        if at is not None and beside is None:
                            apart = _icons_near(screen[rid], shape[1].move(at), icons, font,
                                                others + [st, mk, shape[1].move(at)], size, m)
                            if apart is None:
                                continue
                            shape = (shape[0], shape[1], [r.move(-at[0], -at[1]) for r in apart])
                        if at is not None:
                            found = (st, mk, at, shape, (font, weight, lines))
                            break
                    if found:
                        break
                if found:
                    break
            if found:
                break
        if found is None:              # nowhere free: under the stack, on the board (the test will say so)
            style = name_styles(name, base)[-1]
            shape = label_shape(plate_size(style[2], style[0], style[1], measure), icons, style[0], False, m)
            box = pygame.Rect((stack.centerx - shape[0][0] // 2, stack.bottom), shape[0]).clamp(((0, 0), size))
            found = (stack, markers, box.topleft, shape, style)
        st, mk, at, shape, (font, weight, lines) = found
        (w, h), name_r, icon_rs = shape
        plans[rid] = RegionPlan(st, st.center, mk, pygame.Rect(at[0], at[1], w, h),
                                name_r.move(at), [r.move(at) for r in icon_rs], font, False, weight,
                                lines if len(lines) > 1 else ())
        taken = others + plan_rects(plans[rid])
    return {rid: plans[rid] for rid in screen}


def plan_rects(plan: RegionPlan) -> list[pygame.Rect]:
    """What a region's plan takes on the board (its icons may lie apart from its name)."""
    return [r for _, r in plan.rects()]


def _bold_sizes(base: int) -> list[int]:
    out: list[int] = []
    for k in LABEL_SIZES:
        font = max(MIN_FONT, round(base * k))
        if font not in out:
            out.append(font)
    return out


def name_styles(name: str, base: int) -> list[Style]:
    """The ways to write a region's name, the easiest to read first: bold at shrinking sizes,
    then in narrower letters, then on two lines, then on three (where the name has two spaces or
    hyphens)."""
    sizes = _bold_sizes(base)
    out: list[Style] = [(font, "bold", (name,)) for font in sizes]
    out.append((sizes[-1], "condensed-bold", (name,)))
    two = split_name(name)
    if two is not None:
        out += [(sizes[-1], "bold", two), (sizes[-1], "condensed-bold", two)]
    three = split_three(name)
    if three is not None:
        out += [(sizes[-1], "bold", three), (sizes[-1], "condensed-bold", three)]
    return out


def split_three(name: str) -> tuple[str, str, str] | None:
    """A long name on three lines, cut at two of its spaces or hyphens so that the longest line
    is as short as it goes (Mare-|aux-|Sangsues); None when it has fewer than two."""
    cuts = [i for i, c in enumerate(name) if c in " -" and 0 < i < len(name) - 1]
    best: tuple[str, str, str] | None = None
    for a, i in enumerate(cuts):
        for j in cuts[a + 1:]:
            if j == i + 1:
                continue
            parts = (name[:i + 1] if name[i] == "-" else name[:i], name[i + 1:j + 1] if name[j] == "-" else
                     name[i + 1:j], name[j + 1:])
            parts = (parts[0].strip(), parts[1].strip(), parts[2].strip())
            if best is None or max(map(len, parts)) < max(map(len, best)):
                best = parts
    return best


# common last halves of place names (Heather|bank, Tumble|down): a long one-word name is cut there
_ENDINGS = ("bank", "bog", "brae", "brook", "cliff", "crag", "crest", "dale", "deep", "down", "fang", "fell",
            "fen", "field", "fold", "furrow", "garth", "grove", "helm", "hill", "hollow", "holm", "holt",
            "horn", "knoll", "lake", "marsh", "maw", "meadow", "mere", "moss", "peak", "pool", "reach",
            "ridge", "shade", "spire", "stead", "sump", "ton", "tooth", "tor", "wash", "watch", "water",
            "well", "wick", "wood")
_VOWELS = set("aeiouyàâäéèêëîïôöûüùăœ")
_ONSETS = {"bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "sc", "sk", "sl", "sm", "sn", "sp",
           "st", "sw", "tr", "tw", "wr", "kn", "sh", "ch", "th", "wh", "ph"}
_DIGRAPHS = {"th", "ch", "sh", "ph", "wh", "gh", "ck", "ng", "qu"}


def split_name(name: str) -> tuple[str, str] | None:
    """A long name on two lines: at the space or hyphen nearest its middle; a single word at a
    common place-name ending (Heather-bank) or else between syllables (Tur-nipton), with a hyphen.
    None when no cut leaves three letters on each line."""
    cuts = [i for i, c in enumerate(name) if c in " -" and 0 < i < len(name) - 1]
    if cuts:
        i = min(cuts, key=lambda k: abs(k - len(name) / 2))
        first = name[:i + 1] if name[i] == "-" else name[:i]
        return first.strip(), name[i + 1:].strip()
    low = name.lower()
    for end in sorted(_ENDINGS, key=len, reverse=True):
        if low.endswith(end) and len(name) - len(end) >= 3:
            return name[:-len(end)] + "-", name[-len(end):]
    word_cuts = []
    k = 0
    while k < len(low):                # each run of consonants between two vowels
        if low[k] in _VOWELS or not low[k].isalpha():
            k += 1
            continue
        j = k
        while j < len(low) and low[j].isalpha() and low[j] not in _VOWELS:
            j += 1
        run = low[k:j]
        if k > 0 and j < len(low) and low[k - 1] in _VOWELS:
            if run in _DIGRAPHS or len(run) == 1:
                cut = k                      # before the consonant (or the pair sounded as one)
            elif run[-2:] in _ONSETS and len(run) > 2:
                cut = j - 2                  # the pair that may begin a syllable goes on
            else:
                cut = j - 1
            if 3 <= cut <= len(name) - 3:
                word_cuts.append(cut)
        k = j
    if not word_cuts:
        return None
    i = min(word_cuts, key=lambda c: (abs(c - len(name) / 2), -c))
    return name[:i] + "-", name[i:]


def plate_size(lines: Sequence[str], font: int, weight: str, measure: Measure) -> tuple[int, int]:
    sizes = [measure(line, font, weight) for line in lines]
    pad_x, pad_y = max(3, font // 3), max(1, font // 8)
    return max(w for w, _ in sizes) + 2 * pad_x, sum(h for _, h in sizes) + 2 * pad_y


def _apart(room: "Room", target: tuple[int, int], styles: Sequence[Style], icons: int, side: int, m: int,
           measure: Measure) -> RegionPlan | None:
    """The name plate, the stack with its markers and the icons each wholly inside the region but
    not side by side: the stack nearest the region's middle and the name in the room left, or the
    other way round, in the first style of writing the name that fits."""
    col_w, col_h = side + m, side
    for font, weight, lines in styles:
        pw, ph = plate_size(lines, font, weight, measure)
        isz, gap = m, max(1, font // 6)
        for name_first in (False, True):
            first, second = ((pw, ph), (col_w, col_h)) if name_first else ((col_w, col_h), (pw, ph))
            a = room.nearest(first[0], first[1], (target[0] - first[0] / 2, target[1] - first[1] / 2))
            if a is None:
                continue
            ra = pygame.Rect(a, first)
            b = room.nearest(second[0], second[1], (target[0] - second[0] / 2, target[1] - second[1] / 2),
                             also=[ra])
            if b is None:
                continue
            rb = pygame.Rect(b, second)
            plate, col = (ra, rb) if name_first else (rb, ra)
            icon_rs: list[pygame.Rect] = []
            if icons:
                for iw, ih in ((icons * isz + (icons - 1) * gap, isz), (isz, icons * isz + (icons - 1) * gap)):
                    c = room.nearest(iw, ih, (plate.centerx - iw / 2, plate.bottom + gap), also=[plate, col])
                    if c is not None:
                        horiz = iw > ih or icons == 1
                        icon_rs = [pygame.Rect(c[0] + (i * (isz + gap) if horiz else 0),
                                               c[1] + (0 if horiz else i * (isz + gap)), isz, isz)
                                   for i in range(icons)]
                        break
                if not icon_rs:
                    continue
            stack = pygame.Rect(col.x, col.y, side, side)
            markers = marker_column(stack, m, 0)
            return RegionPlan(stack, stack.center, markers, plate.unionall(icon_rs) if icon_rs else plate.copy(),
                              plate, icon_rs, font, True, weight, lines if len(lines) > 1 else ())
    return None


def _least_over(poly: Sequence[Point], target: tuple[int, int], styles: Sequence[Style], taken: list[pygame.Rect],
                board: tuple[int, int], measure: Measure) -> Iterator[tuple[int, pygame.Rect, Style]]:
    """Name plates clear of everything `taken` and on the board, those reaching past the region's
    border the least first (by how far, in pixels, the region is widened to hold them), each as
    near `target` (the region's middle) as it goes, in the first style that does as well."""
    x0, y0, x1, y1 = geometry.bbox(poly)
    most = round(max(x1 - x0, y1 - y0))
    sizes = [plate_size(lines, font, weight, measure) for font, weight, lines in styles]
    first = Room(poly, taken, 1)                      # wholly inside, a pixel from the border
    for style, (pw, ph) in zip(styles, sizes, strict=True):
        at = first.nearest(pw, ph, (target[0] - pw / 2, target[1] - ph / 2))
        if at is not None and pygame.Rect((0, 0), board).contains(pygame.Rect(at, (pw, ph))):
            yield 0, pygame.Rect(at, (pw, ph)), style
            break
    room = Room([(x0 - most - 1, y0 - most - 1), (x1 + most + 1, y0 - most - 1), (x1 + most + 1, y1 + most + 1),
                  (x0 - most - 1, y1 + most + 1)], [], 0)         # an empty box with room to widen into
    W, H = room.size
    ox, oy = room.origin
    surf = pygame.Surface((W, H))
    surf.fill((0, 0, 0))
    pygame.draw.polygon(surf, (255, 255, 255), [(x - ox, y - oy) for x, y in poly])
    surf.set_colorkey((0, 0, 0))
    inside = pygame.mask.from_surface(surf)            # set: in the region (widened below)
    others = pygame.Surface((W, H))
    others.fill((0, 0, 0))
    for r in taken:
        pygame.draw.rect(others, (255, 255, 255), r.move(-ox, -oy))
    on = pygame.Rect(-ox, -oy, board[0], board[1])
    for r in (pygame.Rect(0, 0, W, on.top), pygame.Rect(0, on.bottom, W, H - on.bottom),
              pygame.Rect(0, 0, on.left, H), pygame.Rect(on.right, 0, W - on.right, H)):
        if r.w > 0 and r.h > 0:                        # off the board is not free either
            pygame.draw.rect(others, (255, 255, 255), r)
    pygame.draw.rect(others, (255, 255, 255), others.get_rect(), 1)
    others.set_colorkey((0, 0, 0))
    not_free = pygame.mask.from_surface(others)
    square, plus = pygame.mask.Mask((3, 3), fill=True), pygame.mask.Mask((3, 3), fill=True)
    for corner in ((0, 0), (2, 0), (0, 2), (2, 2)):
        plus.set_at(corner, 0)
    for grow in range(1, most + 1):                    # widened a pixel at a time, round-ish
        wide = pygame.mask.Mask((W, H))
        inside.convolve(square if grow % 2 else plus, wide, (-1, -1))
        inside = wide
        blocked = inside.copy()
        blocked.invert()
        blocked.draw(not_free, (0, 0))
        room.blocked = blocked
        for style, (pw, ph) in zip(styles, sizes, strict=True):
            at = room.nearest(pw, ph, (target[0] - pw / 2, target[1] - ph / 2))
            if at is not None:
                yield grow, pygame.Rect(at, (pw, ph)), style
                break


def marker_column(stack: pygame.Rect, m: int, lead: int) -> pygame.Rect:
    """The marker column beside `stack`: on its right, or on its left when `lead` (its width) says so."""
    h = min(2 * m, stack.h)                # two markers, never taller than the stack
    return pygame.Rect(stack.x - m if lead else stack.right, stack.centery - h // 2, m, h)


def stack_near(poly: Sequence[Point], target: tuple[int, int], side: int, m: int, taken: list[pygame.Rect],
                board: tuple[int, int], lead: int = 0) -> pygame.Rect | None:
    """The stack (with its marker column, on its right, or on its left `lead` pixels wide) clear of
    everything `taken`: wholly inside the region if it can be, else on the board with its centre
    inside, as near `target` as it goes."""
    w, h = side + m, side
    inside = Room(poly, taken, 1).nearest(w, h, (target[0] - side // 2 - lead, target[1] - side // 2))
    if inside is not None:
        return pygame.Rect(inside[0] + lead, inside[1], side, side)
    x0, y0, x1, y1 = geometry.bbox(poly)
    ox, oy = max(0, math.floor(x0) - w - 2), max(0, math.floor(y0) - h - 2)
    W, H = min(board[0], math.ceil(x1) + w + 2) - ox, min(board[1], math.ceil(y1) + h + 2) - oy
    if W <= w + 2 or H <= h + 2:
        return None
    shape = pygame.Surface((W, H))
    shape.fill((0, 0, 0))
    local = [(x - ox, y - oy) for x, y in poly]
    pygame.draw.polygon(shape, (255, 255, 255), local)
    pygame.draw.polygon(shape, (0, 0, 0), local, 6)       # the centre well inside, not on the border
    shape.set_colorkey((0, 0, 0))
    centre_inside = pygame.mask.from_surface(shape)
    surf = pygame.Surface((W, H))
    surf.fill((0, 0, 0))
    for r in taken:
        pygame.draw.rect(surf, (255, 255, 255), r.move(-ox, -oy))
    pygame.draw.rect(surf, (255, 255, 255), surf.get_rect(), 1)
    surf.set_colorkey((0, 0, 0))
    blocked = pygame.mask.from_surface(surf)
    free = blocked.convolve(pygame.mask.Mask((w, 1), fill=True)).convolve(pygame.mask.Mask((1, h), fill=True))
    free.invert()                      # set at c: a box with its corner at c - (w-1, h-1) is clear
    ok = free.overlap_mask(centre_inside, (w - 1 - lead - side // 2, h - 1 - side // 2))
    hit = _nearest_bit(ok, (target[0] - side // 2 - lead - ox + w - 1, target[1] - side // 2 - oy + h - 1))
    if hit is None:
        return None
    return pygame.Rect(hit[0] - w + 1 + ox + lead, hit[1] - h + 1 + oy, side, side)


def _nearest_bit(mask: pygame.mask.Mask, want: tuple[int, int]) -> tuple[int, int] | None:
    """A set bit of `mask` near `want` (within a pixel or two of the nearest), or None."""
    if mask.count() == 0:
        return None
    lo, hi = 0, max(mask.get_size()) + abs(want[0]) + abs(want[1])
    found = None
    while lo <= hi:                    # the smallest square around it with a set bit
        mid = (lo + hi) // 2
        hit = mask.overlap(pygame.mask.Mask((2 * mid + 1, 2 * mid + 1), fill=True), (want[0] - mid, want[1] - mid))
        if hit is not None:
            found, hi = hit, mid - 1
        else:
            lo = mid + 1
    return found


def _icons_near(poly: Sequence[Point], plate: pygame.Rect, icons: int, font: int, taken: list[pygame.Rect],
                board: tuple[int, int], isz: int) -> list[pygame.Rect] | None:
    """The feature icons in a row clear of everything `taken`, as near the name plate as they go
    (inside the region if they can)."""
    if not icons:
        return []
    gap = max(1, font // 6)
    w = icons * isz + (icons - 1) * gap
    want = (plate.centerx, plate.bottom + gap + isz // 2)
    for strict in (2, 1, 0):
        at = _find_spot(poly, (w, isz), want, taken, strict, board)
        if at is not None:
            return [pygame.Rect(at[0] + i * (isz + gap), at[1], isz, isz) for i in range(icons)]
    return None


class Room:
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

    def nearest(self, w: int, h: int, want: tuple[float, float],
                also: Sequence[pygame.Rect] = ()) -> tuple[int, int] | None:
        """The free top-left corner (window pixels) of a w×h box near `want` (within a pixel or
        two of the nearest), clear also of the boxes `also`, or None when the box fits nowhere."""
        W, H = self.size
        if w > W - 2 or h > H - 2:
            return None
        blocked = self.blocked
        if also:
            blocked = blocked.copy()
            for r in also:
                blocked.draw(pygame.mask.Mask(r.size, fill=True), (r.x - self.origin[0], r.y - self.origin[1]))
        # a w×h box at a corner overlaps something iff a w-long row, then an h-tall column, does
        rows = blocked.convolve(pygame.mask.Mask((w, 1), fill=True))
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


def _try_block(room: Room, target: tuple[int, int], shape: tuple[tuple[int, int], pygame.Rect, list[pygame.Rect]],
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
    markers = marker_column(stack, m, 0)
    lx, ly = bx + lab[0], by + lab[1]
    return RegionPlan(stack, stack.center, markers, pygame.Rect(lx, ly, lw, lh), name_r.move(lx, ly),
                      [r.move(lx, ly) for r in icon_rs], font, True)


def label_shape(plate_size: tuple[int, int], icons: int, font: int,
                 beside: bool, isz: int) -> tuple[tuple[int, int], pygame.Rect, list[pygame.Rect]]:
    """The label's size and, relative to its corner, its name plate and icon rectangles."""
    plate_w, plate_h = plate_size
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
               focus: tuple[int, int] | None = None, part: pygame.Rect | None = None) -> tuple[int, int] | None:
    """A top-left corner for a `size` box near `spot`, clear of everything `taken`: wholly inside
    the region (strict 2; only its `part`, the name plate, if given), with its `focus` (the name's
    middle) inside (1), or anywhere near on the board (0)."""
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
            px, py, pw, ph = part if part is not None else (0, 0, w, h)
            probes = [(x + px + pw * i / 4, y + py + ph * j / 2) for i in range(5) for j in range(3)]
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
