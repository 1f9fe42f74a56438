"""Effect `enchant`: the Sorcerers' conversion (R11). Once per turn per opponent, the Active
race takes a region held by a lone Active token of that opponent, adjacent to one of its
regions, by sending that token to the tray and putting one of its own from the tray in its
place (`enchant: region`). The token must be the only race token there: a Troll's Lair, a
Fortress or a Mountain does not protect it, an Encampment does; a Hero, the Dragon or a
Hole-in-the-Ground makes the region immune (R10). A converted Elf is lost like any other
token. With no token of the race left in the tray there is no conversion (R14). The
conversion is a conquest: it ends the chance to abandon regions, counts as a non-empty
conquest (Orcs, Pillaging, Skeletons) and as an attack on the opponent (Diplomat). Active only.

YAML: `enchant` (or `{enchant: {per_opponent: 2}}` to allow more conversions per opponent)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Enchant as EnchantIntent
from ..common import add_tray, event, region_left, take_tray
from ..conquest import adjacent_to_own, immunity_reason, overrides, peace_reason, take_over
from ..state import CONQUER
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState

USED = "enchanted"


@register("enchant")
class Enchant(Ability):
    intents = ("enchant",)
    params = {"per_opponent": 1}

    def _reason(self, s: "GameState", seat: int, rid: str) -> str | None:
        if rid not in s.regions:
            return f"There is no region called {rid!r} on this map"
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return "Only an Active race with this power can convert tokens"
        if s.turn.phase != CONQUER:
            return "Your conquests are over for this turn"
        r = s.regions[rid]
        name = s.board.region(rid).display_name
        if not r.tokens or r.owner is None or r.owner == seat:
            return f"{name} holds no opponent's token to replace"
        if r.decline:
            return f"{name} holds an In Decline token: only an Active token can be replaced"
        why = immunity_reason(s, rid)
        if why:
            return why
        if r.tokens > 1:
            return f"{name} holds {r.tokens} {r.race.title()} tokens: only a lone token can be replaced"
        if r.encampments:
            return f"An Encampment protects the lone token in {name}"
        abil = s.catalog.effects_of(hold.race, hold.power)
        reg = s.board.region(rid)
        if reg.is_water and not any(ab.conquers_water(s, seat, rid) for ab in abil):
            return f"{name} is a {reg.terrain}: only a Seafaring race may hold it"
        if not adjacent_to_own(s, seat, rid, s.regions_of(seat, hold.race), abil):
            return f"{name} is not adjacent to your {hold.race.title()}"
        victim = s.players[r.owner].name
        if s.turn.used.get(USED, []).count(r.owner) >= self.p["per_opponent"]:
            return f"You already replaced one of {victim}'s tokens this turn"
        for ab in abil:
            why = ab.may_target(s, seat, rid)
            if why:
                return why
        why = peace_reason(s, seat, rid)
        if why:
            return why
        if s.tray.get(hold.race, 0) < 1:
            return f"No {hold.race.title()} token is left in the tray to put in {name}"
        return None

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> str | None:
        return self._reason(s, seat, getattr(action, "region", ""))

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline or s.turn.phase != CONQUER or s.tray.get(hold.race, 0) < 1:
            return []
        own = s.regions_of(seat, hold.race)
        if not own:
            return []
        if overrides(s.catalog.effects_of(hold.race, hold.power), "links"):
            cands: Any = s.regions
        else:
            near: set[str] = set()
            for o in own:
                near |= s.board.adjacency[o]
            cands = [r for r in s.regions if r in near]
        return [EnchantIntent(rid) for rid in cands
                if s.regions[rid].tokens == 1 and self._reason(s, seat, rid) is None]

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        rid = getattr(action, "region")
        hold = s.player_w(seat).active
        assert hold is not None
        r = s.regions[rid]
        owner, race = r.owner, r.race
        assert owner is not None and race is not None
        region_left(s, rid)
        add_tray(s, race, 1)
        event(events, "lost", seat=owner, race=race, region=rid, discarded=1, back=0)
        hold.hand += take_tray(s, hold.race, 1)
        t = s.turn
        t.used[USED] = t.used.get(USED, []) + [owner]
        if owner not in t.attacked:
            t.attacked.append(owner)
        take_over(s, seat, hold, rid, 1, True, (owner, race), events, how="enchant")
