"""Reading a position the way a player does: what a region is worth to me, how exposed it is,
how to spread tokens over my regions, and a quick plan of this turn's conquests.

Pure functions over a (public view of a) game state; they never change it. Everything that is
iterated is taken in board order, so two processes with different string hashing make the same
choices (the balance lab depends on it).
"""
from __future__ import annotations

from typing import Any, ClassVar, Iterable, Sequence, TypeVar

from ..rules import Board, GameState, RaceHold, asked, conquest_cost, cost_of, decline_conqueror
from .knowledge import Knowledge

A = TypeVar("A", bound=Any)

# Chance that the reinforcement die covers a shortfall of 1, 2, 3 tokens (faces 0,0,0,1,2,3).
DIE_COVERS = {1: 0.5, 2: 1 / 3, 3: 1 / 6}


def decline_race_short(s: GameState, seat: int, rid: str) -> int:
    """Tokens the In Decline race of `seat` that conquers (Ghouls) lacks for `rid`: its own cost,
    with its own effects only, less its hand (a large number if no such race)."""
    found = decline_conqueror(s, seat)
    if found is None:
        return 99
    h, abil = found
    return cost_of(s, seat, rid, abil, h).total - h.hand


def neighbours(s: GameState, rid: str) -> list[str]:
    """Neighbours of `rid` in board order."""
    idx = s.board.index
    return sorted(s.board.adjacency[rid], key=idx.__getitem__)


_LAND: dict[int, tuple[Board, dict[str, tuple[str, ...]]]] = {}


def land_neighbours(board: Board) -> dict[str, tuple[str, ...]]:
    """Each region's neighbours that are not water, in board order (worked out once a board)."""
    got = _LAND.get(id(board))
    if got is None or got[0] is not board:
        if len(_LAND) > 32:
            _LAND.clear()
        idx = board.index
        got = (board, {r.id: tuple(sorted((nb for nb in board.adjacency[r.id] if nb not in board.water),
                                          key=idx.__getitem__)) for r in board.regions})
        _LAND[id(board)] = got
    return got[1]


def turns_left(s: GameState, seat: int) -> int:
    """Own turns left, counting the current one if `seat` is playing it."""
    left = s.board.turns - s.round + 1
    if seat < s.turn.seat:
        left -= 1
    return max(0, left)


def regions_per_seat(s: GameState) -> list[int]:
    """How many regions each seat holds with tokens (the state's index of who holds what)."""
    return s.regions_per_seat()


def leader(s: GameState, seat: int) -> int | None:
    """The opponent who looks most likely to win: coins as the view shows them, projected to the
    end of the game with his present income (so that players who have already played this
    round do not look richer than those who have not)."""
    best, who = -1e9, None
    held = regions_per_seat(s)
    left = s.board.turns - s.round + 1          # turns_left(s, i), worked out once for all seats
    now = s.turn.seat
    for i, p in enumerate(s.players):
        if i == seat:
            continue
        t = max(0, left - 1 if i < now else left)
        v = p.coins + (t + 1) * (held[i] + 0.5)   # income: a coin a region, and a little
        if v > best:
            best, who = v, i
    return who


def threat(s: GameState, seat: int, rid: str, markers: bool = True,
           land: dict[str, tuple[str, ...]] | None = None) -> float:
    """How likely `rid` (held by `seat`) is to be attacked before `seat`'s next turn
    (`markers=False`: as if no Hero, Dragon or Hole protected it; `land`: the board's
    `land_neighbours`, when the caller has them at hand)."""
    regions = s.regions
    r = regions[rid]
    if markers and r.immune:
        return 0.0
    board = s.board
    if land is None:
        land = land_neighbours(board)
    th = 0.0
    for nb in land[rid]:
        nr = regions[nb]
        o = nr.owner
        if o is not None and o == seat and nr.tokens:
            continue
        if nr.tokens and not nr.decline:
            th += 1.0 + 0.1 * nr.tokens
        elif nr.tokens:
            th += 0.35
        else:
            th += 0.4
    if rid in board.entry:
        th += 0.8
    return th


