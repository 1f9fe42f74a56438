"""Block `trigger`: the rule language's triggered ability — "when EVENT happens, heard on the
side `whose`, if `where`, `when` and `if` hold, do these actions". The events and their parties
(the words `whose` and the actions name):

- `region_conquered` (attacker, defender): every way of conquering (the die, the Dragon, a
  conversion, Ghouls), heard through the conquest's own path once it is done; a defender whose
  In Decline race left the game with that region (R22) hears nothing. `where` is read as the
  region was before the conquest (its `occupant`, who held it, on the attacker's side only).
- `turn_started` (mover: after the troops are readied), `turn_ended` (mover: after the
  redeployment, before the score; a decline ends the turn too), `declined` (decliner),
  `combo_picked` (picker), `die_rolled` (roller: the final attempt's die once settled, its
  `face` for `if: {face: 0}`), `tokens_lost` (loser, with the attacker: tokens discarded in a
  conquest or when a region is emptied, before the attacker moves in), `marker_placed` (placer:
  a trigger's `marker` put it on the event's region), `marker_entered` (mover, holder: a region
  carrying the marker conquered or moved into, one event per marker there; the holder is the
  player whose race or power the marker belongs to). These are told by the engine
  (`heard.tell`) only when some effect listens (`events_heard`). `whose: anyone` hears them
  whoever's they are.

`if` asks the owner's `tokens_in_hand`, `coins`, `regions` (a number, or `at_least` /
`at_most`), the other side's `other_race`, `other_power`, `other_in_decline`, the event's region
(`holds_marker`, `next_to_marker`), the die's `face` and the marker event's `marker` (still on
its region). The actions name whom they act on — a
party, `me` (the owner), `each_opponent`, `neighbours` (players next to the owner's race), the
`bank`:

- `{coins: {amount: N, from: SUBJECT|bank, to: SUBJECT|bank}}` — coins move at once; a player
  pays only what he has.
- `{tokens: {count: N, of: SUBJECT, from: tray|hand|region, to: tray|out|hand}}` — tokens
  gained from the tray into hand, or lost (`tray`, or `out` of the game for good) from hand or
  from the event's region (down to the least a region keeps). Without `from`, in a conquest, the
  attacker's are lost from the region just taken first, then from his hand, the defender's from
  his hand (his tokens have left the region). `from: region, to: hand` takes the subject's
  tokens back from the event's region into his hand, down to the least a region keeps.
- `{marker: {place: NAME, box: N}}` on the event's region (one a region, while fewer than the
  box's N are in play: `trigger_marks`), `{marker: {remove: NAME, region: this|all}}`.
- `{roll: {results: {FACE: [ACTIONS], ...}}}` — the reinforcement die rolled as a recorded chance
  step (replay, undo and load give the same face), the actions of its face played.
- `{ask: {choices: [{label: L, do: [ACTIONS]}, ...]}}`, last of its list — the owner decides
  (`waiting.ask`: out of turn too, the rest of play waits); `legal_actions` lists one
  `use: {effect: trigger, choice: L}` for each choice, whose actions are then played.

Blocks that are named shorthands of a trigger (`coins_on_conquest`, `attacker_loss`) read their
parameters into its actions (`read_actions`) and play them with `do_acts`, so what a conquest's
coins and tokens do is written here once.

YAML: `{trigger: {event: turn_ended, if: {coins: {at_most: 2}}, do: [{coins: {amount: 1, from: each_opponent}}]}}`
"""
from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..actions import Action, Use
from ..common import event, lose_tokens, take_tray
from ..errors import ParamError
from ..pricing import least_tokens
from ..reasons import Reason, reason
from ..resolution import pay
from ..waiting import answered, ask, asked_of
from .base import Ability, MarkSpec, Victim, near, register
from .language import EVENTS, MARKER_BOX, other_side
from .trigger_marks import marker_act
from .use_move import not_this_move
from .when import check_when, when_holds
from .where import conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold
    from .language import Heard

#: the events about a region (`where`, the marker conditions and `from: region` read it)
REGION_EVENTS: frozenset[str] = frozenset({"region_conquered", "tokens_lost", "die_rolled", "marker_placed",
                                           "marker_entered"})
#: the events about one marker (the condition `marker` reads it)
MARKER_EVENTS: frozenset[str] = frozenset({"marker_placed", "marker_entered"})
SIDES: tuple[str, ...] = ("attacker", "defender", "mover", "decliner", "loser", "picker", "roller", "placer",
                          "holder")
