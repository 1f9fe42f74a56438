"""Block `collect_lost_tokens`: while the race is Active, every token lost in any conquest
(Lost Tribes and every player's, yours included) comes to you instead of the tray. At the start
of your turn, trade them at N collected for 1 new token of your race from the tray, N being the
number of players; the leftovers stay collected. When the race goes into decline the collected
tokens go back to the tray (Igors).

YAML: `collect_lost_tokens`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import add_tray, take_tray
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class CollectLostTokens(Ability):
    """Tokens lost in any conquest come to you; at the start of your turn N of them (N players)
    make one new token of your race (Igors)."""

    params: ClassVar[dict[str, Any]] = {}
    param_docs: ClassVar[dict[str, str]] = {}

    def collects_lost_tokens(self) -> bool:
        return True

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        p = s.player_w(seat)
        got: dict[str, int] = dict(p.memo.get("collected", {}))
        rate = len(s.players)
        trades = sum(got.values()) // rate
        if not trades:
            return
        pay = trades * rate
        while pay:                                  # the biggest piles go back first
            race = max(sorted(got), key=lambda r: got[r])
            k = min(pay, got[race])
            add_tray(s, race, k)
            got[race] -= k
            pay -= k
        p.memo["collected"] = {r: n for r, n in got.items() if n}
        hold.hand += take_tray(s, hold.race, trades)

    def on_decline(self, s: "GameState", seat: int) -> None:
        p = s.player_w(seat)
        for race, n in p.memo.pop("collected", {}).items():
            add_tray(s, race, n)


register("collect_lost_tokens", CollectLostTokens)
