"""Block `cost_change`: conquests of some regions, or in some turns, cost more or fewer tokens.

A negative `amount` is a discount (Ogres −1, Goblins −1 against In Decline races, Were- −2 on
even rounds, Airborne −2 in the turn they are picked), a positive one a surcharge (Mummies +1).
The region is chosen with `where:` (see `where.py`), the turn with `when:` (see `when.py`).
Changes add up; a conquest never costs fewer than 1 token (or a race's `tokens_per_region` min).
There is no once-a-turn limit: the change applies to every conquest that matches, all turn.
`after: N` keeps it off the race's first N conquests of the turn ("each conquest after your
first costs one less": `{amount: -1, after: 1}`); `per: earlier_conquest` counts it once for
each conquest the race has already made this turn ("each conquest costs one less than the one
before"). Only the Active race's conquests are counted (an In Decline race that conquers,
Ghouls, counts none, R18).

A shorthand of the rule language's `lasting` (`as_lasting`): `{lasting: {change: conquest_price,
by: amount, while: {where, when}}}`, its parameters read by the lasting ability's reader; `per`
and `after`, which count the turn's conquests, are read by the block on top of it. Its price is
asked of every region within reach each time the moves are listed, so it keeps its own short
reading of the same conditions (`tests/test_shorthands.py` plays it against its lasting form).

YAML: `{cost_change: {amount: -1, where: {occupant: in_decline}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, register
from .lasting import lasting_while, read_lasting
from .when import WHEN, check_when, when_holds
from .where import Where

#: what `per` counts: each conquest, or each conquest the race already made this turn
PER: tuple[str, ...] = ("conquest", "earlier_conquest")

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState


class CostChange(Ability):
    """Every conquest of a region matching `where`, in a turn matching `when`, costs `amount`
    more tokens (negative: fewer). Goblins, Ogres, Mummies, Were-, Airborne."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": -1, "where": {}, "when": "always", "per": "conquest",
                                        "after": 0}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"when": WHEN, "per": PER}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "tokens added to the cost (negative: a discount)",
        "where": "which regions (see *where* above); all by default",
        "when": "in which turns (see *when* above)",
        "per": "`conquest`: the amount on each conquest; `earlier_conquest`: the amount once for each "
               "conquest the race already made this turn",
        "after": "only the race's conquests after its first `after` of the turn",
    }

    @staticmethod
    def as_lasting(p: dict[str, Any]) -> dict[str, Any]:
        """The `lasting` parameters this block stands for (`p`: its own, defaults included;
        `per` and `after` aside)."""
        return {"change": "conquest_price", "by": p.get("amount", -1), "while": lasting_while(p)}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        read_lasting(self.as_lasting(self.p), self.name)
        self.where = Where.parse(self.p["where"], self.name)
        check_when(self.p["when"], self.name)
        self.amount = int(self.p["amount"])
        self.when = str(self.p["when"])
        self.per = str(self.p["per"])
        self.after = int(self.p["after"])
        self.counted = self.per != "conquest" or self.after > 0     # reads the turn's conquests

    def judges_locally(self) -> bool:
        # every `where` reads the region and its neighbours; a `when` other than these reads
        # what a conquest changes (who was attacked, the regions held), and so does a change
        # counted by the turn's conquests
        return self.when in ("always", "even_round", "odd_round", "picked_this_turn") and not self.counted

    def printed_cost(self, board: "Board") -> dict[str, int] | None:
        if self.when != "always" or self.counted or (self.where and not self.where.printed):
            return None
        return {rid: self.amount for rid in self.where.on_board(board)}

    def _made(self, s: "GameState", seat: int) -> int:
        """The conquests the Active race of `seat` made this turn."""
        return len(s.turn.conquered) if s.turn.seat == seat else 0

    def modifies_costs_now(self, s: "GameState", seat: int) -> bool:
        # asked once a listing, before `cost_modifier` is asked of every region: not in a turn
        # `when` leaves out, nor next to the race's own regions of a terrain it holds none of
        # (Giants without a Mountain, or entering the map)
        if self.when != "always" and not when_holds(self.when, s, seat, None):
            return False
        where = self.where
        if where.d and not where.printed:
            hold = s.players[seat].active
            return where.may_hold_near_own(s, seat, hold.race if hold else None)
        return True

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        # asked for every region within reach each time the moves are listed: kept short
        if self.when != "always" and not when_holds(self.when, s, seat, None):
            return 0
        amount = self.amount
        if self.counted:
            made = self._made(s, seat)
            if made < self.after:
                return 0
            if self.per == "earlier_conquest":
                amount *= made
                if not amount:
                    return 0
        where = self.where
        if where.d:
            if where.printed:
                if not where.holds(s, seat, None, rid):
                    return 0
            else:
                hold = s.players[seat].active
                if not where.holds(s, seat, hold.race if hold else None, rid):
                    return 0
        return amount


register("cost_change", CostChange)
