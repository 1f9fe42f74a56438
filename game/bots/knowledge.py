"""What a computer player knows about races, powers and the board, as numbers.

`traits_of(catalog, board, race, power)` reads the named effects of a combo (the same names the
YAML content uses, with their parameters) and turns them into a handful of figures a planner
can reason with. The building blocks' conditions are read too: a `where:` is valued by the share
of the board's land regions it matches (printed keys such as terrains, features and coasts
exactly, the keys that depend on play — neighbours, occupants, rounds — by a fixed estimate)
and a `when:` by how often it holds. The figures are: tokens for conquests, the mean discount per conquest, bonus coins per region
and per turn, how well the race holds its regions (Active and In Decline), what it is worth In
Decline. The expansions' blocks are valued the same way, from their parameters
(`more_block_traits`: an immune In Decline race keeps its regions, a stack scoring per token
holds, tokens collected or rolled for grow the race, a Loot marker per conquest pays later...),
so a custom race built from known blocks is valued like the published ones; `NOT_VALUED` names
the few blocks given no worth on purpose, and a block unknown here adds nothing (the bot still
plays its intents, it just does not pay extra for them).

`LifeModel` is a small, deterministic model of a race's life: how many regions it holds turn
after turn, when it should go into decline, and what a fresh combo is worth with the turns left.
Medium uses it to choose combos and to time its declines; the figures were fitted on lab games.
Nothing here touches a game state.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, ClassVar, Mapping

from ..rules import Board, Catalog, badge_of, lent_parts
from ..rules.abilities import REGISTRY
from ..rules.abilities import TRIGGER_EVENTS as TRIGGER_PARTIES
from ..rules.pickling import when_compiled
from . import worth

DIE_MEAN = 1.0          # (0 + 0 + 0 + 1 + 2 + 3) / 6
DIE_TRIES = 0.3         # share of a conquest a turn's final attempt with the die is worth
MEMO_SIZE = 50_000      # entries a life model's memo holds before it starts afresh


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
    conquest_bonus: float = 0.0    # coins per region conquered (any region), while Active
    decline_hold: float = 0.0      # share of the usual In Decline losses avoided (0..1)
    decline_turn_bonus: float = 0.0   # flat coins per turn once In Decline
    by_round: tuple[float, ...] = ()  # coins per Active turn added in each round (learned from play)

    def plus(self, o: "Traits") -> "Traits":
        return Traits(
            tokens=self.tokens + o.tokens, attack_extra=self.attack_extra + o.attack_extra,
            discount=self.discount + o.discount, region_bonus=self.region_bonus + o.region_bonus,
            decline_bonus=self.decline_bonus + o.decline_bonus, turn_bonus=self.turn_bonus + o.turn_bonus,
            once_bonus=self.once_bonus + o.once_bonus, nonempty_bonus=self.nonempty_bonus + o.nonempty_bonus,
            defense=min(0.8, self.defense + o.defense), no_token_loss=self.no_token_loss or o.no_token_loss,
            extra_regions=self.extra_regions + o.extra_regions, growth=self.growth + o.growth,
            decline_keeps=self.decline_keeps or o.decline_keeps, spirit=self.spirit or o.spirit,
            stout=self.stout or o.stout, conquest_bonus=self.conquest_bonus + o.conquest_bonus,
            decline_hold=min(1.0, self.decline_hold + o.decline_hold),
            decline_turn_bonus=self.decline_turn_bonus + o.decline_turn_bonus,
            by_round=_sum_rounds(self.by_round, o.by_round))


def _sum_rounds(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    if not a or not b:
        return a or b
    return tuple(x + y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class BoardFacts:
    land: int
    terrain_share: dict[str, float]
    feature_share: dict[str, float]
    coastal_share: float
    near_mountain_share: float
    #: per land region: (terrain, features, coastal, on the border, terrains next to it)
    lands: tuple[tuple[str, frozenset[str], bool, bool, frozenset[str]], ...] = ()
    #: `share` of each `where:` asked so far, by its text: content of thousands of entries says
    #: the same few conditions again and again
    shares: dict[str, float] = field(default_factory=dict, compare=False, repr=False)

    def share(self, where: Mapping[str, Any]) -> float:
        """The share of land regions a `where:` matches (see `where_matches`)."""
        if not where:
            return 1.0
        key = repr(where)
        got = self.shares.get(key)
        if got is None:
            n = max(1, len(self.lands))
            got = self.shares[key] = sum(where_matches(where, land) for land in self.lands) / n
        return got

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
        odds *= 0.5 if near & set(_words(w["next_to_own"])) else 0.0
    if w.get("occupant"):
        odds *= max(OCCUPANT_ODDS.get(str(o), 0.05) for o in _words(w["occupant"]))
    for key in ("isolated", "round"):
        if w.get(key):
            odds *= PLAY_KEYS[key]
    return odds


def _words(value: Any) -> list[Any]:
    """A `where:` key's value as a list: one word is accepted where a list is."""
    return list(value) if isinstance(value, (list, tuple, set, frozenset)) else [value]


def _printed_only(where: Mapping[str, Any]) -> bool:
    return not any(k in where for k in ("next_to_own", "occupant", "isolated", "round"))


