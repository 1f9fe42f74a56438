"""Things that move on the table: tokens flying between a hand, the board and the tray, coins
sliding from the combo column to the player, and the flip of a race going into decline.

`moves_between` compares the state before and after one intent and says what travelled (the
board's region counts and owners, the column's coins); `Motion` plays those moves over the
frame, each from a window point to another, and knows when it is done. It is UI memory only:
drawing reads it and the states and never changes either, and `skip` (a click) ends it at once.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

Point = tuple[int, int]

FLIGHT = 0.45          # seconds a token takes to fly, at normal pace
STAGGER = 0.06         # between tokens leaving the same place
FLIP = 0.9             # the decline flip


@dataclass
class Move:
    """One thing travelling: `kind` token (a race's token), coin, or flip (a region going grey)."""
    kind: str
    source: str                  # "hand:SEAT", "region:ID", "tray", "combo:INDEX"
    target: str
    race: str = ""
    decline: bool = False
    count: int = 1


@dataclass
class Flight:
    kind: str
    race: str
    decline: bool
    a: Point
    b: Point
    start: float
    duration: float


@dataclass
class Motion:
    flights: list[Flight] = field(default_factory=list)

    def busy(self, now: float) -> bool:
        return any(now < f.start + f.duration for f in self.flights)

    def skip(self) -> None:
        self.flights = []

    def delay(self, seconds: float) -> None:
        """Hold every move where it is for `seconds` (the table was covered meanwhile)."""
        for f in self.flights:
            f.start += seconds

    def tidy(self, now: float) -> None:
        self.flights = [f for f in self.flights if now < f.start + f.duration]

    def play(self, moves: list[Move], where: Callable[[str], Point | None], now: float, pace: float) -> None:
        """Start `moves` (a pace of 0 shows nothing: the tests, or animations off)."""
        if pace <= 0:
            return
        offset: dict[str, int] = {}
        for mv in moves:
            a, b = where(mv.source), where(mv.target)
            if a is None or b is None:
                continue
            if mv.kind == "flip":
                self.flights.append(Flight("flip", mv.race, True, a, b, now, FLIP * pace))
                continue
            for _ in range(min(mv.count, 6)):
                k = offset.get(mv.source, 0)
                offset[mv.source] = k + 1
                self.flights.append(Flight(mv.kind, mv.race, mv.decline, a, b, now + k * STAGGER * pace,
                                           FLIGHT * pace))

    def draw(self, surf: pygame.Surface, sprites: Any, size: int, now: float) -> list[pygame.Rect]:
        drawn = []
        for f in self.flights:
            t = (now - f.start) / f.duration if f.duration > 0 else 1.0
            if t < 0 or t >= 1:
                continue
            if f.kind == "flip":
                r = int(size * (0.6 + 0.5 * t))
                ring = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
                alpha = int(220 * (1 - t))
                pygame.draw.circle(ring, (200, 200, 200, alpha), (r + 2, r + 2), r, max(2, size // 8))
                drawn.append(surf.blit(ring, (f.a[0] - r - 2, f.a[1] - r - 2)))
                img = sprites.token(f.race, t > 0.5, size)
                w = max(1, int(size * abs(math.cos(t * math.pi))))     # the token turns over
                img = pygame.transform.smoothscale(img, (w, size))
                drawn.append(surf.blit(img, img.get_rect(center=f.a)))
                continue
            e = t * t * (3 - 2 * t)                                     # ease in and out
            x = f.a[0] + (f.b[0] - f.a[0]) * e
            y = f.a[1] + (f.b[1] - f.a[1]) * e - math.sin(math.pi * e) * size * 0.8
            img = sprites.coin(int(size * 0.7)) if f.kind == "coin" else sprites.token(f.race, f.decline, size)
            drawn.append(surf.blit(img, img.get_rect(center=(round(x), round(y)))))
        return drawn


def moves_between(before: Any, after: Any, action: dict[str, Any] | None) -> list[Move]:
    """What travelled from `before` to `after` (two game states), for the window to show."""
    moves: list[Move] = []
    kind = (action or {}).get("kind", "")
    seat = before.turn.seat
    if kind == "pick":
        i = int(action.get("index", 0)) if action else 0
        coins = before.column[i].coins if i < len(before.column) else 0
        if coins:
            moves.append(Move("coin", f"combo:{i}", f"hand:{seat}", count=coins))
        return moves
    gains: list[tuple[str, int, Any]] = []
    losses: list[tuple[str, int, Any]] = []
    for rid, b in before.regions.items():
        a = after.regions.get(rid)
        if a is None:
            continue
        same = a.owner == b.owner and a.race == b.race
        if b.race and b.tokens and (not same or a.tokens < b.tokens):
            losses.append((rid, b.tokens - (a.tokens if same else 0), b))
        if b.lost_tribe and not a.lost_tribe:
            losses.append((rid, b.lost_tribe, None))
        if a.race and a.tokens and (not same or a.tokens > b.tokens):
            gains.append((rid, a.tokens - (b.tokens if same else 0), a))
        if same and a.race and a.decline and not b.decline:
            moves.append(Move("flip", f"region:{rid}", f"region:{rid}", race=a.race))
    if kind in ("redeploy", "withdraw", "encampments") or (gains and losses and all(
            lo[2] is not None and lo[2].owner == seat for lo in losses)):
        # tokens moving between one's own regions (a redeploy): from the losers to the gainers
        pool = [(rid, n) for rid, n, _ in losses]
        for rid, n, a in gains:
            while n > 0 and pool:
                src, m = pool[0]
                take = min(n, m)
                moves.append(Move("token", f"region:{src}", f"region:{rid}", race=a.race, count=take))
                n -= take
                pool[0] = (src, m - take)
                if pool[0][1] <= 0:
                    pool.pop(0)
            if n > 0:
                moves.append(Move("token", f"hand:{a.owner}", f"region:{rid}", race=a.race, count=n))
        return moves
    for rid, n, a in gains:
        moves.append(Move("token", f"hand:{a.owner}", f"region:{rid}", race=a.race, count=n))
    for rid, n, b in losses:
        if b is None:                                    # the Lost Tribe leaves for the box
            moves.append(Move("token", f"region:{rid}", "tray", race="lost_tribe", count=n))
            continue
        if b.owner == seat:
            moves.append(Move("token", f"region:{rid}", f"hand:{b.owner}", race=b.race, decline=b.decline, count=n))
            continue
        # a defender: one token to the tray (an Active race), the rest back to their hand
        lost = 1 if not b.decline else n
        moves.append(Move("token", f"region:{rid}", "tray", race=b.race, decline=b.decline, count=min(lost, n)))
        if n - lost > 0:
            moves.append(Move("token", f"region:{rid}", f"hand:{b.owner}", race=b.race, count=n - lost))
    return moves
