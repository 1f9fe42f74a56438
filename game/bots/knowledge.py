"""What a computer player knows about races, powers and the board, as numbers.

`traits_of(catalog, board, race, power)` reads the named effects of a combo (the same names the
YAML content uses, with their parameters) and turns them into a handful of figures a planner
can reason with. The building blocks' conditions are read too: a `where:` is valued by the share
of the board's land regions it matches (printed keys such as terrains, features and coasts
exactly, the keys that depend on play — neighbours, occupants, rounds — by a fixed estimate)
and a `when:` by how often it holds. The figures are: tokens for conquests, the mean discount per conquest, bonus coins per region
and per turn, how well the race holds its regions, what it is worth In Decline. A custom race
built from known effects is valued like the base ones; an effect the table does not know adds
nothing (the bot still plays its intents, it just does not pay extra for them).

`LifeModel` is a small, deterministic model of a race's life: how many regions it holds turn
after turn, when it should go into decline, and what a fresh combo is worth with the turns left.
Medium uses it to choose combos and to time its declines; the figures were fitted on lab games.
Nothing here touches a game state.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..rules.abilities import REGISTRY
from ..rules.board import Board
from ..rules.catalog import Catalog

DIE_MEAN = 1.0          # (0 + 0 + 0 + 1 + 2 + 3) / 6


@dataclass(frozen=True)
class Traits:
    tokens: float = 0.0            # banner + badge
    attack_extra: float = 0.0      # tokens usable for conquests only, each turn (Amazons)
    discount: float = 0.0          # mean tokens saved per conquest
    region_bonus: float = 0.0      # mean bonus coins per region held, per turn, while Active
    decline_bonus: float = 0.0     # mean bonus coins per region held, per turn, In Decline
    turn_bonus: float = 0.0        # flat coins per turn while Active
    once_bonus: float = 0.0        # coins once, at the end of the first turn
    nonempty_bonus: float = 0.0    # coins per non-empty region conquered this turn
    defense: float = 0.0           # share of the usual losses avoided (0..0.8)
    no_token_loss: bool = False    # a region lost costs no token (Elves)
    extra_regions: float = 0.0     # regions gained per turn without paying tokens
    growth: float = 0.0            # tokens gained per turn (Skeletons)
    decline_keeps: bool = False    # all tokens stay and keep conquering In Decline (Ghouls)
    spirit: bool = False           # the decline race stays through the next decline
    stout: bool = False            # may decline right after a turn of conquests

    def plus(self, o: "Traits") -> "Traits":
        return Traits(
            tokens=self.tokens + o.tokens, attack_extra=self.attack_extra + o.attack_extra,
            discount=self.discount + o.discount, region_bonus=self.region_bonus + o.region_bonus,
            decline_bonus=self.decline_bonus + o.decline_bonus, turn_bonus=self.turn_bonus + o.turn_bonus,
            once_bonus=self.once_bonus + o.once_bonus, nonempty_bonus=self.nonempty_bonus + o.nonempty_bonus,
            defense=min(0.8, self.defense + o.defense), no_token_loss=self.no_token_loss or o.no_token_loss,
            extra_regions=self.extra_regions + o.extra_regions, growth=self.growth + o.growth,
            decline_keeps=self.decline_keeps or o.decline_keeps, spirit=self.spirit or o.spirit,
            stout=self.stout or o.stout)


@dataclass(frozen=True)
class BoardFacts:
    land: int
    terrain_share: dict[str, float]
    feature_share: dict[str, float]
    coastal_share: float
    near_mountain_share: float
    #: per land region: (terrain, features, coastal, on the border, terrains next to it)
    lands: tuple[tuple[str, frozenset[str], bool, bool, frozenset[str]], ...] = ()

    def share(self, where: Mapping[str, Any]) -> float:
        """The share of land regions a `where:` matches (see `where_matches`)."""
        if not where:
            return 1.0
        n = max(1, len(self.lands))
        return sum(where_matches(where, land) for land in self.lands) / n

    @staticmethod
    def of(board: Board) -> "BoardFacts":
        land = [r for r in board.regions if not r.is_water]
        n = max(1, len(land))
        terr: dict[str, float] = {}
        feat: dict[str, float] = {}
        for r in land:
            terr[r.terrain] = terr.get(r.terrain, 0.0) + 1 / n
            for f in r.features:
                feat[f] = feat.get(f, 0.0) + 1 / n
        mountains = {r.id for r in land if r.terrain == "mountain"}
        near = sum(1 for r in land if board.adjacency[r.id] & mountains) / n
        lands = tuple((r.terrain, frozenset(r.features), r.id in board.coastal, r.border,
                       frozenset(board.region(m).terrain for m in board.adjacency[r.id])) for r in land)
        return BoardFacts(len(land), terr, feat, len(board.coastal) / n, near, lands)


# What the `where:` keys that depend on play are worth: the chance a region chosen by a planner
# meets them (an estimate, not a measure).
PLAY_KEYS: dict[str, float] = {"occupant": 0.3, "isolated": 0.3, "round": 0.5}
OCCUPANT_ODDS: dict[str, float] = {"empty": 0.4, "lost_tribe": 0.15, "active": 0.3, "in_decline": 0.2,
                                   "opponent": 0.5}
# How often a `when:` word holds over a race's life.
WHEN_ODDS: dict[str, float] = {"always": 1.0, "even_round": 0.5, "odd_round": 0.5, "picked_this_turn": 0.25,
                               "no_active_attacked": 0.5, "holds_a_region": 1.0}


def where_matches(where: Mapping[str, Any], land: tuple[str, frozenset[str], bool, bool, frozenset[str]]) -> float:
    """How surely a land region matches `where`: 1 or 0 for what is printed on the board, a
    fraction for the keys that depend on play (`next_to_own` counts half a region next to
    that terrain: the race must hold it)."""
    terrain, features, coastal, border, near = land
    w = where
    if w.get("terrains") and terrain not in w["terrains"]:
        return 0.0
    if w.get("features") and not features & set(w["features"]):
        return 0.0
    if w.get("not_terrains") and terrain in w["not_terrains"]:
        return 0.0
    if w.get("not_features") and features & set(w["not_features"]):
        return 0.0
    if (w.get("coastal") and not coastal) or (w.get("not_coastal") and coastal) or (w.get("border") and not border):
        return 0.0
    odds = 1.0
    if w.get("next_to_own"):
        odds *= 0.5 if w["next_to_own"] in near else 0.0
    if w.get("occupant"):
        odds *= OCCUPANT_ODDS.get(str(w["occupant"]), 0.05)
    for key in ("isolated", "round"):
        if w.get(key):
            odds *= PLAY_KEYS[key]
    return odds


def _printed_only(where: Mapping[str, Any]) -> bool:
    return not any(k in where for k in ("next_to_own", "occupant", "isolated", "round"))


# How much more often than chance a planner ends up on the regions that pay it a bonus.
BONUS_AFFINITY = 1.6


def effect_traits(name: str, p: dict[str, Any], in_decline: bool, facts: BoardFacts) -> Traits:
    """Figures for one named effect with its parameters (see the module docstring)."""
    amount = float(p.get("amount", 1) or 0)
    where: Mapping[str, Any] = p.get("where") or {}
    when = WHEN_ODDS.get(str(p.get("when", "always")), 0.5)
    if name == "coins_for_regions":
        if not where:
            b = amount + float(p.get("otherwise", 0))
        else:        # a planner seeks the regions that pay it (and avoids those that cost it)
            f = min(0.9, facts.share(where) * BONUS_AFFINITY)
            b = amount * f + float(p.get("otherwise", 0)) * (1 - f)
        return Traits(region_bonus=b, decline_bonus=b if in_decline else 0.0)
    if name == "coins_if":
        if p.get("when") == "picked_this_turn":
            return Traits(once_bonus=amount)
        limited = 0.6 if p.get("regions_at_most") or p.get("connected") else 1.0
        return Traits(turn_bonus=amount * when * limited)
    if name == "coins_per_nonempty_conquest":
        return Traits(nonempty_bonus=amount)
    if name == "cost_change":
        # a planner aims at the terrains and features that are cheaper for it
        focus = 1.3 if where and _printed_only(where) and ("terrains" in where or "features" in where) else 1.0
        share = min(1.0, facts.share(where) * focus)
        return Traits(discount=-amount * share * when)
    if name == "attack_only_tokens":
        return Traits(attack_extra=amount or 4)
    if name == "extra_tokens_for_conquests":
        return Traits(growth=1.5 / max(1, int(p.get("every", 2))))
    if name == "no_loss_when_attacked":
        return Traits(no_token_loss=True, defense=0.1)
    if name == "ghouls_in_decline":
        return Traits(decline_keeps=True)
    if name in ("enter_anywhere", "caverns_adjacent"):
        return Traits(discount=0.1)
    if name == "holes_in_the_ground":
        return Traits(defense=0.15)
    if name == "enchant":
        return Traits(extra_regions=0.8)
    if name == "trolls_lairs":
        return Traits(defense=0.35)
    if name == "berserk":
        return Traits(discount=0.8 * DIE_MEAN)
    if name in ("encampments", "heroes", "diplomat"):
        return Traits(defense=0.3)
    if name == "dragon":
        return Traits(extra_regions=0.6, defense=0.1)
    if name == "flying":
        return Traits(discount=0.25)
    if name == "fortresses":
        return Traits(turn_bonus=1.5, defense=0.1)
    if name == "seafaring":
        return Traits(extra_regions=0.5, decline_bonus=0.1)
    if name == "spirit":
        return Traits(spirit=True)
    if name == "stout":
        return Traits(stout=True)
    return Traits()


def traits_of(catalog: Catalog, facts: BoardFacts, race: str, power: str | None) -> Traits:
    """The figures of a race with its power (or alone, In Decline, with `power=None`)."""
    t = Traits(tokens=float(catalog.races[race].tokens))
    if power:
        t = t.plus(Traits(tokens=float(catalog.powers[power].tokens)))
    for rid in (race, power):
        if not rid:
            continue
        for name, p, in_decline in effect_params(catalog, rid):
            t = t.plus(effect_traits(name, p, in_decline, facts))
    return t


def effect_params(catalog: Catalog, rid: str) -> list[tuple[str, dict[str, Any], bool]]:
    """(effect name, parameters with defaults, works In Decline) for a race or power id."""
    defs = catalog.races[rid].effects if rid in catalog.races else catalog.powers[rid].effects
    out = []
    for name, params in defs:
        cls = REGISTRY.get(name)
        p = {**(cls.params if cls else {}), **params}
        in_decline = bool(p.pop("in_decline", cls.works_in_decline if cls else False))
        out.append((name, p, in_decline))
    return out


@dataclass
class LifeModel:
    """The life of a race in coins (see the module docstring)."""

    facts: BoardFacts
    players: int
    base_cost: float = 2.15         # tokens per conquest in the first round (lab: 2.06)
    cost_growth: float = 0.35       # ... rising each round as the board fills (lab: 2.7 then 2.9)
    cost_max: float = 2.9
    loss_active: float = 0.17       # share of Active regions lost between two own turns (lab: 0.18)
    loss_decline: float = 0.30      # share of decline regions lost between two own turns (lab: 0.32)
    first_turn_eff: float = 0.92    # entering from the edge wastes a little
    fresh: Traits = field(default_factory=Traits)   # a typical combo picked later
    _f_memo: dict[tuple[int, int, int], float] = field(default_factory=dict)

    @property
    def cap(self) -> float:
        return max(4.0, self.facts.land * 1.1 / max(2, self.players))

    def cost(self, rnd: int, tr: Traits) -> float:
        c = min(self.cost_max, self.base_cost + self.cost_growth * (rnd - 1))
        return max(1.2, c - tr.discount)

    def gain(self, rnd: int, r: float, k: float, tr: Traits) -> float:
        """New regions one turn of conquests adds to `r` regions with `k` tokens."""
        hand = max(0.0, k - r) + tr.attack_extra
        n = hand / self.cost(rnd, tr) + tr.extra_regions
        return max(0.0, min(n, self.cap - r, k - r))      # one token per region held

    def income(self, r: float, n: float, tr: Traits, d_income: float, first: bool) -> float:
        return (r * (1 + tr.region_bonus) + tr.turn_bonus + tr.nonempty_bonus * 0.55 * n
                + (tr.once_bonus if first else 0.0) + d_income)

    def after_losses(self, r: float, k: float, tr: Traits) -> tuple[float, float]:
        lost = r * self.loss_active * (1 - tr.defense)
        return r - lost, k - (0.0 if tr.no_token_loss else lost) + tr.growth

    def decline_value(self, d: float, tr: Traits | None) -> float:
        return d * (1 + (tr.decline_bonus if tr else 0.0))

    # -- values over the turns left ---------------------------------------------------------
    def fresh_value(self, t: int, rnd: int, d: float) -> float:
        """Best coins over `t` own turns starting with a pick of a typical combo, with `d`
        decline regions (In Decline income per region ~1)."""
        if t <= 0:
            return 0.0
        half = int(round(d * 2))             # the memo is exact: d is taken to the half region
        key = (t, rnd, half)
        v = self._f_memo.get(key)
        if v is None:
            v = self.pick_value(t, rnd, self.fresh, half / 2, 1.0, 0.0)
            self._f_memo[key] = v
        return v

    def pick_value(self, t: int, rnd: int, tr: Traits, d: float, d_rate: float, d_bonus_tr: float) -> float:
        """Coins over `t` own turns if we pick a combo with traits `tr` now, holding `d` decline
        regions worth `d_rate` coins each per turn."""
        if t <= 0:
            return 0.0
        k = tr.tokens
        n = min(self.cap, (k + tr.attack_extra) / self.cost(rnd, tr) * self.first_turn_eff + tr.extra_regions)
        n = min(n, k)
        inc = self.income(n, n, tr, d * d_rate, first=True)
        r2, k2 = self.after_losses(n, k, tr)
        return inc + self.active_value(t - 1, rnd + 1, r2, k2, tr, d * (1 - self.loss_decline), d_rate)

    def active_value(self, t: int, rnd: int, r: float, k: float, tr: Traits, d: float, d_rate: float,
                     gain_now: float | None = None) -> float:
        """Coins over `t` own turns holding an Active race (`r` regions, `k` tokens in all), with
        the best decline timing; `gain_now` overrides this turn's modelled conquests."""
        if t <= 0:
            return 0.0
        return max(self.continue_value(t, rnd, r, k, tr, d, d_rate, gain_now),
                   self.decline_now_value(t, rnd, r, tr, d, d_rate))

    def continue_value(self, t: int, rnd: int, r: float, k: float, tr: Traits, d: float, d_rate: float,
                       gain_now: float | None = None) -> float:
        n = self.gain(rnd, r, k, tr) if gain_now is None else gain_now
        r1 = r + n
        inc = self.income(r1, n, tr, d * d_rate, first=False)
        if tr.stout and t > 1:
            stout = self.decline_value(r1, tr) * 0.0 + self.fresh_value(t - 1, rnd + 1, r1 * (1 - self.loss_decline))
        else:
            stout = -1e9
        r2, k2 = self.after_losses(r1, k, tr)
        later = self.active_value(t - 1, rnd + 1, r2, k2, tr, d * (1 - self.loss_decline), d_rate)
        return inc + max(later, stout)

    def decline_now_value(self, t: int, rnd: int, r: float, tr: Traits, d: float, d_rate: float) -> float:
        keep = d * d_rate if tr.spirit else 0.0
        new_d = r * (1.15 if tr.decline_keeps else 1.0)
        inc = self.decline_value(r, tr) + keep
        rate = 1 + tr.decline_bonus
        nd = new_d * (1 - self.loss_decline * (0.5 if tr.decline_keeps else 1.0))
        return inc + self.fresh_value(t - 1, rnd + 1, nd * rate) + (keep * (t - 1) * 0.7 if tr.spirit else 0.0)


