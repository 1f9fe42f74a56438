"""Block `gather_on_decline`: when the race goes into decline, its In Decline tokens (one per
region held) are gathered into one stack in one of its regions, and its other regions are
abandoned; In Decline it then scores `per_token` coins per token in that stack instead of 1 for
the region (Priestesses' Ivory Tower). The stack is an ordinary region for conquest: its
defenders are the stacked tokens.

The stack goes in the region of the race hardest to take (Mountain, Fortress, Lair count),
ties in board order.

YAML: `{gather_on_decline: {per_token: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import region_left
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


@register("gather_on_decline")
class GatherOnDecline(Ability):
    """On decline, one token per region gathered into a single stack that scores `per_token`
    coins per token, In Decline (Priestesses)."""

    works_in_decline = True
    params: ClassVar[dict[str, Any]] = {"per_token": 1}
    param_docs: ClassVar[dict[str, str]] = {"per_token": "coins per token in the stack, each turn In Decline"}

    def after_decline(self, s: "GameState", seat: int, hold: "RaceHold", events: list[dict[str, Any]]) -> None:
        own = s.regions_of(seat, hold.race)
        if len(own) < 2:
            return

        def strength(rid: str) -> int:
            r = s.regions[rid]
            return int(r.mountain) + int(r.fortress) + int(r.lair)

        tower = max(own, key=lambda rid: (strength(rid), -s.board.index[rid]))
        n = sum(s.regions[rid].tokens for rid in own)
        for rid in own:
            if rid != tower:
                region_left(s, rid)
        s.reg_w(tower).tokens = n
        events.append({"type": "gathered", "seat": seat, "race": hold.race, "region": tower, "tokens": n})

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        if not in_decline:
            return 0
        own = s.regions_of(seat, hold.race)
        return sum(int(self.p["per_token"]) * s.regions[r].tokens - 1 for r in own)
