"""Never lose a game: autosave after every intent, resume after the program is killed, an
unreadable save kept aside with a clear message, and computer players taking their turns."""
from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import textwrap  # noqa: E402
from pathlib import Path  # noqa: E402

import game.ui.panels as panels_module  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver, scripted_step  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.scenes.notice import NoticeScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def only_save(home: Path) -> Path:
    games = sorted(p for p in (home / "saves").glob("game-*.json") if ".unreadable-" not in p.name)
    assert len(games) == 1, games
    return games[0]


def start_two(d: Driver) -> GameScene:
    d.pump(2)
    d.scene.names[0].value, d.scene.names[1].value = "Ann", "Bob"
    d.press_button("start")
    return d.scene.game


@pytest.mark.slow
def test_killed_mid_turn_the_game_resumes_exactly(home):
    # a separate process plays a few intents and is killed without any goodbye
    script = textwrap.dedent(f"""
        import os, sys, signal
        os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
        sys.path.insert(0, {str(ROOT)!r})
        from game.ui.app import Options
        from game.ui.driver import Driver, scripted_step
        d = Driver(Options(pace=0, catch_errors=False, seed=21))
        d.pump(2)
        d.scene.names[0].value, d.scene.names[1].value = "Ann", "Bob"
        d.press_button("start")
        for _ in range(9):
            scripted_step(d)
        print(len(d.scene.game.table.match.records) if hasattr(d.scene, "game") else
              len(d.scene.table.match.records), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    env = dict(os.environ, SMALLWORLD_HOME=str(home))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    played = int(out.stdout.strip().splitlines()[-1])
    assert played >= 3
    saved = json.loads(only_save(home).read_text())
    assert len(saved["records"]) == played
    # relaunch: the start screen lists the game, and Continue puts it back as it was
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(3)
        assert isinstance(d.scene, StartScene)
        assert d.scene.button("resume:0").enabled
        d.press_button("resume:0")
        d.pump(2)
        scene = d.scene
        game = scene.game if isinstance(scene, PassScene) else scene
        assert isinstance(game, GameScene)
        assert game.table.match.state.to_dict() == saved["state"]
        assert len(game.table.match.records) == played
    finally:
        d.close()


@pytest.mark.slow
def test_undo_takes_back_a_conquest_and_the_autosave_follows(home):
    d = Driver(Options(pace=0, catch_errors=False, seed=4))
    try:
        game = start_two(d)
        d.press_button("ready")
        assert scripted_step(d) == "pick"
        assert not game.table.match.can_undo()          # a new combo was revealed
        assert scripted_step(d) == "conquer"
        before = game.table.match.state.to_dict()
        n = len(game.table.match.records)
        assert scripted_step(d) == "conquer"
        d.press_button("undo")
        assert len(game.table.match.records) == n
        assert game.table.match.state.to_dict() == before
        saved = json.loads(only_save(home).read_text())
        assert len(saved["records"]) == n
    finally:
        d.close()


def test_an_unreadable_save_is_kept_and_a_new_game_offered(home):
    (home / "saves").mkdir()
    (home / "saves" / "game-1.json").write_text("{ this is not a saved game")
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(3)
        assert isinstance(d.scene, NoticeScene)
        assert "damaged" in d.scene.body and "kept" in d.scene.body
        kept = list((home / "saves").glob("game-1.unreadable-*.json"))
        assert len(kept) == 1 and kept[0].read_text() == "{ this is not a saved game"
        assert not (home / "saves" / "game-1.json").exists()
        d.press_button("new")
        assert isinstance(d.scene, StartScene)
        start_two(d)
        assert only_save(home).exists() and kept[0].read_text() == "{ this is not a saved game"
    finally:
        d.close()


@pytest.mark.slow
def test_a_person_against_a_computer_player(home):
    d = Driver(Options(pace=0, catch_errors=False, seed=8))
    try:
        d.pump(2)
        start = d.scene
        assert start.button("kind:1") is not None       # computer seats are offered
        start.names[0].value, start.names[1].value = "Ann", "Robot"
        d.press_button("kind:1")                        # Person -> Computer: easy
        assert start.kinds[1] == "easy"
        d.press_button("start")
        game = d.scene
        assert isinstance(game, GameScene)               # one person: no curtain needed
        for _ in range(3000):
            if scripted_step(d) == "final":
                break
        assert isinstance(d.scene, FinalScene)
        seats = {r.seat for r in game.table.match.records}
        assert seats == {0, 1}
        assert any("Robot" in line for line in game.log_lines)
    finally:
        d.close()


@pytest.mark.slow
def test_animations_and_a_computer_player_at_a_quick_pace(home):
    d = Driver(Options(pace=0.02, catch_errors=False, seed=8))
    try:
        d.pump(2)
        start = d.scene
        start.names[0].value, start.names[1].value = "Ann", "Robot"
        d.press_button("kind:1")
        d.press_button("start")
        game = d.scene
        seen = set()
        draw_flash, draw_die = game.board_view.draw_flash, panels_module.draw_die

        def flash(*a, **k):                 # the region a computer player took is outlined
            seen.add("flash")
            return draw_flash(*a, **k)

        def die(*a, **k):                   # the die tumbles on screen
            seen.add("die")
            return draw_die(*a, **k)
        game.board_view.draw_flash = flash
        panels_module.draw_die = die
        for _ in range(800):
            step = scripted_step(d)
            seen.add(step)
            if step == "final" or game.state.round > 4:
                break
        assert {"pick", "conquer", "bot", "flash"} <= seen, seen
        kinds = [r.action["kind"] for r in game.table.match.records]
        if "reinforce" in kinds:
            assert "die" in seen
    finally:
        panels_module.draw_die = draw_die
        d.close()


@pytest.mark.slow
def test_bad_map_and_content_options_say_one_line(tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>")
    for args in (["--map", str(bad)], ["--map", str(tmp_path / "missing.tmx")],
                 ["--content", str(tmp_path / "none.yaml")], ["--players", "7"]):
        out = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                             timeout=60, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
        assert out.returncode == 2, (args, out.stderr)
        lines = [x for x in out.stderr.splitlines() if x.strip()]
        assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr


def test_a_failed_worth_measurement_is_said_once_on_the_message_line(d: Driver) -> None:
    game = start_two(d)
    d.pump(2)
    d.press_button("ready")                  # past the hand-over screen
    d.pump(2)
    game.table.worth_error = "exit code 1"
    d.pump(2)
    assert game.message_kind == "warn" and "exit code 1" in str(game.message)
    assert game.table.worth_error is None
