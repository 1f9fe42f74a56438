"""The lab's PNG charts, drawn with pygame-ce on an off-screen surface (no window opens).

- `bar_chart`: one horizontal bar per race (or power) with its 95% interval as a whisker, the
  number of picks, a dashed line at the win rate of an even race, custom entries in orange;
- `rounds_chart`: mean coins at the end of each round by seat (turn order) and for the
  eventual winner, above the mean coins a player gains in each round, with intervals;
- `race_rounds_chart`: one small panel per race, the coins it scores in each round of the game
  (per pick), over the band of the base races' curves;
- `decline_chart`: per race, the coins it scores Active and In Decline, stacked.
"""
from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from .change import MIN_PAIRS, Change  # noqa: E402
from .stats import Row, Tables  # noqa: E402

BG = (250, 248, 242)
INK = (35, 35, 40)
GRID = (220, 216, 205)
MUTED = (120, 120, 125)
BAR = (74, 120, 170)
BAR_CUSTOM = (226, 122, 30)
WHISKER = (30, 30, 30)
BASE = (190, 60, 60)
BAND = (226, 222, 212)
SEAT_COLOURS = [(74, 120, 170), (90, 160, 90), (200, 150, 40), (150, 90, 170), (60, 170, 170), (170, 90, 90)]
WINNER = (190, 60, 60)
DECLINE = (150, 150, 158)
DECLINE_CUSTOM = (240, 190, 140)

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        _fonts[key] = f
    return f


