"""Tokens that leave the game for good (`to: out` on defender_loss, attacker_loss and
tokens_lost_at_redeploy): counted in `GameState.gone`, never back in the tray; the box still
adds up (board + hands + tray + gone), a save keeps them, and the invariant check notices a
token that vanishes without being counted."""
from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.bots.arena import play_game
from game.content.catalog import load_catalog
from game.content.tmx import map_for_players
from game.rules import GameState
from game.rules.invariants import check

ROOT = Path(__file__).resolve().parents[1]
OUT = [("cinderfolk", "hill"), ("zealots", "forest"), ("mayflies", "stout"), ("ratmen", "commando")]


def test_bots_play_races_whose_lost_tokens_leave_the_game() -> None:
    catalog = load_catalog([ROOT / "docs" / "examples" / "invented.yaml"])
    board = map_for_players(4).board
    most = 0

    def on_step(before: GameState, after: GameState, rec) -> None:  # type: ignore[no-untyped-def]
        nonlocal most
        most = max(most, sum(after.gone.values()))
        bad = check(after)                      # the box adds up, and a save loads the same
        assert not bad, f"{rec.action}: {bad}"

    end = play_game(board, catalog, [make_bot("medium", seat, seed=seat) for seat in range(4)], "gone",
                    on_step=on_step, forced=OUT)
    assert end.game_over
    assert most > 0 and set(end.gone) <= {"cinderfolk", "zealots", "mayflies"}
    again = GameState.from_dict(end.to_dict(), end.board, end.catalog)
    assert again.gone == end.gone


def test_a_token_gone_without_being_counted_breaks_the_box() -> None:
    catalog = load_catalog([ROOT / "docs" / "examples" / "invented.yaml"])
    s = play_game(map_for_players(4).board, catalog, [make_bot("easy", i, seed=i) for i in range(4)],
                  "box", forced=OUT)
    race = next(r for r in ("mayflies", "zealots", "cinderfolk") if s.gone.get(r))
    assert not check(s, round_trip=False)
    s.gone[race] -= 1                           # one token lost from the count: the box no longer adds up
    assert any("out of the game" in line for line in check(s, round_trip=False))
