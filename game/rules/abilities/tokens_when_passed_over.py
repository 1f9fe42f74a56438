"""Block `tokens_when_passed_over`: each time a player picks a combo below this race's, tokens
of this race from the tray (as many as are left) are put on its combo; whoever picks it takes
them with the banner's and the badge's (Homunculi).

YAML: `{tokens_when_passed_over: {amount: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import take_tray
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class TokensWhenPassedOver(Ability):
    """Passed over in the column, the race's combo gains `amount` tokens from the tray, taken
    by whoever picks it (Homunculi)."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 1}
    param_docs: ClassVar[dict[str, str]] = {"amount": "tokens put on the combo each time it is passed over"}

    def on_passed_over(self, s: "GameState", index: int, picker: int) -> None:
        c = s.column[index]
        c.tokens += take_tray(s, c.race, int(self.p["amount"]))


register("tokens_when_passed_over", TokensWhenPassedOver)
