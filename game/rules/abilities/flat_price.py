"""Block `flat_price`: conquering a region matching `where`, in a turn matching `when`, costs
exactly `tokens` tokens, whatever stands there: R1's 2, the markers' defence (Mountain, Lair,
Fortress, Encampment...), the Lost Tribe and the defenders are not counted, every time, with no
once-a-turn limit. The race's and power's other changes (`cost_change`, Commando...) still apply
to the flat price, and so does the least a conquest costs (1, Kobolds' 2, R23). An immune region
stays immune: the price is no way in. With two flat prices for one region the lower holds.

YAML: `{flat_price: {tokens: 2, where: {terrains: [hill]}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import register
from .region_turn import RegionTurn
from .when import WHEN

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class FlatPrice(RegionTurn):
    """Every conquest of a region matching `where`, in a turn matching `when`, costs `tokens`
    tokens instead of what stands there."""

    params: ClassVar[dict[str, Any]] = {"tokens": 2, "where": {}, "when": "always"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"when": WHEN}
    param_docs: ClassVar[dict[str, str]] = {
        "tokens": "what such a conquest costs, before the race's other changes",
        "where": "which regions (see *where* above); all by default",
        "when": "in which turns (see *when* above)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.tokens = int(self.p["tokens"])

    def flat_price(self, s: "GameState", seat: int, rid: str) -> int | None:
        return self.tokens if self.applies(s, seat, rid) else None


register("flat_price", FlatPrice)
