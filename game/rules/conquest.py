"""Conquest: what a region costs (R1), who may target it (R2, R3, R10, R12), and taking it,
with the defender's losses (R4). `take_region` is the one path by which any region is taken or
emptied — ordinary conquest, the reinforcement die (R5, its die settled by `final_attempt` and
`settle_roll`, R23), the powers that conquer their own way (Dragon, Sorcerers, Ghouls) and the
blocks that empty a region (Lava, Wendigos) — so the victim's effects (`evict`) and the
conqueror's (`take_over`) hear of each the same way (R21); an In Decline race it leaves with no
region leaves the game (R22), and `least_tokens` is the per-region least every way of
conquering respects (R23).

`Cost` keeps its parts so the window can show the sum a player can check:
"2 + 1 mountain + 1 lost tribe − 1 commando = 3 tokens".
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from .abilities.base import Ability, Victim
from .board import Board
from .common import add_tray, effects, event, lose_tokens, region_left, return_banner, take_tray
from .lent import lent_parts, named_in
from .pickling import when_compiled
from .reasons import Reason, reason, reason_n
from .state import CONQUER, LOST_TRIBE, REDEPLOY, GameState, Judged, RaceHold

if TYPE_CHECKING:  # pragma: no cover
    from .catalog import Hooks


@dataclass(frozen=True)
class Cost:
    parts: tuple[tuple[str, int], ...]   # (label, tokens): base, mountain, lair, ..., effect names
    total: int

    def describe(self) -> str:
        s = str(self.parts[0][1])
        for label, n in self.parts[1:]:
            s += f" {'+' if n > 0 else '−'} {abs(n)} {label.replace('_', ' ')}"
        return f"{s} = {self.total} token{'s' if self.total != 1 else ''}"


def cost_of(s: GameState, seat: int, rid: str, abil: Iterable[Ability] | None = None,
            hold: RaceHold | None = None) -> Cost:
    """Tokens the conquering race of `seat` needs to take `rid` (R1), discounts applied, min 1.
    The conquering race is `hold` (default: the Active race); only `abil`, the effects in force
    for it (default: those of its race and power in force: not the `only_in_decline` ones while
    it is Active), change the cost — never another race's, so
    In Decline Ghouls get none of the Active race's discounts (R18). The parts are labelled by
    the race or power granting them."""
    r = s.regions[rid]
    parts: list[tuple[str, int]] = [("base", 2)]
    if r.mountain:
        parts.append(("mountain", 1))
    if r.lair:
        parts.append(("troll_lair", 1))
    if r.fortress:
        parts.append(("fortress", 1))
    if r.encampments:
        parts.append(("encampment", r.encampments))
    if r.lost_tribe:
        parts.append(("lost_tribe", r.lost_tribe))
    hooked = s.catalog.hooked
    if r.tokens and r.owner != seat:
        parts.append(("defenders", r.tokens))
        if "defence_strength" in hooked:
            parts.extend(defence_strength(s, seat, rid))
    if r.marks:
        marks = s.catalog.marks
        for name, n in r.marks.items():
            spec = marks.get(name)
            if spec is not None:                        # labelled by its race or power
                d = spec.defence * n + (spec.defence_of(s, rid) if spec.defence_of else 0)
                if d:
                    parts.append((spec.source, d))
    if hold is None:
        hold = s.players[seat].active
    floor = 1
    if hold is not None:
        only = None if abil is None else tuple(abil)
        dec_only = s.catalog.decline_only
        if only is None and dec_only and named_in(dec_only, hold.race, hold.power):
            # an effect that works only In Decline changes nothing while the race is Active
            only = s.catalog.in_force(hold.race, hold.power, hold is not s.players[seat].active)
        cat = s.catalog
        sources = (hold.race, *lent_parts(hold.power))
        apart = "flat_price" in hooked or "attack_strength" in hooked
        only_ids = None if only is None else set(map(id, only))
        mine = [(source, ab) for source in sources if source
                for ab in cat.abilities[source] if only_ids is None or id(ab) in only_ids] \
            if apart else []
        if apart:
            _flat_price(s, seat, rid, mine, parts)
        # labelled by the race or power that grants it: "− 1 commando" (the effects that change
        # nothing, `Ability.cost_modifier`'s 0, are not asked)
        for source in sources:
            if source:
                for ab in cat.overriding(cat.abilities[source], "cost_modifier"):
                    if only_ids is not None and id(ab) not in only_ids:
                        continue
                    m = ab.cost_modifier(s, seat, rid)
                    if m:
                        parts.append((source, m))
        if apart:
            _attack_strength(s, seat, rid, mine, parts)
        if "cost_floor" in hooked:             # (`Ability.cost_floor`'s 1 is the least anyway)
            effs = only if only is not None else cat.effects_of(hold.race, hold.power)
            floor = max([1] + [ab.cost_floor(s, seat) for ab in cat.overriding(effs, "cost_floor")])
    total = max(floor, sum(n for _, n in parts))
    return Cost(tuple(parts), total)


def _flat_price(s: GameState, seat: int, rid: str, mine: list[tuple[str, Ability]],
                parts: list[tuple[str, int]]) -> None:
    """A flat price (the lowest of the conquering race's for `rid`) replaces what stands there:
    one part, labelled by its race or power, takes the sum so far to it."""
    best: tuple[int, str] | None = None
    for source, ab in mine:
        p = ab.flat_price(s, seat, rid)
        if p is not None and (best is None or p < best[0]):
            best = (p, source)
    if best is not None:
        parts.append((best[1], best[0] - sum(n for _, n in parts)))


def _attack_strength(s: GameState, seat: int, rid: str, mine: list[tuple[str, Ability]],
                     parts: list[tuple[str, int]]) -> None:
    """The conquering race's tokens count for more (or less) than one on `rid`: the cost so far
    (at least 1) is divided by the strength, rounded up, as a part of its own."""
    for source, ab in mine:
        k = ab.attack_strength(s, seat, rid)
        if k is not None and k != 1:
            so_far = sum(n for _, n in parts)
            parts.append((source, math.ceil(max(1, so_far) / k) - so_far))


def defence_strength(s: GameState, seat: int, rid: str) -> list[tuple[str, int]]:
    """What the holder's effects add to the defenders' part of the cost of `rid` for `seat`
    (each defending token counting for more, or less, than one: rounded up), labelled by the
    holder's race or power."""
    r = s.regions[rid]
    if r.owner is None or r.race is None:
        return []
    hold, in_dec = s.players[r.owner].hold(r.race)
    if hold is None:
        return []
    out: list[tuple[str, int]] = []
    n = r.tokens
    for source in (hold.race, *lent_parts(hold.power)):
        if not source:
            continue
        for ab in s.catalog.abilities[source]:
            if not (ab.in_decline if in_dec else not ab.only_in_decline):
                continue
            k = ab.defence_strength(s, r.owner, rid, seat, in_dec)
            if k is not None and k != 1:
                more = math.ceil(n * k) - n
                n += more
                if more:
                    out.append((source, more))
    return out


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


def price_reason(s: GameState, seat: int, rid: str) -> Reason | None:
    """Why `seat` cannot pay what the holder of `rid` asks for it (Liches), or None."""
    if "conquest_price" not in s.catalog.hooked:
        return None
    price = conquest_price(s, seat, rid)
    if price > s.players[seat].coins:
        return reason("price_to_conquer", s, region=rid, coins=price)
    return None


def conquest_price(s: GameState, seat: int, rid: str) -> int:
    r = s.regions[rid]
    if r.owner is None or r.owner == seat or not r.race or "conquest_price" not in s.catalog.hooked:
        return 0
    hold, in_dec = s.players[r.owner].hold(r.race)
    if hold is None:
        return 0
    return sum(ab.conquest_price(s, r.owner, rid, seat, in_dec)
               for ab in s.catalog.answering_now(hold.race, hold.power, in_dec, "conquest_price"))


def peace_reason(s: GameState, seat: int, rid: str) -> Reason | None:
    """R12: a Diplomat's chosen opponent may not attack the Diplomat's Active race."""
    r = s.regions[rid]
    if r.owner is None or r.owner == seat or r.decline:
        return None
    owner = s.players[r.owner]
    peace = owner.memo.get("until_next_turn", {}).get("peace_with")
    if peace == seat and owner.active is not None and owner.active.race == r.race:
        return reason("at_peace", s, player=owner.name, race=r.race)
    return None


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


def only_forced(s: GameState, seat: int, options: dict[str, int], hand: int) -> dict[str, int]:
    """`options` (region -> cost), cut down to the regions a taunt says must be conquered first
    when the race can take one of them outright now (`forced_targets`)."""
    must = {rid for rid, _ in forced_targets(s, seat) if options.get(rid, hand + 1) <= hand}
    return {rid: c for rid, c in options.items() if rid in must} if must else options


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
    adj = s.board.adjacency[rid]
    own = list(own)
    if any(o in adj for o in own):
        return True
    return any(ab.links(s, seat, o, rid) for ab in abil for o in own)


def conquest_candidates(s: GameState, seat: int, race: str, abil: tuple[Ability, ...],
                        own: list[str]) -> Iterable[str]:
    """Regions worth asking `target_reason` about: neighbours of `own` (or the way in, for a
    race with no region), widened to the whole board when an effect reaches further."""
    tab = s.catalog.hooks(abil)
    if own:
        if tab.reaches or tab.links:
            return s.regions
        return frontier(s.board, own)
    if tab.enters_anywhere:
        return s.regions
    board = s.board
    return [r for r in s.regions if r in board.entry or r in board.border_seas]


def frontier(board: Board, own: list[str]) -> list[str]:
    """The regions next to any of `own`, in board order."""
    adjacency = board.adjacency
    if len(own) == 1:
        return board.in_order(adjacency[own[0]])
    seen: set[str] = set()
    for o in own:
        seen |= adjacency[o]
    return board.in_order(seen)


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


def conquer_reason(s: GameState, seat: int, rid: str, *, reinforce: bool = False) -> Reason | None:
    """Why `seat` may not conquer (or, with `reinforce`, attempt a final conquest of) `rid`."""
    if rid not in s.regions:
        return reason("no_such_region", id=rid)
    t = s.turn
    p = s.players[seat]
    hold = p.active
    if t.phase != CONQUER or hold is None:
        if hold is None:
            return reason("pick_first")
        return reason("conquests_over")
    if hold.hand < 1:
        return reason("no_tokens_in_hand")
    abil = s.catalog.effects_of(hold.race, hold.power)
    why = target_reason(s, seat, rid, hold, abil)
    if why:
        return why
    cost = cost_of(s, seat, rid, abil).total
    if "forced_regions" in s.catalog.hooked:
        why = forced_reason(s, seat, rid, hold, abil)
        if why:
            return why
    if not reinforce:
        if cost > hold.hand:
            return reason_n("needs_tokens", cost, cost=cost, hand=hold.hand)
        return None
    for ab in abil:
        why = ab.reinforce_reason(s, seat)
        if why:
            return why
    floor = least_tokens(s, seat, abil)
    if hold.hand < floor:
        return reason_n("needs_tokens", floor, cost=floor, hand=hold.hand)
    if cost <= hold.hand:
        return reason("enough_outright", s, region=rid)
    top = brought(DIE_TOP, die_bonus(s, seat, rid, abil))
    if cost - hold.hand > top:
        return reason("die_too_short", cost=cost, hand=hold.hand, short=cost - hold.hand - top)
    return None


def evict(s: GameState, rid: str, attacker: int, events: list[dict[str, Any]],
          chance: Any = None, by_active: bool = True, *, conquest: bool = True,
          replace: bool = False, loss: int | None = None, in_decline_lost: bool = False) -> None:
    """Everyone leaves `rid`, the victim's half of `take_region`: Lost Tribes are discarded; a
    race's tokens come back to its owner's hand less the ones lost (R4: one, or what its effects
    say; a lone token is simply discarded; own In Decline tokens are lost); markers of the race
    go (`region_left`). The defender's effects hear of a `conquest` (paid, told) and of every
    token lost (`_tokens_lost`: Witch Doctors; Igors collect them). The differences are
    parameters: `replace` (the Sorcerers' conversion: the lone token is lost whatever protects
    it), `loss` (a block emptying a region: tokens lost instead of R4's, `in_decline_lost`: all
    In Decline tokens lost). `by_active` is False when the attacker's In Decline race conquers
    (Ghouls): that is not an attack by his Active race (the Diplomat asks). An In Decline race
    left with no region leaves the game at once, whatever it holds in hand (R22)."""
    r = s.regions[rid]
    if r.lost_tribe:
        discard(s, LOST_TRIBE, r.lost_tribe)
        s.reg_w(rid).lost_tribe = 0
        event(events, "lost_tribe_cleared", region=rid)
    if not r.tokens:
        if r.owner is not None or r.lair or r.fortress:
            region_left(s, rid)
        return
    owner, race, n = r.owner, r.race, r.tokens
    assert owner is not None and race is not None
    p = s.player_w(owner)
    hold, in_decline = p.hold(race)
    if conquest and hold is not None and owner != attacker and s.catalog.hooked & _DEFENDER_HOOKS:
        _defender_hears(s, owner, hold, in_decline, rid, attacker, events)
    region_left(s, rid)
    if hold is None:                         # tokens of a race nobody holds: just discarded
        add_tray(s, race, n)
        return
    out = False                              # the lost tokens leave the game (defender_loss: to: out)
    if replace:
        discarded, back = n, 0
    elif loss is not None:
        discarded = n if in_decline_lost and in_decline else min(loss, n)
        back = n - discarded
    else:
        lost, lost_out = 1, False
        cat = s.catalog
        for ab in cat.answering_now(hold.race, hold.power, in_decline, "lost_when_attacked"):
            v = ab.lost_when_attacked(s, owner)
            if v is not None:
                lost, lost_out = v, ab.lost_out_of_game()
        if owner == attacker and in_decline:
            discarded, back = n, 0
        elif n == 1 and lost > 0:
            discarded, back, out = 1, 0, lost_out
        else:
            discarded = min(lost, n)
            back, out = n - discarded, lost_out
    discard(s, race, discarded, out=out)
    hold.hand += back
    if discarded and "on_tokens_lost" in s.catalog.hooked:      # Witch Doctors roll for them
        _tokens_lost(s, owner, hold, in_decline, discarded, chance, events)
    if conquest and by_active and not in_decline and owner != attacker and owner not in s.turn.attacked:
        s.turn.attacked.append(owner)
    if back and [owner, race] not in s.turn.withdraw:
        s.turn.withdraw.append([owner, race])
    event(events, "lost", seat=owner, race=race, region=rid, discarded=discarded, back=back)
    if in_decline and not s.regions_of(owner, race):
        leave_game(s, owner, hold, events, chance)


def _tokens_lost(s: GameState, owner: int, hold: RaceHold, in_decline: bool, n: int, chance: Any,
                 events: list[dict[str, Any]]) -> None:
    """The race `hold` of `owner` has just lost `n` tokens: its effects hear of it."""
    cat = s.catalog
    for ab in cat.answering_now(hold.race, hold.power, in_decline, "on_tokens_lost"):
        ab.on_tokens_lost(s, owner, hold, n, chance, events)


def leave_game(s: GameState, seat: int, hold: RaceHold, events: list[dict[str, Any]],
               chance: Any = None) -> None:
    """An In Decline race with no region left leaves the game at once (R22): the tokens it still
    holds go to the tray (a captured Ivory Tower's survivors, the Ghouls' readied ones), and it
    vanishes (banner as in R8)."""
    if hold.hand:
        add_tray(s, hold.race, hold.hand)
        hold.hand = 0
    w = [seat, hold.race]
    if w in s.turn.withdraw:
        s.turn.withdraw.remove(w)
    vanish_decline(s, seat, hold, events, chance)


def discard(s: GameState, race: str, n: int, out: bool = False) -> None:
    """Tokens lost in a conquest go to the tray, or to a player whose Active race collects
    them (Igors: `player.memo["collected"]`), or `out` of the game for good (nobody collects
    them)."""
    if out:
        lose_tokens(s, race, n, out=True)
        return
    cat = s.catalog
    if n and "collects_lost_tokens" in cat.hooked:
        ids = cat.hooked_by["collects_lost_tokens"]
        for seat, p in enumerate(s.players):
            h = p.active
            if h is not None and named_in(ids, h.race, h.power) and \
                    any(ab.collects_lost_tokens() for ab in cat.effects_of(h.race, h.power)):
                w = s.player_w(seat)
                got = dict(w.memo.get("collected", {}))
                got[race] = got.get(race, 0) + n
                w.memo["collected"] = got
                return
    add_tray(s, race, n)


_DEFENDER_HOOKS = frozenset({"on_region_lost", "conquest_price"})


def _defender_hears(s: GameState, owner: int, hold: RaceHold, in_decline: bool, rid: str,
                    attacker: int, events: list[dict[str, Any]]) -> None:
    """The holder of `rid` is paid what his effects ask of the attacker, then hears of the loss."""
    cat = s.catalog
    price = sum(ab.conquest_price(s, owner, rid, attacker, in_decline)
                for ab in cat.answering_now(hold.race, hold.power, in_decline, "conquest_price"))
    if price:
        paid = pay(s, attacker, owner, price)
        if paid:
            event(events, "coins", seat=attacker, to=owner, coins=paid)
    for ab in cat.answering_now(hold.race, hold.power, in_decline, "on_region_lost"):
        ab.on_region_lost(s, owner, rid, attacker, in_decline, events)


def pay(s: GameState, payer: int | None, payee: int | None, coins: int) -> int:
    """Move up to `coins` from `payer` to `payee` (None: the bank); a player pays only what
    he has. Returns the coins moved."""
    if payer is not None:
        coins = min(coins, s.players[payer].coins)
        s.player_w(payer).coins -= coins
    if coins > 0 and payee is not None:
        s.player_w(payee).coins += coins
    return max(0, coins)


def vanish_decline(s: GameState, seat: int, hold: RaceHold, events: list[dict[str, Any]],
                   chance: Any = None) -> None:
    """An In Decline race with nothing left leaves the game: banner back (R8), badge discarded."""
    p = s.player_w(seat)
    p.declines = [h for h in p.declines if h.race != hold.race]
    if hold.power:
        s.supply_w().power_discard.append(hold.power)
    return_banner(s, hold.race, chance)
    event(events, "vanished", seat=seat, race=hold.race)


def take_region(s: GameState, seat: int, rid: str, events: list[dict[str, Any]], chance: Any = None,
                *, hold: RaceHold | None = None, tokens: int = 0, how: str = "conquer",
                replace: bool = False, from_tray: int = 0, occupy: bool = True,
                loss: int | None = None, in_decline_lost: bool = False, conquest: bool = True) -> bool:
    """The one path by which a region changes hands: every conquest (plain, with the die, the
    Dragon's, the Sorcerers' conversion, the Ghouls', from afar...) and every block that empties
    a region (Lava, Wendigos) goes through it, so the same effects hear of it on both sides. The
    differences are parameters: `hold` (the conquering race of `seat`: the Active one by default,
    In Decline Ghouls), `tokens` it moves in from its hand, of which `from_tray` are first taken
    from the tray (the converted region's new Sorcerer), `how` (the event), `replace` (the
    defender's lone token is replaced, lost whatever protects it), and `occupy=False` for a
    region emptied without a conquest (its occupants lose `loss` tokens, all In Decline ones
    with `in_decline_lost`; nobody moves in, and no conquest is heard of), and `conquest=False`
    for tokens moved into an empty region without a conquest (a stack pushed out of its region:
    `hold` is the pushed race; the turn does not count it and no effect hears of a conquest).
    Returns False when the holder repels the conquest (Skags)."""
    if hold is None:
        hold = s.player_w(seat).active
        assert hold is not None
    if not occupy:
        evict(s, rid, seat, events, chance, conquest=False, loss=loss, in_decline_lost=in_decline_lost)
        return True
    r = s.regions[rid]
    if not conquest:
        assert r.empty, rid
        evict(s, rid, seat, events, chance, conquest=False)
        take_over(s, seat, hold, rid, tokens, False, None, events, how, None, chance, conquest=False)
        return True
    was_nonempty = not r.empty
    defender = (r.owner, r.race) if r.tokens else None
    victim = Victim(r.owner, r.race, r.decline, r.tokens, r.lost_tribe) if "after_conquest" in s.catalog.hooked \
        else None
    active = s.players[seat].active is hold
    if defender is not None and "repels" in s.catalog.hooked and repelled(s, seat, hold, rid, events):
        return False
    evict(s, rid, seat, events, chance, by_active=active, replace=replace)
    if from_tray:
        hold.hand += take_tray(s, hold.race, from_tray)
    take_over(s, seat, hold, rid, tokens, was_nonempty, defender, events, how, victim, chance)
    return True


def least_tokens(s: GameState, seat: int, abil: Iterable[Ability]) -> int:
    """The fewest tokens any conquest of a race with the effects `abil` moves into a region
    (R23: Kobolds' 2 for every way of conquering; the engine's is 1)."""
    if "cost_floor" not in s.catalog.hooked:
        return 1
    return max([1] + [ab.cost_floor(s, seat) for ab in abil])


def repelled(s: GameState, seat: int, hold: RaceHold, rid: str, events: list[dict[str, Any]]) -> bool:
    """The holder of `rid` cancels this conquest (Skags): the attacker loses one token."""
    r = s.regions[rid]
    owner = r.owner
    if owner is None or owner == seat or r.race is None:
        return False
    h, in_dec = s.players[owner].hold(r.race)
    if h is None or not any(ab.repels(s, owner, rid, seat, in_dec, events)
                            for ab in s.catalog.answering_now(h.race, h.power, in_dec, "repels")):
        return False
    s.turn.acted = True
    if hold.hand:
        hold.hand -= 1
        discard(s, hold.race, 1)
    event(events, "repelled", seat=seat, race=hold.race, region=rid, defender=owner)
    return True


def take_over(s: GameState, seat: int, hold: RaceHold, rid: str, tokens: int, was_nonempty: bool,
              defender: tuple[Any, Any] | None, events: list[dict[str, Any]],
              how: str = "conquer", victim: Victim | None = None, chance: Any = None,
              conquest: bool = True) -> None:
    """`hold` moves into the emptied `rid` with `tokens` from its hand; the turn remembers the
    conquest and the race's effects hear of it (neither with `conquest=False`: tokens moved in
    without a conquest). A conquest by an In Decline race (Ghouls) keeps
    its tokens In Decline and does not count as a conquest of the Active race (abandoning,
    Orcs' and Pillaging's coins, Skeletons' tokens)."""
    in_decline = s.players[seat].active is not hold
    w = s.reg_w(rid)
    w.owner, w.race, w.tokens, w.decline = seat, hold.race, tokens, in_decline
    hold.hand -= tokens
    if not conquest:
        event(events, how, seat=seat, race=hold.race, region=rid, tokens=tokens)
        return
    t = s.turn
    t.acted = True
    t.last_taken[hold.race] = rid
    if not in_decline:
        t.conquered.append(rid)
        if was_nonempty:
            t.nonempty += 1
    event(events, how, seat=seat, race=hold.race, region=rid, tokens=tokens,
          defender=list(defender) if defender else None, nonempty=was_nonempty)
    tab = s.catalog.hooks_in_force(hold.race, hold.power, in_decline)
    if victim is None:
        for ab in tab.on_conquered:
            ab.on_conquered(s, seat, rid, was_nonempty)
        return
    for ab in tab.hears_conquest:         # each hears of it both ways before the next does
        ab.on_conquered(s, seat, rid, was_nonempty)
        ab.after_conquest(s, seat, rid, victim, events, chance)


ROLLED = "rolled"     # turn memory: the final attempt's die, waiting for a choice after the roll
DIE_TOP = 3           # the reinforcement die's highest face
#: turn memory: the face of a die rolled before a conquest (Berserk), waiting to come off the
#: next conquest's cost
BERSERK_DIE = "berserk_die"
#: turn memory: the player's In Decline race that still conquers (Ghouls) made its final
#: attempt with the die this turn, and its conquests are over (R18)
DECLINE_DONE = "ghouls_done"


def die_bonus(s: GameState, seat: int, rid: str, abil: Iterable[Ability] | None = None) -> int:
    """What the effects `abil` (default: those of `seat`'s Active race) add to the
    reinforcement die's face for a roll on `rid` (`Ability.die_bonus`; 0 when no effect of the
    catalog changes it)."""
    if "die_bonus" not in s.catalog.hooked:
        return 0
    if abil is None:
        hold = s.players[seat].active
        abil = s.catalog.effects_of(hold.race, hold.power) if hold is not None else ()
    return sum(ab.die_bonus(s, seat, rid) for ab in abil)


def brought(face: int, bonus: int) -> int:
    """The tokens the reinforcement die brings: its face with the effects' bonus, never below 0
    (a `die_modifier` taking tokens off a 0 brings nothing, it takes nothing from the hand)."""
    return max(0, face + bonus)


def _may_roll_again(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...], cost: int,
                    bonus: int) -> bool:
    """An effect of `abil` lets the player roll the die again now, and a new roll could still
    succeed."""
    if "rerolls_left" not in s.catalog.hooked or hold.hand + brought(DIE_TOP, bonus) < cost:
        return False
    return any(ab.rerolls_left(s, seat) > 0 for ab in abil)


