"""Block `coins_on_conquest`: each conquest of a region matching `where` moves coins at once.

`from: bank` pays the conqueror from the bank; `from: defender` makes the player whose race
held the region pay him (only what he has: Ransacking with `where: {occupant: active}`).
The `where` condition is read as the region was before the conquest.

YAML: `{coins_on_conquest: {amount: 1, from: defender, where: {occupant: active}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import reason
from .base import Ability, ParamError, Victim, register
from .where import conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register("coins_on_conquest")
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

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        if self.p["from"] not in ("bank", "defender"):
            raise ParamError(reason("param_choice", effect=self.name, param="from", value=self.p["from"],
                                    known="bank, defender"))
        self.occupant, self.where = conquest_where(self.p["where"], self.name)

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        from ..resolution import pay
        if self.occupant and not held_before(self.occupant, seat, victim):
            return
        hold = s.players[seat].active
        if self.where and not self.where.holds(s, seat, hold.race if hold else None, rid):
            return
        payer = victim.owner if self.p["from"] == "defender" else None
        if payer == seat:
            return
        if payer is None and self.p["from"] == "defender":
            return
        got = pay(s, payer, seat, int(self.p["amount"]))
        if got:
            events.append({"type": "coins", "seat": payer, "to": seat, "coins": got})
