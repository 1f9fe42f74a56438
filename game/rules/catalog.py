"""The races and powers a game can use, as definitions plus their effect objects.

A `Catalog` is built from plain dicts (the YAML content, read by `game.content.catalog`): each
race and power lists named effects with parameters, which are looked up in the effect registry
(`abilities`). An effect name that is not registered is remembered, not fatal: the combo can
sit in the column, but putting it into play raises `NotImplementedRule` naming the effect.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping  # not typing's, whose isinstance is slower (asked of every entry)
from dataclasses import dataclass, field
from typing import Any, Final

from . import abilities
from .abilities import REGISTRY, Ability
from .abilities.base import MarkSpec
from .abilities.declared import param_problems
from .board import Board
from .errors import CatalogError, NotImplementedRule
from .lent import LENT, lent_parts, named_in
from .pickling import when_compiled
from .reasons import as_reason, reason
from .state import CONQUER, PICK, REDEPLOY


def load_effects() -> dict[str, type[Ability]]:
    """Import every effect module in `abilities/` (each registers itself); the registry."""
    for m in sorted(pkgutil.iter_modules(abilities.__path__), key=lambda m: m.name):
        if m.name != "base":
            importlib.import_module(f"{abilities.__name__}.{m.name}")
    return REGISTRY


#: every registered effect, by name (an effect registered later, by a test, joins it)
EFFECTS = load_effects()


@dataclass(frozen=True)
class RaceDef:
    id: str
    name: str
    tokens: int          # on the banner
    box: int             # tokens of this race in the box
    text: str = ""
    effects: tuple[tuple[str, dict[str, Any]], ...] = ()
    custom: bool = False
    names: tuple[tuple[str, str], ...] = ()     # a custom entry's name per language code
    texts: tuple[tuple[str, str], ...] = ()     # ... and its rules text
    art: str = ""        # a content file's own picture for the token (a checked PNG path), or ""


@dataclass(frozen=True)
class PowerDef:
    id: str
    name: str
    tokens: int          # on the badge
    text: str = ""
    effects: tuple[tuple[str, dict[str, Any]], ...] = ()
    custom: bool = False
    names: tuple[tuple[str, str], ...] = ()     # a custom entry's name per language code
    texts: tuple[tuple[str, str], ...] = ()     # ... and its rules text
    art: str = ""        # a content file's own picture for the badge, or ""


def _words(given: Any) -> tuple[tuple[str, str], ...]:
    """A content entry's words per language (`names:` or `texts:`), as sorted pairs."""
    if not isinstance(given, Mapping):
        return ()
    return tuple(sorted((str(k), str(v)) for k, v in given.items() if isinstance(v, str)))


def _effects(kind: str, owner: str, raw: Any) -> tuple[tuple[str, dict[str, Any]], ...]:
    out: list[tuple[str, dict[str, Any]]] = []
    for e in raw or []:
        if isinstance(e, str):
            out.append((e, {}))
        elif isinstance(e, Mapping) and len(e) == 1:
            (name, params), = e.items()
            out.append((str(name), dict(params or {})))
        else:
            raise CatalogError(reason("catalog_effect_shape", kind=reason(f"word_{kind}"), id=owner, value=e))
    return tuple(out)


#: hooks the engine asks only when some effect of the catalog overrides them (kept fast)
RARE_HOOKS: tuple[str, ...] = ("protects", "on_region_lost", "conquest_price", "after_conquest", "after_region_lost",
                               "cost_floor", "min_per_region", "pass_over_price", "on_passed_over",
                               "on_any_decline", "after_decline", "may_redeploy", "on_abandon",
                               "on_tokens_lost", "collects_lost_tokens", "repels",
                               "revives_earlier_decline", "discount_after_roll",
                               "rerolls_left", "die_bonus", "at_turn_end", "flat_price",
                               "attack_strength", "defence_strength", "at_others_turn_end",
                               "forced_regions", "tokens_lost_instead", "conquest_refused", "before_conquest")


#: the hooks through which an effect judges a conquest target (see `Ability.judges_locally`)
TARGET_HOOKS: tuple[str, ...] = ("may_target", "reaches", "conquers_water", "cost_modifier", "cost_floor",
                                  "flat_price", "attack_strength")


#: the `RARE_HOOKS` each kind of block overrides, worked out once per kind
_RARE_OF: dict[type, tuple[str, ...]] = {}


def rare_hooks_of(kind: type) -> tuple[str, ...]:
    """The `RARE_HOOKS` that block class `kind` overrides."""
    got = _RARE_OF.get(kind)
    if got is None:
        got = _RARE_OF[kind] = tuple(h for h in RARE_HOOKS if getattr(kind, h) is not getattr(Ability, h))
    return got


