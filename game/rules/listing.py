"""Listing: every region the Active race may conquer now, with its cost (`conquest_options`),
the fast path by which `legal_actions` lists conquests. It asks the same questions as
`targets.target_reason` and `pricing.cost_of` without building a `Reason` for the regions it
leaves out, and may build on what was judged in the position this one was played from
(`judged_locally`, `Judged`), judging again only near the regions written since.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Any, Final

from .abilities.base import Ability
from .board import Board, Place
from .pricing import cost_of
from .state import (
    Answers,
    GameState,
    Guarded,
    Judged,
    Options,
    PlayerState,
    RaceHold,
    RegionState,
    _any_of,
    first_from,
)
from .targets import at_peace, barred_by_marker, immunity_reason, price_reason

if TYPE_CHECKING:  # pragma: no cover
    from .catalog import Hooks


def judged_locally(s: GameState, hooks: Hooks, own: list[str], answers: list[Answers] | None = None) -> bool:
    """Whether the conquests `conquest_options` finds for a race (with its combo's `hooks` and
    its regions `own`) may be kept for a later position of the turn, re-judged only near the
    regions written meanwhile: the race holds a region, every effect judging a target does it
    locally (`Hooks.local`), no race in play asks coins for its regions (the attacker's
    coins change) and no marker whose defence reads further than its region lies on the board
    (a Behemoth's: a region that lost one was written, and is judged again). `answers`: where
    each player's `Answers` asked here go, seat by seat, for `conquest_options` to read the
    other players' races from (`_answering_races`) without asking them again."""
    if not own or not hooks.local:
        return False
    cat = s.catalog
    # played by a conquest or an abandon from a position judged locally (`_prior`): no race asked
    # a price there and no such marker lay on its board; a conquest takes races away, never adds
    # one, and a marker it lays is in a region it wrote (`_written`, as they are now in `_pairs`),
    # so only those are read
    prior = s._prior is not None
    if not prior and ("conquest_price" in cat.hooked or "conquest_refused" in cat.hooked):
        for i, p in enumerate(s.players):  # (a race asking a price is among those that guard)
            got = _answers_of(s, i, p)
            if answers is not None:
                answers.append(got)
            if got.prices:
                return False
    far = cat.nonlocal_marks
    if far:
        if prior:
            pairs = s._pairs
            for k in range(1, len(pairs), 2):
                marks = pairs[k].marks
                if marks and _any_of(marks, far):
                    return False
            return True
        return s.far_marked() == 0
    return True


def peace_in_force(s: GameState) -> tuple[Any, ...]:
    """Each player's peace until his next turn (a Diplomat's, R12) with his Active race."""
    out: tuple[Any, ...] = ()
    for p in s.players:
        if "until_next_turn" in p.memo:
            out += (p.memo["until_next_turn"], p.active.race if p.active else None)
    return out


#: other players' races, as (seat, race)
Races = AbstractSet[tuple[int, str]]
#: how a race's effects reach beyond its neighbours (`_reach`): the effects that link regions and
#: the regions linked on the printed board, the effects that reach further and the regions reached
Reach = tuple[tuple[Ability, ...], dict[str, frozenset[str]] | None, tuple[Ability, ...], frozenset[str] | None]
#: no race answers for its regions; no effect reaches further (never written to)
_NO_RACES: Final[Races] = frozenset()
_NONE_ANSWER: Final[tuple[Races, Races, Races]] = (_NO_RACES, _NO_RACES, _NO_RACES)
_NO_REACH: Final[Reach] = ((), None, (), None)
#: no region (`_since` with options kept; never written to)
_NOTHING: Final[list[Place]] = []


def conquest_options(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...],
                     own: list[str], since: Judged | None = None,
                     hooks: Hooks | None = None, peace: bool = True, answers: list[Answers] | None = None,
                     now: Judged | None = None) -> Options:
    """Every region `hold` (the Active race of `seat`) may target now, with its cost, in board
    order (`Options`): the regions `target_reason` accepts among `conquest_candidates`, priced as `cost_of`
    prices them. The fast path of `legal_actions`: it builds no `Reason` for the regions it
    leaves out (the agreement of the two is tested position by position). `since`: what was
    judged in the position this one was played from, when `judged_locally` holds in both and it
    `fits`: only the regions written since (`_written`) and their neighbours are judged again.
    `hooks`: `abil` sorted by hook, when the caller has them. `peace`: a Diplomat's peace binds
    the race (R12; not the In Decline Ghouls). The other players' races that answer for their
    regions (`_answering_races`) are those `since` was judged with, else read from `answers`
    (every player's, as `judged_locally` asked them), else asked; kept in `now` (the judgement
    being made) for the positions that build on it. The cost is `cost_of`'s total added up in place
    (markers' defence, the effects' changes, the combo's floor asked once).

    In steps: how far the race's effects reach (`_reach`), the front (`_front`: the regions next
    to its own), the candidates (building on the position before: `_since`, `_merged`), the ways in
    of a race holding no region (`_ways_in`), and the targets among them with their prices
    (`_priced_targets`; on a wide board, the ways in and a flier's whole land built on what was
    judged of them last time: `_entered`)."""
    tab = s.catalog.hooks(abil) if hooks is None else hooks
    race = hold.race
    links, linked, reaches, far = _reach(s, seat, own, tab, since is None) if tab.links or tab.reaches else _NO_REACH
    # only regions next to `own` (on the board or by a printed link), or reached (`far`), are
    # candidates unless an effect reaches further or links regions by more than the printed board
    near = bool(own) and not reaches and not links
    board = s.board
    mine = s.held_bits(seat, race)
    # a race that conquers no water is offered none: taken out of the front, and of the ways in
    # below, which `_priced_targets` then asks no region of (`dry`)
    dry = not tab.conquers_water
    kept: Options | None = None
    front = 0
    if since is not None and near and linked is None and board.wide:
        # the options before kept but near the regions written: the front is judged there alone
        # (`_front_near`), and neither the race's whole front nor the regions written, wide
        # numbers, are made
        kept = since.options
        written = _near_changed(board, s._written)
        judge = _front_near(board, mine, written, dry)
    elif since is None and near and linked is None and far is None and board.wide:
        # a listing made afresh, of a race holding regions and reaching no further than their
        # neighbours: its front read from them (`_front_of`; the front's wide number is not
        # needed: every region judged is in it)
        judge = _front_of(board, own, mine, dry)
    else:
        front = _front(board, own, mine, linked, far)
        if dry:
            front &= ~board.water_bits
        near_written = 0
        if since is None:
            if near:
                judge = board.places_in(front)
            else:                              # the ways in (dry ones if the race is), or the whole board
                judge = _candidates(board, tab, own, dry)
                dry = dry and not own and not tab.enters_anywhere
        else:
            judge, kept, near_written = _since(s, since, near, linked)
            dry = dry and near
            if board.wide:                     # (the options before patched there: `_patched`)
                written = board.places_of(near_written) if kept is not None else judge
        if kept is not None:                   # those of the front near the regions written
            judge = board.places_in(front & near_written)
    asked = judge
    if not own and (since is not None or tab.enters_anywhere):   # else the candidates are
        asked = _ways_in(s, seat, judge, tab)                     # only the ways in
    if not s.catalog.guarding:                          # (none answers: none kept)
        races = _NONE_ANSWER
    else:
        if since is not None and since.answers is not None:
            races = since.answers
        elif answers is not None and len(answers) == len(s.players):
            races = _races_of(answers, seat)
        else:
            races = _answering_races(s, seat)
        if now is not None:
            now.answers = races
    guarded, pricing, strong = races
    if since is None and board.wide and s._sealed and not tab.conquers_water:
        # on a wide board, the ways in of a race entering, or the whole land of a race that
        # reaches all of it (a flier's), judged on what was judged of them last time
        if not own:
            if not tab.enters_anywhere:
                return _entered(s, seat, hold, abil, asked, tab, guarded, pricing, strong, False, own, 0, links,
                                reaches, peace, _WAYS_IN)
        elif tab.reaches:
            land = board.mask_of(board.land())
            if (front | mine) & land == land:
                return _entered(s, seat, hold, abil, board.places_in(land), tab, guarded, pricing, strong, near,
                                own, front, links, reaches, peace, _LAND)
    judged = _priced_targets(s, seat, hold, abil, asked, tab, guarded, pricing, strong, near, own, front, links,
                             reaches, dry, peace)
    if since is None:
        return judged
    # the regions near those written judged again, the others' options kept (all still in the
    # front: `_since`)
    before = kept if kept is not None else since.options
    return _patched(before, judged, written) if board.wide else _merged(before, judged, near_written)


