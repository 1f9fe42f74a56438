""""Hold to see your coins" is there whenever the player at the screen is to move: on the first
turn of a new game against computer players, right after Continue, and after a computer's turn."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from game.match import Seat  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402


def test_the_coins_button_is_there_on_the_first_turn_of_a_new_three_player_game(home) -> None:
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(2)
        start = d.scene
        start.names[0].value = "Ann"
        d.press_button("players:3")
        d.press_button("kind:1")
        d.press_button("kind:2")
        assert start.kinds[1] != "person" and start.kinds[2] != "person"
        d.press_button("start")
        game = d.scene
        assert isinstance(game, GameScene) and len(game.state.players) == 3
        d.settle()
        assert not game.table.is_bot(game.table.actor())
        assert game.button("peek") is not None
    finally:
        d.close()


def test_the_coins_button_is_there_right_after_continue(home) -> None:
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        table = Table.new([Seat("Ann", "orange"), Seat("Bo", "sky", "easy"), Seat("Cy", "green", "easy")], 5,
                          shipped_map_path(3), [], home / "game.json")
        table.save()
        again = Table.resume(home / "game.json")
        d.app.switch(GameScene(d.app, again))           # as Continue on the start screen opens it
        d.pump(3)
        assert d.scene.button("peek") is not None
    finally:
        d.close()


def test_the_coins_button_comes_back_after_a_computers_turn(home) -> None:
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        table = Table.new([Seat("Bo", "sky", "easy"), Seat("Ann", "orange")], 5, shipped_map_path(2), [],
                          home / "game.json")
        d.app.switch(GameScene(d.app, table))
        d.settle()
        game = d.scene
        assert game.table.actor() == 1 and game.button("peek") is not None
    finally:
        d.close()
