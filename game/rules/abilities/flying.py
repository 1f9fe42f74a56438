"""Effect `flying`: conquer any land region of the map, adjacent or not, and enter the map
anywhere (R2, R3). Seas and the Lake stay out of reach (only Seafaring takes them, and even
then only by ordinary adjacency). Active only.

YAML: `flying`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class Flying(Ability):
    """Conquer any land region, adjacent or not, and enter anywhere (Flying). One of a kind: it
    lifts adjacency altogether, which the engine asks through `reaches` for every region."""

    def enters_anywhere(self, s: "GameState", seat: int) -> bool:
        return True

    def judges_locally(self) -> bool:
        return True   # every land region, whatever lies on the board

    def reaches(self, s: "GameState", seat: int, rid: str) -> bool:
        return not s.board.region(rid).is_water


register("flying", Flying)
