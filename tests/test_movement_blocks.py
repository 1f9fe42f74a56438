"""Movement in the vocabulary: stacks pushed by a conquest (`push_defenders`), tokens moved during
another player's turn as a decision out of turn (`redeploy_out_of_turn`), and opponents bound to
attack first (`forced_attack`).

The decision out of turn goes through the one legal list: while it waits, the listing holds only
the deciding player's moves, `actor` names him, every other intent (of anyone) is refused with a
sentence naming him, and the position survives a save. Computer players of every level make the
decision, and whole games with the movement entries in every seat keep every invariant."""
from __future__ import annotations

import random
from pathlib import Path

from game.bots import make_bot
from game.bots.arena import play_game
from game.content.catalog import load_catalog
from game.rules import (
    Conquer,
    EndTurn,
    GameState,
    Reinforce,
    Use,
    actor,
    apply,
    asked,
    legal_actions,
    why_illegal,
)
from game.rules.invariants import check
from game.scenario import Runner
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"
SCENARIOS = ROOT / "docs" / "examples" / "invented"
MOVEMENT = [("sentinels", "nightwatch"), ("bulldozers", "landslide"), ("provokers", "beacon"),
            ("ratmen", "rearguard")]


def _position(name: str, steps: int) -> GameState:
    """The position of an invented scenario after its first `steps` steps."""
    import yaml
    path = SCENARIOS / name
    sc = yaml.safe_load(path.read_text(encoding="utf-8"))
    sc["steps"] = sc["steps"][:steps]
    r = Runner(sc, path, load_catalog([INVENTED]))
    for step in sc["steps"]:
        if isinstance(step, dict) and "expect" in step:
            continue
        if isinstance(step, dict) and "illegal" in step:
            continue
        a, who = r.intent(step)
        r.play(a, who)
    return r.s


def test_a_decision_out_of_turn_is_the_one_legal_list_and_refuses_everything_else() -> None:
    s = _position("sentinels-march-in-when-a-region-falls.yaml", 1)     # bob took ann's region
    ann, bob = 0, 1
    assert asked(s) is not None and actor(s) == ann and s.turn.seat == bob
    listed = legal_actions(s)
    assert listed == [Use("redeploy_out_of_turn", "h"), Use("redeploy_out_of_turn")]
    for a in (Conquer("h"), Reinforce("h"), EndTurn()):
        why = why_illegal(s, a)
        assert why is not None and "ann has a decision to make first" in why, (a, why)
    why = why_illegal(s, Use("redeploy_out_of_turn", "h"), seat=bob)
    assert why is not None and "ann" in why.lower()
    why = why_illegal(s, Use("redeploy_out_of_turn", "b"))
    assert why is not None and "no tokens can be moved into" in why.lower()
    # the waiting position is saved and read back with its decision
    again = GameState.from_dict(s.to_dict(), s.board, s.catalog)
    assert legal_actions(again) == listed and actor(again) == ann
    after, rec = apply(s, listed[0], random.Random(0))
    assert asked(after) is None and actor(after) == bob
    assert [e["type"] for e in rec.events] == ["moved_out_of_turn"]
    assert any(isinstance(a, Conquer) for a in legal_actions(after))


def test_a_decision_at_the_end_of_a_turn_comes_before_the_next_turn() -> None:
    s = _position("nightwatch-moves-at-the-end-of-others-turns.yaml", 1)   # bob ended his turn
    assert asked(s) is not None and actor(s) == 0 and s.turn.seat == 1 and s.round == 1
    after, _ = apply(s, Use("redeploy_out_of_turn"), random.Random(0))
    assert asked(after) is None and after.turn.seat == 0 and after.round == 2


def test_a_taunt_is_listed_as_it_is_refused() -> None:
    s = _position("beacon-hills-bind-the-next-player.yaml", 0)
    conquests = {a.region for a in legal_actions(s) if isinstance(a, (Conquer, Reinforce))}
    assert conquests == {"h", "c"}
    for rid in s.regions:
        for a in (Conquer(rid), Reinforce(rid)):
            assert (why_illegal(s, a) is None) == (a in legal_actions(s)), a
    why = why_illegal(s, Conquer("a"))
    assert why is not None and "ann's taunt" in why and "conquer h" in why.lower()


def test_computer_players_play_whole_games_with_the_movement_entries() -> None:
    cat = load_catalog([INVENTED])
    seen: dict[tuple[str, str], int] = {}
    for level in ("easy", "medium"):
        for seed in range(4):
            forced = MOVEMENT[seed % 4:] + MOVEMENT[:seed % 4]
            bots = [make_bot(level, i, seed=seed) for i in range(3)]

            def on_step(before, after, rec, seed=seed, level=level) -> None:  # type: ignore[no-untyped-def]
                bad = check(after, round_trip=False)
                assert not bad, f"{level} seed {seed}: {rec.action}: {bad}"
                for ev in rec.events:
                    seen[level, ev["type"]] = seen.get((level, ev["type"]), 0) + 1

            end = play_game(BOARDS["grid"](), cat, bots, seed, on_step, forced=forced)
            assert end.game_over
    # each level made decisions out of turn, and stacks were pushed
    for level in ("easy", "medium"):
        assert seen.get((level, "moved_out_of_turn"), 0) + seen.get((level, "stayed_put"), 0) > 0, seen
    assert sum(n for (_, kind), n in seen.items() if kind in ("pushed", "pushed_off")) > 0, seen


def test_the_listing_agrees_with_the_reasons_with_the_movement_entries_in_play() -> None:
    """Position by position over random games with the movement entries on top of the column
    (taunts, decisions out of turn, pushed stacks): every intent listed is accepted, every
    conquest, abandon, decline and pick left out is refused (`test_fast_legality`'s check)."""
    from game.rules import new_game
    from tests.test_fast_legality import _check_position
    cat = load_catalog([INVENTED])
    positions = asks = 0
    for seed in range(6):
        rng = random.Random(seed)
        forced = MOVEMENT[seed % 4:] + MOVEMENT[:seed % 4]
        s = new_game(BOARDS["grid"](), [f"p{i}" for i in range(2 + seed % 3)], cat, rng, forced=forced)
        while not s.game_over:
            _check_position(s)
            positions += 1
            asks += asked(s) is not None
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert positions > 500 and asks > 0, (positions, asks)
