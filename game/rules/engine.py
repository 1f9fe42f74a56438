"""The engine's public face: `legal_actions`, `why_illegal`, `apply` (and `play`), `replay`.

The turn is a state machine whose phases are in `state.py` (PICK → CONQUER → REDEPLOY, then
WITHDRAW while defenders place tokens, then the next player; GAME_OVER after the last seat of
the last round). `legal_actions(state)` lists every intent the actor may send now — the same
list serves the window, the bots, the scenario runner and the tests. Intents that carry a
distribution of tokens (`Redeploy`, `Withdraw`, `Encampments`) appear once, with a sensible
default; any other distribution is judged by `why_illegal`. The final attempt's die is a step
of its own: rolled and shown, it may wait for a choice a power allows after the roll (R23,
the Mercenary's coin): while it waits only that choice and `Settle` are listed. `apply(state, action, rng)` refuses
with `IllegalAction(reason)` and no change, or returns a new state and a `Record` holding the
intent, the die faces and shuffles it used, and the events in words for the game log.
`play(state, action, rng)` is `apply` for a caller done with `state` (random games, a computer
player's look-ahead): the same game, with the regions, the turn and the players written in place
where `state` allows.
"""
from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, Callable, Final, Iterable

from . import turn as T
from .abilities.base import Ability
from .abilities.markers import frozen_by
from .actions import (
    ACTION_TYPES,
    Abandon,
    Action,
    Conquer,
    Decline,
    EndTurn,
    Pick,
    Redeploy,
    Reinforce,
    Settle,
    Use,
    Withdraw,
    action_from_dict,
)
from .board import Place
from .chance import Recorder, Replay
from .common import decline_reason, effects, made_once, may_decline
from .conquest import conquer_reason
from .die import (
    brought,
    die_bonus,
    final_attempt,
    fresh_choice,
    roll_waiting,
    rolled_again,
    rolling,
    settle_roll,
)
from .errors import IllegalAction
from .listing import conquest_options, judged_locally, peace_in_force
from .pricing import cost_of, least_tokens
from .reasons import Reason, reason
from .resolution import take_region
from .state import CONQUER, GAME_OVER, PICK, WITHDRAW, Answers, GameState, Judged, Listed, Options
from .targets import only_forced
from .waiting import TURN_OVER, WAITING, asked


class Record:
    """What one intent did: enough to replay it exactly and to tell it in the log. `action` is
    the intent as a plain dict, made when first read (most records of a bot's playout never are)."""

    __slots__ = ("seat", "_action", "_intent", "rolls", "shuffles", "events")

    def __init__(self, seat: int, action: dict[str, Any] | Action, rolls: list[int] | None = None,
                 shuffles: list[list[Any]] | None = None, events: list[dict[str, Any]] | None = None) -> None:
        self.seat = seat
        self._action: dict[str, Any] | None = None
        self._intent: Action | None = None
        if isinstance(action, dict):          # (compiled: a quicker question than of the class Action)
            self._action = action
        else:
            self._intent = action
        self.rolls: list[int] = [] if rolls is None else rolls
        self.shuffles: list[list[Any]] = [] if shuffles is None else shuffles
        self.events: list[dict[str, Any]] = [] if events is None else events

    @property
    def action(self) -> dict[str, Any]:
        got = self._action
        if got is None:
            assert self._intent is not None
            got = self._action = self._intent.to_dict()
        return got

    @action.setter
    def action(self, d: dict[str, Any]) -> None:
        self._action, self._intent = d, None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return (f"Record(seat={self.seat!r}, action={self.action!r}, rolls={self.rolls!r}, "
                f"shuffles={self.shuffles!r}, events={self.events!r})")

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "rolls": list(self.rolls),
                "shuffles": [list(x) for x in self.shuffles], "events": self.events}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "Record":
        return Record(d["seat"], d["action"], list(d.get("rolls", [])),
                      [list(x) for x in d.get("shuffles", [])], list(d.get("events", [])))


def actor(s: GameState) -> int:
    """The seat expected to act now: the current player, a player whose decision out of turn
    is awaited (`waiting`), or a defender placing tokens."""
    used = s.turn.used
    if used and WAITING in used:
        return int(used[WAITING][0][0])
    if s.turn.phase == WITHDRAW and s.turn.withdraw:
        return int(s.turn.withdraw[0][0])
    return s.turn.seat