# A conquest's usual price in tokens (2, a marker or defenders now and then), the conquests of a
# turn, and the conquests made before an average one of them.
TYPICAL_PRICE = 3.5
CONQUESTS_PER_TURN = 3.0
EARLIER_CONQUESTS = 1.0

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
        if p.get("regions_at_most"):     # a few regions only: a race that conquers little
            limited = REGIONS_AT_MOST_ODDS
        else:
            limited = 0.6 if p.get("connected") else 1.0
        if p.get("only_in_decline"):
            return Traits(decline_turn_bonus=amount * when * limited)
        return Traits(turn_bonus=amount * when * limited)
    if name == "coins_per_nonempty_conquest":
        return Traits(nonempty_bonus=amount)
    if name == "cost_change":
        # a planner aims at the terrains and features that are cheaper for it
        focus = 1.3 if where and _printed_only(where) and ("terrains" in where or "features" in where) else 1.0
        share = min(1.0, facts.share(where) * focus)
        if p.get("per") == "earlier_conquest":       # about one conquest made before each
            share *= EARLIER_CONQUESTS
        share *= max(0.0, 1.0 - float(p.get("after", 0) or 0) / CONQUESTS_PER_TURN)
        return Traits(discount=-amount * share * when)
    if name == "flat_price":             # the region's own price replaced, on some regions
        share = min(1.0, facts.share(where) * BONUS_AFFINITY) if where else 1.0
        return Traits(discount=(TYPICAL_PRICE - float(p.get("tokens", 2))) * share * when)
    if name == "token_strength":         # tokens counting for more (or less) than one
        k = float(p.get("count_as", 2)) / max(1.0, float(p.get("tokens", 1)))
        share = min(1.0, facts.share(where) * BONUS_AFFINITY) if where else 1.0
        if p.get("side") == "defence":
            return Traits(defense=(k - 1.0) * 0.5 * share)
        return Traits(discount=(TYPICAL_PRICE - TYPICAL_PRICE / k) * share)
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
    return more_block_traits(name, p, in_decline, facts)


# Odds behind the values of the blocks below (estimates checked against lab games, not measures).
REGIONS_AT_MOST_ODDS = 0.35     # a turn that ends with few enough regions for `regions_at_most`
AFAR_SHARE = 0.3                # conquests made from two steps away, when the race may
OCCUPIED_ACTIVE_CONQUESTS = 0.8  # conquests of an opponent's Active region, per turn
TYPICAL_REGIONS = 4.0           # regions a race holds in a typical turn
KEPT_TO_DECLINE = 0.45          # share of a race's conquests it still holds when it declines
DECLINES_SEEN = 0.5             # other players' declines per own turn
STACKS_PER_TURN = 1.2           # regions holding 3 or more tokens after a redeploy
GROUPS_PER_TURN = 1.5           # separate groups of regions a race holds
NEIGHBOURS_ROBBED = 1.5         # players with a token next to a race's regions