#: the subjects that name several players: every other player; those holding a region next
#: to one of the owner's race
MANY: tuple[str, ...] = ("each_opponent", "neighbours")
#: the verbs built so far, each with its parameters' accepted words (`amount`/`count` aside)
VERBS: dict[str, dict[str, tuple[str, ...]]] = {
    "coins": {"from": ("bank", "me", *SIDES, *MANY), "to": ("me", *SIDES, "bank", *MANY)},
    "tokens": {"of": ("me", *SIDES, *MANY), "from": ("region", "hand", "tray"), "to": ("tray", "out", "hand")},
    "marker": {"region": ("this", "all")},
    "roll": {},
    "ask": {},
}
#: the `marker` verb's parameters: `place` or `remove` (the marker's name), on the event's
#: region (`region: this`) or, to remove, from every region (`all`); `box`: how many the box holds
MARKER_PARAMS: tuple[str, ...] = ("place", "remove", "region", "box")
#: each verb's parameters with their defaults (tokens `from`: "" is the verb's own reading)
VERB_DEFAULTS: dict[str, dict[str, Any]] = {
    "coins": {"amount": 1, "from": "bank", "to": "me"},
    "tokens": {"count": 1, "of": "me", "from": "", "to": "tray"},
}
#: the `if` conditions: counts of the owner's (`at_least` / `at_most`, or one number), the
#: other side's race, power and decline, the event's region's markers, the die's face
COUNTS: tuple[str, ...] = ("tokens_in_hand", "coins", "regions")
CONDITIONS: tuple[str, ...] = (*COUNTS, "other_race", "other_power", "other_in_decline", "holds_marker",
                               "next_to_marker", "face", "marker")


class Act(NamedTuple):
    """One action of a trigger, its subjects already said as sides of the event."""

    verb: str
    n: int
    a: str          # coins: who pays (a side, a subject or "bank"); tokens: whose
    b: str          # coins: who is paid (a side, a subject or "bank"); tokens: where they go
    #: tokens: the record of the tokens lost or gained — `effect_tokens` (signed), or a
    #: shorthand's own kind of loss, counted as tokens lost (`attacker_lost`)
    record: str = "effect_tokens"
    #: tokens: where they come from — tray, hand, region (the event's), or "" (a conquest's
    #: own reading: the attacker's from the region taken first, then hand; others' from hand)
    src: str = ""
    #: marker: its name (`a`: place or remove, `b`: this or all, `n`: the box's count)
    name: str = ""
    #: roll: the actions of each face of the die, 0 to 3 (each a tuple of `Act`); ask: of each choice
    faces: tuple[Any, ...] = ()
    #: ask: the choices' labels, in order
    labels: tuple[str, ...] = ()


class Cond(NamedTuple):
    """One `if` condition: its word, its bounds (counts, the die's faces) and its names (races,
    powers, a marker; `other_in_decline`: "true" or "false")."""

    word: str
    lo: int = 0
    hi: int = -1                      # -1: no bound
    names: tuple[str, ...] = ()


