"""Block `coins_if`: a fixed bonus at the end of your turn when a condition holds.

`when` is a turn condition (see `when.py`: no Active race attacked this turn for
Peace-loving, the race still holding a region for Wise); `regions_at_most` pays only while
the race holds that many regions or fewer (Barricade: 4); `connected: true` only while all
its regions form one connected group (Flocking). All given conditions must hold.

YAML: `{coins_if: {amount: 3, regions_at_most: 4}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, register
from .coins_for_count import groups
from .when import WHEN, check_when, when_holds

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class CoinsIf(Ability):
    """`amount` coins at the end of your turn if `when` holds, the race holds at most
    `regions_at_most` regions (0: any number) and, with `connected`, they form one group.
    Barricade, Flocking, Peace-loving, Wise; Alchemist is the bare `{amount: 2}`."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 2, "when": "always", "regions_at_most": 0,
                                        "connected": False}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"when": WHEN}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "the bonus",
        "when": "a turn condition (see *when*)",
        "regions_at_most": "pay only while holding this many regions or fewer (0: no limit)",
        "connected": "pay only while all the race's regions form one connected group",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        check_when(self.p["when"], self.name)

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        if not when_holds(self.p["when"], s, seat, hold.race):
            return 0
        if self.p["regions_at_most"] or self.p["connected"]:
            own = s.regions_of(seat, hold.race)
            if self.p["regions_at_most"] and len(own) > self.p["regions_at_most"]:
                return 0
            if self.p["connected"] and groups(s, own) != 1:
                return 0
        return int(self.p["amount"])


register("coins_if", CoinsIf)
