"""Panels that fit: five players with long names, four of them computer seats, late in a game
(races In Decline beside the Active ones), in each of the four languages and at 1000×650,
1280×800 and 1920×1080. The top bar holds every player's chip in one row, none over another or
under the buttons, and no name is cut; the side panel's title holds the name, "(computer)" and
the phase; no text anywhere on the screen is cut (`Text.overflows` stays empty)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver, play_until  # noqa: E402
from game.ui.panels import top_buttons  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402

SIZES = ((1000, 650), (1280, 800), (1920, 1080))
NAMES = ("Alexandra-Maria", "Bartholomew Ray", "Cleopatra Jones", "Maximilian Ode", "Evangelina Rose")
OUT = Path(__file__).parent / "screenshots" / "fit"


def _resize(d: Driver, size: tuple[int, int]) -> None:
    d.app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    d.pump(2)


@pytest.mark.slow
@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_five_long_names_fit_the_top_bar_and_the_panel(home, lang: str) -> None:
    d = Driver(Options(pace=0, catch_errors=False, seed=11, lang=lang), size=(1280, 800))
    try:
        d.pump(2)
        start = d.scene
        start.press(start.button("players:5"))
        for i, name in enumerate(NAMES):
            start.names[i].value = name
            start.kinds[i] = "person" if i == 0 else "easy"
        start.build()
        d.press_button("start")
        game = d.scene.game if isinstance(d.scene, PassScene) else d.scene
        play_until(d, lambda: isinstance(d.scene, GameScene) and game.state.round >= 5
                   and sum(len(p.declines) for p in game.state.players) >= 3
                   and game.table.is_bot(game.table.actor()), limit=6000)
        assert isinstance(d.scene, GameScene)
        text = d.app.text
        for size in SIZES:
            text.overflows.clear()
            _resize(d, size)
            d.screenshot(OUT / f"{lang}-{size[0]}.png")
            boxes = game.chip_boxes
            assert len(boxes) == 5
            assert len({b.y for b in boxes}) == 1, f"{lang} {size}: the chips are on two rows"
            for a, b in zip(boxes, boxes[1:], strict=False):
                assert a.right <= b.x, f"{lang} {size}: two chips overlap"
            assert boxes[-1].right <= min(b.rect.x for b in top_buttons(game)), f"{lang} {size}: under the buttons"
            assert all(game.layout.top.contains(b) for b in boxes)
            assert text.overflows == [], f"{lang} {size}: cut: {text.overflows}"
    finally:
        d.close()
