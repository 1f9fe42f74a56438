"""Effect `diplomat`: during his turn the player may choose as ally one opponent whose Active
race he has not attacked this turn (`ally: player`); from then until the start of his next
turn that opponent cannot attack his Active race, even with a race picked meanwhile (R12).
In Decline tokens are not protected, and In Decline Ghouls ignore the peace. Once the ally is
chosen, the Diplomat may not attack the ally's Active race for the rest of the turn. The peace
is kept in `player.memo["until_next_turn"]["peace_with"]`, read by `targets.peace_reason` and
cleared when the Diplomat's next turn begins. Active only.

YAML: `diplomat`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import Ally
from ..common import event
from ..reasons import Reason, reason
from ..state import CONQUER, REDEPLOY
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState

USED: Final = "ally"


class Diplomat(Ability):
    """Choose an opponent you did not attack this turn (`ally: player`): until your next turn
    neither of you attacks the other's Active race (Diplomat). One of a kind: a peace between two
    players that outlasts the turn, chosen with a move that names a player."""

    intents = ("ally",)
    move_phases = (CONQUER, REDEPLOY)

    def _ready(self, s: "GameState", seat: int) -> Reason | None:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return reason("ally_only_active")
        if s.turn.phase not in (CONQUER, REDEPLOY):
            return reason("ally_when")
        return None

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        why = self._ready(s, seat)
        if why:
            return why
        other = getattr(action, "player", None)
        if not isinstance(other, int) or not 0 <= other < len(s.players) or other == seat:
            return reason("ally_choose_opponent")
        if other in s.turn.attacked:
            return reason("ally_attacked", player=s.players[other].name)
        return None

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        t = s.turn
        if USED in t.used or t.phase not in (CONQUER, REDEPLOY) or self.active_hold(s, seat) is None:
            return []                                  # (`_ready` refuses, without its sentence)
        return [Ally(o) for o in range(len(s.players)) if o != seat and o not in s.turn.attacked]

    def judges_locally(self) -> bool:
        return True   # the region and `turn.used` (the ally of the turn)

    def may_target(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        ally = s.turn.used.get(USED) if s.turn.seat == seat else None
        if ally is None:                 # (no peace made this turn: no region looked up)
            return None
        r = s.regions[rid]
        if r.owner == ally and not r.decline and r.tokens:
            return reason("ally_peace", player=s.players[ally].name)
        return None

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Ally)
        other = int(action.player)
        p = s.player_w(seat)
        p.memo["until_next_turn"] = {**p.memo.get("until_next_turn", {}), "peace_with": other}
        s.turn.used[USED] = other
        s.turn.acted = True
        event(events, "ally", seat=seat, ally=other)


register("diplomat", Diplomat)
