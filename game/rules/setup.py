"""Setting up the table and starting each turn.

`new_game` lays out a fresh game on a board: shuffled banners and badges with the column of six
combos, Lost Tribes and Mountains, five coins each, the tray. `begin_turn` starts a player's
turn: ready troops (all but one token of each Active region back in hand), then the turn-start
effects (Amazons' tokens come back, In Decline Ghouls ready their own troops...).
"""
from __future__ import annotations

import random
from typing import Any, Final, Sequence

from .abilities.markers import frozen_by
from .board import Board
from .catalog import Catalog
from .chance import Recorder
from .common import give_back_borrowed, refill_column, take_tray
from .errors import SetupError
from .heard import Heard, tell
from .reasons import reason
from .state import (
    COLUMN_SIZE,
    CONQUER,
    LOST_TRIBE,
    LOST_TRIBE_BOX,
    PICK,
    Combo,
    GameState,
    PlayerState,
    RaceHold,
    RegionState,
    TurnState,
)

#: under which a board keeps the regions as a new game lays them (`empty_table`)
_LAID: Final = ("laid out",)


def empty_table(board: Board, names: Sequence[str], catalog: Catalog, known: bool = False) -> GameState:
    """Board markers, tray and players, with no combo dealt yet. `known` (a new game, whose
    regions are then written through `GameState.reg_w` alone): the state keeps what laying the
    table told (`GameState.laid_out`), where a position set up by hand writes its regions
    directly and has them read when first asked."""
    if not 1 <= len(names) <= 5:
        raise SetupError(reason("setup_player_count", count=len(names)))
    if len(set(names)) != len(names):
        raise SetupError(reason("setup_same_names"))
    s = GameState(board, catalog)
    s.players = [PlayerState(str(n)) for n in names]
    s.tray = {rid: r.box for rid, r in catalog.races.items()}
    s.tray[LOST_TRIBE] = LOST_TRIBE_BOX
    laid = board.kept(_LAID) if known else None
    if isinstance(laid, tuple):
        # the regions as every new game on this board lays them, shared: a new game's regions
        # are written through `reg_w` alone, which copies a region before its first write, so
        # no game changes them; a judgement kept with the board by the regions' states (the
        # ways in: `listing._entered`) then holds from one game to the next
        # (the mapping copied whole: a board of hundreds of regions is not filled a key at a time)
        s.regions = dict(laid[0])
        s.tray[LOST_TRIBE] -= laid[2]
        s.laid_out(list(s.regions.values()), laid[1])       # (in board order, as laid)
        return s
    at: list[RegionState] = []
    mountains = 0
    for reg in board.regions:
        r = RegionState()
        if reg.terrain == "mountain":
            r.mountain = True
            mountains += 1
        if reg.lost_tribe and s.tray[LOST_TRIBE] > 0:
            r.lost_tribe = 1
            s.tray[LOST_TRIBE] -= 1
        s.regions[reg.id] = r
        at.append(r)
    if known:
        s.laid_out(at, mountains)
        board.keep(_LAID, (dict(s.regions), mountains, LOST_TRIBE_BOX - s.tray[LOST_TRIBE]))
    return s


def new_game(board: Board, names: Sequence[str], catalog: Catalog,
             rng: random.Random | Any, forced: Sequence[tuple[str, str]] = ()) -> GameState:
    """A fresh game, the first player about to pick. `forced` combos (race, power) are laid on
    top of the column in that order, the rest of the column dealt from the shuffled stacks as
    usual (a variant for playtesting a combo; the board game deals all six at random)."""
    s = empty_table(board, names, catalog, known=True)
    chance = Recorder(rng)
    s.race_stack, s.power_stack = catalog.stacks()
    chance.shuffle(s.race_stack)
    chance.shuffle(s.power_stack)
    _force_combos(s, forced)
    refill_column(s, chance)
    s.round = 1
    s.turn = TurnState(0)
    begin_turn(s, chance, [])
    s.seal()
    return s