def spread(total: int, regions: Sequence[str], weight: dict[str, float], base: int = 1) -> dict[str, int]:
    """`base` tokens in each region, the rest one by one where weight / tokens is highest."""
    counts = {r: base for r in regions}
    extra = total - base * len(regions)
    if not regions:
        return counts
    if extra < 0:
        return counts
    # each region's claim on the next token, (weight + 0.01) / (tokens beyond base + 2) ** 1.5:
    # only the region that gets a token has a new one
    ws = [weight.get(r, 0.0) + 0.01 for r in regions]
    vals = [w / 2 ** 1.5 for w in ws]
    for _ in range(extra):
        best, best_v = 0, -1.0
        for i, v in enumerate(vals):
            if v > best_v:
                best, best_v = i, v
        r = regions[best]
        counts[r] += 1
        vals[best] = ws[best] / (counts[r] + 1 - base + 1) ** 1.5
    return counts


def defence_weights(s: GameState, seat: int, regions: Iterable[str], bonus: dict[str, float],
                    markers: bool = True) -> dict[str, float]:
    land = land_neighbours(s.board)
    out: dict[str, float] = {}
    for r in regions:
        out[r] = threat(s, seat, r, markers, land) * (1.0 + bonus.get(r, 0.0))
    return out


_NO_BONUS: dict[str, float] = {}


class RegionValuer:
    """What taking a region is worth to the Active race of `seat` this turn, in coins."""

    # the bonus coins a player's In Decline races earn per region, by (knowledge, their combos)
    _decline_bonus: ClassVar[dict[tuple[Knowledge, tuple[tuple[str, str | None], ...]], dict[str, float]]] = {}

    def __init__(self, s: GameState, seat: int, know: Knowledge, opp_weight: float = 0.35,
                 leader_weight: float = 0.35) -> None:
        self.s = s
        self.seat = seat
        p = s.players[seat]
        hold = p.active
        assert hold is not None
        self.hold = hold
        self.tr = know.block_traits(hold.race, hold.power)
        self.bonus = know.region_bonus(hold.race, hold.power)
        self.t_left = turns_left(s, seat)
        self.horizon = 1.0 if self.t_left <= 1 else min(float(self.t_left), 2.6)
        self.lead = leader(s, seat)
        self.opp_weight = opp_weight
        self.leader_weight = leader_weight
        self.decl_bonus = self._decline_bonus_of(know, p.declines)
        self._regions = s.regions
        self._h2 = min(self.horizon, 2.0)
        self._land = land_neighbours(s.board) if self.t_left > 1 else None
        self._memo: dict[str, float] = {}    # the values worked out (the plan and the choice read the same)

    @classmethod
    def _decline_bonus_of(cls, know: Knowledge, declines: list[RaceHold]) -> dict[str, float]:
        if not declines:                      # no race In Decline: no bonus (never written)
            return _NO_BONUS
        key = (know, tuple([(h.race, h.power) for h in declines]))
        got = cls._decline_bonus.get(key)
        if got is None:
            got = {}
            for h in declines:
                for rid, b in know.region_bonus(h.race, h.power, True).items():
                    if b:
                        got[rid] = got.get(rid, 0.0) + b
            if len(cls._decline_bonus) > 256:
                cls._decline_bonus.clear()
            cls._decline_bonus[key] = got
        return got

    def value(self, rid: str) -> float:
        got = self._memo.get(rid)
        if got is not None:
            return got
        regions = self._regions
        r = regions[rid]
        seat = self.seat
        v = (1.0 + self.bonus.get(rid, 0.0)) * self.horizon
        if r.tokens or r.lost_tribe:             # not empty
            v += self.tr.nonempty_bonus
        owner = r.owner                          # (read once, and compared as a number once known)
        if r.tokens and owner is not None:
            if owner == seat:
                if r.decline:                    # our own decline region: we lose its coins
                    v -= (1.0 + self.decl_bonus.get(rid, 0.0)) * self._h2
                    v -= 0.5
            else:
                lead = self.lead
                w = self.opp_weight + (self.leader_weight if lead is not None and owner == lead else 0.0)
                hurt = (1.3 if not r.decline else 1.0) * self._h2
                v += w * hurt
        land = self._land
        if land is not None:                     # more than one turn left: room to grow
            fresh = 0
            for nb in land[rid]:
                nr = regions[nb]
                o = nr.owner
                if o is None or o != seat or not nr.tokens:
                    fresh += 1
            v += 0.04 * fresh
        self._memo[rid] = v
        return v


