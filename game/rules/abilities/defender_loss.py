"""Block `defender_loss`: when an opponent conquers one of the race's regions, it discards
`amount` tokens instead of the rule's 1 (0: none, as the Elves; 2: a harsher blow). The others
come back to hand and are placed again after the attacker's turn; a region held by fewer tokens
than the loss loses them all. The tokens discarded go to the tray, or with `to: out` out of the
game for good (nobody takes them from the tray again). While In Decline only with `in_decline: true` (a lone In Decline
token is discarded all the same, R4).

YAML: `{defender_loss: {amount: 2}}` · `{defender_loss: {amount: 1, to: out}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class DefenderLoss(Ability):
    """When an opponent takes one of your regions you discard `amount` tokens instead of 1; the
    rest come back to hand (0 is the Elves' rule)."""

    params: ClassVar[dict[str, Any]] = {"amount": 1, "to": "tray"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"to": ("tray", "out")}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "tokens discarded when an opponent takes one of your regions",
        "to": "where the discarded tokens go: tray (the rule) or out (out of the game for good)",
    }

    def lost_when_attacked(self, s: "GameState", seat: int) -> int | None:
        return int(self.p["amount"])

    def lost_out_of_game(self) -> bool:
        return bool(self.p["to"] == "out")


register("defender_loss", DefenderLoss)