def _force_combos(s: GameState, forced: Sequence[tuple[str, str]]) -> None:
    """Move the `forced` banners and badges from the stacks to the top of the column."""
    cat = s.catalog
    if len(forced) > COLUMN_SIZE:
        raise SetupError(reason("setup_forced_many", count=len(forced), most=COLUMN_SIZE))
    for race, power in forced:
        if race not in cat.races:
            raise SetupError(reason("setup_unknown_race", where="forced combo", value=race,
                                    known=", ".join(sorted(cat.races))))
        if power not in cat.powers:
            raise SetupError(reason("setup_unknown_power", where="forced combo", value=power,
                                    known=", ".join(sorted(cat.powers))))
        if race not in s.race_stack or power not in s.power_stack:
            raise SetupError(reason("setup_forced_twice", value=race if race not in s.race_stack else power))
        s.race_stack.remove(race)
        s.power_stack.remove(power)
        s.column.append(Combo(race, power))


def revive_decline(s: GameState, seat: int, race: str, events: list[dict[str, Any]]) -> None:
    """The In Decline `race` of `seat` becomes his Active race again, instead of a pick: its
    tokens on the board turn Active, and it takes from the tray what a fresh pick of the race
    alone would bring (its banner's tokens, less those on the board). Its badge went to the
    discard when it declined, so it comes back without a special power."""
    p = s.player_w(seat)
    hold, in_dec = p.hold(race)
    if hold is None or not in_dec or p.active is not None:
        return
    p.declines = [h for h in p.declines if h is not hold]
    for rid in s.regions_of(seat, race):
        s.reg_w(rid).decline = False
    on_board = s.tokens_on_board(race)
    p.active = RaceHold(race, None, hold.hand, dict(hold.memo))
    p.active.hand += take_tray(s, race, max(0, s.catalog.races[race].tokens - on_board - hold.hand))
    for ab in s.catalog.effects_of(race, None):
        ab.on_pick(s, seat, p.active)
    events.append({"type": "revived", "seat": seat, "race": race})


def begin_turn(s: GameState, chance: Any, events: list[dict[str, Any]]) -> None:
    """Start the turn of `s.turn.seat`: ready troops and run the turn-start effects."""
    seat = s.turn.seat
    p = s.player_w(seat)
    p.memo.pop("until_next_turn", None)       # e.g. a Diplomat's peace ends now
    if "revive" in p.memo:                    # Soul-Touch: an earlier race comes back Active
        revive_decline(s, seat, str(p.memo.pop("revive")), events)
    hold = p.active
    if hold is None:
        s.turn.phase = PICK
    else:
        s.turn.phase = CONQUER
        keep = 1
        if "min_per_region" in s.catalog.hooked:      # Kobolds keep 2 in each region
            keep = s.catalog.least_per_region(hold.race, hold.power)
        for rid in s.regions_of(seat, hold.race):
            r = s.regions[rid]
            if r.tokens > keep and not (r.marks and frozen_by(s, rid)):
                n = r.tokens - keep
                s.reg_w(rid).tokens = keep
                hold.hand += n
                s.turn.readied[rid] = n
        back = hold.memo.pop("set_aside", 0)
        hold.hand += back
        if "borrowed" in hold.memo:           # Copycat: the borrowed power goes now
            give_back_borrowed(s, seat, events)
        for ab in s.catalog.answering(hold.race, hold.power, "on_turn_start"):
            ab.on_turn_start(s, seat, hold)
    for h in p.declines:
        for ab in s.catalog.answering(h.race, h.power, "on_turn_start"):
            if ab.in_decline:
                ab.on_turn_start(s, seat, h)
    events.append({"type": "turn", "seat": seat, "round": s.round})
    if "turn_started" in s.catalog.heard:
        tell(s, Heard("turn_started", {"mover": seat}, {"mover": hold.race if hold else None}), events, chance)