class WaysIn:
    """What was judged last time of the ways in, or of the whole land (`_entered`), kept with the
    board: the `options` found, the `printed` costs they were priced with (when not the same for
    every region), and the state of each region judged (`states`, in their order) where its
    judgement is that of any race and seat, None where it is not (a region held, or one with
    markers: judged every time). Written over each time it is built on."""

    __slots__ = ("options", "printed", "states")

    def __init__(self, options: Options, printed: list[int], states: list[RegionState | None]) -> None:
        self.options = options
        self.printed = printed
        self.states = states


def _kept_state(r: RegionState) -> RegionState | None:
    """`r`, when a region in that state is judged alike for every race and seat as `_entered`
    asks (no one holds it, no marker lies there), else None."""
    return r if r.owner is None and not r.marks else None


#: under which a board keeps what `_entered` judged: of the ways in, of the whole land
_WAYS_IN: Final = "ways in"
_LAND: Final = "land"


def _entered(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...], ways: list[Place],
             tab: Hooks, guarded: Races, pricing: Races, strong: Races, near: bool, own: list[str], front: int,
             links: tuple[Ability, ...], reaches: tuple[Ability, ...], bound: bool, kind: str) -> Options:
    """On a board wider than a machine word, the options of a race holding no region, entering
    by the land of the edge (`ways`: the dry ways in), or of one that reaches the whole land
    (`ways`: every land region; a flier's), in board order (`s` sealed): `_priced_targets`,
    built on what was judged of the same regions last time (`WaysIn`, kept with the board under
    `kind`) when no effect of the race judges a region its own way (no region refused, priced
    apart or at a floor, no cost changed now, the printed costs those of that time). A region
    no one holds and without markers is then judged by its state alone, alike for every race
    and seat: only those whose state is not the same object as then (a region written is
    always a new one), and those held or marked, are judged again, and the options kept are
    patched there (`_patched`). A race enters by hundreds of ways in, and a flier judges
    hundreds of regions, a few of them changed since; on a narrower board the few dozen ways in
    are judged as quickly as they would be walked and patched."""
    board = s.board
    printed, same, mods = tab.printed_costs(board)
    plain = not (tab.may_target or tab.priced_apart or tab.cost_floor)
    if plain:
        for ab in mods:
            if ab.modifies_costs_now(s, seat):
                plain = False
                break
    if not plain:
        return _priced_targets(s, seat, hold, abil, ways, tab, guarded, pricing, strong, near, own, front, links,
                               reaches, True, bound)
    key = (kind, same if same >= 0 else id(printed))
    got = board.kept(key)
    at = s.at()
    n = len(ways)
    if isinstance(got, WaysIn) and (same >= 0 or got.printed is printed) and len(got.states) == n:
        # (the states kept are this entry's own: written over where they changed)
        states = got.states
        changed: list[Place] = []
        k = 0
        for pl in ways:
            r = at[pl.num]
            if r is not states[k]:
                changed.append(pl)
                states[k] = _kept_state(r)
            k += 1
        if not changed:
            return got.options
        judged = _priced_targets(s, seat, hold, abil, changed, tab, guarded, pricing, strong, near, own, front,
                                 links, reaches, True, bound)
        opts = got.options = _patched(got.options, judged, changed)
        return opts
    opts = _priced_targets(s, seat, hold, abil, ways, tab, guarded, pricing, strong, near, own, front, links,
                           reaches, True, bound)
    board.keep(key, WaysIn(opts, printed, [_kept_state(at[pl.num]) for pl in ways]))
    return opts