def _choice_could_save(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...], face: int,
                       cost: int, bonus: int) -> bool:
    """After a short roll, a choice an effect of `abil` allows after the roll could still make
    the attempt a success (R23): a discount paid then (Mercenary's coin, the Active race's only:
    a coin is paid for the Active race's conquests) that covers what is short, keeping the least
    a conquest moves (Kobolds' 2), or a re-roll left that could succeed."""
    if "discount_after_roll" in s.catalog.hooked and s.players[seat].active is hold:
        after = sum(ab.discount_after_roll(s, seat) for ab in abil)
        if after and hold.hand + brought(face, bonus) >= max(least_tokens(s, seat, abil), cost - after):
            return True
    return _may_roll_again(s, seat, hold, abil, cost, bonus)


def final_attempt(s: GameState, seat: int, hold: RaceHold, rid: str, cost: int, chance: Any,
                  events: list[dict[str, Any]], abil: tuple[Ability, ...] | None = None) -> None:
    """The final conquest attempt with the die (R5), as explicit steps: roll, show, then any
    choice an effect allows after the roll (R23: Mercenary's coin, a re-roll), then settle. The
    die waits (`turn.used[ROLLED]`) only when such a choice could still turn a short roll into a
    success; otherwise it is settled at once. An effect's `die_bonus` adds to the face (what the
    die brings never falls below 0, `brought`). `hold` is the Active race, or the In Decline
    race that still conquers (Ghouls, R18: `abil` are then its own effects in force, and the
    attempt ends its conquests, not the Active race's)."""
    if abil is None:
        abil = s.catalog.effects_of(hold.race, hold.power)
    in_decline = s.players[seat].active is not hold
    face = chance.roll()
    bonus = die_bonus(s, seat, rid, abil)
    ok = hold.hand + brought(face, bonus) >= cost
    race = hold.race if in_decline else None
    if not ok and _choice_could_save(s, seat, hold, abil, face, cost, bonus):
        s.turn.used[ROLLED] = {"region": rid, "face": face, **({"race": race} if race else {})}
        events.append(_die_event(seat, rid, face, cost - hold.hand, bonus, False, choice=True, race=race))
        return
    events.append(_die_event(seat, rid, face, cost - hold.hand, bonus, ok, race=race))
    _settle(s, seat, hold, rid, ok, chance, events)


