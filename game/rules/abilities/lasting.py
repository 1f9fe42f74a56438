"""Block `lasting`: the rule language's lasting ability — "while these conditions hold, this
quantity the engine reads is changed". Nothing happens at a moment: the engine asks for the
quantity each time it needs it, so a lasting ability is never missed and never acts twice.

```yaml
- lasting: {change: conquest_price, by: 1, for: attacker, while: {where: {terrains: [hill]}}}
```

- `change`: the quantity (`QUANTITIES`): `conquest_price` (a conquest's price in tokens),
  `attack_strength` / `defence_strength` (what each token counts for), `die_bonus` (what the
  reinforcement die brings), `region_coins` (what each region scores), `least_per_region`
  (tokens each region keeps, and the fewest a conquest costs), `lost_when_attacked` (tokens a
  defender discards), `tokens_at_redeploy` (tokens from the tray when you redeploy),
  `pass_over_price` (coins laid on this combo by whoever picks one below it).
- `by: N` changes it by N (negative: less), or `to: N` sets it (a strength takes a fraction:
  `to: 1/2`); one of the two.
- `for`: `me` (the owner's own quantity, the default) or `attacker`: the price an opponent pays
  to conquer one of the owner's regions ("my regions cost one more to conquer").
- `while`: the conditions, all of which must hold: `where` (the region the quantity is asked
  about, see *where*), `when` (see *when*), and the owner's race's `tokens_in_hand`, his `coins`
  and its `regions` held, each `{at_least: N, at_most: N}`.
- `then`: for `conquest_price`, actions done after each conquest the change applied to (the
  trigger's verbs: `coins`, `tokens`), "a discount that costs a coin".

Each quantity is read where the engine already asks it (`Ability`'s hooks: `cost_modifier`,
`flat_price`, `attack_strength`, `defence_strength`, `defence_added`, `die_bonus`, `score`,
`cost_floor`/`min_per_region`, `lost_when_attacked`, `redeploy_bonus`, `pass_over_price`); a
lasting ability answers only the hook of its quantity (`quiet_hooks`), so the engine asks it
nothing else. `read_lasting` reads the parameters (a block that is a shorthand of a lasting
ability reads its own through it: `coins_for_regions`, `die_modifier`) and refuses, in one line,
every word that could never act.

YAML: `{lasting: {change: region_coins, by: 1, while: {where: {terrains: [forest]}, regions: {at_most: 3}}}}`
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Final, Mapping, NamedTuple

from ..errors import ParamError
from ..reasons import Reason, reason
from .base import Ability, Victim, near, register
from .markers import counted_regions, region_coins
from .region_turn import LOCAL_WHEN
from .trigger import Act, do_acts, read_actions
from .when import WHEN, when_holds
from .where import Where, conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState, RaceHold


class Quantity(NamedTuple):
    """What a quantity takes: `by` and `to` (None: refused), the least each may be, the rule's
    own value (a `to` equal to it changes nothing), whether it is asked about a region (`where`)
    and in a position (`when` and the state), and whether `then` has a moment to act."""

    by_least: int | None          # the least `by` (0 is always refused); None: no `by`
    to_least: int | None          # the least `to`; None: no `to`
    rule: int | None              # the rule's own value (a `to` equal to it is idle)
    region: bool                  # asked about a region: `where` is read
    position: bool                # asked in a position: `when` and the state are read
    then: bool = False            # `then` acts (each conquest it changed)
    own_region: bool = False      # the region is the owner's own (`occupant` says nothing)


#: the quantities built, with what each takes
QUANTITIES: dict[str, Quantity] = {
    "conquest_price": Quantity(-100, 1, None, True, True, then=True),
    "attack_strength": Quantity(1, 0, 1, True, True),
    "defence_strength": Quantity(1, 0, 1, True, True, own_region=True),
    "die_bonus": Quantity(-100, None, None, True, True),
    "region_coins": Quantity(-1, 0, 1, True, True, own_region=True),
    "least_per_region": Quantity(1, 1, 1, False, False),
    "lost_when_attacked": Quantity(-1, 0, 1, False, True),
    "tokens_at_redeploy": Quantity(1, None, None, False, True),
    "pass_over_price": Quantity(-1, 0, 1, False, False),
}
#: the hook each quantity is read through (conquest_price: by its `to` or `for` too)
HOOKS: dict[str, str] = {
    "attack_strength": "attack_strength", "defence_strength": "defence_strength", "die_bonus": "die_bonus",
    "region_coins": "score", "least_per_region": "min_per_region", "lost_when_attacked": "lost_when_attacked",
    "tokens_at_redeploy": "redeploy_bonus", "pass_over_price": "pass_over_price",
}
#: every hook a lasting ability may answer (each answers one or two: the rest are quiet)
ALL_HOOKS = frozenset({"cost_modifier", "printed_cost", "flat_price", "defence_added", "cost_floor",
                       "after_conquest", "after_region_lost", *HOOKS.values()})
#: the hooks through which a lasting ability judges a conquest's target (`judges_locally`)
TARGET_HOOKS = ("cost_modifier", "flat_price", "attack_strength", "defence_strength", "defence_added",
                "min_per_region")
#: the conditions of `while`
CONDITIONS = ("where", "when", "tokens_in_hand", "coins", "regions")
COUNTS = ("tokens_in_hand", "coins", "regions")
SIDES = ("me", "attacker")


class Change(NamedTuple):
    """A lasting ability read: its quantity, by how much (or to what), for whom, when."""

    change: str
    by: int
    to: Fraction | None
    side: str                                   # "me" or "attacker"
    occupant: tuple[str, ...]                   # who holds the region (read before a conquest)
    where: Where
    when: str
    counts: tuple[tuple[str, int, int], ...]    # (tokens_in_hand / coins / regions, least, most)
    then: tuple[Act, ...]

    @property
    def strength(self) -> Fraction:
        """A strength's value: `to`, or one more `by`."""
        return self.to if self.to is not None else Fraction(1 + self.by)

    @property
    def value(self) -> int:
        """A quantity's value set (`to`), or the rule's own changed `by`."""
        rule = QUANTITIES[self.change].rule or 0
        return int(self.to) if self.to is not None else rule + self.by


