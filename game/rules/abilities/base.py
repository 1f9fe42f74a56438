"""The extension points every race and power effect plugs into, and the registry of effects.

An effect is a subclass of `Ability` registered under a name with `register("name", Class)`; YAML
content composes effects by name with parameters (`{cost_change: {amount: -1}}`). The engine
calls the hooks below at fixed moments of the turn; every hook's default does nothing, so an
effect overrides only what it changes. Hooks receive the state being built by `apply` (write
through `state.reg_w` / `state.player_w` only) and the seat of the player who holds the race.

By default an effect works only while its race is Active; `in_decline: true` in YAML (or the
class attribute `works_in_decline`) keeps it working In Decline (Dwarves' mines, for example),
and `only_in_decline: true` makes it work In Decline and not while Active (White Ladies).
Parameters are checked when the content is read: an unknown name, or a value whose kind differs
from the default's (a word where a number is expected), is refused with a sentence naming it.
Ability objects are shared by every game that uses the catalog: keep per-game memory in the
state (`hold.memo`, `player.memo`, `turn.used`), never on the ability.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable

from ..errors import ParamError
from ..pickling import by_keywords_when_compiled, when_compiled
from ..reasons import Reason, reason

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..board import Board
    from ..state import GameState, RaceHold
    from .language import Heard


class Victim:
    """Who held a region just before a conquest: a race of a player, a Lost Tribe, or no one.
    (A plain class, compiled: one is made for every conquest while an effect listens for them,
    and a named tuple is made by interpreted code.)"""

    def __init__(self, owner: int | None = None, race: str | None = None, decline: bool = False,
                 tokens: int = 0, lost_tribe: int = 0) -> None:
        self.owner = owner
        self.race = race
        self.decline = decline
        self.tokens = tokens
        self.lost_tribe = lost_tribe

    @property
    def active_race(self) -> bool:
        return self.owner is not None and self.tokens > 0 and not self.decline

    def __repr__(self) -> str:
        return (f"Victim(owner={self.owner!r}, race={self.race!r}, decline={self.decline!r}, "
                f"tokens={self.tokens!r}, lost_tribe={self.lost_tribe!r})")


class Fight:
    """A conquest as a replacement of its defender's loss sees it: the region, who conquers it,
    who held it and whether his race there is In Decline. (A plain class, as `Victim`.)"""

    def __init__(self, rid: str, attacker: int, defender: int, defender_decline: bool = False) -> None:
        self.rid = rid
        self.attacker = attacker
        self.defender = defender
        self.defender_decline = defender_decline

    def __repr__(self) -> str:
        return (f"Fight(rid={self.rid!r}, attacker={self.attacker!r}, defender={self.defender!r}, "
                f"defender_decline={self.defender_decline!r})")


REGISTRY: dict[str, type["Ability"]] = {}


def register(name: str, cls: type["Ability"]) -> None:
    """Make the effect `cls` available to YAML content under `name`: each block's module calls
    it once its classes are defined (`register("heroes", Heroes)` at its end). A plain call, not
    a class decorator: a decorated class is not compiled as a native class (`game.native`)."""
    cls.name = name
    REGISTRY[name] = cls
    by_keywords_when_compiled(cls, _given)          # pickled for the lab's processes (`pickling`)


def _given(block: "Ability") -> dict[str, Any]:
    return dict(block.given)


@dataclass(frozen=True)
class MarkSpec:
    """A marker an effect puts on regions (`RegionState.marks`): what it adds to a region's
    defence, whether it makes the region immune, and the race or power it belongs to."""

    name: str
    source: str
    defence: int = 0
    immune: bool = False
    score_other: int = 0     # coins its region scores for an occupant not of `source`
    with_race: bool = False  # leaves when the race tokens leave its region
    #: defence that depends on the position: tokens added to its region's cost (Behemoth)
    defence_of: Callable[["GameState", str], int] | None = None
    #: its region counts as one of the race's for scoring though the race is not there: "empty"
    #: (while no one holds it) or "always" (even held by another); "" never
    counts_as_region: str = ""
    #: its region can be neither conquered nor abandoned, and its tokens stay where they are
    frozen: bool = False
    #: on a combo in the column: coins more to pick that combo, paid to the marker's placer
    #: (`pays_placer`) or to the bank
    column_price: int = 0
    pays_placer: bool = False


when_compiled(MarkSpec)          # pickled for the lab's processes (`pickling`)


def near(word: Any, known: Iterable[str]) -> Reason | str:
    """" (did you mean 'x'?)" for the closest of `known` to a misspelt word, or ""."""
    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=1, cutoff=0.6)
    return reason("did_you_mean", name=close[0]) if close else ""


def _kind(default: Any) -> str | None:
    """The kind of value a parameter takes (a `reasons` key: kind_bool, kind_int...)."""
    if isinstance(default, bool):
        return "kind_bool"
    if isinstance(default, int):
        return "kind_int"
    if isinstance(default, str):
        return "kind_word"
    if isinstance(default, list):
        return "kind_list"
    return None


def _yaml_word(v: Any) -> str:
    """A parameter value as YAML writes it."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _is_kind(v: Any, want: str) -> bool:
    if want == "kind_bool":
        return isinstance(v, bool)
    if want == "kind_int":
        return isinstance(v, int) and not isinstance(v, bool)
    if want == "kind_word":
        return isinstance(v, str)
    return isinstance(v, list)


