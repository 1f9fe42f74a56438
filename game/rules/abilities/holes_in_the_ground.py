"""Effect `holes_in_the_ground`: a Hole-in-the-Ground goes into each of the first `count`
regions the race conquers (the count is of conquests: a hole lost by abandoning its region is
not dug again). A region with a hole is immune to conquest and to racial and special powers
(R10); the box holds 2 holes. Holes go when their region is abandoned and when the race goes into decline. A position
set up by hand counts the holes as already dug.

YAML: `{holes_in_the_ground: {count: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..state import MARKER_LIMITS
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold

DUG: Final = "holes_dug"


class HolesInTheGround(Ability):
    """A Hole-in-the-Ground in each of your first `count` conquests: the region is immune; holes go
    on decline and when the region is abandoned (Halflings). One of a kind: immunity tied to the
    order of conquests."""

    region_pieces = ("hole",)

    idle_values = {"count": 0}
    params = {"count": 2}

    def marker_box(self) -> dict[str, int]:
        return {"hole": MARKER_LIMITS["hole"]}

    def on_conquered(self, s: "GameState", seat: int, rid: str, was_nonempty: bool) -> None:
        hold, in_decline = self.hold_in(s, seat, write=True)
        if hold is None or in_decline:
            return
        dug = hold.memo.get(DUG, 0)
        if dug >= self.p["count"] or s.marker_count("hole") >= MARKER_LIMITS["hole"]:
            return
        hold.memo[DUG] = dug + 1
        s.reg_w(rid).hole = True

    def on_position(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if s.regions_of(seat, hold.race):
            hold.memo[DUG] = self.p["count"]


register("holes_in_the_ground", HolesInTheGround)
