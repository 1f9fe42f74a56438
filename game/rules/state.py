"""The game state: plain data that serialises to JSON and back to an equal state.

Owns what lies on the table: tokens and markers in each region (`RegionState`), each player's
coins and races (`PlayerState`, `RaceHold`), the column of combos and the hidden stacks, the
storage tray, and the turn in progress (`TurnState`). It does not know the rules: the engine
(`engine.py`) and the abilities change it, always on a copy (`GameState.copy`) so that `apply`
returns a new state and leaves the old one untouched. Copies are copy-on-write: the regions'
mapping and a region, a player, the column's combos, the stacks and the tray are duplicated only
when the engine asks to write them (`reg_w`, `player_w`, `column_w`, `supply_w`), and the turn only
by `apply`, which keeps a full game fast enough for bots and the balance lab.
"""
from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from operator import attrgetter, truth
from types import FunctionType
from typing import TYPE_CHECKING, AbstractSet, Any, ClassVar, Final, Iterable, Iterator

from .errors import ReplayError
from .pickling import by_parts, when_compiled
from .reasons import reason

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .board import Board, Place
    from .catalog import Catalog


# Markers in the box (DIGEST §1).
MARKER_LIMITS: Final[dict[str, int]] = {
    "lair": 10, "fortress": 6, "mountain": 9, "encampments": 5, "hole": 2, "hero": 2, "dragon": 1,
}
LOST_TRIBE: Final = "lost_tribe"
LOST_TRIBE_BOX: Final = 18
START_COINS: Final = 5
COLUMN_SIZE: Final = 6
DIE_FACES: Final[tuple[int, ...]] = (0, 0, 0, 1, 2, 3)


_ATOMS: Final = frozenset({str, int, float, bool, type(None)})


def plain_copy(v: Any) -> Any:
    """A deep copy of ability memory, quick for the plain data it holds (dicts, lists, numbers,
    words: a value that is a number or a word is shared, not looked at again); anything else
    goes through `copy.deepcopy`."""
    t = type(v)
    if t is dict:
        out = v.copy()
        for k, x in v.items():
            if type(x) not in _ATOMS:
                out[k] = plain_copy(x)
        return out
    if t is list:
        return [x if type(x) in _ATOMS else plain_copy(x) for x in v]
    if t in _ATOMS:
        return v
    return _copy.deepcopy(v)


_ENCAMPMENTS: Final = attrgetter("encampments")


def _count(regions: Iterable["RegionState"], marker: str) -> int:
    """How many `marker`s lie on `regions` (Encampments: how many tokens). (Compiled, a marker of
    the box is read region by region natively, a tenth of the time a getter made for the
    occasion takes; interpreted, the getter is the quicker.)"""
    if COMPILED and marker in _MARKERS:
        n = 0
        for r in regions:
            n += _marker_on(r, marker)
        return n
    if marker == "encampments":
        return sum(map(_ENCAMPMENTS, regions))
    return sum(map(truth, map(attrgetter(marker), regions)))


#: the markers whose counts are kept (`GameState.marker_count`), each a slot of `RegionState`
_MARKERS: Final[frozenset[str]] = frozenset(MARKER_LIMITS)


#: no region written (`GameState._pairs`, `GameState._marks_from`; never written to)
_NO_PAIRS: Final[list["RegionState"]] = []
#: no region written (`GameState._written`; never written to)
_NONE_WRITTEN: Final[list[int]] = []


def _any_of(marks: dict[str, int], names: frozenset[str]) -> bool:
    """One of `marks` (a region's markers) is among `names`. (A loop: compiled, a set's
    `isdisjoint` asked of a dict is a generic method call, several times the few looks.)"""
    for name in marks:
        if name in names:
            return True
    return False


def _recounted(got: dict[str, int], base: dict[str, int], now: RegionState, was: RegionState) -> dict[str, int]:
    """The marker counts `got` (`base` itself until one differs, then a copy of it) with a
    region written since, `was` before and `now`, counted again for every marker of `base`.
    (Most writes move tokens alone: one look each.)"""
    if (now.lair != was.lair or now.fortress != was.fortress or now.hole != was.hole
            or now.encampments != was.encampments or now.mountain != was.mountain
            or now.hero != was.hero or now.dragon != was.dragon):
        got = _moved(got, base, (now.lair - was.lair, now.fortress - was.fortress, now.hole - was.hole,
                                 now.encampments - was.encampments, now.mountain - was.mountain,
                                 now.hero - was.hero, now.dragon - was.dragon))
    return got


#: the markers `_moved` is told the change of, in its order (each a slot of `RegionState`)
_COUNTED: Final[tuple[str, ...]] = ("lair", "fortress", "hole", "encampments", "mountain", "hero", "dragon")


def _moved(got: dict[str, int], base: dict[str, int], by: tuple[int, ...]) -> dict[str, int]:
    """`_recounted`'s counts with each of `_COUNTED` moved by its change in `by`, when `base`
    counts it (`got` copied from `base` first; a marker not counted there is not counted here:
    the two have the same). (Field by field, not every marker of `base` read twice by name.)"""
    for k in range(len(_COUNTED)):
        d = by[k]
        if d:
            marker = _COUNTED[k]
            if marker in base:
                if got is base:
                    got = base.copy()
                got[marker] += d
    return got


def _marker_on(r: "RegionState", marker: str) -> int:
    """How many `marker`s lie on `r` (Encampments: how many tokens): 0 or 1 for the others."""
    if marker == "lair":
        return 1 if r.lair else 0
    if marker == "fortress":
        return 1 if r.fortress else 0
    if marker == "hole":
        return 1 if r.hole else 0
    if marker == "encampments":
        return r.encampments
    if marker == "mountain":
        return 1 if r.mountain else 0
    if marker == "hero":
        return 1 if r.hero else 0
    if marker == "dragon":
        return 1 if r.dragon else 0
    return 1 if getattr(r, marker) else 0


def _placed(names: list[str], rid: str, index: dict[str, int]) -> list[str]:
    """A new list: `names` (in board order, `index`) with `rid` put in its place."""
    out = list(names)
    _put(out, rid, index)
    return out


def _put(names: list[str], rid: str, index: dict[str, int]) -> None:
    """Put `rid` in its place in `names` (in board order, `index`), found by halving: each
    region's number is looked up by name, a few of a race's dozens of regions."""
    i = index[rid]
    lo, hi = 0, len(names)
    while lo < hi:
        mid = (lo + hi) >> 1
        if index[names[mid]] < i:
            lo = mid + 1
        else:
            hi = mid
    names.insert(lo, rid)


#: this module runs compiled (`game.native`): its classes are then native, made only through
#: their constructors; interpreted, a copy skips the constructor (`cls.__new__`), which is quicker
def _probe() -> None:
    """A plain function: a Python function interpreted, a builtin once compiled."""