def read_actions(raw: Any, whose: str, effect: str, event_name: str = "region_conquered") -> tuple[Act, ...]:
    """The `do` list checked and read, `me` said as the owner's side (but for `whose: anyone`);
    ParamError at the first action that is not well formed or could never act."""
    if not isinstance(raw, list) or not raw:
        raise ParamError(reason("trigger_do_empty", effect=effect))
    parties = EVENTS[event_name]
    out: list[Act] = []
    for item in raw:
        if not isinstance(item, dict) or len(item) != 1:
            raise ParamError(reason("trigger_do_shape", effect=effect, value=item, known=", ".join(VERBS)))
        (verb, params), = item.items()
        if verb not in VERBS:
            raise ParamError(reason("trigger_do_shape", effect=effect, value=verb, known=", ".join(VERBS)))
        params = {} if params is None else params
        if not isinstance(params, dict):
            raise ParamError(reason("trigger_do_shape", effect=effect, value=item, known=", ".join(VERBS)))
        if verb == "marker":
            out.append(_read_marker(params, effect, event_name))
            continue
        if verb == "roll":
            out.append(_read_roll(params, whose, effect, event_name))
            continue
        if verb == "ask":
            if item is not raw[-1]:
                raise ParamError(reason("trigger_ask_last", effect=effect))
            out.append(_read_ask(params, whose, effect, event_name))
            continue
        p = {**VERB_DEFAULTS[verb], **params}
        check_verb_params(effect, verb, params, VERB_DEFAULTS[verb], VERBS[verb])
        for k, v in params.items():
            if v in SIDES and v not in parties:
                raise ParamError(reason("trigger_not_a_party", effect=effect, verb=verb, param=k, value=v,
                                        event=event_name, known=", ".join(parties)))
        count = "amount" if verb == "coins" else "count"
        n = p[count]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ParamError(reason("param_at_least_one", effect=effect, param=f"{verb} {count}", value=n))

        def side(word: str) -> str:
            return whose if word == "me" and whose != "anyone" else word
        if verb == "coins":
            a, b = side(str(p["from"])), side(str(p["to"]))
            if a == b:
                raise ParamError(reason("trigger_coins_same", effect=effect, who=p["from"], other=p["to"]))
            if a in MANY and b in MANY:
                raise ParamError(reason("trigger_coins_many", effect=effect, who=p["from"], other=p["to"]))
            out.append(Act(verb, int(n), a, b))
            continue
        a, b, src = side(str(p["of"])), str(p["to"]), str(p["from"])
        if (src == "tray") != (b == "hand") and src and src != "region":
            raise ParamError(reason("trigger_tokens_route", effect=effect, source=src, to=b))
        if src == "region" and event_name not in REGION_EVENTS:
            raise ParamError(reason("trigger_needs_region", effect=effect, word="from: region", event=event_name,
                                    known=", ".join(sorted(REGION_EVENTS))))
        if not src and (b == "hand" or event_name != "region_conquered"):
            src = "tray" if b == "hand" else "hand"
        out.append(Act(verb, int(n), a, b, src=src))
    return tuple(out)


def _read_marker(params: dict[str, Any], effect: str, event_name: str) -> Act:
    """`{marker: {place: NAME}}` on the event's region, or `{marker: {remove: NAME, region:
    this|all}}`; ParamError when it could never act."""
    for k in params:
        if k not in MARKER_PARAMS:
            raise ParamError(reason("trigger_verb_param", effect=effect, verb="marker", param=k,
                                    known=", ".join(MARKER_PARAMS)))
    place, remove = params.get("place"), params.get("remove")
    if (place is None) == (remove is None):
        raise ParamError(reason("trigger_marker_one", effect=effect))
    name = place if place is not None else remove
    if not isinstance(name, str) or not name:
        raise ParamError(reason("trigger_if_names", effect=effect, word="marker", value=name))
    where = params.get("region", "this")
    if where not in ("this", "all") or (where == "all" and place is not None):
        raise ParamError(reason("trigger_verb_word", effect=effect, verb="marker", param="region", value=where,
                                known="this" if place is not None else "this, all"))
    if where == "this" and event_name not in REGION_EVENTS:
        raise ParamError(reason("trigger_needs_region", effect=effect, word="marker", event=event_name,
                                known=", ".join(sorted(REGION_EVENTS))))
    box = params.get("box", MARKER_BOX)
    if "box" in params and place is None:
        raise ParamError(reason("trigger_verb_param", effect=effect, verb="marker", param="box",
                                known="place, remove, region"))
    if not isinstance(box, int) or isinstance(box, bool) or box < 1:
        raise ParamError(reason("param_at_least_one", effect=effect, param="marker box", value=box))
    return Act("marker", box, "place" if place is not None else "remove", str(where), name=name)


def _read_roll(params: dict[str, Any], whose: str, effect: str, event_name: str) -> Act:
    """`{roll: {results: {FACE: [ACTIONS], ...}}}`: the reinforcement die rolled, the actions
    of the face it shows played (a face not named: nothing)."""
    results = params.get("results")
    if set(params) - {"results"} or not isinstance(results, dict) or not results:
        raise ParamError(reason("trigger_roll_shape", effect=effect, value=params))
    faces: list[tuple[Act, ...]] = [() for _ in DIE_FACES]
    for face, acts in results.items():
        if face not in DIE_FACES or isinstance(face, bool):
            raise ParamError(reason("trigger_roll_face", effect=effect, value=face))
        faces[face] = read_actions(acts, whose, effect, event_name)
    return Act("roll", 0, "me", "", faces=tuple(faces))