def _near_changed(board: Board, changed: list[int]) -> list[Place]:
    """The regions numbered `changed` and their neighbours, as places in board order (`_since`'s
    mask, read from the places' neighbours: on a board wider than a machine word, no wide number
    is made for a region or two)."""
    places = board.places
    if len(changed) == 1:              # (a conquest's: its neighbours in order, itself put among them)
        pl = places[changed[0]]
        num = pl.num
        out: list[Place] = []
        for m in pl.near:
            if num >= 0 and m > num:
                out.append(pl)
                num = -1
            out.append(places[m])
        if num >= 0:
            out.append(pl)
        return out
    nums: list[int] = []
    for num in changed:
        nums.append(num)
        nums.extend(places[num].near)
    return _places_at(places, nums)


def _places_at(places: tuple[Place, ...], nums: list[int]) -> list[Place]:
    """The places numbered `nums` (in any order, some more than once), each once, in board
    order."""
    nums.sort()
    out: list[Place] = []
    last = -1
    for m in nums:
        if m != last:
            out.append(places[m])
            last = m
    return out


def _front_near(board: Board, mine: int, written: list[Place], dry: bool) -> list[Place]:
    """On a board wider than a machine word, the front (`_front`, the race's regions `mine`, a
    mask, linked by the board alone) among the regions `written` (places in board order), as
    places in board order: each not the race's but next to one of its regions, and no water for
    a `dry` race. Each neighbour is asked of `mine`'s bytes: no wide number is made. (On a
    narrower board, the front's mask is made as quickly.)"""
    out: list[Place] = []
    data = mine.to_bytes(len(board.ids_by_byte), "little")
    for pl in written:
        n = pl.num
        if data[n >> 3] >> (n & 7) & 1 or (dry and pl.water):
            continue
        for m in pl.near:
            if data[m >> 3] >> (m & 7) & 1:
                out.append(pl)
                break
    return out


