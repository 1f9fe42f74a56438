"""`python -m tools.screens` renders the standard screens (the pictures in docs/images/) on the dummy
driver: every screen is written at the size asked and none is blank."""
from __future__ import annotations

import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game import resources  # noqa: E402


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
