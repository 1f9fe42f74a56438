"""Block `die_modifier`: the reinforcement die brings `add` tokens more in the race's final
conquest attempt, on regions matching `where` and in turns matching `when`. The die
itself is rolled and recorded as it fell; the bonus is added to its face when the attempt is
judged, so a region `3 + add` tokens short may be tried. It reads the final attempt of the
Active race only (not a Berserk roll before a conquest, nor the In Decline Ghouls' die).

YAML: `{die_modifier: {add: 1, where: {terrains: [hill]}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, register
from .when import WHEN, check_when, when_holds
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register("die_modifier")
class DieModifier(Ability):
    """The reinforcement die brings `add` tokens more in a final conquest attempt on a region
    matching `where`, in a turn matching `when`."""

    params: ClassVar[dict[str, Any]] = {"add": 1, "where": {}, "when": "always"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"when": WHEN}
    param_docs: ClassVar[dict[str, str]] = {
        "add": "tokens added to the die's face",
        "where": "the regions attempted (see *where* above); all by default",
        "when": "in which turns (see *when* above)",
    }
    decline_honoured: ClassVar[bool | None] = False     # only the Active race makes a final attempt with the die

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)
        check_when(self.p["when"], self.name)
        self.add = int(self.p["add"])
        self.when = str(self.p["when"])

    def die_bonus(self, s: "GameState", seat: int, rid: str) -> int:
        if self.when != "always" and not when_holds(self.when, s, seat, None):
            return 0
        if self.where.d:
            hold = s.players[seat].active
            if not self.where.holds(s, seat, hold.race if hold else None, rid):
                return 0
        return self.add
