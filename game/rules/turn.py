"""The steps of a turn other than conquest: pick (R9), abandon, redeploy (R6), decline (R8),
the end of the turn with scoring (R7), the defenders' withdrawals (R4), the next turn and the
end of the game (R13, R17).

Each `*_reason` function answers why an intent is refused (None when legal) without touching
the state; each `do_*` function carries out a checked intent on the copy `apply` is building.
Both take the intent itself, in the engine's signature (`engine._JUDGES`, `engine._PLAYS`), so
that the engine's tables of them hold these functions and no wrapper between.
"""
from __future__ import annotations

import copy
from typing import Any, Final

from .abilities import Ability
from .abilities.markers import counted_regions, frozen_by, others_marks_score
from .actions import Abandon, Decline, EndTurn, Pick, Redeploy, Withdraw, _LaterRedeploy
from .catalog import Hooks
from .common import (
    add_tray,
    column_surcharge,
    default_region,
    event,
    give_back_borrowed,
    leftover_region,
    pay_column_marks,
    place_hand_by_default,
    refill_column,
    region_left,
    remove_race_from_board,
    take_tray,
)
from .heard import Heard, tell
from .lent import named_in
from .ranking import winners
from .reasons import Reason, reason, reason_n
from .resolution import leave_game, vanish_decline
from .setup import begin_turn
from .state import (
    CONQUER,
    GAME_OVER,
    MARKER_LIMITS,
    PICK,
    REDEPLOY,
    WITHDRAW,
    GameState,
    Listed,
    RaceHold,
    RegionState,
    TurnState,
)
from .waiting import TURN_OVER, WAITING, keep_answerable

# -- pick --------------------------------------------------------------------------------


def pick_reason(s: GameState, seat: int, a: Pick) -> Reason | None:
    index = a.index
    p = s.players[seat]
    if s.turn.phase != PICK:
        if p.active is not None:
            return reason("already_active")
        return reason("cannot_pick_now")
    if not isinstance(index, int) or not 0 <= index < len(s.column):
        return reason("no_combo_at", index=index)
    price = pick_price(s, index)
    if price > p.coins:
        return reason_n("combo_costs", price, cost=price, coins=p.coins)
    return None


def do_pick(s: GameState, seat: int, a: Pick, listed: Listed | None, chance: Any,
            events: list[dict[str, Any]]) -> None:
    index = a.index
    c = s.column_w()[index]                 # coins (and tokens) go on the combos passed over
    s.catalog.require(c.race, c.power)
    p = s.player_w(seat)
    paid = index
    if "pass_over_price" in s.catalog.hooked or "on_passed_over" in s.catalog.hooked:
        paid = _pass_over(s, seat, index)
    else:
        for above in s.column[:index]:
            above.coins += 1
    p.coins += c.coins - paid
    if s.catalog.column_marks:
        paid += pay_column_marks(s, seat, c.race)
    del s.column[index]
    refill_column(s, chance)
    want = s.catalog.races[c.race].tokens + s.catalog.powers[c.power].tokens
    got = take_tray(s, c.race, want) + c.tokens
    hold = RaceHold(c.race, c.power, got)
    p.active = hold
    s.turn.picked = True
    s.turn.phase = CONQUER
    event(events, "pick", seat=seat, race=c.race, power=c.power, index=index, paid=paid,
          collected=c.coins, tokens=got)
    for other, q in enumerate(s.players):           # Copycat: a borrowed power (or race) picked goes,
        lent = q.active.memo.get("borrowed") if q.active is not None and other != seat else None
        if lent and (lent.get("power") == c.power or lent.get("race") == c.race):
            give_back_borrowed(s, other, events)     # with its markers, back in the box for the picker
    for ab in s.catalog.answering(c.race, c.power, "on_pick"):
        ab.on_pick(s, seat, hold)
    if "combo_picked" in s.catalog.heard:
        tell(s, Heard("combo_picked", {"picker": seat}, {"picker": c.race}), events, chance)

def pick_price(s: GameState, index: int) -> int:
    """Coins the combo at `index` costs: one on each combo above it, or what a combo's
    effect asks for being passed over (Cursed: 3), and what markers on it ask (`column_marker`)."""
    return pick_prices(s, index + 1)[index]


def pick_prices(s: GameState, n: int) -> list[int]:
    """`pick_price` of the first `n` combos of the column, the coins on those above each added
    up once."""
    cat = s.catalog
    column = s.column
    passed = "pass_over_price" in cat.hooked
    above = 0
    out: list[int] = []
    for i in range(n):
        c = column[i]
        extra = column_surcharge(s, c.race) if cat.column_marks else 0
        out.append((above if passed else i) + extra)
        if passed:
            above += cat.pass_over_price(c.race, c.power)
    return out


