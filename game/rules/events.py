"""The events an intent leaves in its record (`Record.events`), typed for the readers outside the
engine: the game log, the story, the lab, the bots. Each event is a plain dict (so records save
as JSON) whose `type` is one of `EVENT_TYPES`; every kind has a TypedDict here naming the keys
the engine writes for it (`TYPED`), and `events_of(events, kind)` hands back the events of one
kind typed as such, while `typed_event(ev)` gives one event as the union of them all, to be
narrowed by its kind (`if ev["type"] == "pick": ev["race"]`) where the order of events matters.
The engine writes events as dicts and a record read back from a save holds lists where the
engine wrote tuples, so the types say `Sequence`. (No `from __future__ import annotations` here:
Python 3.11 would then take every `NotRequired` key for a required one.)
"""
from typing import Any, Iterable, Literal, Mapping, NotRequired, Sequence, TypedDict, Union, cast, overload

from .reasons import EVENT_TYPES

__all__ = ["EVENT_TYPES", "Event", "TypedEvent", "TurnEvent", "PickEvent", "ConquestEvent", "TokensEvent",
           "DieEvent", "DieSettledEvent", "LastAttemptEvent", "AllyEvent", "HeroesEvent", "EncampmentsEvent",
           "FortressEvent", "LostEvent", "CountsEvent", "RaceEvent", "RaceTokensEvent", "GivenBackEvent",
           "RepelledEvent", "ScoreEvent", "GameOverEvent", "LostTribeClearedEvent", "CoinsEvent", "UseEvent",
           "MarkerEvent", "RolledEvent",
           "TYPED", "events_of", "typed_event"]

#: any event: `type` names its kind, the rest depends on it
Event = Mapping[str, Any]


class TurnEvent(TypedDict):
    """A seat's turn begins."""
    type: Literal["turn"]
    seat: int
    round: int


class PickEvent(TypedDict):
    """A combo is taken from the column: `tokens` the race and power bring."""
    type: Literal["pick"]
    seat: int
    race: str
    power: str
    index: int       # the combo's place in the column (0: the top)
    paid: int        # coins laid on the combos skipped
    collected: int   # coins found lying on the combo taken
    tokens: int


class ConquestEvent(TypedDict):
    """A region is taken (`conquer`, the die's `reinforce`, the Dragon's `dragon`, the
    Sorcerers' `enchant`, In Decline Ghouls' `ghouls`) with `tokens` moved in; `defender` is
    the (seat, race) that held it (None: empty), `nonempty` whether anything stood in it."""
    type: Literal["conquer", "reinforce", "dragon", "enchant", "ghouls"]
    seat: int
    race: str
    region: str
    tokens: int
    defender: Sequence[Any] | None
    nonempty: bool


class TokensEvent(TypedDict):
    """`tokens` of a race leave or enter `region` without a conquest: `abandon`ed, `pushed`
    into it, `pushed_off` the board from it, `moved_out_of_turn` into it, `attacker_lost`
    there, `gathered` into it; `effect_tokens` lost (negative) or gained by a `trigger` in the
    fight for it."""
    type: Literal["abandon", "pushed", "pushed_off", "moved_out_of_turn", "attacker_lost", "gathered",
                  "effect_tokens"]
    seat: int
    race: str
    region: str
    tokens: int


class DieEvent(TypedDict):
    """The reinforcement die (or a power's die) is thrown: `face` is what it showed. A die for a
    last conquest says `region`, the face `needed` (the `bonus` taken off), `success`, and `race`
    for an In Decline race's die (Ghouls); a Berserk's die says `berserk`. With `choice`, the
    final attempt's die waits for a choice after the roll (R23) and `success` is not decided
    yet; a `die_settled` event then tells the outcome."""
    type: Literal["die"]
    seat: int
    face: int
    region: NotRequired[str]
    needed: NotRequired[int]
    success: NotRequired[bool]
    race: NotRequired[str]
    bonus: NotRequired[int]
    choice: NotRequired[bool]
    berserk: NotRequired[bool]


class DieSettledEvent(TypedDict):
    """The die that waited for a choice is final: its `face`, the face `needed`, `success`."""
    type: Literal["die_settled"]
    seat: int
    region: str
    face: int
    needed: int
    success: bool
    race: NotRequired[str]