COMPILED: Final = not isinstance(_probe, FunctionType)


#: the markers of a region without any, shared by every such region (never written: a region's
#: markers are replaced, never changed in place)
NO_MARKS: Final[dict[str, int]] = {}


class _Tally:
    """A running count: the numbers of the states whose regions' mapping was written in place
    (`written_in_place`). Compiled, a native object's number (an `itertools.count` was called
    through the runtime, `next` looked up by name, at each state's first region written)."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n


#: the numbers of the states whose regions' mapping was written in place (`written_in_place`)
_IN_PLACE: Final = _Tally()


class RegionState:
    """Tokens and markers on one region."""

    __slots__ = ("owner", "race", "tokens", "decline", "lost_tribe", "mountain", "lair",
                 "fortress", "encampments", "hero", "dragon", "hole", "marks")
    FLAGS: ClassVar[tuple[str, ...]] = ("mountain", "lair", "fortress", "hero", "dragon", "hole")

    def __init__(self) -> None:
        self.owner: int | None = None      # seat of the player whose race tokens are here
        self.race: str | None = None
        self.tokens: int = 0
        self.decline: bool = False
        self.lost_tribe: int = 0
        self.mountain: bool = False
        self.lair: bool = False
        self.fortress: bool = False
        self.encampments: int = 0
        self.hero: bool = False
        self.dragon: bool = False
        self.hole: bool = False
        # markers of races and powers beyond the base set ({"pot": 1}); never changed in
        # place, always replaced (`abilities.markers`), so copies may share it, and a region
        # without any shares the one empty mapping (`NO_MARKS`): a new game or a region's copy
        # makes no mapping of its own
        self.marks: dict[str, int] = NO_MARKS

    def copy(self) -> "RegionState":
        """A copy (every slot, written out: this runs for each region an intent changes)."""
        if COMPILED:                        # native: a made object, its slots written over
            r = RegionState()
        else:                               # interpreted: no constructor, quicker
            r = RegionState.__new__(RegionState)
        r.owner, r.race, r.tokens, r.decline = self.owner, self.race, self.tokens, self.decline
        r.lost_tribe, r.mountain, r.lair, r.fortress = self.lost_tribe, self.mountain, self.lair, self.fortress
        r.encampments, r.hero, r.dragon, r.hole = self.encampments, self.hero, self.dragon, self.hole
        r.marks = self.marks
        return r

    @property
    def empty(self) -> bool:
        """No race token and no Lost Tribe (R15: a Mountain alone leaves it empty)."""
        return self.tokens == 0 and self.lost_tribe == 0

    @property
    def immune(self) -> bool:
        """R10: a Hero, the Dragon or a Hole-in-the-Ground protects the region."""
        return self.hero or self.dragon or self.hole

    def clear_race(self) -> None:
        self.owner, self.race, self.tokens, self.decline = None, None, 0, False

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        if self.tokens:
            d.update(owner=self.owner, race=self.race, tokens=self.tokens)
            if self.decline:
                d["decline"] = True
        for k in ("lost_tribe", "encampments"):
            if getattr(self, k):
                d[k] = getattr(self, k)
        for k in RegionState.FLAGS:
            if getattr(self, k):
                d[k] = True
        if self.marks:
            d["marks"] = dict(self.marks)
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "RegionState":
        r = RegionState()
        for k, v in d.items():
            setattr(r, k, dict(v) if k == "marks" else v)
        return r


@dataclass(slots=True, init=False)
class RaceHold:
    """A race a player holds: its banner, the power badge still with it, tokens in hand, and
    small per-race memory for abilities (e.g. Wealthy paid, encampments in supply)."""

    race: str
    power: str | None
    hand: int = 0
    memo: dict[str, Any] = field(default_factory=dict)

    def __init__(self, race: str, power: str | None, hand: int = 0, memo: dict[str, Any] | None = None) -> None:
        # written out, not made by `dataclass`: compiled, a generated constructor would run
        # interpreted (about 6x slower), and every copy makes one (interpreted too: as quick as
        # writing the slots of a bare object)
        self.race = race
        self.power = power
        self.hand = hand
        self.memo = {} if memo is None else memo

    def copy(self) -> "RaceHold":
        return RaceHold(self.race, self.power, self.hand, plain_copy(self.memo) if self.memo else {})

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"race": self.race, "power": self.power, "hand": self.hand}
        if self.memo:
            d["memo"] = _copy.deepcopy(self.memo)
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "RaceHold":
        return RaceHold(d["race"], d.get("power"), d.get("hand", 0), _copy.deepcopy(d.get("memo", {})))


#: the (seat, race) of one player's races that may protect a region, ask a price for it or make
#: its defenders count for more, each of the three a set (see `listing._answering_races`)
Guarded = tuple[AbstractSet[tuple[int, str]], AbstractSet[tuple[int, str]], AbstractSet[tuple[int, str]]]


class Answers:
    """What a player's races answer for in a conquest of their regions, kept with the player
    (`PlayerState._answers`): his `seat` and the catalog's `guarding` it was worked out for, the
    holds it read (his Active race's `active` with its `power`, his `declined` ones with theirs,
    `powers`; `listing.holds_now` asks whether they are still his), his `Guarded` (`races`; None: no
    race of his answers) and whether one of his races asks a price (`prices`). What a race
    answers depends on its race, power and decline alone (`Catalog.guards`), so the answer
    outlives writes of his coins, hands and memories. (A class, not a tuple: compiled, its
    parts are read as they are kept.)"""

    __slots__ = ("seat", "guarding", "active", "power", "declined", "powers", "races", "prices")

    def __init__(self, seat: int, guarding: frozenset[str], races: Guarded | None, prices: bool,
                 active: RaceHold | None = None, declined: tuple[RaceHold, ...] = ()) -> None:
        self.seat = seat
        self.guarding = guarding
        self.active = active
        self.power = active.power if active is not None else None
        self.declined = declined
        self.powers = tuple(h.power for h in declined)
        self.races = races
        self.prices = prices


@dataclass(slots=True, init=False)
class PlayerState:
    name: str
    coins: int = START_COINS
    active: RaceHold | None = None
    declines: list[RaceHold] = field(default_factory=list)
    memo: dict[str, Any] = field(default_factory=dict)   # player-level ability memory (peace...)
    # what his races answer for (`Answers`), worked out when first asked by a listing and kept
    # while he has the holds it read (`listing.holds_now`); a copy starts without it
    _answers: Answers | None = field(default=None, repr=False, compare=False)

    def __init__(self, name: str, coins: int = START_COINS, active: RaceHold | None = None,
                 declines: list[RaceHold] | None = None, memo: dict[str, Any] | None = None) -> None:
        # written out, not made by `dataclass` (see `RaceHold.__init__`)
        self.name = name
        self.coins = coins
        self.active = active
        self.declines = [] if declines is None else declines
        self.memo = {} if memo is None else memo
        self._answers = None

    def copy(self) -> "PlayerState":
        return PlayerState(self.name, self.coins, self.active.copy() if self.active else None,
                           [h.copy() for h in self.declines], plain_copy(self.memo) if self.memo else {})

    def with_coins(self, coins: int) -> "PlayerState":
        """A copy with another coin total that shares the holds and memo with this one: for a
        state that is sealed before anything is written (a bot's public view), where a later
        write goes through `GameState.player_w` and copies again."""
        p = PlayerState(self.name, coins, self.active, self.declines, self.memo)
        p._answers = self._answers
        return p

    def hold(self, race: str) -> tuple[RaceHold | None, bool]:
        """The hold of `race` and whether it is In Decline."""
        if self.active is not None and self.active.race == race:
            return self.active, False
        for h in self.declines:
            if h.race == race:
                return h, True
        return None, False

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "coins": self.coins,
                             "active": self.active.to_dict() if self.active else None,
                             "declines": [h.to_dict() for h in self.declines]}
        if self.memo:
            d["memo"] = _copy.deepcopy(self.memo)
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "PlayerState":
        return PlayerState(d["name"], d["coins"],
                           RaceHold.from_dict(d["active"]) if d.get("active") else None,
                           [RaceHold.from_dict(h) for h in d.get("declines", [])],
                           _copy.deepcopy(d.get("memo", {})))


@dataclass(init=False)
class Combo:
    race: str
    power: str
    coins: int = 0
    tokens: int = 0     # race tokens lying on the combo, taken by whoever picks it (Homunculi)

    def __init__(self, race: str, power: str, coins: int = 0, tokens: int = 0) -> None:
        # written out, as `RaceHold`'s: compiled, a generated constructor runs interpreted, and
        # the column's six combos are made again whenever it is written (`column_w`)
        self.race = race
        self.power = power
        self.coins = coins
        self.tokens = tokens

    def to_list(self) -> list[Any]:
        return [self.race, self.power, self.coins] + ([self.tokens] if self.tokens else [])


# Turn phases, in the order a turn walks through them.
PICK: Final = "pick"          # no Active race: choose a combo (In Decline Ghouls may conquer first)
CONQUER: Final = "conquer"    # ready troops done; abandon (before the first conquest), conquer, reinforce
REDEPLOY: Final = "redeploy"  # conquests are over; move tokens, place markers, end the turn
WITHDRAW: Final = "withdraw"  # after the attacker's turn: defenders place the tokens they got back
GAME_OVER: Final = "game_over"
PHASES: Final = (PICK, CONQUER, REDEPLOY, WITHDRAW, GAME_OVER)


@dataclass(slots=True, init=False)
class TurnState:
    """What happened so far in the current turn."""

    seat: int
    phase: str = CONQUER
    picked: bool = False              # a combo was picked this turn (no decline this turn)
    acted: bool = False               # an abandon/conquest/placement happened (decline is a whole turn)
    conquered: list[str] = field(default_factory=list)   # regions taken this turn, in order
    nonempty: int = 0                 # how many of them held a Lost Tribe or race tokens (R15)
    attacked: list[int] = field(default_factory=list)    # seats whose Active race was attacked
    readied: dict[str, int] = field(default_factory=dict)  # tokens lifted at ready troops
    redeployed: bool = False
    withdraw: list[list[Any]] = field(default_factory=list)  # [[seat, race], ...] still to place
    used: dict[str, Any] = field(default_factory=dict)   # once-per-turn ability memory
    last_taken: dict[str, str] = field(default_factory=dict)  # race -> region it took last

    def __init__(self, seat: int, phase: str = CONQUER, picked: bool = False, acted: bool = False,
                 conquered: list[str] | None = None, nonempty: int = 0, attacked: list[int] | None = None,
                 readied: dict[str, int] | None = None, redeployed: bool = False,
                 withdraw: list[list[Any]] | None = None, used: dict[str, Any] | None = None,
                 last_taken: dict[str, str] | None = None) -> None:
        # written out, not made by `dataclass` (see `RaceHold.__init__`): one runs for every intent
        self.seat = seat
        self.phase = phase
        self.picked = picked
        self.acted = acted
        self.conquered = [] if conquered is None else conquered
        self.nonempty = nonempty
        self.attacked = [] if attacked is None else attacked
        self.readied = {} if readied is None else readied
        self.redeployed = redeployed
        self.withdraw = [] if withdraw is None else withdraw
        self.used = {} if used is None else used
        self.last_taken = {} if last_taken is None else last_taken

    def copy(self) -> "TurnState":
        """A copy (every field, written out: this runs for every intent played)."""
        return TurnState(self.seat, self.phase, self.picked, self.acted, self.conquered[:], self.nonempty,
                         self.attacked[:], self.readied.copy(), self.redeployed,
                         [list(w) for w in self.withdraw] if self.withdraw else [],
                         plain_copy(self.used) if self.used else {}, self.last_taken.copy())

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "phase": self.phase, "picked": self.picked, "acted": self.acted,
                "conquered": list(self.conquered), "nonempty": self.nonempty,
                "attacked": list(self.attacked), "readied": dict(self.readied),
                "redeployed": self.redeployed, "withdraw": [list(w) for w in self.withdraw],
                "used": _copy.deepcopy(self.used), "last_taken": dict(self.last_taken)}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "TurnState":
        return TurnState(**{k: _copy.deepcopy(v) for k, v in d.items()})


def first_from(places: list[Place], num: int, lo: int, hi: int) -> int:
    """The first of `places[lo:hi]` (in board order) whose number is `num` or more, found by
    halving; `hi` when none is."""
    while lo < hi:
        mid = (lo + hi) >> 1
        if places[mid].num < num:
            lo = mid + 1
        else:
            hi = mid
    return lo


class Options:
    """The conquests judged possible in a position: the regions in board order (`places`, each
    a `Place` of the board; `rids`, their ids), and the cost of each in the same place
    (`costs`). Two lists, not a mapping: the listing makes them a region at a time and reads
    them in order, and a region's cost is asked once a move (`get`, a search among a few dozen),
    where a mapping would hash every region into a table grown as it fills. `dict(options)`
    gives them as a mapping (`keys`, `[]`). `conquers`: each place's intent to conquer it
    (`Place.conquer`), in the same order, made when a listing of many options first reads them
    all at once (`engine._listing`) and patched with the options (`listing._patched`); None
    until then. `top`: the dearest cost (`dearest`), -1 until asked."""

    __slots__ = ("places", "costs", "conquers", "top")

    def __init__(self, places: list[Place], costs: list[int], conquers: list[Action] | None = None,
                 top: int = -1) -> None:
        self.places = places
        self.costs = costs
        self.conquers = conquers
        self.top = top

    def dearest(self) -> int:
        """The dearest of the costs (0 when there is none), worked out once."""
        top = self.top
        if top < 0:
            top = 0
            for c in self.costs:
                if c > top:
                    top = c
            self.top = top
        return top

    @property
    def rids(self) -> list[str]:
        """The regions' ids, in board order."""
        return [p.id for p in self.places]

    def get(self, rid: str) -> int | None:
        """The cost of `rid`, or None when it is not among the options."""
        places = self.places
        for k in range(len(places)):
            if places[k].id == rid:
                return self.costs[k]
        return None

    def cost_at(self, num: int) -> int | None:
        """The cost of the region numbered `num` (`Board.index`), or None when it is not among
        the options: found by halving, the options being in board order (a move's cost, asked
        among the dozens of a wide board's options, where `get` compares each one's name)."""
        places = self.places
        lo = first_from(places, num, 0, len(places))
        if lo < len(places) and places[lo].num == num:
            return self.costs[lo]
        return None

    def keys(self) -> list[str]:
        return self.rids

    def __getitem__(self, rid: str) -> int:
        c = self.get(rid)
        if c is None:
            raise KeyError(rid)
        return c

    def __len__(self) -> int:
        return len(self.places)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self.rids == other.rids and self.costs == other.costs

    __hash__ = None  # type: ignore[assignment]    # (written in place while a listing is made)

    def __repr__(self) -> str:
        return f"Options({dict(zip(self.rids, self.costs, strict=True))!r})"


class Judged:
    """The conquests `legal_actions` judged possible in a position (`Options`: the regions in
    board order, each with its cost), kept for the position after a conquest or abandon of the
    same turn: there only the regions written meanwhile and their neighbours are judged again
    (`conquest_options`). Kept
    only when every effect that judges a target there judges it locally
    (`Ability.judges_locally`); valid only where all but the options are the same. (A plain
    class: compiled, it is made natively, where a named tuple's constructor runs interpreted.)"""

    __slots__ = ("seat", "round", "picked", "race", "power", "used", "peace", "options", "answers")

    def __init__(self, seat: int, round: int, picked: bool, race: str, power: str | None,
                 used: dict[str, Any], peace: tuple[Any, ...], options: Options) -> None:
        self.seat = seat
        self.round = round
        self.picked = picked
        self.race = race
        self.power = power
        self.used = used
        self.peace = peace           # each Diplomat's peace in force, with the race it covers
        self.options = options
        # the other players' races that answer for their regions (`listing._answering_races`),
        # as judged with the options: a conquest or an abandon takes races away, never adds
        # one nor changes a power, so the positions building on this one judge with them too
        self.answers: Guarded | None = None

    def keep(self) -> None:
        """Keep the turn's memory and the peace judged under as they are now, in copies of their
        own: a state played in place (`engine.play`) writes on the turn and the players they
        were read from."""
        if self.used:
            self.used = plain_copy(self.used)
        if self.peace:
            self.peace = tuple([plain_copy(x) for x in self.peace])

    def fits(self, now: "Judged") -> bool:
        """The same turn, race and everything a local judgement reads besides the regions."""
        return (self.seat == now.seat and self.round == now.round and self.picked == now.picked
                and self.race == now.race and self.power == now.power
                and (self.used is now.used or self.used == now.used) and self.peace == now.peace)

    def __repr__(self) -> str:
        return (f"Judged(seat={self.seat!r}, round={self.round!r}, picked={self.picked!r}, race={self.race!r}, "
                f"power={self.power!r}, used={self.used!r}, peace={self.peace!r}, options={self.options!r})")


#: who holds which regions, seat by seat: for each seat, race -> the mask of its regions
#: (`Board.bits`), and race -> its regions in board order, made from the mask when first asked.
#: (By seat, then by race: a race's name is looked up by the hash it keeps, where a key (seat,
#: race) would be made, hashed and compared at each look-up.)
Held = tuple[list[dict[str, int]], list[dict[str, list[str]]]]
#: no region held (never written)
_NONE_HELD: Final[dict[str, int]] = {}


def _seat_copied(held: Held, seat: int, copied: int) -> int:
    """Make the two mappings of `seat` in `held` (lists of the caller's own) the caller's own too,
    unless `copied` (a mask of seats) says they are; the mask with it."""
    masks, names = held
    while len(masks) <= seat:                      # (a seat added since the index was made)
        masks.append({})
        names.append({})
    if not copied >> seat & 1:
        masks[seat] = masks[seat].copy()
        names[seat] = names[seat].copy()
    return copied | 1 << seat


def _masks_of(held: Held, seat: int) -> dict[str, int]:
    """The masks of the races of `seat` in `held`."""
    masks = held[0]
    return masks[seat] if seat < len(masks) else _NONE_HELD


class Listed:
    """What `legal_actions` listed for a sealed state, kept until the state is written. It has no
    constructor of its own: the engine makes one per listing, and interpreted, `Listed()` and four
    slot writes cost half what a Python `__init__` does (compiled, the writes are native)."""

    __slots__ = ("intents", "costs", "judged", "accepted")

    intents: tuple["Action", ...]       # the intents listed (`apply` finds the one sent by identity)
    costs: Options                      # the conquests judged, each with its cost
    judged: Judged | None               # the conquests judged, when a later position of the turn may build on them
    # the intents off the list that `why_illegal` accepted there since (`apply` finds them by
    # identity too), or None where nothing is to be added (a listing lent to a view)
    accepted: tuple["Action", ...] | None


class GameState:
    """The whole table. `board` and `catalog` are shared, immutable references (not serialised)."""

    __slots__ = ("board", "catalog", "players", "regions", "column", "race_stack", "power_stack",
                 "power_discard", "tray", "gone", "round", "turn", "winners", "_written", "_fresh_p",
                 "_sealed", "_held", "_base", "_fresh_c", "_listed", "_prior", "_own_supply",
                 "_own_turn", "_marks", "_marks_base", "_marks_from", "_opts", "_own_tray", "_far",
                 "_far_base", "_own_r", "_take_r", "_from_part", "_pairs", "written_in_place", "_turn_made",
                 "_made_p", "_take_p", "_at", "_at_of")

    def __init__(self, board: "Board", catalog: "Catalog", sharing: "GameState | None" = None) -> None:
        if sharing is not None:             # (compiled) a state that shares `sharing`'s parts: `_sharing`
            sharing._share_into(self)
            return
        self.board = board
        self.catalog = catalog
        self.players: list[PlayerState] = []
        self.regions: dict[str, RegionState] = {}
        self.column: list[Combo] = []
        self.race_stack: list[str] = []
        self.power_stack: list[str] = []
        self.power_discard: list[str] = []
        self.tray: dict[str, int] = {}
        # tokens put out of the game by an effect, by race: never back in the tray (box = board +
        # hands + tray + gone)
        self.gone: dict[str, int] = {}
        self.round: int = 1
        self.turn: TurnState = TurnState(0)
        self.winners: list[int] = []
        # the regions written (copied) since the state was copied or last written once sealed,
        # by number (`Board.index`), in the order first written: until sealed, those already
        # copied (a later write of one writes that copy); once sealed, those the indexes and
        # counts building on the state copied from bring up to date (see `_pairs`). The shared
        # empty list until the first write, so that a copy allocates none
        self._written: list[int] = _NONE_WRITTEN
        # the players written (copied) since the last seal, likewise: a mask of their seats
        self._fresh_p = 0
        # who holds which regions, (seat, race) -> the mask of its regions: `_held` for this
        # state once sealed, made when first asked from `_base` (that of the state it was copied
        # from, if known) and the regions written since (`_written`)
        self._sealed = False
        self._held: Held | None = None
        self._base: Held | None = None
        self._fresh_c = True                 # the combos of the column are this state's own
        # the stacks, the discard, the tray and the winners are this state's own (see `supply_w`)
        self._own_supply = True
        self._own_tray = True                # the tray alone is this state's own (see `tray_w`)
        self._own_turn = True                # the turn is this state's own (see `turn_w`)
        # ... and was made for it (not a copy's, which shares the turn of the state it came from):
        # a state played from this one by `engine.play` may take it over
        self._turn_made = True
        # the seats whose players (their holds and memory with them) were made in this state, or
        # in the states it was played from by `engine.play`, a mask; `_take_p`: this state, played
        # by `play`, may write those players in place until sealed
        self._made_p = -1
        self._take_p = False
        # what `legal_actions` listed for this sealed state, with the cost of each conquest it
        # listed: `apply` need not judge a listed intent again; any write forgets it
        self._listed: Listed | None = None
        # the conquests judged in the position this one was played from by a conquest or an
        # abandon of the same turn (`Judged`), with `_written` the regions written since
        self._prior: Judged | None = None
        # how many of each marker asked lie on the board (`marker_count`): `_marks` for this state
        # once sealed, counted when first asked; `_marks_base` those the state it was copied from
        # had counted, and `_marks_from` that state's regions by number (never written in place
        # once sealed), which `_base` indexes too
        self._marks: dict[str, int] | None = None
        self._marks_base: dict[str, int] | None = None
        self._marks_from: list[RegionState] = _NO_PAIRS
        # how many regions hold a marker whose defence reads further than its region
        # (`far_marked`): `_far` for this state once sealed (-1 until counted), `_far_base` that
        # of the state it was copied from (-1 if unknown), kept like the marker counts
        self._far = -1
        self._far_base = -1
        # the regions' mapping was made by this state (here, or copied by its first `reg_w`): no
        # state it was copied from shares it, only those copied from it; `_take_r`: this state
        # may write that mapping in place, as the state it was played from is used up
        # (`engine.play`), until sealed; `_from_part`: the regions of the state copied from
        # (`_marks_from`) are then no longer kept, only those written, in `_pairs`
        self._own_r = True
        self._take_r = False
        self._from_part = False
        # the regions `_written` names, in its order, each as it was before this state first
        # wrote it and as it is now, one after the other (read by index: compiled, no mapping is
        # read for them)
        self._pairs: list[RegionState] = _NO_PAIRS
        # how often that mapping was written in place, a number new at each state that did
        # (`engine.play`), shared by the states copied from it: the mapping and this number tell
        # a cache made for a sealed state that its regions are still those it read
        self.written_in_place = 0
        # the conquests `legal_actions` judged for this sealed state, as (seat, its Active race's
        # hold, region -> cost), for an effect that lists the same targets (the Dragon's); any
        # write forgets it, as it forgets the listing
        self._opts: tuple[int, RaceHold, Options] | None = None
        # the regions by number (`at`), made from the mapping `_at_of` when first asked and
        # written with it (`reg_w`)
        self._at: list[RegionState] | None = None
        self._at_of: dict[str, RegionState] | None = None

    def laid_out(self, at: list[RegionState], mountains: int) -> None:
        """What a table just laid out for a new game (`setup.empty_table`, its mapping made and
        no region written since) tells without being read again: its regions by number (`at`,
        the mapping's own objects in board order), no region held (the index it builds on),
        every marker of the box counted (the `mountains`; none of the others lies there yet) and
        no marker that reads further. On a board of many regions, the first index, the first
        counts and `at` no longer read every region of it once a game."""
        self._at, self._at_of = at, self.regions
        self._base = ([], [])
        self._marks_base = dict.fromkeys(_MARKERS, 0)
        self._marks_base["mountain"] = mountains
        self._marks_from = at
        if self.catalog.nonlocal_marks:
            self._far_base = 0

    def judged_options(self, seat: int, hold: RaceHold) -> Options | None:
        """The conquests `legal_actions` judged for this sealed state (`_opts`) when it judged
        them for `hold`, the Active race of `seat`, else None: for an effect that lists the same
        targets (the Dragon's, the Sorcerers' conversions)."""
        got = self._opts
        return got[2] if got is not None and got[0] == seat and got[1] is hold else None

    def at(self) -> list[RegionState]:
        """The regions' states by number (board order, `Board.ids`): the very objects `regions`
        holds, for a listing that reads a region by its `Place` (compiled, read by index where a
        name is looked up in a mapping). Made once for the mapping and written with it by
        `reg_w`; shared, as the mapping is, by the states copied from this one."""
        at = self._at
        regions = self.regions
        if at is not None and self._at_of is regions:
            return at
        at = self._at = [regions[rid] for rid in self.board.ids]
        self._at_of = regions
        return at

    # -- copy-on-write ---------------------------------------------------------------
    def copy(self) -> "GameState":
        """A state to change without changing this one. It shares everything until written: the
        regions' mapping until a region is written (`reg_w`), a player until `player_w`, the
        column's combos until `column_w`, the stacks, the discard, the tray and the winners until
        `supply_w`, and the turn until `turn_w` (the engine writes a turn only inside `apply`, in
        the `successor` it plays into, which has its own)."""
        s = self._sharing()
        s.turn = self.turn
        s._own_turn = s._turn_made = False
        return s

    def successor(self, take: bool = False) -> "GameState":
        """The state an intent is played into (`apply`): as a `copy`, with a turn of its own.
        `take` (`engine.play`, this state used up): it takes over, to write them in place, what
        this state made itself: the regions' mapping (`_own_r`), the turn (`_turn_made`), the
        players (`_made_p`); what this state shares with another is copied when written, as
        `apply`'s successor copies it."""
        s = self._sharing()
        if take and self._turn_made:
            s.turn = self.turn
            self._turn_made = False
        else:
            s.turn = self.turn.copy()
        s._own_turn = s._turn_made = True
        if take:
            if self._own_r:
                s._own_r = s._take_r = True
                self._own_r = False
            if self._made_p:
                s._made_p, s._take_p = self._made_p, True
                self._made_p = 0
        return s

    def _sharing(self) -> "GameState":
        """A state that shares all of this one's parts (see `copy`), but the turn."""
        if COMPILED:                        # native: made only through the constructor, which shares
            return GameState(self.board, self.catalog, self)
        s = GameState.__new__(GameState)    # interpreted: no constructor, quicker
        self._share_into(s)
        return s

    def _share_into(self, s: "GameState") -> None:
        """Give the new state `s` this one's parts (all but the turn, which the caller sets)."""
        s.board, s.catalog = self.board, self.catalog
        s.players = list(self.players)
        s.regions = self.regions              # copied by the first `reg_w`
        s._at, s._at_of = self._at, self._at_of
        s.column = list(self.column)
        s.race_stack, s.power_stack, s.power_discard = self.race_stack, self.power_stack, self.power_discard
        s.tray, s.gone, s.winners = self.tray, self.gone, self.winners
        s._own_supply = s._own_tray = False
        s.round = self.round
        s._written, s._fresh_p = _NONE_WRITTEN, 0
        s._sealed, s._held = False, None
        if self._sealed:
            held = self._held
            if held is None:          # index this state now: the copy builds on it, and so on
                held = self._held = self._index()
            s._base = held
            s._marks_base = self._counts()
            s._far_base = self.far_marked() if self.catalog.nonlocal_marks else -1
        else:
            s._base = None
            s._marks_base = self._marks
            s._far_base = -1
        s._fresh_c = False
        s._listed = s._prior = s._opts = None
        at = self._at                        # (the regions by number: `at`, unless made anew)
        s._marks, s._marks_from = None, at if at is not None and self._at_of is self.regions else self.at()
        s._far = -1
        s._own_r = s._take_r = s._from_part = s._take_p = False
        s._pairs = _NO_PAIRS
        s._made_p = 0
        s.written_in_place = self.written_in_place

    def supply_w(self) -> "GameState":
        """This state, with stacks, discard, tray and winners that may be written (copied the
        first time after `successor` or `seal`)."""
        self._listed = self._prior = self._opts = None
        if not self._own_supply:
            self.race_stack, self.power_stack = list(self.race_stack), list(self.power_stack)
            self.power_discard = list(self.power_discard)
            if not self._own_tray:
                self.tray = dict(self.tray)
            self.gone = dict(self.gone)
            self.winners = list(self.winners)
            self._own_supply = self._own_tray = True
        return self

    def tray_w(self) -> dict[str, int]:
        """The tray, writable: copied alone the first time after `successor` or `seal` (a
        conquest's losses go there; the stacks, the discard and the rest stay shared until
        `supply_w`)."""
        self._listed = self._prior = self._opts = None
        if not self._own_tray:
            self.tray = dict(self.tray)
            self._own_tray = True
        return self.tray

    def turn_w(self) -> TurnState:
        """The turn, writable outside `apply` (a position set up by hand): copied the first time
        after `copy` or `seal`, since a copy shares it."""
        self._listed = self._prior = self._opts = None
        if not self._own_turn:
            self.turn = self.turn.copy()
            self._own_turn = True
        return self.turn

    def reg_w(self, rid: str) -> RegionState:
        """The region, writable: copied the first time it is written in this state."""
        self._listed = self._prior = self._opts = None
        if self._sealed:
            self._marks_base, self._marks_from, self._marks = self._marks, self.at(), None
            self._from_part = False
            self._far_base, self._far = self._far, -1
            self._sealed, self._base, self._held = False, self._held, None
            self._written, self._pairs = _NONE_WRITTEN, _NO_PAIRS
        num = self.board.index[rid]
        written = self._written
        if num in written:                       # (a region or a few: a short list of numbers)
            return self.regions[rid]
        regions = self.regions
        at = self._at                            # (`at`, asked only when it must be made anew)
        if at is None or self._at_of is not regions:
            at = self.at()
        if not written:                 # (the shared empty list, or an empty one unpickled)
            written = self._written = []
            pairs = self._pairs = []
            if self._take_r:
                # played in place (`engine.play`): the state played from, which made the mapping,
                # is used up; each region written is kept as it was (`_pairs`), for the counts and
                # the index that build on that state
                self._marks_from, self._from_part = _NO_PAIRS, True
                self.written_in_place = _IN_PLACE.next()
            else:
                # the first region written since the state was copied or sealed: its mapping
                # may be another state's (a copy shares it), and what was listed for a sealed
                # state may read its regions later (the default Redeploy, `Redeploy.later`):
                # never changed in place (nor the regions by number, copied with it)
                regions = self.regions = dict(regions)
                self._own_r = True
                at = self._at = list(at)
                self._at_of = regions
        else:
            pairs = self._pairs
        was = at[num]
        r = was.copy()
        regions[rid] = r
        at[num] = r
        written.append(num)
        pairs.append(was)
        pairs.append(r)
        return r

    def column_w(self) -> list[Combo]:
        """The column, with combos that may be written (coins or tokens put on them)."""
        self._listed = self._prior = self._opts = None
        if not self._fresh_c:
            self.column = [Combo(c.race, c.power, c.coins, c.tokens) for c in self.column]
            self._fresh_c = True
        return self.column

    def player_w(self, seat: int) -> PlayerState:
        """The player, writable: copied the first time it is written in this state, but in a
        state played in place (`engine.play`) when this chain of states made it."""
        self._listed = self._prior = self._opts = None
        fresh = self._fresh_p
        if not fresh >> seat & 1:
            if self._take_p and self._made_p >> seat & 1:
                p = self.players[seat]
            else:
                p = self.players[seat] = self.players[seat].copy()
                self._made_p |= 1 << seat
            self._fresh_p = fresh | 1 << seat
            return p
        return self.players[seat]

    def seal(self) -> None:
        """Forget which parts were copied: later writes must copy again. (Until its next
        `reg_w`, a sealed state keeps an index of who holds which region.)"""
        self._listed = self._prior = self._opts = None
        if not self._sealed:                # (the regions written stay `_written`: the index and
            self._sealed, self._held = True, None    # the counts bring them up to date)
        self._fresh_p = 0
        self._take_r = self._take_p = False   # a later write copies the mapping, a player, again
        self._own_supply = self._own_tray = False    # a successor may share them from now on
        self._own_turn = False             # ... and a copy its turn
        self._fresh_c = False

    # -- reading -----------------------------------------------------------------------
    @property
    def current(self) -> int:
        return self.turn.seat

    @property
    def game_over(self) -> bool:
        return self.turn.phase == GAME_OVER

    def seat_of(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise KeyError(name)

    def regions_of(self, seat: int, race: str) -> list[str]:
        """Regions holding `race` tokens of `seat`, in board order (a sealed state keeps them,
        read from its index, for the next time they are asked): a list of the caller's own."""
        if self._sealed:
            return list(self.held_names(seat, race))
        return self.held_names(seat, race)

    def held_names(self, seat: int, race: str) -> list[str]:
        """`regions_of`, but the list a sealed state keeps, itself: the engine's own reading,
        for callers that never change it (`regions_of` gives a copy)."""
        if self._sealed:
            held = self._held
            if held is None:
                held = self._held = self._index()
            if seat >= len(held[1]):
                return []
            kept = held[1][seat]
            got = kept.get(race)
            if got is None:
                got = None if COMPILED else self._names_since(seat, race)
                if got is None:
                    got = self.board.ids_in(held[0][seat].get(race, 0))
                kept[race] = got
            return got
        if not COMPILED or self.board.wide:     # (compiled, a mask of a board that fits a
            got = self._names_since(seat, race)    # machine word is read into names quicker)
            if got is not None:
                return got
        return self.board.ids_in(self.held_bits(seat, race))

    def _names_since(self, seat: int, race: str) -> list[str] | None:
        """The regions of `race` held by `seat` in board order, from the names the index copied
        from (`_base`) kept for them: those written since (`_written`) left out, and the written
        ones now held put back in board order (no mask read a region at a time); None when that
        index kept none."""
        base = self._base
        if base is None or seat >= len(base[1]):
            return None
        got = base[1][seat].get(race)
        if got is None:
            return None
        written = self._written
        if not written:
            return list(got)
        ids = self.board.ids
        gone = {ids[num] for num in written}
        out = [rid for rid in got if rid not in gone]
        pairs = self._pairs
        index = self.board.index
        for k in range(len(written)):
            r = pairs[2 * k + 1]
            if r.owner == seat and r.race == race and r.tokens:
                _put(out, ids[written[k]], index)   # (in board order: a region or two written)
        return out

    def held_bits(self, seat: int, race: str) -> int:
        """The regions holding `race` tokens of `seat`, as a mask (`Board.bits`): read from the
        index of a sealed state, else from the index it was copied from and the regions written
        since, else from the board."""
        if self._sealed:
            held = self._held
            if held is None:
                held = self._held = self._index()
            return _masks_of(held, seat).get(race, 0)
        base = self._base
        if base is None:
            bits = self.board.bits
            m = 0
            for rid, r in self.regions.items():
                if r.owner == seat and r.race == race and r.tokens:
                    m |= bits[rid]
            return m
        m = _masks_of(base, seat).get(race, 0)
        written, pairs, places = self._written, self._pairs, self.board.places
        for k in range(len(written)):          # the regions written since `base` was true
            r = pairs[2 * k + 1]
            bit = places[written[k]].bit
            if r.owner == seat and r.race == race and r.tokens:
                m |= bit
            else:
                m &= ~bit
        return m

    def regions_per_seat(self) -> list[int]:
        """How many regions each seat holds with race tokens (read from the index of a sealed
        state, else from the board)."""
        n = [0] * len(self.players)
        if self._sealed:
            held = self._held
            if held is None:
                held = self._held = self._index()
            for seat, masks in enumerate(held[0]):
                for m in masks.values():
                    n[seat] += m.bit_count()
        else:
            for r in self.regions.values():
                if r.tokens and r.race is not None and r.owner is not None:
                    n[r.owner] += 1
        return n

    def _index(self) -> Held:
        """Who holds which regions: `_base` with the regions written since (`_written`, each as
        it was and is in `_pairs`) brought up to date, or the whole board read again when there
        is no base."""
        base = self._base
        if base is None:
            regions, bits = self.regions, self.board.bits
            made: Held = ([{} for _ in self.players], [{} for _ in self.players])
            copied = (1 << len(self.players)) - 1
            for rid, r in regions.items():
                if r.tokens and r.race is not None and r.owner is not None:
                    copied = _seat_copied(made, r.owner, copied)
                    masks = made[0][r.owner]
                    masks[r.race] = masks.get(r.race, 0) | bits[rid]
            return made
        written = self._written
        if not written:
            return base
        board = self.board
        index, places, ids = board.index, board.places, board.ids
        pairs = self._pairs                      # (each region as `base` indexes it, and now)
        held: Held = base                        # copied at the first region held otherwise
        copied = -1              # the seats whose mappings are copied, a mask (-1: not the lists either)
        # compiled, the names of a board that fits a machine word are read from the mask again
        # when asked; those of a wider board (whose masks are read a byte at a time) brought up to date
        forget = COMPILED and not board.wide
        for k in range(len(written)):
            p, r = pairs[2 * k], pairs[2 * k + 1]
            # (the holder compared by identity: a seat is a small number, always the same object,
            # and compiled, `==` on two optional numbers is a generic comparison; were two equal
            # holders ever not the same object, the region would be taken out and put back)
            if r.owner is p.owner and (r.race is p.race or r.race == p.race) and (r.tokens > 0) == (p.tokens > 0):
                continue                           # held as before
            if copied < 0:
                held = (list(base[0]), list(base[1]))
                copied = 0
            num = written[k]
            bit = places[num].bit
            if p.tokens and p.race is not None and p.owner is not None:
                copied = _seat_copied(held, p.owner, copied)
                masks, kept = held[0][p.owner], held[1][p.owner]
                was = p.race
                m = masks[was] ^ bit
                if m:
                    masks[was] = m
                else:
                    del masks[was]
                got = kept.get(was)
                if got is not None:               # the names kept, without it (never changed in place)
                    if forget:
                        del kept[was]
                    else:
                        rid = ids[num]
                        kept[was] = [x for x in got if x != rid]
            if r.tokens and r.race is not None and r.owner is not None:
                copied = _seat_copied(held, r.owner, copied)
                masks, kept = held[0][r.owner], held[1][r.owner]
                now = r.race
                masks[now] = masks.get(now, 0) | bit
                got = kept.get(now)
                if got is not None:               # ... and with it, in board order
                    if forget:
                        del kept[now]
                    else:
                        kept[now] = _placed(got, ids[num], index)
        return held

    def active_regions(self, seat: int) -> list[str]:
        hold = self.players[seat].active
        return self.regions_of(seat, hold.race) if hold else []

    def _held_now(self) -> list[dict[str, int]]:
        """For each seat, race -> the mask of its regions, for this state as it is now (the index
        of a sealed state; else the index copied from, brought up to date with the regions written)."""
        if self._sealed:
            held = self._held
            if held is None:
                held = self._held = self._index()
            return held[0]
        return self._index()[0]

    def tokens_on_board(self, race: str) -> int:
        """The tokens of `race` on the board."""
        return self._tokens_held(None, race)

    def seat_tokens_on_board(self, seat: int) -> int:
        """The race tokens of `seat` on the board, Active and In Decline."""
        return self._tokens_held(seat, None)

    def _tokens_held(self, seat: int | None, race: str | None) -> int:
        """The race tokens on the regions the index says `seat` (any, when None) holds with
        `race` (any, when None)."""
        regions = self.regions
        n = 0
        for who, masks in enumerate(self._held_now()):
            if seat is None or who == seat:
                for r, m in masks.items():
                    if race is None or r == race:
                        for rid in self.board.ids_in(m):
                            n += regions[rid].tokens
        return n

    def marker_count(self, marker: str) -> int:
        """How many `marker`s lie on the board (Encampments: how many tokens). A sealed state
        keeps the count; one copied from a state counts from that state's count (counted there
        first, if it had not been) and the regions written since; one copied from nowhere reads
        every region."""
        if marker not in _MARKERS:          # (not a marker of the box: counted, never kept)
            return _count(self.regions.values(), marker)
        got = self._marks
        if got is None and self._sealed and self._marks_base:
            got = self._counts()          # (every count the state copied from made, at once)
        if got is not None:
            n = got.get(marker)
            if n is not None:
                return n
        base = self._marks_base
        if base is None:
            n = _count(self.regions.values(), marker)
        else:
            was = base.get(marker)
            if was is None:                  # (true of that state for good: it is sealed)
                if self._from_part:          # (its mapping written in place since: counted back)
                    was = _count(self.regions.values(), marker) - self._counted_since(0, marker)
                else:
                    was = _count(self._marks_from, marker)
                base[marker] = was
            n = self._counted_since(was, marker)
        if self._sealed:
            if got is None:
                got = self._marks = {}
            got[marker] = n
        return n

    def far_marked(self) -> int:
        """How many regions hold a marker whose defence reads further than its region
        (`Catalog.nonlocal_marks`): kept by a sealed state, counted from the state it was copied
        from and the regions written since, as `marker_count` counts."""
        n = self._far
        if n >= 0:
            return n
        far = self.catalog.nonlocal_marks
        regions = self.regions
        base = self._far_base
        if base < 0:
            n = 0
            for r in list(regions.values()):      # (compiled: a list copied at once, read by index)
                marks = r.marks
                if marks and _any_of(marks, far):
                    n += 1
        else:                               # the regions written since, each as it was and is
            n = base                        # (read by index: no mapping read for them)
            pairs = self._pairs
            for k in range(0, len(pairs), 2):
                was, marks = pairs[k].marks, pairs[k + 1].marks
                if marks is was:            # (markers are replaced, never changed in place)
                    continue
                if marks and _any_of(marks, far):
                    n += 1
                if was and _any_of(was, far):
                    n -= 1
        if self._sealed:
            self._far = n
        return n

    def _counted_since(self, n: int, marker: str) -> int:
        """`n`, the count of `marker` in the regions copied from (`_marks_from`), brought up to
        date with the regions written since (`_pairs`: each as it was and is)."""
        pairs = self._pairs
        for k in range(0, len(pairs), 2):
            n += _marker_on(pairs[k + 1], marker) - _marker_on(pairs[k], marker)
        return n

    def _counts(self) -> dict[str, int]:
        """The marker counts of this sealed state, for a copy to count from: those it kept, and
        every marker the state it came from had counted, counted here too (so that a count, once
        made, follows the states played after it)."""
        got = self._marks
        base = self._marks_base
        if got is None:
            if not base:
                got = self._marks = {}
                return got
            got = base          # (shared while every count is the same: each is true of both)
            pairs = self._pairs                # the regions written, as they were and are
            for k in range(0, len(pairs), 2):
                got = _recounted(got, base, pairs[k + 1], pairs[k])
            self._marks = got
        elif base:
            for marker, n in base.items():
                if marker not in got:
                    got[marker] = self._counted_since(n, marker)
        return got

    def iter_holds(self) -> Iterator[tuple[int, RaceHold, bool]]:
        for seat, p in enumerate(self.players):
            if p.active:
                yield seat, p.active, False
            for h in p.declines:
                yield seat, h, True

    # -- JSON ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board.name,
            "players": [p.to_dict() for p in self.players],
            "regions": {rid: r.to_dict() for rid, r in self.regions.items() if r.to_dict()},
            "column": [c.to_list() for c in self.column],
            "race_stack": list(self.race_stack),
            "power_stack": list(self.power_stack),
            "power_discard": list(self.power_discard),
            "tray": dict(self.tray),
            "round": self.round,
            "turn": self.turn.to_dict(),
            "winners": list(self.winners),
            **({"gone": dict(self.gone)} if self.gone else {}),   # tokens out of the game, if any
        }

    @staticmethod
    def from_dict(d: dict[str, Any], board: "Board", catalog: "Catalog") -> "GameState":
        s = GameState(board, catalog)
        s.players = [PlayerState.from_dict(p) for p in d["players"]]
        s.regions = {r.id: RegionState() for r in board.regions}
        for rid, rd in d["regions"].items():
            if rid not in s.regions:
                raise ReplayError(reason("save_unknown_region", id=rid, board=board.name))
            s.regions[rid] = RegionState.from_dict(rd)
        s.column = [Combo(*c) for c in d["column"]]
        s.race_stack = list(d["race_stack"])
        s.power_stack = list(d["power_stack"])
        s.power_discard = list(d["power_discard"])
        s.tray = dict(d["tray"])
        s.gone = dict(d.get("gone", {}))
        s.round = d["round"]
        s.turn = TurnState.from_dict(d["turn"])
        s.winners = list(d.get("winners", []))
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<GameState round {self.round} seat {self.turn.seat} phase {self.turn.phase}>"


# pickled for the lab's processes (`pickling`)
when_compiled(RaceHold, PlayerState, Combo, TurnState)
by_parts(GameState, lambda s: (s.board, s.catalog), forget=("_listed", "_opts", "_at", "_at_of"))
by_parts(Judged, lambda j: (j.seat, j.round, j.picked, j.race, j.power, j.used, j.peace, j.options))
by_parts(Options, lambda o: (o.places, o.costs))