def more_block_traits(name: str, p: dict[str, Any], in_decline: bool, facts: BoardFacts) -> Traits:
    """Figures for the blocks the published expansions brought (and any race composed of them):
    each valued from its parameters by what it does to the life model's figures."""
    amount = float(p.get("amount", 1) or 0)
    where: Mapping[str, Any] = p.get("where") or {}
    share = facts.share(where)
    sought = min(0.9, share * BONUS_AFFINITY)          # a planner seeks the regions that pay it
    if name == "immune":                 # untouchable regions: nothing lost there
        held = sought if where else 1.0
        if p.get("only_in_decline"):
            return Traits(decline_hold=held)
        return Traits(defense=held, decline_hold=held if in_decline else 0.0)
    if name == "gather_on_decline":      # one stack of all its tokens, hard to take
        return Traits(decline_hold=0.85)
    if name == "guard_marker":
        n = float(p.get("count", 1))
        guard = 0.08 * n if p.get("immune") else 0.03 * n * float(p.get("defence", 0))
        return Traits(defense=guard, decline_hold=guard if p.get("stays_in_decline") else 0.0)
    if name == "collect_lost_tokens":    # every token lost on the board, a lot per player
        return Traits(growth=1.3)
    if name == "die_for_lost_tokens":    # a die roll of tokens for each token lost
        return Traits(growth=0.8)
    if name == "tokens_at_redeploy":
        if p.get("per") == "conquest":
            return Traits(growth=amount * OCCUPIED_ACTIVE_CONQUESTS * (0.8 if p.get("victims_gain") else 1.0))
        return Traits(growth=amount * sought * TYPICAL_REGIONS * 0.6)
    if name == "tokens_at_pick":
        return Traits(tokens=amount)
    if name == "conquer_from_afar":      # reach, coins and a discount on some conquests
        once = 1 / 3 if p.get("once_per_turn") else AFAR_SHARE
        return Traits(discount=0.1 + float(p.get("discount", 0)) * once,
                      conquest_bonus=float(p.get("coins", 0)) * AFAR_SHARE,
                      defense=0.05 if p.get("marker") else 0.0)
    if name == "hidden_loot":            # a face-down marker per conquest, collected at decline
        pile = list(p.get("pile") or [])
        coins = [float(x) for x in pile if isinstance(x, (int, float)) and not isinstance(x, bool)]
        repel = sum(1 for x in pile if x == p.get("repel")) / max(1, len(pile))
        return Traits(conquest_bonus=sum(coins) / max(1, len(pile)) * KEPT_TO_DECLINE, defense=repel * 0.5)
    if name == "markers_cashed_next_turn":   # a coin per region next turn, if still held
        return Traits(region_bonus=float(p.get("coins", 1)) * 0.45)
    if name == "tokens_per_region":
        if int(p.get("max", 0) or 0) == 1:    # one token per region: easy prey
            return Traits(defense=-0.6)
        return Traits()
    if name == "no_redeploy":
        return Traits(defense=-0.2)
    if name == "coins_when_conquered":   # coins for (or against) the regions one loses
        lost = 0.17 * amount
        if p.get("payee") == "attacker":
            return Traits(region_bonus=-lost * 0.4)
        gain = lost * (1.3 if p.get("payer") == "attacker" else 1.0)
        if p.get("only_in_decline"):
            return Traits(decline_bonus=gain * 1.8)
        return Traits(region_bonus=gain, decline_bonus=gain * 1.8 if in_decline else 0.0)
    if name == "coins_for_count":
        of = p.get("of", "regions")
        if of == "regions":
            return Traits(region_bonus=amount, turn_bonus=-amount * float(p.get("beyond", 0)))
        if of == "coastal_pairs":
            return Traits(region_bonus=amount * 0.5 * min(0.9, facts.coastal_share * BONUS_AFFINITY))
        if of == "stacks":
            return Traits(turn_bonus=amount * STACKS_PER_TURN)
        if of == "groups":
            return Traits(turn_bonus=amount * GROUPS_PER_TURN)
        return Traits()
    if name == "coins_when_declines":
        return Traits(once_bonus=float(p.get("at_pick", 0)) * 1.5 + float(p.get("own", 0)) * 0.5,
                      turn_bonus=float(p.get("others", 0)) * DECLINES_SEEN)
    if name == "coins_from_neighbours":
        return Traits(turn_bonus=amount * NEIGHBOURS_ROBBED)
    if name == "trigger":
        return trigger_traits(p, where, facts, in_decline)
    if name == "lasting":
        return lasting_traits(p, in_decline, facts)
    if name == "replace":
        return replace_traits(p)
    shorthand = getattr(REGISTRY.get(name), "as_trigger", None)
    if shorthand is not None:            # a named shorthand of `trigger`: valued as what it stands for
        return trigger_traits(shorthand(p), where, facts)
    if name == "push_defenders":         # a stack pushed off the board now and then hurts a rival
        return Traits(discount=0.2 if p.get("nowhere") == "tray" else 0.05)
    if name == "redeploy_out_of_turn":   # tokens brought to a threatened region: regions kept
        held = min(0.3, 0.08 * float(p.get("amount", 2)))
        return Traits(defense=held, decline_hold=held if in_decline else 0.0)
    if name == "forced_attack":          # drawing the attacks: where they come is known, not fewer
        return Traits(defense=-0.1 if p.get("who", "others") == "others" else -0.05)
    if name == "tokens_lost_at_redeploy":  # a token fewer every turn
        return Traits(growth=-float(p.get("amount", 1)))
    if name == "die_modifier":           # the die tried about once a turn, on some regions
        share = facts.share(where) if where else 1.0
        return Traits(discount=float(p.get("add", 1)) * DIE_TRIES * share * WHEN_ODDS.get(str(p.get("when", "always")), 0.5))
    if name == "reroll":                 # a second chance on a short roll, about once a turn
        return Traits(discount=DIE_TRIES * DIE_MEAN * min(2.0, float(p.get("times", 1))) * 0.5)
    if name == "buy_discount":           # about one conquest in two bought cheaper
        return Traits(discount=float(p.get("discount", 2)) * 0.4, turn_bonus=-float(p.get("coins", 1)) * 0.8)
    if name == "discount_markers":       # markers from the regions held, each worth tokens later
        return Traits(attack_extra=float(p.get("discount", 2)) * sought * TYPICAL_REGIONS * 0.8)
    if name == "stack_markers":
        worth = min(0.9, facts.share(p.get("worth") or {}) * BONUS_AFFINITY) * TYPICAL_REGIONS
        return Traits(attack_extra=worth * min(2.0, float(p.get("count", 1))) * 0.5, defense=0.1)
    if name == "second_conquest_round":  # tokens back but one per region: a second wave
        return Traits(attack_extra=2.0)
    if name == "borrow_power":           # a badge's tokens borrowed each turn
        return Traits(attack_extra=3.0)
    if name == "clear_region":
        return Traits(growth=float(p.get("gain", 0)), discount=0.2)
    if name == "markers_per_region":     # markers adding to the defence of some regions
        return Traits(defense=sought * 0.4 * float(p.get("defence", 0)))
    if name == "marker_pool":            # markers spent: a few tokens off, or a region kept
        return pool_traits(p)
    if name == "column_marker":          # a coin or two from whoever picks the marked combo
        return Traits(turn_bonus=0.3 * float(p.get("price", 1)) * float(p.get("pays", "placer") == "placer"))
    if name == "marker_moves":           # markers where they are needed most
        return Traits(defense=0.1)
    return Traits()


