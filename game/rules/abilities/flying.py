"""Effect `flying`: conquer any land region of the map, adjacent or not, and enter the map
anywhere (R2, R3). Seas and the Lake stay out of reach (only Seafaring takes them, and even
then only by ordinary adjacency). Active only.

YAML: `flying`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState


def land_of(board: "Board") -> frozenset[str]:
    """The land regions of `board` (`Board.land`: kept by it, whose mask it keeps too)."""
    return board.land()


class Flying(Ability):
    """Conquer any land region, adjacent or not, and enter anywhere (Flying). One of a kind: it
    lifts adjacency altogether: `reached` says at once it reaches every land region, so the listing
    takes them all for its front and judges again only those near the regions written."""

    def enters_anywhere(self, s: "GameState", seat: int) -> bool:
        return True

    def judges_locally(self) -> bool:
        return True   # every land region, whatever lies on the board

    def reaches(self, s: "GameState", seat: int, rid: str) -> bool:
        return not s.board.region(rid).is_water

    def reached(self, s: "GameState", seat: int, own: list[str]) -> frozenset[str] | None:
        return land_of(s.board)   # what `reaches` accepts, at once: the listing judges the front


register("flying", Flying)
