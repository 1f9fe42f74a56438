"""The marker blocks beyond those left behind: a pool spent for an effect (`marker_pool`),
markers moved (`marker_moves`), a region counted as the race's (`counts_as_region`), a region
frozen, markers on the column (`column_marker`). The scenarios of docs/examples/invented say
what each does; here the computer players play whole games with them (every invariant kept,
tokens conserved, every intent legal), and the column's price and the frozen region's
refusals are checked where a scenario does not reach."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from game.bots import make_bot
from game.bots.arena import play_game
from game.content.catalog import load_catalog
from game.content.tmx import map_for_players
from game.rules import GameState, Use, legal_actions, new_game, why_illegal
from game.rules.invariants import check
from game.rules.playout import random_playout

ROOT = Path(__file__).resolve().parents[1]
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"
NEW = ["hexstones", "omens", "sanctuary", "frostbinders", "cairnbuilders", "shepherds", "tollmasters"]


def _catalog():
    return load_catalog([INVENTED])


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_computer_players_play_whole_games_with_the_marker_powers(level: str) -> None:
    cat = _catalog()
    board = map_for_players(4).board
    used: Counter[str] = Counter()
    races = ["ratmen", "trolls", "orcs", "humans", "amazons", "dwarves", "elves"]

    def on_step(before: GameState, after: GameState, rec) -> None:  # type: ignore[no-untyped-def]
        used.update(e["effect"] for e in rec.events if e.get("type") == "use")
        bad = check(after, round_trip=False)
        assert not bad, f"{rec.action}: {bad}"

    for game in range(2):
        forced = list(zip(races, NEW[3:] if game else NEW[:4], strict=False))
        bots = [make_bot(level, seat, seed=seat + 10 * game) for seat in range(4)]
        end = play_game(board, cat, bots, f"markers:{level}:{game}", on_step=on_step, forced=forced)
        assert end.game_over
        assert not check(end)
    if level == "medium":
        assert used["marker_pool"] > 0, dict(used)


def test_random_games_use_every_new_move_and_keep_every_invariant() -> None:
    cat = _catalog()
    cat.races = {k: v for k, v in cat.races.items() if k in ("ratmen", "trolls", "orcs", "humans", "elves")}
    cat.powers = {k: v for k, v in cat.powers.items() if k in NEW}
    used: Counter[str] = Counter()
    for seed in range(6):
        rng = random.Random(seed)
        start = new_game(map_for_players(3).board, ["a", "b", "c"], cat, rng)

        def on_step(before, after, rec, seed=seed) -> None:  # type: ignore[no-untyped-def]
            if rec.action["kind"] == "use":
                used[rec.action["effect"]] += 1
            bad = check(after, round_trip=False)
            assert not bad, f"seed {seed}: {rec.action}: {bad}"

        end, _ = random_playout(start, rng, on_step)
        assert end.game_over
        assert not check(end)
    for effect in ("marker_pool", "marker_moves", "column_marker"):
        assert used[effect] > 0, dict(used)


def test_a_marked_combo_costs_more_and_the_refusal_says_so() -> None:
    from game.rules import EndTurn, Pick, apply, build_position
    board = map_for_players(3).board
    s = build_position(board, ["ann", "bob"], _catalog(), random.Random(0), {
        "column": [{"race": "orcs", "power": "stout"}, {"race": "elves", "power": "hill"}],
        "players": {"ann": {"coins": 0, "active": {"race": "ratmen", "power": "tollmasters", "hand": 3}},
                    "bob": {"coins": 2}}})
    assert Use("column_marker", choice="elves") in legal_actions(s)
    s = apply(s, Use("column_marker", choice="elves"), random.Random(0))[0]
    s = apply(s, EndTurn(), random.Random(0))[0]
    assert Pick(1) not in legal_actions(s)                    # 1 for the combo above, 2 for the Toll
    assert "costs 3 coins" in str(why_illegal(s, Pick(1)))
    assert Pick(0) in legal_actions(s)


def test_a_spent_discount_waits_for_a_conquest_of_the_kind_it_names(tmp_path: Path) -> None:
    from game.rules import Board, Conquer, apply, build_position, conquest_cost
    path = tmp_path / "quarry.yaml"
    path.write_text("powers:\n  quarry:\n    name: Quarry\n    tokens: 4\n    effects:\n"
                    "      - {marker_pool: {marker: chisel, count: 1, gain: pick, spend: discount, amount: 1,"
                    " where: {terrains: [mountain]}}}\n", encoding="utf-8")
    cat = load_catalog([INVENTED, path])
    board = Board.from_dicts("three", 5, [
        {"id": "a", "terrain": "farmland", "border": True, "adjacent": ["m", "f"]},
        {"id": "m", "terrain": "mountain", "border": True, "adjacent": ["a"]},
        {"id": "f", "terrain": "forest", "adjacent": ["a"]},
    ])
    s = build_position(board, ["ann", "bob"], cat, random.Random(0), {
        "players": {"ann": {"active": {"race": "ratmen", "power": "quarry", "hand": 9, "supply": {"chisel": 1}}}}})
    s = apply(s, Use("marker_pool"), random.Random(0))[0]
    plain = conquest_cost(s, 0, "a")
    s = apply(s, Conquer("a"), random.Random(0))[0]
    assert s.turn.used.get("marker_pool") == 1             # not spent on a conquest it does not name
    assert plain == 2 and conquest_cost(s, 0, "m") == 2     # the Mountain's 3, less 1
    s = apply(s, Conquer("m"), random.Random(0))[0]
    assert not s.turn.used.get("marker_pool")


def test_a_marker_counting_always_keeps_scoring_a_region_lost_to_another(tmp_path: Path) -> None:
    """`counts_as_region: always`: the lost region scores for its old race though an opponent
    holds it; with `empty` (the Cairnbuilders' scenario) it stops as soon as someone does."""
    from game.content.catalog import default_catalog
    from game.scenario import run_file
    (tmp_path / "haunt.yaml").write_text(
        "powers:\n  haunting:\n    name: Haunting\n    tokens: 4\n    effects:\n"
        "      - {markers_left_behind: {marker: ghost, after: [lost], counts_as_region: always}}\n", encoding="utf-8")
    board = (ROOT / "docs" / "examples" / "invented" / "cairnbuilders-an-abandoned-region-still-scores.yaml").read_text(
        encoding="utf-8").split("setup:")[0].replace("content: [../invented.yaml]", "content: [haunt.yaml]")
    (tmp_path / "ghosts.yaml").write_text(board.replace('name: "Cairnbuilders', 'name: "Haunting') + """setup:
  players:
    ann: {coins: 0, active: {race: ratmen, power: haunting, hand: 0}}
    bob: {coins: 0, active: {race: trolls, power: hill, hand: 6}}
  current: bob
  regions:
    a: {owner: ann, race: ratmen, tokens: 1}
    m: {owner: ann, race: ratmen, tokens: 1}
    b: {owner: bob, race: trolls, tokens: 1}
steps:
  - conquer: a
  - expect: {regions: {a: {owner: bob, marks: {ghost: 1}}}}
  - end_turn
  - end_turn
  - expect: {players: {ann: {coins: 2}}}          # m, and a where her ghost stays
""", encoding="utf-8")
    ok, _, message = run_file(tmp_path / "ghosts.yaml", default_catalog())
    assert ok, message