def _price_of(s: GameState, race: str, power: str) -> int:
    return s.catalog.pass_over_price(race, power)


def _pass_over(s: GameState, seat: int, index: int) -> int:
    """Pay for the combos above `index` and let their effects hear of it; returns coins paid."""
    paid = 0
    for i, above in enumerate(s.column[:index]):
        price = _price_of(s, above.race, above.power)
        above.coins += price
        paid += price
        for ab in s.catalog.answering(above.race, above.power, "on_passed_over"):
            ab.on_passed_over(s, i, seat)
    return paid

# -- abandon ------------------------------------------------------------------------------


def abandon_reason(s: GameState, seat: int, a: Abandon) -> Reason | None:
    rid = a.region
    hold = s.players[seat].active
    if hold is None:
        return reason("no_active_race")
    if s.turn.phase != CONQUER or s.turn.conquered or s.turn.used.get("conquests_begun"):
        return reason("abandon_before_conquest")
    r = s.regions.get(rid)
    if r is None or r.owner != seat or r.race != hold.race or not r.tokens:
        return reason("abandon_only_own")
    if r.marks and frozen_by(s, rid):
        return reason("frozen_no_abandon", s, region=rid, power=frozen_by(s, rid))
    return None


def do_abandon(s: GameState, seat: int, a: Abandon, listed: Listed | None, chance: Any,
               events: list[dict[str, Any]]) -> None:
    rid = a.region
    hold = s.player_w(seat).active
    assert hold is not None
    n = s.regions[rid].tokens
    region_left(s, rid)
    hold.hand += n
    s.turn.acted = True
    events.append({"type": "abandon", "seat": seat, "race": hold.race, "region": rid, "tokens": n})
    if "on_abandon" in s.catalog.hooked:
        for ab in s.catalog.answering(hold.race, hold.power, "on_abandon"):
            ab.on_abandon(s, seat, rid)

# -- redeploy -----------------------------------------------------------------------------


def _bonus(s: GameState, seat: int, hold: RaceHold) -> int:
    if s.turn.used.get("redeploy_bonus_given"):
        return 0
    cat = s.catalog
    if cat.combo_hooks(hold.race, hold.power).plain_redeploy:    # no effect of the combo gives any
        return 0
    givers = cat.answering(hold.race, hold.power, "redeploy_bonus")
    if not givers:
        return 0
    want = sum(ab.redeploy_bonus(s, seat) for ab in givers)
    return max(0, min(want, s.tray.get(hold.race, 0)))


def _withheld(s: GameState, seat: int, hold: RaceHold, pool: int) -> int:
    """Tokens set aside after the redeployment (Amazons): exactly what the effects ask, even if
    that empties regions (R19: "if possible" only protects the one token per region)."""
    cat = s.catalog
    if cat.combo_hooks(hold.race, hold.power).plain_redeploy:    # no effect of the combo withholds any
        return 0
    keepers = cat.answering(hold.race, hold.power, "withheld_after_redeploy")
    if not keepers:
        return 0
    w = sum(ab.withheld_after_redeploy(s, seat) for ab in keepers)
    return max(0, min(w, pool))


def _pool(s: GameState, seat: int, hold: RaceHold, on_board: int | None = None) -> int:
    """Every token the turn's one Troop Redeployment distributes (R19): on the board (`on_board`,
    when the caller has counted them), in hand, set aside by an earlier redeploy of this same turn
    (changing the distribution again is still the one redeployment), and the bonus not yet taken
    from the tray."""
    if on_board is None:
        regions = s.regions
        on_board = sum(regions[r].tokens for r in s.regions_of(seat, hold.race))
    return on_board + hold.hand + int(hold.memo.get("set_aside", 0)) + _bonus(s, seat, hold)


#: the lazy Redeploy's class, kept as a constant (compiled, a class imported from the interpreted
#: `actions` is otherwise looked up in the module's dict at each use)
_LATER: Final = _LaterRedeploy

EMPTIED: Final = "emptied_by_redeploy"   # turn memory: region -> what it held before a redeploy emptied it
KEPT: Final = ("race", "lair", "fortress", "hole", "dragon", "marks")   # what a refilled region gets back


