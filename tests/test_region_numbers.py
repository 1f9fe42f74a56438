"""Regions as numbers inside the engine: what the masks say is what the names say.

A board numbers its regions in board order and keeps its facts (adjacency, the ways in, the
coast, the water) as bit masks beside the sets of ids; a game state indexes who holds which
regions as a mask per seat and race. Every shipped map and the test boards (one of them wider
than a machine word) check the masks against the sets, and random games, with the base races
and with the expansions', check the index, the tokens on the board and the markers counted
against a look at every region: sealed, and while a state is being written.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.content.catalog import default_catalog, load_catalog
from game.content.tmx import SHIPPED_MAPS, map_for_players
from game.rules import Board, GameState, apply, legal_actions, new_game
from game.rules.ranking import tokens_on_board
from game.rules.state import MARKER_LIMITS
from tests.boards import BOARDS, grid_board

ROOT = Path(__file__).resolve().parents[1]
EXPANSIONS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))


def _boards() -> list[Board]:
    return ([map_for_players(n).board for n in sorted(SHIPPED_MAPS)] + [make() for make in BOARDS.values()]
            + [grid_board(10, 9, 8, seed=2)])


@pytest.mark.parametrize("board", _boards(), ids=lambda b: f"{b.name}-{len(b.regions)}")
def test_the_boards_masks_say_what_its_sets_say(board: Board) -> None:
    assert board.ids == tuple(r.id for r in board.regions)
    for i, rid in enumerate(board.ids):
        assert board.bits[rid] == 1 << i and board.index[rid] == i
        assert board.ids_in(board.adj_bits[i]) == board.in_order(board.adjacency[rid])
    for bits, ids in ((board.entry_bits, board.entry), (board.coastal_bits, board.coastal),
                      (board.border_sea_bits, board.border_seas), (board.water_bits, board.water)):
        assert board.ids_in(bits) == board.in_order(ids)
        assert board.mask_of(ids) == bits
    assert board.wide == (len(board.ids) > 60)          # wider than a machine word: its masks too
    rng = random.Random(len(board.regions))
    low = [list(board.ids[:k]) for k in (1, 3, 7)]     # on a wide board, masks a machine word holds
    for some in low + [rng.sample(board.ids, rng.randrange(len(board.ids) + 1)) for _ in range(50)]:
        mask = board.mask_of(some)
        assert board.ids_in(mask) == board.in_order(some)
        assert board.ids_in(mask) == board.in_order(some)             # (a wide board's, kept)
        assert board.set_in(mask) == set(some) and board.set_in(mask) == set(some)
        near: set[str] = set()
        for rid in some:
            near |= board.adjacency[rid]
        assert board.ids_in(board.near_bits(mask)) == board.in_order(near)
    assert board.ids_in(0) == [] and board.near_bits(0) == 0 and board.set_in(0) == frozenset()


def _slow(s: GameState, seat: int, race: str) -> list[str]:
    return [rid for rid, r in s.regions.items() if r.owner == seat and r.race == race and r.tokens]


def _check(s: GameState) -> None:
    counts = [0] * len(s.players)
    for seat, hold, _ in s.iter_holds():
        slow = _slow(s, seat, hold.race)
        assert s.regions_of(seat, hold.race) == slow
        assert s.held_bits(seat, hold.race) == s.board.mask_of(slow)
    for r in s.regions.values():
        if r.tokens and r.race is not None and r.owner is not None:
            counts[r.owner] += 1
    assert s.regions_per_seat() == counts
    for seat in range(len(s.players)):
        assert tokens_on_board(s, seat) == sum(r.tokens for r in s.regions.values() if r.owner == seat)
    for race in {r.race for r in s.regions.values() if r.race is not None}:
        assert s.tokens_on_board(race) == sum(r.tokens for r in s.regions.values() if r.race == race)
    for marker in MARKER_LIMITS:
        slow_count = sum(int(getattr(r, marker)) for r in s.regions.values())
        assert s.marker_count(marker) == slow_count, marker
        assert s.marker_count(marker) == slow_count, marker          # a sealed state's kept count
    far = s.catalog.nonlocal_marks
    slow_far = sum(1 for r in s.regions.values() if r.marks and not far.isdisjoint(r.marks))
    assert s.far_marked() == slow_far
    assert s.far_marked() == slow_far                                # a sealed state's kept count


def _mark_some(s: GameState, rng: random.Random) -> None:
    """Put down and take away markers on a few regions of a state being written."""
    for _ in range(3):
        r = s.reg_w(rng.choice(s.board.ids))
        marker = rng.choice(sorted(MARKER_LIMITS))
        if marker == "encampments":
            r.encampments = rng.randrange(3)
        else:
            setattr(r, marker, not getattr(r, marker))
    for name in sorted(s.catalog.nonlocal_marks):    # a marker whose defence reads further
        r = s.reg_w(rng.choice(s.board.ids))
        r.marks = {} if r.marks.get(name) else {**r.marks, name: 1}


@pytest.mark.parametrize("catalog_of", ["base", "expansions"])
def test_the_holdings_index_is_what_a_look_at_every_region_says(catalog_of: str) -> None:
    catalog = default_catalog() if catalog_of == "base" else load_catalog(EXPANSIONS)
    boards = [BOARDS["grid"](), grid_board(10, 9, 8, seed=2)]
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = new_game(boards[seed % 2], [f"p{i}" for i in range(2 + seed % 3)], catalog, rng)
        while not s.game_over:
            _check(s)                                  # sealed: read from the index
            building = s.copy()                        # being written: the index and what changed
            for seat, hold, _ in s.iter_holds():
                for rid in s.regions_of(seat, hold.race)[:1]:
                    building.reg_w(rid).clear_race()
                rid = rng.choice(building.board.ids)
                r = building.reg_w(rid)
                r.owner, r.race, r.tokens = seat, hold.race, 1
            _check(building)
            _mark_some(building, rng)
            _check(building)
            building.seal()                            # sealed, counted, then written again
            _check(building)
            _mark_some(building, rng)
            _check(building)
            checked += 1
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert checked > 300
