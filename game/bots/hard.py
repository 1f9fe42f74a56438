"""Hard: Medium's judgement, checked by playing the game on.

Once per turn, at the turn's real decision — which combo to pick, or whether to go into
decline and how to conquer — Hard lists a few candidate plans (every affordable combo; declining
now; carrying on with Medium's plan or with a bolder variant of it, which hits the leader harder,
even where Medium would decline) and plays each on to the end of the game many times with Medium in every seat (determinized rollouts: the
hidden stacks are shuffled anew for each rollout and the die is rolled; the same shuffles and
die sequence are given to every candidate, so that the comparison is between plans and not
between lucky draws). The candidate with the best mean result (coin margin over the best
opponent, plus a bonus for winning) is played; the rest of the turn follows that plan. Plans
that are clearly behind are dropped early (successive halving), so the time goes to the close
calls.

The look-ahead stops at the time budget (`budget` seconds per decision, at most 2) once it has
played at least `floor` rollouts, or after a fixed number of rollouts (`iterations`, for
reproducible runs). The budget is processor time of the thread that decides (`time.thread_time`),
not the clock: on a busy machine, or beside the window's drawing thread, Hard still looks as far
ahead as on a quiet one, only later; and the floor keeps a slow machine from making it weaker:
it thinks longer there instead. `cap` (seconds on the clock) stops it whatever the floor, so the
window never waits longer than that (a machine too slow for the floor within the cap plays weaker).
`game.bots.REGISTRY` gives the window's and the match's Hard its floor and cap. Hard
decides from the public view of its seat: opponents' coins are estimates, the stacks are unknown.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from ..rules import CONQUER, PICK, Action, Decline, GameState, Pick, actor, legal_actions, outcome, play
from .knowledge import Knowledge
from .medium import MediumBot, MediumStyle
from .tactics import RegionValuer, decline_income, turns_left
from .view import public_view

MAX_BUDGET = 2.0
clock = time.thread_time        # the budget's clock: processor seconds of the deciding thread
wall = time.monotonic           # the cap's clock: seconds the window waits
WIN_BONUS = 12.0
MARGIN_CLIP = 40.0

STYLES: dict[str, MediumStyle] = {
    "medium": MediumStyle(),
    "bold": MediumStyle(opp_weight=0.7, leader_weight=0.6, keep_per_token=0.05),
}


class CarryingOn(MediumBot):
    """Medium's judgement for the seat's own turn under a plan: it never goes into decline by
    itself — declining is a plan of its own — so "carry on" means carrying on even where Medium
    would decline, and the look-ahead can tell which of the two is worth more."""

    def should_decline(self, s: GameState, seat: int, acts: Sequence[Action], know: Knowledge,
                       valuer: RegionValuer | None = None) -> bool:
        return False


@dataclass
class Candidate:
    label: str
    first: Action | None           # the intent that starts the plan (None: the style decides)
    style: str = "medium"
    total: float = 0.0
    n: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else -1e9


class HardBot:
    level = "hard"

    def __init__(self, seat: int, seed: int = 0, budget: float = 1.5, iterations: int | None = None,
                 max_candidates: int = 5, horizon: int | None = None, floor: int = 0,
                 cap: float | None = None) -> None:
        if budget > MAX_BUDGET:
            raise ValueError(f"Hard's budget is at most {MAX_BUDGET} s per decision, not {budget}")
        if floor < 0 or (cap is not None and not cap > 0):
            raise ValueError(f"Hard's floor is 0 or more look-ahead games and its cap more than 0 s, "
                             f"not {floor} and {cap}")
        self.seat = seat
        self.seed = seed
        self.budget = budget
        self.iterations = iterations
        self.max_candidates = max_candidates
        self.horizon = horizon                  # rounds to play on before estimating (None: to the end)
        self.floor = floor                      # look-ahead games a decision at least (time mode)
        self.cap = cap                          # seconds on the clock a decision at most (time mode)
        self.rollouts = 0                       # look-ahead games of the last search
        self.medium = MediumBot(seat, seed)
        self._styled = {k: CarryingOn(seat, seed, st) for k, st in STYLES.items()}
        self._plan: tuple[tuple[int, int], str] | None = None   # (round, seat) -> style
        self.last_search: dict[str, tuple[float, int]] = {}     # label -> (mean, rollouts), for tests
        self.searched = False                                   # did the last decision look ahead?

    # -- the window's entry point ------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        start, begun = clock(), wall()              # the budget and the cap count the whole decision
        self.searched = False
        seat = self.seat
        view = public_view(state, seat)
        acts = legal_actions(view)
        if len(acts) == 1:
            return acts[0]
        key = (view.round, view.turn.seat)
        if view.turn.seat != seat:                 # placing tokens during someone else's turn
            return self.medium.decide(view)
        t = view.turn
        cands: list[Candidate] = []
        if t.phase == PICK:
            first = self.medium.decide(view)
            if not isinstance(first, Pick):
                return first
            cands = self._pick_candidates(view, seat, acts)
        elif t.phase == CONQUER and Decline() in acts and not t.acted and not t.picked:
            cands = [Candidate("decline", Decline())] + [Candidate(f"carry on ({k})", None, k) for k in STYLES]
        else:
            style = self._plan[1] if self._plan and self._plan[0] == key else "medium"
            return self._styled[style].decide(view)
        if turns_left(view, seat) <= 1 and t.phase == CONQUER:
            cands = [c for c in cands if c.first is None]     # never decline in the last turn
        self.searched = len(cands) > 1
        best = self._search(view, seat, cands, start, begun) if len(cands) > 1 else cands[0]
        self._plan = (key, best.style)
        if best.first is not None:
            return best.first
        return self._styled[best.style].decide(view)

    # -- candidates -------------------------------------------------------------------------------
    def _pick_candidates(self, s: GameState, seat: int, acts: list[Action]) -> list[Candidate]:
        """The combos Medium values most (the others are rarely worth a look-ahead)."""
        know = Knowledge.of(s.board, s.catalog, len(s.players))
        picks = [a for a in acts if isinstance(a, Pick)]
        out = []
        for _, a in self.medium.pick_values(s, seat, picks, know)[:self.max_candidates]:
            c = s.column[a.index]
            out.append(Candidate(f"pick {c.race}+{c.power} (#{a.index})", a))
        return out

    # -- look-ahead -----------------------------------------------------------------------------
    def _search(self, s: GameState, seat: int, cands: list[Candidate],
                start: float | None = None, begun: float | None = None) -> Candidate:
        """Rollouts in rounds (one per surviving candidate, same luck for all), halving the field
        after 4, 8, 16... rounds; stops before a rollout would overrun the budget (once `floor`
        rollouts are played) or the cap."""
        t0 = clock() if start is None else start
        w0 = wall() if begun is None else begun
        deadline = t0 + self.budget - 0.01
        limit = self.iterations
        alive = list(cands)
        k = 0
        rollouts = 0
        spent = 0.0
        next_cut = 4
        bots = [MediumBot(i, self.seed) for i in range(len(s.players))]
        base = f"{self.seed}:{seat}:{s.round}:{len(s.turn.conquered)}"
        stop = False
        while not stop:
            for c in alive:
                if limit is not None:
                    if rollouts >= limit:
                        stop = True
                        break
                else:
                    now = clock()
                    mean = spent / rollouts if rollouts else 0.0
                    if rollouts >= self.floor and now + 1.5 * mean >= deadline:
                        stop = True
                        break
                    waited = wall() - w0
                    if self.cap is not None and rollouts and waited * (1 + 1.2 / rollouts) >= self.cap:
                        stop = True                  # the next one would overrun the cap
                        break
                r0 = clock()
                c.total += self._rollout(s, seat, c, bots, f"{base}:{k}")
                c.n += 1
                rollouts += 1
                spent += clock() - r0
            if stop:
                break
            k += 1
            if k >= next_cut and len(alive) > 2:
                alive.sort(key=lambda c: -c.mean)
                alive = alive[:max(2, (len(alive) + 1) // 2)]
                next_cut *= 2
        self.last_search = {c.label: (c.mean, c.n) for c in cands}
        self.rollouts = rollouts
        done = [c for c in alive if c.n]
        if not done:
            return cands[0]                      # no time for a single look-ahead: Medium's choice
        fewest = min(c.n for c in done)
        return max(done, key=lambda c: (c.n >= fewest, c.mean))

    def _rollout(self, s0: GameState, seat: int, cand: Candidate, bots: list[MediumBot], luck: str) -> float:
        """One game played on from `s0` with `cand`'s plan for this turn; `luck` seeds the
        guess at the hidden stacks and every die roll, the same for every candidate."""
        s = s0.copy().supply_w()                 # the stacks are shared with s0 until then
        rng = random.Random(f"{luck}:stacks")
        rng.shuffle(s.race_stack)                 # the stacks are hidden: one guess per rollout
        rng.shuffle(s.power_stack)
        s.seal()
        die = random.Random(f"{luck}:{s.round}:{seat}")
        me = self._styled[cand.style]
        if cand.first is not None:            # (`play`: each state is left behind; `s0`, the
            s, _ = play(s, cand.first, die)     # view the copy came from, is never written)
        while not s.game_over and s.turn.seat == seat and actor(s) == seat:
            s, _ = play(s, me.decide(s), die)
        if self.horizon is None:
            return score(play_out(s, bots, luck), seat)
        end = (s.round + self.horizon, seat)
        s = play_out(s, bots, luck, stop=lambda x: (x.round, x.turn.seat) >= end)
        return estimate(s, seat)


def play_out(s: GameState, bots: list[MediumBot], rng: random.Random | str,
             stop: Callable[[GameState], bool] | None = None) -> GameState:
    """Play on with Medium in every seat until the game ends (or `stop` says so). With a string
    for `rng`, each turn rolls its own die sequence seeded by (rng, round, seat): two look-ahead
    games from different plans then see the same luck turn by turn. `s` is used up (`play`)."""
    steps = 0
    turn_key = None
    die = rng if isinstance(rng, random.Random) else None
    while not s.game_over:
        if stop is not None and stop(s):
            break
        if isinstance(rng, str) and (s.round, s.turn.seat) != turn_key:
            turn_key = (s.round, s.turn.seat)
            die = random.Random(f"{rng}:{turn_key[0]}:{turn_key[1]}")
        assert die is not None
        s, _ = play(s, bots[actor(s)].decide(s), die)
        steps += 1
        if steps > 20_000:
            raise RuntimeError("a look-ahead game did not end")
    return s


def future(s: GameState, seat: int, know: Knowledge) -> float:
    """Coins `seat` should still earn from here, by Medium's model of a race's life."""
    t = turns_left(s, seat)
    if t <= 0:
        return 0.0
    p = s.players[seat]
    d, d_rate = decline_income(s, seat, know)
    m = know.model
    if p.active is None:
        return m.fresh_value(t, s.round, d)
    hold = p.active
    own = s.regions_of(seat, hold.race)
    k = float(sum(s.regions[r].tokens for r in own) + hold.hand + hold.memo.get("set_aside", 0))
    return m.active_value(t, s.round, float(len(own)), k, know.traits(hold.race, hold.power), d, d_rate)


def estimate(s: GameState, seat: int) -> float:
    """Result for `seat` of a game stopped early: coins plus modelled future coins, as a
    margin over the best opponent (no winning bonus: nobody has won yet)."""
    if s.game_over:
        return score(s, seat)
    return max(-MARGIN_CLIP, min(MARGIN_CLIP, projected_margin(s, seat)))


def projected_margin(s: GameState, seat: int) -> float:
    """`seat`'s coins plus the coins it should still earn (`future`), minus the best opponent's
    same figure: how a game stopped early stands for it, unclipped."""
    know = Knowledge.of(s.board, s.catalog, len(s.players))
    v = [p.coins + future(s, i, know) for i, p in enumerate(s.players)]
    return v[seat] - max(x for i, x in enumerate(v) if i != seat)


def score(s: GameState, seat: int) -> float:
    """Result of a finished game for `seat`: coin margin over the best opponent, plus a bonus
    for winning (shared with the other winners)."""
    mine = s.players[seat].coins
    best_other = max(p.coins for i, p in enumerate(s.players) if i != seat)
    margin = max(-MARGIN_CLIP, min(MARGIN_CLIP, mine - best_other))
    winners = outcome(s).winners
    win = WIN_BONUS / len(winners) if seat in winners else 0.0
    return margin + win
