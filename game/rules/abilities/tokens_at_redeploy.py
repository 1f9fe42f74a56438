"""Block `tokens_at_redeploy`: new tokens from the tray when you redeploy.

`per: region` — `amount` for each region held matching `where` (Mudmen: Swamps);
`per: conquest` — `amount` for each region conquered this turn whose holder matched
`victim` (`active`: an opponent's Active race, Fauns; `nonempty`: any race or Lost Tribe).
With `victims_gain: true` each victim also gets a new token of his race for each region he
lost to you, placed after your turn (Fauns). The tray limits every gain (R14).

YAML: `{tokens_at_redeploy: {per: conquest, victim: active, victims_gain: true}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import take_tray
from ..reasons import reason
from .base import Ability, ParamError, Victim, register
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register("tokens_at_redeploy")
class TokensAtRedeploy(Ability):
    """At redeploy, `amount` tokens from the tray per region matching `where` (`per: region`,
    Mudmen) or per conquest of a `victim` (`per: conquest`, Fauns; `victims_gain` gives the
    victims one each too)."""

    params: ClassVar[dict[str, Any]] = {"amount": 1, "per": "region", "where": {}, "victim": "active",
                                        "victims_gain": False}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "tokens per region or per conquest",
        "per": "region (held now) or conquest (this turn)",
        "where": "for `per: region`: which regions (see *where*)",
        "victim": "for `per: conquest`: active (an opponent's Active race) or nonempty",
        "victims_gain": "each victim gets a new token per region lost, after your turn",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        if self.p["per"] not in ("region", "conquest"):
            raise ParamError(reason("param_choice", effect=self.name, param="per", value=self.p["per"],
                                    known="region, conquest"))
        if self.p["victim"] not in ("active", "nonempty"):
            raise ParamError(reason("param_choice", effect=self.name, param="victim", value=self.p["victim"],
                                    known="active, nonempty"))
        self.where = Where.parse(self.p["where"], self.name)

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        if self.p["per"] != "conquest":
            return
        hit = victim.active_race if self.p["victim"] == "active" else bool(victim.tokens or victim.lost_tribe)
        if not hit:
            return
        t = s.turn
        t.used[f"{self.name}_hits"] = int(t.used.get(f"{self.name}_hits", 0)) + 1
        if self.p["victims_gain"] and victim.owner is not None and victim.race is not None:
            vhold, _ = s.player_w(victim.owner).hold(victim.race)
            if vhold is not None:
                got = take_tray(s, victim.race, 1)
                vhold.hand += got
                if got and [victim.owner, victim.race] not in t.withdraw:
                    t.withdraw.append([victim.owner, victim.race])

    def redeploy_bonus(self, s: "GameState", seat: int) -> int:
        if self.p["per"] == "conquest":
            return int(self.p["amount"]) * int(s.turn.used.get(f"{self.name}_hits", 0))
        hold = s.players[seat].active
        if hold is None:
            return 0
        return int(self.p["amount"]) * sum(1 for r in s.regions_of(seat, hold.race)
                                           if self.where.holds(s, seat, hold.race, r))