def _number(v: Any, strength: bool) -> Fraction | None:
    """A `to` as a number (a strength: a fraction too, `1/2`), or None when it is none."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return Fraction(v)
    if strength and isinstance(v, str):
        try:
            return Fraction(v.strip())
        except (ValueError, ZeroDivisionError):
            return None
    return None


def _count(key: str, raw: Any, effect: str) -> tuple[str, int, int]:
    """A `{at_least: N, at_most: N}` condition read: (key, least, most; -1: no most)."""
    ok = isinstance(raw, Mapping) and raw and set(raw) <= {"at_least", "at_most"} and all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in raw.values())
    if not ok:
        raise ParamError(reason("lasting_count", effect=effect, key=key, value=raw))
    least, most = int(raw.get("at_least", 0)), int(raw.get("at_most", -1))
    if most >= 0 and least > most:
        raise ParamError(reason("lasting_count_never", effect=effect, key=key, least=least, most=most))
    if not least and most < 0:
        raise ParamError(reason("lasting_count_always", effect=effect, key=key))
    return key, least, most


def _never(where: Where) -> str:
    """What a `where` names and excludes at once (it can never hold), or ""."""
    both = (where.terrains & where.not_terrains) or (where.features & where.not_features)
    if both and (where.terrains <= where.not_terrains if where.terrains & where.not_terrains
                 else where.features <= where.not_features):
        return ", ".join(sorted(both))
    if where.d.get("coastal") and where.d.get("not_coastal"):
        return "coastal"
    return ""


def read_lasting(p: Mapping[str, Any], effect: str) -> Change:
    """The parameters of a lasting ability (`change`, `by`/`to`, `for`, `while`, `then`) checked
    and read; ParamError, in one line, at the first word that could never act."""
    change = str(p.get("change", ""))
    q = QUANTITIES.get(change)
    if q is None:
        raise ParamError(reason("param_word", effect=effect, param="change", value=change,
                                hint=near(change, QUANTITIES), known=", ".join(QUANTITIES)))
    cond = p.get("while") or {}
    if not isinstance(cond, Mapping):
        raise ParamError(reason("lasting_while_shape", effect=effect, value=cond, known=", ".join(CONDITIONS)))
    by, raw_to = p.get("by", 0), p.get("to")
    if (by != 0) == (raw_to is not None):
        raise ParamError(reason("lasting_by_to", effect=effect, change=change))
    strength = change.endswith("_strength")
    to: Fraction | None = None
    if raw_to is not None:
        to = _number(raw_to, strength)
        if q.to_least is None:
            raise ParamError(reason("lasting_only", effect=effect, change=change, only="by"))
        if to is None or to < q.to_least or (strength and to <= 0) or to == q.rule or (
                not strength and to.denominator != 1):
            raise ParamError(reason("lasting_value", effect=effect, change=change, param="to", value=raw_to,
                                    want=_want(q, strength, "to")))
    else:
        if q.by_least is None:
            raise ParamError(reason("lasting_only", effect=effect, change=change, only="to"))
        if not isinstance(by, int) or isinstance(by, bool) or by < q.by_least:
            raise ParamError(reason("lasting_value", effect=effect, change=change, param="by", value=by,
                                    want=_want(q, strength, "by")))
    side = str(p.get("for", "me"))
    if side not in SIDES:
        raise ParamError(reason("param_word", effect=effect, param="for", value=side, hint=near(side, SIDES),
                                known=", ".join(SIDES)))
    if side == "attacker" and (change != "conquest_price" or to is not None):
        raise ParamError(reason("lasting_for", effect=effect, change=change))
    for k in cond:
        if k not in CONDITIONS:
            raise ParamError(reason("lasting_while_unknown", effect=effect, key=k, hint=near(k, CONDITIONS),
                                    known=", ".join(CONDITIONS)))
        if k == "where" and not q.region:
            raise ParamError(reason("lasting_no_where", effect=effect, change=change))
        if k != "where" and not q.position:
            raise ParamError(reason("lasting_no_position", effect=effect, change=change, key=k))
    occupant, where = conquest_where(cond.get("where"), effect, "where")
    if occupant and (q.own_region or side == "attacker"):
        raise ParamError(reason("lasting_occupant", effect=effect, change=change))
    never = _never(where)
    if never:
        raise ParamError(reason("lasting_where_never", effect=effect, what=never))
    when = str(cond.get("when", "always"))
    if when not in WHEN:
        raise ParamError(reason("param_when", effect=effect, value=when, known=", ".join(WHEN)))
    counts = tuple(_count(k, cond[k], effect) for k in COUNTS if k in cond)
    raw_then = p.get("then") or []
    then: tuple[Act, ...] = ()
    if raw_then:
        if not q.then:
            raise ParamError(reason("lasting_then", effect=effect, change=change))
        then = read_actions(raw_then, "defender" if side == "attacker" else "attacker", effect)
    return Change(change, int(by) if to is None else 0, to, side, occupant, where, when, counts, then)


def lasting_while(p: Mapping[str, Any]) -> dict[str, Any]:
    """The `while` of a block's `where` and `when` parameters (those it has and sets)."""
    out: dict[str, Any] = {}
    if p.get("where"):
        out["where"] = p["where"]
    if p.get("when", "always") != "always":
        out["when"] = p["when"]
    return out


