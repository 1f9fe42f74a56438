"""Medium: a player who counts.

It values every combo of the column by what the combo should earn over the turns left (tokens,
discounts, bonus coins, defence, what it is worth In Decline — `knowledge.LifeModel`), minus
the coins it costs plus the coins (and tokens) lying on it; plans each turn's conquests greedily for coins
(cheapest, richest regions first, hurting the leader when it can, a last roll of the
reinforcement die with the tokens left, the expansions' blocks' own moves where they help:
a second wave of conquests, a power borrowed from the column, a conquest bought cheaper, a
region emptied where opponents stand thickest); spreads its tokens over its regions by how exposed
they are; and goes into decline when the model says a fresh race earns more over the turns
left than carrying on. Each decision takes well under a millisecond, so that the balance lab
can play a thousand games in two minutes and Hard can use Medium for its look-ahead.

All decisions are made from the public view of the state (`view.public_view`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence, TypeVar, cast

from ..rules import (
    CONQUER,
    PICK,
    WITHDRAW,
    Action,
    Ally,
    BerserkRoll,
    Conquer,
    Decline,
    Dragon,
    Encampments,
    Enchant,
    EndTurn,
    Fortress,
    GameState,
    GhoulsConquer,
    GhoulsReinforce,
    Heroes,
    Pick,
    Redeploy,
    Reinforce,
    Use,
    Withdraw,
    actor,
    conquest_cost,
    die_bonus,
    legal_actions,
    lent_key,
    why_illegal,
)
from ..rules.pickling import when_compiled
from .knowledge import Knowledge
from .tactics import (
    DIE_COVERS,
    RegionValuer,
    after_roll,
    decline_income,
    decline_race_short,
    defence_weights,
    out_of_turn,
    plan_gain,
    spread,
    threat,
    turns_left,
)
from .view import public_view

try:        # compiled: Hard's and Expert's styled bots are interpreted subclasses (`game.native`'s rules)
    from mypy_extensions import mypyc_attr
except ImportError:         # the game without mypy: nothing is compiled
    def mypyc_attr(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls


@dataclass(frozen=True)
class MediumStyle:
    """Knobs of Medium's judgement; Hard tries variants of them."""

    opp_weight: float = 0.35        # coins of value per coin an opponent loses
    leader_weight: float = 0.35     # ... more when he leads
    keep_per_token: float = 0.25    # value of a token kept for defence (not in the last turn)
    decline_bias: float = 1.5       # coins added to the value of declining now (measured: docs/balance-lab.md)
    pick_bias_tokens: float = 0.0   # coins added per token of a combo when picking
    pick_spread: float = 0.6        # weight of the model's value of a combo against its price
    redeploy_sharpness: float = 0.5  # power of each region's threat when spreading the redeploy
                                     # (1: in proportion; measured: docs/balance-lab.md)


