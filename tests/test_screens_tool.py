"""`python -m tools.screens` renders the standard screens (the pictures in docs/images/) on the dummy
driver: every screen is written at the size asked, none is blank, and each written pixel keeps
the colour the window drew there (a disabled button stays grey)."""
from __future__ import annotations

import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game import resources  # noqa: E402
from game.ui import theme  # noqa: E402


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


def test_a_written_game_screen_is_the_screen_drawn(d, tmp_path: Path) -> None:
    """Every pixel of a written game screen is near the one drawn, and the disabled Undo's fill is
    its very grey."""
    from game.ui.scenes.play import GameScene
    from tools import screens
    start = d.scene
    start.press(start.button("players:5"))
    d.press_button("start")
    d.press_button("ready")
    game = d.scene
    assert isinstance(game, GameScene)
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