def _read_ask(params: dict[str, Any], whose: str, effect: str, event_name: str) -> Act:
    """`{ask: {choices: [{label: L, do: [ACTIONS]}, ...]}}`: the owner chooses one (a decision
    through the waiting queue), whose actions are then played; `do: []` chooses nothing."""
    choices = params.get("choices")
    if set(params) - {"choices"} or not isinstance(choices, list) or len(choices) < 2:
        raise ParamError(reason("trigger_ask_shape", effect=effect, value=params))
    labels: list[str] = []
    faces: list[tuple[Act, ...]] = []
    for c in choices:
        if not isinstance(c, dict) or set(c) - {"label", "do"} or not isinstance(c.get("label"), str) \
                or not c["label"] or c["label"] in labels:
            raise ParamError(reason("trigger_ask_shape", effect=effect, value=c))
        labels.append(c["label"])
        acts = c.get("do", [])
        faces.append(() if acts == [] else read_actions(acts, whose, effect, event_name))
    return Act("ask", 0, "me", "", faces=tuple(faces), labels=tuple(labels))


def read_conditions(raw: Any, event_name: str, whose: str, effect: str) -> tuple[Cond, ...]:
    """The `if` mapping checked and read; ParamError at the first condition that could never be
    asked of this event or could never hold."""
    if raw is None:
        return ()
    if not isinstance(raw, dict) or not raw:
        raise ParamError(reason("trigger_if_shape", effect=effect, value=raw, known=", ".join(CONDITIONS)))
    out: list[Cond] = []
    for word, v in raw.items():
        if word not in CONDITIONS:
            raise ParamError(reason("trigger_if_word", effect=effect, value=word, hint=near(word, CONDITIONS),
                                    known=", ".join(CONDITIONS)))
        if word in COUNTS or word == "face":
            lo, hi = _bounds(v, word, effect)
            if word == "face":
                if event_name != "die_rolled":
                    raise ParamError(reason("trigger_if_event", effect=effect, word=word, event=event_name,
                                            known="die_rolled"))
                if lo > DIE_FACES[-1]:
                    raise ParamError(reason("trigger_if_never", effect=effect, word=word, value=v))
            out.append(Cond(word, lo, hi))
        elif word == "marker":
            if event_name not in MARKER_EVENTS:
                raise ParamError(reason("trigger_if_event", effect=effect, word=word, event=event_name,
                                        known=", ".join(sorted(MARKER_EVENTS))))
            if not isinstance(v, str) or not v:
                raise ParamError(reason("trigger_if_names", effect=effect, word=word, value=v))
            out.append(Cond(word, names=(v,)))
        elif word.startswith("other_"):
            if other_side(event_name, whose) is None:
                raise ParamError(reason("trigger_if_other", effect=effect, word=word, event=event_name))
            if word == "other_in_decline":
                if not isinstance(v, bool):
                    raise ParamError(reason("param_kind", param=f"if {word}", effect=effect,
                                            want=reason("kind_bool"), value=v))
                out.append(Cond(word, names=("true",) if v else ("false",)))
            else:
                names = v if isinstance(v, list) else [v]
                if not names or not all(isinstance(x, str) and x for x in names):
                    raise ParamError(reason("trigger_if_names", effect=effect, word=word, value=v))
                out.append(Cond(word, names=tuple(names)))
        else:
            if event_name not in REGION_EVENTS:
                raise ParamError(reason("trigger_needs_region", effect=effect, word=word, event=event_name,
                                        known=", ".join(sorted(REGION_EVENTS))))
            if not isinstance(v, str) or not v:
                raise ParamError(reason("trigger_if_names", effect=effect, word=word, value=v))
            out.append(Cond(word, names=(v,)))
    return tuple(out)


#: the reinforcement die's faces
DIE_FACES: tuple[int, ...] = (0, 1, 2, 3)


def _bounds(v: Any, word: str, effect: str) -> tuple[int, int]:
    """A count condition's (at least, at most: -1 for no bound): one number (exactly), or
    `{at_least: N, at_most: M}`."""
    def num(x: Any) -> int:
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise ParamError(reason("trigger_if_count", effect=effect, word=word, value=v))
        return x
    if isinstance(v, dict):
        if not v or set(v) - {"at_least", "at_most"}:
            raise ParamError(reason("trigger_if_count", effect=effect, word=word, value=v))
        lo = num(v.get("at_least", 0))
        hi = num(v["at_most"]) if "at_most" in v else -1
        if hi >= 0 and lo > hi:
            raise ParamError(reason("trigger_if_never", effect=effect, word=word, value=v))
        if lo == 0 and hi < 0:
            raise ParamError(reason("trigger_if_always", effect=effect, word=word, value=v))
        return lo, hi
    n = num(v)
    return n, n



