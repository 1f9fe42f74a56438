"""Decisions out of turn: a player whose turn it is not must choose before play goes on.

The defenders' withdrawal (R4) was the first such decision; an effect may ask for others (a race
that redeploys when one of its regions is conquered, or at the end of another player's turn).
An effect asks with `ask(s, seat, race, effect)`: the decision joins a queue kept in the turn's
memory (`turn.used[WAITING]`, so it is saved, copied and undone with the turn), first asked first
answered. While the queue is not empty, the player at its head is the actor (`engine.actor`),
`legal_actions` lists only the moves of the effect that asked (its `legal_intents`, among them
one that leaves things as they are), and every other intent is refused in words. The effect's
move ends the decision with `answered(s)`; play then goes on where it stopped: the attacker's
conquests, or the next turn when the decision came at the end of a turn (`TURN_OVER`).
"""
from __future__ import annotations

from typing import Any, Final

from .state import GameState

WAITING: Final = "waiting"      # turn memory: [[seat, race, effect, data], ...] decisions still to make
TURN_OVER: Final = "turn_over"  # turn memory: the turn has ended; the next begins once nobody waits


def ask(s: GameState, seat: int, race: str, effect: str, data: dict[str, Any] | None = None) -> None:
    """Queue a decision for `seat`'s race `race`, to be made with effect `effect`'s moves."""
    queue = s.turn.used.setdefault(WAITING, [])
    entry = [seat, race, effect, dict(data or {})]
    if entry not in queue:
        queue.append(entry)


def asked(s: GameState) -> list[Any] | None:
    """The decision awaited now, [seat, race, effect, data], or None."""
    queue = s.turn.used.get(WAITING)
    return queue[0] if queue else None


def asked_of(s: GameState, seat: int, race: str, effect: str) -> dict[str, Any] | None:
    """What the decision awaited now says (its data) when it is `seat`'s, for `race` and
    `effect`; None when the decision awaited is another's or none waits."""
    head = asked(s)
    if head is None or head[0] != seat or head[1] != race or head[2] != effect:
        return None
    return dict(head[3])


def answered(s: GameState) -> None:
    """The decision awaited now is made: the next one, if any, is awaited."""
    queue = s.turn.used.get(WAITING)
    if queue:
        queue.pop(0)
    if not queue:
        s.turn.used.pop(WAITING, None)


def waiting_seat(s: GameState) -> int | None:
    """The seat whose decision is awaited, or None."""
    queue = s.turn.used.get(WAITING)
    return int(queue[0][0]) if queue else None


def keep_answerable(s: GameState) -> None:
    """Forget the decisions whose effect is no longer in force for the race that asked (a
    trigger's question asked by an Active race that went into decline in the same move)."""
    queue = s.turn.used.get(WAITING) or []
    keep = []
    for entry in queue:
        seat, race, effect = int(entry[0]), str(entry[1]), str(entry[2])
        hold, in_dec = s.players[seat].hold(race)
        if hold is not None and any(ab.name == effect for ab in s.catalog.in_force(hold.race, hold.power, in_dec)):
            keep.append(entry)
    if keep:
        s.turn.used[WAITING] = keep
    else:
        s.turn.used.pop(WAITING, None)