@mypyc_attr(allow_interpreted_subclasses=True)
class MediumBot:
    # class-wide (ClassVar), so that a subclass's own value is read even when this class is compiled
    level: ClassVar[str] = "medium"
    learned: ClassVar[bool] = True    # read the table of worth learned from play (`worth.py`) if there is one

    def __init__(self, seat: int, seed: int = 0, style: MediumStyle | None = None) -> None:
        self.seat = seat
        self.seed = seed
        self.style = style or MediumStyle()
        self.rng = random.Random(seed)

    # -- the window's entry point ------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        return self.decide(public_view(state, self.seat))

    # -- decisions on a state the bot may see -----------------------------------------------
    def decide(self, s: GameState) -> Action:
        acts = legal_actions(s)
        if len(acts) == 1:
            return acts[0]
        kinds = by_kind(acts)
        if _SETTLE in kinds:                   # the die waits for a choice after the roll
            return after_roll(acts) or acts[-1]
        chosen = out_of_turn(s, acts)          # a decision during another player's turn
        if chosen is not None:
            return chosen
        seat = actor(s)
        know = Knowledge.of(s.board, s.catalog, len(s.players), self.learned)
        phase = s.turn.phase
        if phase == WITHDRAW:
            return self.withdraw(s, acts)
        if phase == PICK:
            a = self.decline_race_conquest(s, seat, acts, know, kinds)
            if a is not None:
                return a
            picks = _all(kinds, Pick)
            if picks:
                return self.pick(s, seat, picks, know)
            return _first(kinds, EndTurn) or acts[0]
        t = s.turn
        if phase == CONQUER:
            valuer = None                      # made once for the decision, when first needed
            decline = _listed(_all(kinds, Decline), _DECLINE)
            if decline is not None and not t.acted and not t.picked:
                valuer = self.valuer(s, seat, know)
                if self.should_decline(s, seat, acts, know, valuer):
                    return self.decline_where(s, seat, acts)
            a = self.decline_race_conquest(s, seat, acts, know, kinds)
            if a is not None:
                return a
            a = self.next_conquest(s, seat, acts, know, kinds, valuer)
            if a is not None:
                return a
        return self.finish_turn(s, seat, acts, know, kinds)

    # -- picking ------------------------------------------------------------------------------
    def pick(self, s: GameState, seat: int, picks: Sequence[Pick], know: Knowledge) -> Action:
        ranked = self.pick_values(s, seat, picks, know)
        return ranked[0][1] if ranked else picks[0]

    def pick_values(self, s: GameState, seat: int, picks: Sequence[Pick],
                    know: Knowledge) -> list[tuple[float, Pick]]:
        """Affordable combos with Medium's value of each (coins over the turns left, weighed
        against the coins it costs and the coins lying on it), best first."""
        t = turns_left(s, seat)
        d, d_rate = decline_income(s, seat, know)
        out = []
        for a in picks:
            c = s.column[a.index]
            if c.race in s.catalog.missing or c.power in s.catalog.missing:
                continue
            # tokens lying on the combo come with it
            tr = know.traits_with_tokens(c.race, c.power, c.tokens) if c.tokens else know.traits(c.race, c.power)
            v = self.style.pick_spread * know.model.pick_value(t, s.round, tr, d, d_rate, 0.0) + c.coins - a.index
            v += self.style.pick_bias_tokens * tr.tokens
            out.append((v, a))
        out.sort(key=_pick_order)
        return out


    # -- decline ------------------------------------------------------------------------------
    def valuer(self, s: GameState, seat: int, know: Knowledge) -> RegionValuer:
        """What taking each region is worth to the Active race of `seat` in `s`, by this style."""
        return RegionValuer(s, seat, know, self.style.opp_weight, self.style.leader_weight)

    def should_decline(self, s: GameState, seat: int, acts: Sequence[Action], know: Knowledge,
                       valuer: RegionValuer | None = None) -> bool:
        p = s.players[seat]
        hold = p.active
        assert hold is not None
        t = turns_left(s, seat)
        if t <= 1:
            return False
        own = s.regions_of(seat, hold.race)
        r = float(len(own))
        tr = know.traits(hold.race, hold.power)
        regions = s.regions
        tokens = 0
        for x in own:
            tokens += regions[x].tokens
        k = float(tokens + hold.hand) - know.block_traits(hold.race, hold.power).attack_extra
        if valuer is None:
            valuer = self.valuer(s, seat, know)
        targets: list[str] = []
        enchant = False
        for a in acts:              # plain loops, no generators: this runs at every turn's start
            if isinstance(a, (Conquer, Reinforce)):
                targets.append(a.region)
            elif isinstance(a, Enchant):
                enchant = True
        gain, _ = plan_gain(s, seat, targets, hold.hand, valuer, wide=_wide(s, hold))
        if enchant:
            gain += 0.8
        d, d_rate = decline_income(s, seat, know)
        m = know.model
        cont = m.continue_value(t, s.round, r, k, tr, d, d_rate, gain_now=gain)
        decl = m.decline_now_value(t, s.round, r, tr, d, d_rate) + self.style.decline_bias
        return decl > cont

    def stout_decline(self, s: GameState, seat: int, know: Knowledge) -> bool:
        """Stout: decline after scoring if a fresh race next turn beats carrying on."""
        p = s.players[seat]
        hold = p.active
        assert hold is not None
        t = turns_left(s, seat) - 1          # turns after this one
        if t <= 0:
            return False
        own = s.regions_of(seat, hold.race)
        r = float(len(own))
        tr = know.traits(hold.race, hold.power)
        k = float(sum(s.regions[x].tokens for x in own) + hold.hand)
        d, d_rate = decline_income(s, seat, know)
        m = know.model
        r2, k2 = m.after_losses(r, k, tr)
        cont = m.active_value(t, s.round + 1, r2, k2, tr, d * (1 - m.loss_decline), d_rate)
        nd = r * (1 - m.loss_decline)
        decl = m.fresh_value(t, s.round + 1, nd * (1 + tr.decline_bonus))
        return decl + self.style.decline_bias > cont

    # -- conquests ----------------------------------------------------------------------------
    def decline_race_conquest(self, s: GameState, seat: int, acts: Sequence[Action],
                              know: Knowledge, kinds: Kinds | None = None) -> Action | None:
        """In Decline Ghouls conquering at the start of the turn: cheapest worthwhile region;
        when none is left within their hand, a final attempt with the die where it is likeliest
        to pay (a failed roll costs nothing: the tokens stay in hand and are placed anyway)."""
        if kinds is None:
            kinds = by_kind(acts)
        best: Action | None = None
        best_v = 0.0
        for a in _all(kinds, GhoulsConquer):
            v = _ghoul_worth(s, seat, a.region)
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            return best
        for g in _all(kinds, GhoulsReinforce):
            v = DIE_COVERS.get(decline_race_short(s, seat, g.region), 0.0) * _ghoul_worth(s, seat, g.region)
            if v > best_v + 1e-9:
                best, best_v = g, v
        return best

    def next_conquest(self, s: GameState, seat: int, acts: Sequence[Action], know: Knowledge,
                      kinds: Kinds | None = None, valuer: RegionValuer | None = None) -> Action | None:
        p = s.players[seat]
        hold = p.active
        if hold is None:
            return None
        if kinds is None:
            kinds = by_kind(acts)
        if valuer is None:
            valuer = self.valuer(s, seat, know)
        uses = _all(kinds, Use)
        if uses:                             # a block's own move that comes before conquests
            a_use = self.use_first(s, seat, uses)
            if a_use is not None:
                return a_use
        # free conversions first (Sorcerers): no token from the hand
        enchant = _all(kinds, Enchant)
        if enchant:
            best_e = _most_worth(s, enchant, valuer)
            if valuer.value(best_e.region) > 0:
                return best_e
        dragon = _all(kinds, Dragon)
        if dragon and hold.hand >= 1:
            best = _most_worth(s, dragon, valuer, seat)
            if conquest_cost(s, seat, best.region) >= 3 and valuer.value(best.region) > 0:
                return best
        best_c, best_ratio, best_cost = None, -1e9, 0
        for ratio, a, c in self.worth_taking(s, seat, _all(kinds, Conquer), valuer):
            if ratio > best_ratio + 1e-9:
                best_c, best_ratio, best_cost = a, ratio, c
        if best_c is not None:
            if uses:
                cheaper = self.use_discount(s, seat, uses, best_cost)
                if cheaper is not None:
                    return cheaper
            berserk = _first(kinds, BerserkRoll)
            if berserk is not None and best_cost >= 2:
                return berserk
            return best_c
        if dragon and hold.hand >= 1:
            best = _most_worth(s, dragon, valuer)
            if valuer.value(best.region) > 0:
                return best
        second = next((a for a in uses if a.effect in SECOND_WAVE_MOVES), None)
        if second is not None:
            return second                    # tokens back but one per region, before the die
        reinf = _all(kinds, Reinforce)
        if reinf and hold.hand >= 1:
            best_r, best_ev = None, 0.0
            for r_a in reinf:
                short = conquest_cost(s, seat, r_a.region) - hold.hand - die_bonus(s, seat, r_a.region)
                ev = (1.0 if short <= 0 else DIE_COVERS.get(short, 0.0)) * valuer.value(r_a.region)
                if ev > best_ev + 1e-9:
                    best_r, best_ev = r_a, ev
            if best_r is not None:
                berserk = _first(kinds, BerserkRoll)
                if berserk is not None:
                    return berserk
                return best_r
        return None

    def worth_taking(self, s: GameState, seat: int, conquers: Sequence[Conquer],
                     valuer: RegionValuer) -> list[tuple[float, Conquer, int]]:
        """The conquests worth their tokens by this style (value above what the tokens are worth
        kept home, nothing kept in the last turn), each as (value per token, the conquest, its
        cost), in the listing's order."""
        keep = 0.0 if valuer.t_left <= 1 else self.style.keep_per_token
        out = []
        for a in conquers:
            v = valuer.value(a.region)     # a method called, not a bound method kept (slower compiled)
            c = conquest_cost(s, seat, a.region)
            if v > keep * c:
                out.append((v / c, a, c))
        return out

    # -- blocks' own moves (expansion races and powers) ---------------------------------------
    def decline_where(self, s: GameState, seat: int, acts: Sequence[Action]) -> Action:
        """Decline; a race that gathers In Decline (Priestesses' Ivory Tower) does it in its
        region hardest to reach: Mountain, Fortress and Lair first, then the least threatened."""
        gather = [a for a in acts if isinstance(a, Use) and a.effect in GATHER_MOVES and a.region]
        if not gather:
            return _listed(acts, _DECLINE) or _DECLINE
        best, low = gather[0], None
        for a in gather:
            r = s.regions[a.region]
            k = (-(int(r.mountain) + int(r.fortress) + int(r.lair)), threat(s, seat, a.region, False),
                 s.board.index[a.region])
            if low is None or k < low:
                best, low = a, k
        return best

    def use_first(self, s: GameState, seat: int, uses: Sequence[Use]) -> Action | None:
        """A move to make before choosing a conquest: borrow the power or race worth most to the
        Active race for a turn (Copycat: most often the power with the most tokens), empty the
        region where opponents stand thickest (Wendigos)."""
        borrow = [a for a in uses if a.effect in BORROW_MOVES and a.choice]
        hold = s.players[seat].active
        if borrow and hold is not None:
            know = Knowledge.of(s.board, s.catalog, len(s.players), self.learned)
            best, most = borrow[0], None
            for a in borrow:
                power = a.choice if a.choice in s.catalog.powers else lent_key(hold.power, a.choice)
                k = (know.model.pick_value(1, s.round, know.traits(hold.race, power), 0.0, 1.0, 0.0), a.choice)
                if most is None or k > most:
                    best, most = a, k
            return best
        return self.use_clear(s, seat, uses)

    def use_clear(self, s: GameState, seat: int, uses: Sequence[Use]) -> Action | None:
        """Empty the region (a `clear_region` move) holding most of the opponents' tokens."""
        clear = [a for a in uses if a.effect in CLEAR_MOVES and a.region]
        if not clear:
            return None
        best, most = clear[0], None
        for a in clear:
            k = (_hurt(s, seat, a.region), -s.board.index[a.region])
            if most is None or k > most:
                best, most = a, k
        return best if most is not None and most[0] >= 1 else None

    def use_discount(self, s: GameState, seat: int, uses: Sequence[Use], cost: int) -> Action | None:
        """A move that makes the next conquest cheaper, when the conquest costs enough for it."""
        for a in uses:
            at_least = DISCOUNT_MOVES.get(a.effect)
            if at_least is not None and cost >= at_least:
                return a
        return None

    # -- the end of the turn --------------------------------------------------------------------
    def finish_turn(self, s: GameState, seat: int, acts: Sequence[Action], know: Knowledge,
                    kinds: Kinds | None = None) -> Action:
        """Markers first (Heroes, Encampments, Fortress), then the redeploy that takes them into
        account, then an ally (Diplomat), then the end of the turn (Stout may decline)."""
        if kinds is None:
            kinds = by_kind(acts)
        p = s.players[seat]
        hold = p.active
        t = s.turn
        bonus = know.region_bonus(hold.race, hold.power) if hold else {}
        own = s.regions_of(seat, hold.race) if hold else []
        forts = _all(kinds, Fortress)
        her = _first(kinds, Heroes)
        enc = _first(kinds, Encampments)
        weights: dict[str, float] = {}
        order: list[str] = []
        if forts or (own and (her is not None or enc is not None)):     # markers to place
            weights = defence_weights(s, seat, own, bonus, markers=False)
            order = sorted(own, key=lambda r: (-weights[r], s.board.index[r]))
        if forts:
            return max(forts, key=lambda x: (weights.get(x.region, 0.0), -s.board.index[x.region]))
        if her is not None and own:
            n = len(her.regions)
            want_r = tuple(sorted(order[:n], key=s.board.index.__getitem__))
            now_r = tuple(r for r in own if s.regions[r].hero)
            if set(want_r) != set(now_r):
                a = Heroes(want_r)
                if why_illegal(s, a) is None:
                    return a
                if set(her.regions) != set(now_r):
                    return her
        if enc is not None and own:
            total = sum(n for _, n in enc.counts)
            open_order = [r for r in order if not s.regions[r].immune] or order
            want = spread(total, open_order, weights, base=0)
            want = {r: n for r, n in want.items() if n}
            now = {r: s.regions[r].encampments for r in own if s.regions[r].encampments}
            if want != now:
                e_a = Encampments.of(want)
                if why_illegal(s, e_a) is None:
                    return e_a
                if dict(enc.counts) != now:
                    return enc
        if hold is not None and not t.redeployed:
            red = _first(kinds, Redeploy)
            if red is not None:
                return self.redeploy(s, seat, red, bonus)
        allies = _all(kinds, Ally)
        if allies:
            return max(allies, key=lambda a: (self._danger(s, seat, a.player), -a.player))
        uses = _all(kinds, Use)
        if uses:                             # after redeploying: Lava where it hurts most...
            a_use = self.use_clear(s, seat, uses)
            if a_use is not None:
                return a_use
            place = [a for a in uses if a.effect in PLACE_MOVES and a.region]
            if place:                        # ... markers in the safest regions first (Pots of Gold)
                return min(place, key=lambda a: (threat(s, seat, a.region), s.board.index[a.region]))
        ends = _all(kinds, EndTurn)
        stout = _listed(ends, _END_DECLINE)
        if hold is not None and stout is not None and self.stout_decline(s, seat, know):
            return stout
        return _listed(ends, _END) or _END

    def _danger(self, s: GameState, seat: int, other: int) -> float:
        """How much `other`'s Active race threatens ours: borders shared and his strength."""
        hold = s.players[other].active
        if hold is None:
            return 0.0
        mine = set(s.active_regions(seat))
        his = s.regions_of(other, hold.race)
        contact = sum(1 for r in his for nb in s.board.adjacency[r] if nb in mine)
        strength = sum(s.regions[r].tokens for r in his) + hold.hand
        return contact + 0.1 * strength

    def redeploy(self, s: GameState, seat: int, default: Redeploy, bonus: dict[str, float]) -> Action:
        hold = s.players[seat].active
        assert hold is not None
        own = s.regions_of(seat, hold.race)
        total = 0
        for _, n in default.counts:
            total += n
        if turns_left(s, seat) <= 1 or total <= len(own):
            return default
        sharp = self.style.redeploy_sharpness
        # a region bonus below -1 (some packs' content) makes a weight negative: no claim, not a complex root
        weights = {r: max(w, 0.0) ** sharp for r, w in defence_weights(s, seat, own, bonus).items()}
        regions = s.regions
        for r in own:
            enc = regions[r].encampments
            if enc:
                weights[r] /= (1 + enc) ** 1.5
        counts = spread(total, own, weights)
        a = Redeploy.of(counts)
        if a == default:                  # the listed intent: no need to judge it again
            return default
        return a if why_illegal(s, a) is None else default

    def withdraw(self, s: GameState, acts: Sequence[Action]) -> Action:
        default = acts[0]
        assert isinstance(default, Withdraw)
        seat = default.player
        total = sum(n for _, n in default.counts)
        race = s.turn.withdraw[0][1]
        own = s.regions_of(seat, race)
        if len(own) <= 1 or total <= 0:
            return default
        know = Knowledge.of(s.board, s.catalog, len(s.players), self.learned)
        p = s.players[seat]
        power = p.active.power if p.active is not None and p.active.race == race else None
        weights = defence_weights(s, seat, own, know.region_bonus(race, power))
        counts = spread(total, own, weights, base=0)
        a = Withdraw.of(seat, counts)
        if a == default:                  # the listed intent: no need to judge it again
            return default
        return a if why_illegal(s, a) is None else default


