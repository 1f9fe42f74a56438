"""Effect `coins_once`: a one-time bonus at the end of the holder's first turn with the race
(Wealthy). Paid once per combo, remembered on the race.

YAML: `{coins_once: {amount: 7}}`
"""
from __future__ import annotations

from .base import Ability, register


@register("coins_once")
class CoinsOnce(Ability):
    params = {"amount": 7}

    def score(self, s, seat, hold, in_decline):  # type: ignore[override]
        if hold.memo.get("coins_once_paid"):
            return 0
        hold.memo["coins_once_paid"] = True
        return self.p["amount"]
