"""Effect `coins_per_feature`: bonus coins per occupied region showing a feature
(Wizards on Magic; Dwarves on Mines, kept In Decline with `in_decline: true`).

YAML: `{coins_per_feature: {feature: mine, amount: 1, in_decline: true}}`
"""
from __future__ import annotations

from ..reasons import reason
from .base import Ability, ParamError, register


@register("coins_per_feature")
class CoinsPerFeature(Ability):
    params = {"feature": "", "amount": 1}

    def __init__(self, **kw):  # type: ignore[no-untyped-def]
        super().__init__(**kw)
        if self.p["feature"] not in ("mine", "magic", "cavern"):
            raise ParamError(reason("param_feature_needed"))

    def score(self, s, seat, hold, in_decline):  # type: ignore[override]
        f = self.p["feature"]
        return self.p["amount"] * sum(
            1 for rid in s.regions_of(seat, hold.race) if f in s.board.region(rid).features)
