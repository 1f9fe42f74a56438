"""The shortcuts the computer players read a position with give what the full questions give.

Medium and the look-ahead bots read the conquest cost of a region thousands of times a game:
`conquest_cost` answers from the prices `legal_actions` put on the state's conquests, and
falls back to `cost_of` for any other region or seat. The tactics module keeps each board's
land neighbours in board order and counts every seat's regions from the state's index; its
spreading of tokens works out only the share of the region that got the last token; the life
model remembers what it worked out. Random games, with the base races and with the expansions', check each against the slow way.
"""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from game.bots.knowledge import Knowledge, Traits
from game.bots.tactics import land_neighbours, neighbours, regions_per_seat, spread
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
            listed = s._listed.costs if s._listed is not None else {}
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
            slow = [sum(1 for r in s.regions.values() if r.owner == seat and r.tokens) for seat in range(3)]
            assert regions_per_seat(s) == slow
            assert s.copy().regions_per_seat() == slow      # a state being built reads the board


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


def _spread_slowly(total: int, regions: list[str], weight: dict[str, float], base: int) -> dict[str, int]:
    counts = {r: base for r in regions}
    for _ in range(max(0, total - base * len(regions)) if regions else 0):
        best, best_v = regions[0], -1.0
        for r in regions:
            v = (weight.get(r, 0.0) + 0.01) / (counts[r] + 1 - base + 1) ** 1.5
            if v > best_v:
                best, best_v = r, v
        counts[best] += 1
    return counts


def test_spread_gives_each_token_where_the_full_count_would() -> None:
    rng = random.Random(5)
    for _ in range(400):
        regions = [f"r{i}" for i in range(rng.randrange(0, 9))]
        weight = {r: rng.choice([0.0, 0.4, 1.0, 2.5, rng.random() * 3]) for r in regions if rng.random() < 0.9}
        base = rng.choice([0, 1])
        total = rng.randrange(0, 25)
        assert spread(total, regions, weight, base) == _spread_slowly(total, regions, weight, base)


def test_the_life_model_remembers_exactly_what_it_works_out() -> None:
    """Values read again (from the memo) are those a model that never saw them works out."""
    board = BOARDS["wide"]()
    know = Knowledge.of(board, default_catalog(), 4)
    fresh = Knowledge(board, default_catalog(), 4).model
    m = know.model
    rng = random.Random(2)
    trs = [know.traits(r, p) for r, p in (("ratmen", "alchemist"), ("amazons", "flying"), ("ghouls", None))]
    trs.append(Traits(tokens=9.0, stout=True))
    for _ in range(300):
        tr = rng.choice(trs)
        t, rnd = rng.randrange(0, 8), rng.randrange(1, 9)
        d, d_rate = rng.choice([0.0, 1.5, 3.0]), rng.choice([1.0, 1.4])
        r, k = float(rng.randrange(0, 7)), float(rng.randrange(0, 14))
        for _ in range(2):                      # the second time from the memo
            assert m.pick_value(t, rnd, tr, d, d_rate, 0.0) == fresh.pick_value(t, rnd, tr, d, d_rate, 0.0)
            assert m.active_value(t, rnd, r, k, tr, d, d_rate) == fresh.active_value(t, rnd, r, k, tr, d, d_rate)
        fresh._p_memo.clear()


def test_a_combo_with_tokens_lying_on_it_is_valued_by_the_same_traits_each_pick() -> None:
    """`traits_with_tokens`: the combo's traits with the tokens lying on it added, the same
    object when asked again (the life model's memo knows traits by identity)."""
    know = Knowledge(BOARDS["wide"](), default_catalog(), 4)
    tr = know.traits("ratmen", "alchemist")
    got = know.traits_with_tokens("ratmen", "alchemist", 2)
    assert got == replace(tr, tokens=tr.tokens + 2)
    assert know.traits_with_tokens("ratmen", "alchemist", 2) is got
    assert know.traits_with_tokens("ratmen", "alchemist", 3).tokens == tr.tokens + 3



def test_a_leader_read_without_turns_left_names_the_same_opponent() -> None:
    """`leader` works out the turns left once for all seats: the same opponent as the full
    question asked seat by seat (most projected coins; ties: the lowest seat)."""
    from game.bots.tactics import leader, turns_left
    rng = random.Random(9)
    s = new_game(BOARDS["wide"](), ["ann", "bob", "cid", "dee"], default_catalog(), rng)
    while not s.game_over:
        held = regions_per_seat(s)
        for seat in range(4):
            best = max((s.players[i].coins + (turns_left(s, i) + 1) * (held[i] + 0.5), -i)
                       for i in range(4) if i != seat)
            assert leader(s, seat) == -best[1]
        acts = legal_actions(s)
        s, _ = apply(s, acts[rng.randrange(len(acts))], rng)


def test_medium_sees_every_listed_intent_by_its_kind() -> None:
    """Medium reads the list by kind (`by_kind`), variants included (the listing's Redeploy
    works out its counts later): it never ends a turn while it could still redeploy."""
    from game.bots.medium import MediumBot, by_kind
    from game.rules import EndTurn, Redeploy, actor
    redeployed = 0
    for seed in range(3):
        rng = random.Random(seed)
        s = new_game(BOARDS["wide"](), ["ann", "bob", "cid"], default_catalog(), rng)
        bots = [MediumBot(i, seed) for i in range(3)]
        while not s.game_over:
            acts = legal_actions(s)
            kinds = by_kind(acts)
            assert sorted(map(id, acts)) == sorted(id(a) for got in kinds.values() for a in got)
            assert all(a.kind == k for k, got in kinds.items() for a in got)
            a = bots[actor(s)].decide(s)
            if isinstance(a, EndTurn) and not s.turn.redeployed:
                assert not any(isinstance(x, Redeploy) for x in acts), "ended the turn without redeploying"
            redeployed += isinstance(a, Redeploy)
            s, _ = apply(s, a, rng)
    assert redeployed > 20
