"""Block `discount_markers`: at the end of your turn take a marker for each region you hold
matching `where` (Fireball: per Magic region); on a later turn spend any of them before a
conquest (`use: discount_markers`, once per marker): each makes that conquest cost `discount`
fewer tokens (never below 1, so a race token still moves in) and is then discarded. Unspent
markers are lost when the race goes into decline.

YAML: `{discount_markers: {where: {features: [magic]}, discount: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action
from ..reasons import Reason, reason
from ..state import CONQUER
from .base import Victim, register
from .use_move import UseMove
from .where import NEVER_HELD, Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class DiscountMarkers(UseMove):
    """A marker per region matching `where` at the end of each turn; later each one spent
    takes `discount` tokens off a conquest (Fireball; `use: discount_markers`)."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER,)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    idle_values: ClassVar[dict[str, Any]] = {"discount": 0}
    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"where": NEVER_HELD}
    params: ClassVar[dict[str, Any]] = {"where": {}, "discount": 2, "cap": 0}

    def supply(self, hold: "RaceHold") -> dict[str, int]:
        return {self.name: int(hold.memo.get(self.name, 0))}     # the markers held, not yet spent

    def set_supply(self, hold: "RaceHold", name: str, n: int) -> bool:
        if name != self.name:
            return False
        hold.memo[self.name] = n
        return True
    param_docs: ClassVar[dict[str, str]] = {
        "where": "a marker for each region held matching this (see *where*)",
        "discount": "tokens off the conquest for each marker spent",
        "cap": "most markers kept at once (0: no limit)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)

    idle_exact: ClassVar[bool] = True          # (`idle_now` asks what `why_not` asks)

    def idle_now(self, s: "GameState", seat: int) -> bool:
        hold = s.players[seat].active
        return hold is None or s.turn.phase != CONQUER or hold.hand < 1 or \
            int(hold.memo.get(self.name, 0)) <= int(s.turn.used.get(self.name, 0))

    def why_not(self, s: "GameState", seat: int) -> Reason | None:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != CONQUER or hold.hand < 1:
            return reason("conquests_over")
        if int(hold.memo.get(self.name, 0)) <= int(s.turn.used.get(self.name, 0)):
            return reason("no_marker_left", effect=self.name)
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        s.turn.used[self.name] = int(s.turn.used.get(self.name, 0)) + 1
        events.append({"type": "use", "seat": seat, "effect": self.name})

    def judges_locally(self) -> bool:
        return True   # `turn.used` (the markers spent this turn)

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        t = s.turn
        if t.seat != seat:
            return 0
        used = t.used.get(self.name)         # (asked at each region a listing prices: none committed
        if not used:                         # is the usual answer, told before the parameters are read)
            return 0
        return -int(self.p["discount"]) * int(used)

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        spent = int(s.turn.used.pop(self.name, 0))
        if spent:
            hold = s.player_w(seat).active
            assert hold is not None
            hold.memo[self.name] = int(hold.memo.get(self.name, 0)) - spent

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        s.turn.used.pop(self.name, None)              # committed but not used: kept
        n = int(hold.memo.get(self.name, 0)) + sum(
            1 for r in s.regions_of(seat, hold.race) if self.where.holds(s, seat, hold.race, r))
        if self.p["cap"]:
            n = min(n, int(self.p["cap"]))
        hold.memo[self.name] = n


register("discount_markers", DiscountMarkers)
