"""The board from the sofa: every marker and feature icon is drawn at least 20 pixels across on
a crowded 5-player board at 1280×800 (and bigger on a bigger window), and with the board zoomed
and panned a click still lands on the region under the pointer."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content import geometry  # noqa: E402
from game.content.tmx import SHIPPED_MAPS, load_map  # noqa: E402
from game.rules import Conquer  # noqa: E402
from game.ui.art import ART_DIR, Sprites  # noqa: E402
from game.ui.board_view import BoardPicture, BoardView  # noqa: E402
from game.ui.layout import compute  # noqa: E402
from game.ui.region_plan import feature_kinds  # noqa: E402
from game.ui.theme import Fonts, Text  # noqa: E402

from .ui_games import game_with  # noqa: E402

FLAGS = ("lair", "fortress", "hole", "hero", "dragon")        # the markers a region state names itself
KINDS = sorted(p.stem for p in (ART_DIR / "markers").glob("*.png"))


class Watched(Sprites):
    """The game's pictures, each marker and feature icon handed out noted with its kind."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[tuple[str, pygame.Surface]] = []

    def marker(self, kind: str, size: int) -> pygame.Surface:
        img = super().marker(kind, size)
        self.drawn.append((kind, img))
        return img

    def feature(self, kind: str, size: int) -> pygame.Surface:
        img = super().feature(kind, size)
        self.drawn.append(("feature:" + kind, img))
        return img


def _crowded(md) -> SimpleNamespace:
    """Every region held by a stack of three (every other one In Decline), two markers on each,
    every marker kind on the board."""
    kinds = [k for k in KINDS if k not in FLAGS and k != "encampment"]
    every = list(FLAGS) + ["encampment"] + kinds
    regions = {}
    for i, rid in enumerate(md.polygons):
        mine = {every[i % len(every)], every[(i + 1) % len(every)]}
        regions[rid] = SimpleNamespace(
            tokens=3, race="ratmen", decline=i % 2 == 1, owner=i % 5, lost_tribe=0,
            encampments=2 if "encampment" in mine else 0,
            **{f: f in mine for f in FLAGS}, marks={k: 1 for k in kinds if k in mine})
    return SimpleNamespace(regions=regions)


def _drawn(size: tuple[int, int]) -> tuple[Watched, dict]:
    pygame.display.init()
    pygame.font.init()
    md = load_map(SHIPPED_MAPS[5])
    sprites = Watched()
    view = BoardView(md.polygons, (md.width, md.height), md.image_path, sprites, Text(Fonts()), md.board.regions)
    L = compute(size[0], size[1], md.width, md.height)
    view.set_layout(L)
    pic = BoardPicture(key=1, state=_crowded(md), colours=[(200, 40, 40)] * 5, symbols=["circle"] * 5)
    view.draw(pygame.Surface((size[0], size[1])), pic)
    return sprites, {rid: feature_kinds(md.board.region(rid)) for rid in md.polygons}


@pytest.mark.parametrize("size, least", [((1280, 800), 20), ((1920, 1080), 28)])
def test_every_marker_and_icon_is_drawn_big_enough_to_read_from_the_sofa(size, least) -> None:
    sprites, features = _drawn(size)
    kinds = {k for k, _ in sprites.drawn}
    assert set(KINDS) <= kinds, f"marker kinds not drawn: {sorted(set(KINDS) - kinds)}"
    assert {"feature:" + f for fs in features.values() for f in fs} <= kinds
    for kind, img in sprites.drawn:
        box = img.get_bounding_rect(min_alpha=128)      # what shows, its clear margin left out
        assert max(box.size) >= least, f"{kind} shows {box.size} pixels at {size}"


def test_a_click_on_a_zoomed_and_panned_board_takes_the_region_under_the_pointer(d, home) -> None:
    scene = game_with(d, home, "ratmen", "alchemist")
    view, L = scene.board_view, scene.layout
    md = scene.table.mapdata
    targets = [a.region for a in scene.legal if isinstance(a, Conquer)]
    rid = targets[len(targets) // 2]
    d.move(view.spot(rid))
    for _ in range(3):                                  # the wheel: 1.25×, 1.5×, 2× round the pointer
        scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert view.zoom == 2.0
    inside = geometry.interior_point(md.polygons[rid], 2.0)
    panned = False
    for key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP):
        before = view.pan
        d.key(key)
        if view.pan == before:
            continue
        # where the region's inner point is now, worked out here from the board's corner, the pan
        # and the zoom
        at = (round(L.board.x - view.pan[0] + inside[0] * L.scale * 2),
              round(L.board.y - view.pan[1] + inside[1] * L.scale * 2))
        if L.board.inflate(-20, -20).collidepoint(at):
            panned = True
            break
        d.key({pygame.K_RIGHT: pygame.K_LEFT, pygame.K_LEFT: pygame.K_RIGHT,
               pygame.K_DOWN: pygame.K_UP, pygame.K_UP: pygame.K_DOWN}[key])
    assert panned, "no pan left the region in view"
    d.move(at)
    assert scene.hover == rid
    d.click(at)
    assert scene.table.match.records[-1].action == {"kind": "conquer", "region": rid}
    d.key(pygame.K_0)                                   # 0: the whole map again
    assert view.zoom == 1.0 and view.pan == (0, 0) and scene.zoom_chip is None


def test_the_board_zooms_with_the_keys_pans_with_the_middle_button_and_the_chip_resets_it(d, home) -> None:
    scene = game_with(d, home, "ratmen", "alchemist")
    view, L = scene.board_view, scene.layout
    d.move(L.board.center)
    d.key(pygame.K_EQUALS)                              # +
    d.key(pygame.K_KP_PLUS)
    assert view.zoom == 1.5
    d.pump()
    assert scene.zoom_chip is not None and L.board.contains(scene.zoom_chip)
    before = view.pan
    a, b = L.board.center, (L.board.centerx - 60, L.board.centery - 40)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=2))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(-60, -40), buttons=(0, 1, 0)))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=2))
    assert view.pan == (before[0] + 60, before[1] + 40)    # the board follows the hand
    records = len(scene.table.match.records)
    d.click(scene.zoom_chip.center)
    assert view.zoom == 1.0 and len(scene.table.match.records) == records    # no region taken
