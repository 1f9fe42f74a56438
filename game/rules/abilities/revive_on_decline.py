"""Block `revive_on_decline`: when the race goes into decline, the player's earlier In Decline
race is not removed; at the start of his next turn it becomes his Active race again instead of
a pick — its tokens on the board turn Active, it takes from the tray what a fresh pick of the
race would bring, and he plays a full turn with it (Soul-Touch). The engine does the revival
(`setup.revive_decline`); the block only asks for it.

Our reading of what the rule leaves open: the revived race comes back without a special power
(its badge went to the discard when it first declined) and fills up to its banner's tokens.

YAML: `revive_on_decline`
"""
from __future__ import annotations

from typing import Any, ClassVar

from .base import Ability, register


class ReviveOnDecline(Ability):
    """The earlier In Decline race comes back Active at your next turn when this race declines
    (Soul-Touch). One of a kind: no other published entry changes which race a player plays."""

    params: ClassVar[dict[str, Any]] = {}
    param_docs: ClassVar[dict[str, str]] = {}

    def revives_earlier_decline(self) -> bool:
        return True


register("revive_on_decline", ReviveOnDecline)
