"""Block `die_modifier`: the reinforcement die brings `add` tokens more (a negative `add`:
fewer) on regions matching `where` and in turns matching `when`. The die itself is rolled and
recorded as it fell; the bonus is added to its face when the attempt is judged, and what the
die brings never falls below 0 (a 0 with `add: -1` brings nothing; it takes nothing from the
hand). So a region `3 + add` tokens short may be tried (with `add: -1`, only 2 short).

It reaches every roll of the reinforcement die that a race makes for its own conquest:
- the Active race's final conquest attempt (R5), with any choice after the roll (R23: a
  re-roll, the Mercenary's coin) judged with the bonus;
- a Berserk roll before a conquest: the face, with the bonus for the region then chosen,
  comes off that conquest's cost;
- with `in_decline: true`, the final attempt of a race that still conquers In Decline (Ghouls,
  R18: only its own race's effects, so an `in_decline` die_modifier of that race).
The least a conquest moves (R23: Kobolds' 2) binds as ever: the die never lets fewer tokens
than that go in.

A shorthand of the rule language's `lasting` (`as_lasting`): `{lasting: {change: die_bonus, by:
add, while: {where, when}}}`; its parameters are read by the lasting ability's reader and its
bonus answered by its conditions (`change_holds`), so the two cannot drift apart.

YAML: `{die_modifier: {add: 1, where: {terrains: [hill]}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import register
from .lasting import change_holds, lasting_while, read_lasting
from .region_turn import RegionTurn
from .when import WHEN

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class DieModifier(RegionTurn):
    """The reinforcement die brings `add` tokens more (negative: fewer, never below 0) in a roll
    for a conquest of a region matching `where` (the final attempt, a Berserk roll), in a turn
    matching `when`."""

    idle_values: ClassVar[dict[str, Any]] = {"add": 0}
    params: ClassVar[dict[str, Any]] = {"add": 1, "where": {}, "when": "always"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"when": WHEN}
    param_docs: ClassVar[dict[str, str]] = {
        "add": "tokens added to the die's face",
        "where": "the regions attempted (see *where* above); all by default",
        "when": "in which turns (see *when* above)",
    }
    #: `add` may be negative (the die brings less)
    signed: ClassVar[tuple[str, ...]] = ("add",)

    @staticmethod
    def as_lasting(p: dict[str, Any]) -> dict[str, Any]:
        """The `lasting` parameters this block stands for (`p`: its own, defaults included)."""
        return {"change": "die_bonus", "by": p.get("add", 1), "while": lasting_while(p)}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.add = int(self.p["add"])
        self.c = read_lasting(self.as_lasting(self.p), self.name)

    def die_bonus(self, s: "GameState", seat: int, rid: str) -> int:
        # a Berserk roll's bonus is part of a conquest's cost: judged locally as `when` says
        return self.add if change_holds(self, self.c, s, seat, None, rid) else 0


register("die_modifier", DieModifier)