def plan_gain(s: GameState, seat: int, targets: Iterable[str], hand: int, valuer: RegionValuer,
              wide: bool = False) -> tuple[float, list[str]]:
    """A quick greedy plan of this turn's conquests without playing them: cheapest first,
    spreading to the neighbours of what is taken. Returns (regions expected to be taken,
    counting a final die roll by its chance; the regions in order)."""
    land = land_neighbours(s.board)
    regions = s.regions
    costs: dict[str, int] = {}
    vals: dict[str, float] = {}
    # (the regions are priced and valued in plain loops, not by a nested function: compiled, a
    # closure makes this function keep its names in an object of their own)
    reach: list[str] = []
    for rid in targets:
        if rid not in costs:
            costs[rid] = conquest_cost(s, seat, rid)
            vals[rid] = valuer.value(rid)
        reach.append(rid)
    taken: list[str] = []
    taken_set: set[str] = set()
    while True:
        best: str | None = None
        best_c, best_v = 0, 0.0
        for rid in reach:
            if rid in taken_set:
                continue
            v = vals[rid]
            c = costs[rid]
            if v <= 0 or c > hand:
                continue
            if best is None or c < best_c or (c == best_c and -v < -best_v):
                best, best_c, best_v = rid, c, v
        if best is None:
            break
        taken.append(best)
        taken_set.add(best)
        hand -= best_c
        if not wide:
            for nb in land[best]:
                if nb in taken_set:
                    continue
                nr = regions[nb]
                if nr.immune or (nr.owner == seat and nr.tokens and not nr.decline):
                    continue
                if nb not in costs:
                    costs[nb] = conquest_cost(s, seat, nb)
                    vals[nb] = valuer.value(nb)
                    reach.append(nb)
    gain = float(len(taken))
    if hand >= 1:
        shorts = [costs[r] - hand for r in reach if r not in taken_set and vals[r] > 0 and costs[r] > hand]
        if shorts:
            gain += DIE_COVERS.get(min(shorts), 0.0)
    return gain, taken


def decline_income(s: GameState, seat: int, know: Knowledge) -> tuple[float, float]:
    """Regions `seat`'s In Decline races hold, and their coins per region per turn."""
    n, coins = 0, 0.0
    for h in s.players[seat].declines:
        regs = s.regions_of(seat, h.race)
        bonus = know.region_bonus(h.race, h.power, True)
        n += len(regs)
        c = sum(1.0 + bonus.get(r, 0.0) for r in regs)
        hold = know.decline_hold(h.race, h.power)
        if hold:                       # regions kept In Decline bring coins for longer
            per_token = know.per_token_in_decline(h.race, h.power)
            if per_token:              # a stack scoring per token (Priestesses' Ivory Tower)
                c = sum(per_token * s.regions[r].tokens for r in regs)
            c *= 1 + 0.6 * hold
        coins += c
    return float(n), (coins / n if n else 1.0)


def out_of_turn(s: GameState, acts: Sequence[A]) -> A | None:
    """While a decision out of turn is awaited (`asked`: a player moving tokens during another's
    turn), what a computer player decides: the effect lists its moves best first (the region
    that most needs the tokens) and leaving things as they are last, so it takes the first. None
    when no such decision waits."""
    if asked(s) is None or not acts:
        return None
    return acts[0]


def after_roll(acts: Sequence[A]) -> A | None:
    """While the final attempt's die waits for a choice after the roll (the listing offers
    `Settle`), what a computer player decides: a choice is offered only when it turns the roll
    into a success (Mercenary's coin), and a region taken is worth more than a coin, so it takes
    it; with none, it settles. None when no die waits."""
    if not any(a.kind == "settle" for a in acts):
        return None
    for a in acts:
        if a.kind != "settle":
            return a
    return acts[-1]
