"""Block `guard_marker`: at the end of each of your turns put `count` markers in your regions
with the most tokens (one per region), taking them back from wherever they stood; each makes
its region immune and/or adds `defence`. With `stays_in_decline: true` the markers stay where
they are when the race goes into decline, and no longer move (Royal's Queen); otherwise they
leave the board then.

Placement is automatic: the regions with the most tokens, ties in board order.

YAML: `{guard_marker: {marker: queen, count: 1, immune: true, stays_in_decline: true}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, MarkSpec, register
from .markers import remove_marks, set_mark

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("guard_marker")
class GuardMarker(Ability):
    """`count` markers placed at the end of your turn on your strongest regions: immune and/or
    `defence`; they stay In Decline with `stays_in_decline` (Royal)."""

    params: ClassVar[dict[str, Any]] = {"marker": "queen", "count": 1, "immune": True, "defence": 0,
                                        "stays_in_decline": False}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "count": "markers placed each turn",
        "immune": "a region with one is immune",
        "defence": "added to the cost of conquering its region",
        "stays_in_decline": "markers stay (and protect) when the race goes into decline",
    }

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source, defence=int(self.p["defence"]),
                         immune=bool(self.p["immune"]), with_race=True),)

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        name = self.p["marker"]
        remove_marks(s, name)
        own = sorted(s.regions_of(seat, hold.race), key=lambda r: -s.regions[r].tokens)
        for rid in own[:int(self.p["count"])]:
            set_mark(s, rid, name, 1)

    def on_decline(self, s: "GameState", seat: int) -> None:
        if not self.p["stays_in_decline"]:
            remove_marks(s, self.p["marker"])