def _holds_in_force(s: GameState, seat: int) -> Iterable[tuple[Any, bool]]:
    p = s.players[seat]
    if p.active:
        yield p.active, False
    for h in p.declines:
        yield h, True


def _intent_owners(s: GameState, seat: int, kind: str) -> list[Ability]:
    """The effects in force for `seat` that handle intents of `kind` (Active race first)."""
    return [ab for h, in_dec in _holds_in_force(s, seat) for ab in effects(s, h, in_dec)
            if kind in ab.intents]


def _judge_intent(s: GameState, seat: int, a: Action) -> tuple[Ability | None, Reason | None]:
    """The first effect that accepts `a`, or None and the first effect's refusal. (Two races
    of a player may share an effect, e.g. a custom race with `ghouls_in_decline` Active and the
    Ghouls In Decline: the intent is the one of whichever can play it.)"""
    owners = _intent_owners(s, seat, a.kind)
    if not owners:
        return None, reason("no_effect_for_intent", intent=a.kind.replace('_', ' '))
    first: Reason | None = None
    for ab in owners:
        why = ab.check_intent(s, seat, a)
        if why is None:
            return ab, None
        if first is None or (first.key == "effect_not_intent" and why.key != "effect_not_intent"):
            first = why             # the refusal of the effect the move names, when there is one
    return None, first


# Intents are immutable values: the ones `legal_actions` lists again and again are made once,
# kept by region (or column place) in tables filled as they are first asked for. (A plain dict
# read in place: a `functools.cache` would make and hash a tuple of the arguments at each call.)
_DECLINE: Final = Decline()
_END: Final = EndTurn()
_END_DECLINE: Final = EndTurn(decline=True)
_SETTLE: Final = Settle()
#: intent classes the engine asks of an intent at each `apply` (kept as constants: compiled, a
#: class imported from the interpreted `actions` is otherwise looked up in the module's dict)
_WITHDRAW: Final = Withdraw
_BUILDS_ON: Final = (Conquer, Abandon)
_CONQUER: Final = Conquer
_REINFORCE: Final = Reinforce
_ABANDON: Final = Abandon
#: the intents naming a region alone, by region (`common.made_once`)
_CONQUERS: Final[dict[str, Conquer]] = {}
_REINFORCES: Final[dict[str, Reinforce]] = {}
_ABANDONS: Final[dict[str, Abandon]] = {}
_PICKS: Final[list[Pick]] = []
#: no conquest judged (a listing outside the conquests; never written)
_NO_OPTIONS: Final = Options([], [])


def _pick(i: int) -> Pick:
    picks = _PICKS
    while len(picks) <= i:
        picks.append(Pick(len(picks)))
    return picks[i]


def legal_actions(s: GameState) -> list[Action]:
    """Every intent the actor may send now (see the module docstring). A sealed state remembers
    the list (and the cost of each conquest on it) until it is written: `apply` does not judge a
    listed intent a second time."""
    got = s._listed
    if got is not None:
        return list(got.intents)
    out, judged, costs = _listing(s)
    if s._sealed:
        s._listed = got = Listed()
        got.intents = tuple(out)
        got.costs = costs
        got.judged = judged
        got.accepted = ()
    return out


def _noted(listed: Listed, a: Action) -> bool:
    """`a` itself (not an equal intent) is on the list, or was accepted there by `why_illegal`.
    (Found by identity, one intent after the other: the chosen intent is one of a few dozen, and
    a set of their identities, made at each listing, costs several times the search.)"""
    for x in listed.intents:
        if x is a:
            return True
    accepted = listed.accepted
    if accepted:
        for x in accepted:
            if x is a:
                return True
    return False


def lend_listing(s: GameState, seen: GameState) -> None:
    """Give `seen` the listing of `s` (made now if need be): `seen` is a sealed copy of the sealed
    `s` as the actor may see it, with other seats' coins replaced and the hidden stacks in another
    order. The listing reads neither: of the coins only the actor's own (what a combo or a price
    costs him), of the stacks nothing (tests/test_fast_legality.py checks both lists agree over
    games with every pack). A computer player then chooses from the very intents `apply` finds
    on `s` without judging them again."""
    if not (s._sealed and seen._sealed):
        return
    legal_actions(s)
    listed = s._listed
    assert listed is not None
    # what `why_illegal` accepts on the view is not noted
    seen._listed = lent = Listed()
    lent.intents = listed.intents
    lent.costs = listed.costs
    lent.judged = listed.judged
    lent.accepted = None


