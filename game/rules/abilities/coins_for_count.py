"""Block `coins_for_count`: coins at the end of your turn for a count of your regions.

`of` says what is counted among the race's regions: `regions`, `groups` (separate connected
groups: Quarreling), `coastal_pairs` (complete pairs of coastal regions: Fisher), `stacks`
(regions holding at least `min_tokens` of its tokens: Frightened), `tokens` (its tokens on
the board). `beyond` is subtracted
first (Imperial: regions beyond the third). The race scores `amount` per counted thing.

YAML: `{coins_for_count: {of: regions, beyond: 3}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import ParamError
from ..reasons import reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold

COUNTS = ("regions", "groups", "coastal_pairs", "stacks", "tokens")


def groups(s: "GameState", regions: list[str]) -> int:
    """How many separate connected groups `regions` form on the board."""
    left = set(regions)
    n = 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            r = todo.pop()
            for m in s.board.neighbours(r):
                if m in left:
                    left.discard(m)
                    todo.append(m)
    return n


class CoinsForCount(Ability):
    """At the end of your turn, `amount` coins per thing counted (`of`), less `beyond`:
    regions (Imperial), connected groups (Quarreling), coastal pairs (Fisher), stacks of at
    least `min_tokens` tokens (Frightened)."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"of": "regions", "amount": 1, "beyond": 0, "min_tokens": 3}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"of": COUNTS}
    only_with: ClassVar[dict[str, tuple[str, tuple[Any, ...]]]] = {"min_tokens": ("of", ("stacks",))}
    param_docs: ClassVar[dict[str, str]] = {
        "of": "regions, groups, coastal_pairs, stacks or tokens (the race's tokens on the board)",
        "amount": "coins per thing counted",
        "beyond": "the first this many are not paid",
        "min_tokens": "for `stacks`: tokens a region needs to count",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        if self.p["of"] not in COUNTS:
            raise ParamError(reason("param_choice", effect=self.name, param="of", value=self.p["of"],
                                    known=", ".join(COUNTS)))

    def count(self, s: "GameState", seat: int, race: str) -> int:
        own = s.regions_of(seat, race)
        of = self.p["of"]
        if of == "regions":
            return len(own)
        if of == "groups":
            return groups(s, own)
        if of == "coastal_pairs":
            return sum(1 for r in own if r in s.board.coastal) // 2
        if of == "tokens":
            return sum(s.regions[r].tokens for r in own)
        return sum(1 for r in own if s.regions[r].tokens >= self.p["min_tokens"])

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        return int(self.p["amount"]) * max(0, self.count(s, seat, hold.race) - int(self.p["beyond"]))


register("coins_for_count", CoinsForCount)
