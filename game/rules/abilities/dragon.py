"""Effect `dragon`: the Dragon Master's conquest (`dragon: region`). Once per turn the Active
race conquers a region with `tokens` token(s) whatever defends it (the usual target rules still
apply: adjacency, the edge for a first conquest, no Seas, no immune region, the Diplomat's
peace; and, as for every conquest, at least one token in hand, R20; a race that conquers with
at least N tokens, Kobolds, sends N with the Dragon, R23). The defender loses tokens
as in any conquest (R4). The Dragon then sits in that region, which is immune to conquest and
to racial and special powers (R10) until the Dragon moves: it leaves its old region when it is
sent to a new conquest in a later turn, and leaves the board when the race goes into decline.
Active only.

YAML: `dragon` (or `{dragon: {tokens: 2}}` for a weaker beast; never fewer than 1)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import Dragon as DragonIntent
from ..common import made_once
from ..listing import conquest_options
from ..pricing import least_tokens
from ..reasons import Reason, reason, reason_n
from ..resolution import take_region
from ..state import CONQUER
from ..targets import target_reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState

USED: Final = "dragon"


#: the Dragon's conquests, made once by region (`made_once`), with their class read as a constant
_MADE: Final[dict[str, DragonIntent]] = {}
_DRAGON: Final = DragonIntent


class Dragon(Ability):
    """Once per turn take a region with `tokens` tokens whatever defends it; the Dragon stays there,
    making it immune, until it moves (Dragon Master). One of a kind: a conquest that ignores the
    defence entirely and a marker that moves with a move of its own; the expansions' Drakons and
    Lightning Bolts would reuse it with parameters."""

    region_pieces = ("dragon",)

    def marker_box(self) -> dict[str, int]:
        return {"dragon": 1}

    intents = ("dragon",)
    move_phases = (CONQUER,)
    params = {"tokens": 1}

    def _tokens(self, s: "GameState", seat: int) -> int:
        """Tokens the Dragon's conquest puts in the region: `tokens`, and never fewer than the
        race's least per conquest (R23: the Kobolds' dragon is accompanied by 2 Kobolds) nor
        than one, or the region would not be held."""
        hold = s.players[seat].active
        least = least_tokens(s, seat, s.catalog.effects_of(hold.race, hold.power)) if hold else 1
        return max(1, int(self.p["tokens"]), least)

    def _ready(self, s: "GameState", seat: int) -> Reason | None:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return reason("dragon_only_active")
        if s.turn.phase != CONQUER:
            return reason("conquests_over")
        if s.turn.used.get(USED):
            return reason("dragon_once")
        n = self._tokens(s, seat)
        if hold.hand < 1:                  # R20: a conquest needs a token in hand, whatever it costs
            return reason("no_tokens_in_hand")
        if hold.hand < n:
            return reason_n("dragon_needs", n, n=n, hand=hold.hand)
        if self._elsewhere(s, seat):
            return reason("dragon_elsewhere")
        return None

    @staticmethod
    def _elsewhere(s: "GameState", seat: int) -> bool:
        """Another player's Dragon is on the board (a quick look at the count first: usually none;
        then at the regions of `seat`'s Active race: when every Dragon on the board is there,
        none is another player's, and the board is not read)."""
        n = s.marker_count("dragon")
        if n:
            if n == _mine(s, seat):
                return False
            for r in s.regions.values():
                if r.dragon and r.owner is not None and r.owner != seat:
                    return True
        return False

    def _able(self, s: "GameState", seat: int) -> bool:
        """`_ready` finds nothing against the Dragon's conquest now: said without its reasons
        (the listing asks at every step of the race's conquests)."""
        t = s.turn
        if t.phase != CONQUER or t.used.get(USED):
            return False
        hold = self.active_hold(s, seat)
        return hold is not None and hold.hand >= 1 and hold.hand >= self._tokens(s, seat) \
            and not self._elsewhere(s, seat)

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        rid = getattr(action, "region", "")
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        why = self._ready(s, seat)
        if why:
            return why
        hold = s.players[seat].active
        assert hold is not None
        return target_reason(s, seat, rid, hold, s.catalog.effects_of(hold.race, hold.power))

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        if not self._able(s, seat):
            return []
        hold = s.players[seat].active
        assert hold is not None
        abil = s.catalog.effects_of(hold.race, hold.power)
        # the regions `target_reason` accepts, found without building a reason for the others
        # (those the listing judged for the race's conquests, when it has)
        judged = s.judged_options(seat, hold)
        if judged is not None:
            return [made_once(_MADE, _DRAGON, rid) for rid in judged.rids]
        return [made_once(_MADE, _DRAGON, rid)
                for rid in conquest_options(s, seat, hold, abil, s.held_names(seat, hold.race)).rids]

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, DragonIntent)
        rid = action.region
        hold = s.player_w(seat).active
        assert hold is not None
        n = s.marker_count("dragon")
        mine = s.held_names(seat, hold.race)
        if n and n == _mine(s, seat, mine):           # the Dragon flies off its old region
            for other in mine:                        # (every Dragon is among the race's regions)
                if s.regions[other].dragon:
                    s.reg_w(other).dragon = False
        elif n:
            for other, r in s.regions.items():
                if r.dragon and r.owner == seat:
                    s.reg_w(other).dragon = False
        if take_region(s, seat, rid, events, chance, hold=hold, tokens=self._tokens(s, seat), how="dragon"):
            s.reg_w(rid).dragon = True              # (not where a Skag Attack cancelled the conquest)
        s.turn.used[USED] = True


def _mine(s: "GameState", seat: int, own: list[str] | None = None) -> int:
    """The Dragons on the regions of `seat`'s Active race (`own`, when the caller has them)."""
    hold = s.players[seat].active
    if hold is None:
        return 0
    regions = s.regions
    n = 0
    for rid in s.held_names(seat, hold.race) if own is None else own:
        if regions[rid].dragon:
            n += 1
    return n


register("dragon", Dragon)