def typical_combo(catalog: Catalog, facts: BoardFacts) -> Traits:
    """A combo one can expect to pick later: mean race and mean power, a little better (one
    chooses among six)."""
    races = [traits_of(catalog, facts, r, None) for r in sorted(catalog.races)]
    powers = [traits_of(catalog, facts, next(iter(sorted(catalog.races))), p) for p in sorted(catalog.powers)]
    n = max(1, len(races))
    m = max(1, len(powers))
    base = traits_of(catalog, facts, next(iter(sorted(catalog.races))), None)
    mean_r = sum(t.tokens for t in races) / n
    mean_p = sum(t.tokens - base.tokens for t in powers) / m
    rb = (sum(t.region_bonus for t in races) / n + sum(t.region_bonus - base.region_bonus for t in powers) / m)
    tb = sum(t.turn_bonus for t in powers) / m
    disc = sum(t.discount for t in races) / n + sum(t.discount - base.discount for t in powers) / m
    return Traits(tokens=mean_r + mean_p + 1.0, region_bonus=rb, turn_bonus=tb, discount=disc)


class Knowledge:
    """Traits and the life model for one board and catalog, computed once and shared."""

    _cache: dict[tuple[int, int, int], "Knowledge"] = {}

    def __init__(self, board: Board, catalog: Catalog, players: int) -> None:
        self.board = board
        self.catalog = catalog
        self.facts = BoardFacts.of(board)
        self._traits: dict[tuple[str, str | None], Traits] = {}
        self.model = LifeModel(self.facts, players)
        self.model.fresh = typical_combo(catalog, self.facts)
        self.region_bonus_memo: dict[tuple[str, str | None, bool], dict[str, float]] = {}

    @classmethod
    def of(cls, board: Board, catalog: Catalog, players: int) -> "Knowledge":
        key = (id(board), id(catalog), players)
        k = cls._cache.get(key)
        if k is None or k.board is not board or k.catalog is not catalog:
            if len(cls._cache) > 32:
                cls._cache.clear()
            k = cls(board, catalog, players)
            cls._cache[key] = k
        return k

    def traits(self, race: str, power: str | None) -> Traits:
        key = (race, power)
        t = self._traits.get(key)
        if t is None:
            t = traits_of(self.catalog, self.facts, race, power)
            self._traits[key] = t
        return t

    def region_bonus(self, race: str, power: str | None, in_decline: bool = False) -> dict[str, float]:
        """Bonus coins per turn each region pays this race (and power) when held."""
        key = (race, power, in_decline)
        memo = self.region_bonus_memo.get(key)
        if memo is not None:
            return memo
        out = {r.id: 0.0 for r in self.board.regions}
        for rid in (race, power):
            if not rid:
                continue
            for name, p, works_in_decline in effect_params(self.catalog, rid):
                if in_decline and not works_in_decline or name != "coins_for_regions":
                    continue
                where = p.get("where") or {}
                if not where:                    # every region alike: no region is worth more
                    continue
                amount = float(p.get("amount", 1) or 0)
                otherwise = float(p.get("otherwise", 0) or 0)
                lands = iter(self.facts.lands)
                for reg in self.board.regions:
                    if reg.is_water:
                        continue
                    m = where_matches(where, next(lands))
                    out[reg.id] += amount * m + otherwise * (1 - m)
        self.region_bonus_memo[key] = out
        return out