def _listing(s: GameState) -> tuple[list[Action], Judged | None, Options]:
    """The intents of `legal_actions`; those conquests as a `Judged`, when the next position of
    the turn may build on them; and the cost of each conquest judged."""
    costs = _NO_OPTIONS
    t = s.turn
    phase = t.phase
    if phase == GAME_OVER:
        return [], None, costs
    if t.used and WAITING in t.used:
        return _out_of_turn(s), None, costs
    if phase == WITHDRAW:
        seat, counts = T.default_withdraw(s)
        return [Withdraw.of(seat, counts)], None, costs
    seat = t.seat
    p = s.players[seat]
    out: list[Action] = []
    cat = s.catalog
    hold = p.active
    hooked = cat.hooked
    if ("discount_after_roll" in hooked or "rerolls_left" in hooked) and roll_waiting(s):   # a choice after the roll
        return _after_roll(s, seat), None, costs
    if phase == PICK:
        _races_intents(s, seat, phase, out)
        n = min(len(s.column), p.coins + 1)
        if "pass_over_price" not in cat.hooked and not cat.column_marks:
            for i in range(n):
                out.append(_pick(i))
        else:
            for i, price in enumerate(T.pick_prices(s, n)):
                if price <= p.coins:
                    out.append(_pick(i))
        if not s.column:
            out.append(_END)
        return out, None, costs
    assert hold is not None
    own = s.held_names(seat, hold.race)
    tab = cat.combo_hooks(hold.race, hold.power)
    judged: Judged | None = None
    if phase == CONQUER:
        if not t.conquered and not t.used.get("conquests_begun"):
            for rid in own:
                if not (s.regions[rid].marks and frozen_by(s, rid)):    # a frozen region stays
                    out.append(made_once(_ABANDONS, _ABANDON, rid))
        hand = hold.hand
        if hand >= 1:
            abil = tab.effects
            die = True                                    # may try the reinforcement die
            for ab in tab.reinforce_reason:
                if ab.reinforce_reason(s, seat) is not None:
                    die = False
                    break
            if die and tab.cost_floor:                            # Kobolds: 2 tokens at least
                die = hand >= least_tokens(s, seat, tab.cost_floor)
            since = None
            answers: list[Answers] | None = [] if cat.guarding else None   # (each player's, once)
            if judged_locally(s, tab, own, answers):
                judged = Judged(seat, s.round, t.picked, hold.race, hold.power, t.used,
                                peace_in_force(s), costs)
                since = s._prior
                if since is not None and not since.fits(judged):
                    since = None
            opts = conquest_options(s, seat, hold, abil, own, since, tab, True, answers, judged)
            if s._sealed:                     # for an effect listing the same targets (the Dragon)
                s._opts = (seat, hold, opts)
            bonus = tab.die_bonus
            costs = opts                      # (lists of its own, never written once listed)
            if judged is not None:
                judged.options = opts
            if "forced_regions" in cat.hooked:            # a taunt: some regions first
                opts = only_forced(s, seat, opts, hand)
            places, cs = opts.places, opts.costs
            if len(places) >= _MANY and opts.dearest() <= hand:
                # every option within the hand (an entering race's hundreds of ways in): their
                # intents, made once for these options and patched with them, added at once
                got = opts.conquers
                if got is None:
                    got = opts.conquers = _conquers_of(places)
                out.extend(got)
                places = _NO_PLACES
            for k in range(len(places)):
                c, pl = cs[k], places[k]
                if c <= hand:
                    x = pl.conquer
                    out.append(x if x is not None else _conquer_at(pl))
                elif die and c - hand <= (brought(3, die_bonus(s, seat, pl.id, bonus)) if bonus else 3):
                    y = pl.reinforce
                    out.append(y if y is not None else _reinforce_at(pl))
        if may_decline(s, seat):
            out.append(_DECLINE)
    if own and (not tab.may_redeploy or T.redeploy_refused(s, seat, hold) is None):
        out.append(T.listed_redeploy(s, seat, hold, own, tab))
    out.append(_END)
    if tab.may_decline_after_scoring and \
            T.end_turn_reason(s, seat, _END_DECLINE) is None:            # (Stout)
        out.append(_END_DECLINE)
    # the races' own moves come first, but are asked last: an effect that lists the targets the
    # conquests were judged among (the Dragon's) finds them judged (`GameState._opts`)
    first: list[Action] = []
    _races_intents(s, seat, phase, first)
    if not first:                      # (usually none: the list made is the one given)
        return out, judged, costs
    first.extend(out)
    return first, judged, costs


