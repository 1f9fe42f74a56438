"""Block `die_for_lost_tokens`: each time the race loses a token in a conquest (one discarded),
roll the reinforcement die and take that many new tokens from the tray (as many as are left);
they are placed after the current player's turn, like tokens taken back (Witch Doctors).

YAML: `die_for_lost_tokens`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import take_tray
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class DieForLostTokens(Ability):
    """A die roll for each token lost in a conquest: that many new tokens from the tray
    (Witch Doctors)."""

    params: ClassVar[dict[str, Any]] = {}
    param_docs: ClassVar[dict[str, str]] = {}

    def on_tokens_lost(self, s: "GameState", seat: int, hold: "RaceHold", n: int, chance: Any,
                       events: list[dict[str, Any]]) -> None:
        if chance is None:
            return
        got = 0
        for _ in range(n):
            got += take_tray(s, hold.race, int(chance.roll()))
        if got:
            hold.hand += got
            events.append({"type": "bonus_tokens", "seat": seat, "race": hold.race, "tokens": got})
            if [seat, hold.race] not in s.turn.withdraw:
                s.turn.withdraw.append([seat, hold.race])


register("die_for_lost_tokens", DieForLostTokens)