def check_verb_params(effect: str, verb: str, params: dict[str, Any], defaults: dict[str, Any],
                      words: dict[str, Any]) -> None:
    """Each parameter of the action `verb` is one it takes (`defaults`), with one of the words
    it knows where it knows words (`words`); else the file is refused, naming it (a trigger's and
    a replacement's actions alike)."""
    for k, v in params.items():
        if k not in defaults:
            raise ParamError(reason("trigger_verb_param", effect=effect, verb=verb, param=k,
                                    known=", ".join(defaults)))
        known = words.get(k)
        if known is not None and v not in known:
            raise ParamError(reason("trigger_verb_word", effect=effect, verb=verb, param=k, value=v,
                                    known=", ".join(known)))

class Trigger(Ability):
    """When the event happens, heard on the side `whose` (or by `anyone`), if `where`, `when`
    and `if` hold, the actions of `do` happen in order: coins moved, tokens lost or gained, by
    any party of the event, each opponent or the neighbours; markers placed or removed; the die
    rolled for the actions of its face; a choice asked of the owner."""

    markers_from_any: ClassVar[bool] = True
    intents: ClassVar[tuple[str, ...]] = ("use",)         # the answer to an `ask`
    params: ClassVar[dict[str, Any]] = {"event": "region_conquered", "whose": "attacker", "where": {},
                                        "when": "always", "if": None, "do": []}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"event": tuple(EVENTS), "whose": (*SIDES, "anyone")}
    param_docs: ClassVar[dict[str, str]] = {
        "event": "what it hears: region_conquered (a region taken, by any way of conquering), turn_started, "
                 "turn_ended, declined, tokens_lost (in a conquest or a region emptied), combo_picked, "
                 "die_rolled (the final attempt's die), marker_placed (by a trigger), marker_entered (a region "
                 "carrying a marker conquered or moved into)",
        "whose": "which party it listens on: attacker or defender (region_conquered), mover (turn_started, "
                 "turn_ended), decliner, loser or attacker (tokens_lost), picker, roller, placer, mover or holder "
                 "(marker_entered: who entered, whose marker it is); or anyone (but region_conquered); the "
                 "event's own party by default",
        "where": "which regions (see *where*; region_conquered: read as the region was, `occupant` "
                 "on the attacker's side only; the other events with a region: the region now)",
        "when": "which turns (see *when*)",
        "if": "conditions: tokens_in_hand, coins, regions (a number or {at_least, at_most}); other_race, "
              "other_power, other_in_decline (the other side); holds_marker, next_to_marker (the "
              "event's region); face (die_rolled); marker (the marker event's marker, still there)",
        "do": "the actions, in order: {coins: {amount, from, to}} with bank / me / a party / each_opponent / "
              "neighbours; {tokens: {count, of, from, to}} with from tray / hand / region, to tray / out / hand; "
              "{marker: {place: NAME, box: N}} or {marker: {remove: NAME, region: this|all}}; "
              "{roll: {results: {FACE: [ACTIONS]}}}; last, {ask: {choices: [{label, do: [ACTIONS]}, ...]}} "
              "(the owner chooses, a decision of its own)",
    }

    def __init__(self, **kw: Any) -> None:
        event_name = kw.get("event", "region_conquered")
        if "whose" not in kw and event_name in EVENTS:
            kw["whose"] = EVENTS[event_name][0]
        super().__init__(**kw)
        event_name, whose = str(self.p["event"]), str(self.p["whose"])
        if whose not in EVENTS[event_name] and (whose != "anyone" or event_name == "region_conquered"):
            heard = [*EVENTS[event_name], *(() if event_name == "region_conquered" else ("anyone",))]
            raise ParamError(reason("trigger_whose_event", effect=self.name, whose=whose, event=event_name,
                                    known=", ".join(heard)))
        if self.p["where"] and event_name not in REGION_EVENTS:
            raise ParamError(reason("trigger_needs_region", effect=self.name, word="where", event=event_name,
                                    known=", ".join(sorted(REGION_EVENTS))))
        self.occupant, self.where = conquest_where(self.p["where"], self.name)
        if self.occupant and (whose != "attacker" or event_name != "region_conquered"):
            raise ParamError(reason("trigger_defender_occupant", effect=self.name))
        check_when(str(self.p["when"]), self.name)
        self.conds = read_conditions(self.p["if"], event_name, whose, self.name)
        self.acts = read_actions(self.p["do"], whose, self.name, event_name)
        if event_name == "declined" and whose == "decliner" and not self.in_decline \
                and any(x.verb == "ask" for x in _all_acts(self.acts)):
            raise ParamError(reason("trigger_ask_declined", effect=self.name))
        self.whose = whose
        self.event = event_name
        self.other = other_side(event_name, whose)

    def quiet_hooks(self) -> frozenset[str]:
        if self.event != "region_conquered":
            return frozenset({"after_region_lost", "after_conquest"})
        return frozenset({"after_region_lost"} if self.whose == "attacker" else {"after_conquest"})

    def events_heard(self) -> frozenset[str]:
        return frozenset() if self.event == "region_conquered" else frozenset({self.event})

    def markers_needed(self) -> tuple[str, ...]:
        placed = {a.name for a in _all_acts(self.acts) if a.verb == "marker" and a.a == "place"}
        needed = [c.names[0] for c in self.conds if c.word in ("holds_marker", "next_to_marker", "marker")]
        needed += [a.name for a in _all_acts(self.acts) if a.verb == "marker" and a.a == "remove"]
        return tuple(dict.fromkeys(n for n in needed if n not in placed))

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return tuple(MarkSpec(name, source) for name in self._placed())

    def marker_box(self) -> dict[str, int]:
        return {a.name: a.n for a in _all_acts(self.acts) if a.verb == "marker" and a.a == "place"}

    # -- an `ask`: the decision, answered with `use: {effect: trigger, choice: LABEL}` ---------
    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        got = _asked_now(s, seat)
        return [Use(self.name, choice=label) for label in got[0].labels] if got is not None else []

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        other = not_this_move(self.name, action)
        if other is not None or not isinstance(action, Use):
            return other
        got = _asked_now(s, seat)
        if got is None:
            return reason("no_decision_asked", effect=self.name)
        if action.choice not in got[0].labels:
            return reason("trigger_ask_choice", value=action.choice, known=", ".join(got[0].labels))
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        got = _asked_now(s, seat)
        assert got is not None
        act, data = got
        answered(s)
        event(events, "use", seat=seat, effect=self.name, choice=action.choice)
        play(s, act.faces[act.labels.index(action.choice)], dict(data["seats"]), dict(data["races"]),
             data["region"], seat, data["race"], events, chance)

    def _placed(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(a.name for a in _all_acts(self.acts) if a.verb == "marker" and a.a == "place"))

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        if self.occupant and not held_before(self.occupant, seat, victim):
            return
        r = s.regions[rid]
        if not self._holds(s, seat, r.race, rid):
            return
        defender = victim.owner if victim.tokens else None
        if self.conds and not self._if(s, seat, r.race, rid, None, defender, victim.race, victim.decline):
            return
        do_acts(s, self.acts, rid, seat, defender, victim.race, events, seat, r.race, chance)

    def after_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, victim: Victim,
                          events: list[dict[str, Any]], chance: Any = None) -> None:
        if not self._holds(s, seat, victim.race, rid):
            return
        r = s.regions[rid]
        if self.conds and not self._if(s, seat, victim.race, rid, None, attacker, r.race, r.decline):
            return
        do_acts(s, self.acts, rid, attacker, seat, victim.race, events, seat, victim.race, chance)

    def hear(self, s: "GameState", seat: int, race: str, in_decline: bool, heard: "Heard",
             events: list[dict[str, Any]], chance: Any = None) -> None:
        if self.whose != "anyone" and heard.seats.get(self.whose) != seat:
            return
        rid = heard.region
        if not self._holds(s, seat, race, rid):
            return
        if self.conds:
            oseat = heard.seats.get(self.other) if self.other else None
            orace = heard.races.get(self.other) if self.other else None
            odecl = orace is not None and oseat is not None and s.players[oseat].hold(orace)[1]
            if not self._if(s, seat, race, rid, heard.face, oseat, orace, odecl, heard.marker):
                return
        play(s, self.acts, heard.seats, heard.races, rid, seat, race, events, chance)

    def _holds(self, s: "GameState", seat: int, race: str | None, rid: str | None) -> bool:
        if self.p["when"] != "always" and not when_holds(str(self.p["when"]), s, seat, race):
            return False
        return not self.where or rid is None or self.where.holds(s, seat, race, rid)

    def _if(self, s: "GameState", seat: int, race: str | None, rid: str | None, face: int | None,
            oseat: int | None, orace: str | None, odecl: bool, marker: str | None = None) -> bool:
        """Every `if` condition holds for the owner (`seat`, `race`), the event's region and
        face, and the other side (`oseat`'s `orace`, In Decline: `odecl`)."""
        for c in self.conds:
            w = c.word
            if w in COUNTS or w == "face":
                if w == "face":
                    n = face if face is not None else -1
                elif w == "coins":
                    n = s.players[seat].coins
                elif race is None:
                    n = 0
                elif w == "regions":
                    n = len(s.regions_of(seat, race))
                else:
                    hold = s.players[seat].hold(race)[0]
                    n = hold.hand if hold is not None else 0
                if n < c.lo or (c.hi >= 0 and n > c.hi):
                    return False
            elif w == "other_in_decline":
                if oseat is None or orace is None or odecl != (c.names[0] == "true"):
                    return False
            elif w == "other_race":
                if orace not in c.names:
                    return False
            elif w == "other_power":
                hold = s.players[oseat].hold(orace)[0] if oseat is not None and orace else None
                if hold is None or hold.power not in c.names:
                    return False
            elif w == "marker":            # the event's marker, still on its region
                if marker != c.names[0] or (rid is not None and marker not in s.regions[rid].marks):
                    return False
            elif rid is None:
                return False
            elif w == "holds_marker":
                if c.names[0] not in s.regions[rid].marks:
                    return False
            elif not any(c.names[0] in s.regions[n].marks for n in s.board.neighbours(rid)):
                return False
        return True