def redeploy_regions(s: GameState, seat: int, hold: RaceHold) -> list[str]:
    """The regions the turn's Troop Redeployment distributes over: the race's regions, and those
    an earlier redeploy of this turn emptied (R19: changing the distribution again may fill
    them again, as if the last distribution had been given once), in board order."""
    own = s.regions_of(seat, hold.race)
    emptied = s.turn.used.get(EMPTIED)
    if not emptied:
        return own
    again = [r for r in emptied if not s.regions[r].tokens and r not in own]
    return sorted(own + again, key=s.board.index.__getitem__)


def redeploy_total(s: GameState, seat: int, on_board: int | None = None) -> int:
    """Tokens a full `Redeploy` must place: the pool less the tokens set aside."""
    hold = s.players[seat].active
    assert hold is not None
    pool = _pool(s, seat, hold, on_board)
    return pool - _withheld(s, seat, hold, pool)


def redeploy_reason(s: GameState, seat: int, a: Redeploy) -> Reason | None:
    counts = dict(a.counts)
    hold = s.players[seat].active
    if hold is None:
        return reason("no_active_to_redeploy")
    if s.turn.phase not in (CONQUER, REDEPLOY):
        return reason("cannot_redeploy_now")
    own = redeploy_regions(s, seat, hold)
    if not own:
        return reason("no_region_to_redeploy")
    why = redeploy_refused(s, seat, hold)
    if why:
        return why
    need = redeploy_total(s, seat)
    least = 1 if need >= len(own) else 0       # fewer tokens than regions: some must be emptied
    most = min_per_region(s, hold, need, len(own)) if least else 0   # Kobolds: 2 when there are enough
    for rid, n in counts.items():
        if rid not in own:
            return reason("not_active_region", s, region=rid)
        if not isinstance(n, int) or isinstance(n, bool) or n < least:
            return reason("redeploy_keep_one" if least else "whole_counts")
        if n < most:
            return reason("redeploy_keep_least", least=most)
        if n < s.regions[rid].tokens and s.regions[rid].marks and frozen_by(s, rid):
            return reason("frozen_tokens_stay", s, region=rid, tokens=s.regions[rid].tokens)
    missing = [r for r in own if r not in counts]
    if missing:
        return reason("say_how_many", s, region=missing[0])
    have = sum(counts.values())
    if have != need:
        return reason_n("tokens_to_place", need, need=need, have=have)
    if not least and sum(1 for n in counts.values() if n) != need:
        return reason("redeploy_spread", need=need)
    return None


def redeploy_refused(s: GameState, seat: int, hold: RaceHold) -> Reason | None:
    """Why the race may not redeploy at all (Barbarians), or None."""
    if "may_redeploy" not in s.catalog.hooked:
        return None
    for ab in s.catalog.combo_hooks(hold.race, hold.power).may_redeploy:
        why = ab.may_redeploy(s, seat)
        if why:
            return why
    return None


