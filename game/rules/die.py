"""The reinforcement die: the final conquest attempt (R5) as explicit steps — roll
(`final_attempt`), then any choice an effect allows after the roll (R23: a re-roll, `roll_again`;
Mercenary's coin), then settle (`settle_roll`) — and the die rolled before a conquest (Berserk,
`rolled_before_conquest`). The die waits in the turn's memory (`ROLLED`) only while such a choice
could still turn a short roll into a success. The Active race rolls it, or an In Decline race
that still conquers (Ghouls, R18), each with its own effects, and the same check says for both
whether an attempt may be made (`die_reason`).
"""
from __future__ import annotations

from typing import Any, Final, Iterable

from .abilities.base import Ability
from .actions import Settle
from .common import event
from .heard import Heard, tell
from .pricing import cost_of, least_tokens
from .reasons import Reason, reason, reason_n
from .resolution import take_region
from .state import REDEPLOY, GameState, Listed, RaceHold
from .targets import within_reach

ROLLED: Final = "rolled"   # turn memory: the final attempt's die, waiting for a choice after the roll
DIE_TOP: Final = 3         # the reinforcement die's highest face
#: turn memory: the face of a die rolled before a conquest (Berserk), waiting to come off the
#: next conquest's cost
BERSERK_DIE: Final = "berserk_die"
#: turn memory: the player's In Decline race that still conquers (Ghouls) made its final
#: attempt with the die this turn, and its conquests are over (R18)
DECLINE_DONE: Final = "ghouls_done"


def die_bonus(s: GameState, seat: int, rid: str, abil: Iterable[Ability] | None = None) -> int:
    """What the effects `abil` (default: those of `seat`'s Active race) add to the
    reinforcement die's face for a roll on `rid` (`Ability.die_bonus`; 0 when no effect of the
    catalog changes it)."""
    if "die_bonus" not in s.catalog.hooked:
        return 0
    if abil is None:
        hold = s.players[seat].active
        abil = s.catalog.effects_of(hold.race, hold.power) if hold is not None else ()
    return sum(ab.die_bonus(s, seat, rid) for ab in abil)


def brought(face: int, bonus: int) -> int:
    """The tokens the reinforcement die brings: its face with the effects' bonus, never below 0
    (a `die_modifier` taking tokens off a 0 brings nothing, it takes nothing from the hand)."""
    return max(0, face + bonus)


def die_reason(s: GameState, seat: int, rid: str, hold: RaceHold, abil: Iterable[Ability],
               cost: int) -> Reason | None:
    """Why `hold` (a race of `seat`, with the effects `abil`) may not make its final attempt with
    the die on `rid`, which costs `cost` (R5): fewer tokens in hand than any conquest moves (R23:
    Kobolds' 2), enough to take it outright, or short by more than the die can bring."""
    floor = least_tokens(s, seat, abil)
    if hold.hand < floor:
        return reason_n("needs_tokens", floor, cost=floor, hand=hold.hand)
    if cost <= hold.hand:
        return reason("enough_outright", s, region=rid)
    top = brought(DIE_TOP, die_bonus(s, seat, rid, abil))
    if cost - hold.hand > top:
        return reason("die_too_short", cost=cost, hand=hold.hand, short=cost - hold.hand - top)
    return None


def _may_roll_again(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...], cost: int,
                    bonus: int) -> bool:
    """An effect of `abil` lets the player roll the die again now, and a new roll could still
    succeed."""
    if "rerolls_left" not in s.catalog.hooked or hold.hand + brought(DIE_TOP, bonus) < cost:
        return False
    return any(ab.rerolls_left(s, seat) > 0 for ab in abil)


def _choice_could_save(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...], face: int,
                       cost: int, bonus: int) -> bool:
    """After a short roll, a choice an effect of `abil` allows after the roll could still make
    the attempt a success (R23): a discount paid then (Mercenary's coin, the Active race's only:
    a coin is paid for the Active race's conquests) that covers what is short, keeping the least
    a conquest moves (Kobolds' 2), or a re-roll left that could succeed."""
    if "discount_after_roll" in s.catalog.hooked and s.players[seat].active is hold:
        after = sum(ab.discount_after_roll(s, seat) for ab in abil)
        if after and hold.hand + brought(face, bonus) >= max(least_tokens(s, seat, abil), cost - after):
            return True
    return _may_roll_again(s, seat, hold, abil, cost, bonus)


