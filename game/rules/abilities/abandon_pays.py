"""Block `abandon_pays`: each region the race abandons at the start of its turn gets `coins`
from the bank, collected at the end of your turn; the race may not conquer those regions again
this turn (Nomads).

YAML: `{abandon_pays: {coins: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import Reason, reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class AbandonPays(Ability):
    """`coins` at the end of your turn for each region abandoned this turn; those regions may
    not be conquered again this turn (Nomads)."""

    idle_values: ClassVar[dict[str, Any]] = {"coins": 0}
    params: ClassVar[dict[str, Any]] = {"coins": 1}
    param_docs: ClassVar[dict[str, str]] = {"coins": "coins per region abandoned this turn"}

    def on_abandon(self, s: "GameState", seat: int, rid: str) -> None:
        s.turn.used.setdefault("abandoned", []).append(rid)

    def judges_locally(self) -> bool:
        return True   # `turn.used` (the regions abandoned this turn)

    def may_target(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        if rid in s.turn.used.get("abandoned", ()):
            return reason("abandoned_this_turn", s, region=rid)
        return None

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        if s.turn.seat != seat:
            return 0
        return int(self.p["coins"]) * len(s.turn.used.get("abandoned", ()))


register("abandon_pays", AbandonPays)
