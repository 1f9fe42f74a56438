#!/usr/bin/env python3
"""Render the standard screens of the game into PNGs, for the README and for looking at the look.

Drives the window headless (SDL's dummy driver) through one game of five players, three of them
computer seats, and saves: the start screen, the hand-over (pass) screen, the combo column with a
combo's rules in its tooltip, the 5-player board in the middle of the game, the reinforcement die,
a redeploy, the ranking and the story of the game. Everything is seeded, so the pictures are the
same every run.

    python -m tools.screens                        # docs/images/*.png at 1280x800, in English
    python -m tools.screens --lang fr --size 1000x650 --out /tmp/screens
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import resources  # noqa: E402
from game.rules import CONQUER, Conquer, Reinforce  # noqa: E402

SCREENS = ("start", "pass", "column", "board", "die", "redeploy", "ranking", "story")
NAMES = ("Ana", "Bogdan", "Claire", "Daan", "Eliza")


def palette(img: pygame.Surface, colours: int = 256, samples: int = 20000) -> list[tuple[int, int, int]]:
    """A palette for `img` by median cut over a seeded sample of its pixels."""
    rnd = random.Random(1)
    w, h = img.get_size()
    boxes = [[tuple(img.get_at((rnd.randrange(w), rnd.randrange(h))))[:3] for _ in range(samples)]]

    def spread(box: list, i: int) -> int:
        return max(c[i] for c in box) - min(c[i] for c in box)

    while len(boxes) < colours:
        boxes.sort(key=lambda b: max(spread(b, i) for i in range(3)) * len(b) ** 0.5, reverse=True)
        box = boxes.pop(0)
        if len(box) < 2:
            boxes.append(box)
            break
        ch = max(range(3), key=lambda i: spread(box, i))
        box.sort(key=lambda c: c[ch])
        boxes += [box[:len(box) // 2], box[len(box) // 2:]]
    return [tuple(sum(c[i] for c in b) // len(b) for i in range(3)) for b in boxes if b]  # type: ignore[misc]


def save_small(screen: pygame.Surface, path: Path) -> Path:
    """Write the screen as a 256-colour PNG (a fifth of the full-colour file, so the pictures in
    docs/images stay small), through a temporary file."""
    pal = palette(screen)
    small = pygame.Surface(screen.get_size(), depth=8)
    small.set_palette(pal + [(0, 0, 0)] * (256 - len(pal)))
    small.blit(screen, (0, 0))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.drawing.png")
    pygame.image.save(small, str(tmp))
    os.replace(tmp, path)
    return path


def render(out: Path, size: tuple[int, int] = (1280, 800), lang: str = "en", seed: int = 11) -> list[Path]:
    """Play the seeded game and write one PNG per screen of `SCREENS` into `out`."""
    from game.ui.app import Options
    from game.ui.driver import Driver, play_until
    from game.ui.playview import DieShow
    from game.ui.scenes.curtain import PassScene
    from game.ui.scenes.final import FinalScene
    from game.ui.scenes.play import GameScene

    written: list[Path] = []
    d = Driver(Options(pace=0, catch_errors=False, seed=seed, lang=lang), size=size)

    def shot(name: str) -> None:
        d.app.dirty()
        d.pump()
        written.append(save_small(d.app.screen, out / f"{name}.png"))

    try:
        d.pump(3)
        start = d.scene
        start.press(start.button("players:5"))
        for i, name in enumerate(NAMES):
            start.names[i].value = name
            start.kinds[i] = ("person", "person", "easy", "easy", "easy")[i]
        start.build()
        d.move((5, 5))
        shot("start")
        d.press_button("start")
        assert isinstance(d.scene, PassScene), "the game did not start"
        shot("pass")
        game = d.scene.game
        assert isinstance(game, GameScene), "the game scene is not behind the pass screen"
        d.press_button("ready")
        d.move(game.combo_rects[1].center)              # a combo's rules in its tooltip
        shot("column")
        play_until(d, lambda: isinstance(d.scene, GameScene) and game.state.round >= 5
                   and game.state.turn.seat == 0 and game.state.turn.phase == CONQUER, limit=6000)
        took = [a.region for a in game.legal if isinstance(a, Conquer)]
        if took:                                        # one conquest made, the next targets lit
            d.click(d.region_point(took[0]))
        target = next((a.region for a in game.legal if isinstance(a, (Conquer, Reinforce))), None)
        d.move(d.region_point(target) if target is not None else (5, 5))
        shot("board")
        d.app.options.pace = 1.0                        # the die stays on screen while it is shown
        game.die = DieShow(2, True, d.app.clock() - 0.9, game.message or "")
        shot("die")
        game.die = None
        d.app.options.pace = 0.0
        if game.button("redeploy") is not None:
            d.press_button("redeploy")
            own = game.state.active_regions(game.state.turn.seat)
            if own:
                d.move(d.region_point(own[0]))
        shot("redeploy")
        play_until(d, lambda: isinstance(d.scene, FinalScene), limit=12000)
        d.move((5, 5))
        shot("ranking")
        d.key(pygame.K_TAB)
        shot("story")
    finally:
        d.close()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the game's standard screens into PNGs.")
    parser.add_argument("--out", default=str(resources.DOCS / "images"), help="folder for the PNGs")
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--lang", default="en", help="en, ro, nl or fr")
    args = parser.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size {args.size!r}: give it as WIDTHxHEIGHT, e.g. 1280x800")
    os.environ.setdefault("SMALLWORLD_HOME", tempfile.mkdtemp(prefix="smallworld-screens-"))
    for path in render(Path(args.out), (w, h), args.lang):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