# Blocks' own moves Medium makes, by block: the least a conquest must cost to buy it cheaper...
DISCOUNT_MOVES: dict[str, int] = {"buy_discount": 3, "discount_markers": 3, "stack_markers": 2, "marker_pool": 3}
# ... a second wave of conquests, a power borrowed from the column, a region emptied.
SECOND_WAVE_MOVES = frozenset({"second_conquest_round"})
BORROW_MOVES = frozenset({"borrow_power"})
CLEAR_MOVES = frozenset({"clear_region"})
# ... markers placed after redeploying, and the region a race gathers in when it declines.
PLACE_MOVES = frozenset({"markers_cashed_next_turn", "marker_pool"})
GATHER_MOVES = frozenset({"gather_on_decline"})


A = TypeVar("A", bound=Action)
R = TypeVar("R", Enchant, Dragon)        # a move made on one region
#: the listed intents of a decision by their kind (`Action.kind`: one per intent class, shared
#: by a class's own variants such as the listing's Redeploy), each in the listing's order
Kinds = dict[str, list[Action]]
_DECLINE, _END, _END_DECLINE = Decline(), EndTurn(), EndTurn(decline=True)
_SETTLE = "settle"                      # the kind of the intent that keeps a roll as it fell


def _ghoul_worth(s: GameState, seat: int, rid: str) -> float:
    """What In Decline Ghouls make of conquering `rid`: a region of their own is worth nothing, an
    opponent's more than an empty one, and the fewer tokens stand there the better."""
    r = s.regions[rid]
    if r.owner == seat and r.tokens:
        return 0.0
    v = 1.0
    if r.tokens and r.owner is not None and r.owner != seat:
        v += 0.5
    return v - 0.05 * (r.tokens + r.lost_tribe)


