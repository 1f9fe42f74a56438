"""Effect `coins_per_terrain`: bonus coins per occupied region of some terrains
(Humans on Farmland; the Forest, Hill and Swamp powers).

YAML: `{coins_per_terrain: {terrains: [forest], amount: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import TERRAINS
from ..reasons import reason
from .base import Ability, ParamError, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("coins_per_terrain")
class CoinsPerTerrain(Ability):
    params = {"terrains": [], "amount": 1}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        if not self.p["terrains"]:
            raise ParamError(reason("param_terrains_needed"))
        bad = [t for t in self.p["terrains"] if t not in TERRAINS]
        if bad:
            raise ParamError(reason("param_unknown_terrain", value=bad[0], known=", ".join(TERRAINS)))
        self.terrains = frozenset(self.p["terrains"])

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        board = s.board
        return int(self.p["amount"]) * sum(
            1 for rid in s.regions_of(seat, hold.race) if board.region(rid).terrain in self.terrains)
