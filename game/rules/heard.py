"""Events told to the abilities that listen to them: the rule language's events outside a
conquest (a turn started or ended, a race declined, tokens lost, a combo picked, the die
rolled). The engine calls `tell` where each happens, only when some effect of the catalog
listens to that event (`Catalog.heard`, from `Ability.events_heard`), so a game without such an
effect pays one set lookup per event and nothing more. Each listening race hears it in seat
order from the player whose turn it is, its effects in force (Active, or In Decline with
`in_decline: true`), in the order written.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from .lent import named_in
from .state import GameState


class Heard(NamedTuple):
    """One event as the abilities hear it: its name, the seat and race of each of its parties
    (by the party's word: `mover`, `decliner`, `loser`, `attacker`...), its region (or None) and
    its die face (`die_rolled`, else None)."""

    event: str
    seats: dict[str, int | None]
    races: dict[str, str | None]
    region: str | None = None
    face: int | None = None


def tell(s: GameState, heard: Heard, events: list[dict[str, Any]], chance: Any = None) -> None:
    """Every effect listening to `heard.event` hears it (`Ability.hear`); call it only when
    `heard.event in s.catalog.heard`."""
    cat = s.catalog
    ids = cat.heard_by.get(heard.event)
    if not ids:
        return
    n = len(s.players)
    start = s.turn.seat
    listeners: list[tuple[int, str, bool]] = []
    for k in range(n):
        seat = (start + k) % n
        for seat_, h, in_dec in _holds(s, seat):
            if named_in(ids, h.race, h.power):
                listeners.append((seat_, h.race, in_dec))
    for seat, race, in_dec in listeners:        # each as it is when its turn to hear comes
        hold, now_in_dec = s.players[seat].hold(race)
        if hold is None or now_in_dec != in_dec:
            continue
        for ab in cat.in_force(hold.race, hold.power, in_dec):
            if heard.event in ab.events_heard():
                ab.hear(s, seat, race, in_dec, heard, events, chance)


def _holds(s: GameState, seat: int) -> list[tuple[int, Any, bool]]:
    p = s.players[seat]
    return ([(seat, p.active, False)] if p.active is not None else []) + [(seat, h, True) for h in p.declines]
