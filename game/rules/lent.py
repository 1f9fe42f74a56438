"""A race's effects held for a while besides its own: the key of a racial ability borrowed.

A race that borrows another race's ability for a turn (`borrow_power {what: race}`) keeps its
banner and its badge; the engine writes its `power` as the badge and the borrowed race joined by
`LENT` ("flying+dwarves"), so that every rule asking for the race's effects with its power
(`Catalog.effects_of`) gets the borrowed race's too, and `badge_of` reads the badge back.
No race or power id may contain `LENT` (the catalog refuses one).
"""
from __future__ import annotations

#: joins the ids whose effects a race holds for a while besides its own (a racial ability
#: borrowed with `borrow_power {what: race}`): its `power` is then "badge+race"
LENT = "+"


def lent_key(badge: str | None, lent: str) -> str:
    """The `power` of a race that holds `lent`'s effects besides its own badge's."""
    return f"{badge}{LENT}{lent}" if badge else f"{LENT}{lent}"


def lent_parts(power: str | None) -> tuple[str, ...]:
    """The ids whose effects a race's `power` stands for: its badge, and any race or power it
    holds for a while (`lent_key`); () for none."""
    if not power:
        return ()
    if LENT not in power:
        return (power,)
    return tuple(x for x in power.split(LENT) if x)


def named_in(ids: "frozenset[str] | set[str]", race: str | None, power: str | None) -> bool:
    """Whether `ids` names the race, its badge or anything lent to it (a race's `power` such as
    `warded+trolls` stands for both parts)."""
    if race in ids or power in ids:
        return True
    return bool(power) and LENT in str(power) and any(x in ids for x in lent_parts(power))


def badge_of(power: str | None) -> str | None:
    """The badge a race's `power` names (its first part; None for a race without one)."""
    if not power or LENT not in power:
        return power
    head = power.split(LENT, 1)[0]
    return head or None
