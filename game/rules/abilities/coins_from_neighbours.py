"""Block `coins_from_neighbours`: at the end of your turn take `amount` coins from each player
who has an Active race token in a region bordering one of yours (only what he has: Thieving).

YAML: `{coins_from_neighbours: {amount: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class CoinsFromNeighbours(Ability):
    """At the end of your turn, `amount` coins from each player with an Active token next to one
    of your regions (Thieving)."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 1}
    param_docs: ClassVar[dict[str, str]] = {"amount": "coins taken from each such player"}

    def score(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool) -> int:
        victims: set[int] = set()
        for rid in s.regions_of(seat, hold.race):
            for n in s.board.neighbours(rid):
                r = s.regions[n]
                if r.tokens and not r.decline and r.owner is not None and r.owner != seat:
                    victims.add(r.owner)
        got = 0
        for v in sorted(victims):
            take = min(int(self.p["amount"]), s.players[v].coins)
            if take:
                s.player_w(v).coins -= take
                got += take
        return got


register("coins_from_neighbours", CoinsFromNeighbours)
