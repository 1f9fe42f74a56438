"""Engine facts that read like the rulebook: setup, refusals in words, records and replay."""
from __future__ import annotations

import json
import random

import pytest

from game.content.catalog import default_catalog, load_catalog
from game.rules import (
    Conquer,
    Decline,
    EndTurn,
    GameState,
    IllegalAction,
    Pick,
    Reinforce,
    SetupError,
    apply,
    build_position,
    cost_of,
    legal_actions,
    new_game,
    replay,
    why_illegal,
)
from tests.boards import grid_board, ring_board


def test_setup_lays_out_the_table() -> None:
    board = ring_board()
    s = new_game(board, ["ann", "bob", "cid"], default_catalog(), random.Random(1))
    assert len(s.column) == 6 and all(c.coins == 0 for c in s.column)
    assert len({c.race for c in s.column}) == 6
    assert len(s.race_stack) == len(s.catalog.races) - 6
    assert len(s.power_stack) == len(s.catalog.powers) - 6
    assert (len(s.catalog.races), len(s.catalog.powers)) == (14, 20)
    for reg in board.regions:
        assert s.regions[reg.id].lost_tribe == (1 if reg.lost_tribe else 0)
        assert s.regions[reg.id].mountain == (reg.terrain == "mountain")
    assert [p.coins for p in s.players] == [5, 5, 5]
    assert s.round == 1 and s.turn.phase == "pick" and s.current == 0
    assert s.tray["lost_tribe"] == 18 - 3


def test_setup_shuffles_with_the_seed_passed_in() -> None:
    a = new_game(ring_board(), ["a", "b"], default_catalog(), random.Random(7))
    b = new_game(ring_board(), ["a", "b"], default_catalog(), random.Random(7))
    c = new_game(ring_board(), ["a", "b"], default_catalog(), random.Random(8))
    assert a == b and a != c


def test_forced_combos_lie_on_top_of_the_column_and_the_rest_is_dealt_as_usual() -> None:
    cat = default_catalog()
    for seed in range(5):
        s = new_game(ring_board(), ["a", "b"], cat, random.Random(seed),
                     forced=[("giants", "flying"), ("elves", "swamp")])
        assert [(c.race, c.power) for c in s.column[:2]] == [("giants", "flying"), ("elves", "swamp")]
        assert len(s.column) == 6 and len({c.race for c in s.column}) == 6
        assert "giants" not in s.race_stack and "flying" not in s.power_stack
        assert len(s.race_stack) + len(s.column) == len(cat.races)
        assert len(s.power_stack) + len(s.column) == len(cat.powers)
    plain = new_game(ring_board(), ["a", "b"], cat, random.Random(3))
    assert plain == new_game(ring_board(), ["a", "b"], cat, random.Random(3), forced=())


def test_a_forced_combo_that_cannot_be_laid_is_refused_in_one_sentence() -> None:
    cat = default_catalog()
    for forced, words in ([("gnomez", "flying")], "unknown race 'gnomez'"), \
                         ([("giants", "flyin")], "unknown power 'flyin'"), \
                         ([("giants", "flying"), ("giants", "swamp")], "'giants' is forced twice"), \
                         ([(r, p) for r, p in zip(sorted(cat.races)[:7], sorted(cat.powers)[:7], strict=True)][:7], "at most 6"):
        with pytest.raises(SetupError, match=words):
            new_game(ring_board(), ["a", "b"], cat, random.Random(1), forced=forced)


def test_player_counts_outside_two_to_five_are_refused() -> None:
    with pytest.raises(SetupError, match="2 to 5 players"):
        new_game(ring_board(), list("abcdef"), default_catalog(), random.Random(1))


def _position(setup: dict, board=None, dice=()) -> GameState:
    return build_position(board or ring_board(), ["ann", "bob"], default_catalog(), random.Random(0), setup)


def test_cost_is_a_sum_a_player_can_check() -> None:
    s = _position({"players": {"ann": {"active": {"race": "ratmen", "power": "commando", "hand": 9}}},
                   "regions": {"r7": {"owner": "ann", "race": "ratmen", "tokens": 1}}})
    c = cost_of(s, 0, "r0")        # 2 + 1 lost tribe − 1 commando
    assert c.total == 2
    assert c.describe() == "2 + 1 lost tribe − 1 commando = 2 tokens"


def test_refusals_are_sentences_and_change_nothing() -> None:
    s = _position({"players": {"ann": {"active": {"race": "ratmen", "power": "hill", "hand": 2}}}})
    before = s.to_dict()
    assert why_illegal(s, Conquer("r5")) == "Your first conquest must be on the edge of the map"  # the lake is no edge
    assert why_illegal(s, Conquer("r1")) is None          # on the shore of a sea that touches the edge
    assert why_illegal(s, Conquer("r0")) == "Needs 3 tokens, you have 2"
    assert "cannot be conquered" in why_illegal(s, Conquer("sea"))
    assert why_illegal(s, Pick(0)).startswith("You already have an Active race")
    with pytest.raises(IllegalAction, match="Needs 3 tokens, you have 2"):
        apply(s, Conquer("r0"), random.Random(1))
    assert s.to_dict() == before


