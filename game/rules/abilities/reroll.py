"""Block `reroll`: after a short roll of the reinforcement die in the final conquest attempt,
the player may roll it again, up to `times` times a turn (R23's choice after the roll): the die
waits, `use: reroll` rolls it anew (the new face replaces the old and is recorded like any
roll), and `settle` keeps the roll as it fell. The die waits again after a short re-roll while
re-rolls are left, or while the Mercenary's coin would now cover what is short (a re-roll is a
roll: R23's choice after it is offered again). A roll that already succeeds is never rolled
again. With `in_decline: true` it reaches the final attempt of a race that still conquers In
Decline (Ghouls, R18), rolled by the same step. It reaches a Berserk roll too: a roll before a
conquest is short when it leaves every region out of reach (then it was the last attempt), and
may be rolled again while a re-roll is left that could bring one within reach.

YAML: `{reroll: {times: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action
from ..die import roll_again, roll_waiting, rolling
from ..reasons import Reason, reason
from .base import register
from .use_move import UseMove

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class Reroll(UseMove):
    """After a short roll of the reinforcement die, roll it again, up to `times` times a turn
    (`use: reroll`; `settle` keeps the roll)."""

    intents: ClassVar[tuple[str, ...]] = ("use",)
    idle_values: ClassVar[dict[str, Any]] = {"times": 0}
    params: ClassVar[dict[str, Any]] = {"times": 1}
    param_docs: ClassVar[dict[str, str]] = {"times": "re-rolls allowed each turn"}

    def rerolls_left(self, s: "GameState", seat: int) -> int:
        return max(0, int(self.p["times"]) - int(s.turn.used.get(self.name, 0)))

    def idle_now(self, s: "GameState", seat: int) -> bool:
        return not roll_waiting(s)

    def why_not(self, s: "GameState", seat: int) -> Reason | None:
        if not roll_waiting(s) or not any(ab is self for ab in rolling(s, seat)[1]):
            return reason("no_roll_waiting")
        if not self.rerolls_left(s, seat):
            return reason("no_rerolls_left")
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        s.turn.used[self.name] = int(s.turn.used.get(self.name, 0)) + 1
        events.append({"type": "use", "seat": seat, "effect": self.name})
        roll_again(s, seat, chance, events)


register("reroll", Reroll)
