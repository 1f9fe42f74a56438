"""Block `tokens_at_pick`: `amount` more tokens from the tray when the combo is picked, used
like any token of the race (Hordes of: the two Horde tokens). They go back with the others
when the race goes into decline.

YAML: `{tokens_at_pick: {amount: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import take_tray
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class TokensAtPick(Ability):
    """`amount` more tokens from the tray when the combo is picked (Hordes of)."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 2}
    param_docs: ClassVar[dict[str, str]] = {"amount": "extra tokens taken from the tray"}

    def on_pick(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        hold.hand += take_tray(s, hold.race, int(self.p["amount"]))


register("tokens_at_pick", TokensAtPick)