def do_acts(s: "GameState", acts: tuple[Act, ...], rid: str, attacker: int, defender: int | None,
            defender_race: str | None, events: list[dict[str, Any]], me: int | None = None,
            my_race: str | None = None, chance: Any = None) -> None:
    """The actions of a trigger (or of a block that is a shorthand of one) after the conquest
    of `rid` by `attacker` from `defender` (None: no player held it), in order; `me` and
    `my_race`, the owner's (the attacker's by default), name whom `each_opponent` and
    `neighbours` are about."""
    play(s, acts, {"attacker": attacker, "defender": defender},
         {"attacker": s.regions[rid].race, "defender": defender_race}, rid,
         attacker if me is None else me, my_race, events, chance)


def play(s: "GameState", acts: tuple[Act, ...], seats: dict[str, int | None], races: dict[str, str | None],
         rid: str | None, me: int, my_race: str | None, events: list[dict[str, Any]], chance: Any = None) -> None:
    """The actions in order, for an event whose parties are `seats` (with their `races`) about
    the region `rid` (or None), heard by the race `my_race` of `me`; `chance` rolls the die
    of a `roll` (a recorded chance step: replay, undo and load give the same face)."""
    for act in acts:
        if act.verb == "marker":
            marker_act(s, act.a, act.name, act.b == "all", rid, me, my_race, events, chance)
            continue
        if act.verb == "ask":
            if my_race is not None:              # the owner decides; the rest waits for it
                ask(s, me, my_race, "trigger", {"ask": ask_key(act), "seats": seats, "races": races,
                                                "region": rid, "race": my_race})
            continue
        if act.verb == "roll":
            face = chance.roll()
            event(events, "rolled", seat=me, face=face)
            play(s, act.faces[face], seats, races, rid, me, my_race, events, chance)
            continue
        if act.verb == "coins":
            for payer in _who(s, act.a, seats, me, my_race):
                for payee in _who(s, act.b, seats, me, my_race):
                    if payer == payee or (payer is None and act.a != "bank") or (payee is None and act.b != "bank"):
                        continue                # no such player in this event (an empty region)
                    got = pay(s, payer, payee, act.n)
                    if got:
                        events.append({"type": "coins", "seat": payer, "to": payee, "coins": got})
            continue
        for who in _who(s, act.a, seats, me, my_race):
            if who is None:
                continue
            race = my_race if act.a == "me" else races.get(act.a) if act.a in races else _active_race(s, who)
            if race is None:
                continue
            hold, _ = s.player_w(who).hold(race)
            if hold is not None:
                _tokens(s, act, who, hold, rid, events)