def _hurt(s: GameState, seat: int, rid: str) -> float:
    """How much emptying `rid` (a `clear_region` move) hurts the opponents: their tokens there,
    and half a Lost Tribe's."""
    r = s.regions[rid]
    return (r.tokens if r.owner is not None and r.owner != seat else 0) + 0.5 * r.lost_tribe


def _most_worth(s: GameState, acts: Sequence[R], valuer: RegionValuer, priced_for: int | None = None) -> R:
    """The first of `acts` (moves on one region each) whose region `valuer` values most, ties to
    the region first on the board; with `priced_for` (a seat), the value times the conquest's
    cost to that seat (up to 6), where a region of no value ranks below every other. (Choices
    here are plain loops, not `max` or `min` with a key function: compiled, a nested function
    makes its caller keep its names in an object that refers back to the function, a cycle
    holding the whole position for the garbage collector to find.)"""
    best = acts[0]
    key: tuple[float, int] | None = None
    for a in acts:
        v = valuer.value(a.region)
        if priced_for is not None:
            v = v * min(conquest_cost(s, priced_for, a.region), 6) if v > 0 else -1.0
        k = (v, -s.board.index[a.region])
        if key is None or k > key:
            best, key = a, k
    return best


def _pick_order(x: tuple[float, Pick]) -> tuple[float, int]:
    """Best value first, ties to the combo first in the column (a function of the module: a
    lambda in `pick_values` would make it keep its names in an object of their own)."""
    return (-x[0], x[1].index)


