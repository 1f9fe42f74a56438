"""Distributions a player builds before sending them: redeploying tokens, placing tokens got
back after an attack (withdraw), placing encampments.

The engine lists these parameterised intents once, with a default (`legal_actions`); a `Draft`
starts from the board (or that default), lets the player move tokens with +/−, click or drag,
and turns into the intent to send, which the scene checks with `why_illegal` first. Pure: no
pygame, no drawing, the state is only read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from game.rules import CONQUER, REDEPLOY, Action, Encampments, Heroes, Redeploy, Withdraw


@dataclass
class Draft:
    kind: str                       # redeploy | withdraw | encampments
    seat: int
    counts: dict[str, int]          # region -> tokens (redeploy: on the region; others: added)
    total: int                      # how many the intent must place in all
    minimum: int = 0                # least per region (1 for redeploy unless tokens run short)
    race: str | None = None
    touched: bool = False
    start: dict[str, int] = field(default_factory=dict)

    @property
    def regions(self) -> list[str]:
        return list(self.counts)

    def pool(self) -> int:
        """Tokens still to place (negative: tokens to take off the board)."""
        return self.total - sum(self.counts.values())

    def can_add(self, rid: str) -> bool:
        return rid in self.counts and self.pool() > 0

    def can_remove(self, rid: str) -> bool:
        return rid in self.counts and self.counts[rid] > self.minimum

    def add(self, rid: str) -> bool:
        if not self.can_add(rid):
            return False
        self.counts[rid] += 1
        self.touched = True
        return True

    def remove(self, rid: str) -> bool:
        if not self.can_remove(rid):
            return False
        self.counts[rid] -= 1
        self.touched = True
        return True

    def move(self, src: str, dst: str) -> bool:
        """One token from `src` to `dst` (a drag)."""
        if src == dst or src not in self.counts or dst not in self.counts or not self.can_remove(src):
            return False
        self.counts[src] -= 1
        self.counts[dst] += 1
        self.touched = True
        return True

    def reset(self) -> None:
        self.counts = dict(self.start)
        self.touched = False

    def changed(self) -> bool:
        return self.counts != self.start

    def action(self) -> Action:
        if self.kind == "redeploy":
            return Redeploy.of(self.counts)
        if self.kind == "withdraw":
            return Withdraw.of(self.seat, {r: n for r, n in self.counts.items()})
        return Encampments.of({r: n for r, n in self.counts.items() if n})


def _first(legal: Iterable[Action], cls: type) -> Any:
    return next((a for a in legal if isinstance(a, cls)), None)


def redeploy_draft(state: Any, legal: Iterable[Action]) -> Draft | None:
    """Start from the board as it is; the tokens in hand wait in the pool."""
    default = _first(legal, Redeploy)
    if default is None:
        return None
    seat = state.turn.seat
    counts_default = dict(default.counts)
    total = sum(counts_default.values())
    counts = {rid: max(1, state.regions[rid].tokens) for rid in counts_default}
    if sum(counts.values()) > total:      # some tokens must come off (Amazons): start from the default
        counts = counts_default
    hold = state.players[seat].active
    least = 1 if total >= len(counts) else 0     # fewer tokens than regions (Amazons): some go empty
    return Draft("redeploy", seat, counts, total, minimum=least, race=hold.race if hold else None,
                 start=dict(counts))


def withdraw_draft(state: Any, legal: Iterable[Action]) -> Draft | None:
    """The defender's tokens got back, all still in hand to start with: the player places them."""
    default = _first(legal, Withdraw)
    if default is None:
        return None
    seat = default.player
    race = state.turn.withdraw[0][1] if state.turn.withdraw else None
    regions = state.regions_of(seat, race) if race else list(dict(default.counts))
    counts = {rid: 0 for rid in regions}
    for rid, _ in default.counts:
        counts.setdefault(rid, 0)
    return Draft("withdraw", seat, counts, sum(n for _, n in default.counts), minimum=0, race=race,
                 start=dict(counts))


def withdraw_suggestion(state: Any, legal: Iterable[Action]) -> dict[str, int]:
    """Where the engine would put tokens got back (for the ones the player leaves in hand)."""
    default = _first(legal, Withdraw)
    return dict(default.counts) if default is not None else {}


def encampments_draft(state: Any, legal: Iterable[Action]) -> Draft | None:
    """Encampments as they stand (plus the engine's placement of those still in supply)."""
    seat = state.turn.seat
    hold = state.players[seat].active
    if hold is None:
        return None
    regions = state.regions_of(seat, hold.race)
    if not regions:
        return None
    counts = {rid: state.regions[rid].encampments for rid in regions}
    supply = int(state.players[seat].memo.get("encampments_free", 0))
    total = sum(counts.values()) + supply
    default = _first(legal, Encampments)
    if default is not None:
        counts = {rid: 0 for rid in regions}
        for rid, n in default.counts:
            counts[rid] = counts.get(rid, 0) + n
        total = max(total, sum(counts.values()))
    return Draft("encampments", seat, counts, total, minimum=0, race=hold.race, start=dict(counts))


def heroes_start(state: Any, legal: Iterable[Action]) -> list[str]:
    """Where the Heroes stand, else where the engine would put them."""
    seat = state.turn.seat
    hold = state.players[seat].active
    if hold is None:
        return []
    default = _first(legal, Heroes)
    if default is not None:
        return list(default.regions)
    return [rid for rid in state.regions_of(seat, hold.race) if state.regions[rid].hero]


def power_kinds(state: Any) -> set[str]:
    """Intent kinds the acting player's races and powers have (legal now or not)."""
    seat = state.turn.seat
    p = state.players[seat]
    kinds: set[str] = set()
    cat = state.catalog
    if p.active is not None:
        for ab in cat.effects_of(p.active.race, p.active.power):
            kinds.update(ab.intents)
    for h in p.declines:
        for ab in cat.effects_of(h.race, h.power):
            if ab.in_decline:
                kinds.update(ab.intents)
    return kinds


def pieces_offered(state: Any, legal: Iterable[Action]) -> list[str]:
    """The pieces the player whose turn it is may place now, "encampments" and "heroes": those the
    engine lists, and those of the player's own races while they conquer or redeploy on the board
    even when the engine does not list them (placing them then says the engine's reason)."""
    kinds = {a.kind for a in legal}
    seat = state.turn.seat
    placing = state.turn.phase in (CONQUER, REDEPLOY) and state.players[seat].active is not None \
        and bool(state.active_regions(seat))
    own = power_kinds(state) if placing else set()
    return [k for k in ("encampments", "heroes") if k in kinds or k in own]
