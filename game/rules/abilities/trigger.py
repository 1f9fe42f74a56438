"""Block `trigger`: the rule language's triggered ability, as far as it is built — "when a region
is conquered, if it matches `where` (and the turn `when`), do these actions", heard on either
side of the fight (`whose`: `attacker`, the race that conquers; `defender`, the race whose region
falls). The actions name whom they act on, so a defender's ability can strike the attacker:

- `{coins: {amount: N, from: bank|attacker|defender, to: me|attacker|defender|bank}}` — coins
  move at once; a player pays only what he has. `me` is the ability's owner.
- `{tokens: {count: N, of: attacker|defender|me, to: tray|out|hand}}` — tokens lost (`tray`,
  or `out` of the game for good) or gained (`hand`: taken from the tray, as far as it has them).
  The attacker's are lost from the region just taken first, down to his least per region, then
  from his hand; the defender's from his hand (his tokens have left the region).

Every way of conquering is heard (the die, the Dragon, a conversion, Ghouls), since all go
through the one conquest path; a defender whose In Decline race left the game with that region
(R22) hears nothing. `where` is read as the region was before the conquest (its `occupant` is
who held it, on the attacker's side only).

Blocks that are named shorthands of a trigger (`coins_on_conquest`, `attacker_loss`) read their
parameters into its actions (`read_actions`) and play them with `do_acts`, so what a conquest's
coins and tokens do is written here once.

YAML: `{trigger: {event: region_conquered, whose: defender, do: [{tokens: {count: 1, of: attacker}}]}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..common import event, lose_tokens, take_tray
from ..pricing import least_tokens
from ..reasons import reason
from ..resolution import pay
from .base import Ability, ParamError, Victim, register
from .when import check_when, when_holds
from .where import conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold

#: the events built so far, and the sides each is heard on
EVENTS: dict[str, tuple[str, ...]] = {"region_conquered": ("attacker", "defender")}
#: the verbs built so far, each with its parameters' accepted words (`amount`/`count` aside)
VERBS: dict[str, dict[str, tuple[str, ...]]] = {
    "coins": {"from": ("bank", "attacker", "defender", "me"), "to": ("me", "attacker", "defender", "bank")},
    "tokens": {"of": ("attacker", "defender", "me"), "to": ("tray", "out", "hand")},
}
#: each verb's parameters with their defaults
VERB_DEFAULTS: dict[str, dict[str, Any]] = {
    "coins": {"amount": 1, "from": "bank", "to": "me"},
    "tokens": {"count": 1, "of": "me", "to": "tray"},
}


class Act(NamedTuple):
    """One action of a trigger, its subjects already said as sides of the fight."""

    verb: str
    n: int
    a: str          # coins: who pays (a side or "bank"); tokens: whose
    b: str          # coins: who is paid (a side or "bank"); tokens: where they go
    #: tokens: the record of the tokens lost or gained — `effect_tokens` (signed), or a
    #: shorthand's own kind of loss, counted as tokens lost (`attacker_lost`)
    record: str = "effect_tokens"


def read_actions(raw: Any, whose: str, effect: str) -> tuple[Act, ...]:
    """The `do` list checked and read, `me` said as the owner's side; ParamError at the first
    action that is not well formed or could never act."""
    if not isinstance(raw, list) or not raw:
        raise ParamError(reason("trigger_do_empty", effect=effect))
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
        p = {**VERB_DEFAULTS[verb], **params}
        for k, v in params.items():
            if k not in VERB_DEFAULTS[verb]:
                raise ParamError(reason("trigger_verb_param", effect=effect, verb=verb, param=k,
                                        known=", ".join(VERB_DEFAULTS[verb])))
            words = VERBS[verb].get(k)
            if words is not None and v not in words:
                raise ParamError(reason("trigger_verb_word", effect=effect, verb=verb, param=k, value=v,
                                        known=", ".join(words)))
        count = "amount" if verb == "coins" else "count"
        n = p[count]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ParamError(reason("param_at_least_one", effect=effect, param=f"{verb} {count}", value=n))

        def side(word: str) -> str:
            return whose if word == "me" else word
        if verb == "coins":
            a, b = side(str(p["from"])), side(str(p["to"]))
            if a == b:
                raise ParamError(reason("trigger_coins_same", effect=effect, who=p["from"], other=p["to"]))
        else:
            a, b = side(str(p["of"])), str(p["to"])
        out.append(Act(verb, int(n), a, b))
    return tuple(out)


@register("trigger")
class Trigger(Ability):
    """When a region matching `where` is conquered, heard by the attacker's or the defender's
    race (`whose`), the actions of `do` happen in order: coins moved, tokens lost or gained, by
    either side of the fight."""

    params: ClassVar[dict[str, Any]] = {"event": "region_conquered", "whose": "attacker", "where": {},
                                        "when": "always", "do": []}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"event": tuple(EVENTS),
                                                     "whose": ("attacker", "defender")}
    param_docs: ClassVar[dict[str, str]] = {
        "event": "what it hears: region_conquered (a region taken, by any way of conquering)",
        "whose": "which side of the conquest it listens on: attacker (your race conquers) or "
                 "defender (a region of your race falls)",
        "where": "which regions (see *where*, read as the region was; `occupant`, who held it, "
                 "on the attacker's side only)",
        "when": "which turns (see *when*)",
        "do": "the actions, in order: {coins: {amount, from, to}} with bank / attacker / defender / "
              "me; {tokens: {count, of, to}} with of attacker / defender / me, to tray / out / hand",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        whose = str(self.p["whose"])
        self.occupant, self.where = conquest_where(self.p["where"], self.name)
        if self.occupant and whose == "defender":
            raise ParamError(reason("trigger_defender_occupant", effect=self.name))
        check_when(str(self.p["when"]), self.name)
        self.acts = read_actions(self.p["do"], whose, self.name)
        self.whose = whose

    def quiet_hooks(self) -> frozenset[str]:
        return frozenset({"after_region_lost"} if self.whose == "attacker" else {"after_conquest"})

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        if self.occupant and not held_before(self.occupant, seat, victim):
            return
        r = s.regions[rid]
        if not self._holds(s, seat, r.race, rid):
            return
        do_acts(s, self.acts, rid, seat, victim.owner if victim.tokens else None, victim.race, events)

    def after_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, victim: Victim,
                          events: list[dict[str, Any]], chance: Any = None) -> None:
        if not self._holds(s, seat, victim.race, rid):
            return
        do_acts(s, self.acts, rid, attacker, seat, victim.race, events)

    def _holds(self, s: "GameState", seat: int, race: str | None, rid: str) -> bool:
        if self.p["when"] != "always" and not when_holds(str(self.p["when"]), s, seat, race):
            return False
        return not self.where or self.where.holds(s, seat, race, rid)


def do_acts(s: "GameState", acts: tuple[Act, ...], rid: str, attacker: int, defender: int | None,
            defender_race: str | None, events: list[dict[str, Any]]) -> None:
    """The actions of a trigger (or of a block that is a shorthand of one) after the conquest
    of `rid` by `attacker` from `defender` (None: no player held it), in order."""
    seats = {"attacker": attacker, "defender": defender}
    for act in acts:
        if act.verb == "coins":
            payer = None if act.a == "bank" else seats[act.a]
            payee = None if act.b == "bank" else seats[act.b]
            if (act.a != "bank" and payer is None) or (act.b != "bank" and payee is None) or payer == payee:
                continue                # no such player in this fight (an empty region)
            got = pay(s, payer, payee, act.n)
            if got:
                events.append({"type": "coins", "seat": payer, "to": payee, "coins": got})
            continue
        who = seats[act.a]
        if who is None:
            continue
        hold = _hold_of(s, who, rid, act.a, defender_race)
        if hold is None:
            continue
        if act.b == "hand":
            got = take_tray(s, hold.race, act.n)
            hold.hand += got
            if got:
                event(events, act.record, seat=who, race=hold.race, region=rid, tokens=got)
            continue
        off = 0
        r = s.regions[rid]
        if act.a == "attacker" and r.owner == who and r.race == hold.race:
            least = least_tokens(s, who, s.catalog.effects_of(hold.race, hold.power))
            off = min(act.n, max(0, r.tokens - least))
            if off:
                s.reg_w(rid).tokens -= off
        hand = min(act.n - off, hold.hand)
        hold.hand -= hand
        if off + hand:
            lose_tokens(s, hold.race, off + hand, out=act.b == "out")
            lost = off + hand
            event(events, act.record, seat=who, race=hold.race, region=rid,
                  tokens=-lost if act.record == "effect_tokens" else lost)


def _hold_of(s: "GameState", seat: int, rid: str, side: str, defender_race: str | None) -> "RaceHold | None":
    """The race of `seat` in this fight: the attacker's is the one now in `rid`, the
    defender's the one that held it (if it is still in the game)."""
    race = s.regions[rid].race if side == "attacker" else defender_race
    if race is None:
        return None
    hold, _ = s.player_w(seat).hold(race)
    return hold
