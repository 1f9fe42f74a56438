"""Events told to the abilities that listen to them: the rule language's events outside a
conquest (a turn started or ended, a race declined, tokens lost, a combo picked, the die
rolled, a marker placed, a region carrying a marker entered). The engine calls `tell` where
each happens, only when some effect of the catalog listens to that event (`Catalog.heard`, from
`Ability.events_heard`), so a game without such an effect pays one set lookup per event and
nothing more. Each listening race hears it in seat order from the player whose turn it is, its
effects in force (Active, or In Decline with `in_decline: true`), in the order written.
`Heard` (what is told) is written beside the language's events (`abilities.language`), so
that the blocks name it without importing the engine.
"""
from __future__ import annotations

from typing import Any

from .abilities.language import Heard
from .lent import named_in
from .state import GameState

__all__ = ["Heard", "tell", "marker_entered"]


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


def marker_entered(s: GameState, seat: int, race: str, rid: str, marks: dict[str, int],
                   events: list[dict[str, Any]], chance: Any = None) -> None:
    """`seat`'s `race` has entered `rid`, which carried `marks` before (a conquest, or tokens
    moved into it): each marker is recorded as entered (`marker_entered`) and heard, its
    `holder` the player whose race or power the marker belongs to (None: no one's). Call it only
    when `"marker_entered" in s.catalog.heard`."""
    for name in marks:
        spec = s.catalog.marks.get(name)
        holder, hrace = _holder(s, spec.source) if spec is not None else (None, None)
        events.append({"type": "marker_entered", "seat": seat, "region": rid, "marker": name})
        tell(s, Heard("marker_entered", {"mover": seat, "holder": holder}, {"mover": race, "holder": hrace},
                      rid, marker=name), events, chance)


def _holder(s: GameState, source: str) -> tuple[int | None, str | None]:
    """The player holding the race or power `source`, with that race (Active first)."""
    ids = frozenset({source})
    for seat in range(len(s.players)):
        for _, h, _ in _holds(s, seat):
            if named_in(ids, h.race, h.power):
                return seat, h.race
    return None, None


def _holds(s: GameState, seat: int) -> list[tuple[int, Any, bool]]:
    p = s.players[seat]
    return ([(seat, p.active, False)] if p.active is not None else []) + [(seat, h, True) for h in p.declines]