#: how a kind of block answers a hook: it keeps the default, it overrides it, or it overrides
#: it but its parameters may keep it quiet (`Ability.quiet_hooks`, asked of each block)
_NEVER, _ALWAYS, _UNLESS_QUIET = 0, 1, 2

#: which effects of a race or power `Catalog._part` asks: all, those in force while Active, In Decline
_ALL, _ACTIVE, _DECLINED = 0, 1, 2

#: `_answers` of each hook, by kind of block, worked out once
_ANSWERS: dict[str, dict[type, int]] = {}


def _answers(kind: type[Ability], hook: str) -> int:
    """How blocks of class `kind` answer `hook` (`_NEVER`, `_ALWAYS` or `_UNLESS_QUIET`)."""
    if getattr(kind, hook) is getattr(Ability, hook):
        return _NEVER
    return _ALWAYS if kind.quiet_hooks is Ability.quiet_hooks else _UNLESS_QUIET


#: the hooks `Hooks` sorts a combo's effects by (`Catalog.hooks_answered`)
SORTED_HOOKS: tuple[str, ...] = ("after_conquest", "attack_strength", "conquers_water", "conquest_price",
                                 "conquest_refused", "cost_floor", "cost_modifier", "defence_strength",
                                 "die_bonus", "enters_anywhere", "flat_price", "legal_intents", "links",
                                 "may_decline_after_scoring", "may_redeploy", "may_target", "min_per_region",
                                 "on_conquered", "protects", "reaches", "redeploy_bonus", "reinforce_reason",
                                 "withheld_after_redeploy")


#: the hooks the engine asks of a combo through `Catalog.answering` and `answering_now`, each
#: worked out for every combo when the catalog is built (`Catalog.warm`)
ASKED_HOOKS: tuple[str, ...] = ("after_region_lost", "at_others_turn_end", "at_turn_end", "before_conquest",
                                "conquest_price", "conquest_refused", "forced_regions", "lost_when_attacked",
                                "min_per_region", "on_abandon", "on_any_decline", "on_end_turn", "on_passed_over",
                                "on_pick", "on_region_lost", "on_tokens_lost", "on_turn_start", "redeploy_bonus",
                                "repels", "score", "tokens_lost_instead", "withheld_after_redeploy")

#: the most tables of printed costs a catalog keeps (`Hooks.printed_costs`: one for each board and
#: set of effects that change a cost)
_BOARDS_KEPT: Final = 256
#: the most combos (races times powers and none) whose answers a catalog works out when built
WARM_COMBOS = 6000


def _moves_in(kind: type[Ability], phase: str) -> bool:
    """Whether blocks of class `kind` may offer a move in `phase` (`Ability.move_phases`)."""
    phases = kind.move_phases
    return phases is None or phase in phases


def _picked(cat: "Catalog", abil: tuple[Ability, ...], answered: set[str], hook: str) -> tuple[Ability, ...]:
    """`Catalog.overriders` of `hook`, or () at once when none of `abil` answers it (`answered`:
    the `SORTED_HOOKS` some of them answer)."""
    return cat.overriders(abil, hook) if hook in answered else ()


