"""Expert: a player that searches the game with the engine — information-set Monte Carlo tree
search over whole-turn plans.

What it cannot see it samples: each iteration of the search plays in one *determinization* of
its public view — the hidden banner and badge stacks shuffled, each opponent's hidden coins
drawn around the public estimate — and the die is rolled from a seed of the playout and the turn. Nothing else is assumed
about races: plans are built from `legal_actions` and played out with `apply`, so any race the
engine can run (a composed custom one too) is searched the same way.

Granularity. A Small World turn is many intents (a pick, five or six conquests, a die roll, a
redeploy, markers); searching per intent spends the budget on orderings of the same conquests,
and a tree over them would be thousands of nodes deep before it sees a turn's coins. The real
choices are per turn: which combo, whether to decline now, where the turn's conquests begin,
and how boldly to conquer (spread wide and hit the leader, or keep tokens home). So the tree's
moves are *whole-turn plans*: a first intent (a pick, declining, or a first conquest) and a
conquering style that plays the rest of the turn
(Medium's judgement with other weights, which never goes into decline by itself: "carry on"
carries on even where Medium would decline, so that declining is weighed against carrying on
in both directions). Where the conquests begin is weighed too: besides Medium's own first
conquest, the turn is played on from the regions Medium ranks next (`directions` of them), as
the direction a race spreads in is set by its first step. Plans are keyed by what they mean
("pick Elves+Flying", "decline", "carry on boldly", "carry on from Foxtor"), so the same move
is recognised in every determinization; a
plan that cannot be played in one (the combo is gone from the column) is simply unavailable
there, and the selection counts availability as information-set MCTS does.

The root is a *simple-regret* problem — only the move finally played matters — so its plans
are compared by *sequential halving* with common random numbers: the budget is cut into one
phase per halving; in a phase every plan still in the running gets the same number of
playouts, each round of them in the same determinization with the same dice, and the better
half goes on. Every plan is looked at: Medium's ranking of the column is often wrong by ten
coins or more and its last combo is sometimes the best (measured on lab positions), so a
search that only checks Medium's favourites misses the picks that matter most. A playout is
worth its coin margin over the best opponent, with no bonus for winning: the bonus flips with a
coin or two; without it the spread of the difference between two plans on the same luck is
about a third smaller (measured). The best plan is played only when it leads Medium's own
move (the first plan) clearly, by `lead` standard errors of their paired difference on the
luck both saw (2 by default; 0 takes any lead): the playouts play the seats much as Medium would, so a
smaller lead is within the error of that model (measured in a whole match at the default
budgets: 64.0% of wins and +2.84 coins a game against Hard, where taking any lead gave 66.2%
and +2.37, the same within noise; the look-ahead's own verdict lost 0.09 coins a decision).

Below the root the tree can hold the seat's next-turn plans (`depth` 2 or more: UCB1 with
availability counts and progressive widening, other seats played by Medium); by default
(`depth` 1) the seat's later turns are Medium's, like everybody's: at a few dozen playouts a
decision, trying other plans for later turns only added noise to the comparison of this turn's
plans (measured: the choices' loss against long look-ahead grew by half). After the tree the
game is played out to the end by Medium in every seat, with one exception: the other seats'
picks. A Medium that always takes its favourite combo makes every look-ahead game assume the
opponents take exactly that one, and a real opponent does not (measured: Hard, searching its
picks, leaves Medium's favourite at about half of them). So in the look-ahead the other seats
take Medium's favourite, second or third combo with shares `PICK_SHARES`, drawn from the
playout's luck and the turn (`VariedPicks`): plans compared on the same luck still meet the
same picks (measured in a whole match at the default budgets on the compiled engine: 71.0% of
wins and +4.58 coins a game against Hard, where every seat picking Medium's favourite gave
63.0% and +2.85 on the same deals; paired +1.72, +0.37 to +3.07; `varied_picks=False` plays
the old way). (`horizon`, a knob for the lab's regret
measure, stops a playout that many rounds on and values the rest by the learned model of a
race's life: many more playouts, but at one or two rounds the choices lost about 2 coins a
decision more than playing to the end, and at four the same within noise: docs/balance-lab.md.)

The search stops at the time budget (`budget` seconds per decision, 2 by default, at most 10)
once it has played at least `floor` playouts, or after exactly `iterations` playouts, which
makes a decision reproducible for a given `seed`. The budget is processor time of the thread
that decides (`time.thread_time`), not the clock: on a busy machine, or beside the window's
drawing thread, Expert searches as far as on a quiet one, only later; and the floor keeps a
slow machine from making it weaker: it thinks longer there instead. `cap` (seconds on the
clock) stops it whatever the floor, so the window never waits longer than that (a machine too
slow for the floor within the cap plays weaker). `game.bots.REGISTRY` gives the window's and
the match's Expert its floor and cap. `progress` follows the processor time spent and the
playouts played, whichever is further from done.
Expert searches at the turn's real decision (a pick, or declining against carrying on and
where to begin), and once more after a pick, at the new race's first conquest; it plays the
rest of the turn by the chosen plan's style; it reports `progress` (0 to 1) while it thinks, for the window's cue.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..rules import (
    CONQUER,
    PICK,
    Action,
    Conquer,
    Decline,
    GameState,
    Pick,
    actor,
    apply,
    legal_actions,
    play,
    why_illegal,
)
from ..stats import mean_ci
from .hard import CarryingOn, play_out, projected_margin
from .knowledge import Knowledge
from .medium import MediumBot, MediumStyle
from .tactics import turns_left
from .view import public_view

MAX_BUDGET = 10.0
DEFAULT_BUDGET = 2.0
UCB_C = 0.45                    # exploration, on rewards scaled to 0..1
MARGIN_CLIP = 60.0              # a playout's coin margin counts within +-60
clock = time.thread_time        # the budget's clock: processor seconds of the deciding thread
wall = time.monotonic           # the cap's clock: seconds the window waits

STYLES: dict[str, MediumStyle] = {
    "medium": MediumStyle(),
    "bold": MediumStyle(opp_weight=0.7, leader_weight=0.6, keep_per_token=0.05),
    "careful": MediumStyle(keep_per_token=0.55),
    "greedy": MediumStyle(opp_weight=0.1, leader_weight=0.1, keep_per_token=0.0),
}
STYLE_WORDS = {"medium": "steadily", "bold": "boldly", "careful": "carefully", "greedy": "greedily"}


@dataclass(frozen=True)
class Plan:
    """A whole-turn move: `first` starts it (None: the style decides from the start), `style`
    plays the rest of the turn."""

    key: str
    first: Action | None
    style: str = "medium"


STEADY = Plan("carry on steadily", None, "medium")      # Medium's own turn, never declining

#: how the other seats pick in Expert's look-ahead games: Medium's favourite combo, second or
#: third with these shares (measured: Hard, searching its picks, leaves Medium's favourite at
#: about half of them; a deterministic Medium makes every look-ahead game assume it never does)
PICK_SHARES = (0.5, 0.3, 0.2)


class VariedPicks(MediumBot):
    """Medium for another seat in a look-ahead game, but at a pick it takes Medium's favourite,
    second or third combo by `PICK_SHARES`, drawn from the look-ahead game's luck (`luck`, set
    for each game) and the turn: two plans compared on the same luck see the same draws."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.luck = ""

    def pick(self, s: GameState, seat: int, picks: Sequence[Pick], know: Knowledge) -> Action:
        ranked = self.pick_values(s, seat, picks, know)
        if not ranked:
            return picks[0]
        shares = PICK_SHARES[:len(ranked)]
        u = random.Random(f"{self.luck}:pick:{s.round}:{seat}").random() * sum(shares)
        for (_, a), share in zip(ranked, shares, strict=False):
            if u < share:
                return a
            u -= share
        return ranked[len(shares) - 1][1]


