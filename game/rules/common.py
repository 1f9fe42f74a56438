"""Small operations on a state being built, shared by the turn's steps and the abilities.

Which effects are in force for a race, whether a player may go into decline, the column and the race stack (refill, a vanished
banner coming back), a region left by its race (markers go), tokens placed by the default rule,
and the tray. All writers take the copy that `apply` is building. And the intents that name a
region alone, each made once (`made_once`).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, TypeVar

from .abilities.base import Ability
from .abilities.markers import set_mark
from .actions import Action, Decline
from .lent import LENT, lent_parts
from .reasons import Reason, reason
from .state import COLUMN_SIZE, CONQUER, Combo, GameState, RaceHold, RegionState

A = TypeVar("A", bound=Action)


def made_once(made: dict[str, A], kind: Callable[[str], A], rid: str) -> A:
    """The intent of class `kind` naming region `rid` alone, kept in `made` (a plain dict, one
    per class, filled as intents are first asked for): an intent is immutable and equal to any
    other naming the same region, so the one a listing offers again and again is made once
    (compiled, a dataclass's constructor runs interpreted), and is the same object each time
    (`apply` finds the intent chosen among those listed by identity). A plain dict, not a
    subclass of it that makes what it misses: compiled, a plain dict's lookup is a native call,
    a subclass's goes through Python's protocol. A caller that asks in a loop may look in
    `made` itself first, and call this on a miss."""
    got = made.get(rid)
    if got is None:
        got = made[rid] = kind(rid)
    return got


def effects(s: GameState, hold: RaceHold, in_decline: bool) -> Iterable[Ability]:
    """Effects in force for `hold`: all of them while Active, the `in_decline` ones after."""
    return s.catalog.in_force(hold.race, hold.power, in_decline)


def active_effects(s: GameState, seat: int) -> Iterable[Ability]:
    hold = s.players[seat].active
    return s.catalog.effects_of(hold.race, hold.power) if hold else ()


def refill_column(s: GameState, chance: Any) -> None:
    """Slide up is implicit (a list); reveal combos from the stacks until six are visible."""
    if len(s.column) >= COLUMN_SIZE or not s.race_stack:
        return
    s.supply_w()
    while len(s.column) < COLUMN_SIZE and s.race_stack:
        if not s.power_stack:
            if not s.power_discard:
                return
            s.power_stack = list(s.power_discard)
            s.power_discard = []
            chance.shuffle(s.power_stack)
        s.column.append(Combo(s.race_stack.pop(0), s.power_stack.pop(0)))


def return_banner(s: GameState, race: str, chance: Any) -> None:
    """A vanished race's banner goes to the lowest empty column slot, else under the stack (R8)."""
    s.supply_w()
    if len(s.column) < COLUMN_SIZE:
        s.race_stack.insert(0, race)
        refill_column(s, chance)
        if race in s.race_stack:           # no badge to pair it with: it waits on the stack
            s.race_stack.remove(race)
            s.race_stack.append(race)
    else:
        s.race_stack.append(race)


def decline_reason(s: GameState, seat: int, a: Decline | None = None) -> Reason | None:
    """Why `seat` may not go into decline now (R8: only at the start of a turn, instead of
    conquering); None when he may. (`a`: the intent, when the engine judges one: its table of
    judges, `engine._JUDGES`, holds this function.)"""
    p = s.players[seat]
    if p.active is None:
        return reason("no_active_to_decline")
    if s.turn.phase != CONQUER:
        return reason("cannot_decline_now")
    if s.turn.picked:
        return reason("decline_same_turn")
    if s.turn.acted:
        return reason("decline_takes_turn")
    return None


def may_decline(s: GameState, seat: int) -> bool:
    """Whether `seat` may go into decline now: `decline_reason` is None, asked without making
    the reason (the listing asks it at every position of a conquering turn)."""
    t = s.turn
    return s.players[seat].active is not None and t.phase == CONQUER and not t.picked and not t.acted


def region_left(s: GameState, rid: str) -> None:
    """The race tokens leave `rid` (abandon or conquest): markers tied to the race go with them.
    Lairs, fortresses, heroes, the dragon and holes leave the board; encampments go back to their
    owner's supply (they are never lost). The Mountain stays."""
    r = s.reg_w(rid)
    owner = r.owner
    if r.encampments and owner is not None:
        p = s.player_w(owner)
        p.memo["encampments_free"] = p.memo.get("encampments_free", 0) + r.encampments
    r.encampments = 0
    r.lair = r.fortress = r.hero = r.dragon = r.hole = False
    if r.marks:
        drop_race_marks(s, r)
    r.clear_race()


def drop_race_marks(s: GameState, r: RegionState) -> None:
    """Markers that go with the race tokens (a Queen) leave a region they leave."""
    keep = {k: v for k, v in r.marks.items()
            if not (k in s.catalog.marks and s.catalog.marks[k].with_race)}
    if len(keep) != len(r.marks):
        r.marks = keep


def remove_race_from_board(s: GameState, seat: int, race: str) -> int:
    """Every token of `race` leaves the board to the tray (a decline race removed by a new
    decline, R8); returns tokens removed. Its Troll's Lairs and Fortresses, which stayed while
    the race was In Decline, leave with it: a lair or a fortress defends the race's tokens and
    goes when they leave their region, as when a region is abandoned."""
    n = 0
    for rid in s.regions_of(seat, race):
        r = s.reg_w(rid)
        n += r.tokens
        r.hero = r.dragon = r.hole = r.lair = r.fortress = False
        r.encampments = 0
        if r.marks:
            drop_race_marks(s, r)
        r.clear_race()
    add_tray(s, race, n)
    return n


def give_back_borrowed(s: GameState, seat: int, events: list[dict[str, Any]]) -> None:
    """What the Active race of `seat` borrowed (`memo["borrowed"]`: a power, or another race's
    ability, `borrow_power`) goes: its own badge comes back, the borrowed badge's extra tokens go
    to the tray (from the hand first, then from its biggest stacks, never taking a region below
    the race's least: 1, Kobolds 2), and the borrowed ability's pieces on the board (Heroes,
    Dragon, Encampments, Lairs, Holes: `Ability.region_pieces`), markers (on its regions, or
    those it placed itself, `Ability.gives_back_placed`) and remembered state (unspent
    Fireballs...) go; what the race's own effects use stays, and so do the lender's markers."""
    p = s.player_w(seat)
    hold = p.active
    if hold is None or "borrowed" not in hold.memo:
        return
    b = dict(hold.memo.pop("borrowed"))
    badge = b["badge"]
    lent = [x for x in lent_parts(hold.power) if x != badge]
    hold.power = str(badge) if badge else None
    due = int(b.get("extra", 0))
    off = min(due, hold.hand)
    hold.hand -= off
    due -= off
    own_effects = s.catalog.effects_of(hold.race, hold.power)
    own = sorted(s.regions_of(seat, hold.race), key=lambda r: -s.regions[r].tokens)
    # each region keeps the race's least per region (Kobolds: 2), as a redeployment would
    keep = s.catalog.least_per_region(hold.race, hold.power)
    for rid in own:
        if due <= 0:
            break
        n = min(due, s.regions[rid].tokens - keep)
        if n > 0:
            s.reg_w(rid).tokens -= n
            due -= n
            off += n
    add_tray(s, hold.race, off)
    gone = [ab for x in lent for ab in s.catalog.abilities.get(x, ())]
    kept = {ab.name for ab in own_effects}
    for ab in gone:                             # its memory (Fireballs kept...) goes too
        if ab.name not in kept:
            ab.on_given_back(s, seat, hold)
            for key in [k for k in hold.memo if k == ab.name or k.startswith(ab.name + ":")]:
                del hold.memo[key]
    pieces = {piece for ab in gone for piece in ab.region_pieces} - {
        piece for ab in own_effects for piece in ab.region_pieces}
    for name, rids in b.get("placed", {}).items():     # markers noted where they were put
        for rid in rids:
            n = s.regions[rid].marks.get(name, 0) if s.regions[rid].marks else 0
            if n:
                set_mark(s, rid, name, n - 1)
    noted = {spec.name for x in lent for ab in s.catalog.abilities.get(x, ()) if ab.gives_back_placed
             for spec in ab.marker_specs(x)}
    marks = s.catalog.marks
    for rid in s.regions_of(seat, hold.race):
        r = s.regions[rid]
        if any(getattr(r, piece) for piece in pieces) or any(
                k in marks and marks[k].source in lent and k not in noted for k in r.marks):
            w = s.reg_w(rid)
            for piece in pieces:
                setattr(w, piece, type(getattr(w, piece))())
            w.marks = {k: v for k, v in r.marks.items()
                       if not (k in marks and marks[k].source in lent and k not in noted)}
    if "encampments" in pieces:
        p.memo.pop("encampments_free", None)
    event(events, "given_back", seat=seat, race=hold.race, power=LENT.join(lent), tokens=off)


def add_tray(s: GameState, race: str, n: int) -> None:
    if n:
        s.tray_w()[race] = s.tray.get(race, 0) + n


def lose_tokens(s: GameState, race: str, n: int, out: bool = False) -> None:
    """`n` tokens of `race` lost by an effect: to the tray, or `out` of the game for good
    (`GameState.gone`: nobody takes them from the tray again)."""
    if n and out:
        s.supply_w().gone[race] = s.gone.get(race, 0) + n
    else:
        add_tray(s, race, n)


def take_tray(s: GameState, race: str, n: int) -> int:
    """Take up to `n` tokens of `race` from the tray (R14); returns how many came."""
    got = max(0, min(n, s.tray.get(race, 0)))
    if got or race not in s.tray:
        s.tray_w()[race] = s.tray.get(race, 0) - got
    return got


def default_region(s: GameState, seat: int, race: str) -> str | None:
    """Where leftover tokens go: the region the race took last this turn, else its region with
    the fewest race tokens (ties: board order)."""
    return leftover_region(s.regions, seat, race, s.turn.last_taken.get(race), s.regions_of(seat, race))


def leftover_region(regions: dict[str, RegionState], seat: int, race: str, last: str | None,
                    own: list[str]) -> str | None:
    """`default_region` from its parts: `last`, the region `race` took last this turn, and `own`,
    its regions in board order."""
    if last is not None and regions[last].owner == seat and regions[last].race == race:
        return last
    best: str | None = None
    for rid in own:
        if best is None or regions[rid].tokens < regions[best].tokens:
            best = rid
    return best


def place_hand_by_default(s: GameState, seat: int, hold: RaceHold) -> None:
    """Put every token of `hold`'s hand on the board by the default rule (if it has a region)."""
    if hold.hand <= 0:
        return
    rid = default_region(s, seat, hold.race)
    if rid is None:
        return
    s.reg_w(rid).tokens += hold.hand
    hold.hand = 0


def event(events: list[dict[str, Any]], kind: str, **data: Any) -> None:
    """Tell an event: a dict with its `type` first, then `data` in order. (The events told at
    almost every intent, a conquest's, a loss, a redeploy's, a score's, are written out as such
    a dict where they are told: compiled, this call makes two dicts, the second merged.)"""
    events.append({"type": kind, **data})


def column_marks(s: GameState, race: str) -> list[tuple[int, str, int]]:
    """The markers on the combo of `race` in the column (`column_marker`): (placer's seat,
    marker, how many), in seat order."""
    out: list[tuple[int, str, int]] = []
    for seat, p in enumerate(s.players):
        on = p.memo.get("column_marks")
        if on and race in on:
            out.extend((seat, str(name), int(n)) for name, n in on[race].items())
    return out


def column_surcharge(s: GameState, race: str) -> int:
    """Coins more the markers on the combo of `race` make its pick cost."""
    total = 0
    for _, name, n in column_marks(s, race):
        spec = s.catalog.marks.get(name)
        if spec is not None:
            total += spec.column_price * n
    return total


def pay_column_marks(s: GameState, picker: int, race: str) -> int:
    """The picker of the combo of `race` pays what its markers ask (to their placers or the
    bank) and the markers leave the column; returns the coins paid."""
    paid = 0
    for seat, name, n in column_marks(s, race):
        spec = s.catalog.marks.get(name)
        price = spec.column_price * n if spec is not None else 0
        if price:
            s.player_w(picker).coins -= price
            paid += price
            if spec is not None and spec.pays_placer:
                s.player_w(seat).coins += price
        p = s.player_w(seat)
        on = dict(p.memo["column_marks"])
        on.pop(race, None)
        if on:
            p.memo["column_marks"] = on
        else:
            del p.memo["column_marks"]
    return paid
