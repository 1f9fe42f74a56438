"""The scene stack: the help, a rules card, the menu and the hand-over curtain are pushed over the
table, which holds still while covered (no computer move played, its clock and the animations
held) and goes on where it stopped when they are closed; the start screen's sound panel, its
expansions chooser and the notices are pushed over it the same way."""
from __future__ import annotations

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.match import Seat  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.motion import Flight  # noqa: E402
from game.ui.scenes.cover import CardScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.strings import t  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402


@pytest.fixture
def bot_turn(home):
    """A computer player to move first, at the normal pace, on a clock the test turns."""
    d = Driver(Options(pace=1.0, catch_errors=False))
    clock = [1000.0]
    d.app.clock = lambda: clock[0]
    table = Table.new([Seat("Bot", "sky", "easy"), Seat("Ana", "orange")], 5, shipped_map_path(2), [],
                      home / "game.json")
    d.app.switch(GameScene(d.app, table, viewer=1))
    d.pump(3)
    yield d, table, clock
    d.close()


def wait_for_move(d: Driver, table: Table, clock: list[float], limit: float = 20.0) -> None:
    end = time.monotonic() + limit
    while not table.match.records and time.monotonic() < end:
        clock[0] += 0.1
        d.pump()
        time.sleep(0.01)


def test_help_and_the_menu_hold_the_computers_turn_until_they_close(bot_turn) -> None:
    d, table, clock = bot_turn
    game = d.scene
    assert isinstance(game, GameScene) and table.is_bot(table.actor()) and game.bot_due is not None
    before = table.match.state
    d.key(pygame.K_F1)                                     # the help, during the computer's turn
    assert isinstance(d.scene, CardScene) and d.card.kind == "help"
    for _ in range(30):                                    # a long read: thirty seconds go by
        clock[0] += 1.0
        d.pump()
    assert table.match.state is before and not table.match.records and game.bot_work is None
    d.key(pygame.K_ESCAPE)
    assert d.scene is game
    clock[0] += 0.1                                        # the computer's pause starts over where it was
    d.pump(3)
    assert not table.match.records and game.bot_work is None
    # the menu over the table, opened while the computer is thinking: its move waits
    d.press_button("menu")
    assert isinstance(d.scene, MenuScene)
    for _ in range(30):
        clock[0] += 1.0
        d.pump()
        time.sleep(0.005)
    assert table.match.state is before and not table.match.records
    d.press_button("resume")
    assert d.scene is game
    wait_for_move(d, table, clock)
    assert table.match.records and table.match.records[0].seat == 0      # then it plays


def test_a_computer_move_thought_out_under_the_menu_is_played_only_once_it_closes(bot_turn) -> None:
    d, table, clock = bot_turn
    game = d.scene
    clock[0] += 5.0
    end = time.monotonic() + 10
    while game.bot_work is None and time.monotonic() < end:
        d.pump()
    assert game.bot_work is not None
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MenuScene)
    worker = game.bot_work[0]
    worker.join(10)
    assert not worker.is_alive()                           # the answer is back ...
    d.pump(5)
    assert not table.match.records                         # ... but nothing is played under the menu
    d.key(pygame.K_ESCAPE)
    wait_for_move(d, table, clock)
    assert table.match.records


def test_the_animations_hold_while_covered(bot_turn) -> None:
    d, table, clock = bot_turn
    game = d.scene
    game.motion.flights.append(Flight("token", "ratmen", False, (0, 0), (100, 100), clock[0], 0.5))
    game.flash = (next(iter(game.state.regions)), clock[0] + 1.0)
    d.key(pygame.K_F1)                                     # (a click would land the moves at once)
    clock[0] += 60.0
    d.pump(3)
    d.key(pygame.K_ESCAPE)
    assert d.scene is game
    assert game.motion.busy(clock[0]) and game.flash[1] > clock[0]     # still to run, as when covered


def test_a_rules_card_is_a_scene_over_the_table(bot_turn) -> None:
    d, table, clock = bot_turn
    game = d.scene
    game.open_rules(game.state.column[0].race, game.state.column[0].power)
    assert isinstance(d.scene, CardScene) and d.card.kind == "rules" and d.app.below(d.scene) is game
    d.click((5, 5))
    assert d.scene is game and len(d.app.stack) == 1


