"""The Expert at the table: offered on the start screen as a fourth level, thinking for the
remembered number of seconds (a damaged setting means the default), and thinking in the
background: the window keeps drawing and answering keys, shows a cue, and the match changes
only when the intent comes back."""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from game.ui import settings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402


@pytest.mark.parametrize("stored, seconds", [
    (None, 2.0), (0.5, 0.5), (10, 10.0), (0.05, 2.0), (60, 2.0), ("fast", 2.0), (True, 2.0), ([1], 2.0),
])
def test_the_experts_thinking_time_is_a_remembered_setting(home, stored, seconds) -> None:
    if stored is not None:
        settings.path().parent.mkdir(parents=True, exist_ok=True)
        settings.path().write_text(json.dumps({"expert_seconds": stored}))
    assert settings.expert_seconds(settings.load()) == seconds


def test_the_start_screen_offers_an_expert_that_thinks_for_the_set_time(home) -> None:
    settings.path().parent.mkdir(parents=True, exist_ok=True)
    settings.path().write_text(json.dumps({"expert_seconds": 0.4}))
    d = Driver(Options(pace=0, catch_errors=False, seed=8))
    try:
        d.pump(2)
        start = d.scene
        start.names[0].value, start.names[1].value = "Ann", "Sage"
        for want in ("easy", "medium", "hard", "expert"):
            d.press_button("kind:1")
            assert start.kinds[1] == want
        d.press_button("start")
        bot = d.scene.table.bots[1]
        assert bot.level == "expert" and bot.budget == 0.4
        assert d.scene.table.seats[1].bot == "expert"
    finally:
        d.close()


@pytest.mark.slow
def test_the_expert_thinks_in_the_background_and_the_window_stays_alive(home, monkeypatch) -> None:
    import time

    import pygame

    from game.ui import panels
    settings.path().parent.mkdir(parents=True, exist_ok=True)
    settings.path().write_text(json.dumps({"expert_seconds": 1.0}))
    cues: list[float | None] = []
    draw = panels.draw_thinking

    def spy(scene, surf, now, name, progress):
        cues.append(progress)
        return draw(scene, surf, now, name, progress)
    monkeypatch.setattr(panels, "draw_thinking", spy)
    d = Driver(Options(pace=0.02, catch_errors=False, seed=8))
    try:
        d.pump(2)
        start = d.scene
        start.names[0].value, start.names[1].value = "Sage", "Ann"
        for _ in range(4):
            d.press_button("kind:0")
        assert start.kinds[0] == "expert"
        d.press_button("start")
        game = d.scene
        end = time.monotonic() + 10
        while game.bot_work is None and time.monotonic() < end:
            d.pump()
            time.sleep(0.01)
        assert game.bot_work is not None, "the computer player never began to think"
        before = game.state
        time.sleep(0.4)
        d.pump()
        assert game.bot_work is not None and game.thinking(d.app.clock()) is not None
        d.key(pygame.K_F1)                          # the window answers while it thinks
        assert d.card is not None and d.card.kind == "help"
        cues.clear()
        d.pump(3)
        assert cues == [], "the thinking cue was drawn over the help"
        assert game.state is before and not game.table.match.records    # nothing played yet
        d.key(pygame.K_ESCAPE)
        assert d.card is None and d.scene is game
        while game.bot_work is not None and time.monotonic() < end + 5:
            d.pump()
            time.sleep(0.02)
        assert game.table.match.records, "the intent that came back was not played"
        assert game.table.match.records[0].seat == 0
        assert cues and any(p is not None and 0 < p <= 1 for p in cues)
    finally:
        d.close()
