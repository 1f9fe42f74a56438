"""Conquest: the `Conquer` and `Reinforce` intents judged (`conquer_reason`). What a conquest
costs is in `pricing`, which regions a race may target in `targets` (and the fast listing of
them in `listing`), a conquest applied in `resolution`, and the final attempt with the
reinforcement die in `die`.
"""
from __future__ import annotations

from .actions import Conquer, Reinforce
from .die import die_reason
from .pricing import cost_of
from .reasons import Reason, reason, reason_n
from .state import CONQUER, GameState
from .targets import forced_reason, target_reason


def conquer_reason(s: GameState, seat: int, a: Conquer | Reinforce) -> Reason | None:
    """Why `seat` may not conquer `a.region` (or, with a `Reinforce`, attempt a final conquest of
    it). (The intent itself, in the engine's signature: `engine._JUDGES` holds this function.)"""
    rid = a.region
    if rid not in s.regions:
        return reason("no_such_region", id=rid)
    t = s.turn
    p = s.players[seat]
    hold = p.active
    if t.phase != CONQUER or hold is None:
        if hold is None:
            return reason("pick_first")
        return reason("conquests_over")
    if hold.hand < 1:
        return reason("no_tokens_in_hand")
    abil = s.catalog.effects_of(hold.race, hold.power)
    why = target_reason(s, seat, rid, hold, abil)
    if why:
        return why
    cost = cost_of(s, seat, rid, abil).total
    if "forced_regions" in s.catalog.hooked:
        why = forced_reason(s, seat, rid, hold, abil)
        if why:
            return why
    if not isinstance(a, Reinforce):
        if cost > hold.hand:
            return reason_n("needs_tokens", cost, cost=cost, hand=hold.hand)
        return None
    for ab in abil:
        why = ab.reinforce_reason(s, seat)
        if why:
            return why
    return die_reason(s, seat, rid, hold, abil, cost)