class Hooks:
    """One combo's effects (a race's with its power's) sorted by hook, once: for each hook the
    engine asks while listing the moves, the effects that override it, in order (the others
    answer with the hook's default); whether every conquest target is judged locally
    (`Ability.judges_locally`); whether the default redeploy may be plain; and the part of a
    conquest's cost the printed board fixes."""

    __slots__ = ("effects", "conquers_water", "may_target", "cost_modifier", "reaches", "links",
                 "enters_anywhere", "reinforce_reason", "legal_intents", "may_decline_after_scoring",
                 "local", "plain_redeploy", "protects", "conquest_price", "defence_strength", "priced_apart",
                 "cost_floor", "may_redeploy", "die_bonus", "on_conquered", "hears_conquest", "_printed",
                 "_linked", "_shared", "_moves", "_picking", "_conquering", "_redeploying")

    def __init__(self, cat: "Catalog", abil: tuple[Ability, ...]) -> None:
        self.effects = abil
        answered: set[str] = set()          # the hooks some of them answer: the others are ()
        for ab in abil:
            answered |= cat.hooks_answered(ab)
        self.conquers_water = _picked(cat, abil, answered, "conquers_water")
        self.may_target = _picked(cat, abil, answered, "may_target")
        self.cost_modifier = _picked(cat, abil, answered, "cost_modifier")
        self.reaches = _picked(cat, abil, answered, "reaches")
        self.links = _picked(cat, abil, answered, "links")
        self.enters_anywhere = _picked(cat, abil, answered, "enters_anywhere")
        self.reinforce_reason = _picked(cat, abil, answered, "reinforce_reason")
        self.legal_intents = _picked(cat, abil, answered, "legal_intents")
        # those of them with moves of their own, and those that may offer one in each phase
        self._moves = tuple(ab for ab in self.legal_intents if ab.intents)
        self._picking = tuple(ab for ab in self._moves if _moves_in(type(ab), PICK))
        self._conquering = tuple(ab for ab in self._moves if _moves_in(type(ab), CONQUER))
        self._redeploying = tuple(ab for ab in self._moves if _moves_in(type(ab), REDEPLOY))
        self.may_decline_after_scoring = _picked(cat, abil, answered, "may_decline_after_scoring")
        self.protects = _picked(cat, abil, answered, "protects")                # asked for the defender
        # those that ask a price for a region, or refuse its conquest (`conquest_refused`)
        self.conquest_price = _picked(cat, abil, answered, "conquest_price") + _picked(
            cat, abil, answered, "conquest_refused")
        self.defence_strength = _picked(cat, abil, answered, "defence_strength")    # asked for the defender
        # a flat price or a token's strength: the cost is `cost_of`'s, not added up in place
        self.priced_apart = bool(_picked(cat, abil, answered, "flat_price")
                                 or _picked(cat, abil, answered, "attack_strength"))
        self.cost_floor = _picked(cat, abil, answered, "cost_floor")            # Kobolds
        self.may_redeploy = _picked(cat, abil, answered, "may_redeploy")        # Barbarians
        self.die_bonus = _picked(cat, abil, answered, "die_bonus")
        # those that hear of a region taken (`on_conquered`), and those that hear of a conquest
        # with its victim too (`after_conquest`), in order
        self.on_conquered = _picked(cat, abil, answered, "on_conquered")
        after = _picked(cat, abil, answered, "after_conquest")
        self.hears_conquest = tuple(ab for ab in abil if ab in self.on_conquered or ab in after)
        self.local = cat._local_defence and all(
            type(ab).printed_links is not Ability.printed_links for ab in self.links) and all(
            ab.judges_locally() for hook in TARGET_HOOKS for ab in _picked(cat, abil, answered, hook))
        # no effect gives tokens at the redeploy, withholds some after it or keeps more than
        # one token in each region (see `turn.default_redeploy`)
        self.plain_redeploy = not any(_picked(cat, abil, answered, hook) for hook in (
            "redeploy_bonus", "withheld_after_redeploy", "min_per_region"))
        self._printed: tuple[object, list[int], int, tuple[Ability, ...]] = (None, [], -1, ())
        self._shared = cat._printed_costs
        self._linked: tuple[object, dict[str, frozenset[str]] | None] = (None, None)

    def moves_in(self, phase: str) -> tuple[Ability, ...]:
        """The effects whose `legal_intents` may offer a move in `phase` of their race's turn
        (`Ability.move_phases`), in order: those with intents of their own (`Ability.intents`)."""
        if phase == CONQUER:
            return self._conquering
        if phase == REDEPLOY:
            return self._redeploying
        return self._picking if phase == PICK else self._moves

    def printed_links(self, board: Board) -> dict[str, frozenset[str]] | None:
        """The regions each region of `board` is linked to by the combo's `links`, when every
        such link depends on the printed board alone (`Ability.printed_links`); else None."""
        seen, linked = self._linked
        if seen is board:
            return linked
        linked = {}
        for ab in self.links:
            table = ab.printed_links(board)
            if table is None:
                linked = None
                break
            for rid, others in table.items():
                linked[rid] = linked.get(rid, frozenset()) | others
        self._linked = (board, linked)
        return linked

    def printed_costs(self, board: Board) -> tuple[list[int], int, tuple[Ability, ...]]:
        """Each region's cost before what lies on it, by the region's number (`Board.index`) —
        the base 2 (R1) with the changes that depend on the printed board alone
        (`Ability.printed_cost`), added up once per board — that cost when it is the same for
        every region (else -1: the listing then looks up no region's), and the effects whose
        `cost_modifier` is still to be asked region by region."""
        seen, costs, same, asked = self._printed
        if seen is board:
            return costs, same, asked
        key = (self.cost_modifier, id(board))
        shared = self._shared.get(key)
        if shared is not None and shared[0] is board:
            self._printed = shared
            return shared[1], shared[2], shared[3]
        by_id = {rid: 2 for rid in board.index}
        left: list[Ability] = []
        for ab in self.cost_modifier:
            table = ab.printed_cost(board)
            if table is None:
                left.append(ab)
                continue
            for rid, n in table.items():
                by_id[rid] += n
        asked = tuple(left)
        values = set(by_id.values())
        same = max(values.pop(), -1) if len(values) == 1 else -1    # (-1 stands for "not the same")
        by_number = [by_id[rid] for rid in board.ids]
        if len(self._shared) >= _BOARDS_KEPT:
            self._shared.clear()
        self._printed = self._shared[key] = (board, by_number, same, asked)
        return by_number, same, asked


