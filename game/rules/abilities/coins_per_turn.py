"""Effect `coins_per_turn`: a fixed bonus at the end of each turn while Active (Alchemist).

YAML: `{coins_per_turn: {amount: 2}}`
"""
from __future__ import annotations

from .base import Ability, register


@register("coins_per_turn")
class CoinsPerTurn(Ability):
    params = {"amount": 2}

    def score(self, s, seat, hold, in_decline):  # type: ignore[override]
        return self.p["amount"]
