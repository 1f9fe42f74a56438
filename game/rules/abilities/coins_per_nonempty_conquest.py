"""Effect `coins_per_nonempty_conquest`: bonus coins per non-empty region conquered this turn
(Orcs, Pillaging). A region is non-empty if it held a Lost Tribe or race tokens (R15).

YAML: `{coins_per_nonempty_conquest: {amount: 1}}`
"""
from __future__ import annotations

from .base import Ability, register


@register("coins_per_nonempty_conquest")
class CoinsPerNonemptyConquest(Ability):
    params = {"amount": 1}

    def score(self, s, seat, hold, in_decline):  # type: ignore[override]
        if in_decline or s.turn.seat != seat:
            return 0
        return self.p["amount"] * s.turn.nonempty