@dataclass
class Arm:
    total: float = 0.0
    n: int = 0
    avail: int = 0
    by_luck: dict[int, float] = field(default_factory=dict)    # root only: round of luck -> reward

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0


@dataclass
class Node:
    """A decision point of the searching seat, reached by a path of plan keys."""

    n: int = 0
    arms: dict[str, Arm] = field(default_factory=dict)


def widening(n: int) -> int:
    """How many plans (in order of prior) a node visited `n` times may try."""
    return 1 + int(math.sqrt(n) / 1.5)


class ExpertBot:
    level = "expert"

    def __init__(self, seat: int, seed: int = 0, budget: float = DEFAULT_BUDGET, iterations: int | None = None,
                 max_plans: int = 8, depth: int = 1, carry_styles: tuple[str, ...] = ("medium", "bold"),
                 directions: int = 2, lead: float = 2.0, horizon: int | None = None,
                 varied_picks: bool = True, floor: int = 0, cap: float | None = None) -> None:
        if not 0 < budget <= MAX_BUDGET:
            raise ValueError(f"Expert's budget is more than 0 and at most {MAX_BUDGET:g} s per decision, "
                             f"not {budget}")
        if not lead >= 0:                         # NaN too
            raise ValueError(f"Expert's lead is 0 or more standard errors, not {lead}")
        if horizon is not None and horizon < 1:
            raise ValueError(f"Expert's horizon is 1 round or more (or none: to the end), not {horizon}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"Expert's iterations must be at least 1, not {iterations}")
        if floor < 0 or (cap is not None and not cap > 0):
            raise ValueError(f"Expert's floor is 0 or more playouts and its cap more than 0 s, "
                             f"not {floor} and {cap}")
        self.seat = seat
        self.seed = seed
        self.budget = budget
        self.iterations = iterations
        self.max_plans = max_plans
        self.depth = depth                      # own turns in the tree (1: the root only)
        self.carry_styles = carry_styles        # conquering styles tried when carrying on
        self.directions = directions            # other first conquests tried besides Medium's
        self.lead = lead                        # standard errors a plan must lead Medium's by
        self.horizon = horizon                  # rounds played on before the leaf's estimate (None: to the end)
        self.varied_picks = varied_picks        # the other seats pick by `PICK_SHARES` in the look-ahead
        self.floor = floor                      # playouts a decision at least (time mode)
        self.cap = cap                          # seconds on the clock a decision at most (time mode)
        self.medium = MediumBot(seat, seed)
        self._styled = {k: CarryingOn(seat, seed, st) for k, st in STYLES.items()}
        self._plan: tuple[tuple[int, int], str] | None = None   # (round, seat) -> style of this turn
        self.progress = 0.0                     # 0..1 while searching (read by the window)
        self.searched = False                   # did the last decision search?
        self.last_search: dict[str, tuple[float, int]] = {}     # plan key -> (mean, playouts)
        self.playouts = 0
        self.last_contenders: dict[str, dict[int, float]] = {}   # plans in the running: luck -> reward
        self.last_luck: dict[str, dict[int, float]] = {}         # every plan: luck -> reward
        self.last_choice = ""

    # -- the window's entry point ------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        start, begun = clock(), wall()              # the budget and the cap count the whole decision
        self.searched = False
        self.progress = 0.0
        view = public_view(state, self.seat)
        acts = legal_actions(view)
        if len(acts) == 1:
            return acts[0]
        if view.turn.seat != self.seat:           # placing tokens during someone else's turn
            return self.medium.decide(view)
        key = (view.round, view.turn.seat)
        plans = self.distinct(view, self.plans(view, self.seat, acts))
        if not plans:
            style = self._plan[1] if self._plan and self._plan[0] == key else "medium"
            return self._styled[style].decide(view)
        if len(plans) == 1:
            best = plans[0]
        else:
            self.searched = True
            best = self.search(view, plans, start, begun)
        self._plan = (key, best.style)
        self.progress = 1.0
        if best.first is not None:
            return best.first
        return self._styled[best.style].decide(view)

    # -- plans ----------------------------------------------------------------------------------
    def plans(self, s: GameState, seat: int, acts: list[Action] | None = None) -> list[Plan]:
        """The whole-turn plans open at `s` (its seat's turn's real decision), in order of prior:
        Medium's favourite first. Empty when `s` is not such a decision (the turn's plan goes on)."""
        acts = legal_actions(s) if acts is None else acts
        t = s.turn
        if t.phase == PICK:
            first = self.medium.decide(s)
            if not isinstance(first, Pick):
                return []
            know = Knowledge.of(s.board, s.catalog, len(s.players))
            picks = [a for a in acts if isinstance(a, Pick)]
            ranked = [a for _, a in self.medium.pick_values(s, seat, picks, know)] or [first]
            out: list[Plan] = []
            for a in ranked[:self.max_plans]:
                c = s.column[a.index]
                out.append(Plan(f"pick {c.race}+{c.power}", a))
            return out
        if t.phase == CONQUER and not t.acted and t.picked and not t.conquered and self.directions:
            return [STEADY, *self.direction_plans(s, seat, acts)]   # a fresh race's first conquest
        if t.phase == CONQUER and not t.acted and not t.picked:
            carry = [Plan(f"carry on {STYLE_WORDS[k]}", None, k) for k in self.carry_styles]
            carry += self.direction_plans(s, seat, acts)
            if Decline() not in acts or turns_left(s, seat) <= 1:
                return carry                       # never decline in the last turn
            decline = Plan("decline", Decline())
            know = Knowledge.of(s.board, s.catalog, len(s.players))
            medium_declines = self.medium.should_decline(s, seat, acts, know)
            return [decline, *carry] if medium_declines else [carry[0], decline, *carry[1:]]
        return []

    def direction_plans(self, s: GameState, seat: int, acts: list[Action]) -> list[Plan]:
        """Carrying on from another first conquest than Medium's: the regions it ranks best (by
        value per token), `directions` of them besides its own choice (a plan that plays the
        same turn as carrying on steadily is dropped by `distinct`). Where a turn's conquests
        begin decides which way the race spreads; Medium's greedy first step is one guess among
        a few close ones."""
        if not self.directions:
            return []
        me = self._styled["medium"]
        valuer = me.valuer(s, seat, Knowledge.of(s.board, s.catalog, len(s.players)))
        conquers = [a for a in acts if isinstance(a, Conquer)]
        index = s.board.index
        ranked = sorted(me.worth_taking(s, seat, conquers, valuer), key=lambda x: (-x[0], index[x[1].region]))
        return [Plan(f"carry on from {a.region}", a, "medium") for _, a, _ in ranked[:self.directions + 1]]

    def distinct(self, s: GameState, plans: list[Plan]) -> list[Plan]:
        """`plans` without those that would play the very same turn as an earlier one (two
        styles often agree): each is played once on the view with the same die, and only the
        first plan of each distinct sequence of intents is kept."""
        seen: set[tuple[Action, ...]] = set()
        out = []
        for p in plans:
            played = tuple(self.turn_intents(s, p, random.Random(0)))
            if played not in seen:
                seen.add(played)
                out.append(p)
        return out

    def turn_intents(self, s: GameState, plan: Plan, die: random.Random) -> list[Action]:
        seat = self.seat
        me = self._styled[plan.style]
        out: list[Action] = []
        step = apply                     # `s` is asked again for the next plan: kept, the
        if plan.first is not None:       # states played after it left behind (`play`)
            s, _ = step(s, plan.first, die)
            out.append(plan.first)
            step = play
        while not s.game_over and s.turn.seat == seat and actor(s) == seat and len(out) < 500:
            a = me.decide(s)
            out.append(a)
            s, _ = step(s, a, die)
            step = play
        return out

    # -- the search ---------------------------------------------------------------------------------
    def search(self, view: GameState, plans: list[Plan], start: float | None = None,
               begun: float | None = None) -> Plan:
        """Sequential halving with common random numbers. The budget is split into phases, one
        per halving (log2 of the number of plans); in a phase every plan still in the running
        plays the same number of playouts, round by round, each round in one determinization
        with the same dice for all; at the end of a phase the better half (by mean on that
        shared luck) goes on. Every plan is looked at — Medium's ranking of the column is often
        wrong by ten coins or more, its sixth combo sometimes the best — and the time goes to
        telling the close ones apart. Without `iterations`, it plays on until both the budget
        and `floor` playouts are reached, and never past `cap` seconds on the clock."""
        seat = self.seat
        t0 = clock() if start is None else start
        w0 = wall() if begun is None else begun
        deadline = t0 + self.budget - 0.02
        limit = self.iterations
        tree: dict[tuple[str, ...], Node] = {}
        root = {p.key: Arm() for p in plans}
        alive = list(plans)
        bots = [VariedPicks(i, self.seed) if self.varied_picks and i != seat else MediumBot(i, self.seed)
                for i in range(len(view.players))]
        base = f"expert:{self.seed}:{seat}:{view.round}:{len(view.turn.conquered)}"
        done = 0
        spent = 0.0
        rnd = 0
        phases = max(1, math.ceil(math.log2(len(plans))))
        stop = False
        while not stop:
            if limit is not None:
                total: float | None = limit
            else:
                total = max(self.floor, self.budget * done / spent) if done and spent > 0 else None
            rounds = 1 if total is None else max(1, int((total - done) / (phases * len(alive))))
            for _ in range(rounds):
                for p in alive:
                    if limit is not None:
                        if done >= limit:
                            stop = True
                            break
                        self.progress = done / limit
                    else:
                        now = clock()
                        self.progress = min(1.0, (now - t0) / self.budget, done / self.floor if self.floor else 1.0)
                        if done >= max(1, self.floor) and now + 1.2 * spent / done >= deadline:
                            stop = True
                            break
                        waited = wall() - w0
                        if self.cap is not None and done and waited * (1 + 1.2 / done) >= self.cap:
                            stop = True              # the next one would overrun the cap
                            break
                    r0 = clock()
                    arm = root[p.key]
                    r = self.iterate(view, p, tree, bots, f"{base}:{rnd}")
                    arm.total += r
                    arm.by_luck[rnd] = r
                    arm.n += 1
                    arm.avail += 1
                    done += 1
                    spent += clock() - r0
                if stop:
                    break
                rnd += 1
            if stop:
                break
            if total is None:
                continue                             # the first round only timed a playout
            if phases > 1 and len(alive) > 2:
                # all plans in the running saw the same luck: their means compare fairly
                alive.sort(key=lambda p: -root[p.key].mean)
                alive = alive[:(len(alive) + 1) // 2]
            phases = max(1, phases - 1)
        self.playouts = done
        self.last_search = {p.key: (root[p.key].mean, root[p.key].n) for p in plans}
        # the best of the plans still in the running, compared on the luck they all saw (a
        # round cut short by the budget is not played by all of them)
        tried = [p for p in alive if root[p.key].n] or [p for p in plans if root[p.key].n]
        if not tried:
            return plans[0]                        # no time for a single playout: Medium's plan
        shared = set.intersection(*(set(root[p.key].by_luck) for p in tried))

        def paired(p: Plan) -> float:
            a = root[p.key]
            return sum(a.by_luck[k] for k in shared) / len(shared) if shared else a.mean
        best = max(tried, key=lambda p: (paired(p), root[p.key].mean, -plans.index(p)))
        if self.lead and best is not plans[0] and not clear_lead(root[best.key].by_luck, root[plans[0].key].by_luck, self.lead):
            best = plans[0]                        # no clear lead over Medium's own move
        self.last_contenders = {p.key: dict(root[p.key].by_luck) for p in tried}
        self.last_luck = {p.key: root[p.key].by_luck for p in plans}
        self.last_choice = best.key
        return best

    def determinize(self, view: GameState, rng: random.Random) -> GameState:
        """One guess at what the seat cannot see: the stacks' order and the others' coins."""
        s = view.copy().supply_w()              # the stacks are shared with the view until then
        rng.shuffle(s.race_stack)
        rng.shuffle(s.power_stack)
        for i in range(len(s.players)):
            if i != self.seat:
                est = view.players[i].coins
                s.player_w(i).coins = max(0, int(round(est + rng.gauss(0.0, 2.0 + 0.08 * est))))
        s.seal()
        return s

    def iterate(self, view: GameState, first: Plan, tree: dict[tuple[str, ...], Node],
                bots: list[MediumBot], luck: str) -> float:
        """One playout: the root plan `first`, then the tree's plans for the seat's next turns,
        then Medium for everyone to the end (the other seats picking by `PICK_SHARES`); returns
        the reward scaled to 0..1."""
        seat = self.seat
        for b in bots:
            if isinstance(b, VariedPicks):
                b.luck = luck
        rng = random.Random(f"{luck}:deal")
        s = self.determinize(view, rng)
        s = self.play_plan(s, first, luck)
        path: tuple[str, ...] = (first.key,)
        visited: list[tuple[Node, Arm]] = []
        for _ in range(self.depth - 1):
            s = self.advance(s, bots, luck)
            if s.game_over:
                break
            plans = self.plans(s, seat)
            if not plans:
                break
            node = tree.setdefault(path, Node())
            open_plans = plans[:widening(node.n)]
            for p in open_plans:
                node.arms.setdefault(p.key, Arm()).avail += 1
            p = self.select(node, open_plans)
            visited.append((node, node.arms[p.key]))
            s = self.play_plan(s, p, luck)
            path += (p.key,)
        if self.horizon is None or s.game_over:
            r = reward(play_out(s, bots, f"{luck}:out"), seat)
        else:
            stop_at = (s.round + self.horizon, seat)
            end = play_out(s, bots, f"{luck}:out", stop=lambda x: (x.round, x.turn.seat) >= stop_at)
            r = reward(end, seat) if end.game_over else leaf_reward(end, seat)
        for node, arm in visited:
            node.n += 1
            arm.n += 1
            arm.total += r
        return r

    def select(self, node: Node, plans: list[Plan]) -> Plan:
        """UCB1 with availability counts; an untried plan first (in order of prior)."""
        for p in plans:
            if node.arms[p.key].n == 0:
                return p

        def ucb(p: Plan) -> float:
            a = node.arms[p.key]
            return a.mean + UCB_C * math.sqrt(math.log(max(1, a.avail)) / a.n)
        return max(plans, key=ucb)

    def play_plan(self, s: GameState, plan: Plan, luck: str) -> GameState:
        """Play the seat's turn by `plan` until the turn passes on (or the game ends); `s` is
        used up (`play`)."""
        seat = self.seat
        me = self._styled[plan.style]
        die = turn_die(s, luck)
        if plan.first is not None and why_illegal(s, plan.first) is None:
            s, _ = play(s, plan.first, die)
        steps = 0
        while not s.game_over and s.turn.seat == seat and actor(s) == seat:
            s, _ = play(s, me.decide(s), die)
            steps += 1
            if steps > 500:
                raise RuntimeError("a planned turn did not end")
        return s

    def advance(self, s: GameState, bots: list[MediumBot], luck: str) -> GameState:
        """Let the others play (Medium) until the seat's next turn begins; `s` is used up (`play`)."""
        seat = self.seat
        steps = 0
        turn = None
        die = turn_die(s, luck)
        while not s.game_over and not (s.turn.seat == seat and actor(s) == seat):
            if (s.round, s.turn.seat) != turn:
                turn = (s.round, s.turn.seat)
                die = turn_die(s, luck)
            s, _ = play(s, bots[actor(s)].decide(s), die)
            steps += 1
            if steps > 5000:
                raise RuntimeError("the other players' turns did not end")
        return s


def clear_lead(mine: dict[int, float], default: dict[int, float], z: float) -> bool:
    """Does a plan lead the default plan clearly on the luck both saw: its mean paired
    difference more than `z` standard errors above 0? Fewer than two rounds of shared luck
    show no clear lead."""
    diffs = [mine[k] - default[k] for k in mine if k in default]
    return len(diffs) >= 2 and mean_ci(diffs, z)[1] > 0


def reward(end: GameState, seat: int) -> float:
    """A finished playout's worth to `seat`, 0..1: its coin margin over the best opponent. No
    bonus for winning: the margin already orders the outcomes, and a bonus that flips with a coin
    or two doubles the noise of a playout (measured on lab positions: the spread of the
    difference between two plans on the same luck fell by a third without it)."""
    mine = end.players[seat].coins
    best_other = max(p.coins for i, p in enumerate(end.players) if i != seat)
    return _scaled(mine - best_other)


def leaf_reward(s: GameState, seat: int) -> float:
    """The worth to `seat` of a playout stopped before the end, 0..1 like `reward`: coins plus the
    coins each player should still earn by Medium's model of a race's life (the worth learned
    from play), as a margin over the best opponent (`hard.projected_margin`)."""
    return _scaled(projected_margin(s, seat))


def _scaled(margin: float) -> float:
    """A coin margin clipped to +-MARGIN_CLIP and scaled to 0..1."""
    margin = max(-MARGIN_CLIP, min(MARGIN_CLIP, margin))
    return (margin + MARGIN_CLIP) / (2 * MARGIN_CLIP)


def turn_die(s: GameState, luck: str) -> random.Random:
    """The die of the turn being played in a playout: seeded by the playout's luck and the turn
    (the same seeds as `hard.play_out`), so that two plans compared on the same luck see the
    same rolls turn by turn, however many rolls each turn before took."""
    return random.Random(f"{luck}:out:{s.round}:{s.turn.seat}")


__all__ = ["ExpertBot", "Plan"]
