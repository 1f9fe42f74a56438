"""The ending, driven with the mouse and the keyboard: the ranking marks computer seats, the
story and the final board are one click (or Tab) away, and "Export as PNG" writes a new picture
into the user's Pictures folder (`Small World` in it; with HOME pointed at a folder of the
test's own), the message giving its path in short (`~/Pictures/...`) — never over a file that
is already there, with no temporary file left behind, and the same ending only once. The cheer (coins counted up, confetti, the fanfare) is skipped with a click and
follows the animation setting; the story chart draws one line per player."""
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
def me(tmp_path, monkeypatch):
    """A home folder of the test's own, with no user-dirs.dirs: Pictures is ~/Pictures there."""
    home = tmp_path / "me"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    return home


@pytest.fixture
def ended(tmp_path, monkeypatch, me):
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


def test_export_writes_a_new_picture_and_never_overwrites_one(ended, me) -> None:
    d, table, data = ended
    folder = me / "Pictures" / "Small World"
    folder.mkdir(parents=True)
    taken = story_view.free_name(folder, f"story-{__import__('time').strftime('%Y-%m-%d')}-21")
    taken.write_bytes(b"my own picture")
    d.press_button("export")
    first = d.scene.exported
    assert first is not None and first != taken and first.exists() and first.parent == folder
    assert taken.read_bytes() == b"my own picture"
    img = pygame.image.load(str(first))
    assert img.get_width() == 1280 and img.get_height() > 1600          # the story above the board
    assert d.scene.message == f"Saved as ~/Pictures/Small World/{first.name}"
    assert not (data / "pictures").exists()                             # not among the saves
    before = sorted(folder.iterdir())
    d.key(pygame.K_e)                                   # the same ending again: not a second file
    assert d.scene.exported == first and sorted(folder.iterdir()) == before
    assert first.name in d.scene.message
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []   # no temporary left


def test_the_first_picture_makes_its_folder_in_the_pictures_folder_the_desktop_names(ended, me) -> None:
    d, _, _ = ended
    (me / ".config").mkdir()
    (me / ".config" / "user-dirs.dirs").write_text('XDG_PICTURES_DIR="$HOME/Bilder"\n', encoding="utf-8")
    d.press_button("export")
    first = d.scene.exported
    assert first is not None and first.parent == me / "Bilder" / "Small World" and first.is_file()
    assert first.name.startswith("story-") and first.suffix == ".png"
    assert d.scene.message == f"Saved as ~/Bilder/Small World/{first.name}"
    assert not (me / "Pictures").exists()


def test_an_export_that_cannot_be_written_says_so_in_one_line(ended, me) -> None:
    d, _, _ = ended
    (me / "Pictures").mkdir()
    (me / "Pictures" / "Small World").write_text("a file where the folder should be")
    d.press_button("export")
    assert d.scene.exported is None and d.scene.message_kind == "bad"
    assert "\n" not in d.scene.message
    assert (me / "Pictures" / "Small World").read_text() == "a file where the folder should be"


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


def test_the_cheer_counts_the_coins_up_and_a_click_ends_it_without_pressing_a_button(ended) -> None:
    d, table, _ = ended
    d.app.options.pace = 1.0
    clock = [50.0]
    d.app.clock = lambda: clock[0]
    played: list[str] = []
    d.app.audio.play = lambda name: played.append(name) or True        # type: ignore[method-assign]
    d.app.switch(FinalScene(d.app, table))
    scene = d.scene
    best = max(p.coins for p in table.state.players)
    assert scene.cheering and scene.confetti and played == ["end"]     # the fanfare
    clock[0] += 0.3
    assert 0 < scene.shown_coins(best, clock[0]) < best                 # counting up
    d.pump()
    quit_button = scene.button("quit")
    d.click(quit_button.rect.center)                                    # a click on Quit mid-cheer ...
    assert d.app.running and d.scene is scene                           # ... ends the cheer, and only that
    assert not scene.cheering and scene.shown_coins(best, clock[0]) == best
    d.app.switch(FinalScene(d.app, table))
    clock[0] += 10                                                      # or it ends by itself
    d.pump(2)
    assert not d.scene.cheering


def test_with_animations_off_the_totals_show_at_once(ended) -> None:
    d, table, _ = ended
    d.app.options.pace = 1.0
    d.app.animation = "off"
    d.app.switch(FinalScene(d.app, table))
    assert not d.scene.cheering and not d.scene.confetti
    assert d.scene.shown_coins(40, d.app.clock()) == 40


def test_the_story_chart_draws_each_players_line_once(ended) -> None:
    d, table, _ = ended
    scene = d.scene
    surf = pygame.Surface((1280, 800))
    surf.fill((255, 255, 255))
    story_view.draw_chart(surf, pygame.Rect(40, 40, 640, 320), d.app, table, scene.story)
    dark = sum(1 for x in range(40, 680) for y in range(40, 360) if surf.get_at((x, y))[:3] == (40, 30, 24))
    assert dark == 0                       # the dark twin drawn a pixel off each line is gone


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def lum(c: tuple[int, int, int]) -> float:
        ch = [v / 255 for v in c]
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_players_line_and_dot_stands_out_on_the_story_page() -> None:
    """A pale player colour (light yellow, sky blue) alone fades into the cream page; its line and
    dots get a darker edge, so each player's line has an edge of at least 3:1 against the page."""
    from game.ui import theme
    page = story_view.PAGE
    assert page == (250, 244, 230)
    for key, col in theme.PALETTE.items():
        edge = story_view._casing(col)
        best = max(_contrast(col, page), _contrast(edge, page) if edge else 0.0)
        assert best >= 3.0, f"{key} {col}: its line would be faint on the page ({best:.2f}:1)"
