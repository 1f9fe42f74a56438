"""Pricing: what a conquest costs (R1). `cost_of` adds up the tokens a race needs to take a
region — 2, the terrain and what lies there (mountain, Troll's lair, fortress, encampments, Lost
Tribes), the defenders and their markers, then the conquering race's own discounts, flat prices
and strength — each part labelled by what grants it, so the window can show the sum a player can
check: "2 + 1 mountain + 1 lost tribe − 1 commando = 3 tokens". `defence_strength` is the
defenders' side of it, `conquest_price` the coins a holder asks of the attacker (Liches), and
`least_tokens` the fewest tokens any conquest moves in (R23).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from .abilities.base import Ability
from .lent import lent_parts, named_in
from .pickling import when_compiled
from .reasons import Reason
from .state import GameState, RaceHold


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
    (each defending token counting for more, or less, than one: rounded up; tokens added for
    whoever attacks them, `Ability.defence_added`), labelled by the holder's race or power."""
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
            more = ab.defence_added(s, r.owner, rid, seat, in_dec)
            if more:                    # "my regions cost one more to conquer"
                n += more
                out.append((source, more))
    return out


def conquest_price(s: GameState, seat: int, rid: str) -> int:
    r = s.regions[rid]
    if r.owner is None or r.owner == seat or not r.race or "conquest_price" not in s.catalog.hooked:
        return 0
    hold, in_dec = s.players[r.owner].hold(r.race)
    if hold is None:
        return 0
    return sum(ab.conquest_price(s, r.owner, rid, seat, in_dec)
               for ab in s.catalog.answering_now(hold.race, hold.power, in_dec, "conquest_price"))


def conquest_refused(s: GameState, seat: int, rid: str) -> Reason | None:
    """Why the holder of `rid` lets `seat` not conquer it (a replacement that makes the
    conquest fail), or None."""
    r = s.regions[rid]
    if r.owner is None or r.owner == seat or not r.race:
        return None
    hold, in_dec = s.players[r.owner].hold(r.race)
    if hold is None:
        return None
    for ab in s.catalog.answering_now(hold.race, hold.power, in_dec, "conquest_refused"):
        why = ab.conquest_refused(s, r.owner, rid, seat, in_dec)
        if why is not None:
            return why
    return None


def least_tokens(s: GameState, seat: int, abil: Iterable[Ability]) -> int:
    """The fewest tokens any conquest of a race with the effects `abil` moves into a region
    (R23: Kobolds' 2 for every way of conquering; the engine's is 1)."""
    least = 1
    if "cost_floor" not in s.catalog.hooked:
        return least
    for ab in abil:
        n = ab.cost_floor(s, seat)
        if n > least:
            least = n
    return least


when_compiled(Cost)          # pickled for the lab's processes (`pickling`)
