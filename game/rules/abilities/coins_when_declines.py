"""Block `coins_when_declines`: coins for races going into decline (Historian).

`at_pick`: coins per race In Decline on the board when the combo is picked; `others`: coins
each time another race goes into decline while this one is Active; `own`: coins once when this
race itself goes into decline.

YAML: `{coins_when_declines: {at_pick: 1, others: 1, own: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import Reason, reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class CoinsWhenDeclines(Ability):
    """Coins per race In Decline when picked (`at_pick`), each time another race declines
    (`others`) and when this race declines (`own`): Historian."""

    params: ClassVar[dict[str, Any]] = {"at_pick": 1, "others": 1, "own": 1}
    param_docs: ClassVar[dict[str, str]] = {
        "at_pick": "coins per race In Decline on the board when the combo is picked",
        "others": "coins each time another race goes into decline",
        "own": "coins when this race goes into decline",
    }

    @classmethod
    def idle_combination(cls, p: dict[str, Any]) -> Reason | None:
        if not any(p[k] for k in cls.params):
            return reason("param_all_zero", effect=cls.name, params=", ".join(cls.params))
        return None

    def on_pick(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        races = {r.race for r in s.regions.values() if r.tokens and r.decline}
        if races and self.p["at_pick"]:
            s.player_w(seat).coins += int(self.p["at_pick"]) * len(races)

    def on_any_decline(self, s: "GameState", seat: int, hold: "RaceHold", decliner: int, race: str) -> None:
        if race == hold.race:
            return
        if s.players[seat].active is hold and self.p["others"]:
            s.player_w(seat).coins += int(self.p["others"])

    def after_decline(self, s: "GameState", seat: int, hold: "RaceHold",
                      events: list[dict[str, Any]]) -> None:
        if self.p["own"]:
            s.player_w(seat).coins += int(self.p["own"])


register("coins_when_declines", CoinsWhenDeclines)