def min_per_region(s: GameState, hold: RaceHold, total: int, regions: int) -> int:
    """Tokens each region of the Active race must keep (Kobolds: 2), lowered as far as needed
    when there are too few tokens to keep that many everywhere."""
    if "min_per_region" not in s.catalog.hooked or not regions:
        return 1
    ids = s.catalog.hooked_by["min_per_region"]
    if not named_in(ids, hold.race, hold.power):
        return 1
    least = s.catalog.least_per_region(hold.race, hold.power)
    return max(1, min(least, total // regions))


def _plain(s: GameState, hold: RaceHold, hooks: Hooks) -> bool:
    """Nothing set aside, given or withheld, no region emptied, one token per region: the
    default redeploy is the board as it is, and the hand where the default rule puts it."""
    return "set_aside" not in hold.memo and EMPTIED not in s.turn.used and hooks.plain_redeploy


def _board_and_hand(regions: dict[str, RegionState], own: list[str], seat: int, race: str,
                    hand: int, last: str | None) -> dict[str, int]:
    """The plain default redeploy (`_plain`) of `race`, holding `own` with `hand` tokens in hand;
    `last`: the region it took last this turn."""
    counts = {r: regions[r].tokens for r in own}
    if hand > 0:
        counts[leftover_region(regions, seat, race, last, own) or own[0]] += hand
    return counts


def _board_and_hand_counts(regions: dict[str, RegionState], own: list[str], seat: int, race: str,
                           hand: int, last: str | None) -> tuple[tuple[str, int], ...]:
    """`_board_and_hand` as a Redeploy's counts, sorted by region: made without the mapping in
    between, the regions' names sorted alone (where the mapping's items, made for each region,
    were sorted as pairs: two fifths of the plain redeploy's work)."""
    to = (leftover_region(regions, seat, race, last, own) or own[0]) if hand > 0 else None
    out: list[tuple[str, int]] = []
    for rid in sorted(own):
        n = regions[rid].tokens
        if rid == to:
            n += hand
        out.append((rid, n))
    return tuple(out)


#: the two makers of a lazy Redeploy's counts, kept as constants (compiled, a function read as a
#: value is otherwise looked up in the module's dict)
_PLAIN_COUNTS: Final = _board_and_hand_counts


def listed_redeploy(s: GameState, seat: int, hold: RaceHold, own: list[str], hooks: Hooks) -> Redeploy:
    """The Redeploy `legal_actions` lists: `default_redeploy`'s counts (`own`: the Active race's
    regions; `hooks`: its combo's). Most positions listing it are left by a conquest, not by
    this redeploy: when the state is sealed (its regions are never changed in place), the
    counts are worked out only if read, from what they depend on, taken now."""
    if not s._sealed:
        return Redeploy(tuple(sorted(default_redeploy(s, seat).items())))
    # `Redeploy.later` made here: compiled, two calls of the runtime, not a method run interpreted
    r: _LaterRedeploy = _LATER()
    if _plain(s, hold, hooks):
        r._make = (_PLAIN_COUNTS, (s.regions, own, seat, hold.race, hold.hand,
                                            s.turn.last_taken.get(hold.race)))
    else:
        r._make = (_SPREAD_COUNTS, _spread_args(s, seat, hold, own))
    return r


def default_redeploy(s: GameState, seat: int, held: list[str] | None = None) -> dict[str, int]:
    """Counts of a redeploy that keeps the board as it is and adds the hand by the default rule;
    tokens set aside come off the biggest stacks, then, if they must, empty the regions last
    in board order. `held`: the Active race's regions, when the caller has them."""
    hold = s.players[seat].active
    assert hold is not None
    cat = s.catalog
    if held is None:
        held = s.regions_of(seat, hold.race)
    if _plain(s, hold, cat.combo_hooks(hold.race, hold.power)):
        return _board_and_hand(s.regions, held, seat, hold.race, hold.hand, s.turn.last_taken.get(hold.race))
    return _spread(*_spread_args(s, seat, hold, held))


def _spread_args(s: GameState, seat: int, hold: RaceHold, held: list[str]) -> tuple[Any, ...]:
    """What `_spread` needs of the position (`held`: the race's regions)."""
    regions = s.regions
    own = held if not s.turn.used.get(EMPTIED) else redeploy_regions(s, seat, hold)
    on_board = 0                             # regions emptied earlier this turn hold none
    for r in own:
        on_board += regions[r].tokens
    total = redeploy_total(s, seat, on_board)
    least = min_per_region(s, hold, total, len(own))
    return regions, own, held, seat, hold.race, s.turn.last_taken.get(hold.race), on_board, total, least


def _spread(regions: dict[str, RegionState], own: list[str], held: list[str], seat: int, race: str,
            last: str | None, on_board: int, total: int, least: int) -> dict[str, int]:
    """`default_redeploy` once its numbers are known: `total` tokens over `own` (the regions
    redeployed over; `held`: those the race holds), `least` in each, `on_board` there now,
    `last` the region the race took last this turn."""
    counts = _spread_tokens(regions, own, held, seat, race, last, on_board, total, least)
    return {own[i]: counts[i] for i in range(len(own))}


def _spread_tokens(regions: dict[str, RegionState], own: list[str], held: list[str], seat: int, race: str,
                   last: str | None, on_board: int, total: int, least: int) -> list[int]:
    """`_spread`'s tokens for each region of `own`, in its order: counted by the region's
    place in `own`, each region read by name once (a token moved from the biggest stack, for
    each token too many or too few, would otherwise look every region up by name again)."""
    counts = [regions[r].tokens for r in own]
    n = len(counts)
    extra = total - on_board
    if least > 1:                                  # top up thin regions first (Kobolds)
        for i in range(n):
            give = min(max(0, least - counts[i]), max(0, extra))
            counts[i] += give
            extra -= give
        for i in range(n):                         # too few in hand: take from big stacks
            while counts[i] < least:
                big = _biggest(counts, False)         # (the first of the biggest)
                counts[big] -= 1
                counts[i] += 1
    if extra > 0:
        counts[own.index(leftover_region(regions, seat, race, last, held) or own[0])] += extra
    while extra < 0:
        big = _biggest(counts, True)                  # (the last of the biggest)
        counts[big] -= 1
        extra += 1
    return counts


def _biggest(counts: list[int], last: bool) -> int:
    """The place in `counts` of the most tokens: the first of those with as many, or the
    `last` (as `max` over the places, or over them reversed, finds it; read in a plain loop, no
    key function called for each region)."""
    n = len(counts)
    big = n - 1 if last else 0
    top = counts[big]
    for j in range(n):
        k = n - 1 - j if last else j
        c = counts[k]
        if c > top:
            big, top = k, c
    return big


def _spread_counts(*args: Any) -> tuple[tuple[str, int], ...]:
    """`_spread` as a Redeploy's counts, sorted by region."""
    own: list[str] = args[1]
    counts = _spread_tokens(*args)
    pairs = [(own[i], counts[i]) for i in range(len(own))]
    pairs.sort()
    return tuple(pairs)


_SPREAD_COUNTS: Final = _spread_counts


def do_redeploy(s: GameState, seat: int, a: Redeploy, listed: Listed | None, chance: Any,
                events: list[dict[str, Any]]) -> None:
    own: list[str] | None = None
    if isinstance(a, _LATER):
        made = a._make
        if made is not None and made[0] is _PLAIN_COUNTS:
            args = made[1]                    # listed on the regions `s` has not written yet, for this race:
            hold = s.players[seat].active      # the regions it redeploys over are those it held there
            if args[0] is s.regions and args[2] == seat and hold is not None and args[3] == hold.race:
                own = args[1]
    redeploy_counts(s, seat, dict(_counts_of(a)), events, own)


def _counts_of(a: Redeploy) -> tuple[tuple[str, int], ...]:
    """`a.counts`: those of the listing's `later` Redeploy, not read yet, made and kept here as
    its `made` would (compiled, without running it interpreted)."""
    if isinstance(a, _LATER):
        made = a._make
        if made is not None:
            make, args = made
            counts: tuple[tuple[str, int], ...] = make(*args)
            a.counts = counts
            a._make = None
            return counts
    return a.counts


def redeploy_counts(s: GameState, seat: int, counts: dict[str, int], events: list[dict[str, Any]],
                    own: list[str] | None = None) -> None:
    """The Active race of `seat` is spread over its regions as `counts` says (R6, R19); `own`:
    those regions (`redeploy_regions`), when the caller knows them. `counts` is the caller's
    own, made for this call: the event keeps it."""
    hold = s.player_w(seat).active
    assert hold is not None
    if own is None:
        own = redeploy_regions(s, seat, hold)
    regions = s.regions
    board_total = 0
    # each region read once by name (below, the loop writes none but the one it is at)
    states = [regions[rid] for rid in own]
    for r in states:
        board_total += r.tokens
    earlier = int(hold.memo.pop("set_aside", 0)) if hold.memo else 0   # set aside by an earlier redeploy this turn
    bonus = _bonus(s, seat, hold)
    if bonus:
        take_tray(s, hold.race, bonus)
        s.turn.used["redeploy_bonus_given"] = True
        event(events, "bonus_tokens", seat=seat, race=hold.race, tokens=bonus)
    total = board_total + hold.hand + earlier + bonus
    placed = 0
    for n in counts.values():
        placed += n
    aside = total - placed
    used = s.turn.used
    # the regions emptied by a redeploy of this turn, noted only when there are some
    emptied: dict[str, Any] | None = used.get(EMPTIED)
    for i in range(len(own)):
        rid, r = own[i], states[i]
        n = counts[rid]
        if n and not r.tokens:                  # emptied earlier this turn: back as it was
            assert emptied is not None
            _refill(s, seat, rid, emptied.pop(rid), n)
        elif n:
            if n != r.tokens:                   # (a region left as it was is not copied)
                s.reg_w(rid).tokens = n
        elif r.tokens:                          # R19: the Amazons' four may empty a region
            if emptied is None:
                emptied = used[EMPTIED] = {}
            emptied[rid] = {k: v for k, v in r.to_dict().items() if k in KEPT}
            region_left(s, rid)
    if emptied is not None and not emptied:
        del used[EMPTIED]
    hold.hand = 0
    if aside:
        hold.memo["set_aside"] = aside
    s.turn.redeployed = True
    s.turn.phase = REDEPLOY
    events.append({"type": "redeploy", "seat": seat, "race": hold.race, "counts": counts})   # (`event`'s)

def _refill(s: GameState, seat: int, rid: str, was: dict[str, Any], tokens: int) -> None:
    """A region emptied by an earlier redeploy of this turn gets its race back, now with
    `tokens`, and the markers that stay put (a Lair, a Fortress, a Hole, the Dragon), while
    the box still has them. Heroes and Encampments, which move freely, stay where the player
    has put them since."""
    r = s.reg_w(rid)
    r.owner, r.race, r.tokens, r.decline = seat, was["race"], tokens, False
    for k in ("lair", "fortress", "hole", "dragon"):
        if was.get(k) and s.marker_count(k) < MARKER_LIMITS[k]:
            setattr(r, k, True)
    if was.get("marks"):
        r.marks = copy.deepcopy(was["marks"])

# -- withdraw -----------------------------------------------------------------------------


def withdraw_reason(s: GameState, seat: int, counts: dict[str, int]) -> Reason | None:
    t = s.turn
    if t.phase != WITHDRAW or not t.withdraw:
        return reason("nobody_places")
    wseat, race = t.withdraw[0]
    if seat != wseat:
        return reason("other_places_first", player=s.players[wseat].name)
    hold, _ = s.players[seat].hold(race)
    assert hold is not None
    own = s.regions_of(seat, race)
    for rid, n in counts.items():
        if rid not in own:
            return reason("race_not_in", s, race=race, region=rid)
        if not isinstance(n, int) or n < 0:
            return reason("whole_counts")
    if sum(counts.values()) != hold.hand:
        return reason_n("place_all_back", hold.hand, hand=hold.hand, given=sum(counts.values()))
    return None


def default_withdraw(s: GameState) -> tuple[int, dict[str, int]]:
    seat, race = s.turn.withdraw[0]
    hold, _ = s.players[seat].hold(race)
    assert hold is not None
    rid = default_region(s, seat, race)
    assert rid is not None
    return seat, {rid: hold.hand}


def do_withdraw(s: GameState, seat: int, a: Withdraw, listed: Listed | None, chance: Any,
                events: list[dict[str, Any]]) -> None:
    counts = dict(a.counts)
    _, race = s.turn.withdraw.pop(0)
    hold, _ = s.player_w(seat).hold(race)
    assert hold is not None
    for rid, n in counts.items():
        if n:
            s.reg_w(rid).tokens += n
    hold.hand = 0
    event(events, "withdraw", seat=seat, race=race, counts={k: v for k, v in counts.items() if v})
    if not s.turn.withdraw:
        turn_over(s, chance, events)

# -- decline ------------------------------------------------------------------------------


def go_into_decline(s: GameState, seat: int, chance: Any, events: list[dict[str, Any]]) -> None:
    """Flip the Active race (R8): earlier decline race removed first (not Spirit's), one token
    per region stays (Ghouls: all), badge discarded (Spirit: kept), race markers go. The effects
    listening to `declined` hear of it first, the race and its badge still Active."""
    p = s.player_w(seat)
    hold = p.active
    assert hold is not None
    if "declined" in s.catalog.heard:
        tell(s, Heard("declined", {"decliner": seat}, {"decliner": hold.race}), events, chance)
        hold = p.active
        assert hold is not None
    if "borrowed" in hold.memo:                     # Copycat: its own badge declines
        give_back_borrowed(s, seat, events)
    abil = s.catalog.effects_of(hold.race, hold.power)
    exempt = any(ab.exempt_from_decline_limit() for ab in abil)
    revive = "revives_earlier_decline" in s.catalog.hooked and any(ab.revives_earlier_decline() for ab in abil)
    if revive and p.declines:                       # Soul-Touch: the earlier one comes back
        p.memo["revive"] = p.declines[-1].race
    elif not exempt:
        for old in list(p.declines):
            if any(ab.exempt_from_decline_limit() for ab in s.catalog.effects_of(old.race, old.power)):
                continue
            n = remove_race_from_board(s, seat, old.race)
            add_tray(s, old.race, old.hand)
            old.hand = 0
            event(events, "removed", seat=seat, race=old.race, tokens=n)
            vanish_decline(s, seat, old, events, chance)
    for ab in abil:
        ab.on_decline(s, seat)
    keep_all = any(ab.keeps_tokens_in_decline() for ab in abil)
    for rid in s.regions_of(seat, hold.race):
        r = s.reg_w(rid)
        r.hero = r.dragon = r.hole = False
        if r.encampments:
            r.encampments = 0
        if not keep_all and r.tokens > 1:
            add_tray(s, hold.race, r.tokens - 1)
            r.tokens = 1
        r.decline = True
    p.memo.pop("encampments_free", None)
    if not keep_all:
        add_tray(s, hold.race, hold.hand + hold.memo.pop("set_aside", 0))
        hold.hand = 0
    # the badge stays with the race In Decline when one of its effects works there (Spirit;
    # Underground's Muddy and Wise)
    keep_badge = exempt or (hold.power is not None
                            and any(a.in_decline for a in s.catalog.abilities.get(hold.power, ())))
    if not keep_badge and hold.power:
        s.supply_w().power_discard.append(hold.power)
    new = RaceHold(hold.race, hold.power if keep_badge else None, hold.hand, hold.memo)
    p.active = None
    p.declines.append(new)
    event(events, "decline", seat=seat, race=hold.race)
    if "after_decline" in s.catalog.hooked:
        for ab in abil:
            ab.after_decline(s, seat, new, events)
    if "on_any_decline" in s.catalog.hooked:
        for hseat, h, in_dec in list(s.iter_holds()):
            for ab in s.catalog.answering_now(h.race, h.power, in_dec, "on_any_decline"):
                ab.on_any_decline(s, hseat, h, seat, new.race)
    if WAITING in s.turn.used:                      # a question the Active race asked this turn
        keep_answerable(s)
    if not s.regions_of(seat, new.race):           # R22: nothing on the board, it leaves
        leave_game(s, seat, new, events, chance)


def do_decline(s: GameState, seat: int, a: Decline, listed: Listed | None, chance: Any,
               events: list[dict[str, Any]]) -> None:
    p = s.player_w(seat)
    assert p.active is not None
    for rid, n in s.turn.readied.items():          # decline takes the board as before readying
        r = s.regions[rid]                         # (In Decline Ghouls' regions too)
        if r.owner == seat and r.race is not None:
            h, _ = p.hold(r.race)
            if h is not None and h.hand >= n:
                s.reg_w(rid).tokens += n
                h.hand -= n
    go_into_decline(s, seat, chance, events)
    if "turn_ended" in s.catalog.heard:
        _turn_ended(s, seat, chance, events)
    score(s, seat, events)
    finish_turn(s, chance, events)


def _turn_ended(s: GameState, seat: int, chance: Any, events: list[dict[str, Any]]) -> None:
    """The turn of `seat` ends, before its score: the effects listening hear of it."""
    p = s.players[seat]
    race = p.active.race if p.active else p.declines[-1].race if p.declines else None
    tell(s, Heard("turn_ended", {"mover": seat}, {"mover": race}), events, chance)

# -- end of turn --------------------------------------------------------------------------


def end_turn_reason(s: GameState, seat: int, a: EndTurn) -> Reason | None:
    decline = a.decline
    t = s.turn
    p = s.players[seat]
    if t.phase == PICK:
        if s.column:
            return reason("pick_first")
        if decline:                       # no Active race to put into decline
            return reason("only_stout")
        return None                       # no combo left to pick: the player can only pass
    if t.phase not in (CONQUER, REDEPLOY):
        return reason("not_your_turn_to_end")
    if decline:
        hold = p.active
        cat = s.catalog
        if hold is None or not any(ab.may_decline_after_scoring() for ab in cat.answering(
                hold.race, hold.power, "may_decline_after_scoring")):
            return reason("only_stout")
    return None


def do_end_turn(s: GameState, seat: int, a: EndTurn, listed: Listed | None, chance: Any,
                events: list[dict[str, Any]]) -> None:
    decline = a.decline
    p = s.player_w(seat)
    hold = p.active
    if hold is not None:
        if "may_redeploy" in s.catalog.hooked and redeploy_refused(s, seat, hold):
            if hold.hand:                          # Barbarians: unused tokens wait off the board
                hold.memo["set_aside"] = hold.memo.get("set_aside", 0) + hold.hand
                hold.hand = 0
        elif not s.turn.redeployed:
            held = s.regions_of(seat, hold.race)
            if held:
                redeploy_counts(s, seat, default_redeploy(s, seat, held), events,
                                None if s.turn.used.get(EMPTIED) else held)
        place_hand_by_default(s, seat, hold)
    for h in p.declines:
        place_hand_by_default(s, seat, h)
    cat = s.catalog
    active = p.active
    holds = [*p.declines] if active is None else [active, *p.declines]
    for i, h in enumerate(holds):
        for ab in cat.answering_now(h.race, h.power, i > 0 or active is None, "on_end_turn"):
            ab.on_end_turn(s, seat, h)
    if p.active is not None and "at_turn_end" in cat.hooked:
        for ab in cat.answering(p.active.race, p.active.power, "at_turn_end"):
            if p.active is not None:
                ab.at_turn_end(s, seat, p.active, chance, events)
    if "turn_ended" in cat.heard:
        _turn_ended(s, seat, chance, events)
    score(s, seat, events)
    if decline:
        go_into_decline(s, seat, chance, events)
    finish_turn(s, chance, events)


def score(s: GameState, seat: int, events: list[dict[str, Any]]) -> int:
    """R7: a coin per region of the Active race and of each decline race, plus bonuses. The event
    says whose each part is (`whose`: race, "race" or "power", In Decline), for the lab's figures."""
    p = s.player_w(seat)
    parts: list[tuple[str, int]] = []
    whose: list[tuple[str, str, bool]] = []
    cat = s.catalog
    total = 0
    active = p.active
    holds = [*p.declines] if active is None else [active, *p.declines]
    for i, h in enumerate(holds):
        in_dec = i > 0 or active is None
        race = h.race
        if cat.scoring_marks:
            own = s.held_names(seat, race)      # (read, not kept: the state's own list)
            n = len(own)
            if n:
                n += marks_score(s, own, race)
        else:                                # (counted from the mask: no names made)
            n = s.held_bits(seat, race).bit_count()
        if cat.counting_marks:
            n += len(counted_regions(s, seat, race, h.power))
        if n:
            part = _REGIONS_PART.get(race)
            if part is None:
                part = _REGIONS_PART[race] = f"{race}_regions"
            parts.append((part, n))
            whose.append((race, "race", in_dec))
            total += n
        for ab in cat.answering_now(race, h.power, in_dec, "score"):
            c = ab.score(s, seat, h, in_dec)
            if c:
                parts.append((ab.name, c))
                whose.append((race, "race" if _of_race(cat.abilities.get(race, ()), ab) else "power", in_dec))
                total += c
    p.coins += total
    events.append({"type": "score", "seat": seat, "coins": total, "parts": parts, "whose": whose,   # (`event`'s,
                   "private": True})                                                          # made at once)
    return total


#: the name of the part of a score that counts a race's regions ("ratmen_regions"), by race
_REGIONS_PART: Final[dict[str, str]] = {}


def _of_race(race_effects: tuple[Ability, ...], ab: Ability) -> bool:
    """Whether `ab` is one of the race's own effects (`race_effects`), not its power's."""
    for x in race_effects:
        if x is ab:
            return True
    return False


def marks_score(s: GameState, own: list[str], race: str) -> int:
    """What markers of other races change in the score of `own` regions (Winter: −1 each)."""
    n = 0
    for rid in own:
        n += others_marks_score(s, rid, race)
    return n


def finish_turn(s: GameState, chance: Any, events: list[dict[str, Any]]) -> None:
    """After the attacker's turn: defenders with tokens back and a region left place them."""
    keep = []
    for wseat, race in s.turn.withdraw:
        hold, _ = s.players[wseat].hold(race)
        if hold is not None and hold.hand > 0 and s.regions_of(wseat, race):
            keep.append([wseat, race])
    s.turn.withdraw = keep
    if keep:
        s.turn.phase = WITHDRAW
    else:
        turn_over(s, chance, events)


def turn_over(s: GameState, chance: Any, events: list[dict[str, Any]]) -> None:
    """The turn is over and every defender has placed his tokens: the effects that act at the
    end of another player's turn hear of it (`Ability.at_others_turn_end`), and may ask their
    player a decision out of turn (`waiting.ask`); the next turn begins once nobody waits.
    After the last seat's turn of the last round nobody is asked anything: the game is over
    (R25)."""
    if "at_others_turn_end" in s.catalog.hooked and not s.turn.used.get(TURN_OVER) and not last_turn(s):
        s.turn.used[TURN_OVER] = True
        ended = s.turn.seat
        for seat, h, in_dec in list(s.iter_holds()):
            if seat != ended:
                for ab in s.catalog.answering_now(h.race, h.power, in_dec, "at_others_turn_end"):
                    ab.at_others_turn_end(s, seat, h, in_dec, events)
        if WAITING in s.turn.used:
            return
    if WAITING in s.turn.used:              # a decision asked as the turn ended (a trigger's `ask`)
        s.turn.used[TURN_OVER] = True
        return
    next_turn(s, chance, events)


def last_turn(s: GameState) -> bool:
    """The turn being played is the last seat's of the last round (R17)."""
    return s.turn.seat == len(s.players) - 1 and s.round >= s.board.turns


def next_turn(s: GameState, chance: Any, events: list[dict[str, Any]]) -> None:
    seat = (s.turn.seat + 1) % len(s.players)
    if seat == 0:
        if s.round >= s.board.turns:
            s.turn.phase = GAME_OVER
            s.turn.used.pop(WAITING, None)          # the game's end ends every decision (R25)
            s.supply_w().winners = winners(s)
            event(events, "game_over", winners=list(s.winners),
                  coins=[pl.coins for pl in s.players])
            return
        s.round += 1
    s.turn = TurnState(seat)
    begin_turn(s, chance, events)

