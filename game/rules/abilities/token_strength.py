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

A shorthand of the rule language's `lasting` (`as_lasting`): `{lasting: {change: attack_strength
(or defence_strength), to: count_as/tokens, while: {where}}}`; its parameters are read by the
lasting ability's reader (a strength of one, `tokens` equal to `count_as`, is refused there) and
it answers by the lasting ability's conditions (`change_holds`).

YAML: `{token_strength: {side: attack, count_as: 2, where: {terrains: [forest]}}}`
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import Reason, reason
from .base import Ability, register, word_problems_of
from .lasting import change_holds, lasting_while, read_lasting

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

SIDES: tuple[str, ...] = ("attack", "defence")


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

    @staticmethod
    def as_lasting(p: dict[str, Any]) -> dict[str, Any]:
        """The `lasting` parameters this block stands for (`p`: its own, defaults included)."""
        k = Fraction(int(p.get("count_as", 2)), max(1, int(p.get("tokens", 1))))
        return {"change": f"{p.get('side', 'attack')}_strength", "to": k.numerator if k.denominator == 1 else str(k),
                "while": lasting_while(p)}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.c = read_lasting(self.as_lasting(self.p), self.name)
        self.where = self.c.where
        self.side = str(self.p["side"])
        self.strength = self.c.strength

    @classmethod
    def word_problems(cls, given: dict[str, Any]) -> list[Reason]:
        out = word_problems_of(cls, given)
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
        if self.side != "attack":
            return None
        return self.strength if change_holds(self, self.c, s, seat, None, rid) else None

    def defence_strength(self, s: "GameState", seat: int, rid: str, attacker: int,
                         in_decline: bool) -> Fraction | None:
        if self.side != "defence":
            return None
        return self.strength if change_holds(self, self.c, s, seat, s.regions[rid].race, rid) else None


register("token_strength", TokenStrength)
