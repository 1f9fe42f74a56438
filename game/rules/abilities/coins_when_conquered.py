"""Block `coins_when_conquered`: coins move when an opponent conquers one of your regions.

`payer` and `payee` are `attacker`, `holder` (you) or `bank`: Corrupt (attacker pays holder),
Martyr (bank pays holder), Scarecrows (bank pays attacker), Liches (attacker pays holder, with
`required: true`: a player who cannot pay may not conquer the region; `only_in_decline: true`).
A player pays only the coins he has.

A shorthand of the rule language's `replace` (`as_replace`): `{replace: {instead_of:
region_conquered, whose: defender, do: [{coins: {amount, from: payer, to: payee, required}},
conquer]}}` with `holder` said as `me`; its coins move by the replacement's own actions
(`pay_acts`), the required ones taken as the conquest's price, so the two cannot drift apart.
It keeps only its own refusal of sides (`required` with attacker and holder), and applies
beside any replacement of the same list.

YAML: `{coins_when_conquered: {amount: 1, payer: attacker, payee: holder}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import ParamError
from ..reasons import reason
from .base import Ability, register
from .replace import pay_acts, read_do

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

SIDES = ("attacker", "holder", "bank")
#: each side as the replacement names it
AS_SIDE = {"attacker": "attacker", "holder": "me", "bank": "bank"}


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

    @staticmethod
    def as_replace(p: dict[str, Any]) -> dict[str, Any]:
        """The `replace` parameters this block stands for (`p`: its own, defaults included)."""
        coins = {"amount": p.get("amount", 1), "from": AS_SIDE[p.get("payer", "attacker")],
                 "to": AS_SIDE[p.get("payee", "holder")], "required": bool(p.get("required", False))}
        return {"instead_of": "region_conquered", "whose": "defender", "do": [{"coins": coins}, "conquer"]}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        for k in ("payer", "payee"):
            if self.p[k] not in SIDES:
                raise ParamError(reason("param_choice", effect=self.name, param=k, value=self.p[k],
                                        known=", ".join(SIDES)))
        if self.p["payer"] == self.p["payee"] or (
                self.p["required"] and (self.p["payer"], self.p["payee"]) != ("attacker", "holder")):
            raise ParamError(reason("param_payer_payee", effect=self.name))
        self.coins, _, _, _ = read_do(self.as_replace(self.p)["do"], "region_conquered", "defender", self.name)

    def conquest_price(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool) -> int:
        return sum(c.n for c in self.coins if c.required)

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool,
                       events: list[dict[str, Any]]) -> None:
        pay_acts(s, self.coins, attacker, seat, events, required=False)      # the required: its price


register("coins_when_conquered", CoinsWhenConquered)
