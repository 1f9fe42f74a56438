"""Block `coins_for_regions`: each region held scores more (or less) at the end of your turn.

Every region held by the race that matches `where` scores `amount` more coins, every other
region `otherwise` more (usually 0, or −1 for Khans, Goldsmith, Aquatic); a region never
scores below 0, so a −1 only cancels that region's own coin. With `where: {}` every region
counts (Merchant). A region that a marker makes count as the race's (`counts_as_region`)
counts here too. Covers the terrain and feature bonuses (Humans, Wizards, Shrooms, Mining,
Stone, Mystic, Muddy...) and Drow's `isolated: true`.

YAML: `{coins_for_regions: {amount: 1, where: {terrains: [hill, farmland]}, otherwise: -1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import Reason, reason
from .base import Ability, ParamError, register
from .markers import counted_regions, region_coins
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("coins_for_regions")
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

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        a, o = int(self.p["amount"]), int(self.p["otherwise"])
        n = 0
        # a region never scores below 0, whatever else takes from it this turn (a second such
        # block: Khans with Aquatic; a Winter marker): what each region scores so far is kept
        # for the turn's scoring
        key = f"{self.name}:left:{hold.race}"
        left = dict(s.turn.used.get(key, {}))
        marked = bool(s.catalog.marks)
        own = s.regions_of(seat, hold.race)
        if s.catalog.counting_marks:          # marked regions that count as the race's
            own = own + counted_regions(s, seat, hold.race, hold.power)
        for rid in own:
            base = left.get(rid)
            if base is None:
                base = region_coins(s, rid, hold.race) if marked else 1
            c = a if self.where.holds(s, seat, hold.race, rid) else o
            c = max(c, -base)
            left[rid] = base + c
            n += c
        s.turn.used[key] = left
        return n
