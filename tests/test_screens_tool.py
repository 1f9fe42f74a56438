"""`python -m tools.screens` renders the standard screens (the pictures in docs/images/) on the dummy
driver: every screen is written at the size asked, none is blank, and each written pixel keeps
the colour the window drew there (a disabled button stays grey)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game import resources  # noqa: E402
from game.ui import theme  # noqa: E402


@pytest.mark.slow
def test_the_screens_script_draws_every_standard_screen(home, tmp_path: Path) -> None:
    from tools import screens
    written = screens.render(tmp_path, (1280, 800), "en")
    assert [p.stem for p in written] == list(screens.SCREENS)
    for path in written:
        img = pygame.image.load(str(path))
        assert img.get_size() == (1280, 800)
        small = pygame.transform.scale(img, (160, 100))
        colours = {small.get_at((x, y))[:3] for x in range(160) for y in range(100)}
        assert len(colours) > 8, f"{path.name} looks blank"
        assert path.stat().st_size < 250_000, f"{path.name} is too large for docs/images"
    for name in screens.SCREENS:                        # the README's pictures are there
        assert (resources.DOCS / "images" / f"{name}.png").is_file(), name


def test_a_written_screen_keeps_the_grey_of_a_disabled_button_beside_pink_tokens(tmp_path: Path) -> None:
    """The round-5 board: many pink tokens and a disabled Undo. Cut to SDL's 3-3-2 levels, the
    grey (170, 156, 136) reads as (182, 146, 170), nearer the pink than the grey itself."""
    from tools import screens
    pink = (203, 146, 169)
    screen = pygame.Surface((1000, 650))
    screen.fill(theme.BG)
    screen.fill(pink, pygame.Rect(0, 0, 1000, 400))
    undo = pygame.Rect(10, 600, 66, 32)
    screen.fill(theme.BUTTON_OFF, undo)
    written = pygame.image.load(str(screens.save_small(screen, tmp_path / "board.png")))
    assert written.get_at(undo.center)[:3] == theme.BUTTON_OFF
    assert written.get_at((500, 200))[:3] == pink


def _five_player_table(d):
    """The table of a new five-player game, past the pass screen."""
    from game.ui.scenes.play import GameScene
    start = d.scene
    start.press(start.button("players:5"))
    d.press_button("start")
    d.press_button("ready")
    game = d.scene
    assert isinstance(game, GameScene)
    return game


@pytest.mark.slow
def test_a_written_game_screen_is_the_screen_drawn(d, tmp_path: Path) -> None:
    """Every pixel of a written game screen is near the one drawn, and the disabled Undo's fill is
    its very grey."""
    from tools import screens
    game = _five_player_table(d)
    d.app.dirty()
    d.pump()
    drawn = d.app.screen.copy()
    undo = game.button("undo")
    assert undo is not None and not undo.enabled
    inside = (undo.rect.x + 4, undo.rect.centery)              # the fill, left of the label
    assert drawn.get_at(inside)[:3] == theme.BUTTON_OFF
    written = pygame.image.load(str(screens.save_small(drawn, tmp_path / "column.png")))
    assert written.get_at(inside)[:3] == theme.BUTTON_OFF     # a flat colour is kept exactly
    a = pygame.image.tobytes(drawn, "RGB")
    b = pygame.image.tobytes(written, "RGB")
    off = [abs(x - y) for x, y in zip(a, b, strict=True)]
    assert sum(off) / len(off) < 3, f"a channel is {sum(off) / len(off):.1f} off on average"
    assert sum(v > 40 for v in off) / len(off) < 0.002


@pytest.mark.slow
def test_a_screen_is_written_the_same_whenever_it_is_taken(d, tmp_path: Path) -> None:
    """The pictures of one seed do not depend on the moment of the shot: the targets' marching
    dashes are drawn at their first step and a computer player's flash, caught or not by chance
    when nothing paces the game, is left out. Drawn at two moments as the window draws them, the
    same board differs; written by the screens tool, it does not."""
    from game.rules import Conquer, Pick
    from tools import screens
    game = _five_player_table(d)
    assert game.send(Pick(0))
    d.pump()
    targets = [a.region for a in game.legal if isinstance(a, Conquer)]
    assert targets, "no conquest is lit on the first turn"
    real = d.app.clock
    drawn = []
    written = []
    try:
        for i, moment in enumerate((1000.03, 1000.61)):
            d.app.clock = lambda m=moment: m
            game.flash = (targets[0], 10_000.0)          # a bot's conquest, still flashing
            d.app.dirty()
            d.pump()
            drawn.append(pygame.image.tobytes(d.app.screen, "RGB"))
            game.flash = (targets[0], 10_000.0) if i == 0 else None    # caught in one shot only
            path = screens.steady_shot(d, tmp_path / f"board{i}.png")
            written.append(pygame.image.tobytes(pygame.image.load(str(path)), "RGB"))
    finally:
        d.app.clock = real
    assert drawn[0] != drawn[1], "the two moments look alike: the test shows nothing"
    assert written[0] == written[1]
