"""Block `tokens_lost_at_redeploy`: a dwindling race. At the end of each of its own turns, once
its tokens are redeployed (and before scoring), the Active race loses `amount` tokens to the
tray (with `to: out`, out of the game for good): each from its biggest stack (ties: the first in board order; a region left with none is
abandoned), then from the tokens set aside, then from the hand. When its last token goes, its
banner is discarded (R8: to the lowest empty column slot, else under the race stack) and its
power badge with it: the player has no Active race and picks a new combo at his next turn.

YAML: `{tokens_lost_at_redeploy: {amount: 1}}` · `{tokens_lost_at_redeploy: {amount: 1, to: out}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import event, give_back_borrowed, lose_tokens, region_left, return_banner
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class TokensLostAtRedeploy(Ability):
    """At the end of each of your turns, after redeploying, `amount` tokens go back to the tray
    (from your biggest stack first); when the last one goes, the banner is discarded."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 1, "to": "tray"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"to": ("tray", "out")}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "tokens lost at the end of each of your turns",
        "to": "where they go: tray, or out (out of the game for good)",
    }
    decline_honoured: ClassVar[bool | None] = False     # only the Active race redeploys

    def at_turn_end(self, s: "GameState", seat: int, hold: "RaceHold", chance: Any,
                    events: list[dict[str, Any]]) -> None:
        race = hold.race
        lost = 0
        for _ in range(int(self.p["amount"])):
            own = s.regions_of(seat, race)
            if own:
                rid = max(own, key=lambda r: (s.regions[r].tokens, -s.board.index[r]))
                if s.regions[rid].tokens > 1:
                    s.reg_w(rid).tokens -= 1
                else:
                    region_left(s, rid)
            elif hold.memo.get("set_aside"):
                hold.memo["set_aside"] = int(hold.memo["set_aside"]) - 1
                if not hold.memo["set_aside"]:
                    del hold.memo["set_aside"]
            elif hold.hand:
                hold.hand -= 1
            else:
                break
            lost += 1
        lose_tokens(s, race, lost, out=self.p["to"] == "out")
        if lost:
            event(events, "dwindled", seat=seat, race=race, tokens=lost)
        if s.regions_of(seat, race) or hold.hand or hold.memo.get("set_aside"):
            return
        give_back_borrowed(s, seat, events)          # (a borrowed badge goes back first)
        p = s.player_w(seat)
        if hold.power:
            s.supply_w().power_discard.append(hold.power)
        p.active = None
        return_banner(s, race, chance)
        event(events, "vanished", seat=seat, race=race)


register("tokens_lost_at_redeploy", TokensLostAtRedeploy)
