"""Effect `enter_anywhere`: the race's first conquest (and a new entry after losing every
region) may be any land region of the map, not only one on the edge (Halflings; R2).

YAML: `enter_anywhere`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class EnterAnywhere(Ability):
    """The first conquest, and a new entry after losing every region, may be any land region
    (Halflings). A single switch of the entry rule, shared with `flying`."""

    def enters_anywhere(self, s: "GameState", seat: int) -> bool:
        return True


register("enter_anywhere", EnterAnywhere)
