"""Block `second_conquest_round`: once per turn, after at least one conquest and before any
final die roll, take back all the race's tokens except 1 per region (or the race's least per
region: Kobolds keep 2) and conquer again (Marauding). Played as `use: second_conquest_round`.

YAML: `second_conquest_round`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action
from ..reasons import Reason, reason
from ..state import CONQUER
from .base import register
from .use_move import UseMove

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class SecondConquestRound(UseMove):
    """Once per turn, after a conquest: all tokens but 1 per region back in hand for a second
    round of conquests (Marauding; `use: second_conquest_round`)."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER,)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    params: ClassVar[dict[str, Any]] = {}
    param_docs: ClassVar[dict[str, str]] = {}

    idle_exact: ClassVar[bool] = True          # (`idle_now` asks what `why_not` asks)

    def idle_now(self, s: "GameState", seat: int) -> bool:
        t = s.turn
        return s.players[seat].active is None or t.phase != CONQUER or not t.conquered or bool(t.used.get(self.name))

    def why_not(self, s: "GameState", seat: int) -> Reason | None:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != CONQUER:
            return reason("conquests_over")
        if not s.turn.conquered:
            return reason("second_round_after_conquest")
        if s.turn.used.get(self.name):
            return reason("once_per_turn", effect=self.name)
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        hold = s.player_w(seat).active
        assert hold is not None
        lifted = 0
        # the race's least per region stays (Kobolds: 2), as when troops are readied
        keep = s.catalog.least_per_region(hold.race, hold.power)
        for rid in s.regions_of(seat, hold.race):
            n = s.regions[rid].tokens - keep
            if n > 0:
                s.reg_w(rid).tokens = keep
                lifted += n
        hold.hand += lifted
        s.turn.used[self.name] = True
        events.append({"type": "use", "seat": seat, "effect": self.name, "tokens": lifted})


register("second_conquest_round", SecondConquestRound)
