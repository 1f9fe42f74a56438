"""The story of a finished game: coins by source add up to each player's coins, the chart has a
point per round, every pick becomes a reign, and the best turn is the largest score."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.match import Match, MatchSetup, Seat
from game.rules import Decline, EndTurn, Pick, legal_actions
from game.story import SOURCES, _classify_part, check, tell
from tests.boards import grid_board, ring_board


def _played(board, players: int, seed: int) -> Match:
    m = Match(MatchSetup([Seat(f"p{i}") for i in range(players)], seed), board=board)
    rng = random.Random(seed)
    while not m.state.game_over:
        acts = legal_actions(m.state)
        m.play(acts[rng.randrange(len(acts))])
    return m


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_sources_add_up_to_the_coins_of_random_games(seed: int) -> None:
    board = ring_board() if seed % 2 else grid_board(seed=seed)
    m = _played(board, 2 + seed % 3, seed)
    story = tell(m.states, m.records)
    assert check(story, m.state) == []
    assert story.rounds == board.turns
    picks = [[ev for r in m.records for ev in r.events if ev["type"] == "pick" and ev["seat"] == s]
             for s in range(len(m.state.players))]
    for ps in story.players:
        assert len(ps.coins) == board.turns + 1 and ps.coins[0] == 5
        assert [(r.race, r.power) for r in ps.reigns] == [(e["race"], e["power"]) for e in picks[ps.seat]]
        assert set(ps.sources) == set(SOURCES)
    scores = [ev["coins"] for r in m.records for ev in r.events if ev["type"] == "score"]
    assert story.best is not None and story.best.coins == max(scores)


def test_a_decline_turn_scores_its_regions_as_decline_regions() -> None:
    m = Match(MatchSetup([Seat("ann"), Seat("bob")], 4), board=ring_board())
    m.play(Pick(0))
    legal = legal_actions(m.state)
    conquer = next(a for a in legal if a.kind == "conquer")
    m.play(conquer)
    m.play(EndTurn())
    m.play(Pick(0))
    m.play(EndTurn())
    race = m.state.players[0].active.race
    m.play(Decline())
    story = tell(m.states, m.records)
    ann = story.players[0]
    assert ann.reigns[0].race == race and ann.reigns[0].declined == 2
    assert ann.sources["decline"] >= 1              # the decline turn scored its region as decline
    assert check(story, m.state) == []


def test_a_part_named_by_both_race_and_power_counts_once_for_each() -> None:
    from collections import Counter
    left = Counter({"coins_for_regions": 1})
    assert _classify_part("coins_for_regions", left, "humans", set()) == "race"
    assert _classify_part("coins_for_regions", left, "humans", set()) == "power"
    assert _classify_part("humans_regions", left, "humans", set()) == "regions"
    assert _classify_part("humans_regions", left, "humans", {"humans"}) == "decline"
    assert _classify_part("elves_regions", left, "humans", set()) == "decline"
    assert _classify_part("coins_for_regions", Counter(), "humans", set()) == "power"   # a block, not a race


def _played_with(content: list[str], players: int, seed: int) -> Match:
    board = grid_board(seed=seed) if seed % 2 else ring_board()
    m = Match(MatchSetup([Seat(f"p{i}") for i in range(players)], seed, content=content), board=board)
    rng = random.Random(seed)
    while not m.state.game_over:
        acts = legal_actions(m.state)
        m.play(acts[rng.randrange(len(acts))])
    return m


@pytest.mark.parametrize("invented", [False, True], ids=["every pack", "every pack and the invented set"])
def test_the_sources_add_up_with_every_pack_and_the_invented_set(invented: bool) -> None:
    """Pots of gold, tolls, purchases and prices paid to players move coins outside picks and
    scoring: they are counted as `other`, so the ending's table adds up to each player's coins."""
    root = Path(__file__).resolve().parents[1]
    content = [str(p) for p in sorted((root / "assets" / "content" / "expansions").glob("*.yaml"))]
    if invented:
        content.append(str(root / "docs" / "examples" / "invented.yaml"))
    others = 0
    for seed in range(12):
        m = _played_with(content, 2 + seed % 4, seed)
        story = tell(m.states, m.records)
        assert check(story, m.state) == [], f"seed {seed}"
        others += sum(abs(ps.sources["other"]) for ps in story.players)
    assert others > 0          # these games did move coins outside picks and scoring


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_base_game_moves_no_coin_outside_picks_and_scoring(seed: int) -> None:
    m = _played(ring_board(), 3, seed)
    assert all(ps.sources["other"] == 0 for ps in tell(m.states, m.records).players)