def pool_traits(p: dict[str, Any]) -> Traits:
    """What a `marker_pool` is worth: its markers over a race's life, each a discount, a die
    bonus or a region kept (immune, frozen, defended, or scoring while empty)."""
    count = float(p.get("count", 1))
    many = {"pick": count, "turn": count * 3, "conquest": count * TYPICAL_REGIONS}.get(str(p.get("gain", "turn")), count)
    if p.get("cap"):
        many = min(many, float(p["cap"]) * 2)
    spend = str(p.get("spend", "discount"))
    if spend == "discount":
        return Traits(attack_extra=float(p.get("amount", 2)) * many * 0.5)
    if spend == "die":
        return Traits(attack_extra=float(p.get("amount", 2)) * many * 0.3)
    kept = 0.3 if p.get("immune") or p.get("frozen") else 0.1 * float(p.get("defence", 0))
    return Traits(defense=kept * min(many, 3.0), turn_bonus=0.3 if p.get("counts_as_region", "no") != "no" else 0.0)


# How often each event of a `trigger` is heard per own turn, on its own party's side and by
# `anyone` (every player's), estimates like the odds above. The conquest's own events are valued
# per conquest below; `declined` and `combo_picked` on the owner's side happen once a race.
LOSSES_PER_TURN = 0.7           # regions of a race lost between two of its turns (17% of 4)
OTHER_TURNS = 3.0               # other players' turns per own turn
LOSSES_SEEN = 4.0               # tokens_lost events anywhere per own turn
MARKERS_ENTERED = 0.5           # regions carrying a given kind of marker entered per turn
EVENT_RATES: dict[str, tuple[float, float]] = {
    "turn_started": (1.0, 1.0 + OTHER_TURNS), "turn_ended": (1.0, 1.0 + OTHER_TURNS),
    "die_rolled": (0.9, 0.9 * (1.0 + OTHER_TURNS)), "tokens_lost": (LOSSES_PER_TURN, LOSSES_SEEN),
    "declined": (0.0, DECLINES_SEEN), "combo_picked": (0.0, DECLINES_SEEN),
    "marker_entered": (MARKERS_ENTERED, MARKERS_ENTERED * (1.0 + OTHER_TURNS)), "marker_placed": (1.0, 1.0 + OTHER_TURNS)}
ONCE_EVENTS: dict[str, float] = {"declined": 0.5, "combo_picked": 1.0}   # coins once: what a coin then is worth
DIE_ODDS: tuple[int, ...] = (0, 0, 0, 1, 2, 3)     # the reinforcement die's faces
IF_ODDS = 0.5                   # the chance one `if` condition (but the die's face) holds


def trigger_traits(p: dict[str, Any], where: Mapping[str, Any], facts: BoardFacts,
                   in_decline: bool = False) -> Traits:
    """A `trigger` valued action by action, as often as its event is heard: on a conquest's
    attacker's side what each conquest brings or costs (coins, tokens to spend, a rival's
    tokens), on its defender's side what makes a region of ours dearer to take, or its loss
    lighter; the events of a turn, a die, a loss per turn (`turn_bonus`, `growth`), those of a
    race's pick and decline once (`once_bonus`, `tokens`), the losses the owner's conquests
    cause per non-empty conquest (`nonempty_bonus`)."""
    odds = where_matches(where, ("", frozenset(), False, False, frozenset())) if where else 1.0
    event = str(p.get("event", "region_conquered"))
    whose = str(p.get("whose", "attacker"))
    parties = TRIGGER_PARTIES.get(event, ("attacker", "defender"))
    if whose not in parties and whose != "anyone":
        whose = parties[0]               # the event's own party, the trigger's default
    odds *= WHEN_ODDS.get(str(p.get("when", "always")), 0.5) * _if_odds(p.get("if"))
    out = Traits()
    for item in p.get("do") or []:
        if not isinstance(item, dict) or len(item) != 1:
            continue
        (verb, raw), = item.items()
        q = raw if isinstance(raw, dict) else {}
        if verb == "roll":               # each face's actions, as often as the die shows it
            results = q.get("results") if isinstance(q.get("results"), dict) else {}
            for face, acts in (results or {}).items():
                share = sum(1 for f in DIE_ODDS if f == face) / len(DIE_ODDS) * odds
                sub = trigger_traits({**p, "do": acts, "if": None, "when": "always"}, {}, facts, in_decline)
                out = out.plus(_scaled(sub, share))
            continue
        n = float(q.get("amount" if verb == "coins" else "count", 1) or 0) * odds
        if event == "region_conquered" or (event == "tokens_lost" and whose == "attacker"):
            out = out.plus(_conquest_act(verb, q, n, whose, event))
        else:
            out = out.plus(_event_act(verb, q, n, whose, event, in_decline))
    return out


# The odds that a count condition of a lasting ability (`tokens_in_hand`, `coins`, `regions`
# with at_least / at_most) holds when its quantity is read.
COUNT_ODDS = 0.5


