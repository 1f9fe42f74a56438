"""Plane geometry for map regions: hit-testing, shared borders, polygon sanity.

This module owns the pure geometry the map loader, the map checker, the map tools and the window
need: which region a point falls in (`region_at`), which regions share a border segment
(`shared_borders`, with a small tolerance so hand-drawn Tiled polygons work; `border_runs` with a
wider one finds edges that nearly touch), which regions overlap (`overlap_point`), whether a polygon
is closed and simple (`crossing_point`), and a good interior point of a region for labels and
tokens (`interior_point`, a pole of inaccessibility). Points are `(x, y)` pixel tuples with y
pointing down, as in Tiled. It imports nothing but the standard library and touches no files.
"""
from __future__ import annotations

import heapq
import math
from typing import Iterable, Mapping, Sequence

Point = tuple[float, float]
Polygon = Sequence[Point]


# -- single polygons --------------------------------------------------------------------------
def signed_area(poly: Polygon) -> float:
    """Shoelace area; positive when the points turn clockwise on screen (y down)."""
    n = len(poly)
    total = 0.0
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def area(poly: Polygon) -> float:
    return abs(signed_area(poly))


def bbox(poly: Polygon) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y)."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def centroid(poly: Polygon) -> Point:
    """Area centroid (falls back to the mean of the points for a degenerate polygon)."""
    a = signed_area(poly)
    if abs(a) < 1e-9:
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (6 * a), cy / (6 * a))


def point_in_polygon(point: Point, poly: Polygon) -> bool:
    """Even-odd ray test. Points exactly on an edge may go either way."""
    x, y = point
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y):
            x_cross = xi + (y - yi) * (xj - xi) / (yj - yi)
            if x < x_cross:
                inside = not inside
        j = i
    return inside


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def boundary_distance(point: Point, poly: Polygon) -> float:
    """Distance from a point to the nearest edge of the polygon."""
    n = len(poly)
    return min(_segment_distance(point, poly[i], poly[(i + 1) % n]) for i in range(n))


def signed_boundary_distance(point: Point, poly: Polygon) -> float:
    """Distance to the outline, positive inside the polygon and negative outside."""
    d = boundary_distance(point, poly)
    return d if point_in_polygon(point, poly) else -d


def interior_point(poly: Polygon, precision: float = 1.0) -> Point:
    """The pole of inaccessibility: the point inside the polygon farthest from its outline.

    Best-first search over square cells: a cell is split while the best distance it could still
    hold (its centre's distance plus its half-diagonal) beats the best found by more than
    `precision` pixels. Always inside for a simple polygon of non-zero area.
    """
    x0, y0, x1, y1 = bbox(poly)
    width, height = x1 - x0, y1 - y0
    size = min(width, height)
    if size <= 0:
        return (x0, y0)
    half = size / 2.0

    def cell(cx: float, cy: float, h: float) -> tuple[float, float, float, float, float]:
        d = signed_boundary_distance((cx, cy), poly)
        return (-(d + h * math.sqrt(2)), d, cx, cy, h)

    queue: list[tuple[float, float, float, float, float]] = []
    y = y0
    while y < y1:
        x = x0
        while x < x1:
            heapq.heappush(queue, cell(x + half, y + half, half))
            x += size
        y += size
    c = centroid(poly)
    best_d, best = signed_boundary_distance(c, poly), c
    while queue:
        _, d, cx, cy, h = heapq.heappop(queue)
        if d > best_d:
            best_d, best = d, (cx, cy)
        if d + h * math.sqrt(2) - best_d <= precision:
            continue
        h /= 2
        for dx in (-h, h):
            for dy in (-h, h):
                heapq.heappush(queue, cell(cx + dx, cy + dy, h))
    return best


