"""Targets: which regions a race may attack, and why not (R2, R3, R10, R12). `target_reason`
says why a race may not target a region at all — already held, immune (`immunity_reason`), too
dear in coins (`price_reason`), water, refused by an effect, at peace (`peace_reason`), out of
reach (`adjacent_to_own`) — `conquest_candidates` which regions are worth asking about, and a
taunt's regions that must come first (`forced_targets`, `only_forced`, `forced_reason`).
`decline_conqueror` finds an In Decline race that still conquers (Ghouls).
"""
from __future__ import annotations

from typing import Iterable

from .abilities.base import Ability
from .board import Board, Place
from .common import effects
from .pricing import conquest_price, conquest_refused, cost_of
from .reasons import Reason, reason
from .state import GameState, Options, RaceHold, RegionState


def decline_conqueror(s: GameState, seat: int) -> tuple[RaceHold, tuple[Ability, ...]] | None:
    """The In Decline race of `seat` that still conquers (In Decline Ghouls: an effect in force
    handles the `ghouls` intent), with the effects in force for it; None if there is none."""
    for h in s.players[seat].declines:
        abil = tuple(effects(s, h, True))
        if any("ghouls" in ab.intents for ab in abil):
            return h, abil
    return None


def immunity_reason(s: GameState, rid: str, attacker: int | None = None) -> Reason | None:
    """R10: why `rid` is immune (to `attacker`, when given: a race is never immune to its
    own player's effects), or None. Markers and effects of other races may protect it too."""
    r = s.regions[rid]
    if r.hero:
        return reason("immune_hero", s, region=rid)
    if r.dragon:
        return reason("immune_dragon", s, region=rid)
    if r.hole:
        return reason("immune_hole", s, region=rid)
    if r.marks:
        for name in r.marks:
            spec = s.catalog.marks.get(name)
            if spec is not None and spec.frozen:
                return reason("frozen_marker", s, region=rid, power=spec.source)
            if spec is not None and spec.immune:
                return reason("immune_marker", s, region=rid, power=spec.source)
    if r.owner is not None and r.owner != attacker and "protects" in s.catalog.hooked and r.race:
        hold, in_dec = s.players[r.owner].hold(r.race)
        its = s.catalog.guards(hold.race, hold.power, in_dec) if hold is not None else None
        if its is not None:                # only the effects that may protect are asked
            for ab in its.protects:
                why = ab.protects(s, r.owner, rid, attacker, in_dec)
                if why:
                    return why
    return None


def immune(s: GameState, rid: str, attacker: int | None = None, r: RegionState | None = None) -> bool:
    """Whether `immunity_reason` has a reason, without building one where none is needed: a
    hero, the Dragon, a hole or a marker that bars every race are seen at once, and only a
    region of another player's whose race an effect may protect is asked of the effects. `r`:
    the region's state, when the caller has it in hand (a listing going through many)."""
    if r is None:
        r = s.regions[rid]
    if r.hero or r.dragon or r.hole or (r.marks and barred_by_marker(s, r)):
        return True
    if r.owner is None or r.owner == attacker or not r.race or "protects" not in s.catalog.hooked:
        return False
    return immunity_reason(s, rid, attacker) is not None


def barred_by_marker(s: GameState, r: RegionState) -> bool:
    """A marker in region `r` keeps every race out (frozen, or immune: `immunity_reason`'s
    markers), asked without a reason."""
    marks = s.catalog.marks
    for name in r.marks:
        spec = marks.get(name)
        if spec is not None and (spec.frozen or spec.immune):
            return True
    return False


def price_reason(s: GameState, seat: int, rid: str) -> Reason | None:
    """Why `seat` cannot pay what the holder of `rid` asks for it (Liches), or why the holder's
    replacement makes its conquest fail (`conquest_refused`), or None."""
    hooked = s.catalog.hooked
    if "conquest_price" in hooked:
        price = conquest_price(s, seat, rid)
        if price > s.players[seat].coins:
            return reason("price_to_conquer", s, region=rid, coins=price)
    if "conquest_refused" in hooked:
        return conquest_refused(s, seat, rid)
    return None


def peace_reason(s: GameState, seat: int, rid: str) -> Reason | None:
    """R12: a Diplomat's chosen opponent may not attack the Diplomat's Active race."""
    if at_peace(s, seat, rid):
        r = s.regions[rid]
        assert r.owner is not None
        return reason("at_peace", s, player=s.players[r.owner].name, race=r.race)
    return None


def at_peace(s: GameState, seat: int, rid: str) -> bool:
    """`peace_reason` is not None, asked without making the reason (the listing's question)."""
    r = s.regions[rid]
    if r.owner is None or r.owner == seat or r.decline:
        return False
    owner = s.players[r.owner]
    peace = owner.memo.get("until_next_turn", {}).get("peace_with")
    return peace == seat and owner.active is not None and owner.active.race == r.race