def final_attempt(s: GameState, seat: int, hold: RaceHold, rid: str, cost: int, chance: Any,
                  events: list[dict[str, Any]], abil: tuple[Ability, ...] | None = None) -> None:
    """The final conquest attempt with the die (R5), as explicit steps: roll, show, then any
    choice an effect allows after the roll (R23: Mercenary's coin, a re-roll), then settle. The
    die waits (`turn.used[ROLLED]`) only when such a choice could still turn a short roll into a
    success; otherwise it is settled at once. An effect's `die_bonus` adds to the face (what the
    die brings never falls below 0, `brought`). `hold` is the Active race, or the In Decline
    race that still conquers (Ghouls, R18: `abil` are then its own effects in force, and the
    attempt ends its conquests, not the Active race's)."""
    if abil is None:
        abil = s.catalog.effects_of(hold.race, hold.power)
    in_decline = s.players[seat].active is not hold
    face = chance.roll()
    bonus = die_bonus(s, seat, rid, abil)
    ok = hold.hand + brought(face, bonus) >= cost
    race = hold.race if in_decline else None
    if not ok and _choice_could_save(s, seat, hold, abil, face, cost, bonus):
        s.turn.used[ROLLED] = {"region": rid, "face": face, **({"race": race} if race else {})}
        events.append(_die_event(seat, rid, face, cost - hold.hand, bonus, False, choice=True, race=race))
        return
    events.append(_die_event(seat, rid, face, cost - hold.hand, bonus, ok, race=race))
    _settle(s, seat, hold, rid, ok, chance, events, face)


def _die_event(seat: int, rid: str, face: int, needed: int, bonus: int, ok: bool,
               choice: bool = False, race: str | None = None) -> dict[str, Any]:
    """A `die` event: `needed` is the face the die had to show (the bonus taken off); `race` for
    an In Decline race's die (Ghouls)."""
    ev: dict[str, Any] = {"type": "die", "seat": seat, "region": rid, "face": face,
                          "needed": needed - bonus, "success": ok}
    if race:
        ev["race"] = race
    if bonus:
        ev["bonus"] = bonus
    if choice:
        ev["choice"] = True
    return ev


def _berserk_may_roll_again(s: GameState, seat: int, hold: RaceHold, abil: tuple[Ability, ...]) -> bool:
    """A re-roll is left for a die rolled before a conquest (Berserk), and its best face would
    bring some region within reach."""
    if "rerolls_left" not in s.catalog.hooked or not any(ab.rerolls_left(s, seat) > 0 for ab in abil):
        return False
    used = s.turn.used
    face = used[BERSERK_DIE]
    used[BERSERK_DIE] = DIE_TOP
    try:
        return within_reach(s, seat, hold, abil)
    finally:
        used[BERSERK_DIE] = face


def rolled_before_conquest(s: GameState, seat: int, hold: RaceHold, face: int,
                           events: list[dict[str, Any]]) -> None:
    """The die rolled before a conquest (Berserk) shows `face`, which waits (`BERSERK_DIE`) to
    come off the next conquest's cost. When it leaves every region out of reach, that roll was
    the final attempt (R5): a re-roll left that could still bring a region within reach makes
    it wait for that choice (R23, `turn.used[ROLLED]`); otherwise the conquests are over."""
    t = s.turn
    t.used[BERSERK_DIE] = face
    abil = s.catalog.effects_of(hold.race, hold.power)
    if within_reach(s, seat, hold, abil):
        event(events, "die", seat=seat, face=face, berserk=True)
        return
    if _berserk_may_roll_again(s, seat, hold, abil):
        t.used[ROLLED] = {"berserk": True, "face": face}
        event(events, "die", seat=seat, face=face, berserk=True, choice=True)
        return
    event(events, "die", seat=seat, face=face, berserk=True)
    _berserk_over(s, seat, face, events)


def _berserk_over(s: GameState, seat: int, face: int, events: list[dict[str, Any]]) -> None:
    """A die rolled before a conquest brought no region within reach: conquests are over."""
    s.turn.used.pop(BERSERK_DIE, None)
    s.turn.phase = REDEPLOY
    event(events, "last_attempt", seat=seat, face=face)


def rolling(s: GameState, seat: int, write: bool = False) -> tuple[RaceHold, tuple[Ability, ...]]:
    """The race whose die waits for a choice after the roll — the Active race, or the In Decline
    one named in `turn.used[ROLLED]` (Ghouls) — and its effects in force."""
    race = s.turn.used[ROLLED].get("race")
    p = s.player_w(seat) if write else s.players[seat]
    if race is None:
        hold = p.active
        assert hold is not None
        return hold, s.catalog.effects_of(hold.race, hold.power)
    held = next(h for h in p.declines if h.race == race)
    return held, s.catalog.in_force(held.race, held.power, True)


