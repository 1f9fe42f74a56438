"""The events an intent leaves in its record (`Record.events`), typed for the readers outside the
engine: the game log, the story, the lab, the bots. Each event is a plain dict (so records save
as JSON) whose `type` is one of `EVENT_TYPES`; the kinds read outside the engine have a TypedDict
here naming the keys every such event carries, and `events_of(events, kind)` hands back the
events of one kind typed as such. The engine writes events as dicts and a record read back from
a save holds lists where the engine wrote tuples, so the types say `Sequence`.
"""
from __future__ import annotations

from typing import Any, Iterable, Literal, Mapping, Sequence, TypedDict, cast, overload

from .reasons import EVENT_TYPES

__all__ = ["EVENT_TYPES", "Event", "TurnEvent", "PickEvent", "DeclineEvent", "GoneEvent", "ScoreEvent",
           "DieEvent", "GameOverEvent", "TYPED", "events_of"]

#: any event: `type` names its kind, the rest depends on it
Event = Mapping[str, Any]


class TurnEvent(TypedDict):
    """A seat's turn begins."""
    type: Literal["turn"]
    seat: int
    round: int


class _PickBase(TypedDict):
    type: Literal["pick"]
    seat: int
    race: str
    power: str
    index: int       # the combo's place in the column (0: the top)
    paid: int        # coins laid on the combos skipped
    collected: int   # coins found lying on the combo taken


class PickEvent(_PickBase, total=False):
    """A combo is taken from the column."""
    tokens: int


class DeclineEvent(TypedDict):
    """A race goes into decline."""
    type: Literal["decline"]
    seat: int
    race: str


class GoneEvent(TypedDict):
    """A race leaves the board: `removed` (an older decline race makes way) or `vanished`."""
    type: Literal["removed", "vanished"]
    seat: int
    race: str


class ScoreEvent(TypedDict):
    """A seat scores at the end of its turn: `parts` are (source, coins) pairs, a source being
    `<race>_regions` or an effect's name; `whose` says, per part, (race, "race" or "power", In
    Decline). Private: only its player sees it during the game."""
    type: Literal["score"]
    seat: int
    coins: int
    parts: Sequence[Sequence[Any]]
    whose: Sequence[Sequence[Any]]
    private: bool


class DieEvent(TypedDict, total=False):
    """The reinforcement die (or a power's die) is thrown: `face` is what it showed. With
    `choice`, the final attempt's die waits for a choice after the roll (R23) and `success` is
    not decided yet; a `die_settled` event then tells the outcome."""
    type: Literal["die"]
    seat: int
    face: int
    region: str
    needed: int
    success: bool
    choice: bool


class GameOverEvent(TypedDict):
    """The last turn of the last round is over: `winners` by R13 (see `outcome`)."""
    type: Literal["game_over"]
    winners: Sequence[int]
    coins: Sequence[int]


#: the typed kinds, each with its TypedDict (the kinds read outside the engine)
TYPED: dict[str, type] = {"turn": TurnEvent, "pick": PickEvent, "decline": DeclineEvent,
                          "removed": GoneEvent, "vanished": GoneEvent, "score": ScoreEvent,
                          "die": DieEvent, "game_over": GameOverEvent}


@overload
def events_of(events: Iterable[Event], kind: Literal["turn"]) -> list[TurnEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["pick"]) -> list[PickEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["decline"]) -> list[DeclineEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["removed", "vanished"]) -> list[GoneEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["score"]) -> list[ScoreEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["die"]) -> list[DieEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["game_over"]) -> list[GameOverEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: str) -> list[Event]: ...
def events_of(events: Iterable[Event], kind: str) -> list[Any]:
    """The events of `kind` among `events`, in order (typed for the kinds in `TYPED`). An
    unknown kind is a mistake in the caller, refused rather than answered with nothing."""
    if kind not in EVENT_TYPES:
        raise ValueError(f"no event of kind {kind!r}: the engine records {', '.join(EVENT_TYPES)}")
    return [cast(Any, e) for e in events if e.get("type") == kind]