#: the options from which a listing within the hand adds their intents at once (`_conquers_of`),
#: kept with them: fewer are read as quickly one by one
_MANY: Final = 32
_NO_PLACES: Final[list[Place]] = []


def _conquers_of(places: list[Place]) -> list[Action]:
    """The intents to conquer `places`, in their order (`Options.conquers`)."""
    out: list[Action] = []
    for pl in places:
        x = pl.conquer
        out.append(x if x is not None else _conquer_at(pl))
    return out


def _conquer_at(place: Place) -> Action:
    """The intent to conquer `place`, made once (`made_once`) and kept with the place."""
    got = place.conquer = made_once(_CONQUERS, _CONQUER, place.id)
    return got


def _reinforce_at(place: Place) -> Action:
    """The intent to conquer `place` with the reinforcement die, made once and kept with it."""
    got = place.reinforce = made_once(_REINFORCES, _REINFORCE, place.id)
    return got


def _races_intents(s: GameState, seat: int, phase: str, out: list[Action]) -> None:
    """Add to `out` (empty) the moves the effects of `seat`'s races offer in `phase`, the Active
    race's first (`_effects_intents`)."""
    cat = s.catalog
    p = s.players[seat]
    hold = p.active
    keys: set[tuple[object, ...]] | None = None      # (made for the second effect with a move to offer)
    if hold is not None:
        moving = cat.hooks_in_force(hold.race, hold.power, False).moves_in(phase)
        if moving:
            keys = _effects_intents(s, seat, moving, out, keys)
    for h in p.declines:
        moving = cat.hooks_in_force(h.race, h.power, True).moves_in(phase)
        if moving:
            keys = _effects_intents(s, seat, moving, out, keys)


def _waiting_effect(s: GameState) -> tuple[int, Ability | None]:
    """The seat whose decision out of turn is awaited, and the effect that asked it (in force
    for the race it named), or None when that race or effect is no longer there."""
    head = asked(s)
    assert head is not None
    seat, race, name = int(head[0]), str(head[1]), str(head[2])
    hold, in_dec = s.players[seat].hold(race)
    if hold is None:
        return seat, None
    for ab in effects(s, hold, in_dec):
        if ab.name == name and "use" in ab.intents:
            return seat, ab
    return seat, None


def _out_of_turn(s: GameState) -> list[Action]:
    """While a decision out of turn is awaited: the moves of the effect that asked for it."""
    seat, ab = _waiting_effect(s)
    return ab.legal_intents(s, seat) if ab is not None else []


def _after_roll(s: GameState, seat: int) -> list[Action]:
    """While the final attempt's die waits (R23): the moves of the effects that allow a choice
    after the roll, and `Settle` to keep the roll as it fell."""
    out: list[Action] = []
    for ab in _after_roll_effects(s, seat):
        out.extend(x for x in ab.legal_intents(s, seat) if x not in out)
    out.append(_SETTLE)
    return out


def _after_roll_effects(s: GameState, seat: int) -> list[Ability]:
    """The effects of the race whose die waits that offer a choice now: a re-roll, or (the
    Active race's only) a discount paid after the roll."""
    hold, abil = rolling(s, seat)
    active = s.players[seat].active is hold
    return [ab for ab in abil if (active and ab.discount_after_roll(s, seat)) or ab.rerolls_left(s, seat)]