def _front_of(board: Board, own: list[str], mine: int, dry: bool) -> list[Place]:
    """On a board wider than a machine word, the front of a race holding `own` (`mine`, their
    mask), linked by the board alone and reaching no further, as places in board order
    (`_front`, without the water for a `dry` race), read once from the mask's bytes
    (`Board.places_of`: a front asked once, not kept)."""
    front = _front(board, own, mine, None, None)
    return board.places_of(front & ~board.water_bits if dry else front)


def _candidates(board: Board, tab: Hooks, own: list[str], dry: bool) -> list[Place]:
    """The candidates of a listing made afresh that are not the front: the whole board for a
    race whose effects reach further or link regions (holding some: `own`) or that enters
    anywhere, else the ways in (the edge's land and border seas; the land alone if `dry`), as
    `targets.conquest_candidates` finds them."""
    if own or tab.enters_anywhere:
        return list(board.places)
    return board.places_in(board.ways_in_bits(dry))


def _reach(s: GameState, seat: int, own: list[str], tab: Hooks, afresh: bool) -> Reach:
    """How the race's effects reach beyond its neighbours: the effects that link regions and
    those that reach further, each left out when the printed board (`linked`) or the regions
    they reach at once (`far`) say it already. `far` only when the listing is made `afresh`:
    building on the one before, only the regions near those written are judged, and those few
    are asked of the effects one by one (where `far` would make the whole board reached by a
    race that flies the front, read and kept again region by region)."""
    links = tab.links
    linked = tab.printed_links(s.board) if links else None
    if linked is not None:
        links = ()                                 # asked through `linked`
    reaches = tab.reaches
    far = _reached_at_once(s, seat, own, reaches) if own and reaches and afresh else None
    if far is not None:
        reaches = ()                               # asked through `far`
    return links, linked, reaches, far


def _reached_at_once(s: GameState, seat: int, own: list[str],
                     reaches: tuple[Ability, ...]) -> frozenset[str] | None:
    """The regions the effects that reach further reach from `own`, when each can say so at once
    (`Ability.reached`); None when one cannot. (One effect's set is given as it is: a set an
    effect keeps with the board, such as a flier's land, is then found by identity among the
    board's masks, `Board.mask_of`, where a union made anew is hashed and compared whole.)"""
    far: frozenset[str] | None = None
    for ab in reaches:
        got = ab.reached(s, seat, own)
        if got is None:
            return None
        far = got if far is None else far | got
    return frozenset() if far is None else far