# each intent class's kind, known by the class (a class attribute read from an object looks
# through the class's dictionaries; the class itself is a quicker key)
_KINDS: dict[type, str] = {}


def by_kind(acts: Sequence[Action]) -> Kinds:
    """The listed intents sorted by kind, in one pass (each list keeps the listing's order)."""
    out: Kinds = {}
    for a in acts:
        cls = type(a)
        kind = _KINDS.get(cls)
        if kind is None:
            kind = _KINDS[cls] = a.kind
        got = out.get(kind)
        if got is None:
            out[kind] = [a]
        else:
            got.append(a)
    return out


def _all(kinds: Kinds, cls: type[A]) -> list[A]:
    """The listed intents of class `cls` (and its variants), in the listing's order."""
    return cast("list[A]", kinds.get(cls.kind, []))


def _first(kinds: Kinds, cls: type[A]) -> A | None:
    """The first listed intent of class `cls` (or a variant of it), or None."""
    got = kinds.get(cls.kind)
    return cast(A, got[0]) if got else None


def _listed(acts: Sequence[Action], a: Action) -> Action | None:
    """The intent on the list equal to `a` (the listed object itself, which `apply` recognises
    without comparing it to the whole list), or None."""
    kind = type(a)
    for x in acts:
        if type(x) is kind and x == a:
            return x
    return None


def _wide(s: GameState, hold) -> bool:  # type: ignore[no-untyped-def]
    for ab in s.catalog.effects_of(hold.race, hold.power):
        if ab.name in ("flying",):
            return True
    return False


__all__ = ["MediumBot", "MediumStyle"]


when_compiled(MediumStyle)          # pickled for the lab's processes
