"""Effect `enchant`: the Sorcerers' conversion (R11). Once per turn per opponent, the Active
race takes a region held by a lone Active token of that opponent, adjacent to one of its
regions, by sending that token to the tray and putting one of its own from the tray in its
place (`enchant: region`). The token must be the only race token there: a Troll's Lair, a
Fortress or a Mountain does not protect it, an Encampment does; a Hero, the Dragon or a
Hole-in-the-Ground makes the region immune (R10). A converted Elf is lost like any other
token. With no token of the race left in the tray there is no conversion (R14), and like
every conquest it needs a token in the player's hand, though that token stays there (R20). The
conversion is a conquest (R21), made by the one conquest path with its two differences as
parameters (the token replaced is lost whatever protects it, the new one comes from the tray):
it ends the chance to abandon regions, counts as a non-empty conquest (Orcs, Pillaging,
Skeletons) and as an attack on the opponent (Diplomat), and every effect that hears of a
conquest or of a lost token hears of it, on both sides (Corrupt, Pot of Gold, Scarecrows,
Martyr, Skags' Loot, Witch Doctors, Igors; Ransacking). Active only.

YAML: `enchant` (or `{enchant: {per_opponent: 2}}` to allow more conversions per opponent)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import Enchant as EnchantIntent
from ..board import Place
from ..common import made_once
from ..pricing import conquest_refused, least_tokens
from ..reasons import Reason, reason, reason_n
from ..resolution import take_region
from ..state import CONQUER
from ..targets import adjacent_to_own, immunity_reason, peace_reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState

USED: Final = "enchanted"


#: the conversions, made once by region (`made_once`), with their class read as a constant
_MADE: Final[dict[str, EnchantIntent]] = {}
_ENCHANT: Final = EnchantIntent


class Enchant(Ability):
    """Replace a lone Active token of an opponent next to your regions by one of yours from the tray
    (`enchant: region`), `per_opponent` times per opponent a turn (Sorcerers). One of a kind: a
    conquest that converts a token instead of paying for the region, with refusals no other conquest
    has (encampments, lone token, tray)."""

    intents = ("enchant",)
    move_phases = (CONQUER,)
    idle_values = {"per_opponent": 0}
    params = {"per_opponent": 1}

    def _reason(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return reason("enchant_only_active")
        if s.turn.phase != CONQUER:
            return reason("conquests_over")
        if hold.hand < 1:                  # R20: the conversion is a conquest: it needs a token in hand
            return reason("no_tokens_in_hand")
        least = least_tokens(s, seat, s.catalog.effects_of(hold.race, hold.power))
        if hold.hand < least - 1:          # R23: a race conquering with N sends N-1 from its hand too
            return reason_n("needs_tokens", least - 1, cost=least - 1, hand=hold.hand)
        r = s.regions[rid]
        if not r.tokens or r.owner is None or r.owner == seat:
            return reason("enchant_no_opponent", s, region=rid)
        if r.decline:
            return reason("enchant_in_decline", s, region=rid)
        why = immunity_reason(s, rid, seat)
        if why:
            return why
        if "conquest_refused" in s.catalog.hooked:       # the holder's replacement: the conquest fails
            why = conquest_refused(s, seat, rid)
            if why:
                return why
        if r.tokens > 1:
            return reason("enchant_not_lone", s, region=rid, tokens=r.tokens, race=r.race)
        if r.encampments:
            return reason("enchant_encampment", s, region=rid)
        abil = s.catalog.effects_of(hold.race, hold.power)
        reg = s.board.region(rid)
        if reg.is_water and not any(ab.conquers_water(s, seat, rid) for ab in abil):
            return reason(f"enchant_water_{reg.terrain}", s, region=rid)
        board = s.board                  # (next to one of its regions asked of their mask first)
        if not board.adj_bits[board.index[rid]] & s.held_bits(seat, hold.race) and \
                not adjacent_to_own(s, seat, rid, s.held_names(seat, hold.race), abil):
            return reason("enchant_not_adjacent", s, region=rid, race=hold.race)
        if s.turn.used.get(USED, []).count(r.owner) >= self.p["per_opponent"]:
            return reason("enchant_once", player=s.players[r.owner].name)
        for ab in abil:
            why = ab.may_target(s, seat, rid)
            if why:
                return why
        why = peace_reason(s, seat, rid)
        if why:
            return why
        if s.tray.get(hold.race, 0) < 1:
            return reason("enchant_tray_empty", s, race=hold.race, region=rid)
        return None

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        return self._reason(s, seat, getattr(action, "region", ""))

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        hold, in_decline = self.hold_in(s, seat)
        if (hold is None or in_decline or s.turn.phase != CONQUER or hold.hand < 1
                or s.tray.get(hold.race, 0) < 1):
            return []
        own = s.held_bits(seat, hold.race)
        if not own:
            return []
        abil = s.catalog.effects_of(hold.race, hold.power)
        if hold.hand < least_tokens(s, seat, abil) - 1:
            return []                      # (`_reason` refuses every region, R23)
        tab = s.catalog.hooks(abil)
        linked = bool(tab.links)           # (then every region is a candidate)
        judged = s.judged_options(seat, hold)
        places: list[Place]
        if judged is not None and "conquest_price" not in s.catalog.hooked:
            # the regions the listing judged the race may conquer now, when it has: `_reason`
            # refuses every region the listing refuses (held, immune, at peace, water, refused by
            # an effect, out of reach) but one too dear in coins, where no race asks coins; of
            # those, the ones next to its regions (all are, unless an effect reaches further or
            # links regions), or linked to one
            if tab.reaches and not linked:
                board = s.board
                if board.wide:
                    # (the few regions next to its own, each looked up among those judged, where
                    # a flier's hundreds of judged regions were each asked against a wide mask)
                    places = [pl for pl in board.places_in(board.near_bits(own))
                              if judged.cost_at(pl.num) is not None]
                else:
                    adj = board.adj_bits
                    places = [pl for pl in judged.places if adj[pl.num] & own]
            else:
                places = judged.places
        elif linked:                       # (every region, in board order, as the state holds them)
            places = list(s.board.places)
        else:
            places = s.board.places_in(s.board.near_bits(own))
        mine = s.regions_of(seat, hold.race) if linked else []
        at = s.at()                        # (each region read by its number, not looked up by name)
        done = s.turn.used.get(USED, [])
        most = self.p["per_opponent"]
        out: list["Action"] = []
        for pl in places:                  # (a first look at what `_reason` refuses, without its sentence)
            r = at[pl.num]
            if r.tokens == 1 and r.owner is not None and r.owner != seat and not r.decline \
                    and not (r.encampments or r.hero or r.dragon or r.hole) \
                    and not (done and done.count(r.owner) >= most):
                rid = pl.id
                if not (linked and not adjacent_to_own(s, seat, rid, mine, abil)) \
                        and self._reason(s, seat, rid) is None:
                    out.append(made_once(_MADE, _ENCHANT, rid))
        return out

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, EnchantIntent)
        rid = action.region
        hold = s.player_w(seat).active
        assert hold is not None
        owner = s.regions[rid].owner
        t = s.turn
        t.used[USED] = t.used.get(USED, []) + [owner]
        # a conquest like any other (R21), but the token replaced is lost and the new one comes
        # from the tray (with the race's least per conquest made up from the hand, R23)
        tokens = least_tokens(s, seat, s.catalog.effects_of(hold.race, hold.power))
        take_region(s, seat, rid, events, chance, hold=hold, tokens=tokens, how="enchant",
                    replace=True, from_tray=1)


register("enchant", Enchant)
