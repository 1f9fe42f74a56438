"""The shortcuts the computer players read a position with give what the full questions give.

Medium and the look-ahead bots read the conquest cost of a region thousands of times a game:
`conquest_cost` answers from the prices `legal_actions` put on the state's conquests, and
falls back to `cost_of` for any other region or seat. The tactics module keeps each board's
land neighbours in board order and counts every seat's regions in one reading of the board.
Random games, with the base races and with the expansions', check each against the slow way.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.bots.tactics import land_neighbours, neighbours, regions_per_seat
from game.content.catalog import default_catalog, load_catalog
from game.rules import apply, conquest_cost, cost_of, legal_actions, new_game
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
EXPANSIONS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))


@pytest.mark.parametrize("catalog_of", ["base", "expansions"])
def test_the_listed_cost_is_cost_of_for_every_seat_and_region(catalog_of: str) -> None:
    catalog = default_catalog() if catalog_of == "base" else load_catalog(EXPANSIONS)
    priced = 0
    for seed in range(8):
        rng = random.Random(seed)
        players = 2 + seed % 4
        s = new_game(BOARDS[["ring", "grid", "wide"][seed % 3]](), [f"p{i}" for i in range(players)],
                     catalog, rng)
        while not s.game_over:
            acts = legal_actions(s)
            listed = s._listed[1] if s._listed is not None else {}
            priced += len(listed)
            for seat, p in enumerate(s.players):
                if p.active is None:
                    continue
                for rid in s.regions:
                    assert conquest_cost(s, seat, rid) == cost_of(s, seat, rid).total, (seat, rid)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert priced > 1000          # the listed prices were read, not only the fallback


def test_land_neighbours_and_seat_counts_read_the_board_as_the_slow_way() -> None:
    rng = random.Random(3)
    for name in ("ring", "grid", "wide"):
        board = BOARDS[name]()
        s = new_game(board, ["ann", "bob", "cid"], default_catalog(), rng)
        land = land_neighbours(board)
        assert land_neighbours(board) is land
        for r in board.regions:
            assert list(land[r.id]) == [n for n in neighbours(s, r.id) if not board.region(n).is_water]
        for _ in range(60):
            if s.game_over:
                break
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
            assert regions_per_seat(s) == [sum(1 for r in s.regions.values() if r.owner == seat and r.tokens)
                                           for seat in range(3)]


def test_medium_answers_with_the_listed_intent_and_reads_decline_bonuses_right() -> None:
    """When Medium's choice is on the list, it is the listed object itself (which `apply` knows
    without judging it again); the decline bonuses a region valuer keeps (shared between
    valuers of the same decline races) are those the knowledge gives, summed race by race."""
    from game.bots.knowledge import Knowledge
    from game.bots.medium import MediumBot
    from game.bots.tactics import RegionValuer
    from game.rules import actor

    catalog = load_catalog(EXPANSIONS)
    decisions = valued = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = new_game(BOARDS[["ring", "grid", "wide"][seed % 3]](), ["a", "b", "c"], catalog, rng)
        bots = [MediumBot(i, seed) for i in range(3)]
        while not s.game_over:
            acts = legal_actions(s)
            seat = actor(s)
            a = bots[seat].decide(s)
            if a in acts:
                assert any(x is a for x in acts), a
                decisions += 1
            p = s.players[seat]
            if p.active is not None and p.declines:
                know = Knowledge.of(s.board, s.catalog, len(s.players))
                want: dict[str, float] = {}
                for h in p.declines:
                    for rid, b in know.region_bonus(h.race, h.power, True).items():
                        if b:
                            want[rid] = want.get(rid, 0.0) + b
                assert RegionValuer(s, seat, know).decl_bonus == want
                valued += 1
            s, _ = apply(s, a, rng)
    assert decisions > 300 and valued > 20
