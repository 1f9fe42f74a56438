"""Block `conquer_from_afar`: conquer a region two steps away, with one region in between.

The region in between may be land or the Lake, never a Sea (Slingmen). With
`only_if_not_adjacent: true` the race may do it only while it holds no region adjacent to
the target. Each region taken this way pays `coins` from the bank at once.

YAML: `{conquer_from_afar: {coins: 1, only_if_not_adjacent: true}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, Victim, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def two_steps(s: "GameState", own: list[str], rid: str) -> bool:
    """`rid` is exactly two steps from one of `own`, across land or the Lake (never a Sea)."""
    board = s.board
    adj = board.adjacency[rid]
    for o in own:
        if o == rid or o in adj:
            continue
        for m in board.adjacency[o]:
            if m in adj and board.region(m).terrain != "sea":
                return True
    return False


@register("conquer_from_afar")
class ConquerFromAfar(Ability):
    """Conquer a region exactly two steps from one of yours (across land or the Lake, not a
    Sea); `coins` from the bank for each (Slingmen)."""

    params: ClassVar[dict[str, Any]] = {"coins": 1, "only_if_not_adjacent": True}
    param_docs: ClassVar[dict[str, str]] = {
        "coins": "coins from the bank for each region taken from afar",
        "only_if_not_adjacent": "only while the race holds no region next to the target",
    }

    def reaches(self, s: "GameState", seat: int, rid: str) -> bool:
        hold = s.players[seat].active
        if hold is None or s.board.region(rid).is_water:
            return False
        own = s.regions_of(seat, hold.race)
        adj = s.board.adjacency[rid]
        if any(o in adj for o in own):
            return not self.p["only_if_not_adjacent"] and two_steps(s, own, rid)
        return two_steps(s, own, rid)

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]]) -> None:
        hold = s.players[seat].active
        if hold is None or not self.p["coins"]:
            return
        own = [r for r in s.regions_of(seat, hold.race) if r != rid]
        if own and not any(o in s.board.adjacency[rid] for o in own):
            s.player_w(seat).coins += int(self.p["coins"])
            events.append({"type": "coins", "seat": None, "to": seat, "coins": int(self.p["coins"])})
