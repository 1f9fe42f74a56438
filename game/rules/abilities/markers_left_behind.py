"""Block `markers_left_behind`: a region the race loses to an opponent (`after: [lost]`) or
abandons (`after: [abandoned]`) keeps a `marker`: it adds `defence` to the region's cost for every
conqueror, makes it immune with `immune: true`, and a region holding one scores `score_other`
(negative: less) for an occupant of another race. With `counts_as_region: empty` the region
still scores as one of the race's while no one holds it (`always`: even when another does).
One marker per region; they leave the board
when the race goes into decline, unless `stays: true` (salted earth, cursed ground, traps).

YAML: `{markers_left_behind: {marker: blight, after: [lost], score_other: -1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, MarkSpec, register
from .box import note_placed, take_back
from .markers import mark, set_mark

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class MarkersLeftBehind(Ability):
    """A region lost or abandoned keeps a `marker`: `defence`, `immune`, `score_other` for
    another occupant; gone at decline unless `stays`."""

    idle_values: ClassVar[dict[str, Any]] = {"after": [], "marker": ""}
    params: ClassVar[dict[str, Any]] = {"marker": "trap", "after": ["lost"], "defence": 0, "immune": False,
                                        "score_other": 0, "stays": False, "counts_as_region": "no"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"after": ("lost", "abandoned"),
                                                     "counts_as_region": ("no", "empty", "always")}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "after": "when a region gets one: after it is lost (to an opponent), abandoned, or both",
        "defence": "added to the cost of conquering its region",
        "immune": "its region cannot be conquered",
        "score_other": "coins a region with one scores for an occupant of another race",
        "stays": "the markers stay when the race goes into decline",
        "counts_as_region": "its region scores as one of the race's while empty (empty), or always",
    }

    gives_back_placed: ClassVar[bool] = True          # (on regions the race has left)

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(str(self.p["marker"]), source, defence=int(self.p["defence"]),
                         immune=bool(self.p["immune"]), score_other=int(self.p["score_other"]),
                         counts_as_region="" if self.p["counts_as_region"] == "no" else str(self.p["counts_as_region"])),)

    def _leave(self, s: "GameState", seat: int, rid: str) -> None:
        if not mark(s, rid, str(self.p["marker"])):
            set_mark(s, rid, str(self.p["marker"]), 1)
            note_placed(s, seat, self, str(self.p["marker"]), rid)

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool,
                       events: list[dict[str, Any]]) -> None:
        if "lost" in self.p["after"]:
            self._leave(s, seat, rid)

    def on_abandon(self, s: "GameState", seat: int, rid: str) -> None:
        if "abandoned" in self.p["after"]:
            self._leave(s, seat, rid)

    def on_decline(self, s: "GameState", seat: int) -> None:
        if not self.p["stays"]:
            take_back(s, seat, self, str(self.p["marker"]))


register("markers_left_behind", MarkersLeftBehind)