def test_the_die_is_recorded_and_replays_exactly() -> None:
    s = _position({"players": {"ann": {"active": {"race": "ratmen", "power": "hill", "hand": 2}}}})
    new, rec = apply(s, Reinforce("r0"), random.Random(4))
    assert len(rec.rolls) == 1 and rec.rolls[0] in (0, 1, 2, 3)
    die = [e for e in rec.events if e["type"] == "die"][0]
    assert die["face"] == rec.rolls[0] and die["success"] == (rec.rolls[0] >= 1)
    assert replay(s, [rec]) == new


def test_state_survives_json() -> None:
    rng = random.Random(3)
    s = new_game(grid_board(), ["a", "b", "c", "d"], default_catalog(), rng)
    for _ in range(60):
        acts = legal_actions(s)
        s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
        text = json.dumps(s.to_dict())
        assert GameState.from_dict(json.loads(text), s.board, s.catalog) == s


def test_apply_returns_a_new_state_and_keeps_the_old_one() -> None:
    s = _position({"players": {"ann": {"active": {"race": "ratmen", "power": "hill", "hand": 8}}}})
    before = s.to_dict()
    new, _ = apply(s, Conquer("r0"), random.Random(1))
    assert new.regions["r0"].race == "ratmen" and s.regions["r0"].race is None
    assert s.to_dict() == before


def test_decline_is_a_whole_turn() -> None:
    s = _position({"round": 2, "players": {"ann": {"active": {"race": "ratmen", "power": "hill", "hand": 0}}},
                   "regions": {"r0": {"owner": "ann", "race": "ratmen", "tokens": 4},
                               "r1": {"owner": "ann", "race": "ratmen", "tokens": 3}}})
    assert Decline() in legal_actions(s)
    after, _ = apply(s, Conquer("r2"), random.Random(1))
    assert why_illegal(after, Decline()).startswith("Going into decline takes your whole turn")
    done, rec = apply(s, Decline(), random.Random(1))
    assert done.current == 1
    assert done.regions["r0"].decline and done.regions["r0"].tokens == 1
    assert done.players[0].coins == 5 + 2        # two regions In Decline score
    assert EndTurn() in legal_actions(done) or Pick(0) in legal_actions(done)


def test_a_record_holds_its_intent_as_the_plain_dict_a_save_writes() -> None:
    """A record made by `apply` reads back its intent as the same dict `to_dict` gives, and a
    record read from a save (a dict) equals the one `apply` made."""
    from game.rules import Record, Redeploy
    rng = random.Random(5)
    s = new_game(grid_board(), ["a", "b", "c"], default_catalog(), rng)
    kinds = set()
    for _ in range(80):
        acts = legal_actions(s)
        a = acts[rng.randrange(len(acts))]
        s, rec = apply(s, a, rng)
        kinds.add(a.kind)
        assert rec.action == a.to_dict() and rec.action is rec.action
        assert Record.from_dict(rec.to_dict()) == rec
        again = Record.from_dict(json.loads(json.dumps(rec.to_dict())))
        assert again.action == a.to_dict() and json.dumps(again.to_dict()) == json.dumps(rec.to_dict())
    assert {"pick", "conquer", "end_turn"} <= kinds
    made = Record(0, Redeploy((("r1", 2), ("r2", 1))))
    assert made.action == {"kind": "redeploy", "counts": {"r1": 2, "r2": 1}} and made.rolls == []
    assert made != Record(0, {"kind": "redeploy", "counts": {"r1": 1, "r2": 2}})


def test_each_intent_kind_has_one_handler() -> None:
    """`apply` plays the engine's own intents through its table (`_PLAYS`, by kind) and
    `why_illegal` judges them through another (`_JUDGES`: a withdraw and a settle are judged
    before it, by who may act and whether a die waits); every other kind belongs to an effect.
    A new kind fails until it is given to the engine's tables or to an effect."""
    from game.rules import ACTION_TYPES
    from game.rules import engine as E
    from game.rules.abilities.base import REGISTRY
    effects = {kind for cls in REGISTRY.values() for kind in cls.intents}
    assert set(E._PLAYS) == set(E._JUDGES) | {"withdraw", "settle"}
    assert not set(E._PLAYS) & effects, set(E._PLAYS) & effects
    assert set(E._PLAYS) | effects == set(ACTION_TYPES), set(ACTION_TYPES) ^ (set(E._PLAYS) | effects)


def test_a_new_games_stacks_are_the_catalogs_ids_as_it_holds_them_now() -> None:
    """A new game's stacks before their shuffle (`Catalog.stacks`) are every race's and every
    power's id, sorted, of the catalog as it is when the game starts: sorted once and kept, but
    sorted again after the catalog is narrowed or widened, and lists of the caller's own."""
    cat = load_catalog()                        # (a catalog of this test's own: it is changed)
    assert cat is not default_catalog()
    races, powers = cat.stacks()
    assert races == sorted(cat.races) and powers == sorted(cat.powers)
    races.pop()
    powers.clear()
    assert cat.stacks() == (sorted(cat.races), sorted(cat.powers))
    first = sorted(cat.races)[0]
    gone = cat.races.pop(first)
    assert cat.stacks()[0] == sorted(cat.races) and first not in cat.stacks()[0]
    cat.races[first] = gone                     # (back, last in the mapping's order)
    assert list(cat.races)[-1] == first and cat.stacks()[0] == sorted(cat.races)
    assert cat.stacks()[0][0] == first
    s = new_game(grid_board(), ["a", "b"], cat, random.Random(5))
    assert sorted(s.race_stack + [c.race for c in s.column]) == sorted(cat.races)
