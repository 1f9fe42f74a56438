"""Effect `coins_per_nonempty_conquest`: bonus coins per non-empty region conquered this turn
(Orcs, Pillaging). A region is non-empty if it held a Lost Tribe or race tokens (R15).

YAML: `{coins_per_nonempty_conquest: {amount: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class CoinsPerNonemptyConquest(Ability):
    """`amount` coins at the end of your turn per non-empty region conquered this turn (Orcs,
    Pillaging). Kept apart from `coins_on_conquest`, which pays at once: this one counts every way
    of taking a region that turn, the Sorcerers' conversions included, and pays with the turn's
    score."""

    idle_values = {"amount": 0}
    params = {"amount": 1}

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        if in_decline or s.turn.seat != seat:
            return 0
        return int(self.p["amount"]) * s.turn.nonempty


register("coins_per_nonempty_conquest", CoinsPerNonemptyConquest)
