"""The ending, driven with the mouse and the keyboard: the ranking marks computer seats, the
story and the final board are one click (or Tab) away, and "Export as PNG" writes a new picture
every time — never over a file that is already there, with no temporary file left behind."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.match import Seat  # noqa: E402
from game.rules import actor  # noqa: E402
from game.story import check  # noqa: E402
from game.ui import story_view  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402


@pytest.fixture
def ended(tmp_path, monkeypatch):
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    seats = [Seat("Ana", "orange"), Seat("Bot", "sky", "easy"), Seat("Cleo", "green", "easy")]
    table = Table.new(seats, 21, shipped_map_path(3), [], tmp_path / "autosave.json")
    bots = [make_bot("easy", i, i) for i in range(3)]
    while not table.state.game_over:
        table.match.play(bots[actor(table.state)].choose(table.state))
    d = Driver(Options(pace=0, catch_errors=False))
    d.app.switch(FinalScene(d.app, table))
    yield d, table, tmp_path
    d.close()


def test_the_pages_of_the_ending_turn_with_mouse_and_keys(ended) -> None:
    d, table, _ = ended
    scene = d.scene
    assert scene.story is not None and check(scene.story, table.state) == []
    assert story_view.seat_tag(table, 1) and not story_view.seat_tag(table, 0)
    d.press_button("page_story")
    assert scene.page == "story" and scene.button("page_story").toggled
    d.press_button("page_board")
    assert scene.page == "board"
    d.key(pygame.K_TAB)
    assert scene.page == "ranking"
    d.key(pygame.K_LEFT)
    assert scene.page == "board"
    d.key(pygame.K_2)
    assert scene.page == "story"
    assert d.app.text.overflows == []
    d.key(pygame.K_RETURN)
    assert isinstance(d.scene, StartScene)


def test_export_writes_a_new_picture_and_never_overwrites_one(ended) -> None:
    d, table, home = ended
    folder = home / "pictures"
    folder.mkdir()
    taken = story_view.free_name(folder, f"smallworld-{__import__('time').strftime('%Y-%m-%d')}-21")
    taken.write_bytes(b"my own picture")
    d.press_button("export")
    first = d.scene.exported
    assert first is not None and first != taken and first.exists()
    assert taken.read_bytes() == b"my own picture"
    img = pygame.image.load(str(first))
    assert img.get_width() == 1280 and img.get_height() > 1600          # the story above the board
    d.key(pygame.K_e)
    second = d.scene.exported
    assert second != first and second.exists() and first.exists()
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []   # no temporary left
    assert str(second) in d.scene.message


def test_an_export_that_cannot_be_written_says_so_in_one_line(ended, monkeypatch) -> None:
    d, _, home = ended
    (home / "pictures").write_text("a file where the folder should be")
    d.press_button("export")
    assert d.scene.exported is None and d.scene.message_kind == "bad"
    assert "\n" not in d.scene.message and (home / "pictures").read_text() == "a file where the folder should be"


def test_a_story_without_records_shows_the_ranking_alone(tmp_path: Path) -> None:
    from types import SimpleNamespace
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        table = Table.new([Seat("A"), Seat("B")], 3, shipped_map_path(2), [], tmp_path / "a.json")
        d.app.switch(FinalScene(d.app, SimpleNamespace(state=table.state, seats=table.seats)))
        assert [b.id for b in d.scene.buttons if b.id.startswith("page_")] == ["page_ranking"]
        assert d.scene.button("export") is None
        d.key(pygame.K_TAB)
        assert d.scene.page == "ranking"
    finally:
        d.close()