class ComboFacts:
    """What the catalog has worked out for one race with one power (or none), each part when
    first asked (None until then): its effects, those in force while Active and In Decline, the
    same sorted by hook (`Hooks`: the Active one is also `combo_hooks`), whether it guards a region, its effects that answer each hook
    asked by name (`answering`, `answering_now`), whether it collects lost tokens, the tokens
    each region keeps and the price of passing it over. One record a combo, found by its race
    and power once (`Catalog.facts`), where each answer was kept in a table of its own and looked
    up by both names at each question."""

    __slots__ = ("race", "power", "effects", "force", "decline_force", "force_hooks", "decline_hooks",
                 "guards", "decline_guards", "guards_known", "answers", "answers_now", "decline_answers",
                 "collects", "least", "passed_over")

    def __init__(self, race: str, power: str | None) -> None:
        self.race = race
        self.power = power
        self.effects: tuple[Ability, ...] | None = None
        self.force: tuple[Ability, ...] | None = None                # in force while Active
        self.decline_force: tuple[Ability, ...] | None = None        # ... and In Decline
        self.force_hooks: Hooks | None = None             # `hooks_in_force`, Active (`combo_hooks`)
        self.decline_hooks: Hooks | None = None           # ... In Decline
        self.guards: Hooks | None = None                  # `guards`, Active
        self.decline_guards: Hooks | None = None          # ... In Decline
        self.guards_known = 0                             # a mask: 1 Active's known, 2 In Decline's
        # by hook: `answering`, `answering_now` Active and In Decline
        self.answers: dict[str, tuple[Ability, ...]] = {}
        self.answers_now: dict[str, tuple[Ability, ...]] = {}
        self.decline_answers: dict[str, tuple[Ability, ...]] = {}
        self.collects = -1                                # `collects_lost_tokens`: -1 unknown, 0, 1
        self.least = -1                                   # `least_per_region` (-1 unknown)
        self.passed_over: int | None = None               # `pass_over_price`