def _want(q: Quantity, strength: bool, param: str) -> Reason:
    """What a `by` or `to` of quantity `q` may be, in words."""
    if strength and param == "to":
        return reason("lasting_want_strength")
    least = q.by_least if param == "by" else q.to_least
    if param == "by":
        return reason("lasting_want_nonzero", least=least) if least is not None and least < 0 else \
            reason("lasting_want_at_least", least=least)
    return reason("lasting_want_not", least=least, rule=q.rule) if q.rule is not None else \
        reason("lasting_want_at_least", least=least)


class Lasting(Ability):
    """While the conditions of `while` hold, the quantity `change` is `by` more (or set `to` a
    value), for its owner or, `for: attacker`, for whoever conquers one of the owner's regions."""

    params: ClassVar[dict[str, Any]] = {"change": "conquest_price", "by": 0, "to": None, "for": "me",
                                        "while": None, "then": []}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"change": tuple(QUANTITIES), "for": SIDES}
    idle_values: ClassVar[dict[str, Any]] = {"then": []}
    #: the `where` inside `while`, whose `occupant` race ids are checked once every file is read
    nested_where: ClassVar[tuple[tuple[str, str], ...]] = (("while", "where"),)
    param_docs: ClassVar[dict[str, str]] = {
        "change": "the quantity the engine reads that is changed",
        "by": "how much more (negative: less); or",
        "to": "the value it is set to (a strength: a whole number or a fraction such as 1/2)",
        "for": "whose quantity: me (the owner's), or attacker (the price an opponent pays for your regions; "
               "conquest_price with by only)",
        "while": "the conditions, all holding: where (the region asked about), when, and "
                 "tokens_in_hand / coins / regions with at_least / at_most",
        "then": "for conquest_price: actions after each conquest the change applied to (coins, tokens)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        c = self.c = read_lasting(self.p, self.name)
        q = QUANTITIES[c.change]
        if c.change == "conquest_price":
            hook = "defence_added" if c.side == "attacker" else "flat_price" if c.to is not None else "cost_modifier"
            # `for: attacker` answers with the defenders' strength, where the holder is asked
            heard = {hook, "printed_cost"} if hook == "cost_modifier" else \
                {hook, "defence_strength"} if hook == "defence_added" else {hook}
            if c.then:
                heard.add("after_region_lost" if c.side == "attacker" else "after_conquest")
        else:
            hook = HOOKS[c.change]
            heard = {hook} | ({"cost_floor"} if c.change == "least_per_region" else set())
        #: the one hook it answers (the engine asks some hooks of every block: the others say nothing)
        self.hook = hook
        self._quiet = ALL_HOOKS - heard
        # asked of every target when the moves are listed: what it reads, worked out once
        # (a quantity not asked about a conquest's target says nothing of one)
        self.local = hook not in TARGET_HOOKS or (c.when in LOCAL_WHEN and not c.counts)
        self.plain = not c.counts and c.when == "always"      # the region alone decides
        self.printed = self.plain and (not c.where or c.where.printed) and not c.occupant
        self.amount = c.by
        self.strength = c.strength if c.change.endswith("_strength") else Fraction(1)
        self.value = c.value if q.rule is not None or c.to is not None else c.by

    def quiet_hooks(self) -> frozenset[str]:
        return self._quiet

    def judges_locally(self) -> bool:
        return self.local

    # -- the conditions ------------------------------------------------------------------
    def holds(self, s: "GameState", seat: int, race: str | None, rid: str | None) -> bool:
        """The conditions of `while` hold (`change_holds`)."""
        return change_holds(self, self.c, s, seat, race, rid)

    # -- conquest_price ------------------------------------------------------------------
    def printed_cost(self, board: "Board") -> dict[str, int] | None:
        if not self.printed or self.c.to is not None or self.c.side != "me" or self.only_in_decline:
            return None
        return {rid: self.amount for rid in self.c.where.on_board(board)} if self.c.where else \
            {rid: self.amount for rid in board.index}

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        # asked for every region within reach each time the moves are listed: kept short
        if self.hook != "cost_modifier":
            return 0
        if self.printed and not self.only_in_decline:
            return self.amount if not self.c.where or self.c.where.holds(s, seat, None, rid) else 0
        return self.amount if self.holds(s, seat, None, rid) else 0

    def flat_price(self, s: "GameState", seat: int, rid: str) -> int | None:
        if self.hook != "flat_price":
            return None
        return self.value if self.holds(s, seat, None, rid) else None

    def defence_added(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool) -> int:
        if self.hook != "defence_added":
            return 0
        return self.amount if self.holds(s, seat, s.regions[rid].race, rid) else 0

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        if not self.c.then or self.c.side != "me" or not self._paid(events, rid) or \
                not self._held_then(s, seat, s.regions[rid].race, rid, victim):
            return
        do_acts(s, self.c.then, rid, seat, victim.owner if victim.tokens else None, victim.race, events)

    def after_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, victim: Victim,
                          events: list[dict[str, Any]], chance: Any = None) -> None:
        if not self.c.then or self.c.side != "attacker" or not self._paid(events, rid) or \
                not self._held_then(s, seat, victim.race, rid, None):
            return
        do_acts(s, self.c.then, rid, attacker, seat, victim.race, events)

    @staticmethod
    def _paid(events: list[dict[str, Any]], rid: str) -> bool:
        """The conquest of `rid` just made was paid in tokens (not the Dragon's, an enchantment)."""
        for e in events[::-1]:               # not reversed(): an internal error of mypyc 2.4
            if e.get("region") == rid and e.get("type") in ("conquer", "reinforce", "dragon", "enchant", "ghouls"):
                return e["type"] not in ("dragon", "enchant")
        return True

    def _held_then(self, s: "GameState", seat: int, race: str | None, rid: str, victim: Victim | None) -> bool:
        """The conditions held for the conquest of `rid` just made: `occupant` is who held it
        before (`victim`), the rest is read as it is."""
        c = self.c
        if c.occupant and (victim is None or not held_before(c.occupant, seat, victim)):
            return False
        if self.only_in_decline and self.idle_while_active(s, seat):
            return False
        if c.when != "always" and not when_holds(c.when, s, seat, race):
            return False
        if c.counts and not self.holds(s, seat, race, None):
            return False
        return not c.where or c.where.holds(s, seat, race, rid)

    # -- strengths, the die ----------------------------------------------------------------
    def attack_strength(self, s: "GameState", seat: int, rid: str) -> Fraction | None:
        if self.hook != "attack_strength":
            return None
        return self.strength if self.holds(s, seat, None, rid) else None

    def defence_strength(self, s: "GameState", seat: int, rid: str, attacker: int,
                         in_decline: bool) -> Fraction | None:
        if self.hook != "defence_strength":
            return None                 # (a `for: attacker` price answers `defence_added`)
        return self.strength if self.holds(s, seat, s.regions[rid].race, rid) else None

    def die_bonus(self, s: "GameState", seat: int, rid: str) -> int:
        if self.hook != "die_bonus":
            return 0
        return self.amount if self.holds(s, seat, None, rid) else 0

    # -- the race's tokens ---------------------------------------------------------------
    def cost_floor(self, s: "GameState", seat: int) -> int:
        return self.value if self.hook == "min_per_region" else 1

    def min_per_region(self) -> int:
        return self.value if self.hook == "min_per_region" else 1

    def lost_when_attacked(self, s: "GameState", seat: int) -> int | None:
        if self.hook != "lost_when_attacked":
            return None
        return self.value if self.holds(s, seat, None, None) else None

    def redeploy_bonus(self, s: "GameState", seat: int) -> int:
        if self.hook != "redeploy_bonus":
            return 0
        return self.amount if self.holds(s, seat, None, None) else 0

    def pass_over_price(self) -> int | None:
        return self.value if self.hook == "pass_over_price" else None

    # -- region_coins --------------------------------------------------------------------
    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        if self.hook != "score" or not self.holds(s, seat, hold.race, None):
            return 0
        c = self.c
        return score_regions(s, seat, hold, c.where, c.by, 0, None if c.to is None else int(c.to))


