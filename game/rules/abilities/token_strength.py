"""Block `token_strength`: the race's tokens count for more, or less, than one each, on regions
matching `where`: every `tokens` of them count as `count_as` (`tokens: 1, count_as: 2`: double;
`tokens: 2, count_as: 1`: half).

- `side: attack` — when the race conquers such a region: the cost in tokens (R1 with every
  change of the race and power) is divided by the strength, rounded up (5 at double strength:
  3 tokens), never below the least a conquest costs (1, Kobolds' 2, R23). The reinforcement die
  still brings its face in tokens. `where` reads the region attacked (`occupant`: who holds it).
- `side: defence` — when an opponent conquers such a region held by the race: the defenders'
  part of his cost (one per token, R1) is multiplied by the strength, rounded up (3 tokens at
  double strength: 6); the markers' defence and the base 2 are not. With `in_decline: true` the
  race's tokens In Decline defend so too. `occupant` says nothing here (the holder is the race
  itself) and is refused.

The parts of the cost say it: "2 + 3 defenders + 3 Stonehide = 8 tokens".

YAML: `{token_strength: {side: attack, count_as: 2, where: {terrains: [forest]}}}`
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import Reason, reason
from .base import Ability, register
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

SIDES: tuple[str, ...] = ("attack", "defence")


@register("token_strength")
class TokenStrength(Ability):
    """Every `tokens` tokens of the race count as `count_as` when it conquers (`side: attack`)
    or defends (`side: defence`) a region matching `where`."""

    params: ClassVar[dict[str, Any]] = {"side": "attack", "tokens": 1, "count_as": 2, "where": {}}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"side": SIDES}
    param_docs: ClassVar[dict[str, str]] = {
        "side": "`attack`: when the race conquers; `defence`: when an opponent conquers from it",
        "tokens": "so many of the race's tokens...",
        "count_as": "...count as so many",
        "where": "the regions attacked or defended (see *where* above); all by default",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)
        self.side = str(self.p["side"])
        self.strength = Fraction(int(self.p["count_as"]), int(self.p["tokens"]))

    @classmethod
    def word_problems(cls, given: dict[str, Any]) -> list[Reason]:
        out = super().word_problems(given)
        for k in ("tokens", "count_as"):
            v = given.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and v < 1:
                out.append(reason("param_at_least_one", effect=cls.name, param=k, value=v))
        where = given.get("where")
        if given.get("side") == "defence" and isinstance(where, dict) and "occupant" in where:
            out.append(reason("param_defence_occupant", effect=cls.name))
        return out

    def judges_locally(self) -> bool:
        return True      # `where` reads the region and its neighbours

    def attack_strength(self, s: "GameState", seat: int, rid: str) -> Fraction | None:
        if self.side != "attack" or (self.only_in_decline and self.idle_while_active(s, seat)):
            return None
        if self.where.d:
            hold = s.players[seat].active
            if not self.where.holds(s, seat, hold.race if hold else None, rid):
                return None
        return self.strength

    def defence_strength(self, s: "GameState", seat: int, rid: str, attacker: int,
                         in_decline: bool) -> Fraction | None:
        if self.side != "defence":
            return None
        if self.where.d and not self.where.holds(s, seat, s.regions[rid].race, rid):
            return None
        return self.strength
