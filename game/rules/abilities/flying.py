"""Effect `flying`: conquer any land region of the map, adjacent or not, and enter the map
anywhere (R2, R3). Seas and the Lake stay out of reach (only Seafaring takes them, and even
then only by ordinary adjacency). Active only.

YAML: `flying`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState


def land_of(board: "Board") -> frozenset[str]:
    """The land regions of `board` (every region but its Seas and Lake), made once a board and
    kept by it (`Board.keep`): the same set each time, whose mask the board keeps too
    (`Board.mask_of`)."""
    got = board.kept("land")
    if got is None:
        return board.keep("land", frozenset(board.ids) - board.water)
    return cast("frozenset[str]", got)


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
