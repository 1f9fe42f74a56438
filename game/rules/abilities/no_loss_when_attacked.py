"""Effect `no_loss_when_attacked`: when an enemy conquers one of the race's regions, no token
is discarded, not even a lone one; all come back to hand and are placed again after the
attacker's turn (Elves). Active only (a lone In Decline token is still discarded, R4); a token
replaced by the Sorcerers is lost all the same (R11).

YAML: `no_loss_when_attacked`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class NoLossWhenAttacked(Ability):
    """When an enemy conquers one of your regions you discard nothing (Elves). One of a kind: the
    only change to the defender's loss in a conquest."""

    def lost_when_attacked(self, s: "GameState", seat: int) -> int | None:
        return 0


register("no_loss_when_attacked", NoLossWhenAttacked)
