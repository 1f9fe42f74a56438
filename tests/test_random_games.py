"""The random-game harness: hundreds of seeded games of 2 to 5 players, random legal intents,
every invariant checked after every step (tokens conserved for every race, coins never
negative, one race per region, markers within the box, JSON round trip), and every game ends
after the board's last round with every seat having played it."""
from __future__ import annotations

import random

import pytest

from game.content.catalog import default_catalog
from game.rules import apply, legal_actions, new_game, replay, why_illegal
from game.rules.engine import Record
from game.rules.invariants import check
from game.rules.playout import random_playout
from game.rules.state import GameState
from tests.boards import BOARDS

GAMES = 520


def _play_checked(seed: int) -> tuple[GameState, GameState, list[Record]]:
    rng = random.Random(seed)
    board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
    n = 2 + seed % 4
    start = new_game(board, [f"p{i}" for i in range(n)], default_catalog(), rng)
    records: list[Record] = []
    turns_seen: list[tuple[int, int]] = []

    def on_step(before: GameState, after: GameState, rec: Record) -> None:
        records.append(rec)
        bad = check(after)
        assert not bad, f"seed {seed}, step {len(records)} ({rec.action}): {bad}"
        for e in rec.events:
            if e["type"] == "turn":
                turns_seen.append((e["round"], e["seat"]))

    end, _ = random_playout(start, rng, on_step)
    assert end.game_over
    assert end.round == board.turns
    # every seat played every round: the first turn of the game has no 'turn' event
    assert len(turns_seen) + 1 == board.turns * n
    assert end.winners and all(0 <= w < n for w in end.winners)
    return start, end, records


@pytest.mark.parametrize("chunk", range(8))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    for seed in range(chunk, GAMES, 8):
        _play_checked(seed)


def test_records_replay_to_the_same_state() -> None:
    for seed in (3, 10, 17):
        start, end, records = _play_checked(seed)
        assert replay(start, records) == end


def test_every_listed_intent_is_accepted_and_refusals_change_nothing() -> None:
    rng = random.Random(99)
    s = new_game(BOARDS["grid"](), ["ann", "bob", "cid"], default_catalog(), rng)
    for _ in range(150):
        if s.game_over:
            break
        acts = legal_actions(s)
        for a in acts:
            assert why_illegal(s, a) is None, a
        before = s.to_dict()
        from game.rules.actions import Conquer
        for rid in s.regions:                       # refused conquests leave no trace
            a = Conquer(rid)
            if a not in acts and why_illegal(s, a) is not None:
                with pytest.raises(ValueError):
                    apply(s, a, rng)
        assert s.to_dict() == before
        s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
