"""Block `marker_moves`: markers named `marker` (placed by another block of the race or power,
or any other) may be moved from one of your Active race's regions to another of them matching
`where`: during your redeployment (`during: redeploy`) or at any time of your turn
(`during: turn`), `moves` times a turn (0: as often as you like). The move names the region the
marker leaves and the one it goes to: `use: {effect: marker_moves, region: FROM, choice: TO}`.

YAML: `{marker_moves: {marker: flock, during: redeploy, moves: 1, where: {terrains: [farmland]}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..reasons import Reason, reason
from ..state import CONQUER, REDEPLOY
from .base import Ability, register
from .markers import mark, set_mark
from .use_move import active_mover, not_this_move
from .where import NEVER_HELD, Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class MarkerMoves(Ability):
    """Move a `marker` between your regions (to one matching `where`) at redeploy or during
    your turn, `moves` times a turn."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER, REDEPLOY)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    decline_honoured: ClassVar[bool | None] = False     # the Active race's move alone
    markers_from_any: ClassVar[bool] = True
    idle_values: ClassVar[dict[str, Any]] = {"marker": ""}
    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"where": NEVER_HELD}
    params: ClassVar[dict[str, Any]] = {"marker": "ward", "during": "redeploy", "moves": 1, "where": {}}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"during": ("redeploy", "turn")}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the name of the marker moved",
        "during": "when: during your redeployment, or at any time of your turn",
        "moves": "moves a turn (0: no limit)",
        "where": "the regions a marker may go to (see *where*)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)
        self.marker = str(self.p["marker"])

    def markers_needed(self) -> tuple[str, ...]:
        return (self.marker,)

    def _why_not(self, s: "GameState", seat: int) -> Reason | None:
        phases = (REDEPLOY,) if self.p["during"] == "redeploy" else (CONQUER, REDEPLOY)
        if s.turn.phase not in phases or active_mover(self, s, seat) is None:
            return reason("marker_moves_when", effect=self.name, marker=self.marker)
        if self.p["moves"] and int(s.turn.used.get(self.name, 0)) >= int(self.p["moves"]):
            return reason("once_per_turn", effect=self.name)
        return None

    def _why_not_move(self, s: "GameState", seat: int, src: str, dst: str) -> Reason | None:
        hold = s.players[seat].active
        assert hold is not None
        for rid in (src, dst):
            r = s.regions.get(rid)
            if r is None or r.owner != seat or r.race != hold.race or not r.tokens:
                return reason("marker_moves_own", s, effect=self.name, region=rid)
        if not mark(s, src, self.marker):
            return reason("marker_moves_none", s, effect=self.name, region=src, marker=self.marker)
        if src == dst or not self.where.holds(s, seat, hold.race, dst):
            return reason("marker_moves_not_there", s, effect=self.name, region=dst)
        return None

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        if self._why_not(s, seat) is not None:
            return []
        hold = s.players[seat].active
        assert hold is not None
        own = s.regions_of(seat, hold.race)
        return [Use(self.name, a, b) for a in own if mark(s, a, self.marker) for b in own
                if self._why_not_move(s, seat, a, b) is None]

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        why = not_this_move(self.name, action) or self._why_not(s, seat)
        if why is not None or not isinstance(action, Use):
            return why
        return self._why_not_move(s, seat, action.region, action.choice)

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        s.turn.used[self.name] = int(s.turn.used.get(self.name, 0)) + 1
        set_mark(s, action.region, self.marker, mark(s, action.region, self.marker) - 1)
        set_mark(s, action.choice, self.marker, mark(s, action.choice, self.marker) + 1)
        events.append({"type": "use", "seat": seat, "effect": self.name, "region": action.region,
                       "choice": action.choice})


register("marker_moves", MarkerMoves)
