"""A game that ends while the disk is full does not lose its end: the final position and result
stay in the window until written, the ranking screen says so plainly with a "Try again" button
(and tries by itself), leaving and quitting try again, and a window that closes with the end still
unwritten keeps it where the next start puts it back. The full disk is a simulated ENOSPC from
the last move through to the ranking screen; then space comes back."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import errno  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game import saves  # noqa: E402
from game.match import Match, MatchSetup, Seat  # noqa: E402
from game.rules import legal_actions  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver, scripted_step  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.table import shipped_map_path  # noqa: E402

SHOTS = Path(__file__).resolve().parent / "screenshots"
REAL_SAVE = Match.save


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """The data folder and the system's temporary folder, both the test's own."""
    home, temp = tmp_path / "home", tmp_path / "temp"
    home.mkdir()
    temp.mkdir()
    monkeypatch.setenv("SMALLWORLD_HOME", str(home))
    monkeypatch.delenv("SMALLWORLD_LANG", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return home, temp


def near_the_end(home: Path) -> Path:
    """A game of two computer players saved a few moves before its end."""
    m = Match(MatchSetup([Seat("Ann", bot="easy"), Seat("Bob", bot="easy")], 11, map_path=shipped_map_path(2)))
    rng = random.Random(3)
    while not (m.state.round == m.board.turns and m.state.turn.seat == 1):
        acts = legal_actions(m.state)
        m.play(acts[rng.randrange(len(acts))])
    assert not m.state.game_over
    path = saves.new_save_path(home / "saves")
    m.save(path)
    return path


def disk_full(monkeypatch) -> None:
    def refuse(self, where):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(Match, "save", refuse)


def play_to_the_ranking(d: Driver) -> FinalScene:
    d.pump(2)
    assert isinstance(d.scene, StartScene)
    d.press_button("resume:0")
    assert isinstance(d.scene, GameScene)
    for _ in range(500):
        if scripted_step(d) == "final":
            break
    assert isinstance(d.scene, FinalScene)
    return d.scene


def test_the_end_of_a_game_on_a_full_disk_is_kept_said_and_written_when_space_comes_back(folders, monkeypatch):
    home, _ = folders
    path = near_the_end(home)
    before = path.read_bytes()
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        disk_full(monkeypatch)                      # from the last moves on, nothing can be written
        final = play_to_the_ranking(d)
        table = final.table
        assert table.match.state.game_over and table.save_error is not None and table.save_full
        assert path.read_bytes() == before          # the last good save is untouched
        assert final.button("retry") is not None
        d.pump(2)
        SHOTS.mkdir(exist_ok=True)
        d.screenshot(SHOTS / "final_unsaved_full_disk.png")
        # Try again while the disk is still full: said, nothing changes
        d.press_button("retry")
        assert "Still not saved" in final.message and final.message_kind == "bad"
        assert path.read_bytes() == before and final.button("retry") is not None
        # space comes back: the screen tries by itself and the end is written
        monkeypatch.setattr(Match, "save", REAL_SAVE)
        final.retry_at = 0.0
        d.pump(2)
        assert table.save_error is None and final.button("retry") is None
        assert "is saved" in final.message
        again = Match.load(path)
        assert again.state.game_over and len(again.records) == len(table.match.records)
        assert again.state.winners == table.match.state.winners
    finally:
        d.close()


def test_the_try_again_button_writes_the_end(folders, monkeypatch):
    home, _ = folders
    path = near_the_end(home)
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        disk_full(monkeypatch)
        final = play_to_the_ranking(d)
        monkeypatch.setattr(Match, "save", REAL_SAVE)
        d.press_button("retry")
        assert final.table.save_error is None and Match.load(path).state.game_over
    finally:
        d.close()


def test_leaving_the_ranking_keeps_the_end_and_tries_again_on_the_next_screen(folders, monkeypatch):
    home, _ = folders
    path = near_the_end(home)
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        disk_full(monkeypatch)
        final = play_to_the_ranking(d)
        d.press_button("new")                       # leaving: tried, still full, held by the window
        assert isinstance(d.scene, StartScene) and d.app.unsaved == [final.table]
        monkeypatch.setattr(Match, "save", REAL_SAVE)
        d.app.switch(StartScene(d.app))             # any change of screen tries again
        assert d.app.unsaved == [] and Match.load(path).state.game_over
    finally:
        d.close()


def test_quitting_on_a_full_disk_keeps_the_end_for_the_next_start(folders, monkeypatch):
    home, temp = folders
    path = near_the_end(home)
    before = path.read_bytes()
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        disk_full(monkeypatch)
        final = play_to_the_ranking(d)
        records = len(final.table.match.records)
        d.press_button("quit")                      # kept elsewhere (another disk), then the window closes
        assert not d.app.running
        kept = d.app.close_unsaved()
        assert len(kept) == 1 and kept[0] is not None and kept[0].is_relative_to(temp)
        assert path.read_bytes() == before
    finally:
        d.close()
    # the next start, still full: the kept game stays where it is, nothing is lost
    monkeypatch.setattr(saves, "_write_atomic", lambda data, p: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))
    saves.prepare_home()
    assert kept[0].is_file() and path.read_bytes() == before
    # space back: the next start puts it back in its own save
    monkeypatch.undo()
    monkeypatch.setenv("SMALLWORLD_HOME", str(home))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    saves.prepare_home()
    assert not kept[0].exists()
    m = Match.load(path)
    assert m.state.game_over and len(m.records) == records


def test_a_kept_game_never_replaces_another_game(folders):
    home, _ = folders
    path = near_the_end(home)
    other = json.loads(path.read_text())
    other["setup"]["seed"] = 12                     # a different game under the same name
    kept = saves.stash(Match.load(path).to_dict(), path)
    kept_records = json.loads(kept.read_text())["records"]
    path.write_text(json.dumps(other))
    before = path.read_bytes()
    written = saves.recover_stashed(home / "saves")
    assert path.read_bytes() == before and len(written) == 1 and written[0] != path
    assert json.loads(written[0].read_text())["records"] == kept_records and not kept.exists()


def test_a_game_under_the_help_is_kept_when_the_window_closes_on_a_full_disk(folders, monkeypatch):
    """The help (or the menu, or a rules card) pushed over the table: the table below still counts
    as the window closes, not only the scene on top."""
    import pygame

    from game.ui.scenes.cover import CardScene
    from game.ui.table import Table
    home, temp = folders
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        table = Table.new([Seat("Ann"), Seat("Bob")], 5, shipped_map_path(2), [],
                          saves.new_save_path(home / "saves"))
        assert table.save()
        d.app.switch(GameScene(d.app, table, viewer=0))
        d.pump(2)
        disk_full(monkeypatch)
        table.play(legal_actions(table.match.state)[0])    # this move could not be written
        assert table.save_error is not None
        d.key(pygame.K_F1)
        assert isinstance(d.scene, CardScene)
        kept = d.app.close_unsaved()
        assert len(kept) == 1 and kept[0] is not None and kept[0].is_relative_to(temp)
        assert len(json.loads(kept[0].read_text())["records"]) == len(table.match.records)
    finally:
        d.close()


def test_the_close_button_warns_once_when_the_end_can_be_neither_written_nor_kept(folders, monkeypatch):
    """The window's close button on a full disk whose temporary folder is full too: the first
    press keeps the window open and says so on the ranking page; the second leaves. With room to
    keep it elsewhere, one press is enough (the end is kept for the next start)."""
    import pygame

    from game.ui.strings import t
    home, _ = folders
    near_the_end(home)
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        disk_full(monkeypatch)
        final = play_to_the_ranking(d)
        monkeypatch.setattr(saves, "stash", lambda data, p: (_ for _ in ()).throw(
            OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        d.pump(2)
        assert d.app.running and d.scene is final
        assert final.message == t("app.close_unsaved") and final.message_kind == "bad"
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        d.pump(2)
        assert not d.app.running
    finally:
        d.close()


def test_the_close_button_leaves_at_once_when_the_end_is_kept_elsewhere(folders, monkeypatch):
    import pygame
    home, temp = folders
    near_the_end(home)
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        disk_full(monkeypatch)
        play_to_the_ranking(d)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        d.pump(2)
        assert not d.app.running
        assert any(temp.rglob("*.json"))
    finally:
        d.close()
