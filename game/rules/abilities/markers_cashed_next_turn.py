"""Block `markers_cashed_next_turn`: at the end of your turn put a marker (at most one per
region) in each region the race holds, while the supply lasts; at the start of your next turn
each one still on the board turns into `coins` for you. An opponent who conquers a region with
one takes it (its coins) instead. A cashed or taken marker does not come back (Leprechauns'
Pots of Gold).

After redeploying you may choose the regions yourself (`use: {effect: markers_cashed_next_turn,
region: R}`, one of yours without a marker, while the supply lasts): then only those get one.
If you choose none, every region of yours without a marker gets one at the end of your turn.
The supply is the box's, for every player: a race or power borrowed for a turn (`borrow_power`)
places only what is left of it, and what it used does not come back either; its markers are its
own: the lender does not cash those on the borrower's regions (they go with the borrowing).

YAML: `{markers_cashed_next_turn: {marker: pot_of_gold, supply: 10, coins: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..reasons import Reason, reason
from ..state import REDEPLOY
from .base import MarkSpec, register
from .box import lent_record
from .markers import mark, marks_on_board, set_mark
from .use_move import RegionMove, use_of

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class MarkersCashedNextTurn(RegionMove):
    """A marker in each of your regions at the end of your turn, or in those you choose (from a
    `supply`), each worth `coins` at the start of your next turn, or to the opponent who
    conquers its region (Leprechauns)."""

    move_phases: ClassVar[tuple[str, ...] | None] = (REDEPLOY,)

    intents: ClassVar[tuple[str, ...]] = ("use",)

    idle_values: ClassVar[dict[str, Any]] = {"coins": 0, "supply": 0, "marker": ""}
    params: ClassVar[dict[str, Any]] = {"marker": "pot_of_gold", "supply": 10, "coins": 1}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "supply": "markers in the box; used ones do not come back",
        "coins": "coins each marker is worth",
    }

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source),)

    def marker_box(self) -> dict[str, int]:
        return {str(self.p["marker"]): int(self.p["supply"])}

    def _left(self, s: "GameState") -> int:
        """Markers left in the box: `supply` less those every race holding the block has used.
        (Loops, not a generator: interpreted, this is asked at every listing of the race's
        redeployment.)"""
        name = self.p["marker"]
        used = 0
        for p in s.players:
            if p.active:
                used += int(p.active.memo.get(name, 0))
            for h in p.declines:
                used += int(h.memo.get(name, 0))
        return int(self.p["supply"]) - used

    def why_not_at(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        return self._refusal(s, seat, rid, False)

    def _refusal(self, s: "GameState", seat: int, rid: str, supplied: bool) -> Reason | None:
        """`why_not_at`; `supplied`: the caller knows the box has a marker left (`_left`)."""
        hold = s.players[seat].active
        if hold is None or s.turn.phase != REDEPLOY or s.turn.seat != seat or not self.of_active_race(s, seat):
            return reason("clear_region_when", effect=self.name)
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        if s.regions[rid].owner != seat or s.regions[rid].race != hold.race:
            return reason("marker_own_region", s, race=hold.race)
        if mark(s, rid, self.p["marker"]):
            return reason("marker_here_already", s, region=rid, race=hold.race)
        if not supplied and self._left(s) < 1:
            return reason("marker_supply_out", s, race=hold.race)
        return None

    def supply(self, hold: "RaceHold") -> dict[str, int]:
        return {self.p["marker"]: max(0, int(self.p["supply"]) - int(hold.memo.get(self.p["marker"], 0)))}

    def set_supply(self, hold: "RaceHold", name: str, n: int) -> bool:
        if name != self.p["marker"]:
            return False
        hold.memo[name] = max(0, int(self.p["supply"]) - n)
        return True

    def candidates(self, s: "GameState", seat: int) -> list[str]:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != REDEPLOY or not self.of_active_race(s, seat):
            return []
        return s.regions_of(seat, hold.race)

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != REDEPLOY:
            return []                    # no candidate (asked before the box is counted)
        if self._left(s) < 1:
            return []                    # the supply is out: `why_not_at` refuses every region
        name = self.p["marker"]              # (a region with one already is refused: no reason made)
        return [use_of(self.name, rid) for rid in self.candidates(s, seat)
                if not mark(s, rid, name) and self._refusal(s, seat, rid, True) is None]

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        hold = s.player_w(seat).active
        assert hold is not None
        name = self.p["marker"]
        set_mark(s, action.region, name, 1)
        hold.memo[name] = int(hold.memo.get(name, 0)) + 1
        s.turn.used[self.name] = list(s.turn.used.get(self.name, [])) + [action.region]
        events.append({"type": "use", "seat": seat, "effect": self.name, "region": action.region})

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if s.turn.used.get(self.name):           # the player chose where they go
            return
        name = self.p["marker"]
        used = int(hold.memo.get(name, 0))
        left = self._left(s)
        for rid in s.regions_of(seat, hold.race):
            if left <= 0:
                break
            if not mark(s, rid, name):
                set_mark(s, rid, name, 1)
                used += 1
                left -= 1
        hold.memo[name] = used

    def _cash(self, s: "GameState", seat: int) -> int:
        """Take `seat`'s markers off the board: all of them but those on the regions of a player
        who borrowed the block; returns how many."""
        name = self.p["marker"]
        borrowers = {other for other in range(len(s.players))
                     if other != seat and lent_record(s, other, self) is not None}
        n = 0
        for rid in marks_on_board(s, name):
            if s.regions[rid].owner not in borrowers:
                n += mark(s, rid, name)
                set_mark(s, rid, name, 0)
        return n

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        n = self._cash(s, seat)
        if n:
            s.player_w(seat).coins += n * int(self.p["coins"])

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool,
                       events: list[dict[str, Any]]) -> None:
        name = self.p["marker"]
        if mark(s, rid, name):
            set_mark(s, rid, name, 0)
            s.player_w(attacker).coins += int(self.p["coins"])
            events.append({"type": "coins", "seat": None, "to": attacker, "coins": int(self.p["coins"])})

    def on_decline(self, s: "GameState", seat: int) -> None:
        """Markers still on the board (Stout's decline after scoring) are cashed now: the race
        will not be Active at the start of the next turn."""
        n = self._cash(s, seat)
        if n:
            s.player_w(seat).coins += n * int(self.p["coins"])


register("markers_cashed_next_turn", MarkersCashedNextTurn)