def ask_key(act: Act) -> str:
    """A name for an `ask` that a saved game keeps: its labels and what they do."""
    return f"{zlib.crc32(repr(act).encode()):08x}:" + "|".join(act.labels)


def _asked_now(s: "GameState", seat: int) -> tuple[Act, dict[str, Any]] | None:
    """The `ask` of one of `seat`'s triggers awaited now, with what it was asked about."""
    p = s.players[seat]
    for h in ([p.active] if p.active is not None else []) + list(p.declines):
        data = asked_of(s, seat, h.race, "trigger")
        if data is None:
            continue
        for ab in s.catalog.effects_of(h.race, h.power):
            if isinstance(ab, Trigger):
                for a in _all_acts(ab.acts):
                    if a.verb == "ask" and ask_key(a) == data.get("ask"):
                        return a, data
    return None


def _all_acts(acts: tuple[Act, ...]) -> list[Act]:
    """The actions with those of each face of a `roll`, in order."""
    out: list[Act] = []
    for a in acts:
        out.append(a)
        for face in a.faces:
            out.extend(_all_acts(face))
    return out


def _who(s: "GameState", word: str, seats: dict[str, int | None], me: int, my_race: str | None) -> list[int | None]:
    """The seats a subject names (None: the bank, or a party the event does not have)."""
    if word == "bank":
        return [None]
    if word == "me":
        return [me]
    if word == "each_opponent":
        return [x for x in range(len(s.players)) if x != me]
    if word == "neighbours":
        return _neighbours(s, me, my_race)
    return [seats.get(word)]


