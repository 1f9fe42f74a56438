"""Block `coins_for_markers`: at the end of your turn, `amount` coins for each `marker` on the
board — a marker that counts as a region of yours wherever it stands (Beacons left on the hills,
Shrines in lost regions). Only markers in regions held by your race count with `held: true`.
The markers themselves come from another block (`markers_per_region`, `guard_marker`,
`clear_region`, `markers_cashed_next_turn`...) that names the same `marker`.

YAML: `{coins_for_markers: {marker: beacon, amount: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, register
from .markers import marks_on_board

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class CoinsForMarkers(Ability):
    """At the end of your turn, `amount` coins per `marker` on the board (with `held`, only in
    your race's regions)."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0, "marker": ""}
    params: ClassVar[dict[str, Any]] = {"marker": "", "amount": 1, "held": False}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker counted (placed by another block)",
        "amount": "coins per marker",
        "held": "count only markers in regions your race holds",
    }

    def markers_needed(self) -> tuple[str, ...]:
        return (str(self.p["marker"]),)

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        name = str(self.p["marker"])
        found = marks_on_board(s, name)
        if self.p["held"]:
            found = [r for r in found if s.regions[r].owner == seat and s.regions[r].race == hold.race]
        return int(self.p["amount"]) * sum(s.regions[r].marks[name] for r in found)


register("coins_for_markers", CoinsForMarkers)
