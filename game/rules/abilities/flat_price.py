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

from .base import Ability, register
from .when import WHEN, check_when, when_holds
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register("flat_price")
class FlatPrice(Ability):
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
        self.where = Where.parse(self.p["where"], self.name)
        check_when(self.p["when"], self.name)
        self.tokens = int(self.p["tokens"])
        self.when = str(self.p["when"])

    def judges_locally(self) -> bool:
        return self.when in ("always", "even_round", "odd_round", "picked_this_turn")

    def flat_price(self, s: "GameState", seat: int, rid: str) -> int | None:
        if self.only_in_decline and self.idle_while_active(s, seat):
            return None
        if self.when != "always" and not when_holds(self.when, s, seat, None):
            return None
        if self.where.d:
            hold = s.players[seat].active
            if not self.where.holds(s, seat, hold.race if hold else None, rid):
                return None
        return self.tokens
