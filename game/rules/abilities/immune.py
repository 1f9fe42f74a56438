"""Block `immune`: the race's regions matching `where` are immune to opponents: they cannot be
conquered nor touched by racial or special powers (R10's meaning).

White Ladies: `{immune: {only_in_decline: true}}`; Shrubmen: forests, Active and In Decline:
`{immune: {where: {terrains: [forest]}, in_decline: true}}`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import Reason, reason
from .base import Ability, register
from .where import NEVER_HELD, Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class Immune(Ability):
    """The race's regions matching `where` are immune to opponents (White Ladies In Decline,
    Shrubmen's forests)."""

    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"where": NEVER_HELD}
    params: ClassVar[dict[str, Any]] = {"where": {}}
    param_docs: ClassVar[dict[str, str]] = {"where": "which of the race's regions (see *where*); all by default"}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)
        #: the refusals made (a Reason never changes), by region and race, with the board and
        #: race's entry they name: an opponent's listing asks each of the race's regions
        self._said: dict[str, dict[str, tuple[object, object, Reason]]] = {}

    def judges_locally(self) -> bool:
        return True   # the region and its neighbours (`where`)

    def protects(self, s: "GameState", seat: int, rid: str, attacker: int | None,
                 in_decline: bool) -> Reason | None:
        r = s.regions[rid]
        if self.where and not self.where.holds(s, seat, r.race, rid):
            return None
        if r.race is None:
            return reason("immune_race", s, region=rid, race=None)
        race: str = r.race
        board, entry = s.board, s.catalog.races.get(race)
        by = self._said.get(rid)
        if by is None:
            by = self._said[rid] = {}
        got = by.get(race)
        if got is not None and got[0] is board and got[1] is entry:
            return got[2]
        why = reason("immune_race", s, region=rid, race=race)
        by[race] = (board, entry, why)
        return why


register("immune", Immune)