def _front(board: Board, own: list[str], mine: int, linked: dict[str, frozenset[str]] | None,
           far: frozenset[str] | None) -> int:
    """The regions next to `own` (on the board or by a printed link) or reached at once (`far`),
    but `own`, as a mask (`Board.bits`; `mine`: `own`'s, read from the state's index). On a
    board wider than a machine word, the union of the neighbour masks of `own` (a race holds a
    few regions), where `Board.near_bits` would read the wide mask `mine` a byte at a time and
    keep its answer."""
    if board.wide:
        adj, index = board.adj_bits, board.index
        front = 0
        for rid in own:
            front |= adj[index[rid]]
    else:
        front = board.near_bits(mine)
    if linked is not None:
        for o in own:
            if o in linked:
                front |= board.mask_of(linked[o])
    if far:
        front |= board.mask_of(far)
    return front & ~mine


def _since(s: GameState, since: Judged, near: bool,
           linked: dict[str, frozenset[str]] | None) -> tuple[list[Place], Options | None, int]:
    """Building on the position played before: the regions to judge, the options judged there
    that are kept where nothing near changed (None: every candidate is judged), and the regions
    written since with their neighbours (a mask), judged again. (An option kept is in the front
    still: it was next to a region of the race, which was not written, as nothing near it was.)
    Options kept (`near`): the regions to judge are the front's near those written, which the
    caller finds from the mask; none is read into a list here."""
    board = s.board
    places, adj = board.places, board.adj_bits
    near_written = 0                  # (a region or two: no mask of them read a byte at a time)
    written = s._written
    for num in written:
        near_written |= places[num].bit | adj[num]
    if linked is not None:
        ids = board.ids
        for num in written:
            rid = ids[num]
            if rid in linked:
                near_written |= board.mask_of(linked[rid])
    if near:              # a region of the front now was in the front then, or is near a change:
        return _NOTHING, since.options, near_written    # only those near a change are judged
    return board.places_of(near_written), None, near_written


def _answering_races(s: GameState, seat: int) -> tuple[Races, Races, Races]:
    """The other players' races (seat, race) whose effects may protect a region, ask a price for
    it, or make its defending tokens count for more (or less): only their regions are asked
    (`immunity_reason`, `price_reason`, `cost_of`), as the holds are found there. Each player's
    answer is his own (`_answers_of`), kept with him while he has the same holds: most writes
    change only coins and hands. (Usually none answers, or one: his sets are the answer.)"""
    out: Guarded | None = None
    for i, p in enumerate(s.players):
        if i == seat:
            continue
        its = _answers_of(s, i, p).races
        if its is not None:
            out = its if out is None else (out[0] | its[0], out[1] | its[1], out[2] | its[2])
    return _NONE_ANSWER if out is None else out


def _races_of(answers: list[Answers], seat: int) -> tuple[Races, Races, Races]:
    """`_answering_races` read from every player's `answers` (seat by seat, as `judged_locally`
    asked them)."""
    out: Guarded | None = None
    for i in range(len(answers)):
        if i == seat:
            continue
        its = answers[i].races
        if its is not None:
            out = its if out is None else (out[0] | its[0], out[1] | its[1], out[2] | its[2])
    return _NONE_ANSWER if out is None else out


def _answers_of(s: GameState, i: int, p: PlayerState) -> Answers:
    """What the races of player `i` (`p`) answer for (`Answers`): each race asked once, as
    `PlayerState.hold` finds it (the Active race first), of the effects in force that may
    answer for its regions (`Catalog.guards`); and whether any of his holds asks a price
    (`judged_locally`, which asks them all). Kept with `p` while he has the same holds with the
    same powers (`holds_now`: most writes change his coins and hands alone), for this
    seat and this catalog's guarding effects."""
    cat = s.catalog
    got = p._answers
    if got is not None and got.seat == i and got.guarding is cat.guarding and holds_now(got, p):
        return got
    guarded: set[tuple[int, str]] | None = None
    pricing: set[tuple[int, str]] | None = None
    strong: set[tuple[int, str]] | None = None
    prices = False
    act = p.active
    if act is not None:
        its = cat.guards(act.race, act.power, False)
        if its is not None:
            held = (i, act.race)
            if its.protects:
                guarded = {held}
            if its.conquest_price:
                pricing = {held}
                prices = True
            if its.defence_strength:
                strong = {held}
    declines = p.declines
    for k, h in enumerate(declines):
        its = cat.guards(h.race, h.power, True)
        if its is None:
            continue
        if its.conquest_price:
            prices = True
        if (act is not None and h.race == act.race) or _earlier(declines, k, h.race):
            continue                               # `PlayerState.hold` finds the first
        held = (i, h.race)
        if its.protects:
            guarded = _with(guarded, held)
        if its.conquest_price:
            pricing = _with(pricing, held)
        if its.defence_strength:
            strong = _with(strong, held)
    none = _NO_RACES
    got = Answers(i, cat.guarding, None if guarded is None and pricing is None and strong is None else
                  (none if guarded is None else guarded, none if pricing is None else pricing,
                   none if strong is None else strong), prices, act, tuple(declines))
    p._answers = got
    return got


