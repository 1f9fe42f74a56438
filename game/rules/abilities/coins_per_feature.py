"""Effect `coins_per_feature`: bonus coins per occupied region showing a feature
(Wizards on Magic; Dwarves on Mines, kept In Decline with `in_decline: true`).

YAML: `{coins_per_feature: {feature: mine, amount: 1, in_decline: true}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..reasons import reason
from .base import Ability, ParamError, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("coins_per_feature")
class CoinsPerFeature(Ability):
    params = {"feature": "", "amount": 1}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        if self.p["feature"] not in ("mine", "magic", "cavern"):
            raise ParamError(reason("param_feature_needed"))

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        f = self.p["feature"]
        return int(self.p["amount"]) * sum(
            1 for rid in s.regions_of(seat, hold.race) if f in s.board.region(rid).features)
