"""Who won and in which order everyone finished (R13): the most coins win; players tied on coins
compare the race tokens they have on the board (Active and In Decline together); players still
tied share the victory and the place. `outcome(state)` is the one place the ranking and its
tie-break are worked out: the ending, the story, the bots and the lab read it rather than
sorting coins themselves. Asked before the end it gives the standing so far (`final` is False).
"""
from __future__ import annotations

from dataclasses import dataclass

from .pickling import when_compiled
from .state import GameState

#: how the first place was settled: one player had the most coins; several did and the tokens
#: on the board told them apart; several did and the tokens could not (a shared victory)
BY_COINS = "coins"
BY_TOKENS = "tokens"
SHARED = "shared"


@dataclass(frozen=True)
class Standing:
    """One player's line in the ranking."""
    seat: int
    name: str
    coins: int
    tokens: int      # race tokens on the board, Active and In Decline: the tie-break
    place: int       # 1 for the best; players equal on coins and tokens share a place
    won: bool        # shares first place (before the end: leads)


@dataclass(frozen=True)
class Outcome:
    """The ranking of a game, best first (players sharing a place in seat order)."""
    standings: tuple[Standing, ...]
    winners: tuple[int, ...]    # seats, in seat order
    decided_by: str             # BY_COINS, BY_TOKENS or SHARED
    final: bool                 # the game is over (else: the standing so far)

    @property
    def top_coins(self) -> int:
        return self.standings[0].coins if self.standings else 0

    @property
    def tied_on_coins(self) -> tuple[int, ...]:
        """The seats that had the most coins (more than one: the tie-break was needed)."""
        return tuple(sorted(x.seat for x in self.standings if x.coins == self.top_coins))

    def of(self, seat: int) -> Standing:
        """The standing of `seat`."""
        for x in self.standings:
            if x.seat == seat:
                return x
        raise KeyError(seat)


def tokens_on_board(s: GameState, seat: int) -> int:
    """The race tokens `seat` has on the board, Active and In Decline (R13's tie-break)."""
    return s.seat_tokens_on_board(seat)


def outcome(s: GameState) -> Outcome:
    """The ranking of `s` by R13 (see the module docstring)."""
    rows = [(p.coins, tokens_on_board(s, i), i, p.name) for i, p in enumerate(s.players)]
    rows.sort(key=lambda r: (-r[0], -r[1], r[2]))
    standings: list[Standing] = []
    for n, (coins, tokens, seat, name) in enumerate(rows):
        same = bool(standings) and (standings[-1].coins, standings[-1].tokens) == (coins, tokens)
        place = standings[-1].place if same else n + 1
        standings.append(Standing(seat, name, coins, tokens, place, place == 1))
    winners = tuple(sorted(x.seat for x in standings if x.won))
    tied = sum(1 for r in rows if r[0] == rows[0][0]) if rows else 0
    decided = BY_COINS if tied < 2 else (SHARED if len(winners) > 1 else BY_TOKENS)
    return Outcome(tuple(standings), winners, decided, s.game_over)


def winners(s: GameState) -> list[int]:
    """The seats sharing the first place, in seat order (`outcome(s).winners`): those with the
    most coins and, among them, the most tokens on the board. Worked out without the ranking
    (the end of every game asks it: compiled, the frozen rows' constructors run interpreted)."""
    best: tuple[int, int] | None = None
    out: list[int] = []
    for i, p in enumerate(s.players):
        key = (p.coins, tokens_on_board(s, i))
        if best is None or key > best:
            best, out = key, [i]
        elif key == best:
            out.append(i)
    return out


when_compiled(Standing, Outcome)          # pickled for the lab's processes (`pickling`)