# -- the hand-over curtain, the start screen's panels and the notices: pushed, then popped ----------
@pytest.fixture
def start(home):
    d = Driver(Options(pace=0, catch_errors=False, players=2))
    d.pump(3)
    yield d
    d.close()


def _stack(d: Driver) -> list[str]:
    return [type(s).__name__ for s in d.app.stack]


def test_the_curtain_is_laid_over_the_table_and_lifted_by_the_player_it_names(start) -> None:
    from game.ui.scenes.curtain import PassScene
    d = start
    d.scene.names[0].value, d.scene.names[1].value = "Ann", "Bob"
    d.press_button("start")
    curtain = d.scene
    assert isinstance(curtain, PassScene) and _stack(d) == ["GameScene", "PassScene"]
    game = d.app.below(curtain)
    assert game is curtain.game and game.covered_at is not None          # the table holds still under it
    d.press_button("ready")
    assert d.scene is game and _stack(d) == ["GameScene"] and game.viewer == curtain.seat


def test_closing_the_window_never_takes_the_curtain_away(start, monkeypatch, capsys) -> None:
    d = start
    d.press_button("start")
    curtain = d.scene
    monkeypatch.setattr(d.app, "close_would_lose", lambda: True)       # a game's end nowhere kept
    d.app.close()
    assert d.scene is curtain and d.app.running                        # the board stays hidden
    assert t("app.close_unsaved") in capsys.readouterr().err


def test_the_sound_panel_and_the_expansions_are_pushed_over_the_start_screen(start) -> None:
    d = start
    home_screen = d.scene
    d.press_button("sound")
    assert _stack(d) == ["StartScene", "SoundScene"] and d.app.below(d.scene) is home_screen
    d.key(pygame.K_ESCAPE)
    assert d.scene is home_screen and _stack(d) == ["StartScene"]
    d.press_button("packs")
    assert _stack(d) == ["StartScene", "PacksScene"]
    first = d.scene.packs[0].id
    d.press_button(f"pack:{first}")
    d.press_button("done")
    assert d.scene is home_screen and _stack(d) == ["StartScene"] and home_screen.pack_choice == [first]


def test_a_notice_is_pushed_over_the_screen_it_concerns_and_back_returns_to_it(start, home) -> None:
    d = start
    home_screen = d.scene
    home_screen.names[0].value = "Ann"
    home_screen.kept_notice(home / "saves" / "old.unreadable.json", "its map is gone")
    assert _stack(d) == ["StartScene", "NoticeScene"]
    d.app.close_would_lose = lambda: True                              # type: ignore[method-assign]
    d.app.close()                                                      # the notice goes; the line says why
    assert d.scene is home_screen and home_screen.message == t("app.close_unsaved")
    home_screen.kept_notice(home / "saves" / "old.unreadable.json", "its map is gone")
    d.press_button("new")
    assert d.scene is home_screen and _stack(d) == ["StartScene"] and home_screen.names[0].value == "Ann"


@pytest.mark.parametrize("bot_first", [True, False])
def test_the_redeploy_steppers_show_only_for_the_person_whose_turn_it_is(home, bot_first) -> None:
    """After a redeploy the turn waits in its redeploy phase: a person's stacks get their − and +
    chips, a computer player's stacks none (the person watching cannot move them)."""
    from game.rules import Conquer, Pick, Redeploy, legal_actions
    seats = [Seat("Bot", "sky", "easy"), Seat("Ana", "orange")]
    table = Table.new(seats if bot_first else seats[::-1], 5, shipped_map_path(2), [], home / "game.json")
    m = table.match
    m.play(next(a for a in legal_actions(m.state) if isinstance(a, Pick)))
    for _ in range(2):
        m.play(next(a for a in legal_actions(m.state) if isinstance(a, Conquer)))
    m.play(next(a for a in legal_actions(m.state) if isinstance(a, Redeploy)))
    d = Driver(Options(pace=1.0, catch_errors=False))
    clock = [1000.0]
    d.app.clock = lambda: clock[0]
    try:
        d.app.switch(GameScene(d.app, table, viewer=1 if bot_first else 0))
        d.pump(2)
        game = d.scene
        assert game.state.turn.phase == "redeploy" and game.draft is not None
        assert table.is_bot(table.actor()) == bot_first
        assert bool(game.picture().chips) != bot_first
    finally:
        d.close()
