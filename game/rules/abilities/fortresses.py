"""Effect `fortresses`: once per turn the Active race places a Fortress in a region it holds
(`fortress: region`), at most one per region and `max_on_map` on the map (the box has 6).
Each Fortress adds 1 to its region's defence (R1), even after the race goes into decline, and
pays `coins` at the end of each of the player's turns while the race is Active. A Fortress
leaves when its region is abandoned or conquered.

YAML: `{fortresses: {max_on_map: 6, coins: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import Fortress as FortressIntent
from ..common import event, made_once
from ..reasons import Reason, reason
from ..state import CONQUER, REDEPLOY
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState, RaceHold

USED: Final = "fortress"


#: the Fortress moves, made once by region (`made_once`), with their class read as a constant
_MADE: Final[dict[str, FortressIntent]] = {}
_FORTRESS: Final = FortressIntent


class Fortresses(Ability):
    """Once per turn build a Fortress in one of your regions (`fortress: region`): +1 defence and
    `coins` per Fortress each turn (Fortified). One of a kind: a building chosen by the player that
    outlives the race's decline, with a box limit of its own."""

    intents = ("fortress",)
    move_phases = (CONQUER, REDEPLOY)
    idle_values = {"max_on_map": 0}
    params = {"max_on_map": 6, "coins": 1}

    def marker_box(self) -> dict[str, int]:
        return {"fortress": int(self.p["max_on_map"])}

    def _ready(self, s: "GameState", seat: int) -> Reason | None:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return reason("fortress_only_active")
        if s.turn.phase not in (CONQUER, REDEPLOY):
            return reason("fortress_when")
        if s.turn.used.get(USED):
            return reason("fortress_once")
        if s.marker_count("fortress") >= self.p["max_on_map"]:
            return reason("fortress_all_out", count=self.p["max_on_map"])
        return None

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        rid = getattr(action, "region", "")
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        why = self._ready(s, seat)
        if why:
            return why
        hold = s.players[seat].active
        assert hold is not None
        r = s.regions[rid]
        if not (r.owner == seat and r.race == hold.race and r.tokens):
            return reason("fortress_own_region", s, race=hold.race)
        if r.fortress:
            return reason("fortress_one_per_region", s, region=rid)
        return None

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        t = s.turn
        hold = self.active_hold(s, seat) if t.phase in (CONQUER, REDEPLOY) and not t.used.get(USED) else None
        if hold is None or s.marker_count("fortress") >= self.p["max_on_map"]:
            return []                                  # (`_ready` refuses, without its sentence)
        return [made_once(_MADE, _FORTRESS, rid) for rid in s.held_names(seat, hold.race) if not s.regions[rid].fortress]

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, FortressIntent)
        rid = action.region
        s.reg_w(rid).fortress = True
        s.turn.used[USED] = True
        s.turn.acted = True
        event(events, "fortress", seat=seat, region=rid)

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        if in_decline:
            return 0
        return int(self.p["coins"]) * sum(1 for rid in s.held_names(seat, hold.race) if s.regions[rid].fortress)


register("fortresses", Fortresses)
