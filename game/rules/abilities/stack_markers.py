"""Block `stack_markers`: the race has `count` stacks (markers), each worth as many tokens as
the regions it holds matching `worth` — counted anew whenever they are used, so they grow and
shrink as you gain or lose such regions. A stack in a region adds its worth to the region's
defence. During your turn each stack may join one conquest (`use: stack_markers` before it):
that conquest costs its worth fewer tokens (never below 1, so a race token still moves in) and
the stack moves into the conquered region; one stack per conquest, never two in one region.
Stacks that did not move go back where they stood at the end of your turn (or, if that region
is gone, to your strongest region without one). When an opponent takes a region with a stack,
only the tokens are lost: the stack moves at once to your strongest other region (the rule
places it at the end of the attacker's turn). Stacks leave the board when the race goes into
decline (Behemoth: two, worth the Swamps held). The box holds `count` stacks: a player holding
the block while another has some on the board (a race or power borrowed for a turn,
`borrow_power`) has only those the box has left (`box`).

YAML: `{stack_markers: {marker: behemoth, count: 2, worth: {terrains: [swamp]}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action
from ..reasons import Reason, reason
from ..state import CONQUER
from .base import MarkSpec, Victim, register
from .box import box_left, in_marks, left_for, stacks_and_others
from .markers import mark, marks_on_board, set_mark
from .use_move import UseMove
from .where import NEVER_HELD, Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class StackMarkers(UseMove):
    """`count` stacks worth the regions held matching `worth`, for attack (joining a conquest,
    `use: stack_markers`) and defence; never split or merged (Behemoth)."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER,)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    idle_values: ClassVar[dict[str, Any]] = {"count": 0, "marker": ""}
    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"worth": NEVER_HELD}
    params: ClassVar[dict[str, Any]] = {"marker": "behemoth", "count": 2, "worth": {}}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the stack's name on the board (one name per game)",
        "count": "stacks the race has",
        "worth": "each stack counts as one token per region held matching this (see *where*)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.worth_where = Where.parse(self.p["worth"], self.name)

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source, with_race=True, defence_of=self._defence),)

    def marker_box(self) -> dict[str, int]:
        return {str(self.p["marker"]): int(self.p["count"])}

    def _worth(self, s: "GameState", seat: int, race: str) -> int:
        return sum(1 for r in s.regions_of(seat, race) if self.worth_where.holds(s, seat, race, r))

    def _defence(self, s: "GameState", rid: str) -> int:
        r = s.regions[rid]
        if r.owner is None or r.race is None or r.decline:
            return 0
        return self._worth(s, r.owner, r.race)

    def _free(self, s: "GameState", seat: int) -> int:
        """Stacks off the board: all this player has (`count`, or what the box has left while
        another player has some) but those standing in his regions."""
        name = str(self.p["marker"])
        count = int(self.p["count"])
        if not in_marks(name):                        # (a marker with a field of its own)
            on = sum(1 for rid in marks_on_board(s, name) if s.regions[rid].owner == seat)
            return left_for(s, seat, name, count, on) - on
        on, others = stacks_and_others(s, seat, name)  # (the board walked once for both)
        return box_left(s, name, count, on, others) - on

    idle_exact: ClassVar[bool] = True          # (`idle_now` asks what `why_not` asks)

    def idle_now(self, s: "GameState", seat: int) -> bool:
        hold = s.players[seat].active
        return hold is None or s.turn.phase != CONQUER or hold.hand < 1 or bool(s.turn.used.get(self.name)) \
            or self._worth(s, seat, hold.race) < 1 or self._free(s, seat) < 1

    def why_not(self, s: "GameState", seat: int) -> Reason | None:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != CONQUER or hold.hand < 1:
            return reason("conquests_over")
        if (s.turn.used.get(self.name) or self._free(s, seat) < 1
                or self._worth(s, seat, hold.race) < 1):
            return reason("stack_marker_none", effect=self.name)
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        s.turn.used[self.name] = 1
        events.append({"type": "use", "seat": seat, "effect": self.name})

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        if s.turn.seat != seat or not s.turn.used.get(self.name):
            return 0
        hold = s.players[seat].active
        return -self._worth(s, seat, hold.race) if hold is not None else 0

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        if s.turn.used.pop(self.name, None):
            set_mark(s, rid, self.p["marker"], 1)

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        name = self.p["marker"]
        stood = [rid for rid in marks_on_board(s, name) if s.regions[rid].owner == seat]
        for rid in stood:
            set_mark(s, rid, name, 0)
        hold.memo[f"{self.name}:stood"] = stood

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        s.turn.used.pop(self.name, None)             # joined no conquest after all
        stood = list(hold.memo.pop(f"{self.name}:stood", []))
        self._place(s, seat, hold, stood)

    def _place(self, s: "GameState", seat: int, hold: "RaceHold", prefer: list[str],
               avoid: str = "", most: int | None = None) -> None:
        """Put the free stacks back (at most `most`): where they stood first, then on the
        strongest regions."""
        name = self.p["marker"]
        own = [r for r in s.regions_of(seat, hold.race) if r != avoid and not mark(s, r, name)]
        order = [r for r in prefer if r in own] + sorted(
            (r for r in own if r not in prefer), key=lambda r: -s.regions[r].tokens)
        free = self._free(s, seat) if most is None else min(most, self._free(s, seat))
        for rid in order[:max(0, free)]:
            set_mark(s, rid, name, 1)

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int,
                       in_decline: bool, events: list[dict[str, Any]]) -> None:
        name = self.p["marker"]
        if not mark(s, rid, name):
            return
        hold, _ = self.hold_in(s, seat)
        set_mark(s, rid, name, 0)
        if hold is not None:                 # (that stack alone: the attacker's own may be off the board)
            self._place(s, seat, hold, [], avoid=rid, most=1)

    def on_decline(self, s: "GameState", seat: int) -> None:
        name = self.p["marker"]
        for rid in marks_on_board(s, name):
            if s.regions[rid].owner == seat:
                set_mark(s, rid, name, 0)


register("stack_markers", StackMarkers)
