"""Block `replace`: the rule language's replacement — "instead of EVENT, do these actions" —
owned by either side of a fight (`whose`: `attacker`, the race that conquers; `defender`, the
race whose region is taken). Two events can be replaced, each asked before anything moves:

- `tokens_lost`: the defender's loss when a region of his is conquered (R4's one token). `do`
  says what happens instead: `[]` (he loses none), `{tokens: {count: N, of: defender, from:
  region, to: tray|out}}` (he loses N, to the tray or out of the game; a lone token is lost
  all the same), and `{coins: {amount, from, to}}` moved as well.
- `scored`: the coin a region of the holder's scores at the end of his turn (R7), heard by
  its `holder`: `[]` (it scores nothing) or `{coins: {amount: N, from: bank, to: me}}` (N
  coins instead of one; what other blocks add still comes).
- `region_conquered`: the conquest itself, its price and permission. `do` lists coins
  actions, then `conquer` (the conquest goes on as the rules say) or `fail` (it does not).
  `{coins: {..., required: true}}` refuses the conquest when the one who conquers cannot pay
  it, and `fail` refuses it outright: either way `legal_actions` does not list the conquest,
  and a player who asks for it is told why. Required coins are paid first, the others in
  the order written, once the conquest is sure.

`if` holds the conditions: `where` (the event's region, as it was before the conquest), `when`
(the turn), `other_in_decline` (the defender's race is In Decline; on the attacker's side).
In one race's (or power's) list, at most one replacement of an event on one side applies: the
first written whose `if` holds, so "instead of" never loops. The defender's replacement of
`tokens_lost` is asked before the attacker's, and when it applies the attacker's is not.

Blocks that are named shorthands of a replacement (`coins_when_conquered`) read their
parameters into its actions (`as_replace`) and play them with `conquest_coins` / `pay_acts`.

YAML: `{replace: {instead_of: region_conquered, whose: defender, do: [{coins: {amount: 1,
from: attacker, to: me, required: true}}, conquer]}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Mapping, NamedTuple

from ..errors import ParamError
from ..lent import lent_parts
from ..reasons import Reason, reason
from ..resolution import pay
from .base import Ability, Fight, near, register
from .markers import counted_regions, region_coins
from .trigger import check_verb_params
from .when import check_when, when_holds
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold

#: the events a replacement takes, and the events of the design that cannot be replaced (or
#: not yet): named in the refusal
EVENTS: tuple[str, ...] = ("tokens_lost", "region_conquered", "scored")
NOT_YET: tuple[str, ...] = ("die_rolled", "combo_picked", "combo_passed_over")
SIDES: tuple[str, ...] = ("attacker", "defender", "holder")
#: the verbs of each event's `do`, and the words each verb parameter accepts
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "coins": {"from": ("bank", "attacker", "defender", "me"), "to": ("me", "attacker", "defender", "bank")},
    "tokens": {"of": ("defender", "me"), "from": ("region",), "to": ("tray", "out")},
}
DEFAULTS: dict[str, dict[str, Any]] = {
    "coins": {"amount": 1, "from": "bank", "to": "me", "required": False},
    "tokens": {"count": 1, "of": "defender", "from": "region", "to": "tray"},
}
VERBS: dict[str, tuple[str, ...]] = {"tokens_lost": ("coins", "tokens"),
                                     "region_conquered": ("coins", "conquer", "fail"), "scored": ("coins",)}
#: the conditions `if` takes
CONDITIONS: tuple[str, ...] = ("where", "when", "other_in_decline")


class Coins(NamedTuple):
    """A coins action, its subjects said as sides of the fight (or `bank`)."""

    n: int
    payer: str
    payee: str
    required: bool = False


def read_do(raw: Any, event: str, whose: str, effect: str) -> tuple[tuple[Coins, ...], int | None, bool, bool]:
    """The `do` list checked and read: its coins actions, the tokens lost (None: no tokens
    action), whether they leave the game, and whether the conquest fails. ParamError at the
    first word that could never act."""
    if not isinstance(raw, list):
        raise ParamError(reason("trigger_do_shape", effect=effect, value=raw, known=", ".join(VERBS[event])))
    coins: list[Coins] = []
    lost: int | None = None
    out = fail = False
    ends = [x for x in raw if x in ("conquer", "fail")]
    if event == "region_conquered":
        if len(ends) != 1 or raw[-1] not in ("conquer", "fail"):
            raise ParamError(reason("replace_end", effect=effect, value=" and ".join(ends) or "neither"))
        fail = raw[-1] == "fail"
        if fail and len(raw) > 1:
            raise ParamError(reason("replace_fail_alone", effect=effect))
        if not fail and len(raw) == 1:
            raise ParamError(reason("replace_conquer_alone", effect=effect))
    for item in raw:
        if item in ("conquer", "fail") and event == "region_conquered":
            continue
        if not isinstance(item, dict) or len(item) != 1:
            raise ParamError(reason("trigger_do_shape", effect=effect, value=item, known=", ".join(VERBS[event])))
        (verb, params), = item.items()
        if verb not in VERBS[event] or verb not in DEFAULTS:
            raise ParamError(reason("trigger_do_shape", effect=effect, value=verb, known=", ".join(VERBS[event])))
        params = {} if params is None else params
        if not isinstance(params, dict):
            raise ParamError(reason("trigger_do_shape", effect=effect, value=item, known=", ".join(VERBS[event])))
        check_verb_params(effect, verb, params, DEFAULTS[verb], WORDS[verb])
        p = {**DEFAULTS[verb], **params}
        count = "amount" if verb == "coins" else "count"
        n = p[count]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ParamError(reason("param_at_least_one", effect=effect, param=f"{verb} {count}", value=n))
        if verb == "tokens":
            if p["of"] == "me" and whose != "defender":
                raise ParamError(reason("replace_tokens_of", effect=effect))
            if lost is not None:
                raise ParamError(reason("replace_tokens_twice", effect=effect))
            lost, out = int(n), p["to"] == "out"
            continue

        def side(word: str) -> str:
            return whose if word == "me" else word
        payer, payee = side(str(p["from"])), side(str(p["to"]))
        if payer == payee:
            raise ParamError(reason("trigger_coins_same", effect=effect, who=p["from"], other=p["to"]))
        required = p["required"]
        if not isinstance(required, bool):
            raise ParamError(reason("trigger_verb_word", effect=effect, verb=verb, param="required", value=required,
                                    known="true, false"))
        if event == "scored" and ((payer, payee) != ("bank", whose) or coins or n == 1):
            raise ParamError(reason("replace_scored", effect=effect))
        if required and event != "region_conquered":
            raise ParamError(reason("replace_required_event", effect=effect))
        if required and (payer != "attacker" or (whose == "defender" and payee != "defender")):
            raise ParamError(reason("replace_required_payer", effect=effect,
                                    fix="from: attacker, to: me" if whose == "defender" else "from: me"))
        coins.append(Coins(int(n), payer, payee, required))
    return tuple(coins), lost, out, fail


def read_if(raw: Any, whose: str, effect: str) -> tuple[Where, str, bool | None]:
    """The conditions of `if`: a `where` of the event's region, a `when` word, and
    `other_in_decline` (None: not asked)."""
    raw = {} if raw is None else raw
    if not isinstance(raw, Mapping):
        raise ParamError(reason("replace_if_key", effect=effect, key=raw, hint="", known=", ".join(CONDITIONS)))
    for k in raw:
        if k not in CONDITIONS:
            raise ParamError(reason("replace_if_key", effect=effect, key=k, hint=near(k, CONDITIONS),
                                    known=", ".join(CONDITIONS)))
    where_raw = raw.get("where") or {}
    if isinstance(where_raw, Mapping) and "occupant" in where_raw:
        raise ParamError(reason("replace_occupant", effect=effect))
    where = Where.parse(where_raw, effect, "if where")
    when = str(raw.get("when", "always"))
    check_when(when, effect)
    other = raw.get("other_in_decline")
    if other is not None and not isinstance(other, bool):
        raise ParamError(reason("trigger_verb_word", effect=effect, verb="if", param="other_in_decline",
                                value=other, known="true, false"))
    if other is not None and whose != "attacker":
        raise ParamError(reason("replace_other_side", effect=effect))
    return where, when, other


class Replace(Ability):
    """Instead of an event (`instead_of`: the defender's tokens lost, the conquest itself, a
    region's coin), heard by the attacker's, the defender's or the holder's race (`whose`), the
    actions of `do` happen: tokens lost otherwise, coins moved, the conquest refused when they
    cannot be paid, a region scoring otherwise."""

    params: ClassVar[dict[str, Any]] = {"instead_of": "tokens_lost", "whose": "defender", "if": {}, "do": []}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"whose": SIDES}
    param_docs: ClassVar[dict[str, str]] = {
        "instead_of": "the event replaced: tokens_lost (the defender's loss in a conquest), "
                      "region_conquered (the conquest itself) or scored (a region's coin)",
        "whose": "which side owns it: attacker (your race conquers) or defender (a region of your "
                 "race is taken); holder (the region scoring, for scored)",
        "if": "conditions, all to hold: where (the event's region, see *where*), when (see *when*), "
              "other_in_decline (the defender's race; attacker's side only)",
        "do": "the actions instead: tokens_lost: [] (none lost), {tokens: {count, of: defender, "
              "from: region, to: tray / out}}, {coins: {amount, from, to}}; region_conquered: "
              "{coins: {amount, from, to, required}}, then conquer or fail; scored: [] (no coin) or "
              "{coins: {amount, from: bank, to: me}}",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        event, whose = str(self.p["instead_of"]), str(self.p["whose"])
        if event not in EVENTS:
            raise ParamError(reason("replace_event", effect=self.name, value=event, hint=near(event, EVENTS),
                                    known=", ".join(EVENTS),
                                    later=", ".join(NOT_YET)))
        if (whose == "holder") != (event == "scored"):
            raise ParamError(reason("replace_side", effect=self.name, event=event,
                                    sides="holder" if event == "scored" else "attacker or defender"))
        self.event, self.whose = event, whose
        self.where, self.when, self.other = read_if(self.p["if"], whose, self.name)
        self.coins, self.lost, self.out, self.fail = read_do(self.p["do"], event, whose, self.name)
        self.required = sum(c.n for c in self.coins if c.required)

    def quiet_hooks(self) -> frozenset[str]:
        fight = frozenset({"conquest_price", "conquest_refused", "on_region_lost", "may_target", "before_conquest"})
        if self.event == "scored":
            return fight | {"tokens_lost_instead"}
        if self.event == "tokens_lost":
            return fight | {"score"}
        quiet = {"tokens_lost_instead", "score"}
        if self.whose == "attacker":
            quiet |= {"conquest_price", "conquest_refused", "on_region_lost"}
        else:
            quiet |= {"may_target", "before_conquest"}
            if not self.required:
                quiet.add("conquest_price")
            if not self.fail:
                quiet.add("conquest_refused")
        return frozenset(quiet)

    # -- which replacement applies -----------------------------------------------------------
    def _holds(self, s: "GameState", seat: int, race: str | None, rid: str, other_decline: bool) -> bool:
        if self.when != "always" and not when_holds(self.when, s, seat, race):
            return False
        if self.other is not None and self.other != other_decline:
            return False
        return not self.where or self.where.holds(s, seat, race, rid)

    def _applies(self, s: "GameState", seat: int, hold: "RaceHold | None", rid: str, other_decline: bool) -> bool:
        """This replacement's `if` holds, and no replacement of the same event and side written
        before it in its race's (or power's) list does."""
        race = hold.race if hold is not None else None
        if not self._holds(s, seat, race, rid, other_decline):
            return False
        if hold is None:
            return True
        cat = s.catalog
        for source in (hold.race, *lent_parts(hold.power)):
            abil = cat.abilities.get(source, ()) if source else ()
            if self not in abil:
                continue
            for ab in abil:
                if ab is self:
                    return True
                if isinstance(ab, Replace) and ab.event == self.event and ab.whose == self.whose \
                        and ab._holds(s, seat, race, rid, other_decline):
                    return False
        return True

    def _decline_of(self, s: "GameState", rid: str) -> bool:
        r = s.regions[rid]
        return bool(r.tokens) and r.decline

    # -- tokens_lost -------------------------------------------------------------------------
    def tokens_lost_instead(self, s: "GameState", seat: int, fight: Fight,
                            events: list[dict[str, Any]]) -> tuple[int, bool] | None:
        if self.event != "tokens_lost" or (seat == fight.defender) != (self.whose == "defender"):
            return None
        hold, _ = self.hold_in(s, seat)
        if not self._applies(s, seat, hold, fight.rid, fight.defender_decline):
            return None
        pay_acts(s, self.coins, fight.attacker, fight.defender, events)
        return (self.lost or 0), self.out

    # -- region_conquered, the defender's ----------------------------------------------------
    def conquest_price(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool) -> int:
        if not self.required or self.whose != "defender":
            return 0
        hold, _ = self.hold_in(s, seat)
        return self.required if self._applies(s, seat, hold, rid, in_decline) else 0

    def conquest_refused(self, s: "GameState", seat: int, rid: str, attacker: int,
                         in_decline: bool) -> Reason | None:
        if not self.fail or self.whose != "defender":
            return None
        hold, _ = self.hold_in(s, seat)
        if not self._applies(s, seat, hold, rid, in_decline):
            return None
        return reason("replace_fails", s, region=rid, race=hold.race if hold else "")

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool,
                       events: list[dict[str, Any]]) -> None:
        if self.event != "region_conquered" or self.whose != "defender":
            return
        hold, _ = self.hold_in(s, seat)
        if self._applies(s, seat, hold, rid, in_decline):
            pay_acts(s, self.coins, attacker, seat, events, required=False)

    # -- region_conquered, the attacker's ----------------------------------------------------
    def may_target(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        if self.event != "region_conquered" or self.whose != "attacker":
            return None
        hold, _ = self.hold_in(s, seat)
        if not self._applies(s, seat, hold, rid, self._decline_of(s, rid)):
            return None
        if self.fail:
            return reason("replace_fails_own", s, region=rid, race=hold.race if hold else "")
        if self.required > s.players[seat].coins:
            return reason("replace_price", s, region=rid, coins=self.required)
        return None

    def before_conquest(self, s: "GameState", seat: int, hold: "RaceHold", rid: str,
                        events: list[dict[str, Any]]) -> None:
        if self.event != "region_conquered" or self.whose != "attacker":
            return
        if self._applies(s, seat, hold, rid, self._decline_of(s, rid)):
            r = s.regions[rid]
            defender = r.owner if r.tokens and r.owner != seat else None
            pay_acts(s, self.coins, seat, defender, events)


    # -- scored ------------------------------------------------------------------------------
    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        if self.event != "scored":
            return 0
        instead = sum(c.n for c in self.coins)
        own = s.regions_of(seat, hold.race)
        if s.catalog.counting_marks:          # marked regions that count as the race's
            own = own + counted_regions(s, seat, hold.race, hold.power)
        marked = bool(s.catalog.marks)
        n = 0
        for rid in own:
            if self._applies(s, seat, hold, rid, False):
                n += instead - (region_coins(s, rid, hold.race) if marked else 1)
        return n


def pay_acts(s: "GameState", coins: tuple[Coins, ...], attacker: int, defender: int | None,
             events: list[dict[str, Any]], required: bool | None = None) -> None:
    """The coins actions of a replacement (or of a block that is a shorthand of one) in a fight
    of `attacker` against `defender` (None: no player held the region), in order; with
    `required` False, only those not required (the engine took those as the conquest's price)."""
    seats = {"attacker": attacker, "defender": defender}
    for c in coins:
        if required is False and c.required:
            continue
        payer = None if c.payer == "bank" else seats[c.payer]
        payee = None if c.payee == "bank" else seats[c.payee]
        if (c.payer != "bank" and payer is None) or (c.payee != "bank" and payee is None) or payer == payee:
            continue
        got = pay(s, payer, payee, c.n)
        if got:
            events.append({"type": "coins", "seat": payer, "to": payee, "coins": got})


register("replace", Replace)
