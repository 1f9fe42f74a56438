"""Listing: every region the Active race may conquer now, with its cost (`conquest_options`),
the fast path by which `legal_actions` lists conquests. It asks the same questions as
`targets.target_reason` and `pricing.cost_of` without building a `Reason` for the regions it
leaves out, and may build on what was judged in the position this one was played from
(`judged_locally`, `Judged`), judging again only near the regions written since.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .abilities.base import Ability
from .pricing import cost_of
from .state import GameState, Judged, RaceHold
from .targets import conquest_candidates, immunity_reason, peace_reason, price_reason

if TYPE_CHECKING:  # pragma: no cover
    from .catalog import Hooks


def judged_locally(s: GameState, hooks: Hooks, own: list[str]) -> bool:
    """Whether the conquests `conquest_options` finds for a race (with its combo's `hooks` and
    its regions `own`) may be kept for a later position of the turn, re-judged only near the
    regions written meanwhile: the race holds a region, every effect judging a target does it
    locally (`Hooks.local`), no race in play asks coins for its regions (the attacker's
    coins change) and no marker whose defence reads further than its region lies on the board
    (a Behemoth's: a region that lost one was written, and is judged again)."""
    if not own or not hooks.local:
        return False
    cat = s.catalog
    # played by a conquest or an abandon from a position judged locally (`_prior`): no race asked
    # a price there and no such marker lay on its board; a conquest takes races away, never adds
    # one, and a marker it lays is in a region it wrote (`_changed`), so only those are read
    prior = s._prior is not None
    if not prior and "conquest_price" in cat.hooked:
        guards = cat.guards                # (a race asking a price is among those that guard)
        for p in s.players:
            h = p.active
            if h is not None:
                g = guards(h.race, h.power, False)
                if g is not None and g.conquest_price:
                    return False
            for h in p.declines:
                g = guards(h.race, h.power, True)
                if g is not None and g.conquest_price:
                    return False
    far = cat.nonlocal_marks
    if far:
        if prior:
            regions = s.regions
            for rid in s._changed:
                marks = regions[rid].marks
                if marks and not far.isdisjoint(marks):
                    return False
            return True
        for r in s.regions.values():       # (a plain loop: compiled, it reads each region's slot)
            marks = r.marks
            if marks and not far.isdisjoint(marks):
                return False
    return True


def peace_in_force(s: GameState) -> tuple[Any, ...]:
    """Each player's peace until his next turn (a Diplomat's, R12) with his Active race."""
    out: tuple[Any, ...] = ()
    for p in s.players:
        if "until_next_turn" in p.memo:
            out += (p.memo["until_next_turn"], p.active.race if p.active else None)
    return out


def conquest_options(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...],
                     own: list[str], since: Judged | None = None,
                     hooks: Hooks | None = None) -> dict[str, int]:
    """Every region `hold` (the Active race of `seat`) may target now, with its cost, in board
    order: the regions `target_reason` accepts among `conquest_candidates`, priced as `cost_of`
    prices them. The fast path of `legal_actions`: it builds no `Reason` for the regions it
    leaves out (the agreement of the two is tested position by position). `since`: what was
    judged in the position this one was played from, when `judged_locally` holds in both and it
    `fits`: only the regions written since (`_changed`) and their neighbours are judged again.
    `hooks`: `abil` sorted by hook, when the caller has them. The cost is `cost_of`'s total added
    up in place (markers' defence, the effects' changes, the combo's floor asked once)."""
    cat = s.catalog
    board = s.board
    regions = s.regions
    race = hold.race
    water = board.water
    tab = cat.hooks(abil) if hooks is None else hooks
    water_ok = tab.conquers_water
    may = tab.may_target
    reaches = tab.reaches
    links = tab.links
    printed, mods = tab.printed_costs(board)
    slow_immunity = "protects" in cat.hooked
    priced = "conquest_price" in cat.hooked
    marks = cat.marks
    floor = 1                                      # the least a conquest costs (R1), or more
    if tab.cost_floor:
        floor = max([1] + [ab.cost_floor(s, seat) for ab in tab.cost_floor])
    adjacency = board.adjacency
    if not own:
        anywhere = any(ab.enters_anywhere(s, seat) for ab in tab.enters_anywhere)
        entry, border_seas = board.entry, board.border_seas
    linked = tab.printed_links(board) if links else None
    if linked is not None:
        links = ()                                 # asked through `linked`
    # the regions the effects that reach further reach, when each can say so at once
    far: frozenset[str] | None = None
    if own and reaches:
        far = frozenset()
        for ab in reaches:
            got = ab.reached(s, seat, own)
            if got is None:
                far = None
                break
            far |= got
        if far is not None:
            reaches = ()                           # asked through `far`
    # only regions next to `own` (on the board or by a printed link), or reached (`far`), are
    # candidates unless an effect reaches further or links regions by more than the printed board
    near = bool(own) and not reaches and not links
    front: set[str] = set()                        # the regions next to `own`, but `own`
    for o in own:
        front |= adjacency[o]
        if linked is not None and o in linked:
            front |= linked[o]
    front.difference_update(own)
    if far:
        front |= far.difference(own)
    players = s.players
    # the other players' races whose effects may protect a region or ask a price for it: only
    # their regions are asked (`immunity_reason`, `price_reason`), as the holds are found there
    guarded: set[tuple[int, str]] = set()
    pricing: set[tuple[int, str]] = set()
    strong: set[tuple[int, str]] = set()          # whose defending tokens count for more (or less)
    apart = tab.priced_apart                       # `cost_of` prices every region
    if slow_immunity or priced or "defence_strength" in cat.hooked:
        guards = cat.guards
        for i, p in enumerate(players):
            if i == seat:
                continue
            act = p.active
            found: list[tuple[str, Hooks]] = []  # the races whose effects may answer, each once
            if act is not None:
                its = guards(act.race, act.power, False)
                if its is not None:
                    found.append((act.race, its))
            if p.declines:
                seen = {act.race} if act is not None else set()
                for h in p.declines:
                    if h.race in seen:
                        continue                   # `PlayerState.hold` finds the first
                    seen.add(h.race)
                    its = guards(h.race, h.power, True)
                    if its is not None:
                        found.append((h.race, its))
            for race_i, its in found:
                if its.protects:
                    guarded.add((i, race_i))
                if its.conquest_price:
                    pricing.add((i, race_i))
                if its.defence_strength:
                    strong.add((i, race_i))
    peace = False                                  # some player's peace holds (a Diplomat's)
    for p in players:
        if "until_next_turn" in p.memo:
            peace = True
            break
    out: dict[str, int] = {}
    candidates: Iterable[str]
    kept: dict[str, int] | None = None             # judged before, and nothing near changed
    if since is not None:
        near_written = set(s._changed)
        for rid in s._changed:
            near_written |= adjacency[rid]
            if linked is not None and rid in linked:
                near_written |= linked[rid]
        if near:          # a region of the front now was in the front then, or is near a change
            kept = since.options
            candidates = board.in_order(front)
        else:
            candidates = near_written
    elif near:
        candidates = board.in_order(front)
    else:
        candidates = conquest_candidates(s, seat, race, abil, own)
    for rid in candidates:
        if kept is not None and rid not in near_written:
            c = kept.get(rid)
            if c is not None:
                out[rid] = c
            continue
        r = regions[rid]
        owner = r.owner
        if owner == seat and r.tokens and r.race == race:
            continue                                            # already held
        if r.hero or r.dragon or r.hole:
            continue                                            # immune
        foe = owner is not None and owner != seat
        if (r.marks or (guarded and foe and (owner, r.race) in guarded)) and immunity_reason(s, rid, seat):
            continue
        if pricing and foe and (owner, r.race) in pricing and price_reason(s, seat, rid):
            continue
        if rid in water:
            for ab in water_ok:
                if ab.conquers_water(s, seat, rid):
                    break
            else:
                continue
        if may:
            refused = False
            for ab in may:
                if ab.may_target(s, seat, rid):
                    refused = True
                    break
            if refused:
                continue
        if (peace and owner is not None and owner != seat and "until_next_turn" in players[owner].memo
                and not r.decline and peace_reason(s, seat, rid)):       # R12: a Diplomat's peace
            continue
        if near:
            pass
        elif own:
            if rid not in front and not any(
                    ab.links(s, seat, o, rid) for ab in links for o in own) and not any(
                    ab.reaches(s, seat, rid) for ab in reaches):
                continue
        elif not (rid in entry or (rid in water and rid in border_seas) or anywhere):
            continue
        if apart or (strong and foe and r.tokens and (owner, r.race) in strong):
            out[rid] = cost_of(s, seat, rid, abil, hold).total
            continue
        # the total `cost_of` works out, without its labelled parts
        n = printed[rid] + r.mountain + r.lair + r.fortress + r.encampments + r.lost_tribe
        if r.tokens and owner != seat:
            n += r.tokens
        if r.marks:
            for name, k in r.marks.items():
                spec = marks.get(name)
                if spec is not None:
                    n += spec.defence * k + (spec.defence_of(s, rid) if spec.defence_of else 0)
        for ab in mods:
            n += ab.cost_modifier(s, seat, rid)
        out[rid] = n if n > floor else floor
    if since is not None and kept is None:
        for rid, c in since.options.items():
            if rid not in near_written:
                out[rid] = c
        index = board.index
        out = {rid: out[rid] for rid in sorted(out, key=index.__getitem__)}
    return out
