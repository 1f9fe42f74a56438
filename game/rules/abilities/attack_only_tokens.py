"""Effect `attack_only_tokens`: extra tokens that only attack (Amazons' +4).

When the combo is picked, `amount` more tokens come from the tray (as many as are left, R14).
After the turn's Troop Redeployment exactly that many leave the board: the player says where
from (by default the biggest stacks), leaving one token in each region if possible and emptying
regions if not (R19). Changing the distribution again in the same turn is still the one
redeployment: they are set aside once, and a region the first distribution emptied may be
filled again. They wait in `hold.memo["set_aside"]` and come back to
hand when the troops are readied at the start of the next turn, so they never defend and never
count in the end-of-game tie-break. A position set up by hand (scenario
`setup:`) has them set aside already. Active only: going into decline sends them to the tray.

YAML: `{attack_only_tokens: {amount: 4}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..common import take_tray
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


COUNT: Final = "attack_only"          # how many the tray gave at the pick


class AttackOnlyTokens(Ability):
    """`amount` more tokens at the pick that only attack: after each redeploy they leave the board
    until the next turn (Amazons). One of a kind: tokens that are in hand for conquests but never on
    the board to defend or score."""

    idle_values = {"amount": 0}
    params = {"amount": 4}

    def on_pick(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        n = take_tray(s, hold.race, self.p["amount"])
        hold.hand += n
        hold.memo[COUNT] = n

    def on_position(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if s.players[seat].active is hold:
            n = take_tray(s, hold.race, self.p["amount"])
            hold.memo[COUNT] = n
            if n:
                hold.memo["set_aside"] = hold.memo.get("set_aside", 0) + n

    def withheld_after_redeploy(self, s: "GameState", seat: int) -> int:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return 0
        return int(hold.memo.get(COUNT, self.p["amount"]))   # those the tray gave, no more


register("attack_only_tokens", AttackOnlyTokens)
