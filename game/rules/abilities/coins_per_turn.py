"""Effect `coins_per_turn`: a fixed bonus at the end of each turn while Active (Alchemist).

YAML: `{coins_per_turn: {amount: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("coins_per_turn")
class CoinsPerTurn(Ability):
    params = {"amount": 2}

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        return int(self.p["amount"])
