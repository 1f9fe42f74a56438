"""Effect `encampments`: the race has `count` Encampments to spread over its regions
(`encampments: {region: n, ...}`, the new number in each region; regions left out get none).
They may be moved freely at any point of the player's turn once a race is picked, every turn.
Each adds 1 to its region's defence (R1) and protects a lone token from the Sorcerers (R11).
They are never lost: those in a region that is conquered or abandoned go back to the owner's
supply (`player.memo["encampments_free"]`), to be placed again on his turn. They leave the game
when the race goes into decline. Active only. The box holds `count`: a player holding the power
while another has some (a power borrowed for a turn, `borrow_power`) gets only those the box has
left (`box`).

YAML: `{encampments: {count: 5}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import Encampments as EncampmentsIntent
from ..common import event
from ..reasons import Reason, reason
from ..state import CONQUER, REDEPLOY
from .base import Ability, register
from .box import left_for

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState, RaceHold

FREE: Final = "encampments_free"


class Encampments(Ability):
    """Spread `count` Encampments over your regions (`encampments: {region: n}`), moved freely each
    turn: +1 defence each, never lost (Bivouacking). One of a kind: a free distribution of markers
    with its own move, returned (not lost) when a region falls."""

    region_pieces = ("encampments",)

    intents = ("encampments",)
    move_phases = (CONQUER, REDEPLOY)
    idle_values = {"count": 0}
    params = {"count": 5}

    def _placed(self, s: "GameState", seat: int, race: str) -> dict[str, int]:
        return {rid: s.regions[rid].encampments for rid in s.held_names(seat, race)
                if s.regions[rid].encampments}

    def marker_box(self) -> dict[str, int]:
        return {"encampments": int(self.p["count"])}

    def _count(self, s: "GameState", seat: int, placed: int = 0, on_own: int = -1) -> int:
        """The Encampments `seat` has: `count`, or what the box has left while another player
        holds some; `placed`: those standing in his regions; `on_own`: the same, when counted
        (`left_for`)."""
        return left_for(s, seat, "encampments", int(self.p["count"]), placed, on_own)

    def on_pick(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        s.player_w(seat).memo[FREE] = self._count(s, seat)

    def on_position(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if s.players[seat].active is hold:
            placed = sum(self._placed(s, seat, hold.race).values())
            s.player_w(seat).memo[FREE] = max(0, self._count(s, seat, placed) - placed)

    def _ready(self, s: "GameState", seat: int) -> Reason | None:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return reason("encampments_only_active")
        if s.turn.phase not in (CONQUER, REDEPLOY):
            return reason("encampments_when")
        return None

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        why = self._ready(s, seat)
        if why:
            return why
        hold = s.players[seat].active
        assert hold is not None
        own = set(s.regions_of(seat, hold.race))
        counts = dict(getattr(action, "counts", ()))
        for rid, n in counts.items():
            if rid not in own:
                return reason("encampments_own", s, race=hold.race, region=rid)
            if not isinstance(n, int) or n < 0:
                return reason("encampments_whole")
        total = sum(counts.values())
        count = self._count(s, seat)
        if total > count:
            return reason("encampments_count", count=count, given=total)
        return None

    def default_counts(self, s: "GameState", seat: int) -> dict[str, int] | None:
        """Where they stand, plus those in supply on the region with the fewest tokens."""
        hold = s.players[seat].active
        if hold is None:
            return None
        own = s.held_names(seat, hold.race)
        if not own:
            return None
        placed = self._placed(s, seat, hold.race)
        on = sum(placed.values())
        free = self._count(s, seat, on, on) - on
        if free <= 0:
            return None
        regions = s.regions
        weakest = own[0]                 # the first of the fewest (a loop: compiled, a key function
        least = regions[weakest].tokens + regions[weakest].encampments     # runs interpreted)
        for r in own:
            n = regions[r].tokens + regions[r].encampments
            if n < least:
                weakest, least = r, n
        placed[weakest] = placed.get(weakest, 0) + free
        return placed

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        if s.turn.phase not in (CONQUER, REDEPLOY) or self.active_hold(s, seat) is None:
            return []                                  # (`_ready` refuses, without its sentence)
        counts = self.default_counts(s, seat)
        return [EncampmentsIntent.of(counts)] if counts else []

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        p = s.player_w(seat)
        hold = p.active
        assert hold is not None
        counts = dict(getattr(action, "counts", ()))
        for rid in s.regions_of(seat, hold.race):
            n = counts.get(rid, 0)
            if s.regions[rid].encampments != n:
                s.reg_w(rid).encampments = n
        p.memo[FREE] = self._count(s, seat) - sum(counts.values())
        s.turn.acted = True
        event(events, "encampments", seat=seat, counts={k: v for k, v in counts.items() if v})


register("encampments", Encampments)
