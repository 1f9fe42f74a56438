"""Following the pointer costs nothing while nothing changes: on the menus and lists (start
screen, expansions chooser, in-game menu, sound panel) a move within the same button or row
draws no frame, a move onto another one draws one; every scene follows the pointer through the
one helper (`widgets.track_hover`), and the tests open their games through one helper too."""
from __future__ import annotations

import os
import re
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.packs import PacksScene  # noqa: E402
from game.ui.scenes.sound import SoundScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _frames_for_moves(d: Driver, points: list[tuple[int, int]]) -> int:
    d.move(points[0])
    d.pump(2)
    before = d.app.frames
    for p in points[1:]:
        d.move(p)
    return d.app.frames - before


def _inside(rect: pygame.Rect) -> list[tuple[int, int]]:
    return [(rect.x + 6, rect.centery), (rect.centerx, rect.centery), (rect.right - 6, rect.centery - 2)]


def test_moving_within_a_row_of_the_expansions_chooser_draws_nothing(d) -> None:
    d.press_button("packs")
    chooser = d.scene
    assert isinstance(chooser, PacksScene) and len(chooser.rows) >= 2
    first, second = chooser.rows[0][1], chooser.rows[1][1]
    assert _frames_for_moves(d, _inside(first)) == 0
    assert chooser.hover == f"pack:{chooser.rows[0][0].id}"
    assert _frames_for_moves(d, [first.center, second.center]) == 1     # onto the next row: one frame


def test_moving_within_a_button_draws_nothing_on_the_start_screen_the_sound_panel_and_the_menu(d, tmp_path) -> None:
    start = d.scene
    assert _frames_for_moves(d, _inside(start.button("start").rect)) == 0
    assert start.hover == "start"
    d.press_button("sound")
    panel = d.scene
    assert isinstance(panel, SoundScene)
    assert _frames_for_moves(d, _inside(panel.button("vol:up").rect)) == 0
    assert _frames_for_moves(d, [panel.button("vol:up").rect.center, panel.button("done").rect.center]) == 1
    d.press_button("done")
    from tests.ui_games import game_with
    game_with(d, tmp_path, "ratmen", "heroic")
    d.key(pygame.K_ESCAPE)
    menu = d.scene
    assert _frames_for_moves(d, _inside(menu.button("resume").rect)) == 0
    assert _frames_for_moves(d, [menu.button("resume").rect.center, menu.button("help").rect.center]) == 1


def test_the_scenes_follow_the_pointer_through_one_helper() -> None:
    # a scene that tests its buttons on every pointer move writes `hit(self.buttons, ev.pos)` under
    # MOUSEMOTION; they all call widgets.track_hover instead (the game screen has its own board)
    for path in sorted((ROOT / "game" / "ui" / "scenes").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"if ev\.type == pygame\.MOUSEMOTION:\n((?:\s{12,}.*\n)+)", text):
            assert "hit(self.buttons" not in block, f"{path.name} follows the pointer on its own"
    assert "def track_hover" not in (ROOT / "game" / "ui" / "scenes" / "common.py").read_text(encoding="utf-8")


def test_the_tests_open_a_game_with_a_chosen_combo_through_one_helper() -> None:
    defined = [p.name for p in sorted((ROOT / "tests").glob("*.py"))
               if re.search(r"^def game_with\(", p.read_text(encoding="utf-8"), re.M)]
    assert defined == ["ui_games.py"]