class LastAttemptEvent(TypedDict):
    """The final attempt's die is thrown before choosing its region."""
    type: Literal["last_attempt"]
    seat: int
    face: int


class AllyEvent(TypedDict):
    """The Diplomat names an `ally` its Active race may not attack."""
    type: Literal["ally"]
    seat: int
    ally: int


class HeroesEvent(TypedDict):
    """The Heroes stand in `regions`."""
    type: Literal["heroes"]
    seat: int
    regions: Sequence[str]


class EncampmentsEvent(TypedDict):
    """The Encampments are laid: how many in each region."""
    type: Literal["encampments"]
    seat: int
    counts: Mapping[str, int]


class FortressEvent(TypedDict):
    """A Fortress is built in `region`."""
    type: Literal["fortress"]
    seat: int
    region: str


class LostEvent(TypedDict):
    """The holder `seat` loses `region`: `discarded` tokens go, `back` return to its hand."""
    type: Literal["lost"]
    seat: int
    race: str
    region: str
    discarded: int
    back: int


class CountsEvent(TypedDict):
    """A race's tokens are placed (`redeploy`) or taken back (`withdraw`): how many in each
    region."""
    type: Literal["redeploy", "withdraw"]
    seat: int
    race: str
    counts: Mapping[str, int]


class RaceEvent(TypedDict):
    """A race goes into `decline`, `vanished` from the board, `stayed_put` when it could have
    moved out of turn, or is `revived` Active again."""
    type: Literal["decline", "vanished", "stayed_put", "revived"]
    seat: int
    race: str


class RaceTokensEvent(TypedDict):
    """A race's `tokens` off the board: `removed` (an older In Decline race makes way),
    `bonus_tokens` given for the turn, `dwindled` at the redeployment, `trigger_tokens` lost
    (negative) or gained by a `trigger` on an event without a region."""
    type: Literal["removed", "bonus_tokens", "dwindled", "trigger_tokens"]
    seat: int
    race: str
    tokens: int


class GivenBackEvent(TypedDict):
    """A borrowed `power` (or race, the parts joined) goes back, taking `tokens` off."""
    type: Literal["given_back"]
    seat: int
    race: str
    power: str
    tokens: int


class MarkerEvent(TypedDict):
    """A `trigger`'s `marker` put on `region` (`marker_placed`) or taken off (`marker_removed`)
    by `seat`; or `seat` entered `region`, which carried it (`marker_entered`)."""
    type: Literal["marker_placed", "marker_removed", "marker_entered"]
    seat: int
    region: str
    marker: str


class RolledEvent(TypedDict):
    """A `trigger`'s `roll`: `seat` rolled the reinforcement die for it, which showed `face`."""
    type: Literal["rolled"]
    seat: int
    face: int


class RepelledEvent(TypedDict):
    """The `defender` of `region` cancels the conquest (Skags)."""
    type: Literal["repelled"]
    seat: int
    race: str
    region: str
    defender: int


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


class GameOverEvent(TypedDict):
    """The last turn of the last round is over: `winners` by R13 (see `outcome`)."""
    type: Literal["game_over"]
    winners: Sequence[int]
    coins: Sequence[int]


class LostTribeClearedEvent(TypedDict):
    """The Lost Tribe's tokens leave `region`."""
    type: Literal["lost_tribe_cleared"]
    region: str


class CoinsEvent(TypedDict):
    """`coins` change hands: from `seat` `to` another seat (either None: the bank), or to `seat`
    by an `effect` of its own."""
    type: Literal["coins"]
    seat: int | None
    coins: int
    to: NotRequired[int | None]
    effect: NotRequired[str]


class UseEvent(TypedDict):
    """A block's own move (`effect`), with what it took: a `region`, a `choice`, a borrowed
    `race` or `power`, `tokens`, `coins`."""
    type: Literal["use"]
    seat: int
    effect: str
    region: NotRequired[str]
    choice: NotRequired[str]
    race: NotRequired[str]
    power: NotRequired[str]
    tokens: NotRequired[int]
    coins: NotRequired[int]


#: one event of any kind, narrowed by its `type` (see `typed_event`)
TypedEvent = Union[TurnEvent, PickEvent, ConquestEvent, TokensEvent, DieEvent, DieSettledEvent, LastAttemptEvent,
                   AllyEvent, HeroesEvent, EncampmentsEvent, FortressEvent, LostEvent, CountsEvent, RaceEvent,
                   RaceTokensEvent, GivenBackEvent, RepelledEvent, ScoreEvent, GameOverEvent,
                   LostTribeClearedEvent, CoinsEvent, UseEvent, MarkerEvent, RolledEvent]