def lasting_traits(p: dict[str, Any], in_decline: bool, facts: BoardFacts) -> Traits:
    """A `lasting` ability valued as the block that changes its quantity the same way
    (`conquest_price` by N as `cost_change`, to N as `flat_price`; a strength as
    `token_strength`; `die_bonus` as `die_modifier`; `region_coins` as `coins_for_regions`...),
    so each quantity's worth is written once; each count condition halves it. The price an
    opponent pays for our regions (`for: attacker`) is valued as the defence a trigger taking
    his tokens gives."""
    cond_raw = p.get("while")
    cond: Mapping[str, Any] = cond_raw if isinstance(cond_raw, Mapping) else {}
    where: Mapping[str, Any] = cond.get("where") or {}
    when = str(cond.get("when", "always"))
    odds = COUNT_ODDS ** sum(1 for k in ("tokens_in_hand", "coins", "regions") if k in cond)
    change = str(p.get("change", ""))
    by, to = int(p.get("by") or 0), p.get("to")
    value = int(to) if isinstance(to, int) else 1 + by
    if change == "conquest_price" and p.get("for") == "attacker":
        share = where_matches(where, ("", frozenset(), False, False, frozenset())) if where else 1.0
        got = Traits(defense=0.1 * by * share * WHEN_ODDS.get(when, 0.5))
    elif change == "conquest_price":
        got = effect_traits("cost_change", {"amount": by, "where": where, "when": when}, in_decline, facts) \
            if to is None else effect_traits("flat_price", {"tokens": value, "where": where, "when": when},
                                             in_decline, facts)
    elif change in ("attack_strength", "defence_strength"):
        k = Fraction(str(to)) if to is not None else Fraction(1 + by)
        got = effect_traits("token_strength", {"side": change[:-len("_strength")], "tokens": k.denominator,
                                               "count_as": k.numerator, "where": where}, in_decline, facts)
    elif change == "die_bonus":
        got = effect_traits("die_modifier", {"add": by, "where": where, "when": when}, in_decline, facts)
    elif change == "region_coins":
        got = effect_traits("coins_for_regions", {"amount": by if to is None else value - 1, "where": where},
                            in_decline, facts)
    elif change == "lost_when_attacked":
        got = Traits(no_token_loss=True, defense=0.1) if value == 0 else Traits(defense=-0.1 * (value - 1))
    elif change == "tokens_at_redeploy":
        got = Traits(growth=float(by))
    else:                           # least_per_region, pass_over_price: about even (NOT_VALUED)
        got = Traits()
    return _scaled(got, odds) if odds != 1.0 else got


def replace_traits(p: dict[str, Any]) -> Traits:
    """A `replace` valued by what happens instead: on the defender's side a loss lighter (or
    heavier), a region dearer or impossible to take; on the attacker's side rivals' losses,
    coins won or paid per conquest, targets given up. Conditions count as the share of fights
    they hold in."""
    raw = p.get("if")
    cond: dict[str, Any] = raw if isinstance(raw, dict) else {}
    odds = 0.3 if cond.get("where") else 1.0        # some of the regions: a share of the fights
    odds *= 0.5 if cond.get("when", "always") != "always" else 1.0
    other = cond.get("other_in_decline")
    odds *= 1.0 if other is None else 0.25 if other else 0.75
    whose, event = p.get("whose", "defender"), p.get("instead_of", "tokens_lost")
    listed = p.get("do")
    do: list[Any] = listed if isinstance(listed, list) else []
    out = Traits()
    for item in do if event != "scored" else []:
        if not isinstance(item, dict) or "coins" not in item or not isinstance(item["coins"], dict):
            continue
        q = item["coins"]
        n = float(q.get("amount", 1) or 0) * odds
        mine = {"me", whose}
        got = n if q.get("to", "me") in mine else -n if q.get("from", "bank") in mine else 0.0
        deterred = 0.05 * n if q.get("from") == "attacker" else 0.0     # a region dearer to take
        out = out.plus(Traits(conquest_bonus=got * 0.7) if whose == "attacker"
                       else Traits(region_bonus=0.17 * got * (1.3 if q.get("required") else 1.0), defense=deterred))
    if event == "scored":                            # each region's coin, more or none
        got = next((float(item["coins"].get("amount", 1)) for item in do if isinstance(item, dict)
                    and isinstance(item.get("coins"), dict)), 0.0)
        return Traits(region_bonus=(got - 1) * odds)
    if event == "region_conquered":
        if "fail" in do:
            return out.plus(Traits(discount=-0.3 * odds) if whose == "attacker" else Traits(defense=0.5 * odds))
        return out
    lost = next((float(item["tokens"].get("count", 1)) for item in do if isinstance(item, dict)
                 and isinstance(item.get("tokens"), dict)), 0.0)
    if whose == "attacker":                          # the rivals' losses: their regions easier later
        return out.plus(Traits(discount=0.2 * (lost - 1) * odds))
    if not lost and odds == 1.0:
        return out.plus(Traits(no_token_loss=True, defense=0.1))
    return out.plus(Traits(defense=0.1 * (1 - lost) * odds))


def _scaled(t: Traits, k: float) -> Traits:
    """The figures of `t` as worth `k` times as much (its flags as they are)."""
    values: dict[str, Any] = {}
    for f in fields(Traits):
        v = getattr(t, f.name)
        values[f.name] = v * k if isinstance(v, float) else tuple(x * k for x in v) if f.name == "by_round" else v
    return Traits(**values)


def _if_odds(raw: Any) -> float:
    """How often a trigger's `if` holds: the die's faces counted, any other condition a half."""
    if not isinstance(raw, dict):
        return 1.0
    odds = 1.0
    for word, v in raw.items():
        if word == "face":
            lo, hi = (v, v) if isinstance(v, int) else (
                (v.get("at_least", 0), v.get("at_most", 3)) if isinstance(v, dict) else (0, 3))
            odds *= sum(1 for f in DIE_ODDS if lo <= f <= hi) / len(DIE_ODDS)
        else:
            odds *= IF_ODDS
    return odds


