"""Block `guard_marker`: at the end of each of your turns put `count` markers in your regions
with the most tokens (one per region), taking them back from wherever they stood; each makes
its region immune and/or adds `defence`. With `stays_in_decline: true` the markers stay where
they are when the race goes into decline, and no longer move (Royal's Queen); otherwise they
leave the board then.

After redeploying you may choose where they go (`use: {effect: guard_marker, region: R}`,
one region of yours each, at most `count`); those you do not place go at the end of your turn
to your regions with the most tokens (ties in board order). The box holds `count`: a player
holding the block while another has some on the board (a race or power borrowed for a turn,
`borrow_power`) places only those the box has left (`box`), and takes back only his own.

YAML: `{guard_marker: {marker: queen, count: 1, immune: true, stays_in_decline: true}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..reasons import Reason, reason
from ..state import REDEPLOY
from .base import MarkSpec, register
from .box import left_for
from .markers import remove_marks, set_mark
from .use_move import RegionMove, use_of

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class GuardMarker(RegionMove):
    """`count` markers placed after redeploying where you choose (`use`), or else at the end of
    your turn on your strongest regions: immune and/or `defence`; they stay In Decline with
    `stays_in_decline` (Royal)."""

    move_phases: ClassVar[tuple[str, ...] | None] = (REDEPLOY,)

    idle_values: ClassVar[dict[str, Any]] = {"count": 0, "marker": ""}
    params: ClassVar[dict[str, Any]] = {"marker": "queen", "count": 1, "immune": True, "defence": 0,
                                        "stays_in_decline": False}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "count": "markers placed each turn",
        "immune": "a region with one is immune",
        "defence": "added to the cost of conquering its region",
        "stays_in_decline": "markers stay (and protect) when the race goes into decline",
    }

    intents: ClassVar[tuple[str, ...]] = ("use",)

    def why_not_at(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        return self._refusal(s, seat, rid, None)

    def _refusal(self, s: "GameState", seat: int, rid: str, count: int | None) -> Reason | None:
        """`why_not_at`, with the markers `seat` places (`_count`) when the caller knows them."""
        hold = s.players[seat].active
        if hold is None or s.turn.phase != REDEPLOY or s.turn.seat != seat:
            return reason("clear_region_when", effect=self.name)
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        r = s.regions[rid]
        if r.owner != seat or r.race != hold.race or not r.tokens:
            return reason("race_not_in", s, race=hold.race, region=rid)
        chosen = s.turn.used.get(self.name, [])
        if rid in chosen or len(chosen) >= (self._count(s, seat) if count is None else count):
            return reason("no_marker_left", effect=self.name)
        return None

    def marker_box(self) -> dict[str, int]:
        return {str(self.p["marker"]): int(self.p["count"])}

    def _count(self, s: "GameState", seat: int) -> int:
        """The markers `seat` places: `count`, or what the box has left while another player
        has some on the board."""
        return left_for(s, seat, str(self.p["marker"]), int(self.p["count"]))

    def candidates(self, s: "GameState", seat: int) -> list[str]:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != REDEPLOY:
            return []
        return list(s.regions_of(seat, hold.race))

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != REDEPLOY:
            return []                    # no candidate (asked first: `_count` may walk the board)
        count = self._count(s, seat)
        if len(s.turn.used.get(self.name, [])) >= count:
            return []                    # all placed: `why_not_at` refuses every region
        return [use_of(self.name, rid) for rid in self.candidates(s, seat)
                if self._refusal(s, seat, rid, count) is None]

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        chosen = list(s.turn.used.get(self.name, []))
        if not chosen:                                   # taken back from where they stood
            remove_marks(s, self.p["marker"], seat)
        s.turn.used[self.name] = chosen + [action.region]
        set_mark(s, action.region, self.p["marker"], 1)
        events.append({"type": "use", "seat": seat, "effect": self.name, "region": action.region})

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source, defence=int(self.p["defence"]),
                         immune=bool(self.p["immune"]), with_race=True),)

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        name = self.p["marker"]
        chosen = [r for r in s.turn.used.get(self.name, []) if s.regions[r].owner == seat]
        remove_marks(s, name, seat)
        own = sorted((r for r in s.regions_of(seat, hold.race) if r not in chosen), key=lambda r: -s.regions[r].tokens)
        for rid in chosen + own[:max(0, self._count(s, seat) - len(chosen))]:
            set_mark(s, rid, name, 1)

    def on_decline(self, s: "GameState", seat: int) -> None:
        if not self.p["stays_in_decline"]:
            remove_marks(s, self.p["marker"], seat)


register("guard_marker", GuardMarker)