def _die_event(seat: int, rid: str, face: int, needed: int, bonus: int, ok: bool,
               choice: bool = False, race: str | None = None) -> dict[str, Any]:
    """A `die` event: `needed` is the face the die had to show (the bonus taken off); `race` for
    an In Decline race's die (Ghouls)."""
    ev: dict[str, Any] = {"type": "die", "seat": seat, "region": rid, "face": face,
                          "needed": needed - bonus, "success": ok}
    if race:
        ev["race"] = race
    if bonus:
        ev["bonus"] = bonus
    if choice:
        ev["choice"] = True
    return ev


def within_reach(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...]) -> bool:
    """Some region the Active race `hold` may target costs no more than its tokens in hand."""
    own = s.regions_of(seat, hold.race)
    for rid in conquest_candidates(s, seat, hold.race, abil, own):
        if target_reason(s, seat, rid, hold, abil, own) is None and cost_of(s, seat, rid, abil).total <= hold.hand:
            return True
    return False


def _berserk_may_roll_again(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...]) -> bool:
    """A re-roll is left for a die rolled before a conquest (Berserk), and its best face would
    bring some region within reach."""
    if "rerolls_left" not in s.catalog.hooked or not any(ab.rerolls_left(s, seat) > 0 for ab in abil):
        return False
    used = s.turn.used
    face = used[BERSERK_DIE]
    used[BERSERK_DIE] = DIE_TOP
    try:
        return within_reach(s, seat, hold, abil)
    finally:
        used[BERSERK_DIE] = face