@dataclass
class Catalog:
    races: dict[str, RaceDef] = field(default_factory=dict)
    powers: dict[str, PowerDef] = field(default_factory=dict)
    abilities: dict[str, tuple[Ability, ...]] = field(default_factory=dict)  # by race or power id
    missing: dict[str, list[str]] = field(default_factory=dict)  # id -> unregistered effect names
    #: the `RARE_HOOKS` some effect overrides, and the markers effects put on regions
    hooked: frozenset[str] = frozenset()
    #: for each of the `RARE_HOOKS` some effect overrides, the races and powers with such an effect
    hooked_by: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    #: the rule language's events some effect listens to (`Ability.events_heard`), and for each
    #: the races and powers with such an effect: the engine tells an event only when listened to
    heard: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    heard_by: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    marks: dict[str, "MarkSpec"] = field(default_factory=dict)
    #: the markers of each kind in the box, by kind (`Ability.marker_box`; the largest count
    #: any effect of the catalog gives a kind)
    boxes: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    decline_only: frozenset[str] = frozenset()   # ids with an `only_in_decline` effect
    #: the pictures custom content names for its markers (marker name -> PNG path); the window
    #: draws one of its own for any other
    marker_pictures: dict[str, str] = field(default_factory=dict)
    # what was worked out for each combo (`facts`), by race, then by power: two lookups of
    # strings whose hashes are known, where a key of both would be a tuple made, hashed and
    # compared at each question; and the combo asked last, found again by the identity of its
    # two names without a lookup (a turn asks mostly of one combo) (cleared when the catalog
    # changes)
    _facts: dict[str, dict[str | None, ComboFacts]] = field(default_factory=dict, repr=False, compare=False)
    _last: ComboFacts | None = field(default=None, repr=False, compare=False)
    # ... and the record asked last of each race, found by race alone when its power is the
    # same object (a race in play has one power at a time: scoring every race, one lookup)
    _race_last: dict[str, ComboFacts] = field(default_factory=dict, repr=False, compare=False)
    # `overriding`'s answers, by hook, then by the effects asked
    _hooks: dict[str, dict[tuple[Ability, ...], tuple[Ability, ...]]] = field(
        default_factory=dict, repr=False, compare=False)
    _tables: dict[tuple[Ability, ...], Hooks] = field(default_factory=dict, repr=False, compare=False)
    #: what the printed board adds to each region's cost (`Hooks.printed_costs`), by the effects
    #: that change a cost and the board (its identity, checked against the board kept): shared
    #: by the combos with the same such effects (a race's own, with any power that changes no
    #: cost), and kept for each board games are played on in turn
    _printed_costs: dict[tuple[tuple[Ability, ...], int], tuple[object, list[int], int, tuple[Ability, ...]]] = field(
        default_factory=dict, repr=False, compare=False)
    #: each block's `SORTED_HOOKS` it answers, by its identity (kept with the block)
    _answered: dict[int, tuple[Ability, frozenset[str]]] = field(default_factory=dict, repr=False,
                                                                 compare=False)
    #: `overriders` of one race's or power's own effects, by (id, hook, `_ALL`/`_ACTIVE`/`_DECLINED`)
    _parts: dict[tuple[str, str, int], tuple[Ability, ...]] = field(default_factory=dict, repr=False,
                                                                    compare=False)
    #: no effect of the catalog that protects a region depends on more than that region
    _local_defence: bool = field(default=True, repr=False, compare=False)
    #: the markers whose defence depends on more than their region (`MarkSpec.defence_of`):
    #: while one lies on the board, no listing builds on the one before (`judged_locally`)
    nonlocal_marks: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    #: some marker makes its region count as a race's when it scores (`MarkSpec.counts_as_region`)
    counting_marks: bool = field(default=False, repr=False, compare=False)
    #: some marker changes what its region scores another race (`MarkSpec.score_other`: Winter)
    scoring_marks: bool = field(default=False, repr=False, compare=False)
    #: some marker goes on combos in the column (`MarkSpec.column_price`)
    column_marks: bool = field(default=False, repr=False, compare=False)
    #: `stacks`: the races' and powers' ids as they were last asked, and each sorted
    _stacks: tuple[list[str], list[str], list[str], list[str]] | None = field(default=None, repr=False,
                                                                              compare=False)
    #: the races and powers with an effect that protects a region, asks a price for it or makes
    #: its defenders count for more (`hooked_by` of those three hooks, together)
    guarding: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    def _index(self) -> None:
        """Note which rare hooks are in use and which markers exist (after any change)."""
        hooked: dict[str, set[str]] = {}
        marks: dict[str, MarkSpec] = {}
        boxes: dict[str, int] = {}
        heard: dict[str, set[str]] = {}
        for key, abil in self.abilities.items():
            for ab in abil:
                for h in rare_hooks_of(type(ab)):
                    hooked.setdefault(h, set()).add(key)
                for e in ab.events_heard():
                    heard.setdefault(e, set()).add(key)
                for spec in ab.marker_specs(key):
                    marks[spec.name] = spec
                for kind, n in ab.marker_box().items():
                    boxes[kind] = max(boxes.get(kind, 0), n)
        self.hooked = frozenset(hooked)
        self.hooked_by = {h: frozenset(ids) for h, ids in hooked.items()}
        self.heard = frozenset(heard)
        self.heard_by = {e: frozenset(ids) for e, ids in heard.items()}
        self.guarding = frozenset().union(*(hooked.get(h, ()) for h in ("protects", "conquest_price",
                                                                         "conquest_refused", "defence_strength")))
        self.marks = marks
        self.boxes = boxes
        self.decline_only = frozenset(k for k, abil in self.abilities.items()
                                      if any(a.only_in_decline for a in abil))
        self.nonlocal_marks = frozenset(name for name, spec in marks.items() if spec.defence_of)
        self.counting_marks = any(spec.counts_as_region for spec in marks.values())
        self.scoring_marks = any(spec.score_other for spec in marks.values())
        self.column_marks = any(spec.column_price or spec.pays_placer for spec in marks.values())
        self._local_defence = all(ab.judges_locally() for abil in self.abilities.values() for ab in abil
                                  if type(ab).protects is not Ability.protects
                                  or type(ab).defence_strength is not Ability.defence_strength)
        self._facts.clear()
        self._last = None
        self._race_last.clear()
        self._hooks.clear()
        self._tables.clear()
        self._printed_costs.clear()
        self._answered.clear()
        self._parts.clear()

    @staticmethod
    def from_data(races: Mapping[str, Mapping[str, Any]], powers: Mapping[str, Mapping[str, Any]],
                  custom: frozenset[str] = frozenset(),
                  built: Mapping[str, tuple[Ability, ...]] | None = None) -> "Catalog":
        """The catalog of these races and powers (each a content file's entry). `built` holds the
        blocks already made of entries whose every effect was checked and made from these very
        definitions (the content reader makes them to check them): they are kept, not made again."""
        cat = Catalog()
        made = built or {}
        for rid, d in races.items():
            cat._add_race(RaceDef(
                id=rid, name=str(d.get("name", rid.title())), tokens=int(d["tokens"]),
                box=int(d.get("box", d["tokens"])), text=str(d.get("text", "")),
                effects=_effects("race", rid, d.get("effects")), custom=rid in custom,
                names=_words(d.get("names")), texts=_words(d.get("texts")), art=str(d.get("art") or "")),
                made.get(rid))
        for pid, d in powers.items():
            cat._add_power(PowerDef(
                id=pid, name=str(d.get("name", pid.title())), tokens=int(d["tokens"]),
                text=str(d.get("text", "")), effects=_effects("power", pid, d.get("effects")),
                custom=pid in custom, names=_words(d.get("names")), texts=_words(d.get("texts")),
                art=str(d.get("art") or "")), made.get(pid))
        cat._index()                  # once for them all: indexing after each would be quadratic
        cat.warm()
        return cat

    def warm(self) -> None:
        """Work out at once, for every race with every power (and with none), the answers the
        engine asks of a combo at each listing and each turn's end (`hooks_in_force`, `guards`,
        `combo_hooks`, the `ASKED_HOOKS` of `answering` and `answering_now`, the prices and the
        tokens each region keeps): a game meets a new combo every few turns, and each would
        otherwise start cold. A catalog with more than `WARM_COMBOS` combos works each out when
        first asked (a content of thousands of entries would be squared)."""
        races, powers = list(self.races), [*self.powers, None]
        if len(races) * len(powers) > WARM_COMBOS:
            return
        for race in races:
            if race in self.missing:
                continue
            for power in powers:
                if power is not None and power in self.missing:
                    continue
                self.combo_hooks(race, power)
                self.pass_over_price(race, power)
                self.collects_lost_tokens(race, power)
                self.least_per_region(race, power)
                for in_decline in (False, True):
                    self.hooks_in_force(race, power, in_decline)
                    self.guards(race, power, in_decline)
        # each combo's answers put together from its race's and its power's (`_answering_parts`),
        # those of each race and power worked out once
        for which in (_ALL, _ACTIVE, _DECLINED):
            own = {key: [self._part(key, hook, which) for hook in ASKED_HOOKS]
                   for key in self.abilities if key not in self.missing}
            for race in races:
                mine = own.get(race)
                if mine is None:
                    continue
                for power in powers:
                    theirs = own.get(power) if power is not None else None
                    if power is not None and theirs is None:
                        continue
                    f = self.facts(race, power)
                    hooks = f.answers if which == _ALL else f.answers_now if which == _ACTIVE else f.decline_answers
                    for i, hook in enumerate(ASKED_HOOKS):
                        if hook not in hooks:
                            got = mine[i]
                            if theirs is not None and theirs[i]:
                                got = got + theirs[i] if got else theirs[i]
                            hooks[hook] = got

    def _build(self, key: str, what: str, effects: tuple[tuple[str, dict[str, Any]], ...],
               built: tuple[Ability, ...] | None = None) -> None:
        """Make the effects of race or power `key` (`what`: "race" or "power"); `built`, when
        given, are those effects already made (one per registered effect, in order)."""
        made: list[Ability] = []
        missing: list[str] = []
        for name, params in effects:
            cls = EFFECTS.get(name)
            if cls is None:
                missing.append(name)
                continue
            if built is not None:
                continue
            problems = param_problems(cls, params)
            if problems:
                raise CatalogError(reason("catalog_effect_error", kind=reason(f"word_{what}"), id=key,
                                          error=problems[0]))
            try:
                made.append(cls(**params))
            except (TypeError, ValueError) as err:
                raise CatalogError(reason("catalog_effect_error", kind=reason(f"word_{what}"), id=key,
                                          error=as_reason(err))) from None
        self.abilities[key] = tuple(made) if built is None else built
        if missing:
            self.missing[key] = missing
        else:
            self.missing.pop(key, None)

    def add_race(self, r: RaceDef) -> None:
        self._add_race(r)
        self._index()

    def add_power(self, p: PowerDef) -> None:
        self._add_power(p)
        self._index()

    def _add_race(self, r: RaceDef, built: tuple[Ability, ...] | None = None) -> None:
        """`add_race` but for the index, which the caller makes once it has added them all."""
        if LENT in r.id:
            raise CatalogError(reason("catalog_id_sign", id=r.id, sign=LENT))
        if r.id in self.powers:
            raise CatalogError(reason("catalog_race_is_power", id=r.id))
        self.races[r.id] = r
        self._build(r.id, "race", r.effects, built)

    def _add_power(self, p: PowerDef, built: tuple[Ability, ...] | None = None) -> None:
        if LENT in p.id:
            raise CatalogError(reason("catalog_id_sign", id=p.id, sign=LENT))
        if p.id in self.races:
            raise CatalogError(reason("catalog_power_is_race", id=p.id))
        self.powers[p.id] = p
        self._build(p.id, "power", p.effects, built)

    def require(self, *ids: str | None) -> None:
        """Raise `NotImplementedRule` if a race or power in play has an unregistered effect."""
        for i in ids:
            if i and i in self.missing:
                raise NotImplementedRule(self.missing[i][0])

    def facts(self, race: str, power: str | None) -> ComboFacts:
        """What was worked out for a race with a power (`ComboFacts`), made empty when first
        asked: the combo asked last is found again by the identity of its names, the last of its
        race by race and the identity of its power, another by race, then by power."""
        last = self._last
        if last is not None and last.race is race and last.power is power:
            return last
        got = self._race_last.get(race)
        if got is None or got.power is not power:
            by = self._facts.get(race)
            if by is None:
                by = self._facts[race] = {}
            got = by.get(power)
            if got is None:
                got = by[power] = ComboFacts(race, power)
            self._race_last[race] = got
        self._last = got
        return got

    def effects_of(self, race: str, power: str | None) -> tuple[Ability, ...]:
        """The effects of a race with a power: the race's first."""
        f = self.facts(race, power)
        got = f.effects
        if got is None:
            got = self.abilities[race]
            for part in lent_parts(power):
                got = got + self.abilities[part]
            f.effects = got
        return got

    def in_force(self, race: str, power: str | None, in_decline: bool) -> tuple[Ability, ...]:
        """The effects of a race with a power that work now: while Active, all but the
        `only_in_decline` ones; In Decline, the `in_decline` ones."""
        f = self.facts(race, power)
        got = f.decline_force if in_decline else f.force
        if got is not None:
            return got
        abil = self.effects_of(race, power)
        if in_decline:
            got = f.decline_force = tuple(a for a in abil if a.in_decline)
        else:
            got = f.force = tuple(a for a in abil if not a.only_in_decline)
        return got

    def overriding(self, abil: tuple[Ability, ...], hook: str) -> tuple[Ability, ...]:
        """Those of `abil` that override the `Ability` method `hook`, in order, but for those
        whose parameters keep it quiet (`Ability.quiet_hooks`): the others answer with the
        hook's default (nothing happens), so the engine need not ask them."""
        by = self._hooks.get(hook)
        if by is None:
            by = self._hooks[hook] = {}
        got = by.get(abil)
        if got is None:
            got = by[abil] = self.overriders(abil, hook)
        return got

    def answering(self, race: str, power: str | None, hook: str) -> tuple[Ability, ...]:
        """The effects of a race with a power (`effects_of`, all of them) that answer `hook`
        (`overriding`), in order."""
        hooks = self.facts(race, power).answers
        got = hooks.get(hook)
        if got is None:
            got = hooks[hook] = self._answering_parts(race, power, hook, _ALL)
        return got

    def answering_now(self, race: str, power: str | None, in_decline: bool,
                      hook: str) -> tuple[Ability, ...]:
        """The effects of a race with a power in force now (`in_force`) that answer `hook`
        (`overriding`), in order."""
        f = self.facts(race, power)
        hooks = f.decline_answers if in_decline else f.answers_now
        got = hooks.get(hook)
        if got is None:
            got = hooks[hook] = self._answering_parts(race, power, hook, _DECLINED if in_decline else _ACTIVE)
        return got

    def _answering_parts(self, race: str, power: str | None, hook: str, which: int) -> tuple[Ability, ...]:
        """`overriding(effects_of(race, power), hook)` (`which`: `_ALL`), or of those `in_force`
        (`_ACTIVE`, `_DECLINED`), put together from the race's and each power's own answers, each
        worked out once: with the packs a combo is new every few turns, and its hooks are asked
        one by one (filtering effects in order, the combo's answer is its parts' answers in order)."""
        got = self._part(race, hook, which)
        for part in lent_parts(power):
            got = got + self._part(part, hook, which)
        return got

    def _part(self, key: str, hook: str, which: int) -> tuple[Ability, ...]:
        """The effects of race or power `key` alone that answer `hook` (`_answering_parts`)."""
        k = (key, hook, which)
        got = self._parts.get(k)
        if got is None:
            abil = self.abilities[key]
            if which == _ACTIVE:
                abil = tuple(a for a in abil if not a.only_in_decline)
            elif which == _DECLINED:
                abil = tuple(a for a in abil if a.in_decline)
            got = self._parts[k] = self.overriders(abil, hook)
        return got

    def collects_lost_tokens(self, race: str, power: str | None) -> bool:
        """Whether a race with a power takes the tokens others lose in conquests, rather than
        the tray (`Ability.collects_lost_tokens`, Igors)."""
        f = self.facts(race, power)
        got = f.collects
        if got < 0:
            got = f.collects = int(named_in(self.hooked_by.get("collects_lost_tokens", frozenset()), race, power)
                                   and any(ab.collects_lost_tokens() for ab in self.effects_of(race, power)))
        return got > 0

    @staticmethod
    def overriders(abil: tuple[Ability, ...], hook: str) -> tuple[Ability, ...]:
        """`overriding` worked out, not kept: for a `Hooks`, kept itself (a combo's hooks would
        otherwise be kept twice, and a lab run meeting hundreds of combos keeps allocating for
        the garbage collector to go through)."""
        kinds = _ANSWERS.get(hook)
        if kinds is None:
            kinds = _ANSWERS[hook] = {}
        out: list[Ability] = []
        for a in abil:
            kind = type(a)
            how = kinds.get(kind)
            if how is None:
                how = kinds[kind] = _answers(kind, hook)
            if how == _ALWAYS or (how == _UNLESS_QUIET and hook not in a.quiet_hooks()):
                out.append(a)
        return tuple(out)

    def hooks_answered(self, ab: Ability) -> frozenset[str]:
        """The `SORTED_HOOKS` block `ab` answers (`overriders`), worked out once a block: a combo's
        `Hooks` asks only those its effects answer (the packs make hundreds of combos)."""
        got = self._answered.get(id(ab))
        if got is None or got[0] is not ab:
            one = (ab,)
            got = self._answered[id(ab)] = (ab, frozenset(h for h in SORTED_HOOKS if self.overriders(one, h)))
        return got[1]

    def hooks_in_force(self, race: str, power: str | None, in_decline: bool) -> Hooks:
        """The effects in force for a race with a power (`in_force`) sorted by hook."""
        f = self.facts(race, power)
        got = f.decline_hooks if in_decline else f.force_hooks
        if got is not None:
            return got
        got = self.hooks(self.in_force(race, power, in_decline))
        if in_decline:
            f.decline_hooks = got
        else:
            f.force_hooks = got
        return got

    def guards(self, race: str, power: str | None, in_decline: bool) -> Hooks | None:
        """`hooks_in_force` of a race named among `guarding` (one that may protect a region, ask a
        price for it or make its defenders count for more), else None."""
        f = self.facts(race, power)
        bit = 2 if in_decline else 1
        if f.guards_known & bit:
            return f.decline_guards if in_decline else f.guards
        got = self.hooks_in_force(race, power, in_decline) if named_in(self.guarding, race, power) else None
        if in_decline:
            f.decline_guards = got
        else:
            f.guards = got
        f.guards_known |= bit
        return got

    def least_per_region(self, race: str, power: str | None) -> int:
        """The tokens each region of a race with a power keeps when its troops are readied or
        redeployed (`Ability.min_per_region`: 1, Kobolds 2)."""
        f = self.facts(race, power)
        got = f.least
        if got < 0:
            got = 1
            for ab in self.answering(race, power, "min_per_region"):
                got = max(got, ab.min_per_region())
            f.least = got
        return got

    def pass_over_price(self, race: str, power: str | None) -> int:
        """The coins a player puts on a race with a power in the column when he picks a combo
        below it: the rule's 1, or what the last of its effects that says a price says
        (`Ability.pass_over_price`)."""
        f = self.facts(race, power)
        got = f.passed_over
        if got is None:
            got = 1
            if named_in(self.hooked_by.get("pass_over_price", frozenset()), race, power):
                for ab in self.effects_of(race, power):
                    v = ab.pass_over_price()
                    if v is not None:
                        got = v
            f.passed_over = got
        return got

    def stacks(self) -> tuple[list[str], list[str]]:
        """The race and power stacks of a new game before their shuffle: every race's and every
        power's id, sorted (lists of the caller's own; sorted once for the ids the catalog
        holds, where a catalog of every pack spent a fifth of a new game sorting them)."""
        races, powers = list(self.races), list(self.powers)
        kept = self._stacks
        if kept is None or kept[0] != races or kept[1] != powers:
            kept = self._stacks = (races, powers, sorted(races), sorted(powers))
        return list(kept[2]), list(kept[3])

    def combo_hooks(self, race: str, power: str | None) -> Hooks:
        """`hooks(in_force(race, power, False))`: the effects of a race and its power in force
        while it is Active (`Hooks.effects`: all but those that work only In Decline, which
        change none of its conquests, costs or moves: R18) sorted by hook."""
        got = self.facts(race, power).force_hooks
        return got if got is not None else self.hooks_in_force(race, power, False)

    def hooks(self, abil: tuple[Ability, ...]) -> Hooks:
        """The effects `abil` (of one combo) sorted by hook (`Hooks`), made once."""
        got = self._tables.get(abil)
        if got is None:
            got = self._tables[abil] = Hooks(self, abil)
        return got


when_compiled(RaceDef, PowerDef, Catalog)          # pickled for the lab's processes (`pickling`)
