#!/usr/bin/env python3
"""Render the standard screens of the game into PNGs, for the README and for looking at the look.

Drives the window headless (SDL's dummy driver) through one game of five players, three of them
computer seats, and saves: the start screen, the hand-over (pass) screen, the combo column with a
combo's rules in its tooltip, the 5-player board in the middle of the game (also zoomed 2× round
the pointer, and as an eye without green cones sees it), the reinforcement die,
a redeploy, the ranking and the story of the game. Everything is seeded, so the pictures are the
same every run.

    python -m tools.screens                        # docs/images/*.png at 1280x800, in English
    python -m tools.screens --lang fr --size 1000x650 --out /tmp/screens
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from bisect import bisect_left
from collections import Counter
from itertools import accumulate
from pathlib import Path
from typing import Any, Callable, Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import native, resources  # noqa: E402

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from game.rules import CONQUER, Conquer, Reinforce  # noqa: E402
from game.ui.colour_vision import simulate  # noqa: E402

SCREENS = ("start", "pass", "column", "board", "board-zoom", "board-deuteranopia", "die", "redeploy", "ranking",
           "story")
NAMES = ("Ana", "Bogdan", "Claire", "Daan", "Eliza")


Colour = tuple[int, int, int]
Weighed = list[tuple[Colour, int]]                  # colours with how many pixels have each

COLOURS = 128          # the palette of a written screen: the busiest 1280x800 board stays near 225 kB
_RGB = int.from_bytes(bytes((0xFF, 0xFF, 0xFF, 0)), sys.byteorder)    # a pixel's colour, not its 4th byte
_CELL = int.from_bytes(bytes((0xF8, 0xF8, 0xF8, 0)), sys.byteorder)   # its 5-bit-a-channel cell


def _pixels(img: pygame.Surface) -> memoryview:
    return memoryview(pygame.image.tobytes(img, "RGBX")).cast("I")


def _colour(key: int) -> Colour:
    r, g, b = key.to_bytes(4, sys.byteorder)[:3]
    return r, g, b


def _centre(cell: int) -> Colour:
    r, g, b = _colour(cell)
    return r | 4, g | 4, b | 4


def _nearest(c: Colour, pal: Sequence[Colour]) -> int:
    r, g, b = c
    far = [(pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2 for pr, pg, pb in pal]
    return far.index(min(far))


def _mean(box: Weighed) -> Colour:
    n = sum(w for _, w in box)
    r, g, b = (round(sum(c[i] * w for c, w in box) / n) for i in range(3))
    return r, g, b


def _median_cut(items: Weighed, colours: int) -> list[Colour]:
    """`colours` colours for `items`: the box of the widest spread (weighed by the square root of
    its pixels) is cut at its median along that channel, until there are enough boxes."""
    def spread(box: Weighed, i: int) -> int:
        return max(c[i] for c, _ in box) - min(c[i] for c, _ in box)

    def worth(box: Weighed) -> float:
        return max(spread(box, i) for i in range(3)) * sum(w for _, w in box) ** 0.5

    boxes = [items] if items else []
    while boxes and len(boxes) < colours:
        boxes.sort(key=worth, reverse=True)
        box = boxes[0]
        if worth(box) == 0:
            break                                       # every box is one colour already
        ch = max(range(3), key=lambda i: spread(box, i))
        box.sort(key=lambda cw: cw[0][ch])
        upto = list(accumulate(w for _, w in box))
        cut = min(bisect_left(upto, upto[-1] / 2) + 1, len(box) - 1)       # both halves hold pixels
        boxes[0:1] = [box[:cut], box[cut:]]
    return [_mean(b) for b in boxes]


def palette(img: pygame.Surface, colours: int = COLOURS, flat: float = 0.0005, rounds: int = 4) -> list[Colour]:
    """A palette for `img`. A colour covering at least `flat` of the picture fills an area of its
    own (a button, a panel, the background) and is kept exactly, up to half the palette. The other
    pixels, rounded to 5 bits a channel, share the rest by median cut, then `rounds` times each of
    those entries moves to the mean of the pixels nearest to it, so a small icon keeps its hue."""
    pixels = _pixels(img)
    exact: Counter[int] = Counter()
    for v, n in Counter(pixels).items():
        exact[v & _RGB] += n
    kept = [k for k, n in exact.most_common(colours // 2) if n >= flat * len(pixels)]
    kept_set = set(kept)
    cells: Counter[int] = Counter()
    for k, n in exact.items():
        if k not in kept_set:
            cells[k & _CELL] += n
    items = [(_centre(k), n) for k, n in cells.items()]
    fixed = [_colour(k) for k in kept]
    free = _median_cut(items, colours - len(fixed))
    for _ in range(rounds):
        near: list[Weighed] = [[] for _ in fixed + free]
        for c, n in items:
            near[_nearest(c, fixed + free)].append((c, n))
        free = [_mean(group) if group else old for old, group in zip(free, near[len(fixed):], strict=True)]
    return fixed + free


def nearest(img: pygame.Surface, pal: Sequence[Colour]) -> bytes:
    """Each pixel of `img` as the index of the palette colour nearest to it (squared distance): its
    own colour's when the palette has it. Any other pixel is first rounded to the middle of its
    5-bit-a-channel cell (at most 4 off), so each of the few thousand cells a screen uses is
    searched once."""
    pixels = _pixels(img)
    exact = {int.from_bytes(bytes((*c, 0)), sys.byteorder): i for i, c in reversed(list(enumerate(pal)))}
    by_cell: dict[int, int] = {}
    by_pixel: dict[int, int] = {}
    for v in set(pixels):
        if v & _RGB in exact:
            by_pixel[v] = exact[v & _RGB]
            continue
        cell = v & _CELL
        if cell not in by_cell:
            by_cell[cell] = _nearest(_centre(cell), pal)
        by_pixel[v] = by_cell[cell]
    return bytes(map(by_pixel.__getitem__, pixels))


def save_small(screen: pygame.Surface, path: Path, vision: str | None = None) -> Path:
    """Write the screen as a 128-colour PNG (a fraction of the full-colour file, so the pictures in
    docs/images stay small), through a temporary file. Each pixel takes its nearest palette colour:
    a blit into an 8-bit surface would go through SDL's 3-3-2 table instead, which first cuts every
    colour to 8 levels of red and green and 4 of blue (the disabled buttons' grey came out pink).
    With `vision` ("deuteranopia", ...) each palette colour is written as that eye sees it."""
    pal = palette(screen)
    index = nearest(screen, pal)
    if vision is not None:
        pal = [simulate(c, vision) for c in pal]
    small = pygame.image.frombytes(index, screen.get_size(), "P")
    small.set_palette(pal + [(0, 0, 0)] * (256 - len(pal)))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.drawing.png")
    pygame.image.save(small, str(tmp))
    os.replace(tmp, path)
    return path


def steady_shot(d: Any, path: Path, then: Callable[[float], None] | None = None, vision: str | None = None) -> Path:
    """Draw the window of driver `d` and write it to `path` at a moment fixed for the picture
    (`then` sets up what is shown from that moment): the marching dashes at their first step,
    and no flash of a computer player's last conquest, which lasts 10 ms when nothing paces the
    game and would be caught or not by chance. The same seed then draws the same pictures."""
    from game.ui.board_view import DASH_PHASES, DASH_RATE
    from game.ui.scenes.play import GameScene
    real = d.app.clock
    now = real()
    moment = now - now % (DASH_PHASES / DASH_RATE) + 0.5 / DASH_RATE      # the middle of the first step
    d.app.clock = lambda: moment
    try:
        scene = getattr(d.scene, "game", None) or d.scene
        if isinstance(scene, GameScene):
            scene.flash = None
        if then is not None:
            then(moment)
        d.app.dirty()
        d.pump()
    finally:
        d.app.clock = real
    return save_small(d.app.screen, path, vision)


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

    def shot(name: str, then: Callable[[float], None] | None = None, vision: str | None = None) -> None:
        written.append(steady_shot(d, out / f"{name}.png", then, vision))

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
        d.move(game.combo_rects[2].center)              # a combo's rules in its tooltip
        shot("column")
        play_until(d, lambda: isinstance(d.scene, GameScene) and game.state.round >= 5
                   and game.state.turn.seat == 0 and game.state.turn.phase == CONQUER, limit=6000)
        took = [a.region for a in game.legal if isinstance(a, Conquer)]
        if took:                                        # one conquest made, the next targets lit
            d.click(d.region_point(took[0]))
        target = next((a.region for a in game.legal if isinstance(a, (Conquer, Reinforce))), None)
        d.move(d.region_point(target) if target is not None else (5, 5))
        shot("board")
        game.board_view.zoom_to(2.0, game.mouse)      # zoomed round the pointer, its picture drawn anew
        game.board_view.wait()
        d.move(game.mouse)
        shot("board-zoom")
        game.board_view.reset_view()
        d.move(game.mouse)
        shot("board-deuteranopia", vision="deuteranopia")
        d.app.options.pace = 1.0                        # the die stays on screen while it is shown
        shot("die", lambda moment: setattr(game, "die", DieShow(2, True, moment - 0.9, game.message or "")))
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