def rolled_before_conquest(s: GameState, seat: int, hold: RaceHold, face: int,
                           events: list[dict[str, Any]]) -> None:
    """The die rolled before a conquest (Berserk) shows `face`, which waits (`BERSERK_DIE`) to
    come off the next conquest's cost. When it leaves every region out of reach, that roll was
    the final attempt (R5): a re-roll left that could still bring a region within reach makes
    it wait for that choice (R23, `turn.used[ROLLED]`); otherwise the conquests are over."""
    t = s.turn
    t.used[BERSERK_DIE] = face
    abil = s.catalog.effects_of(hold.race, hold.power)
    if within_reach(s, seat, hold, abil):
        event(events, "die", seat=seat, face=face, berserk=True)
        return
    if _berserk_may_roll_again(s, seat, hold, abil):
        t.used[ROLLED] = {"berserk": True, "face": face}
        event(events, "die", seat=seat, face=face, berserk=True, choice=True)
        return
    event(events, "die", seat=seat, face=face, berserk=True)
    _berserk_over(s, seat, face, events)


def _berserk_over(s: GameState, seat: int, face: int, events: list[dict[str, Any]]) -> None:
    """A die rolled before a conquest brought no region within reach: conquests are over."""
    s.turn.used.pop(BERSERK_DIE, None)
    s.turn.phase = REDEPLOY
    event(events, "last_attempt", seat=seat, face=face)


