"""Block `gather_on_decline`: when the race goes into decline, its In Decline tokens (one per
region held) are gathered into one stack in one of its regions, and its other regions are
abandoned; In Decline it then scores `per_token` coins per token in that stack instead of 1 for
the region (Priestesses' Ivory Tower). The stack is an ordinary region for conquest: its
defenders are the stacked tokens.

The player chooses the stack's region by going into decline with `use: {effect:
gather_on_decline, region: R}` (one of the race's regions, whenever a decline is allowed);
a plain decline (or Stout's) puts it in the region of the race hardest to take (Mountain,
Fortress, Lair count), ties in board order.

YAML: `{gather_on_decline: {per_token: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..common import decline_reason, region_left
from ..reasons import Reason, reason
from .base import register
from .use_move import RegionMove

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class GatherOnDecline(RegionMove):
    """On decline, one token per region gathered into a single stack, in the region the player
    chooses, that scores `per_token` coins per token, In Decline (Priestesses)."""

    works_in_decline = True
    intents: ClassVar[tuple[str, ...]] = ("use",)
    move_declines: ClassVar[bool] = True
    params: ClassVar[dict[str, Any]] = {"per_token": 1}
    param_docs: ClassVar[dict[str, str]] = {"per_token": "coins per token in the stack, each turn In Decline"}

    def why_not_at(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        if not self.of_active_race(s, seat):
            return reason("no_active_to_decline")
        why = decline_reason(s, seat)
        if why is not None:
            return why
        hold = s.players[seat].active
        assert hold is not None
        if rid not in s.regions or s.regions[rid].owner != seat or s.regions[rid].race != hold.race:
            return reason("tower_own_region", s, race=hold.race)
        return None

    def candidates(self, s: "GameState", seat: int) -> list[str]:
        hold = s.players[seat].active
        if hold is None or s.turn.acted or s.turn.picked or not self.of_active_race(s, seat):
            return []
        return s.regions_of(seat, hold.race)

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        s.turn.used[self.name] = action.region     # the engine then takes the race into decline

    def after_decline(self, s: "GameState", seat: int, hold: "RaceHold", events: list[dict[str, Any]]) -> None:
        own = s.regions_of(seat, hold.race)
        if len(own) < 2:
            return
        chosen = s.turn.used.get(self.name)
        if chosen in own:
            tower = str(chosen)
        else:                   # the strongest (a table: a nested function is a cycle, compiled)
            regions = s.regions
            strength = {rid: (int(regions[rid].mountain) + int(regions[rid].fortress) + int(regions[rid].lair),
                              -s.board.index[rid]) for rid in own}
            tower = max(own, key=strength.__getitem__)
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


register("gather_on_decline", GatherOnDecline)