def change_holds(ab: Ability, c: Change, s: "GameState", seat: int, race: str | None, rid: str | None) -> bool:
    """The conditions of `while` of change `c` (read for block `ab`) hold for the race `race` of
    `seat` (None: the race `ab` belongs to), about region `rid` (None: no region). A block that
    is a shorthand of a lasting ability answers with it (`die_modifier`, `token_strength`)."""
    if ab.only_in_decline and ab.idle_while_active(s, seat):
        return False
    if c.when != "always":
        if race is None and c.when == "holds_a_region":
            hold = ab.hold_in(s, seat)[0]
            race = hold.race if hold is not None else None
        if not when_holds(c.when, s, seat, race):
            return False
    if c.counts:
        hold = ab.hold_in(s, seat)[0]
        if hold is None:
            return False
        for key, least, most in c.counts:
            n = (hold.hand if key == "tokens_in_hand" else s.players[seat].coins if key == "coins"
                 else len(s.regions_of(seat, hold.race)))
            if n < least or 0 <= most < n:
                return False
        race = hold.race
    if rid is None:
        return True
    if c.occupant and not any(Where._occupant(s, seat, rid, o) for o in c.occupant):
        return False
    where = c.where
    if not where.d:
        return True
    if where.printed:
        return where.holds(s, seat, None, rid)
    if race is None:
        hold = ab.hold_in(s, seat)[0]
        race = hold.race if hold is not None else None
    return where.holds(s, seat, race, rid)