def holds_now(got: Answers, p: PlayerState) -> bool:
    """`p` has the holds `got` was worked out from, in the same order and with the same powers
    (a hold's race is set when it is made; its power may change, borrowed or given back). Asked
    by identity: a copied player holds copies, and is answered again."""
    act = p.active
    if act is not got.active or (act is not None and act.power is not got.power):
        return False
    declines, declined = p.declines, got.declined
    n = len(declined)
    if len(declines) != n:
        return False
    powers = got.powers
    for k in range(n):
        h = declines[k]
        if h is not declined[k] or h.power is not powers[k]:
            return False
    return True


def _earlier(holds: list[RaceHold], k: int, race: str) -> bool:
    """One of the first `k` of `holds` is of `race`."""
    for j in range(k):
        if holds[j].race == race:
            return True
    return False


def _with(races: set[tuple[int, str]] | None, held: tuple[int, str]) -> set[tuple[int, str]]:
    """`races` (made at the first race added) with `held` (seat, race) added."""
    if races is None:
        return {held}
    races.add(held)
    return races


def _priced_targets(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...], places: list[Place],
                    tab: Hooks, guarded: Races, pricing: Races, strong: Races, near: bool, own: list[str],
                    front: int, links: tuple[Ability, ...], reaches: tuple[Ability, ...],
                    dry: bool = False, bound: bool = True) -> Options:
    """Those of `places` the race may target, each with its cost, in their order. A target:
    not its own already, not immune (a hero, the Dragon, a hole), not shielded by its holder
    (`_shielded`), water only if an effect conquers water, none an effect refuses
    (`may_target`), and each within reach (`_in_reach`; all are when `near`, and the ways in of
    a race holding no region, `_ways_in`). Its cost: the total `cost_of` works out, without its
    labelled parts (the printed cost, what lies there, the defenders and their markers, the
    effects' changes, at least the floor, Kobolds'); `cost_of` itself where the race's price is
    flat or its strength counts (`priced_apart`), or the defenders count for more (`strong`).
    (One loop: each region is looked up once, and no list of targets is made between the two.)
    `dry`: no region of `places` is water, and the race conquers none (none is asked whether it
    is). `bound`: a Diplomat's peace binds the race (R12)."""
    race = hold.race
    water_ok, may = tab.conquers_water, tab.may_target
    peace: tuple[int, ...] = ()                    # the seats whose peace holds until their next
    if bound:                                      # turn (a Diplomat's, R12)
        for i, p in enumerate(s.players):
            if "until_next_turn" in p.memo:
                peace += (i,)
    answering = guarded | pricing if pricing else guarded    # the races a foe's region is asked of
    # (whether any seat is at peace and any race answers, asked once: compiled, the truth of a
    # set is a generic call)
    peaceful, asks, strengths = bool(peace), bool(answering), bool(strong)
    marks = s.catalog.marks
    printed, same, mods = tab.printed_costs(s.board)   # (`same`: every region's, if alike, else -1)
    if mods:                                       # (those idle in this position asked of no region)
        mods = tuple([ab for ab in mods if ab.modifies_costs_now(s, seat)])
    floor = _least_cost(s, seat, tab) if tab.cost_floor else 1
    apart = tab.priced_apart
    # on a board wider than a machine word, the front is asked by name (`_in_reach`)
    ahead = s.board.set_in(front) if own and not near and s.board.wide else None
    out: list[Place] = []
    costs: list[int] = []
    at = s.at()
    for pl in places:
        rid = pl.id
        r = at[pl.num]
        owner = r.owner               # (compared once known to be a seat: compiled, a quick comparison)
        # the target
        if owner is not None and owner == seat and r.tokens and r.race == race:
            continue                                            # already held
        if r.hero or r.dragon or r.hole:
            continue                                            # immune
        marked = r.marks                   # (read once: its truth is asked twice)
        if (marked or (owner is not None and owner != seat and (
                (peaceful and owner in peace) or (asks and (owner, r.race) in answering)))) and _shielded(
                s, seat, rid, r, guarded, pricing, peace):              # (without markers: a foe's only)
            continue
        if not dry and pl.water and not (water_ok and _conquers_water(water_ok, s, seat, rid)):
            continue
        if may and _refused(may, s, seat, rid):
            continue
        if not (near or not own or _in_reach(s, seat, rid, own, front, ahead, links, reaches)):
            continue
        # its price
        if apart or (strengths and r.tokens and owner is not None and owner != seat and (owner, r.race) in strong):
            out.append(pl)
            costs.append(cost_of(s, seat, rid, abil, hold).total)
            continue
        n = (same if same >= 0 else printed[pl.num]) + r.mountain + r.lair + r.fortress + r.encampments + r.lost_tribe
        if r.tokens and (owner is None or owner != seat):
            n += r.tokens
        if marked:
            for name, k in marked.items():
                spec = marks.get(name)
                if spec is not None:
                    n += spec.defence * k + (spec.defence_of(s, rid) if spec.defence_of else 0)
        for ab in mods:
            n += ab.cost_modifier(s, seat, rid)
        out.append(pl)
        costs.append(n if n > floor else floor)
    return Options(out, costs)