def rolling(s: GameState, seat: int, write: bool = False) -> tuple[RaceHold, tuple[Ability, ...]]:
    """The race whose die waits for a choice after the roll — the Active race, or the In Decline
    one named in `turn.used[ROLLED]` (Ghouls) — and its effects in force."""
    race = s.turn.used[ROLLED].get("race")
    p = s.player_w(seat) if write else s.players[seat]
    if race is None:
        hold = p.active
        assert hold is not None
        return hold, s.catalog.effects_of(hold.race, hold.power)
    held = next(h for h in p.declines if h.race == race)
    return held, s.catalog.in_force(held.race, held.power, True)


def roll_again(s: GameState, seat: int, chance: Any, events: list[dict[str, Any]]) -> None:
    """The waiting die is rolled again (a re-roll chosen after the roll): the new face replaces
    the old. A re-roll is a roll: while it is still short the die waits again whenever a choice
    after the roll could still save it (R23) — another re-roll left, or the Mercenary's coin
    covering what is short — and is settled otherwise."""
    rolled = s.turn.used[ROLLED]
    hold, abil = rolling(s, seat, write=True)
    if rolled.get("berserk"):                   # a die rolled before a conquest
        face = chance.roll()
        s.turn.used[BERSERK_DIE] = face
        ok = within_reach(s, seat, hold, abil)
        again = not ok and _berserk_may_roll_again(s, seat, hold, abil)
        if ok:
            s.turn.used.pop(ROLLED)
        else:
            s.turn.used[ROLLED] = {"berserk": True, "face": face, **({"again": True} if again else {})}
        event(events, "die", seat=seat, face=face, berserk=True, **({"choice": True} if again else {}))
        return
    rid = str(rolled["region"])
    race = rolled.get("race")
    face = chance.roll()
    cost = cost_of(s, seat, rid, abil, hold).total
    bonus = die_bonus(s, seat, rid, abil)
    ok = hold.hand + brought(face, bonus) >= cost
    again = not ok and _choice_could_save(s, seat, hold, abil, face, cost, bonus)
    s.turn.used[ROLLED] = {"region": rid, "face": face, **({"race": race} if race else {}),
                           **({"again": True} if again else {})}
    events.append(_die_event(seat, rid, face, cost - hold.hand, bonus, ok, choice=again, race=race))


