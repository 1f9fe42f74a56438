"""Targets and neighbours while conquering: the board dims only what the mover cannot take, so
their own regions stay lit; two targets that share a border keep two outlines (a band of the
mark's colour inside each, a dark line between them)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from types import SimpleNamespace  # noqa: E402

import pygame  # noqa: E402

from game.content import geometry  # noqa: E402
from game.content.tmx import SHIPPED_MAPS, load_map  # noqa: E402
from game.ui.art import Sprites  # noqa: E402
from game.ui.board_view import BoardPicture, BoardView  # noqa: E402
from game.ui.layout import compute  # noqa: E402
from game.ui.theme import MARK_CONQUER, Fonts, Text  # noqa: E402


def _view():
    pygame.display.init()
    pygame.font.init()
    md = load_map(SHIPPED_MAPS[5])
    view = BoardView(md.polygons, (md.width, md.height), md.image_path, Sprites(), Text(Fonts()), md.board.regions)
    view.set_layout(compute(1280, 800, md.width, md.height))
    return md, view


def _state(md, owned: dict[str, int]):
    regions = {r.id: SimpleNamespace(owner=owned.get(r.id), race=None, tokens=0, lost_tribe=0, decline=False,
                                     lair=False, fortress=False, hole=False, hero=False, dragon=False,
                                     encampments=0, marks={}) for r in md.board.regions}
    return SimpleNamespace(regions=regions, turn=SimpleNamespace(seat=0))


def _inside(view, rid):
    x, y = geometry.interior_point(view._screen_polys[rid], 2.0)
    return round(x), round(y)


def test_own_regions_stay_lit_and_only_the_rest_dims() -> None:
    md, view = _view()
    ids = [r.id for r in md.board.regions if not r.is_water]
    own, target, other = ids[0], next(b for b in ids if md.board.adjacent(ids[0], b)), None
    other = next(r for r in ids if r not in (own, target) and not md.board.adjacent(own, r))
    base = view._scaled.copy()
    pic = BoardPicture(key=1, state=_state(md, {own: 0, other: 1}), marks={target: MARK_CONQUER})
    comp = base.copy()
    view._draw_targets(comp, pic)
    assert comp.get_at(_inside(view, own)) == base.get_at(_inside(view, own)), "your own region was dimmed"
    assert comp.get_at(_inside(view, target)) == base.get_at(_inside(view, target))
    assert sum(comp.get_at(_inside(view, other))[:3]) < sum(base.get_at(_inside(view, other))[:3]), \
        "a region you cannot take is not dimmed"


def test_two_neighbouring_targets_keep_two_outlines() -> None:
    md, view = _view()
    ids = [r.id for r in md.board.regions if not r.is_water]
    a = ids[3]
    b = next(x for x in ids if md.board.adjacent(a, x))
    pa, pb = view._screen_polys[a], set(view._screen_polys[b])
    edges = [(pa[i], pa[(i + 1) % len(pa)]) for i in range(len(pa)) if pa[i] in pb and pa[(i + 1) % len(pa)] in pb]
    assert edges, "the two neighbours share an edge"
    shared = max(edges, key=lambda e: (e[0][0] - e[1][0]) ** 2 + (e[0][1] - e[1][1]) ** 2)
    pic = BoardPicture(key=1, state=_state(md, {}), marks={a: MARK_CONQUER, b: MARK_CONQUER})
    comp = view._scaled.copy()
    view._draw_targets(comp, pic)
    # across the middle of the shared border: colour, dark line, colour
    (x0, y0), (x1, y1) = shared[0], shared[1]
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    seen = [tuple(comp.get_at((round(mx + nx * t), round(my + ny * t))))[:3] for t in range(-5, 6)]
    dark = [i for i, c in enumerate(seen) if sum(c) < 120]
    assert dark, f"no dark line between the two targets: {seen}"
    before = [c == MARK_CONQUER for c in seen[:dark[0]]]
    after = [c == MARK_CONQUER for c in seen[dark[-1] + 1:]]
    assert any(before) and any(after), f"one outline where two targets meet: {seen}"
