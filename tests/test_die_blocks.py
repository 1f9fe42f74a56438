"""The die blocks: `die_modifier` (the reinforcement die brings more on some regions) and
`reroll` (a short roll may be rolled again, a few times a turn, as a choice after the roll).
A successful roll never waits; a re-roll that is still short settles once none is left; the
records replay the re-rolled game exactly; the computer players play both to the end."""
from __future__ import annotations

import random
from pathlib import Path

from game.bots import make_bot
from game.bots.arena import play_game
from game.content.catalog import load_catalog
from game.content.tmx import map_for_players
from game.rules import (
    REDEPLOY,
    Catalog,
    GameState,
    Record,
    Reinforce,
    ScriptedDice,
    Settle,
    Use,
    apply,
    cost_of,
    legal_actions,
    new_game,
    replay,
    why_illegal,
)
from game.rules.invariants import check
from tests.boards import BOARDS

INVENTED = Path(__file__).resolve().parents[1] / "docs" / "examples" / "invented.yaml"


def _catalog() -> Catalog:
    return load_catalog([INVENTED])


def _position(power: str, race: str = "ratmen") -> tuple[GameState, str]:
    """`power`'s player (seat 0) to conquer, two tokens in hand, a region next to its first one
    held by Humans, which costs 5: three short."""
    s = new_game(BOARDS["grid"](), ["ann", "bob"], _catalog(), random.Random(3),
                 forced=[(race, power), ("humans", "hill")])
    s, _ = apply(s, legal_actions(s)[0], random.Random(0))      # ann picks the top combo
    rec = next(a for a in legal_actions(s) if type(a).__name__ == "Conquer")
    s, _ = apply(s, rec, random.Random(0))
    mine = s.regions_of(0, race)[0]
    target = next(r for r in s.board.in_order(s.board.neighbours(mine)) if not s.board.region(r).is_water
                  and s.regions[r].owner is None and not s.regions[r].lost_tribe)
    s = s.copy()
    s.player_w(0).active.hand = 2           # type: ignore[union-attr]
    reg = s.reg_w(target)
    reg.owner, reg.race, reg.tokens = 1, "humans", 1
    reg.tokens += 5 - cost_of(s, 0, target).total          # 5: three short of the two in hand
    s.seal()
    return s, target


def test_a_roll_that_succeeds_never_waits() -> None:
    s, rid = _position("lucky")
    s, rec = apply(s, Reinforce(rid), ScriptedDice([3], random.Random(0)))
    assert s.regions[rid].owner == 0 and "rolled" not in s.turn.used
    assert not [a for a in legal_actions(s) if isinstance(a, (Use, Settle))]


def test_a_short_reroll_with_none_left_settles_as_a_failure() -> None:
    s, rid = _position("lucky")
    s, _ = apply(s, Reinforce(rid), ScriptedDice([0], random.Random(0)))
    assert Use("reroll") in legal_actions(s) and Settle() in legal_actions(s)
    assert why_illegal(s, Reinforce(rid)) is not None              # only the choice while it waits
    s, rec = apply(s, Use("reroll"), ScriptedDice([1], random.Random(0)))
    assert rec.rolls == [1]
    assert "rolled" not in s.turn.used and s.turn.phase == REDEPLOY and s.regions[rid].owner == 1
    assert why_illegal(s, Use("reroll")) is not None


def test_keeping_the_roll_settles_it_and_a_new_turn_has_its_rerolls_again() -> None:
    s, rid = _position("lucky")
    s, _ = apply(s, Reinforce(rid), ScriptedDice([0], random.Random(0)))
    s, _ = apply(s, Settle(), random.Random(0))
    assert s.regions[rid].owner == 1 and s.turn.phase == REDEPLOY
    assert s.turn.used.get("reroll") is None


def test_the_records_of_a_rerolled_game_replay_it_exactly() -> None:
    s0, rid = _position("daredevil")
    s1, r1 = apply(s0, Reinforce(rid), ScriptedDice([0], random.Random(0)))
    s2, r2 = apply(s1, Use("reroll"), ScriptedDice([0], random.Random(0)))
    assert s2.turn.used["rolled"] == {"region": rid, "face": 0, "again": True}
    s3, r3 = apply(s2, Use("reroll"), ScriptedDice([3], random.Random(0)))
    assert s3.regions[rid].owner == 0
    again = replay(s0, [r1, r2, r3])
    assert again.regions[rid].owner == 0 and again.players[0].active.hand == s3.players[0].active.hand  # type: ignore[union-attr]


def test_the_die_modifier_lets_a_region_one_more_short_be_tried() -> None:
    s, rid = _position("stout", race="diviners")
    hill = s.board.region(rid).terrain in ("hill", "mountain")
    s = s.copy()
    s.reg_w(rid).tokens += 1                 # 4 short elsewhere, but only 3 + 1 on a Hill or Mountain
    s.seal()
    listed = Reinforce(rid) in legal_actions(s)
    assert listed == hill and (why_illegal(s, Reinforce(rid)) is None) == hill


def test_computer_players_play_the_die_blocks_to_the_end() -> None:
    cat = _catalog()
    cat.races = {k: v for k, v in cat.races.items() if k in ("diviners", "ratmen", "humans", "orcs")}
    cat.powers = {k: v for k, v in cat.powers.items() if k in ("lucky", "daredevil", "hill", "stout")}
    board = map_for_players(3).board
    rerolls = 0
    for seed in range(3):
        bots = [make_bot(level, i, seed) for i, level in enumerate(("medium", "easy", "medium"))]
        seen: list[str] = []

        def on_step(before: GameState, after: GameState, rec: Record, seen: list[str] = seen) -> None:
            seen.append(str(rec.action.get("effect", "")))
            assert not check(after, round_trip=False)

        end = play_game(board, cat, bots, seed, on_step=on_step, forced=[("ratmen", "lucky"), ("orcs", "daredevil")])
        assert end.game_over
        rerolls += seen.count("reroll")
    assert rerolls > 0               # the computer players roll a short die again
