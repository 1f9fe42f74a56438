"""The rule language's words that the engine, the window and the computer players share: the
events a `trigger` hears with their parties (`EVENTS`), the other side of each (`other_side`),
and how many markers the box holds for a kind a trigger places when it does not say
(`MARKER_BOX`); and `Heard`, one event as the abilities hear it.
Plain data, importing nothing of the engine, so that the window's rule text and the bots'
knowledge read them through this package's face.
"""
from __future__ import annotations

from typing import NamedTuple

#: the events built, each with its parties: the sides a trigger may listen on (`whose`, or
#: `anyone`, but for `region_conquered`) and that its actions may name
EVENTS: dict[str, tuple[str, ...]] = {
    "region_conquered": ("attacker", "defender"), "turn_started": ("mover",), "turn_ended": ("mover",),
    "declined": ("decliner",), "tokens_lost": ("loser", "attacker"), "combo_picked": ("picker",),
    "die_rolled": ("roller",), "marker_placed": ("placer",), "marker_entered": ("mover", "holder")}
#: the other side of an event, for each side it is heard on (`anyone`: the event's first party)
OTHER: dict[tuple[str, str], str] = {("region_conquered", "attacker"): "defender",
                                     ("region_conquered", "defender"): "attacker",
                                     ("tokens_lost", "loser"): "attacker", ("tokens_lost", "attacker"): "loser",
                                     ("marker_entered", "mover"): "holder", ("marker_entered", "holder"): "mover"}
#: the markers of a kind a trigger's `marker` places that the box holds, unless it says `box:`
MARKER_BOX = 6


def other_side(event_name: str, whose: str) -> str | None:
    """The side of the event that is not the ability's owner (`anyone`: the event's first
    party), or None when the event has no other."""
    if whose == "anyone":
        return EVENTS[event_name][0]
    return OTHER.get((event_name, whose))


class Heard(NamedTuple):
    """One event as the abilities hear it: its name, the seat and race of each of its parties
    (by the party's word: `mover`, `decliner`, `loser`, `attacker`...), its region (or None) and
    its die face (`die_rolled`, else None) and its marker (`marker_placed`, `marker_entered`)."""

    event: str
    seats: dict[str, int | None]
    races: dict[str, str | None]
    region: str | None = None
    face: int | None = None
    marker: str | None = None
