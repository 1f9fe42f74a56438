"""Block `coins_on_conquest`: each conquest of a region matching `where` moves coins at once.

`from: bank` pays the conqueror from the bank; `from: defender` makes the player whose race
held the region pay him (only what he has: Ransacking with `where: {occupant: active}`).
The `where` condition is read as the region was before the conquest, for the Active race.

A shorthand of the rule language's `trigger` (`as_trigger`): `{trigger: {event:
region_conquered, whose: attacker, where, do: [{coins: {amount, from, to: me}}]}}`; its coins
move by the trigger's own actions, so the two cannot drift apart. It keeps only its reading of
`where` (for the player's Active race) and of the defender (whoever held the region, tokens
or not).

YAML: `{coins_on_conquest: {amount: 1, from: defender, where: {occupant: active}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, Victim, register
from .trigger import do_acts, read_actions
from .where import conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class CoinsOnConquest(Ability):
    """After each conquest of a region matching `where`, `amount` coins from the bank or from
    the player who held it (Ransacking)."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 1, "from": "bank", "where": {}}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"from": ("bank", "defender")}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "coins per conquest",
        "from": "bank, or defender (the player who held the region pays, if he has coins)",
        "where": "which conquests (see *where*; `occupant` is who held the region before)",
    }

    @staticmethod
    def as_trigger(p: dict[str, Any]) -> dict[str, Any]:
        """The `trigger` parameters this block stands for (`p`: its own, defaults included)."""
        return {"event": "region_conquered", "whose": "attacker", "where": p.get("where") or {},
                "do": [{"coins": {"amount": p.get("amount", 1), "from": p.get("from", "bank"), "to": "me"}}]}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.occupant, self.where = conquest_where(self.p["where"], self.name)
        self.acts = read_actions(self.as_trigger(self.p)["do"], "attacker", self.name)

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        if self.occupant and not held_before(self.occupant, seat, victim):
            return
        hold = s.players[seat].active
        if self.where and not self.where.holds(s, seat, hold.race if hold else None, rid):
            return
        do_acts(s, self.acts, rid, seat, victim.owner, victim.race, events)


register("coins_on_conquest", CoinsOnConquest)
