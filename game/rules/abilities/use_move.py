"""What every block with a move of its own shares (`use: NAME` in scenarios, a button in the
window): the move is offered exactly when the block's `why_not` finds nothing against it, and an
attempt at another time is refused with that reason. The blocks say only when their move is
allowed (`why_not`) and what it does (`apply_intent`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Use
from ..reasons import Reason, reason
from .base import Ability

if TYPE_CHECKING:
    from ..state import GameState


class UseMove(Ability):
    """A block whose race or power has a `Use(effect)` move; not registered itself."""

    def why_not(self, s: "GameState", seat: int) -> Reason | None:
        """Why `seat` may not make this move now; None when it may."""
        raise NotImplementedError

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        return [Use(self.name)] if self.why_not(s, seat) is None else []

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        if not isinstance(action, Use) or action.effect != self.name:
            return reason("effect_not_intent", effect=self.name, intent=getattr(action, "effect", action.kind))
        return self.why_not(s, seat)