def settle_roll(s: GameState, seat: int, chance: Any, events: list[dict[str, Any]]) -> None:
    """The die that waited for a choice after the roll is settled with what the player chose:
    the conquest succeeds if the tokens in hand and the face (with any bonus) now cover its cost."""
    hold, abil = rolling(s, seat, write=True)
    rolled = s.turn.used.pop(ROLLED)
    if rolled.get("berserk"):                   # kept short: that was the last attempt
        _berserk_over(s, seat, int(rolled["face"]), events)
        return
    rid, face = str(rolled["region"]), int(rolled["face"])
    cost = cost_of(s, seat, rid, abil, hold).total
    bonus = die_bonus(s, seat, rid, abil)
    ok = hold.hand + brought(face, bonus) >= cost
    event(events, "die_settled", seat=seat, region=rid, face=face, needed=cost - hold.hand - bonus, success=ok,
          **({"race": rolled["race"]} if rolled.get("race") else {}))
    _settle(s, seat, hold, rid, ok, chance, events)


def _settle(s: GameState, seat: int, hold: RaceHold, rid: str, ok: bool, chance: Any,
            events: list[dict[str, Any]]) -> None:
    """The final attempt's end: on success all the tokens in hand go in; either way the
    conquests of the race that rolled are over (the Active race's turn goes on to redeploy, an
    In Decline race's leaves the Active race to conquer, R18)."""
    in_decline = s.players[seat].active is not hold
    if ok:
        take_region(s, seat, rid, events, chance, hold=hold, tokens=hold.hand, how="reinforce")
    if in_decline:
        s.turn.used[DECLINE_DONE] = True
    else:
        s.turn.phase = REDEPLOY


def roll_waiting(s: GameState) -> bool:
    """A final attempt's die waits for a choice after the roll (see `final_attempt`)."""
    return ROLLED in s.turn.used


def fresh_choice(s: GameState) -> None:
    """A move is about to be made while the die waits: forget that it was rolled again by the
    move before, so that only a re-roll made by this move keeps it waiting (`rolled_again`);
    the Mercenary's coin paid after a re-roll then settles it."""
    rolled = s.turn.used.get(ROLLED)
    if rolled and rolled.get("again"):
        s.turn.used[ROLLED] = {k: v for k, v in rolled.items() if k != "again"}


def rolled_again(s: GameState) -> bool:
    """The waiting die was just rolled again and waits for another choice (see `roll_again`)."""
    rolled = s.turn.used.get(ROLLED)
    return bool(rolled and rolled.get("again"))


when_compiled(Cost)          # pickled for the lab's processes (`pickling`)