def _effects_intents(s: GameState, seat: int, moving: tuple[Ability, ...], out: list[Action],
                     keys: set[tuple[object, ...]] | None) -> set[tuple[object, ...]] | None:
    """Add to `out` the intents of the effects of one race of `seat` (`moving`: those in force
    for it that may offer a move in this phase, `Hooks.moves_in`) that are not on it yet, in
    the order the effects give them; return `keys`, made here if need be. The first effect to
    offer moves gives them all, none being on the list yet (an effect lists each of its moves
    once: tests/test_fast_legality.py checks it). Each intent of a later one is looked up among
    those on the list: one of the engine's own classes (`_key`) by its class and fields, in
    `keys`, made from the list when the second effect offers moves and kept from one race's call
    to the next (hashed natively: a dataclass's hash and equality run interpreted, and a list
    searched for each would cost its length each time, a Dragon's or a flier's hundreds of
    targets on a large board); one of another class searched among `out`."""
    for ab in moving:
        got = ab.legal_intents(s, seat)
        if not got:
            continue
        if not out:                    # the first moves offered (usually the only ones)
            out.extend(got)
            continue
        if keys is None:
            keys = set()
            for x in out:
                k = _key(x)
                if k is not None:
                    keys.add(k)
        for x in got:
            k = _key(x)
            if k is None:
                if not _among(x, out):
                    out.append(x)
            elif k not in keys:
                keys.add(k)
                out.append(x)
    return keys


def _key(x: Action) -> tuple[object, ...] | None:
    """An intent of the engine's own classes (`_BY_FIELDS`) as its class and fields, equal for
    equal intents (a frozen dataclass's equality is that of its fields, in order); None for
    another. (The fields are read by a getter made once per class: the intent's `__dict__`,
    read compiled, is a dict made for the occasion.)"""
    kind = type(x)
    if kind not in _GETTERS:
        return None
    get = _GETTERS[kind]
    return (kind, get(x)) if get is not None else (kind,)


def _getter(kind: type) -> Callable[[Any], Any] | None:
    """What reads the compared fields of an intent of dataclass `kind` (one value for one
    field, a tuple for more); None when it has none."""
    names = [f.name for f in dataclasses.fields(kind) if f.compare]
    return attrgetter(*names) if names else None


#: the engine's intents whose equality is that of their fields (frozen dataclasses), but `Redeploy`
_BY_FIELDS: Final = frozenset(c for c in ACTION_TYPES.values() if c is not Redeploy)
#: the getter of the compared fields of each class of `_BY_FIELDS` (`_key`)
_GETTERS: Final[dict[type, Callable[[Any], Any] | None]] = {c: _getter(c) for c in _BY_FIELDS}


def _among(x: Action, out: list[Action]) -> bool:
    """`x in out`, asking only the intents of its own class whether they equal it: an intent's
    `__eq__` (a dataclass's) says so of no other class's, but a `Redeploy`'s (equal to the
    listing's `later` one), which is searched as a list is. Those of the engine's own classes
    (`_BY_FIELDS`) compare their fields as a dict, without running their `__eq__` interpreted."""
    if isinstance(x, Redeploy):
        return x in out
    kind = type(x)
    if kind in _BY_FIELDS:
        fields = x.__dict__
        for y in out:
            if y is x or (type(y) is kind and y.__dict__ == fields):
                return True
        return False
    for y in out:
        if y is x or (type(y) is kind and y == x):
            return True
    return False


def conquest_cost(s: GameState, seat: int, rid: str) -> int:
    """Tokens the Active race of `seat` needs to take `rid` (`cost_of(...).total`): the price
    `legal_actions` put on it when it listed this state's conquests, if it did."""
    return _priced(s, seat, rid, s._listed if seat == s.turn.seat else None)


def _priced(s: GameState, seat: int, rid: str, listed: Listed | None) -> int:
    """The tokens `seat` needs to take `rid`: as `listed` priced it, if it listed it (found by
    the region's number, `Options.cost_at`), else `cost_of`'s total."""
    c = listed.costs.cost_at(s.board.index[rid]) if listed is not None else None
    return c if c is not None else cost_of(s, seat, rid).total


def why_illegal(s: GameState, a: Action, seat: int | None = None) -> Reason | None:
    """The reason `a` is refused now (for the actor, or for `seat` if given), or None: a
    `Reason`, whose text is the English sentence (see `reasons.py`). A sealed state that was
    listed notes the intents off its list it accepts: `apply` plays them without judging them again
    (a computer player that checks its own redeploy, say, before sending it)."""
    why = _why_illegal(s, a, seat)
    if why is None:
        listed = s._listed
        if listed is not None and listed.accepted is not None and not _noted(listed, a):
            listed.accepted += (a,)
    return why


