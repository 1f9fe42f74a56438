"""Block `markers_per_region`: at the end of your turn take a marker for each region you hold
matching `where`, and put them in your regions (at most one per region, board order); a marker
adds `defence` to its region's cost for every conqueror, and a region holding one that is not
held by this race scores `score_other` (negative: less) for its occupant. With `moves: false`
a marker never moves once placed; all leave the board when the race stops being Active
(Ice Witches' Winter markers: per Magic region, defence 1, −1 for others).

Placement is automatic, in your own regions: the rule also allows regions next to them.

YAML: `{markers_per_region: {marker: winter, where: {features: [magic]}, defence: 1, score_other: -1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, MarkSpec, register
from .markers import mark, marks_on_board, remove_marks, set_mark
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("markers_per_region")
class MarkersPerRegion(Ability):
    """A marker per region matching `where`, placed in your regions at the end of your turn:
    `defence` each, `score_other` for another occupant; gone when the race declines (Ice
    Witches)."""

    params: ClassVar[dict[str, Any]] = {"marker": "winter", "where": {}, "defence": 1, "score_other": -1,
                                        "supply": 10, "moves": False}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "where": "a marker for each region held matching this (see *where*)",
        "defence": "added to the cost of conquering its region",
        "score_other": "coins a region with one scores for an occupant of another race",
        "supply": "markers in the box",
        "moves": "markers are taken back and placed again each turn",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source, defence=int(self.p["defence"]),
                         score_other=int(self.p["score_other"])),)

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        name = self.p["marker"]
        if self.p["moves"]:
            remove_marks(s, name)
        own = s.regions_of(seat, hold.race)
        due = sum(1 for r in own if self.where.holds(s, seat, hold.race, r))
        room = int(self.p["supply"]) - len(marks_on_board(s, name))
        for rid in own:
            if due <= 0 or room <= 0:
                break
            if not mark(s, rid, name):
                set_mark(s, rid, name, 1)
                due -= 1
                room -= 1

    def on_decline(self, s: "GameState", seat: int) -> None:
        remove_marks(s, self.p["marker"])
