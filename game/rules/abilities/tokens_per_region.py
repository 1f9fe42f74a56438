"""Block `tokens_per_region`: the fewest and the most race tokens a region of the race holds.

`min: 2` (Kobolds): readying troops leaves 2 in each region, a redeployment keeps at least 2
in each (fewer only when there are not enough tokens to keep 2 everywhere: then as many as
can be spread evenly), and no conquest, the final die-roll attempt included, is made with
fewer than 2 tokens. When the race goes into decline, 1 token per region stays as usual.
`max: 1` (Pixies): at the end of the redeployment only that many stay in each region; the
others leave the board and come back when you ready your troops.

YAML: `{tokens_per_region: {min: 2}}` or `{tokens_per_region: {max: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import ParamError
from ..reasons import reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class TokensPerRegion(Ability):
    """The race keeps at least `min` tokens in each region and conquers with at least `min`;
    with `max`, tokens beyond it leave the board after each redeployment until your next turn
    (Kobolds min 2, Pixies max 1)."""

    params: ClassVar[dict[str, Any]] = {"min": 1, "max": 0}
    param_docs: ClassVar[dict[str, str]] = {
        "min": "tokens each region keeps, and the fewest a conquest costs",
        "max": "tokens each region keeps after redeploying (0: no limit); the rest wait off the board",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        if self.p["min"] < 1 or self.p["max"] < 0 or (self.p["max"] and self.p["max"] < self.p["min"]):
            raise ParamError(reason("param_min_max", effect=self.name))

    def judges_locally(self) -> bool:
        return True   # its floor is a fixed number

    def cost_floor(self, s: "GameState", seat: int) -> int:
        return int(self.p["min"])

    def min_per_region(self) -> int:
        return int(self.p["min"])

    def withheld_after_redeploy(self, s: "GameState", seat: int) -> int:
        if not self.p["max"]:
            return 0
        hold = s.players[seat].active
        if hold is None:
            return 0
        own = s.regions_of(seat, hold.race)
        total = sum(s.regions[r].tokens for r in own) + hold.hand
        return max(0, total - int(self.p["max"]) * len(own))


register("tokens_per_region", TokensPerRegion)