def _conquest_act(verb: str, q: Mapping[str, Any], n: float, whose: str, event: str) -> Traits:
    """One action of a conquest's trigger: per conquest on the attacker's side (per non-empty
    conquest when heard as the losses it causes), on the defender's a region held better."""
    mine = {"me", whose}
    per_loss = event == "tokens_lost"
    if verb == "coins":
        got = n if q.get("to", "me") in mine else -n if q.get("from", "bank") in mine else 0.0
        if whose == "attacker" and got > 0 and q.get("from", "bank") in ("defender", "loser"):
            got *= 1.3               # the rival pays: his loss counts too
        if whose != "attacker":
            return Traits(defense=0.05 * got)
        return Traits(nonempty_bonus=got) if per_loss else Traits(conquest_bonus=got)
    if verb == "tokens":
        ours = q.get("of", "me") in mine
        gain = q.get("to", "tray") == "hand"
        if whose == "attacker":
            k = 0.55 if per_loss else 1.0          # the share of conquests that take a held region
            return Traits(discount=((n if gain else -n) if ours else 0.2 * n) * k)
        return Traits(defense=(0.1 * n if gain else -0.1 * n) if ours else 0.1 * n)
    return Traits()


def _event_act(verb: str, q: Mapping[str, Any], n: float, whose: str, event: str, in_decline: bool) -> Traits:
    """One action of a trigger on an event outside the conquest: coins and tokens per turn as
    often as the event is heard, or once for the race's own pick or decline."""
    own, anyone = EVENT_RATES.get(event, (1.0, 1.0))
    mine = {"me"} if whose == "anyone" else {"me", whose}
    once = whose != "anyone" and event in ONCE_EVENTS
    rate = anyone if whose == "anyone" else own
    if verb == "coins":
        payer, payee = q.get("from", "bank"), q.get("to", "me")
        got = n if payee in mine else -n if payer in mine else 0.0
        if once:
            return Traits(once_bonus=got * ONCE_EVENTS[event])
        return Traits(turn_bonus=got * rate, decline_turn_bonus=got * rate if in_decline else 0.0)
    if verb == "tokens":
        ours = q.get("of", "me") in mine
        gain = q.get("to", "tray") == "hand"
        k = n if gain else -n
        if not ours:
            return Traits(defense=0.05 * n * (1.0 if once else rate) if not gain else 0.0)
        if once:
            return Traits(tokens=k) if event == "combo_picked" else Traits()   # at a decline: to the tray
        return Traits(growth=k * rate)
    return Traits()


#: Blocks valued at nothing here on purpose, and why (every block of the shipped content is
#: either valued above or named here).
NOT_VALUED: dict[str, str] = {
    "column_price": "it gives its owner nothing",
    "tokens_when_passed_over": "the tokens lying on its combo are counted at the pick",
    "abandon_pays": "the computer players do not abandon regions",
    "revive_on_decline": "a revived race's worth depends on the race, not known at the pick",
    "vanish_on_decline": "its coins at the decline are about the In Decline regions it gives up",
    "tokens_per_region": "(with `min`) fewer regions, each held more firmly: about even",
}


def traits_of(catalog: Catalog, facts: BoardFacts, race: str, power: str | None,
              memo: dict[str, tuple[Traits, ...]] | None = None) -> Traits:
    """The figures of a race with its power (or alone, In Decline, with `power=None`). `memo`:
    the figures of each race's or power's effects (`id_traits`) worked out so far, for these
    `catalog` and `facts`."""
    t = Traits(tokens=float(catalog.races[race].tokens))
    badge = badge_of(power)
    if badge:
        t = t.plus(Traits(tokens=float(catalog.powers[badge].tokens)))
    for rid in (race, *lent_parts(power)):        # a race's ability borrowed too
        got = memo.get(rid) if memo is not None else None
        if got is None:
            got = id_traits(catalog, facts, rid)
            if memo is not None:
                memo[rid] = got
        for x in got:
            t = t.plus(x)
    return t


