"""Effect `ghouls_in_decline`: the Ghouls. When the race goes into decline all its tokens stay
on the board (not one per region). In Decline it goes on conquering: at the start of each of
the player's turns its regions are readied like an Active race's (all but one token per region
into the race's own hand), and it conquers (`ghouls: region`) by the ordinary rules — cost
(R1), adjacency or the edge for an entry (R2, R3), losses (R4) — before the Active race makes
any conquest (also before a new combo is picked), with its own effects only: the Active race's
and its power's discounts, reach and bonuses never apply to it (R18). It may end with a final
conquest attempt with the reinforcement die (`ghouls_reinforce: region`, R5): a region at most
3 tokens short; on a good roll all the Ghouls' tokens in hand go there; either way the Ghouls'
conquests are over for the turn and the Active race then conquers as usual. That die is rolled
by the same step as the Active race's final attempt (`die.final_attempt`), with the race's
own effects in force In Decline only (R18): its `die_modifier` and `reroll` with `in_decline:
true` reach it (a short roll waits for the re-roll, R23), never the Active race's; a coin paid
after the roll (Mercenary) is the Active race's power's and does not. It may attack its
owner's Active race, and a Diplomat's peace does not bind it (R12). Tokens left in its hand at
the end of the turn go to its regions by the default rule. Its conquests are not conquests of the Active race (they do
not pay Orcs or Pillaging and do not stop the Active race abandoning regions).

YAML: `ghouls_in_decline`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import GhoulsConquer, GhoulsReinforce
from ..common import effects, made_once
from ..die import DECLINE_DONE, DIE_TOP, brought, die_bonus, die_reason, final_attempt
from ..listing import conquest_options
from ..pricing import cost_of, least_tokens
from ..reasons import Reason, reason, reason_n
from ..resolution import take_region
from ..state import CONQUER, PICK
from ..targets import target_reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState, RaceHold


DONE: Final = DECLINE_DONE           # the In Decline Ghouls made their final conquest this turn

#: the Ghouls' conquests and final attempts, made once by region (`made_once`), with their class read as a constant
_CONQUERS: Final[dict[str, GhoulsConquer]] = {}
_REINFORCES: Final[dict[str, GhoulsReinforce]] = {}
_CONQUER: Final = GhoulsConquer
_REINFORCE: Final = GhoulsReinforce


class GhoulsInDecline(Ability):
    """All tokens stay on decline, and the race keeps readying and conquering In Decline before the
    Active race (Ghouls). One of a kind: a whole second conquest phase for an In Decline race, with
    its own moves."""

    works_in_decline = True
    intents = ("ghouls", "ghouls_reinforce")
    move_phases = (PICK, CONQUER)

    def keeps_tokens_in_decline(self) -> bool:
        return True

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if s.players[seat].active is hold:
            return
        for rid in s.regions_of(seat, hold.race):
            n = s.regions[rid].tokens - 1
            if n > 0:
                s.reg_w(rid).tokens = 1
                hold.hand += n
                s.turn.readied[rid] = n

    def _ready(self, s: "GameState", seat: int) -> tuple[Reason | None, "RaceHold | None"]:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None:
            return reason("ghouls_none"), None
        if not in_decline:
            return reason("ghouls_active", s, race=hold.race), None
        t = s.turn
        if t.phase not in (PICK, CONQUER):
            return reason("conquests_over"), None
        if t.conquered or t.used.get("conquests_begun"):
            return reason("ghouls_when", s, race=hold.race), None
        if t.used.get(DONE):
            return reason("ghouls_done", s, race=hold.race), None
        if hold.hand < 1:
            return reason("ghouls_no_hand", s, race=hold.race), None
        return None, hold

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        rid = getattr(action, "region", "")
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        why, hold = self._ready(s, seat)
        if why or hold is None:
            return why
        abil = tuple(effects(s, hold, True))
        why = target_reason(s, seat, rid, hold, abil, check_peace=False)
        if why:
            return why
        cost = cost_of(s, seat, rid, abil, hold).total
        if action.kind == "ghouls_reinforce":
            return die_reason(s, seat, rid, hold, abil, cost)      # as the Active race's (R5, R23)
        if cost > hold.hand:
            return reason_n("ghouls_needs", cost, s, cost=cost, race=hold.race, hand=hold.hand)
        return None

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        hold, in_decline = self.hold_in(s, seat)
        t = s.turn
        if (hold is None or not in_decline or t.phase not in (PICK, CONQUER) or t.conquered
                or t.used.get("conquests_begun") or t.used.get(DONE) or hold.hand < 1):
            return []                    # `_ready` refuses (said without its sentence)
        abil = tuple(effects(s, hold, True))
        out: list["Action"] = []
        die = hold.hand >= least_tokens(s, seat, abil)
        # the regions `target_reason` accepts (no peace binding them, R12), each with its cost,
        # found as the Active race's are (`conquest_options`)
        judged = conquest_options(s, seat, hold, abil, s.held_names(seat, hold.race), peace=False)
        hand = hold.hand
        costs = judged.costs
        for k, place in enumerate(judged.places):
            short = costs[k] - hand
            if short <= 0:
                out.append(made_once(_CONQUERS, _CONQUER, place.id))
            elif die and short <= brought(DIE_TOP, die_bonus(s, seat, place.id, abil)):
                out.append(made_once(_REINFORCES, _REINFORCE, place.id))
        return out

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, (GhoulsConquer, GhoulsReinforce))
        rid = action.region
        hold, _ = self.hold_in(s, seat, write=True)
        assert hold is not None
        abil = tuple(effects(s, hold, True))
        cost = cost_of(s, seat, rid, abil, hold).total
        if action.kind != "ghouls_reinforce":
            take_region(s, seat, rid, events, chance, hold=hold, tokens=cost, how="ghouls")
            return
        final_attempt(s, seat, hold, rid, cost, chance, events, abil)      # ends with DONE set


register("ghouls_in_decline", GhoulsInDecline)
