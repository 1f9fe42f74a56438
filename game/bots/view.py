"""What a computer player may know: the public view of the table from one seat.

In Small World the coins are kept face down, and the banner and badge stacks are hidden.
`public_view(state, seat)` returns a copy of the state (the original is never touched) in
which every other player's coin total is replaced by `estimate_coins` — a figure computed from
public facts only (turns played, regions held) — and the hidden stacks are put in a fixed
order, so that nothing a bot decides can depend on what it should not know. The bot's own
coins stay true: a player knows his own total. When the bot's seat is the one to act, the view
takes the real state's list of legal intents (`lend_listing`: the list reads neither the others'
coins nor the stacks' order), so that the intent the bot chooses is played without being judged
a second time.
"""
from __future__ import annotations

from bisect import bisect_left

from ..rules import START_COINS, GameState, actor, lend_listing

# Mean income per turn of a region held, and a flat part for bonuses, fitted on lab games.
INCOME_PER_REGION = 0.8
INCOME_FLAT = 1.5


def turns_played(s: GameState, seat: int) -> int:
    """Whole turns `seat` has finished (the current player's turn is not finished)."""
    if s.game_over:
        return s.round
    return s.round if seat < s.turn.seat else s.round - 1


def regions_held(s: GameState, seat: int) -> int:
    return sum(1 for r in s.regions.values() if r.owner == seat and r.tokens)


def estimate_coins(s: GameState, seat: int, held: int | None = None) -> int:
    """A guess at `seat`'s coins from public information only (`held`: its regions, when known)."""
    turns = turns_played(s, seat)
    rate = INCOME_PER_REGION * (regions_held(s, seat) if held is None else held) + INCOME_FLAT
    return int(round(START_COINS + turns * rate))


# the last stack of each kind put in order, and that order: a stack is shared from state to state
# until something is taken from it (`GameState.supply_w`), and a view never writes its stacks in place
_SORTED: list[tuple[list[str], list[str]]] = [([], []), ([], [])]


def _in_order(stack: list[str], kind: int) -> list[str]:
    """`sorted(stack)`, made once for each stack (`kind`: 0 the races', 1 the powers'). A stack
    is most often the one before, copied when the tray was written, or with a few banners or badges
    taken from its top: the order before serves, less their places, where sorting a stack of
    thousands again at each copy took most of a lab game's time."""
    seen, done = _SORTED[kind]
    if seen is not stack:
        gone = len(seen) - len(stack)
        if 0 <= gone <= 8 and seen[gone:] == stack:
            done = list(done)
            for x in seen[:gone]:
                i = bisect_left(done, x)
                if i == len(done) or done[i] != x:
                    done = sorted(stack)
                    break
                del done[i]
        else:
            done = sorted(stack)
        _SORTED[kind] = (stack, done)
    return done


def public_view(s: GameState, seat: int) -> GameState:
    """A copy of `s` as `seat` may see it (see the module docstring)."""
    v = s.copy()
    held = s.regions_per_seat()
    # `estimate_coins` for each other seat, with the turns each has played worked out here
    rnd = s.round
    over = s.game_over
    now = s.turn.seat
    players = v.players
    for i, p in enumerate(s.players):       # sealed below before anything writes the holds
        if i != seat:
            turns = rnd if over or i < now else rnd - 1
            rate = INCOME_PER_REGION * held[i] + INCOME_FLAT
            players[i] = p.with_coins(int(round(START_COINS + turns * rate)))
    v.race_stack = _in_order(s.race_stack, 0)
    v.power_stack = _in_order(s.power_stack, 1)
    v.seal()
    if actor(s) == seat:
        lend_listing(s, v)
    return v
