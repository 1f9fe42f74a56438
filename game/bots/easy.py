"""Easy: a beginner who plays legal, sensible moves without counting.

It picks one of the first few combos it can afford, at random (a better one likelier, by what
the bots learned from play a combo is worth); conquers affordable regions,
usually a cheap one, never its own decline regions; tries the reinforcement die with the tokens
left; keeps the engine's default redeploy; and goes into decline only when its race can no
longer take anything. Special powers are used when the engine offers them, without planning.
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from ..rules import (
    CONQUER,
    PICK,
    Action,
    Ally,
    BerserkRoll,
    Conquer,
    Decline,
    Dragon,
    Enchant,
    EndTurn,
    Fortress,
    GameState,
    GhoulsConquer,
    GhoulsReinforce,
    Pick,
    Redeploy,
    Reinforce,
    actor,
    cost_of,
    legal_actions,
)
from .knowledge import Knowledge
from .tactics import after_roll, out_of_turn, turns_left
from .view import public_view


class EasyBot:
    level = "easy"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return self.decide(public_view(state, self.seat))

    def decide(self, s: GameState) -> Action:
        acts = legal_actions(s)
        if len(acts) == 1:
            return acts[0]
        chosen = after_roll(acts)              # the die waits for a choice after the roll
        if chosen is not None:
            return chosen
        chosen = out_of_turn(s, acts)          # a decision during another player's turn
        if chosen is not None:
            return chosen
        seat = actor(s)
        rng = self.rng
        phase = s.turn.phase
        if phase == PICK:
            ghouls = [a for a in acts if isinstance(a, GhoulsConquer) and s.regions[a.region].owner != seat]
            if ghouls and rng.random() < 0.7:
                return rng.choice(ghouls)
            last = [a for a in acts if isinstance(a, GhoulsReinforce) and s.regions[a.region].owner != seat]
            if last and not ghouls and rng.random() < 0.5:
                return rng.choice(last)
            picks = [a for a in acts if isinstance(a, Pick)][:4]
            if picks:
                return self._pick(s, picks)
            return acts[-1]
        if phase == CONQUER:
            hold = s.players[seat].active
            conquers = [a for a in acts if isinstance(a, Conquer) and not self._own_decline(s, seat, a.region)]
            t = s.turn
            if (Decline() in acts and not t.acted and not t.picked and not conquers
                    and turns_left(s, seat) > 1):
                return Decline()
            specials = [a for a in acts if isinstance(a, (Enchant, Dragon, GhoulsConquer))
                        and not self._own_decline(s, seat, a.region)]
            if specials and rng.random() < 0.5:
                return rng.choice(specials)
            if conquers:
                if rng.random() < 0.2 and any(isinstance(a, BerserkRoll) for a in acts):
                    return BerserkRoll()
                return self._cheapish(s, seat, conquers)
            reinf = [a for a in acts if isinstance(a, Reinforce) and not self._own_decline(s, seat, a.region)]
            if reinf and hold is not None and hold.hand >= 1:
                return rng.choice(reinf)
        if not s.turn.redeployed:
            red = next((a for a in acts if isinstance(a, Redeploy)), None)
            if red is not None:
                return red
        for kind in (Fortress, Ally):
            opts = [a for a in acts if isinstance(a, kind)]
            if opts:
                return rng.choice(opts)
        return EndTurn()

    def _pick(self, s: GameState, picks: Sequence[Pick]) -> Action:
        """One of the first affordable combos at random; when the bots have learned from play
        what the combos are worth (`worth.py`), a better one is likelier (a combo worth a coin
        more a turn about 1.6 times as likely), without counting further."""
        w = Knowledge.of(s.board, s.catalog, len(s.players)).worth
        if w is None:
            return self.rng.choice(picks)
        weights = [math.exp(0.5 * w.combo(s.column[a.index].race, s.column[a.index].power)) for a in picks]
        return self.rng.choices(picks, weights)[0]

    def _own_decline(self, s: GameState, seat: int, rid: str) -> bool:
        r = s.regions[rid]
        return r.owner == seat and r.tokens > 0 and r.decline

    def _cheapish(self, s: GameState, seat: int, conquers: Sequence[Conquer]) -> Action:
        costs = sorted((cost_of(s, seat, a.region).total, s.board.index[a.region], a) for a in conquers)
        cheap = [a for c, _, a in costs if c <= costs[0][0] + 1]
        return self.rng.choice(cheap)