def _why_illegal(s: GameState, a: Action, seat: int | None) -> Reason | None:
    t = s.turn
    if t.phase == GAME_OVER:
        return reason("game_is_over")
    who = actor(s)
    if t.used and WAITING in t.used:                 # a decision out of turn comes first
        name = s.players[who].name
        if seat is not None and seat != who:
            return reason("not_your_turn", player=name)
        wseat, ab = _waiting_effect(s)
        if ab is None or not isinstance(a, Use) or a.effect != ab.name:
            return reason("decision_awaited", player=name)
        return ab.check_intent(s, wseat, a)
    if isinstance(a, Withdraw):
        return T.withdraw_reason(s, a.player, dict(a.counts))
    if seat is not None and seat != who:
        return reason("not_your_turn", player=s.players[who].name)
    if t.phase == WITHDRAW:
        return reason("must_place_first", player=s.players[who].name)
    seat = who
    if roll_waiting(s):                      # the die waits for a choice after the roll (R23)
        if isinstance(a, Settle):
            return None
        if not isinstance(a, Use) or not any(a.effect == ab.name for ab in _after_roll_effects(s, seat)):
            return reason("settle_roll_first")
    elif isinstance(a, Settle):
        return reason("no_roll_waiting")
    judge = _JUDGES.get(a.kind)
    if judge is not None:
        return judge(s, seat, a)
    return _judge_intent(s, seat, a)[1]


#: how `why_illegal` judges each intent of the engine's own, by kind (the others are an
#: effect's to judge: `_judge_intent`): on the state, for `seat`, the intent
_JUDGES: Final[dict[str, Callable[[GameState, int, Any], Reason | None]]] = {
    "pick": T.pick_reason,
    "conquer": conquer_reason,
    "reinforce": conquer_reason,
    "abandon": T.abandon_reason,
    "redeploy": T.redeploy_reason,
    "decline": decline_reason,
    "end_turn": T.end_turn_reason,
}

#: how `apply` plays an intent of the engine's own: on the new state, for `seat`, with what was
#: listed (the costs of its conquests), the chance and the events
Play = Callable[[GameState, int, Any, Listed | None, Recorder, list[dict[str, Any]]], None]


def _play_conquer(new: GameState, seat: int, a: Conquer, listed: Listed | None, chance: Recorder,
                  ev: list[dict[str, Any]]) -> None:
    """A conquest: the Active race moves in with the tokens it costs (as listed, if it was)."""
    hold = new.player_w(seat).active
    assert hold is not None
    rid = a.region
    cost = _priced(new, seat, rid, listed)
    take_region(new, seat, rid, ev, chance, hold=hold, tokens=cost)


def _play_reinforce(new: GameState, seat: int, a: Reinforce, listed: Listed | None, chance: Recorder,
                    ev: list[dict[str, Any]]) -> None:
    """The final attempt with the reinforcement die (R5)."""
    hold = new.player_w(seat).active
    assert hold is not None
    rid = a.region
    cost = _priced(new, seat, rid, listed)
    final_attempt(new, seat, hold, rid, cost, chance, ev)


#: by kind (the others are an effect's to play, or the answer to a decision out of turn)
_PLAYS: Final[dict[str, Play]] = {
    "pick": T.do_pick,
    "conquer": _play_conquer,
    "reinforce": _play_reinforce,
    "settle": settle_roll,
    "abandon": T.do_abandon,
    "redeploy": T.do_redeploy,
    "withdraw": T.do_withdraw,
    "decline": T.do_decline,
    "end_turn": T.do_end_turn,
}


class _Kind:
    """How `_apply` plays an intent of one class: its `play` in `_PLAYS` (None: an effect's move,
    or the answer to a decision out of turn), whether it is a `Withdraw` (played by the seat it
    names) and whether the next listing builds on the conquests listed with it (a conquest, an
    abandon). Found by the intent's class (`_kind_of`): compiled, an intent's `kind` (a class
    value of an interpreted class) and `isinstance` of one are generic lookups through its
    classes, a few hundred instructions each."""

    __slots__ = ("play", "withdraw", "builds_on")

    def __init__(self, play: Play | None, withdraw: bool, builds_on: bool) -> None:
        self.play = play
        self.withdraw = withdraw
        self.builds_on = builds_on


#: `_Kind` by intent class, each made when its class is first played
_KINDS: Final[dict[type, _Kind]] = {}