#: the key of the turn's memory that keeps what each region of a race scores so far, by race
_LEFT_KEYS: Final[dict[str, str]] = {}


def score_regions(s: "GameState", seat: int, hold: "RaceHold", where: Where, amount: int, otherwise: int,
                  to: int | None = None) -> int:
    """Coins more for the regions of `hold` (of `seat`) at the end of the turn: `amount` for each
    matching `where`, `otherwise` for each other one (with `to`: what each matching region scores
    instead of what it scored so far). A region never scores below 0, whatever else takes from
    it this turn (a second such block: Khans with Aquatic; a Winter marker): what each region
    scores so far is kept for the turn's scoring."""
    n = 0
    race = hold.race
    key = _LEFT_KEYS.get(race)
    if key is None:
        key = _LEFT_KEYS[race] = f"coins_for_regions:left:{race}"
    used = s.turn.used
    earlier = used.get(key)
    marked = bool(s.catalog.marks)
    own = s.regions_of(seat, race)
    if s.catalog.counting_marks:          # marked regions that count as the race's
        own = own + counted_regions(s, seat, race, hold.power)
    if earlier is None and not marked and to is None:   # (the first such block this turn, no marker)
        left: dict[str, int] = {}
        for rid in own:                    # (each region scores 1 so far)
            c = amount if where.holds(s, seat, race, rid) else otherwise
            if c < -1:
                c = -1
            left[rid] = 1 + c
            n += c
        used[key] = left
        return n
    left = dict(earlier) if earlier is not None else {}
    for rid in own:
        base = left.get(rid)
        if base is None:
            base = region_coins(s, rid, race) if marked else 1
        if where.holds(s, seat, race, rid):
            c = amount if to is None else to - base
        else:
            c = otherwise
        c = max(c, -base)
        left[rid] = base + c
        n += c
    used[key] = left
    return n


register("lasting", Lasting)