class Ability:
    name: ClassVar[str] = ""
    works_in_decline: ClassVar[bool] = False
    #: intent kinds (see actions.py) this effect handles, e.g. ("dragon",)
    intents: ClassVar[tuple[str, ...]] = ()
    #: the phases of its race's turn (`state.PHASES`) in which `legal_intents` may offer a move;
    #: None: any. The listing asks the block only in those (`Hooks.moves_in`): a block whose
    #: move is a conquest is not asked while its race picks or redeploys.
    move_phases: ClassVar[tuple[str, ...] | None] = None
    #: parameters accepted from YAML, with defaults (whose kind is the parameter's; a mapping
    #: is a `where:` condition)
    params: ClassVar[dict[str, Any]] = {}
    #: the words a word parameter accepts (for a list parameter: each of its items)
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {}
    #: parameters that do something only when another has one of some values:
    #: {"victim": ("per", ("conquest",))}
    only_with: ClassVar[dict[str, tuple[str, tuple[Any, ...]]]] = {}
    #: the number parameters that may be negative though their default is positive
    signed: ClassVar[tuple[str, ...]] = ()
    #: whether `in_decline: true` changes anything for the block; None: worked out from the
    #: hooks it overrides (`declared.honours_decline`)
    decline_honoured: ClassVar[bool | None] = None
    #: the pieces of `RegionState` the block puts on regions (("lair",), ("hero",)...): they
    #: leave with the block when its race or power was only borrowed (`borrow_power`)
    region_pieces: ClassVar[tuple[str, ...]] = ()
    #: a borrowing of it gives back the markers it placed itself, which may lie on regions of
    #: others (noted, `box.note_placed`, or taken back by `on_given_back`), not every one of
    #: its markers on the borrower's regions (a lender's among them)
    gives_back_placed: ClassVar[bool] = False
    #: its `supply` is markers the player holds to spend (a `marker_pool`'s), shown on his
    #: panel, not markers left in the box
    held_markers: ClassVar[bool] = False
    #: parameter values with which the block can never act (`{"times": 0}`): refused when
    #: given (`declared.idle_problems`)
    idle_values: ClassVar[dict[str, Any]] = {}
    #: the markers it needs (`markers_needed`) may be placed by any race or power; False: by
    #: a block of its own race or power
    markers_from_any: ClassVar[bool] = False
    #: the `where:` parameters that look only at the race's own regions, with the `occupant`
    #: words such a region can never have (refused when given)
    held_where: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init__(self, **kw: Any) -> None:
        #: the parameters as given (a compiled block is pickled by making it again from them)
        self.given: dict[str, Any] = dict(kw)
        self.only_in_decline: bool = bool(kw.pop("only_in_decline", False))
        self.in_decline: bool = bool(kw.pop("in_decline", self.works_in_decline)) or self.only_in_decline
        unknown = set(kw) - set(self.params)
        if unknown:
            known = ", ".join(sorted(self.params)) or reason("word_none")
            raise ParamError(reason("param_unknown", param=sorted(unknown)[0], effect=self.name,
                                    known=known))
        for k, v in list(kw.items()):
            want = _kind(self.params[k])
            if want == "kind_list" and isinstance(v, str) and k in self.choices:
                kw[k] = v = [v]             # one word where a list of words is taken
            if want is not None and not _is_kind(v, want):
                raise ParamError(reason("param_kind", param=k, effect=self.name, want=reason(want),
                                        value=v))
        found = self.word_problems(kw)
        if found:
            raise ParamError(found[0])
        self.p: dict[str, Any] = {**self.params, **kw}

    @classmethod
    def word_problems(cls, given: dict[str, Any]) -> list[Reason]:
        """The words of `given` outside the block's `choices`, and the parameters given without
        the value of another that `only_with` says they need (a block that finds more calls
        `word_problems_of(cls, given)` for these: `super()` in a class method, compiled, passes
        the wrong class)."""
        return word_problems_of(cls, given)

    def quiet_hooks(self) -> frozenset[str]:
        """The hooks this block overrides that, with its parameters, always answer as the
        default does (a Catapult's discount of 0: no change to any cost): the engine need not
        ask them (`Catalog.overriding`)."""
        return frozenset()

    def idle_while_active(self, s: "GameState", seat: int) -> bool:
        """True when this effect works only In Decline (`only_in_decline`) and the race of
        `seat` it belongs to is Active: the engine asks a conquering Active race's hooks of all
        its effects, so such an effect answers for itself."""
        return self.only_in_decline and not self.hold_in(s, seat)[1]

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        """The markers this effect puts on regions (`source`: its race or power id)."""
        return ()

    def markers_needed(self) -> tuple[str, ...]:
        """The markers this effect acts on but does not place itself (counted, moved): another
        block must place them, or the effect can never act."""
        return ()

    @classmethod
    def idle_combination(cls, p: dict[str, Any]) -> Reason | None:
        """Why the block can never act with these parameters together (`p`: the defaults with
        what was given), or None. Single values are said by `idle_values`."""
        return None

    def marker_box(self) -> dict[str, int]:
        """The markers of each kind this effect places that the box holds (Heroes: 2, a pack's
        Behemoths: 2): the most of that kind in play at once across all players, a race or
        power borrowed for a turn included (`abilities.box`); {} when the box sets no count."""
        return {}

    def hold_in(self, s: "GameState", seat: int, write: bool = False) -> tuple["RaceHold | None", bool]:
        """The race of `seat` this effect belongs to, and whether it is In Decline (None if the
        player holds no race with this effect). `write=True` for a hold you will change."""
        p = s.player_w(seat) if write else s.players[seat]
        cat = s.catalog
        if p.active is not None and self in cat.effects_of(p.active.race, p.active.power):
            return p.active, False
        for h in p.declines:
            if self in cat.effects_of(h.race, h.power):
                return h, True
        return None, False

    def active_hold(self, s: "GameState", seat: int) -> "RaceHold | None":
        """The Active race of `seat` when this effect is its race's or its power's, else None:
        `hold_in` asked only whether the effect is the Active race's (a block whose move is the
        Active race's asks it at every listing)."""
        hold = s.players[seat].active
        if hold is not None:
            for x in s.catalog.effects_of(hold.race, hold.power):
                if x is self:
                    return hold
        return None

    # -- conquest ------------------------------------------------------------------
    def judges_locally(self) -> bool:
        """True when what this effect says of a conquest target — `may_target`, `reaches`,
        `conquers_water`, `cost_modifier`, `cost_floor`, and `protects` for a region of its
        race — depends on nothing but the board, that region and its neighbours (their tokens
        and markers), the seats and races involved, the round, and the turn's seat, pick and
        `turn.used`. After a conquest `legal_actions` then keeps its judgement of the regions
        away from every region written, and judges only the others again. The default, False,
        makes every listing judge every candidate afresh: an effect that reads anything else
        (a hand, coins, memory, regions further away) keeps it."""
        return False

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        """Change to a conquest's cost (negative for a discount); the engine keeps it ≥ 1."""
        return 0

    def printed_cost(self, board: "Board") -> dict[str, int] | None:
        """What `cost_modifier` says of each region of `board` (regions left out: 0) when that
        depends on what is printed on the board alone, or None (then it is asked each time).
        The engine adds the table up once per board and race."""
        return None

    def modifies_costs_now(self, s: "GameState", seat: int) -> bool:
        """False when `cost_modifier` says 0 of every region in this position (Berserk with no
        die waiting): the listing then asks it of none. The default, True, asks it region by
        region."""
        return True

    def flat_price(self, s: "GameState", seat: int, rid: str) -> int | None:
        """Tokens a conquest of `rid` costs instead of what stands there (R1's 2, the markers'
        defence, the Lost Tribe and the defenders), or None: the race's and power's changes
        still apply to it, and the least a conquest costs."""
        return None

    def attack_strength(self, s: "GameState", seat: int, rid: str) -> Fraction | None:
        """How much each token of this race counts for when conquering `rid` (2: double, 1/2:
        half), or None (one each): the cost in tokens is divided by it, rounded up."""
        return None

    def defence_strength(self, s: "GameState", seat: int, rid: str, attacker: int,
                         in_decline: bool) -> Fraction | None:
        """How much each token of this race of `seat` defending `rid` against `attacker` counts
        for (2: double), or None (one each): the defenders' part of the cost is multiplied by
        it, rounded up."""
        return None

    def defence_added(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool) -> int:
        """Tokens added to what `attacker` pays to conquer `rid`, held by this race of `seat` (a
        lasting ability's `for: attacker`), after its defenders' strength; asked with
        `defence_strength`, of the blocks that answer it."""
        return 0

    def enters_anywhere(self, s: "GameState", seat: int) -> bool:
        """Ignore the first-conquest border rule (R2)."""
        return False

    def reaches(self, s: "GameState", seat: int, rid: str) -> bool:
        """May target `rid` though it is not adjacent to the race's regions (R3)."""
        return False

    def reached(self, s: "GameState", seat: int, own: list[str]) -> frozenset[str] | None:
        """Every region `reaches` accepts now for the Active race of `seat` holding `own` (its
        regions, not empty), when the effect can say so at once; None (the default): the listing
        asks `reaches` region by region."""
        return None

    def conquers_water(self, s: "GameState", seat: int, rid: str) -> bool:
        """May conquer this Sea or Lake."""
        return False

    def links(self, s: "GameState", seat: int, a: str, b: str) -> bool:
        """Regions `a` and `b` count as adjacent for this race's conquests though the board does
        not join them (Underworld: all Caverns). Unlike `reaches`, this is adjacency: powers that
        need an adjacent region (Sorcerers) accept it too."""
        return False

    def printed_links(self, board: "Board") -> dict[str, frozenset[str]] | None:
        """What `links` says, as a table, when it depends on the printed board alone: for each
        region, every region it is linked to (regions left out: none). None: ask `links`."""
        return None

    def may_target(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        """A reason why this race may not conquer `rid` at all, or None."""
        return None

    def reinforce_reason(self, s: "GameState", seat: int) -> Reason | None:
        """A reason the race may not make a final conquest with the die now (Berserk: the die
        was already rolled for the next conquest), or None."""
        return None

    def discount_after_roll(self, s: "GameState", seat: int) -> int:
        """Tokens this effect may still take off the final conquest once the die is rolled, by
        a choice the player makes then (Mercenary: pay a coin after the roll); 0 for none. When
        a failed roll would succeed with it, the die waits for that choice before it is settled
        (R23), and the effect's own move (`legal_intents`) is offered meanwhile."""
        return 0

    def rerolls_left(self, s: "GameState", seat: int) -> int:
        """Times this effect still lets the player roll the final attempt's die again this
        turn, as a choice after a short roll (R23, like `discount_after_roll`); 0 for none."""
        return 0

    def die_bonus(self, s: "GameState", seat: int, rid: str) -> int:
        """Added to the reinforcement die's face in the final conquest attempt on `rid`
        (negative: taken off); the face recorded stays the one the die showed."""
        return 0

    def on_conquered(self, s: "GameState", seat: int, rid: str, was_nonempty: bool) -> None:
        """After the race took `rid` (by any means)."""

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: "Victim",
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        """After the race took `rid`, knowing who held it before (coins taken, tokens gained);
        `chance` draws what is drawn at random (Skags' Loot)."""

    def cost_floor(self, s: "GameState", seat: int) -> int:
        """The fewest tokens a conquest of this race may cost (Kobolds: 2); the engine's is 1."""
        return 1

    def min_per_region(self) -> int:
        """Tokens that must stay in each region of the race (ready troops, redeploy)."""
        return 1

    # -- defence -------------------------------------------------------------------
    def lost_when_attacked(self, s: "GameState", seat: int) -> int | None:
        """Tokens discarded when this race loses a region (None: the rule's 1)."""
        return None

    def lost_out_of_game(self) -> bool:
        """With `lost_when_attacked`: the tokens discarded leave the game instead of going to
        the tray."""
        return False

    def protects(self, s: "GameState", seat: int, rid: str, attacker: int | None,
                 in_decline: bool) -> Reason | None:
        """Why region `rid`, held by this race of `seat`, is immune to `attacker` (None if not):
        immune regions can neither be conquered nor touched by racial or special powers."""
        return None

    def repels(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool,
               events: list[dict[str, Any]]) -> bool:
        """An opponent (`attacker`) is about to take `rid` from this race of `seat`: True cancels
        the conquest (Skags' Skag Attack: the attacker loses a token and keeps the rest)."""
        return False

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int,
                       in_decline: bool, events: list[dict[str, Any]]) -> None:
        """An opponent (`attacker`) has just conquered `rid` from this race of `seat`."""

    def after_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, victim: "Victim",
                          events: list[dict[str, Any]], chance: Any = None) -> None:
        """After `attacker` took `rid` from this race of `seat` (by any means), the conquest
        done: the attacker is in the region and this race's tokens are back in hand or lost
        (`victim` says what stood there). Not heard by a race that left the game with it (R22)."""

    def tokens_lost_instead(self, s: "GameState", seat: int, fight: Fight,
                            events: list[dict[str, Any]]) -> tuple[int, bool] | None:
        """A replacement of the defender's loss in `fight`, heard by this race of `seat` (either
        side): None, or (the tokens he loses instead, whether they leave the game), its own
        actions done. Asked before anything moves, the defender's race first."""
        return None

    def conquest_refused(self, s: "GameState", seat: int, rid: str, attacker: int,
                         in_decline: bool) -> Reason | None:
        """Why this race of `seat` lets `attacker` not conquer `rid` at all (a replacement that
        makes the conquest fail), or None."""
        return None

    def before_conquest(self, s: "GameState", seat: int, hold: "RaceHold", rid: str,
                        events: list[dict[str, Any]]) -> None:
        """This race (`hold` of `seat`) is about to take `rid`, its conquest sure: what it does
        instead of (or before) the conquest as the rules say, before anything moves."""

    def events_heard(self) -> frozenset[str]:
        """The rule language's events outside a conquest this effect listens to (a `trigger`'s
        `event`): the engine tells it each of them (`hear`, through `heard.tell`)."""
        return frozenset()

    def hear(self, s: "GameState", seat: int, race: str, in_decline: bool, heard: "Heard",
             events: list[dict[str, Any]], chance: Any = None) -> None:
        """An event of `events_heard` happened (`heard`: its parties, region, face); this effect
        belongs to the race `race` of `seat`, in force (In Decline: `in_decline`)."""

    def on_tokens_lost(self, s: "GameState", seat: int, hold: "RaceHold", n: int, chance: Any,
                       events: list[dict[str, Any]]) -> None:
        """`n` tokens of this race were just discarded in a conquest (Witch Doctors)."""

    def collects_lost_tokens(self) -> bool:
        """While Active, tokens lost in any conquest come to this player, not the tray (Igors)."""
        return False

    def conquest_price(self, s: "GameState", seat: int, rid: str, attacker: int,
                       in_decline: bool) -> int:
        """Coins an attacker must pay this race's owner to conquer `rid` (Liches, Corrupt)."""
        return 0

    def forced_regions(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool,
                       attacker: int) -> list[str]:
        """Regions of this race of `seat` that `attacker` must conquer before any other region
        this turn, when he can take one of them outright (a taunt); [] for none."""
        return []

    # -- off the board -------------------------------------------------------------------
    def supply(self, hold: "RaceHold") -> dict[str, int]:
        """Markers of this effect still off the board for `hold`, by name (Pots of Gold left in
        the box, Fireballs held, Loot markers left in the pile): what a scenario's `supply:`
        reads and sets."""
        return {}

    def set_supply(self, hold: "RaceHold", name: str, n: int) -> bool:
        """Make `n` markers `name` of this effect be off the board for `hold` (False: not one
        of this effect's)."""
        return False

    # -- the column ------------------------------------------------------------------
    def pass_over_price(self) -> int | None:
        """Coins a player puts on this combo when he picks one below it (None: the rule's 1)."""
        return None

    def on_passed_over(self, s: "GameState", index: int, picker: int) -> None:
        """A player picked a combo below this one (at `index` in the column)."""

    def on_any_decline(self, s: "GameState", seat: int, hold: "RaceHold", decliner: int,
                       race: str) -> None:
        """Some race (`race` of seat `decliner`, maybe this player's own) went into decline."""

    # -- the turn ----------------------------------------------------------------
    def on_pick(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        """Right after the combo was picked and its tokens taken."""

    def on_given_back(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        """This effect was only borrowed and the borrowing ends (`common.give_back_borrowed`),
        before its memory goes: take back what it placed that the borrower's regions do not
        show (a marker put on another player's region)."""

    def on_position(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        """A position was set up by hand (scenario `setup:`) with this race already in play:
        bring the race's memory in line with the board (e.g. Halflings' holes already dug)."""

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        """At the start of the holder's turn, after troops are readied."""

    def redeploy_bonus(self, s: "GameState", seat: int) -> int:
        """Extra tokens wanted from the tray at redeploy (the tray limits them, R14)."""
        return 0

    def withheld_after_redeploy(self, s: "GameState", seat: int) -> int:
        """Tokens taken off the board after redeploy, to come back next turn (Amazons)."""
        return 0

    def at_others_turn_end(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool,
                           events: list[dict[str, Any]]) -> None:
        """Another player's turn is over (his defenders have placed their tokens): this race of
        `seat` may ask its player a decision out of turn (`waiting.ask`)."""

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        """Before scoring at the end of the holder's own turn."""

    def at_turn_end(self, s: "GameState", seat: int, hold: "RaceHold", chance: Any,
                    events: list[dict[str, Any]]) -> None:
        """At the end of the holder's own turn, after `on_end_turn` and before scoring, for the
        Active race only; may take the race off the board altogether (`chance` refills the column)."""

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        """Bonus coins at the end of the holder's turn (`hold` is writable)."""
        return 0

    # -- decline ---------------------------------------------------------------------
    def keeps_tokens_in_decline(self) -> bool:
        """All tokens stay on the board when the race goes into decline (Ghouls)."""
        return False

    def exempt_from_decline_limit(self) -> bool:
        """This race In Decline never leaves on a later decline (Spirit)."""
        return False

    def revives_earlier_decline(self) -> bool:
        """When this race goes into decline, the player's earlier In Decline race stays and comes
        back Active at the start of his next turn, instead of a pick (Soul-Touch)."""
        return False

    def may_decline_after_scoring(self) -> bool:
        """Decline at the end of a normal turn, after scoring (Stout)."""
        return False

    def on_decline(self, s: "GameState", seat: int) -> None:
        """While the race goes into decline (its markers leave, for example)."""

    def after_decline(self, s: "GameState", seat: int, hold: "RaceHold",
                      events: list[dict[str, Any]]) -> None:
        """The race has just gone into decline (`hold` is its In Decline hold)."""

    def may_redeploy(self, s: "GameState", seat: int) -> Reason | None:
        """Why this race may not redeploy (Barbarians), or None."""
        return None

    def on_abandon(self, s: "GameState", seat: int, rid: str) -> None:
        """The race abandoned `rid` (before its conquests)."""

    # -- intents of its own --------------------------------------------------------
    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        """Intents of this effect that are legal now (only called on the actor's turn)."""
        return []

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        """The reason `action` is refused now, or None when it is legal."""
        return reason("effect_not_intent", effect=self.name, intent=action.kind)

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        """Carry out a checked intent on `s` (a copy being built)."""
        raise NotImplementedError(self.name)


def word_problems_of(cls: type[Ability], given: dict[str, Any]) -> list[Reason]:
    """`Ability.word_problems` of the block `cls`: the words of `given` outside its `choices`,
    and the parameters given without the value of another that `only_with` says they need."""
    out: list[Reason] = []
    for k, v in given.items():
        accepted = cls.choices.get(k)
        if not accepted:
            continue
        for x in v if isinstance(v, list) else [v]:
            if x not in accepted:
                words = [_yaml_word(a) for a in accepted]
                out.append(reason("param_word", effect=cls.name, param=k, value=x, hint=near(x, words),
                                  known=", ".join(words)))
    for k, (other, values) in cls.only_with.items():
        if k in given and given.get(other, cls.params.get(other)) not in values:
            out.append(reason("param_only_with", effect=cls.name, param=k, other=other,
                              values=" or ".join(_yaml_word(v) for v in values), first=_yaml_word(values[0])))
    return out
