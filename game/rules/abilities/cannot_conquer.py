"""Block `cannot_conquer`: the race may not conquer regions matching `where` (a race of the
plains that never climbs: `{cannot_conquer: {where: {terrains: [mountain]}}}`; one that leaves
Lost Tribes alone: `{where: {occupant: lost_tribe}}`). Its own first conquest and every later
one are refused there with a sentence saying why.

YAML: `{cannot_conquer: {where: {terrains: [mountain, hill]}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import Reason, reason
from .base import Ability, register
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class CannotConquer(Ability):
    """The race may not conquer regions matching `where`."""

    params: ClassVar[dict[str, Any]] = {"where": {}}
    param_docs: ClassVar[dict[str, str]] = {"where": "the regions it may not conquer (see *where*); all by default"}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)

    def judges_locally(self) -> bool:
        return True             # a where-condition reads the region, its neighbours and the round

    def may_target(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        hold = s.players[seat].active
        if self.where.holds(s, seat, hold.race if hold else None, rid):
            return reason("cannot_conquer_here", s, region=rid)
        return None


register("cannot_conquer", CannotConquer)
