"""Block `coins_when_conquered`: coins move when an opponent conquers one of your regions.

`payer` and `payee` are `attacker`, `holder` (you) or `bank`: Corrupt (attacker pays holder),
Martyr (bank pays holder), Scarecrows (bank pays attacker), Liches (attacker pays holder, with
`required: true`: a player who cannot pay may not conquer the region; `only_in_decline: true`).
A player pays only the coins he has.

YAML: `{coins_when_conquered: {amount: 1, payer: attacker, payee: holder}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import reason
from .base import Ability, ParamError, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

SIDES = ("attacker", "holder", "bank")


@register("coins_when_conquered")
class CoinsWhenConquered(Ability):
    """When an opponent conquers one of the race's regions, `amount` coins go from `payer` to
    `payee`; with `required`, an attacker who cannot pay may not conquer it."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 1, "payer": "attacker", "payee": "holder",
                                        "required": False}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"payer": SIDES, "payee": SIDES}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "coins per region lost",
        "payer": "attacker, holder or bank",
        "payee": "attacker, holder or bank",
        "required": "the attacker must be able to pay (attacker → holder only)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        for k in ("payer", "payee"):
            if self.p[k] not in SIDES:
                raise ParamError(reason("param_choice", effect=self.name, param=k, value=self.p[k],
                                        known=", ".join(SIDES)))
        if self.p["payer"] == self.p["payee"] or (
                self.p["required"] and (self.p["payer"], self.p["payee"]) != ("attacker", "holder")):
            raise ParamError(reason("param_payer_payee", effect=self.name))

    def conquest_price(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool) -> int:
        if self.p["required"]:
            return int(self.p["amount"])
        return 0

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool,
                       events: list[dict[str, Any]]) -> None:
        if self.p["required"]:
            return                                   # paid as the conquest's price
        from ..resolution import pay
        who = {"attacker": attacker, "holder": seat, "bank": None}
        payer, payee = who[self.p["payer"]], who[self.p["payee"]]
        got = pay(s, payer, payee, int(self.p["amount"]))
        if got:
            events.append({"type": "coins", "seat": payer, "to": payee, "coins": got})
