"""Effect `coins_once`: a one-time bonus at the end of the holder's first turn with the race
(Wealthy). Paid once per combo, remembered on the race.

YAML: `{coins_once: {amount: 7}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("coins_once")
class CoinsOnce(Ability):
    params = {"amount": 7}

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        if hold.memo.get("coins_once_paid"):
            return 0
        hold.memo["coins_once_paid"] = True
        return int(self.p["amount"])