def _neighbours(s: "GameState", me: int, race: str | None) -> list[int | None]:
    """The other players with tokens in a region next to one of the race `race` of `me`."""
    found: set[int] = set()
    for rid in s.regions_of(me, race) if race else ():
        for n in s.board.neighbours(rid):
            r = s.regions[n]
            if r.tokens and r.owner is not None and r.owner != me:
                found.add(r.owner)
    return sorted(found)            # type: ignore[return-value]


def _active_race(s: "GameState", seat: int) -> str | None:
    hold = s.players[seat].active
    return hold.race if hold is not None else None


def _tokens(s: "GameState", act: Act, who: int, hold: "RaceHold", rid: str | None,
            events: list[dict[str, Any]]) -> None:
    """One `tokens` action on the race `hold` of `who`: gained from the tray, or lost from the
    event's region (down to its least per region), from hand, or (a conquest's own reading)
    the attacker's from the region just taken first, then from hand."""
    if act.b == "hand" and act.src == "region":
        _back_to_hand(s, act, who, hold, rid, events)
        return
    if act.b == "hand":
        got = take_tray(s, hold.race, act.n)
        hold.hand += got
        if got:
            _record(events, act.record, who, hold.race, rid, got)
        return
    off = 0
    if rid is not None and (act.src == "region" or (not act.src and act.a == "attacker")):
        r = s.regions[rid]
        if r.owner == who and r.race == hold.race:
            least = least_tokens(s, who, s.catalog.effects_of(hold.race, hold.power))
            off = min(act.n, max(0, r.tokens - least))
            if off:
                s.reg_w(rid).tokens -= off
    hand = 0 if act.src == "region" else min(act.n - off, hold.hand)
    hold.hand -= hand
    if off + hand:
        lose_tokens(s, hold.race, off + hand, out=act.b == "out")
        lost = off + hand
        _record(events, act.record, who, hold.race, rid, -lost if act.record == "effect_tokens" else lost)


def _back_to_hand(s: "GameState", act: Act, who: int, hold: "RaceHold", rid: str | None,
                  events: list[dict[str, Any]]) -> None:
    """Tokens of `who`'s race taken back from the event's region into hand, down to the least
    a region keeps (none when the region is not that race's)."""
    if rid is None:
        return
    r = s.regions[rid]
    if r.owner != who or r.race != hold.race:
        return
    least = least_tokens(s, who, s.catalog.effects_of(hold.race, hold.power))
    n = min(act.n, max(0, r.tokens - least))
    if n:
        s.reg_w(rid).tokens -= n
        hold.hand += n
        event(events, "withdraw", seat=who, race=hold.race, counts={rid: n})


def _record(events: list[dict[str, Any]], kind: str, seat: int, race: str, rid: str | None, n: int) -> None:
    if rid is None:
        event(events, "trigger_tokens", seat=seat, race=race, tokens=n)
    else:
        event(events, kind, seat=seat, race=race, region=rid, tokens=n)


register("trigger", Trigger)
