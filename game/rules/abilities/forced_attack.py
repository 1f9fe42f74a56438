"""Block `forced_attack`: a taunt. Opponents who can conquer one of the race's regions matching
`where` outright (with the tokens in hand, without the die) must conquer such a region before
any other: `who` says which opponents (`others`: every other player; `next`: the player after
this race's player only), and `all` how long the duty lasts (false: the first conquest of their
turn only; true: every conquest, while such a region can be taken). A region they cannot reach,
that is immune or that costs more than they hold binds nobody, and a race with no such target
conquers freely. It binds the ordinary conquests (`conquer`, `reinforce`); the listing offers
only the bound regions while the duty holds, and any other conquest is refused, naming the
region to take first.

YAML: `{forced_attack: {who: others, where: {terrains: [hill]}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, register
from .where import NEVER_HELD, Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold

WHO = ("others", "next")


class ForcedAttack(Ability):
    """Opponents (`who`) able to take one of your regions matching `where` outright must
    conquer one of them before any other region (`all`: before every other conquest)."""

    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"where": NEVER_HELD}
    params: ClassVar[dict[str, Any]] = {"who": "others", "all": False, "where": {}}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"who": WHO}
    param_docs: ClassVar[dict[str, str]] = {
        "who": "who is bound: `others` (every other player) or `next` (the player after you)",
        "all": "false: only their first conquest of the turn; true: every conquest while one can be taken",
        "where": "which of your regions draw the attack (see *where*); all by default",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)

    def forced_regions(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool,
                       attacker: int) -> list[str]:
        if self.p["who"] == "next" and attacker != (seat + 1) % len(s.players):
            return []
        if not self.p["all"] and s.turn.conquered:
            return []
        return [rid for rid in s.regions_of(seat, hold.race)
                if not self.where.d or self.where.holds(s, seat, hold.race, rid)]


register("forced_attack", ForcedAttack)