def _shielded(s: GameState, seat: int, rid: str, r: RegionState, guarded: Races, pricing: Races,
              peace: tuple[int, ...]) -> bool:
    """The holder's side keeps the race out of `rid`: immune by a marker or an effect
    (`immunity_reason`), too dear in coins (`price_reason`) or at peace with it (R12; `peace`:
    the seats whose peace holds)."""
    owner = r.owner
    foe = owner is not None and owner != seat
    if r.marks and barred_by_marker(s, r):      # (`immunity_reason`'s first question, asked
        return True                                # without a reason)
    if (r.marks or (guarded and foe and (owner, r.race) in guarded)) and immunity_reason(s, rid, seat):
        return True
    if pricing and foe and (owner, r.race) in pricing and price_reason(s, seat, rid):
        return True
    return foe and owner in peace and _at_peace(s, seat, rid, r)


def _at_peace(s: GameState, seat: int, rid: str, r: RegionState) -> bool:
    """R12: the holder of `rid`, whose peace holds until his next turn (a Diplomat's), made it
    with `seat`, and it covers the race there."""
    return not r.decline and at_peace(s, seat, rid)


def _conquers_water(water_ok: tuple[Ability, ...], s: GameState, seat: int, rid: str) -> bool:
    """An effect of the race lets it conquer the sea or lake `rid` (`Ability.conquers_water`)."""
    for ab in water_ok:
        if ab.conquers_water(s, seat, rid):
            return True
    return False


def _refused(may: tuple[Ability, ...], s: GameState, seat: int, rid: str) -> bool:
    """An effect of the race refuses `rid` as a target (`Ability.may_target`)."""
    for ab in may:
        if ab.may_target(s, seat, rid):
            return True
    return False


def _in_reach(s: GameState, seat: int, rid: str, own: list[str], front: int, ahead: AbstractSet[str] | None,
              links: tuple[Ability, ...], reaches: tuple[Ability, ...]) -> bool:
    """`rid` is next to the race's regions (R2, `front`; `ahead`: its regions by name, on a
    board wider than a machine word) or linked to one or reached by an effect. (Loops, not
    `any`: interpreted, a generator made for each region costs more than the few effects it
    asks.)"""
    if rid in ahead if ahead is not None else front & s.board.bits[rid]:
        return True
    for ab in links:
        for o in own:
            if ab.links(s, seat, o, rid):
                return True
    for ab in reaches:
        if ab.reaches(s, seat, rid):
            return True
    return False


