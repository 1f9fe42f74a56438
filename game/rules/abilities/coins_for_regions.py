"""Block `coins_for_regions`: each region held scores more (or less) at the end of your turn.

Every region held by the race that matches `where` scores `amount` more coins, every other
region `otherwise` more (usually 0, or −1 for Khans, Goldsmith, Aquatic); a region never
scores below 0, so a −1 only cancels that region's own coin. With `where: {}` every region
counts (Merchant). A region that a marker makes count as the race's (`counts_as_region`)
counts here too. Covers the terrain and feature bonuses (Humans, Wizards, Shrooms, Mining,
Stone, Mystic, Muddy...) and Drow's `isolated: true`.

A shorthand of the rule language's `lasting` (`as_lasting`): `{lasting: {change: region_coins,
by: amount, while: {where}}}`, and for `otherwise` a second change on the other regions, which
the language has no word for (a `where` that does not hold); both are scored by the lasting
ability's own scoring (`score_regions`).

YAML: `{coins_for_regions: {amount: 1, where: {terrains: [hill, farmland]}, otherwise: -1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import ParamError
from ..reasons import Reason, reason
from .base import Ability, register
from .lasting import lasting_while, score_regions
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class CoinsForRegions(Ability):
    """At the end of your turn, `amount` coins for each region of the race matching `where`,
    `otherwise` for each other one; a region never scores below 0."""

    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"where": ("lost_tribe", "active", "opponent")}
    params: ClassVar[dict[str, Any]] = {"amount": 1, "where": {}, "otherwise": 0}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "coins for each matching region",
        "where": "which regions (see *where*); all by default",
        "otherwise": "coins for each other region (−1 at most takes away its own coin)",
    }

    signed: ClassVar[tuple[str, ...]] = ("amount",)     # -1: a region's own coin taken away

    @classmethod
    def idle_combination(cls, p: dict[str, Any]) -> Reason | None:
        if not p["where"] and p["otherwise"]:
            return reason("param_regions_otherwise", effect=cls.name, otherwise=p["otherwise"])
        if not p["amount"] and not p["otherwise"]:
            return reason("param_regions_idle", effect=cls.name)
        return None

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)
        if self.p["amount"] < -1 or self.p["otherwise"] < -1:
            raise ParamError(reason("param_score_floor", effect=self.name))
        # read at each end of a turn: kept as numbers, not looked up among the parameters
        self.amount = int(self.p["amount"])
        self.otherwise = int(self.p["otherwise"])

    @staticmethod
    def as_lasting(p: dict[str, Any]) -> dict[str, Any]:
        """The `lasting` parameters this block's `amount` stands for (`p`: its own, defaults
        included); `otherwise` is read by the block on top of it."""
        return {"change": "region_coins", "by": p.get("amount", 1), "while": lasting_while(p)}

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        return score_regions(s, seat, hold, self.where, self.amount, self.otherwise)


register("coins_for_regions", CoinsForRegions)
