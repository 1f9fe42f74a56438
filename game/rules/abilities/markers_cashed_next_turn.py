"""Block `markers_cashed_next_turn`: at the end of your turn put a marker (at most one per
region) in each region the race holds, while the supply lasts; at the start of your next turn
each one still on the board turns into `coins` for you. An opponent who conquers a region with
one takes it (its coins) instead. A cashed or taken marker does not come back (Leprechauns'
Pots of Gold).

Placement is automatic (in every region of yours that has none): placing one never costs you
anything you had.

YAML: `{markers_cashed_next_turn: {marker: pot_of_gold, supply: 10, coins: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, MarkSpec, register
from .markers import mark, marks_on_board, remove_marks, set_mark

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("markers_cashed_next_turn")
class MarkersCashedNextTurn(Ability):
    """A marker in each of your regions at the end of your turn (from a `supply`), each worth
    `coins` at the start of your next turn, or to the opponent who conquers its region
    (Leprechauns)."""

    params: ClassVar[dict[str, Any]] = {"marker": "pot_of_gold", "supply": 10, "coins": 1}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "supply": "markers in the box; used ones do not come back",
        "coins": "coins each marker is worth",
    }

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source),)

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        name = self.p["marker"]
        used = int(hold.memo.get(name, 0))
        for rid in s.regions_of(seat, hold.race):
            if used >= self.p["supply"]:
                break
            if not mark(s, rid, name):
                set_mark(s, rid, name, 1)
                used += 1
        hold.memo[name] = used

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        n = remove_marks(s, self.p["marker"])
        if n:
            s.player_w(seat).coins += n * int(self.p["coins"])

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool,
                       events: list[dict[str, Any]]) -> None:
        name = self.p["marker"]
        if mark(s, rid, name):
            set_mark(s, rid, name, 0)
            s.player_w(attacker).coins += int(self.p["coins"])
            events.append({"type": "coins", "seat": None, "to": attacker, "coins": int(self.p["coins"])})

    def on_decline(self, s: "GameState", seat: int) -> None:
        """Markers still on the board (Stout's decline after scoring) are cashed now: the race
        will not be Active at the start of the next turn."""
        n = len(marks_on_board(s, self.p["marker"]))
        if n:
            remove_marks(s, self.p["marker"])
            s.player_w(seat).coins += n * int(self.p["coins"])
