"""Block `tokens_at_redeploy`: new tokens from the tray when you redeploy.

`per: region` — `amount` for each region held matching `where` (Mudmen: Swamps);
`per: conquest` — `amount` for each region conquered this turn whose holder matched
`victim` (`active`: an opponent's Active race, Fauns; `nonempty`: any race or Lost Tribe;
`any`: every conquest, empty regions too) and
which matches `where` (its `occupant` is who held the region before the conquest).
With `victims_gain: true` each victim also gets a new token of his race for each region he
lost to you, placed after your turn (Fauns). The tray limits every gain (R14).

YAML: `{tokens_at_redeploy: {per: conquest, victim: active, victims_gain: true}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import take_tray
from .base import Ability, Victim, register
from .where import Where, conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class TokensAtRedeploy(Ability):
    """At redeploy, `amount` tokens from the tray per region matching `where` (`per: region`,
    Mudmen) or per conquest of a `victim` (`per: conquest`, Fauns; `victims_gain` gives the
    victims one each too)."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 1, "per": "region", "where": {}, "victim": "active",
                                        "victims_gain": False}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"per": ("region", "conquest"), "victim": ("active", "nonempty", "any")}
    only_with: ClassVar[dict[str, tuple[str, tuple[Any, ...]]]] = {"victim": ("per", ("conquest",)),
                                                               "victims_gain": ("per", ("conquest",))}
    #: the tokens come at redeploy, which only an Active race makes
    decline_honoured: ClassVar[bool | None] = False
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "tokens per region or per conquest",
        "per": "region (held now) or conquest (this turn)",
        "where": "which regions held (`per: region`) or conquered (`per: conquest`; `occupant` is who held "
                 "it before) count (see *where*)",
        "victim": "for `per: conquest`: active (an opponent's Active race), nonempty or any",
        "victims_gain": "each victim gets a new token per region lost, after your turn",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        if self.p["per"] == "conquest":
            self.occupant, self.where = conquest_where(self.p["where"], self.name)
        else:
            self.occupant, self.where = (), Where.parse(self.p["where"], self.name)

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        if self.p["per"] != "conquest":
            return
        hit = (victim.active_race if self.p["victim"] == "active"
               else bool(victim.tokens or victim.lost_tribe) if self.p["victim"] == "nonempty" else True)
        if not hit or (self.occupant and not held_before(self.occupant, seat, victim)):
            return
        if self.where:
            hold = s.players[seat].active
            if not self.where.holds(s, seat, hold.race if hold else None, rid):
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


register("tokens_at_redeploy", TokensAtRedeploy)
