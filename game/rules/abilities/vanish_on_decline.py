"""Block `vanish_on_decline`: when the race goes into decline, all its tokens leave the board
and it scores `coins_per_region` for each region it held instead of the usual 1 (Vanishing).
The race then has nothing left: its banner goes back as for any vanished race.

YAML: `{vanish_on_decline: {coins_per_region: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import add_tray, region_left
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class VanishOnDecline(Ability):
    """On decline every token leaves the board; `coins_per_region` for each region it held
    (Vanishing)."""

    params: ClassVar[dict[str, Any]] = {"coins_per_region": 2}
    param_docs: ClassVar[dict[str, str]] = {"coins_per_region": "coins per region held when declining"}

    def on_decline(self, s: "GameState", seat: int) -> None:
        hold = s.player_w(seat).active
        assert hold is not None
        own = s.regions_of(seat, hold.race)
        for rid in own:
            add_tray(s, hold.race, s.regions[rid].tokens)
            region_left(s, rid)
        s.player_w(seat).coins += int(self.p["coins_per_region"]) * len(own)


register("vanish_on_decline", VanishOnDecline)