def id_traits(catalog: Catalog, facts: BoardFacts, rid: str) -> tuple[Traits, ...]:
    """The figures of each effect of a race or power id, in order."""
    return tuple(effect_traits(name, p, in_decline, facts) for name, p, in_decline in effect_params(catalog, rid))


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
    # an exact memo of `pick_value`: the model is a pure function of its arguments. The traits
    # are keyed by identity and kept in the value, so a key's traits cannot be freed and their
    # identity reused while the entry lives. (`active_value` has none: its regions and tokens
    # are fractions after the modelled losses, and fewer than 1 call in 30 met a key again in
    # Medium's and Expert's games, while the keys, made at every call, and the memo, which the
    # garbage collector walks, cost more than the model's few sums.)
    _p_memo: dict[tuple[Any, ...], tuple[Traits, float]] = field(default_factory=dict)

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

    def income(self, r: float, n: float, tr: Traits, d_income: float, first: bool, rnd: int = 1) -> float:
        inc = (r * (1 + tr.region_bonus) + tr.turn_bonus + tr.nonempty_bonus * 0.55 * n
               + (tr.once_bonus if first else 0.0) + d_income)
        if tr.by_round:
            inc += tr.by_round[min(max(rnd, 1), len(tr.by_round)) - 1]
        if tr.conquest_bonus:
            inc += tr.conquest_bonus * n
        return inc

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
        key = (t, rnd, id(tr), d, d_rate, d_bonus_tr)
        got = self._p_memo.get(key)
        if got is not None and got[0] is tr:
            return got[1]
        k = tr.tokens
        n = min(self.cap, (k + tr.attack_extra) / self.cost(rnd, tr) * self.first_turn_eff + tr.extra_regions)
        n = min(n, k)
        inc = self.income(n, n, tr, d * d_rate, first=True, rnd=rnd)
        r2, k2 = self.after_losses(n, k, tr)
        v = inc + self.active_value(t - 1, rnd + 1, r2, k2, tr, d * (1 - self.loss_decline), d_rate)
        if len(self._p_memo) >= MEMO_SIZE:
            self._p_memo.clear()
        self._p_memo[key] = (tr, v)
        return v

    def active_value(self, t: int, rnd: int, r: float, k: float, tr: Traits, d: float, d_rate: float,
                     gain_now: float | None = None) -> float:
        """Coins over `t` own turns holding an Active race (`r` regions, `k` tokens in all), with
        the best decline timing; `gain_now` overrides this turn's modelled conquests."""
        if t <= 0:
            return 0.0
        if gain_now is not None:
            return max(self.continue_value(t, rnd, r, k, tr, d, d_rate, gain_now),
                       self.decline_now_value(t, rnd, r, tr, d, d_rate))
        return max(self.continue_value(t, rnd, r, k, tr, d, d_rate),
                   self.decline_now_value(t, rnd, r, tr, d, d_rate))

    def continue_value(self, t: int, rnd: int, r: float, k: float, tr: Traits, d: float, d_rate: float,
                       gain_now: float | None = None) -> float:
        n = self.gain(rnd, r, k, tr) if gain_now is None else gain_now
        r1 = r + n
        inc = self.income(r1, n, tr, d * d_rate, first=False, rnd=rnd)
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
        loss = self.loss_decline * (0.5 if tr.decline_keeps else 1.0)
        if tr.decline_hold:             # regions kept In Decline: fewer lost, more turns of coins
            loss *= 1 - tr.decline_hold
            rate *= self.hold_factor(t - 1, tr.decline_hold)
        nd = new_d * (1 - loss)
        v = inc + self.fresh_value(t - 1, rnd + 1, nd * rate) + (keep * (t - 1) * 0.7 if tr.spirit else 0.0)
        if tr.decline_turn_bonus:
            v += tr.decline_turn_bonus * t * 0.85
        return v

    def hold_factor(self, t: int, hold: float) -> float:
        """How many more coins In Decline regions bring over `t` turns when a share `hold` of
        the usual losses is avoided."""
        if t <= 0:
            return 1.0
        q = self.loss_decline
        usual = sum((1 - q) ** i for i in range(t))
        kept = sum((1 - q * (1 - hold)) ** i for i in range(t))
        return kept / usual


def _traits_once(alike: dict[str, Traits], key: str, catalog: Catalog, facts: BoardFacts, race: str,
                 power: str | None, memo: dict[str, tuple[Traits, ...]]) -> Traits:
    """`traits_of` once for each definition `key` (a definition written again is read once)."""
    t = alike.get(key)
    if t is None:
        t = alike[key] = traits_of(catalog, facts, race, power, memo)
    return t


def typical_combo(catalog: Catalog, facts: BoardFacts) -> Traits:
    """A combo one can expect to pick later: mean race and mean power, a little better (one
    chooses among six)."""
    race_ids = sorted(catalog.races)
    first = next(iter(race_ids))                  # sorted once, not once for each power
    memo: dict[str, tuple[Traits, ...]] = {}
    # an entry's figures depend only on its printed tokens and its blocks: the same definition
    # written again (thousands of generated entries have a few hundred) is read once, known by
    # its text (`worth.definition_text`, made once for the content hash too)
    alike: dict[str, Traits] = {}
    races = [_traits_once(alike, worth.definition_text(catalog, r), catalog, facts, r, None, memo)
             for r in race_ids]
    powers = [_traits_once(alike, worth.definition_text(catalog, p), catalog, facts, first, p, memo)
              for p in sorted(catalog.powers)]
    n = max(1, len(races))
    m = max(1, len(powers))
    base = traits_of(catalog, facts, first, None, memo)
    mean_r = sum(t.tokens for t in races) / n
    mean_p = sum(t.tokens - base.tokens for t in powers) / m
    rb = (sum(t.region_bonus for t in races) / n + sum(t.region_bonus - base.region_bonus for t in powers) / m)
    tb = sum(t.turn_bonus for t in powers) / m
    disc = sum(t.discount for t in races) / n + sum(t.discount - base.discount for t in powers) / m
    return Traits(tokens=mean_r + mean_p + 1.0, region_bonus=rb, turn_bonus=tb, discount=disc)


