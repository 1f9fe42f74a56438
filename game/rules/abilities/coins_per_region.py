"""Effect `coins_per_region`: bonus coins for every region the race occupies (Merchant).

YAML: `{coins_per_region: {amount: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("coins_per_region")
class CoinsPerRegion(Ability):
    params = {"amount": 1}

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        return int(self.p["amount"]) * len(s.regions_of(seat, hold.race))
