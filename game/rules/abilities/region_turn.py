"""`RegionTurn`: the base of a block that acts on the regions matching its `where:` condition, in
the turns matching its `when:` word (a flat price, the die's bonus). It reads both parameters,
says whether its judgement of a region is local (`when` words that read no more than the round
and the turn's pick), and answers `applies(s, seat, rid)`: the turn matches, the region matches
for the race the effect belongs to (the Active race, or In Decline Ghouls), and an
`only_in_decline` effect is not asked for its Active race.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Ability
from .when import check_when, when_holds
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

#: the `when` words that read no more than the round and the turn's pick
LOCAL_WHEN = ("always", "even_round", "odd_round", "picked_this_turn")


class RegionTurn(Ability):
    """A block with `where:` and `when:` parameters (see the module docstring)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)
        check_when(self.p["when"], self.name)
        self.when = str(self.p["when"])

    def judges_locally(self) -> bool:
        return self.when in LOCAL_WHEN

    def applies(self, s: "GameState", seat: int, rid: str) -> bool:
        """This turn matches `when`, and `rid` matches `where` for the race of `seat` holding
        this effect (never for its Active race when it works only In Decline)."""
        if self.only_in_decline and self.idle_while_active(s, seat):
            return False
        if self.when != "always" and not when_holds(self.when, s, seat, None):
            return False
        if self.where.d:
            hold, _ = self.hold_in(s, seat)          # the Active race, or In Decline Ghouls
            return self.where.holds(s, seat, hold.race if hold else None, rid)
        return True