def roll_again(s: GameState, seat: int, chance: Any, events: list[dict[str, Any]]) -> None:
    """The waiting die is rolled again (a re-roll chosen after the roll): the new face replaces
    the old. A re-roll is a roll: while it is still short the die waits again whenever a choice
    after the roll could still save it (R23) — another re-roll left, or the Mercenary's coin
    covering what is short — and is settled otherwise."""
    rolled = s.turn.used[ROLLED]
    hold, abil = rolling(s, seat, write=True)
    if rolled.get("berserk"):                   # a die rolled before a conquest
        face = chance.roll()
        s.turn.used[BERSERK_DIE] = face
        ok = within_reach(s, seat, hold, abil)
        again = not ok and _berserk_may_roll_again(s, seat, hold, abil)
        if ok:
            s.turn.used.pop(ROLLED)
        else:
            s.turn.used[ROLLED] = {"berserk": True, "face": face, **({"again": True} if again else {})}
        event(events, "die", seat=seat, face=face, berserk=True, **({"choice": True} if again else {}))
        return
    rid = str(rolled["region"])
    race = rolled.get("race")
    face = chance.roll()
    cost = cost_of(s, seat, rid, abil, hold).total
    bonus = die_bonus(s, seat, rid, abil)
    ok = hold.hand + brought(face, bonus) >= cost
    again = not ok and _choice_could_save(s, seat, hold, abil, face, cost, bonus)
    s.turn.used[ROLLED] = {"region": rid, "face": face, **({"race": race} if race else {}),
                           **({"again": True} if again else {})}
    events.append(_die_event(seat, rid, face, cost - hold.hand, bonus, ok, choice=again, race=race))


def settle_roll(s: GameState, seat: int, a: Settle, listed: Listed | None, chance: Any,
                events: list[dict[str, Any]]) -> None:
    """The die that waited for a choice after the roll is settled with what the player chose:
    the conquest succeeds if the tokens in hand and the face (with any bonus) now cover its cost.
    (The `Settle` intent, in the engine's signature: `engine._PLAYS` holds this function.)"""
    hold, abil = rolling(s, seat, write=True)
    rolled = s.turn.used.pop(ROLLED)
    if rolled.get("berserk"):                   # kept short: that was the last attempt
        _berserk_over(s, seat, int(rolled["face"]), events)
        return
    rid, face = str(rolled["region"]), int(rolled["face"])
    cost = cost_of(s, seat, rid, abil, hold).total
    bonus = die_bonus(s, seat, rid, abil)
    ok = hold.hand + brought(face, bonus) >= cost
    event(events, "die_settled", seat=seat, region=rid, face=face, needed=cost - hold.hand - bonus, success=ok,
          **({"race": rolled["race"]} if rolled.get("race") else {}))
    _settle(s, seat, hold, rid, ok, chance, events, face)


def _settle(s: GameState, seat: int, hold: RaceHold, rid: str, ok: bool, chance: Any,
            events: list[dict[str, Any]], face: int) -> None:
    """The final attempt's end: on success all the tokens in hand go in; either way the
    conquests of the race that rolled are over (the Active race's turn goes on to redeploy, an
    In Decline race's leaves the Active race to conquer, R18); then the effects listening to
    `die_rolled` hear of its `face`."""
    in_decline = s.players[seat].active is not hold
    race = hold.race
    if ok:
        take_region(s, seat, rid, events, chance, hold=hold, tokens=hold.hand, how="reinforce")
    if in_decline:
        s.turn.used[DECLINE_DONE] = True
    else:
        s.turn.phase = REDEPLOY
    if "die_rolled" in s.catalog.heard:
        tell(s, Heard("die_rolled", {"roller": seat}, {"roller": race}, rid, face), events, chance)


def roll_waiting(s: GameState) -> bool:
    """A final attempt's die waits for a choice after the roll (see `final_attempt`)."""
    return ROLLED in s.turn.used


def fresh_choice(s: GameState) -> None:
    """A move is about to be made while the die waits: forget that it was rolled again by the
    move before, so that only a re-roll made by this move keeps it waiting (`rolled_again`);
    the Mercenary's coin paid after a re-roll then settles it."""
    rolled = s.turn.used.get(ROLLED)
    if rolled and rolled.get("again"):
        s.turn.used[ROLLED] = {k: v for k, v in rolled.items() if k != "again"}


def rolled_again(s: GameState) -> bool:
    """The waiting die was just rolled again and waits for another choice (see `roll_again`)."""
    rolled = s.turn.used.get(ROLLED)
    return bool(rolled and rolled.get("again"))
