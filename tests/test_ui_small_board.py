"""The smallest window (640×400) on the 5-player map with every region held: no name plate drawn
covers a token stack, a marker column or another label; a name with no room of its own is left
off and read on hover instead (the tooltip opens with it); zoomed in, the names come back."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content import geometry  # noqa: E402
from game.content.tmx import SHIPPED_MAPS, load_map  # noqa: E402
from game.ui import strings  # noqa: E402
from game.ui.art import Sprites  # noqa: E402
from game.ui.board_view import BoardPicture, BoardView  # noqa: E402
from game.ui.layout import compute  # noqa: E402
from game.ui.theme import Fonts, Text  # noqa: E402

SMALL = (640, 400)


def _full(md) -> SimpleNamespace:
    """Every region held by a stack of three, a fortress or a lair on every other one."""
    regions = {rid: SimpleNamespace(tokens=3, race="ratmen", decline=i % 2 == 1, owner=i % 5, lost_tribe=0,
                                    encampments=0, lair=i % 4 == 1, fortress=i % 4 == 3, hole=False, hero=False,
                                    dragon=False, marks={})
               for i, rid in enumerate(md.polygons)}
    return SimpleNamespace(regions=regions)


def _view(size: tuple[int, int], lang: str = "en"):
    pygame.display.init()
    pygame.font.init()
    strings.set_language(lang)
    md = load_map(SHIPPED_MAPS[5])
    view = BoardView(md.polygons, (md.width, md.height), md.image_path, Sprites(), Text(Fonts()), md.board.regions)
    L = compute(size[0], size[1], md.width, md.height)
    view.set_layout(L)
    pic = BoardPicture(key=1, state=_full(md), colours=[(200, 40, 40)] * 5, symbols=["circle"] * 5)
    view.draw(pygame.Surface(size), pic)
    return md, L, view, pic


def _shown(plan) -> bool:
    return getattr(plan, "shown", True)


def _labels(view: BoardView) -> dict:
    """The regions' plans with their labels as last drawn."""
    return getattr(view, "labels", None) or view.plans


def _covered_plates(view: BoardView, pic: BoardPicture) -> list[str]:
    """Each drawn name plate that covers a token stack's square, a marker column with markers in
    it, or another plate or icon."""
    bad = []
    for rid, plan in _labels(view).items():
        if not _shown(plan):
            continue
        for other, p in _labels(view).items():
            r = pic.state.regions[other]
            things = ([("stack", p.stack)] if r.tokens else []) + \
                ([("markers", p.markers)] if r.lair or r.fortress else [])
            if other != rid:
                things += ([("name", p.name)] if _shown(p) else []) + [("icon", r) for r in p.icons]
            for kind, r in things:
                if plan.name.colliderect(r):
                    bad.append(f"{rid}'s name {tuple(plan.name)} covers {other}'s {kind} {tuple(r)}")
    return bad


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_640x400_no_name_covers_a_stack_and_every_name_is_drawn_or_on_hover(lang: str) -> None:
    try:
        md, L, view, pic = _view(SMALL, lang)
        assert _covered_plates(view, pic) == []
        board = pygame.Rect((0, 0), L.board.size)
        for rid, plan in _labels(view).items():
            if _shown(plan):
                assert board.contains(plan.name), f"{rid}: its name off the board"
                corners = (plan.name.topleft, plan.name.topright, plan.name.bottomleft, plan.name.bottomright)
                screen = [(x * view.scale, y * view.scale) for x, y in md.polygons[rid]]
                assert all(geometry.point_in_polygon(c, screen) for c in corners), f"{rid}: its name outside"
            else:                      # left off: the pointer finds the region, whose tooltip names it
                x, y = geometry.interior_point(md.polygons[rid], 2.0)
                at = (round(L.board.x + x * view.scale), round(L.board.y + y * view.scale))
                assert view.region_at(at) == rid
        # the icons drawn cover no stack either
        for rid, plan in _labels(view).items():
            for icon in plan.icons:
                assert icon.collidelist([p.stack for p in view.plans.values()]) == -1, f"{rid}'s icon on a stack"
    finally:
        strings.set_language("en")


def test_at_640x400_the_names_left_off_come_back_when_zoomed_in() -> None:
    md, L, view, pic = _view(SMALL)
    at_one = sum(_shown(p) for p in _labels(view).values())
    assert at_one < len(md.polygons)                    # the full small board leaves names off...
    view.zoom_to(2.0, L.board.center)
    view.draw(pygame.Surface(SMALL), pic)
    at_two = sum(_shown(p) for p in _labels(view).values())
    assert at_two > len(md.polygons) * 3 // 4 and at_two > at_one   # ...zoomed in, most are back
    assert _covered_plates(view, pic) == []
    view.zoom_to(3.0, L.board.center)
    view.draw(pygame.Surface(SMALL), pic)
    assert all(_shown(p) for p in _labels(view).values())
    assert _covered_plates(view, pic) == []
    assert view.token_size() >= 28
    view.reset_view()
    view.draw(pygame.Surface(SMALL), pic)
    assert sum(_shown(p) for p in _labels(view).values()) == at_one


def test_at_640x400_an_empty_region_shows_its_name() -> None:
    md, L, view, pic = _view(SMALL)
    for i, r in enumerate(pic.state.regions.values()):
        if i % 2:
            r.tokens, r.race, r.lair, r.fortress = 0, None, False, False
    full = sum(_shown(p) for p in _labels(view).values())
    pic = BoardPicture(key=2, state=pic.state, colours=pic.colours, symbols=pic.symbols)
    view.draw(pygame.Surface(SMALL), pic)
    assert sum(_shown(p) for p in _labels(view).values()) > full
    assert _covered_plates(view, pic) == []


def test_at_640x400_a_hovered_region_left_unnamed_shows_its_name_in_the_tooltip(home) -> None:
    from game.match import Seat
    from game.ui.app import Options
    from game.ui.driver import Driver
    from game.ui.scenes.play import GameScene
    from game.ui.table import Table, shipped_map_path
    d = Driver(Options(pace=0, catch_errors=False), size=SMALL)
    try:
        d.pump(3)
        seats = [Seat(n, c) for n, c in (("Ann", "orange"), ("Bob", "sky"), ("Cy", "green"), ("Di", "violet"),
                                         ("Ed", "red"))]
        table = Table.new(seats, 17, shipped_map_path(5), [], home / "autosave.json")
        scene = GameScene(d.app, table, viewer=0)
        d.app.switch(scene)
        d.pump(2)
        view = scene.board_view
        unnamed = [rid for rid, p in _labels(view).items() if not _shown(p)]
        for rid in unnamed[:3] or list(view.plans)[:1]:
            d.move(view.spot(rid))
            assert scene.hover == rid
            d.pump()
            tip = scene._tip[1]
            assert tip and tip[0][0] == strings.region_name(table.match.state.board, rid)
    finally:
        d.close()
