"""Effect `coins_per_region`: bonus coins for every region the race occupies (Merchant).

YAML: `{coins_per_region: {amount: 1}}`
"""
from __future__ import annotations

from .base import Ability, register


@register("coins_per_region")
class CoinsPerRegion(Ability):
    params = {"amount": 1}

    def score(self, s, seat, hold, in_decline):  # type: ignore[override]
        return self.p["amount"] * len(s.regions_of(seat, hold.race))
