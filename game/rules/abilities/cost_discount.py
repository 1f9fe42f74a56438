"""Effect `cost_discount`: conquests cost fewer tokens, everywhere or on some regions
(Commando everywhere; Mounted on Hills and Farmland; Tritons on coastal regions; Underworld on
Caverns; Giants next to a Mountain they occupy). Discounts stack; the engine keeps every cost
at 1 token at least.

YAML: `{cost_discount: {amount: 1}}` with at most one of
`terrains: [hill, farmland]`, `features: [cavern]`, `coastal: true`, `next_to_own: mountain`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import FEATURES, TERRAINS
from ..reasons import reason
from .base import Ability, ParamError, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register("cost_discount")
class CostDiscount(Ability):
    params = {"amount": 1, "terrains": [], "features": [], "coastal": False, "next_to_own": ""}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        chosen = [k for k in ("terrains", "features", "coastal", "next_to_own") if self.p[k]]
        if len(chosen) > 1:
            raise ParamError(reason("param_one_condition", chosen=" and ".join(chosen)))
        for key, known in (("terrains", TERRAINS), ("features", FEATURES)):
            bad = [x for x in self.p[key] if x not in known]
            if bad:
                raise ParamError(reason(f"param_unknown_{key[:-1]}_discount", value=bad[0],
                                        known=", ".join(known)))
        if self.p["next_to_own"] and self.p["next_to_own"] not in TERRAINS:
            raise ParamError(reason("param_next_to_own", known=", ".join(TERRAINS)))
        self.terrains = frozenset(self.p["terrains"])
        self.features = frozenset(self.p["features"])

    def applies(self, s: "GameState", seat: int, rid: str) -> bool:
        reg = s.board.region(rid)
        if self.terrains:
            return reg.terrain in self.terrains
        if self.features:
            return bool(self.features & reg.features)
        if self.p["coastal"]:
            return rid in s.board.coastal
        if self.p["next_to_own"]:
            hold, _ = self.hold_in(s, seat)
            if hold is None:
                return False
            race = hold.race
            t = self.p["next_to_own"]
            return any(s.board.region(n).terrain == t and s.regions[n].owner == seat
                       and s.regions[n].race == race for n in s.board.neighbours(rid))
        return True

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        return -int(self.p["amount"]) if self.applies(s, seat, rid) else 0