#: each kind of `EVENT_TYPES` with its TypedDict
TYPED: dict[str, type] = {
    "turn": TurnEvent, "pick": PickEvent,
    "conquer": ConquestEvent, "reinforce": ConquestEvent, "dragon": ConquestEvent, "enchant": ConquestEvent,
    "ghouls": ConquestEvent,
    "die": DieEvent, "last_attempt": LastAttemptEvent, "die_settled": DieSettledEvent,
    "ally": AllyEvent, "heroes": HeroesEvent, "encampments": EncampmentsEvent, "fortress": FortressEvent,
    "lost": LostEvent,
    "abandon": TokensEvent, "pushed": TokensEvent, "pushed_off": TokensEvent, "moved_out_of_turn": TokensEvent,
    "attacker_lost": TokensEvent, "gathered": TokensEvent, "effect_tokens": TokensEvent,
    "redeploy": CountsEvent, "withdraw": CountsEvent,
    "decline": RaceEvent, "vanished": RaceEvent, "stayed_put": RaceEvent, "revived": RaceEvent,
    "removed": RaceTokensEvent, "bonus_tokens": RaceTokensEvent, "dwindled": RaceTokensEvent,
    "trigger_tokens": RaceTokensEvent,
    "given_back": GivenBackEvent, "repelled": RepelledEvent,
    "score": ScoreEvent, "game_over": GameOverEvent, "lost_tribe_cleared": LostTribeClearedEvent,
    "coins": CoinsEvent, "use": UseEvent,
    "marker_placed": MarkerEvent, "marker_removed": MarkerEvent, "marker_entered": MarkerEvent, "rolled": RolledEvent,
}


def typed_event(ev: Event) -> TypedEvent:
    """One event typed as the union of every kind: narrow it with `ev["type"] == kind` (or `in`)
    to read its keys. For a reader that follows the events in order, across kinds."""
    return cast(TypedEvent, ev)


@overload
def events_of(events: Iterable[Event], kind: Literal["turn"]) -> list[TurnEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["pick"]) -> list[PickEvent]: ...
@overload
def events_of(events: Iterable[Event],
              kind: Literal["conquer", "reinforce", "dragon", "enchant", "ghouls"]) -> list[ConquestEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["abandon", "pushed", "pushed_off", "moved_out_of_turn",
                                                     "attacker_lost", "gathered", "effect_tokens"]) -> list[TokensEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["die"]) -> list[DieEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["die_settled"]) -> list[DieSettledEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["last_attempt"]) -> list[LastAttemptEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["ally"]) -> list[AllyEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["heroes"]) -> list[HeroesEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["encampments"]) -> list[EncampmentsEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["fortress"]) -> list[FortressEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["lost"]) -> list[LostEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["redeploy", "withdraw"]) -> list[CountsEvent]: ...
@overload
def events_of(events: Iterable[Event],
              kind: Literal["decline", "vanished", "stayed_put", "revived"]) -> list[RaceEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["removed", "bonus_tokens", "dwindled",
                                                    "trigger_tokens"]) -> list[RaceTokensEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["given_back"]) -> list[GivenBackEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["repelled"]) -> list[RepelledEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["score"]) -> list[ScoreEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["game_over"]) -> list[GameOverEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["lost_tribe_cleared"]) -> list[LostTribeClearedEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["coins"]) -> list[CoinsEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["use"]) -> list[UseEvent]: ...
@overload
def events_of(events: Iterable[Event],
              kind: Literal["marker_placed", "marker_removed", "marker_entered"]) -> list[MarkerEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: Literal["rolled"]) -> list[RolledEvent]: ...
@overload
def events_of(events: Iterable[Event], kind: str) -> list[Event]: ...
def events_of(events: Iterable[Event], kind: str) -> list[Any]:
    """The events of `kind` among `events`, in order (typed by `TYPED`). An unknown kind is a
    mistake in the caller, refused rather than answered with nothing."""
    if kind not in EVENT_TYPES:
        raise ValueError(f"no event of kind {kind!r}: the engine records {', '.join(EVENT_TYPES)}")
    return [cast(Any, e) for e in events if e.get("type") == kind]
