"""A trigger's question in the window: Ann's Bargainers end their turn, the window shows a
button for each answer (the labels written in the entry) and nothing else to do; a click on one
makes the choice, its actions are played and the next turn begins."""
from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

from game.rules import Conquer, EndTurn, asked, legal_actions  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from tests.ui_games import game_with  # noqa: E402

INVENTED = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "invented.yaml")


@pytest.mark.slow
def test_the_window_shows_a_button_for_each_answer_of_a_question(home: Path) -> None:
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "bargainers", "stout", [INVENTED])
        entry = next(a for a in legal_actions(scene.state) if isinstance(a, Conquer))
        assert scene.send(entry)
        assert scene.send(EndTurn())
        d.pump(2)
        assert asked(scene.state) is not None
        buy, keep = scene.button("use:trigger:buy"), scene.button("use:trigger:keep")
        assert buy is not None and keep is not None and (buy.label, keep.label) == ("buy", "keep")
        assert scene.button("end_turn") is None
        coins = scene.state.players[0].coins
        d.press_button("use:trigger:buy")
        d.pump(2)
        s = scene.state
        assert asked(s) is None and s.turn.seat == 1 and s.players[0].coins == coins - 1
    finally:
        d.close()