class Knowledge:
    """Traits and the life model for one board and catalog, computed once and shared.

    `traits` is what a combo is worth to the bots: learned from play (`worth.for_game`: the
    printed tokens, plus what its race and power add per Active turn in each round and per In
    Decline turn, measured) when a table of worth covers the catalog, else read from its blocks
    (`traits_of`). `block_traits` is always the blocks' reading: the planner's tactics (coins for
    conquering occupied regions, regions kept In Decline, tokens that only attack) use it.
    With `learned=False` the bots ignore any table (the measuring games use this)."""

    _cache: ClassVar[dict[tuple[int, int, int, bool, int], "Knowledge"]] = {}

    def __init__(self, board: Board, catalog: Catalog, players: int, learned: bool = True) -> None:
        self.board = board
        self.catalog = catalog
        self.facts = BoardFacts.of(board)
        self._traits: dict[tuple[str, str | None], Traits] = {}
        self._blocks: dict[tuple[str, str | None], Traits] = {}
        self._ids: dict[str, tuple[Traits, ...]] = {}      # each race's and power's effects (`traits_of`)
        self._rounds: dict[str, tuple[float, ...]] = {}    # ... and its learned worth by round (`_played`)
        self.worth = worth.for_game(board, catalog, players) if learned else None
        self.model = LifeModel(self.facts, players)
        self.model.fresh = typical_combo(catalog, self.facts) if self.worth is None else self._typical_played()
        self.region_bonus_memo: dict[tuple[str, str | None, bool], dict[str, float]] = {}
        self._lying: dict[tuple[str, str | None, int], Traits] = {}   # `traits_with_tokens`

    @classmethod
    def of(cls, board: Board, catalog: Catalog, players: int, learned: bool = True) -> "Knowledge":
        key = (id(board), id(catalog), players, learned, worth.generation)
        k = cls._cache.get(key)
        if k is None or k.board is not board or k.catalog is not catalog:
            if len(cls._cache) > 32:
                cls._cache.clear()
            k = cls(board, catalog, players, learned)
            cls._cache[key] = k
        return k

    def traits(self, race: str, power: str | None) -> Traits:
        """What the combo is worth to the bots (see the class docstring)."""
        if self.worth is None:
            return self.block_traits(race, power)
        key = (race, power)
        t = self._traits.get(key)
        if t is None:
            t = self._played(race, power)
            self._traits[key] = t
        return t

    def traits_with_tokens(self, race: str, power: str | None, tokens: int) -> Traits:
        """`traits` with `tokens` more (a combo of the column with tokens lying on it), the same
        object each time: the life model's memos know traits by identity, so a combo valued
        again at the next pick is read from them instead of worked out afresh."""
        key = (race, power, tokens)
        t = self._lying.get(key)
        if t is None:
            tr = self.traits(race, power)
            t = replace(tr, tokens=tr.tokens + tokens)
            if len(self._lying) > 4096:
                self._lying.clear()
            self._lying[key] = t
        return t

    def block_traits(self, race: str, power: str | None) -> Traits:
        """The combo's figures as its blocks read (`traits_of`)."""
        key = (race, power)
        t = self._blocks.get(key)
        if t is None:
            t = traits_of(self.catalog, self.facts, race, power, self._ids)
            self._blocks[key] = t
        return t

    def _played(self, race: str, power: str | None) -> Traits:
        """A combo's figures from play: its printed tokens (the life model turns them into
        regions), the coins its race and power were measured to add per Active turn in each
        round and per In Decline turn; and, from the rules, when it may go into decline (a
        spirit race stays through the next decline, a stout one declines after conquering)."""
        w = self.worth
        assert w is not None
        c = self.catalog
        badge = badge_of(power)
        tokens = float(c.races[race].tokens + (c.powers[badge].tokens if badge else 0))
        parts = (race, *lent_parts(power))            # a race's or power's ability borrowed counts too
        by_id = [self._by_round(x) for x in parts]
        rounds = tuple(sum(v[i] for v in by_id) for i in range(self.board.turns))
        blocks = self.block_traits(race, power)
        return Traits(tokens=tokens, by_round=rounds, decline_turn_bonus=sum(w.decline(x) for x in parts),
                      spirit=blocks.spirit, stout=blocks.stout)

    def _by_round(self, rid: str) -> tuple[float, ...]:
        """The coins per Active turn `rid` was measured to add, round by round (`WorthTable.active`)."""
        got = self._rounds.get(rid)
        if got is None:
            w = self.worth
            assert w is not None
            got = self._rounds[rid] = tuple(w.active(rid, r) for r in range(1, self.board.turns + 1))
        return got

    def _typical_played(self) -> Traits:
        """A combo one can expect to pick later, from play: the mean printed tokens and one more
        (one chooses among six); its worth per turn is the mean's, nothing added."""
        c = self.catalog
        races = [d.tokens for d in c.races.values()] or [0]
        powers = [d.tokens for d in c.powers.values()] or [0]
        return Traits(tokens=sum(races) / len(races) + sum(powers) / len(powers) + 1.0)

    def worth_of(self, race: str, power: str | None) -> float | None:
        """Coins per Active turn the combo adds over an average one, learned from play (None
        without a table)."""
        return None if self.worth is None else self.worth.combo(race, power)

    def decline_hold(self, race: str, power: str | None) -> float:
        """The share of the usual In Decline losses this race avoids (0 for most)."""
        return self.block_traits(race, power).decline_hold

    def per_token_in_decline(self, race: str, power: str | None) -> float:
        """Coins per token a stack of this race scores In Decline (0 when it scores per region)."""
        for rid in (race, *lent_parts(power)):
            if rid:
                for name, p, _ in effect_params(self.catalog, rid):
                    if name == "gather_on_decline":
                        return float(p.get("per_token", 1))
        return 0.0

    def region_bonus(self, race: str, power: str | None, in_decline: bool = False) -> dict[str, float]:
        """Bonus coins per turn each region pays this race (and power) when held."""
        key = (race, power, in_decline)
        memo = self.region_bonus_memo.get(key)
        if memo is not None:
            return memo
        out = {r.id: 0.0 for r in self.board.regions}
        for rid in (race, *lent_parts(power)):
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


when_compiled(Traits, BoardFacts, LifeModel)          # pickled for the lab's processes
