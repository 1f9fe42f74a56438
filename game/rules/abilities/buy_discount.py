"""Block `buy_discount`: for a conquest, pay `coins` to the bank to make that conquest cost
`discount` fewer tokens (never below 1); at most one purchase per conquest (Mercenary).
Played as `use: buy_discount`; the discount is spent by the next conquest. In the final
conquest attempt with the die the player may also decide after the roll (R23): when the roll
falls short by no more than the discount, the die waits (`settle` keeps it as it is) and
`use: buy_discount` pays and turns it into a success.

YAML: `{buy_discount: {coins: 1, discount: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action
from ..reasons import Reason, reason
from ..state import CONQUER
from .base import Victim, register
from .use_move import UseMove

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class BuyDiscount(UseMove):
    """Pay `coins` to the bank: the next conquest costs `discount` fewer tokens (Mercenary;
    `use: buy_discount`)."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER,)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    idle_values: ClassVar[dict[str, Any]] = {"discount": 0}
    params: ClassVar[dict[str, Any]] = {"coins": 1, "discount": 2}
    param_docs: ClassVar[dict[str, str]] = {"coins": "coins paid to the bank",
                                            "discount": "tokens off the next conquest"}

    idle_exact: ClassVar[bool] = True          # (`idle_now` asks what `why_not` asks)

    def idle_now(self, s: "GameState", seat: int) -> bool:
        hold = s.players[seat].active
        return hold is None or s.turn.phase != CONQUER or hold.hand < 1 or bool(s.turn.used.get(self.name)) \
            or s.players[seat].coins < self.p["coins"]

    def why_not(self, s: "GameState", seat: int) -> Reason | None:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != CONQUER or hold.hand < 1:
            return reason("conquests_over")
        if s.turn.used.get(self.name):
            return reason("discount_bought")
        if s.players[seat].coins < self.p["coins"]:
            return reason_n_coins(int(self.p["coins"]), s.players[seat].coins)
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        s.player_w(seat).coins -= int(self.p["coins"])
        s.turn.used[self.name] = True
        events.append({"type": "use", "seat": seat, "effect": self.name, "coins": int(self.p["coins"])})

    def discount_after_roll(self, s: "GameState", seat: int) -> int:
        if s.turn.used.get(self.name) or s.players[seat].coins < self.p["coins"]:
            return 0
        return int(self.p["discount"])

    def judges_locally(self) -> bool:
        return True   # `turn.used` (the discount bought this turn)

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        return -int(self.p["discount"]) if s.turn.used.get(self.name) and s.turn.seat == seat else 0

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        s.turn.used.pop(self.name, None)


def reason_n_coins(need: int, have: int) -> Reason:
    return reason("needs_coins", coins=need, have=have)


register("buy_discount", BuyDiscount)