def _kind_of(a: Action) -> _Kind:
    """How an intent of `a`'s class is played (`_Kind`)."""
    got = _KINDS.get(type(a))
    if got is None:
        got = _KINDS[type(a)] = _Kind(_PLAYS.get(a.kind), isinstance(a, _WITHDRAW), isinstance(a, _BUILDS_ON))
    return got


def apply(s: GameState, a: Action, rng: Any = None) -> tuple[GameState, Record]:
    """Play intent `a`; returns the new state and its record. Refusals raise `IllegalAction`
    and leave `s` untouched. `rng`: a `random.Random`, a `Replay`, or any die/shuffle source."""
    return _apply(s, a, rng, False)


def play(s: GameState, a: Action, rng: Any = None) -> tuple[GameState, Record]:
    """`apply`, for a caller that is done with `s`: a random game, a computer player's
    look-ahead. The regions' mapping, the turn and the players of `s` are written in place where
    `s` made them (a state copied from another, `GameState.copy`, never did: that other keeps its
    own; see `GameState.successor`), so `s` and every state made from it are used up: none may be
    read or played again. The game played is the same as `apply`'s, intent for intent. A refusal
    leaves `s` untouched, as `apply`'s."""
    return _apply(s, a, rng, True)


def _apply(s: GameState, a: Action, rng: Any, take: bool) -> tuple[GameState, Record]:
    """`apply`, or `play` (`take`: the state played into takes over what `s` made itself, see
    `GameState.successor`)."""
    listed = s._listed
    if listed is None or (not _noted(listed, a) and a not in listed.intents):   # judged when listed or since
        listed = None
        why = why_illegal(s, a)
        if why is not None:
            raise IllegalAction(why)
    kind = _kind_of(a)
    seat = a.player if kind.withdraw and isinstance(a, _WITHDRAW) else actor(s)
    deciding = bool(s.turn.used) and WAITING in s.turn.used     # a decision out of turn
    chance = Recorder(rng)
    new = s.successor(take)
    if take and listed is not None and listed.judged is not None:
        listed.judged.keep()                     # `play`: the turn and players it read are written on
    ev: list[dict[str, Any]] = []
    play = kind.play
    if play is not None:
        play(new, seat, a, listed, chance, ev)
    elif deciding:                               # a decision out of turn
        _, ab = _waiting_effect(s)
        assert ab is not None
        ab.apply_intent(new, seat, a, chance, ev)
        if WAITING not in new.turn.used and new.turn.used.get(TURN_OVER):
            T.next_turn(new, chance, ev)          # asked at the end of a turn: the next begins
    else:
        ab, _ = _judge_intent(s, seat, a)
        assert ab is not None
        waited = roll_waiting(new)
        fresh_choice(new)                     # only a re-roll made by this move waits again
        ab.apply_intent(new, seat, a, chance, ev)
        if waited and roll_waiting(new) and not rolled_again(new):   # the choice after the roll is made: settle
            settle_roll(new, seat, _SETTLE, None, chance, ev)
        if _move_declines(ab):                  # a move that is a decline too (Ivory Tower)
            T.do_decline(new, seat, _DECLINE, None, chance, ev)
    new.seal()
    if listed is not None and listed.judged is not None and kind.builds_on:
        new._prior = listed.judged      # the next listing judges again only near what changed
    return new, Record(seat, a, chance.rolls, chance.shuffles, ev)


#: whether an effect's move is a decline too, by the effect's class (a class value, `move_declines`)
_DECLINING: Final[dict[type, bool]] = {}


def _move_declines(ab: Ability) -> bool:
    """`ab.move_declines`, False for a block without it: looked up once per class (compiled, a
    missing attribute asked of each effect's move raised and caught an error each time)."""
    kind = type(ab)
    got = _DECLINING.get(kind)
    if got is None:
        got = _DECLINING[kind] = bool(getattr(ab, "move_declines", False))
    return got


def replay(s: GameState, records: Iterable[Record]) -> GameState:
    """Play `records` again from `s`, with their recorded die faces and shuffles."""
    for rec in records:
        s, _ = apply(s, action_from_dict(rec.action), Replay(rec.rolls, rec.shuffles))
    return s


def cost_text(s: GameState, seat: int, region: str) -> str:
    """The conquest cost as a sum a player can check (for tooltips)."""
    return cost_of(s, seat, region).describe()
