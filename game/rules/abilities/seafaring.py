"""Effect `seafaring`: while Active, the race may conquer Seas and the Lake as if they were
empty regions (2 tokens), and may enter the map through a Sea on the edge (R2). Once In
Decline its tokens stay on the water and keep scoring like any decline region; no other race
can ever enter the water, since only an Active Seafaring race may target it.

YAML: `seafaring`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class Seafaring(Ability):
    """Conquer Seas and the Lake as empty regions; the tokens there stay and score In Decline
    (Seafaring). One of a kind: water is otherwise never held, so holding it touches entry, scoring
    and decline rules no other entry needs."""

    def judges_locally(self) -> bool:
        return True   # water is always open to it

    def conquers_water(self, s: "GameState", seat: int, rid: str) -> bool:
        return True


register("seafaring", Seafaring)