def _ways_in(s: GameState, seat: int, places: list[Place], tab: Hooks) -> list[Place]:
    """Those of `places` a race holding no region may enter by (R3): the edge, a border sea, or
    anywhere for an effect that enters anywhere."""
    if any(ab.enters_anywhere(s, seat) for ab in tab.enters_anywhere):
        return places
    board = s.board
    ways = board.ways_in_bits(False)
    return [p for p in places if p.bit & ways]


def _least_cost(s: GameState, seat: int, tab: Hooks) -> int:
    """The least a conquest costs (R1), or more (Kobolds' `cost_floor`)."""
    return max([1] + [ab.cost_floor(s, seat) for ab in tab.cost_floor])


def _merged(kept: Options, judged: Options, written: int) -> Options:
    """On a board a machine word holds, the options in board order: those judged now (`judged`:
    every candidate near the regions written, `written` a mask), and those kept from the
    position before (`kept`) but those in `written`, the two merged (each in board order) by
    the places' numbers. (On a wider board, `_patched`.)"""
    kp, kc = kept.places, kept.costs
    jp, jc = judged.places, judged.costs
    nj = len(jp)
    j = 0
    nxt = jp[0].num if nj else 0                    # the place of the next option judged now
    out: list[Place] = []
    costs: list[int] = []
    for k in range(len(kp)):
        pl = kp[k]
        if pl.bit & written:
            continue
        at = pl.num                                 # ... and of the option kept
        while j < nj and nxt < at:
            out.append(jp[j])
            costs.append(jc[j])
            j += 1
            if j < nj:
                nxt = jp[j].num
        out.append(pl)
        costs.append(kc[k])
    while j < nj:
        out.append(jp[j])
        costs.append(jc[j])
        j += 1
    return Options(out, costs)


def _patched(kept: Options, judged: Options, written: list[Place]) -> Options:
    """On a board wider than a machine word, `_merged`: the options kept from the position
    before (`kept`), but the regions `written` (places in board order: those written and their
    neighbours) judged again (`judged`: those of them accepted now, in board order). Each
    region written is found among the options kept from the last one found, by steps that
    double then by halving (as `Options.cost_at`), and its cost written there, or it is put in
    or taken out, over copies of the options kept: a dozen regions among the hundreds of options
    kept (a flier's whole board), each moved in place, where merging one by one read every
    option kept and a wide mask's bytes."""
    places = list(kept.places)
    costs = list(kept.costs)
    # the intents to conquer them, when made for the options kept, patched alike (a place put in
    # has its intent made by the listing that found it in the options before; else none are
    # kept); the dearest cost kept while none as dear is written over or taken out
    was = kept.conquers
    intents = list(was) if was is not None else None
    top = kept.top
    jp, jc = judged.places, judged.costs
    nj = len(jp)
    j = 0
    lo = 0
    for pl in written:
        num = pl.num
        n = len(places)
        hi = lo                        # (from the last one found, by steps that double: the
        step = 1                       # regions written lie close together)
        while hi < n and places[hi].num < num:
            lo = hi + 1
            hi = lo + step
            step <<= 1
        lo = first_from(places, num, lo, hi if hi < n else n)
        there = lo < n and places[lo].num == num
        if j < nj and jp[j].num == num:               # accepted now
            c = jc[j]
            if there:
                if top >= 0 and costs[lo] >= top and c < top:
                    top = -1
                costs[lo] = c
            else:
                put = jp[j]
                places.insert(lo, put)
                costs.insert(lo, c)
                if intents is not None:
                    x = put.conquer
                    if x is None:
                        intents = None
                    else:
                        intents.insert(lo, x)
            if top >= 0 and c > top:
                top = c
            j += 1
        elif there:                                   # refused now, or no longer in reach
            places.pop(lo)
            c = costs.pop(lo)
            if top >= 0 and c >= top:
                top = -1
            if intents is not None:
                intents.pop(lo)
    return Options(places, costs, intents, top)
