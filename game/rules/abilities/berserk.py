"""Effect `berserk`: the reinforcement die may be rolled before any conquest, not only the
last one (`berserk_roll`). The face is taken off the cost of the next conquest (never below 1
token); the player then chooses the region. If, after the roll, no region is within reach of
the tokens in hand, that roll was the turn's final conquest attempt and conquests are over.
While a roll waits to be used the die cannot be rolled again, neither by `berserk_roll` nor
for a final conquest (`reinforce`), and regions can no longer be abandoned. Active only.
The roll is the same step as the final attempt's die (`die.rolled_before_conquest`), so the
die blocks reach it: the race's `die_modifier` adds its bonus for the region chosen to the face
(never below 0) before it comes off the cost, and when the roll leaves every region out of reach
(it was the last attempt, R5) a `reroll` left that could still bring one within reach makes the
die wait for that choice (R23): `use: reroll` rolls it again, `settle` keeps it and ends the
conquests.

YAML: `berserk`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import BerserkRoll
from ..die import BERSERK_DIE, brought, die_bonus, rolled_before_conquest
from ..reasons import Reason, reason
from ..state import CONQUER
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState

DIE: Final = BERSERK_DIE
#: the roll before a conquest, made once (an intent is immutable; compiled, a dataclass's
#: constructor runs interpreted)
_ROLL: Final = BerserkRoll()


class Berserk(Ability):
    """Roll the reinforcement die before any conquest (`berserk_roll`); its face comes off the next
    conquest's cost (Berserk). One of a kind: no other entry lets the die be rolled before a chosen
    conquest and kept waiting for it, which needs its own move and its own limits on the final
    attempt."""

    intents = ("berserk_roll",)
    move_phases = (CONQUER,)

    @staticmethod
    def _pending(s: "GameState", seat: int) -> int | None:
        return s.turn.used.get(DIE) if s.turn.seat == seat else None

    def judges_locally(self) -> bool:
        return True   # `turn.used` (the die waiting for the next conquest)

    def modifies_costs_now(self, s: "GameState", seat: int) -> bool:
        return self._pending(s, seat) is not None

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        face = self._pending(s, seat)
        if face is None:
            return 0
        # the race's `die_modifier` for the region chosen reaches this roll too
        return -brought(face, die_bonus(s, seat, rid)) if "die_bonus" in s.catalog.hooked else -face

    def reinforce_reason(self, s: "GameState", seat: int) -> Reason | None:
        if self._pending(s, seat) is not None:
            return reason("berserk_pay")
        return None

    def on_conquered(self, s: "GameState", seat: int, rid: str, was_nonempty: bool) -> None:
        s.turn.used.pop(DIE, None)

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return reason("berserk_only_active")
        if s.turn.phase != CONQUER:
            return reason("conquests_over")
        if self._pending(s, seat) is not None:
            return reason("berserk_rolled")
        if hold.hand < 1:
            return reason("no_tokens_in_hand")
        return None

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        if s.turn.phase != CONQUER or self._pending(s, seat) is not None:
            return []                                  # (`check_intent` refuses, without its sentence)
        hold = self.active_hold(s, seat)
        return [_ROLL] if hold is not None and hold.hand >= 1 else []

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        hold = s.player_w(seat).active
        assert hold is not None
        t = s.turn
        t.used["conquests_begun"] = True
        t.acted = True
        rolled_before_conquest(s, seat, hold, chance.roll(), events)


register("berserk", Berserk)