def _orientation(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True if closed segments ab and cd have a point in common."""
    o1, o2 = _orientation(a, b, c), _orientation(a, b, d)
    o3, o4 = _orientation(c, d, a), _orientation(c, d, b)
    if ((o1 > 0 and o2 < 0) or (o1 < 0 and o2 > 0)) and ((o3 > 0 and o4 < 0) or (o3 < 0 and o4 > 0)):
        return True
    return ((o1 == 0 and _on_segment(a, b, c)) or (o2 == 0 and _on_segment(a, b, d))
            or (o3 == 0 and _on_segment(c, d, a)) or (o4 == 0 and _on_segment(c, d, b)))


def _edge_boxes(poly: Polygon) -> list[tuple[float, float, float, float, Point, Point]]:
    """Each edge as (min x, max x, min y, max y, start, end)."""
    n = len(poly)
    out = []
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        out.append((min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]), a, b))
    return out


def crossing_point(poly: Polygon) -> Point | None:
    """Where a polygon touches or crosses itself (repeated point, crossing edges), else None."""
    n = len(poly)
    seen: dict[Point, int] = {}
    for i, p in enumerate(poly):
        key = (float(p[0]), float(p[1]))
        if key in seen:
            return key
        seen[key] = i
    if n < 4:
        return None
    boxes = _edge_boxes(poly)
    for i in range(n):
        ax0, ax1, ay0, ay1, a, b = boxes[i]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # neighbours through the closing edge
            cx0, cx1, cy0, cy1, c, d = boxes[j]
            if ax1 < cx0 or cx1 < ax0 or ay1 < cy0 or cy1 < ay0:
                continue  # their boxes do not meet
            if segments_intersect(a, b, c, d):
                return ((a[0] + b[0] + c[0] + d[0]) / 4, (a[1] + b[1] + c[1] + d[1]) / 4)
    return None


# -- many polygons -----------------------------------------------------------------------------
def region_at(polygons: Mapping[str, Polygon], point: Point) -> str | None:
    """The id of the region whose polygon holds the point, or None (off the board, no region)."""
    x, y = point
    for rid, poly in polygons.items():
        x0, y0, x1, y1 = bbox(poly)
        if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon(point, poly):
            return rid
    return None


def _edges(poly: Polygon) -> Iterable[tuple[Point, Point]]:
    n = len(poly)
    for i in range(n):
        yield poly[i], poly[(i + 1) % n]


def _collinear_run(a: Point, b: Point, c: Point, d: Point, tol: float) -> tuple[float, Point]:
    """Length over which segments ab and cd run along each other within `tol` pixels (0 if they
    do not), and the middle of that stretch on ab."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    ex, ey = d[0] - c[0], d[1] - c[1]
    length2 = math.hypot(ex, ey)
    if length == 0 or length2 == 0:
        return 0.0, a
    ux, uy = dx / length, dy / length
    # both ends of cd near the line through ab, and both ends of ab near the line through cd
    for px, py in (c, d):
        if abs((px - a[0]) * uy - (py - a[1]) * ux) > tol:
            return 0.0, a
    vx, vy = ex / length2, ey / length2
    for px, py in (a, b):
        if abs((px - c[0]) * vy - (py - c[1]) * vx) > tol:
            return 0.0, a
    tc = (c[0] - a[0]) * ux + (c[1] - a[1]) * uy
    td = (d[0] - a[0]) * ux + (d[1] - a[1]) * uy
    lo, hi = max(0.0, min(tc, td)), min(length, max(tc, td))
    if hi <= lo:
        return 0.0, a
    mid = (lo + hi) / 2
    return hi - lo, (a[0] + ux * mid, a[1] + uy * mid)


def border_runs(polygons: Mapping[str, Polygon], tols: Sequence[float] = (2.0,),
                cell: float = 64.0) -> list[dict[tuple[str, str], tuple[float, Point]]]:
    """For each tolerance in `tols`, each pair of polygons whose edges run along each other
    within that many pixels: the total length of those stretches and the middle of the longest,
    as {(id_a, id_b): (pixels, point)} with id_a < id_b. One pass serves all the tolerances;
    edges are bucketed on a grid so only nearby edges are compared."""
    wide = max(tols)
    edges: list[tuple[str, Point, Point]] = []
    grid: dict[tuple[int, int], list[int]] = {}
    for rid, poly in polygons.items():
        for a, b in _edges(poly):
            k = len(edges)
            edges.append((rid, a, b))
            gx0 = int(math.floor((min(a[0], b[0]) - wide) / cell))
            gx1 = int(math.floor((max(a[0], b[0]) + wide) / cell))
            gy0 = int(math.floor((min(a[1], b[1]) - wide) / cell))
            gy1 = int(math.floor((max(a[1], b[1]) + wide) / cell))
            for gx in range(gx0, gx1 + 1):
                for gy in range(gy0, gy1 + 1):
                    grid.setdefault((gx, gy), []).append(k)
    tested: set[tuple[int, int]] = set()
    runs: list[dict[tuple[str, str], tuple[float, Point, float]]] = [{} for _ in tols]
    for bucket in grid.values():
        for i_pos, i in enumerate(bucket):
            rid_i, a, b = edges[i]
            for j in bucket[i_pos + 1:]:
                rid_j, c, d = edges[j]
                if rid_i == rid_j or (i, j) in tested:
                    continue
                tested.add((i, j))
                if (max(a[0], b[0]) + wide < min(c[0], d[0]) or max(c[0], d[0]) + wide < min(a[0], b[0])
                        or max(a[1], b[1]) + wide < min(c[1], d[1])
                        or max(c[1], d[1]) + wide < min(a[1], b[1])):
                    continue
                key = (rid_i, rid_j) if rid_i < rid_j else (rid_j, rid_i)
                for k, tol in enumerate(tols):
                    overlap, mid = _collinear_run(a, b, c, d, tol)
                    if overlap > 0:
                        total, where, longest = runs[k].get(key, (0.0, mid, 0.0))
                        if overlap > longest:
                            where, longest = mid, overlap
                        runs[k][key] = (total + overlap, where, longest)
    return [{key: (total, where) for key, (total, where, _) in found.items()} for found in runs]


def shared_borders(polygons: Mapping[str, Polygon], tol: float = 2.0,
                   cell: float = 64.0) -> dict[tuple[str, str], float]:
    """Length of border each pair of polygons shares, as {(id_a, id_b): pixels} with id_a < id_b.

    Two edges count as shared where they run along each other within `tol` pixels (so the
    polygons need not have the same points: a T-junction works). Regions touching at a single
    point share nothing.
    """
    return {key: length for key, (length, _) in border_runs(polygons, (tol,), cell)[0].items()}


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True if segments ab and cd cross at a single point inside both (touching does not count)."""
    o1, o2 = _orientation(a, b, c), _orientation(a, b, d)
    o3, o4 = _orientation(c, d, a), _orientation(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0


def _row_spans(poly: Polygon, y: float) -> list[tuple[float, float]]:
    """The stretches of the horizontal line at height y that lie inside the polygon."""
    xs = []
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    return [(xs[k], xs[k + 1]) for k in range(0, len(xs) - 1, 2)]


def _deeper_than(point: Point, poly: Polygon, tol: float) -> bool:
    """True if no edge of the polygon comes within `tol` of the point (stops at the first)."""
    x, y = point
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if min(a[0], b[0]) - tol <= x <= max(a[0], b[0]) + tol and \
                min(a[1], b[1]) - tol <= y <= max(a[1], b[1]) + tol and _segment_distance(point, a, b) <= tol:
            return False
    return True


def _edge_samples(poly: Polygon, box: tuple[float, float, float, float], spacing: float) -> list[Point]:
    """Points along the polygon's edges inside `box`, about `spacing` pixels apart (ends left out)."""
    x0, y0, x1, y1 = box
    out: list[Point] = []
    for a, b in _edges(poly):
        if max(a[0], b[0]) < x0 or min(a[0], b[0]) > x1 or max(a[1], b[1]) < y0 or min(a[1], b[1]) > y1:
            continue
        steps = max(2, int(math.hypot(b[0] - a[0], b[1] - a[1]) / max(spacing, 1e-9)))
        for k in range(1, steps):
            f = k / steps
            p = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
            if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
                out.append(p)
    return out


def overlap_point(a: Polygon, b: Polygon, tol: float = 2.0, step: float = 2.0) -> Point | None:
    """A point inside both polygons and more than `tol` pixels from both outlines (the two
    regions overlap there), or None when they only touch or share a border within `tol`."""
    ax0, ay0, ax1, ay1 = bbox(a)
    bx0, by0, bx1, by1 = bbox(b)
    x0, y0, x1, y1 = max(ax0, bx0), max(ay0, by0), min(ax1, bx1), min(ay1, by1)
    if x1 - x0 <= 2 * tol or y1 - y0 <= 2 * tol:
        return None

    edges_a = [e for e in _edge_boxes(a) if not (e[1] < x0 or e[0] > x1 or e[3] < y0 or e[2] > y1)]
    edges_b = [e for e in _edge_boxes(b) if not (e[1] < x0 or e[0] > x1 or e[3] < y0 or e[2] > y1)]
    suspicious = any(ea[1] >= eb[0] and eb[1] >= ea[0] and ea[3] >= eb[2] and eb[3] >= ea[2]
                     and _crosses(ea[4], ea[5], eb[4], eb[5]) for ea in edges_a for eb in edges_b)
    if not suspicious:
        for mine, other in ((a, b), (b, a)):
            corners = set(other)    # a shared point lies on the other's outline: not inside it
            probe = [p for p in mine if x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and p not in corners]
            spans = _row_spans(mine, (bbox(mine)[1] + bbox(mine)[3]) / 2)
            probe += [((s0 + s1) / 2, (bbox(mine)[1] + bbox(mine)[3]) / 2) for s0, s1 in spans]
            # points along the edges: a region stretched into its neighbour keeps its edges in
            # line with the neighbour's, so no edges cross and no corner lies inside, but the
            # stretched-over edge runs through the neighbour's inside
            probe += _edge_samples(mine, (x0, y0, x1, y1), 4 * tol)
            if any(point_in_polygon(p, other) and _deeper_than(p, other, tol) for p in probe):
                suspicious = True
                break
    if not suspicious:
        return None
    best: tuple[float, Point] | None = None
    y = y0 + step / 2
    while y < y1:
        for s0, s1 in _row_spans(a, y):
            for t0, t1 in _row_spans(b, y):
                lo, hi = max(s0, t0), min(s1, t1)
                if hi - lo <= 2 * tol:
                    continue
                p = ((lo + hi) / 2, y)
                depth = min(boundary_distance(p, a), boundary_distance(p, b))
                if depth > tol and (best is None or depth > best[0]):
                    best = (depth, p)
        y += step
    return best[1] if best else None


def lies_inside(inner: Polygon, outer: Polygon, tol: float = 2.0) -> bool:
    """True if `inner` lies within `outer` (on its outline within `tol` counts as within) and
    is smaller than it: a region drawn inside another, like a lake in a field."""
    if area(inner) >= area(outer) - tol * tol:
        return False
    if not all(point_in_polygon(p, outer) or boundary_distance(p, outer) <= tol for p in inner):
        return False
    return not any(_crosses(a, b, c, d) for a, b in _edges(inner) for c, d in _edges(outer))


def edge_length_on_frame(poly: Polygon, width: float, height: float, tol: float = 2.0) -> float:
    """How many pixels of the polygon's outline run along the edge of a width x height board."""
    total = 0.0
    for (x1, y1), (x2, y2) in _edges(poly):
        on_side = ((x1 <= tol and x2 <= tol) or (x1 >= width - tol and x2 >= width - tol)
                   or (y1 <= tol and y2 <= tol) or (y1 >= height - tol and y2 >= height - tol))
        if on_side:
            total += math.hypot(x2 - x1, y2 - y1)
    return total