def _text(surf: pygame.Surface, s: str, pos: tuple[float, float], size: int = 22, colour=INK,
          anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    img = _font(size, bold).render(s, True, colour)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surf.blit(img, rect)
    return rect


def _dashed_v(surf: pygame.Surface, x: int, y0: int, y1: int, colour, dash: int = 6) -> None:
    y = y0
    while y < y1:
        pygame.draw.line(surf, colour, (x, y), (x, min(y + dash, y1)), 2)
        y += dash * 2


def _nice_step(span: float, ticks: int = 5) -> float:
    raw = span / max(1, ticks)
    mag = 10 ** int(f"{raw:e}".split("e")[1])
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def bar_chart(rows: Sequence[Row], path: Path, title: str, subtitle: str, metric: str = "win",
              baseline: float | None = None, band: tuple[float, float] | None = None) -> None:
    """Horizontal bars of `metric` ('win' rate or 'earned' coins) with 95% whiskers; `band`, a
    reference range (the base races'), is shaded behind the bars."""
    rows = [r for r in rows if r.picks > 0]
    if metric == "earned":
        rows = sorted(rows, key=lambda r: (-r.earned, r.key))
    w = 1100
    row_h = 30
    top = 100
    h = top + row_h * max(1, len(rows)) + 80
    surf = pygame.Surface((w, h))
    surf.fill(BG)
    _text(surf, title, (24, 18), 34, bold=True)
    _text(surf, subtitle, (24, 56), 22, MUTED)
    left, right = 250, w - 150
    if metric == "win":
        vals = [(r.win_rate, r.win_lo, r.win_hi) for r in rows]
        hi = max([v[2] for v in vals] + [baseline or 0.0, 0.1])
        vmax = min(1.0, _nice_step(hi, 1) if hi > 0.5 else (int(hi * 10) + 1) / 10)
        fmt = lambda v: f"{100 * v:.0f}%"  # noqa: E731
    else:
        vals = [(r.earned, r.earned_lo, r.earned_hi) for r in rows]
        hi = max([v[2] for v in vals] + [1.0])
        step = _nice_step(hi)
        vmax = step * (int(hi / step) + 1)
        fmt = lambda v: f"{v:.1f}" if v % 1 else f"{v:.0f}"  # noqa: E731
    sx = (right - left) / vmax
    # grid and axis
    step = _nice_step(vmax)
    y_axis = top + row_h * len(rows) + 6
    if band is not None:
        bx0, bx1 = left + band[0] * sx, left + min(band[1], vmax) * sx
        pygame.draw.rect(surf, BAND, (bx0, top - 6, max(2, bx1 - bx0), y_axis - top + 6))
        _text(surf, f"base races: {fmt(band[0])}–{fmt(band[1])}", ((bx0 + bx1) / 2, top - 10), 20, MUTED,
              "midbottom")
    v = 0.0
    while v <= vmax + 1e-9:
        x = left + v * sx
        pygame.draw.line(surf, GRID, (x, top - 6), (x, y_axis), 1)
        _text(surf, fmt(v), (x, y_axis + 6), 20, MUTED, "midtop")
        v += step
    for i, (r, (m, lo, hi_)) in enumerate(zip(rows, vals, strict=False)):
        y = top + i * row_h
        colour = BAR_CUSTOM if r.custom else BAR
        label = r.name + (" (custom)" if r.custom else "")
        _text(surf, label, (left - 10, y + row_h / 2), 24, BAR_CUSTOM if r.custom else INK, "midright",
              bold=r.custom)
        pygame.draw.rect(surf, colour, (left, y + 5, max(1, m * sx), row_h - 10))
        cy = y + row_h // 2
        x0, x1 = left + lo * sx, left + min(hi_, vmax) * sx
        pygame.draw.line(surf, WHISKER, (x0, cy), (x1, cy), 2)
        pygame.draw.line(surf, WHISKER, (x0, cy - 6), (x0, cy + 6), 2)
        pygame.draw.line(surf, WHISKER, (x1, cy - 6), (x1, cy + 6), 2)
        _text(surf, f"{fmt(m)}  n={r.picks}", (max(x1, left + m * sx) + 8, cy), 20, INK, "midleft")
    if baseline is not None:
        bx = int(left + baseline * sx)
        _dashed_v(surf, bx, top - 10, y_axis, BASE)
        _text(surf, f"even: {fmt(baseline)}", (bx, top - 14), 20, BASE, "midbottom")
    _text(surf, "bars: mean; whiskers: 95% interval; n: times picked", (24, h - 30), 20, MUTED)
    pygame.image.save(surf, str(path))


def rounds_chart(t: Tables, path: Path, title: str, subtitle: str) -> None:
    w, h = 1100, 860
    surf = pygame.Surface((w, h))
    surf.fill(BG)
    _text(surf, title, (24, 18), 34, bold=True)
    _text(surf, subtitle, (24, 56), 22, MUTED)
    n = t.rounds
    if n == 0:
        pygame.image.save(surf, str(path))
        return
    # -- top panel: cumulative coins --------------------------------------------------------
    left, right, top, bottom = 90, w - 220, 110, 470
    ymax_raw = max([max(row) for row in t.cumulative] + t.winner_cumulative + [10])
    step = _nice_step(ymax_raw)
    ymax = step * (int(ymax_raw / step) + 1)
    sx = (right - left) / max(1, n - 1) if n > 1 else 0
    sy = (bottom - top) / ymax

    def pt(i: int, v: float) -> tuple[float, float]:
        return left + i * sx, bottom - v * sy

    v = 0.0
    while v <= ymax + 1e-9:
        y = bottom - v * sy
        pygame.draw.line(surf, GRID, (left, y), (right, y), 1)
        _text(surf, f"{v:.0f}", (left - 8, y), 20, MUTED, "midright")
        v += step
    for i in range(n):
        _text(surf, str(i + 1), (left + i * sx, bottom + 8), 20, MUTED, "midtop")
    _text(surf, "mean coins at the end of each round", (left, top - 30), 24, INK, bold=True)
    _text(surf, "round", ((left + right) / 2, bottom + 30), 20, MUTED, "midtop")
    series = [(f"Seat {s + 1}", SEAT_COLOURS[s % len(SEAT_COLOURS)], [row[s] for row in t.cumulative])
              for s in range(t.players)]
    series.append(("eventual winner", WINNER, t.winner_cumulative))
    for k, (label, colour, ys) in enumerate(series):
        pts = [pt(i, y) for i, y in enumerate(ys)]
        width = 4 if label == "eventual winner" else 3
        if len(pts) > 1:
            pygame.draw.lines(surf, colour, False, pts, width)
        for p in pts:
            pygame.draw.circle(surf, colour, (int(p[0]), int(p[1])), 4)
        ly = top + 10 + k * 28
        pygame.draw.line(surf, colour, (right + 20, ly), (right + 50, ly), width)
        _text(surf, label, (right + 58, ly), 22, INK, "midleft")
        if label == "eventual winner" or k == 0:
            _text(surf, f"{ys[-1]:.0f}", (pts[-1][0] + 8, pts[-1][1]), 20, colour, "midleft")
    # -- bottom panel: income per round ---------------------------------------------------------
    top2, bottom2 = 560, h - 70
    imax_raw = max([hi for _, _, hi in t.income] + [1.0])
    step2 = _nice_step(imax_raw, 4)
    imax = step2 * (int(imax_raw / step2) + 1)
    sy2 = (bottom2 - top2) / imax
    _text(surf, "mean coins a player gains in each round (95% interval)", (left, top2 - 36), 24, INK, bold=True)
    v = 0.0
    while v <= imax + 1e-9:
        y = bottom2 - v * sy2
        pygame.draw.line(surf, GRID, (left, y), (right, y), 1)
        _text(surf, f"{v:.0f}", (left - 8, y), 20, MUTED, "midright")
        v += step2
    slot = (right - left) / n
    for i, (m, lo, hi) in enumerate(t.income):
        x = left + i * slot + slot * 0.2
        bw = slot * 0.6
        pygame.draw.rect(surf, BAR, (x, bottom2 - m * sy2, bw, m * sy2))
        cx = x + bw / 2
        pygame.draw.line(surf, WHISKER, (cx, bottom2 - lo * sy2), (cx, bottom2 - hi * sy2), 2)
        _text(surf, f"{m:.1f}", (cx, bottom2 - hi * sy2 - 4), 20, INK, "midbottom")
        _text(surf, str(i + 1), (cx, bottom2 + 8), 20, MUTED, "midtop")
    _text(surf, "round", ((left + right) / 2, bottom2 + 30), 20, MUTED, "midtop")
    pygame.image.save(surf, str(path))


def compare_chart(changes: Sequence[Change], path: Path, title: str, subtitle: str) -> None:
    """Per changed race or power, B minus A: win rate (points) and coins scored, each a bar
    from zero with its 95% t interval as a whisker; green when clearly up, red when down."""
    w, row_h, top = 1200, 40, 130
    rows = list(changes)
    h = top + row_h * max(1, len(rows)) + 90
    surf = pygame.Surface((w, h))
    surf.fill(BG)
    _text(surf, title, (24, 18), 34, bold=True)
    _text(surf, subtitle, (24, 56), 22, MUTED)
    label_w = 230
    panels = (("win rate, points", "win"), ("coins scored", "coins"))
    gap = 60
    pw = (w - label_w - 40 - gap) // 2
    for i, c in enumerate(rows):
        _text(surf, f"{c.name} (n={c.pairs})", (label_w - 10, top + i * row_h + row_h / 2), 24, INK, "midright")
    for k, (head, attr) in enumerate(panels):
        x0 = label_w + 20 + k * (pw + gap)
        finite = [abs(v) for c in rows for v in (getattr(c, f"{attr}_lo"), getattr(c, f"{attr}_hi"),
                                                  getattr(c, f"{attr}_diff")) if math.isfinite(v)]
        span = max(finite + [1.0])
        step = _nice_step(span, 3)
        span = step * (int(span / step) + 1)
        if attr == "win":
            span = min(span, 100.0)                  # a win rate moves by 100 points at most
        sx = (pw - 20) / (2 * span)
        zero = x0 + pw / 2
        _text(surf, head, (zero, top - 30), 24, INK, "midbottom", bold=True)
        y_axis = top + row_h * len(rows) + 6
        v = -span
        while v <= span + 1e-9:
            x = zero + v * sx
            pygame.draw.line(surf, GRID, (x, top - 8), (x, y_axis), 1)
            _text(surf, f"{v:+.0f}" if v else "0", (x, y_axis + 6), 20, MUTED, "midtop")
            v += step
        pygame.draw.line(surf, INK, (zero, top - 8), (zero, y_axis), 2)
        for i, c in enumerate(rows):
            m, lo, hi = (getattr(c, f"{attr}_diff"), getattr(c, f"{attr}_lo"), getattr(c, f"{attr}_hi"))
            clear = getattr(c, f"{attr}_p_holm") < 0.05 and c.pairs >= MIN_PAIRS
            colour = ((70, 150, 80) if m > 0 else (190, 60, 60)) if clear else BAR
            cy = top + i * row_h + row_h // 2
            xm = zero + m * sx
            pygame.draw.rect(surf, colour, (min(zero, xm), cy - 10, max(2, abs(xm - zero)), 20))
            a = zero + max(-span, lo) * sx
            b = zero + min(span, hi) * sx
            pygame.draw.line(surf, WHISKER, (a, cy), (b, cy), 2)
            for x in (a, b):
                pygame.draw.line(surf, WHISKER, (x, cy - 7), (x, cy + 7), 2)
    _text(surf, "bars: mean of B − A over games paired by seed; whiskers: 95% t interval; "
          "green/red: clear after Holm's correction", (24, h - 34), 20, MUTED)
    pygame.image.save(surf, str(path))


def race_rounds_chart(rows: Sequence[Row], path: Path, title: str, subtitle: str, min_picks: int = 10) -> None:
    """A small panel per race (picked at least `min_picks` times): the mean coins it scores in
    each round of the game, per pick, as a line; the grey band behind every panel spans the base
    races' curves (lowest to highest in each round), so a custom race's timing reads against it."""
    rows = [r for r in rows if r.picks >= min_picks and r.by_round]
    rows = sorted(rows, key=lambda r: (not r.custom, r.name))
    cols = 6
    pw, ph, gap = 250, 170, 18
    top, left = 100, 24
    nrows = max(1, math.ceil(len(rows) / cols))
    w = left * 2 + cols * pw + (cols - 1) * gap
    h = top + nrows * (ph + gap) + 50
    surf = pygame.Surface((w, h))
    surf.fill(BG)
    _text(surf, title, (24, 18), 34, bold=True)
    _text(surf, subtitle, (24, 56), 22, MUTED)
    if not rows:
        pygame.image.save(surf, str(path))
        return
    n = len(rows[0].by_round)
    base = [r.by_round for r in rows if not r.custom]
    lo = [min(b[k] for b in base) for k in range(n)] if base else None
    hi = [max(b[k] for b in base) for k in range(n)] if base else None
    ymax_raw = max([max(r.by_round) for r in rows] + [1.0])
    step = _nice_step(ymax_raw, 2)
    ymax = step * (int(ymax_raw / step) + 1)
    for i, r in enumerate(rows):
        x0 = left + (i % cols) * (pw + gap)
        y0 = top + (i // cols) * (ph + gap)
        pygame.draw.rect(surf, (255, 255, 255), (x0, y0, pw, ph))
        pygame.draw.rect(surf, GRID, (x0, y0, pw, ph), 1)
        colour = BAR_CUSTOM if r.custom else BAR
        _text(surf, r.name, (x0 + 8, y0 + 6), 22, colour, bold=r.custom)
        _text(surf, f"n={r.picks}", (x0 + pw - 8, y0 + 6), 18, MUTED, "topright")
        px0, px1, py0, py1 = x0 + 30, x0 + pw - 10, y0 + 30, y0 + ph - 22
        sx = (px1 - px0) / max(1, n - 1)
        sy = (py1 - py0) / ymax

        def pt(k: int, v: float, px0: float = px0, py1: float = py1, sx: float = sx, sy: float = sy) -> tuple[int, int]:
            return int(px0 + k * sx), int(py1 - v * sy)

        v = 0.0
        while v <= ymax + 1e-9:
            pygame.draw.line(surf, GRID, pt(0, v), pt(n - 1, v), 1)
            _text(surf, f"{v:.0f}", (px0 - 4, pt(0, v)[1]), 16, MUTED, "midright")
            v += step
        if lo is not None and hi is not None and n > 1:
            pygame.draw.polygon(surf, BAND, [pt(k, lo[k]) for k in range(n)] + [pt(k, hi[k]) for k in reversed(range(n))])
        for k in range(n):
            if k in (0, n - 1) or (k + 1) % 3 == 0:
                _text(surf, str(k + 1), (pt(k, 0)[0], py1 + 3), 16, MUTED, "midtop")
        pts = [pt(k, v) for k, v in enumerate(r.by_round)]
        if len(pts) > 1:
            pygame.draw.lines(surf, colour, False, pts, 3)
    _text(surf, "line: mean coins the race scores in each round of the game, per pick (Active and In Decline); "
          "grey band: the base races' range; x: round", (24, h - 34), 20, MUTED)
    pygame.image.save(surf, str(path))


def decline_chart(rows: Sequence[Row], path: Path, title: str, subtitle: str) -> None:
    """Per race, the mean coins it scores over its life split into Active (dark) and In Decline
    (light), stacked, sorted by the total; the In Decline share is written at the end."""
    rows = sorted([r for r in rows if r.picks > 0], key=lambda r: (-r.earned, r.key))
    w, row_h, top = 1100, 30, 100
    h = top + row_h * max(1, len(rows)) + 80
    surf = pygame.Surface((w, h))
    surf.fill(BG)
    _text(surf, title, (24, 18), 34, bold=True)
    _text(surf, subtitle, (24, 56), 22, MUTED)
    left, right = 250, w - 170
    hi = max([r.earned for r in rows] + [1.0])
    step = _nice_step(hi)
    vmax = step * (int(hi / step) + 1)
    sx = (right - left) / vmax
    y_axis = top + row_h * len(rows) + 6
    v = 0.0
    while v <= vmax + 1e-9:
        x = left + v * sx
        pygame.draw.line(surf, GRID, (x, top - 6), (x, y_axis), 1)
        _text(surf, f"{v:.0f}", (x, y_axis + 6), 20, MUTED, "midtop")
        v += step
    for i, r in enumerate(rows):
        y = top + i * row_h
        active = max(0.0, r.earned - r.earned_decline)
        dark, light = (BAR_CUSTOM, DECLINE_CUSTOM) if r.custom else (BAR, DECLINE)
        label = r.name + (" (custom)" if r.custom else "")
        _text(surf, label, (left - 10, y + row_h / 2), 24, BAR_CUSTOM if r.custom else INK, "midright", bold=r.custom)
        pygame.draw.rect(surf, dark, (left, y + 5, max(1, active * sx), row_h - 10))
        pygame.draw.rect(surf, light, (left + active * sx, y + 5, max(0, r.earned_decline * sx), row_h - 10))
        share = r.earned_decline / r.earned if r.earned > 0 else 0.0
        _text(surf, f"{active:.1f} + {r.earned_decline:.1f}  ({100 * share:.0f}% In Decline)",
              (left + r.earned * sx + 8, y + row_h / 2), 20, INK, "midleft")
    lx = 24
    pygame.draw.rect(surf, BAR, (lx, h - 38, 22, 16))
    _text(surf, "Active", (lx + 28, h - 30), 20, INK, "midleft")
    pygame.draw.rect(surf, DECLINE, (lx + 100, h - 38, 22, 16))
    _text(surf, "In Decline (custom races in orange and light orange); mean coins per pick over the race's life",
          (lx + 128, h - 30), 20, INK, "midleft")
    pygame.image.save(surf, str(path))