def forced_targets(s: GameState, seat: int) -> list[tuple[str, int]]:
    """The regions the Active race of `seat` must conquer before any other now (another race's
    taunt: `Ability.forced_regions`), each with its holder's seat, in board order."""
    out: list[tuple[str, int]] = []
    if "forced_regions" not in s.catalog.hooked:
        return out
    cat = s.catalog
    for hseat, h, in_dec in s.iter_holds():
        if hseat == seat:
            continue
        for ab in cat.answering_now(h.race, h.power, in_dec, "forced_regions"):
            for rid in ab.forced_regions(s, hseat, h, in_dec, seat):
                if all(rid != r for r, _ in out):
                    out.append((rid, hseat))
    index = s.board.index
    return sorted(out, key=lambda x: index[x[0]])


def only_forced(s: GameState, seat: int, options: Options, hand: int) -> Options:
    """`options`, cut down to the regions a taunt says must be conquered first when the race can
    take one of them outright now (`forced_targets`)."""
    must: set[str] = set()
    for rid, _ in forced_targets(s, seat):
        c = options.get(rid)
        if c is not None and c <= hand:
            must.add(rid)
    if not must:
        return options
    places: list[Place] = []
    costs: list[int] = []
    for place, c in zip(options.places, options.costs, strict=True):
        if place.id in must:
            places.append(place)
            costs.append(c)
    return Options(places, costs)


def forced_reason(s: GameState, seat: int, rid: str, hold: RaceHold, abil: tuple[Ability, ...]) -> Reason | None:
    """Why `seat` must first conquer another region than `rid`: a region a taunt names that the
    race can take outright now (`forced_targets`); None when no taunt binds it, or `rid` is such
    a region (the same regions `only_forced` keeps in the listing)."""
    first: tuple[str, int] | None = None
    for f, hseat in forced_targets(s, seat):
        if target_reason(s, seat, f, hold, abil) is None and cost_of(s, seat, f, abil).total <= hold.hand:
            if f == rid:
                return None
            first = first or (f, hseat)
    if first is None:
        return None
    return reason("must_attack_first", s, region=first[0], player=s.players[first[1]].name)


def target_reason(s: GameState, seat: int, rid: str, hold: RaceHold, abil: tuple[Ability, ...],
                  own: list[str] | None = None, *, check_peace: bool = True) -> Reason | None:
    """Why `hold` (Active race of `seat`) may not target `rid` at all, or None."""
    board = s.board
    reg = board.region(rid)
    r = s.regions[rid]
    if r.owner == seat and r.race == hold.race and r.tokens:
        return reason("already_hold", s, region=rid)
    why = immunity_reason(s, rid, seat) or price_reason(s, seat, rid)
    if why:
        return why
    if reg.is_water and not any(ab.conquers_water(s, seat, rid) for ab in abil):
        return reason(f"water_{reg.terrain}", s, region=rid)
    for ab in abil:
        why = ab.may_target(s, seat, rid)
        if why:
            return why
    if check_peace:
        why = peace_reason(s, seat, rid)
        if why:
            return why
    if own is None:
        own = s.regions_of(seat, hold.race)
    if not own:
        if rid in board.entry or (reg.is_water and rid in board.border_seas):
            return None
        if any(ab.enters_anywhere(s, seat) for ab in abil):
            return None
        return reason("first_on_edge")
    if adjacent_to_own(s, seat, rid, own, abil):
        return None
    if any(ab.reaches(s, seat, rid) for ab in abil):
        return None
    return reason("not_adjacent", s, region=rid)


def adjacent_to_own(s: GameState, seat: int, rid: str, own: Iterable[str],
                    abil: Iterable[Ability]) -> bool:
    """`rid` touches one of `own`, on the board or by an effect's `links` (Underworld's caverns)."""
    board = s.board
    own = list(own)
    if board.adj_bits[board.index[rid]] & board.mask_of(own):
        return True
    return any(ab.links(s, seat, o, rid) for ab in abil for o in own)


def conquest_candidates(s: GameState, seat: int, race: str, abil: tuple[Ability, ...],
                        own: list[str], dry: bool = False) -> Iterable[str]:
    """Regions worth asking `target_reason` about: neighbours of `own` (or the way in, for a
    race with no region), widened to the whole board when an effect reaches further. `dry`: the
    race conquers no water, so its ways in are the edge's land alone (no border sea)."""
    tab = s.catalog.hooks(abil)
    if own:
        if tab.reaches or tab.links:
            return s.regions
        return frontier(s.board, own)
    if tab.enters_anywhere:
        return s.regions
    board = s.board
    return board.ids_in(board.ways_in_bits(dry))


def frontier(board: Board, own: list[str]) -> list[str]:
    """The regions next to any of `own`, in board order."""
    return board.ids_in(board.near_bits(board.mask_of(own)))


def within_reach(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...]) -> bool:
    """Some region the Active race `hold` may target costs no more than its tokens in hand."""
    own = s.regions_of(seat, hold.race)
    for rid in conquest_candidates(s, seat, hold.race, abil, own):
        if target_reason(s, seat, rid, hold, abil, own) is None and cost_of(s, seat, rid, abil).total <= hold.hand:
            return True
    return False
