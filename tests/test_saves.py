"""A game in progress is never lost: each game has its own file, the start screen lists them
(resume, or delete after a confirmation), a save that cannot be resumed is moved aside with one
sentence and never overwritten, stale temporary files are cleared, and a data folder that cannot
be used is said in one line. Bad saves go through the window as a player meets them."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game import saves  # noqa: E402
from game.match import Match, MatchSetup, SaveError, Seat  # noqa: E402
from game.rules import IllegalAction, legal_actions  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver, scripted_step  # noqa: E402
from game.ui.scenes.notice import NoticeScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.table import shipped_map_path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def games_in(home: Path) -> list[Path]:
    return sorted(p for p in (home / "saves").glob("*.json") if ".unreadable-" not in p.name)


def kept_aside(home: Path) -> list[Path]:
    return sorted((home / "saves").glob("*.unreadable-*"))


def start_game(d: Driver, names=("Ann", "Bob"), moves: int = 0) -> None:
    d.pump(2)
    assert isinstance(d.scene, StartScene)
    d.press_button(f"players:{len(names)}")
    for i, n in enumerate(names):
        d.scene.names[i].value = n
    d.press_button("start")
    for _ in range(moves):
        scripted_step(d)


# -- several games -----------------------------------------------------------------------------
@pytest.mark.slow
def test_starting_a_game_never_replaces_the_one_in_progress(home):
    d = Driver(Options(pace=0, catch_errors=False, seed=3))
    try:
        start_game(d, ("Ann", "Bob"), moves=8)
        first = games_in(home)
        assert len(first) == 1
        before = first[0].read_bytes()
        d.app.switch(StartScene(d.app))          # back to the start screen, as the menu does
        start_game(d, ("Cy", "Di", "Eve"), moves=2)
        now = games_in(home)
        assert len(now) == 2 and first[0] in now
        # the first game is untouched by the second one's saves
        assert first[0].read_bytes() == before
    finally:
        d.close()
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(3)
        scene = d.scene
        assert [g.players for g in scene.shelf.games] == [["Cy", "Di", "Eve"], ["Ann", "Bob"]]
        assert scene.button("resume:0") and scene.button("resume:1")
        lines = scene.describe(scene.shelf.games[1])
        assert "Ann, Bob" in lines[1] and "Round 1 of 10" in lines[2]
        d.press_button("resume:1")
        game = getattr(d.scene, "game", d.scene)
        assert [p.name for p in game.table.match.state.players] == ["Ann", "Bob"]
        assert game.table.save_path == first[0]
    finally:
        d.close()


def test_a_finished_game_is_listed_as_finished_not_in_progress(home):
    m = Match(MatchSetup([Seat("Ann"), Seat("Bob")], 5, map_path=shipped_map_path(2)))
    import random
    rng = random.Random(1)
    while not m.state.game_over:
        acts = legal_actions(m.state)
        m.play(acts[rng.randrange(len(acts))])
    path = saves.new_save_path(home / "saves")
    m.save(path)
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(3)
        info = d.scene.shelf.games[0]
        assert info.game_over and info.winners
        assert d.scene.button("delete:0") is not None
        assert "Finished" in d.scene.describe(info)[2]
        # it opens on its final screen (ranking, story, final board), and opening it changes nothing
        assert d.scene.button("resume:0").label == "See the result"
        before = path.read_bytes()
        d.press_button("resume:0")
        from game.ui.scenes.final import FinalScene
        assert isinstance(d.scene, FinalScene) and d.scene.table.match.state.game_over
        assert d.scene.story is not None
        d.pump(2)
        assert path.read_bytes() == before
        d.press_button("new")
        assert isinstance(d.scene, StartScene)
    finally:
        d.close()


def test_deleting_asks_first_and_keep_it_keeps_it(home):
    d = Driver(Options(pace=0, catch_errors=False, seed=2))
    try:
        start_game(d, moves=3)
        d.app.switch(StartScene(d.app))
        d.pump(3)
        path = games_in(home)[0]
        data = path.read_bytes()
        d.press_button("delete:0")
        assert isinstance(d.scene, NoticeScene) and "cannot be brought back" in d.scene.body
        assert "Ann, Bob" in d.scene.body
        d.press_button("keep")
        assert isinstance(d.scene, StartScene) and path.read_bytes() == data
        d.press_button("delete:0")
        d.press_button("delete")
        assert isinstance(d.scene, StartScene)
        assert not path.exists() and d.scene.shelf.games == []
    finally:
        d.close()


# -- bad saves, as the window meets them ---------------------------------------------------------
def good_save() -> dict:
    m = Match(MatchSetup([Seat("Ann"), Seat("Bob", bot="easy")], 7, map_path=shipped_map_path(2)))
    import random
    rng = random.Random(3)
    while len(m.records) < 40 or not any(r.rolls for r in m.records):
        acts = legal_actions(m.state)
        rolls = [a for a in acts if a.kind == "reinforce"]
        m.play(rolls[0] if rolls and rng.random() < 0.5 else acts[rng.randrange(len(acts))])
    assert not m.state.game_over
    return m.to_dict()


GOOD = json.loads(json.dumps(good_save()))


def _set(path: str, value):
    def change(d: dict) -> dict:
        keys = path.split(".")
        target = d
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target[k]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
        return d
    return change


def _drop(path: str):
    def change(d: dict) -> dict:
        keys = path.split(".")
        target = d
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target[k]
        del target[keys[-1]]
        return d
    return change


def _first_roll(face):
    def change(d: dict) -> dict:
        rec = next(r for r in d["records"] if r["rolls"])
        rec["rolls"][0] = face
        return d
    return change


# (case id, the file's text, a word the one-line message must contain)
RAW = [
    ("not-json", "{ this is not a saved game", "damaged"),
    ("empty", "", "damaged"),
    ("deep-nesting", "[" * 200_000 + "]" * 200_000, "damaged"),
    ("deep-nesting-in-records", json.dumps(GOOD)[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}", "damaged"),
    ("a-list", "[1, 2, 3]", "version"),
    ("a-number", "42", "version"),
    ("null", "null", "version"),
    ("seed-1e400", json.dumps(GOOD).replace('"seed":7', '"seed":1e400').replace('"seed": 7', '"seed": 1e400'),
     "seed"),
    ("seed-NaN", json.dumps(GOOD).replace('"seed": 7', '"seed": NaN'), "seed"),
    ("seed-Infinity", json.dumps(GOOD).replace('"seed": 7', '"seed": -Infinity'), "seed"),
]
CHANGED = [
    ("inline-board-x", _set("setup.inline_board", "x"), "board"),
    ("one-player", lambda d: (d["setup"].__setitem__("seats", d["setup"]["seats"][:1]), d)[1], "2 to 5"),
    ("six-players", lambda d: (d["setup"].__setitem__("seats", [{"name": f"P{i}", "colour": "", "bot": None}
                                                                 for i in range(6)]), d)[1], "2 to 5"),
    ("no-players", _set("setup.seats", []), "2 to 5"),
    ("seats-a-string", _set("setup.seats", "Ann, Bob"), "2 to 5"),
    ("die-face-9", _first_roll(9), "die face"),
    ("die-face-minus-1", _first_roll(-1), "die face"),
    ("die-face-text", _first_roll("three"), "die face"),
    ("die-face-2.5", _first_roll(2.5), "die face"),
    ("negative-undo-floor", _set("undo_floor", -5), "undo_floor"),
    ("undo-floor-past-the-end", _set("undo_floor", 10**9), "undo_floor"),
    ("undo-floor-text", _set("undo_floor", "x"), "undo_floor"),
    ("lesson-a-string", _set("lesson", "step 3"), "lesson"),
    ("lesson-step-negative", _set("lesson", {"seat": 0, "step": -1, "since": 0}), "lesson"),
    ("lesson-extra-key", _set("lesson", {"seat": 0, "step": 1, "since": 0, "x": 1}), "lesson"),
    ("lesson-seat-past-the-players", _set("lesson", {"seat": 7, "step": 1, "since": 0}), "lesson"),
    ("unknown-computer-level", _set("setup.seats.1.bot", "godlike"), "level this version does not know"),
    ("computer-level-a-number", _set("setup.seats.1.bot", 3), "level this version does not know"),
    ("version-2", _set("version", 2), "version"),
    ("version-missing", _drop("version"), "version"),
    ("setup-missing", _drop("setup"), "setup"),
    ("setup-a-list", _set("setup", []), "setup"),
    ("seed-text", _set("setup.seed", "abc"), "seed"),
    ("seed-negative", _set("setup.seed", -1), "seed"),
    ("seed-true", _set("setup.seed", True), "seed"),
    ("seed-float", _set("setup.seed", 7.5), "seed"),
    ("seed-huge", _set("setup.seed", 10**40), "seed"),
    ("seed-missing", _drop("setup.seed"), "seed"),
    ("map-a-number", _set("setup.map", 5), "map"),
    ("no-map-no-board", _set("setup.map", None), "map"),
    ("content-a-string", _set("setup.content", "mine.yaml"), "content"),
    ("content-numbers", _set("setup.content", [1, 2]), "content"),
    ("same-names", _set("setup.seats.1.name", "ann"), "same name"),
    ("empty-name", _set("setup.seats.0.name", "  "), "not a player"),
    ("name-a-number", _set("setup.seats.0.name", 12), "not a player"),
    ("seat-a-string", _set("setup.seats.0", "Ann"), "not a player"),
    ("seat-extra-key", _set("setup.seats.0.crown", True), "not a player"),
    ("colour-a-number", _set("setup.seats.0.colour", 3), "colour"),
    ("records-a-string", _set("records", "x"), "records"),
    ("records-missing", _drop("records"), "records"),
    ("record-a-number", _set("records.0", 3), "move 1"),
    ("record-no-action", _drop("records.0.action"), "move 1"),
    ("record-action-no-kind", _set("records.0.action", {}), "move 1"),
    ("record-seat-7", _set("records.0.seat", 7), "move 1"),
    ("record-seat-text", _set("records.0.seat", "Ann"), "move 1"),
    ("record-shuffles-text", _set("records.0.shuffles", "x"), "move 1"),
    ("record-events-text", _set("records.0.events", "x"), "move 1"),
    ("state-a-string", _set("state", "x"), "state"),
    ("inline-board-turns-0", _set("setup.inline_board", {"turns": 0, "regions": []}), "board"),
    ("inline-board-no-regions", _set("setup.inline_board", {"turns": 5}), "board"),
]
# problems only a replay finds: the file's shape is right, the game in it is not
REPLAY = [
    ("map-missing", _set("setup.map", "maps/nowhere.tmx"), "nowhere.tmx"),
    ("content-missing", _set("setup.content", ["/nowhere/my_races.yaml"]), "my_races.yaml"),
    ("unknown-intent", _set("records.0.action", {"kind": "fly"}), "replay"),
    ("conquer-a-region-not-there", _set("records.1.action", {"kind": "conquer", "region": "atlantis"}), "replay"),
    ("move-of-the-wrong-player", _set("records.0.seat", 1), "different position"),
    ("state-edited", _set("state.round", 9), "different position"),
    ("a-roll-too-many", lambda d: (d["records"][0]["rolls"].append(3), d)[1], "different position"),
    ("inline-board-bad-regions", _set("setup.inline_board", {"turns": 5, "regions": [1, 2]}), "replay"),
    # a device where a file should be: refused at once, never read (it would read forever)
    ("content-a-device", _set("setup.content", ["/dev/zero"]), "a device"),
    ("map-a-device", _set("setup.map", "/dev/zero"), "a device"),
]
BAD_SAVES = [(i, t, w) for i, t, w in RAW] + [
    (i, json.dumps(change(json.loads(json.dumps(GOOD)))), w) for i, change, w in CHANGED]
BAD_REPLAYS = [(i, json.dumps(change(json.loads(json.dumps(GOOD)))), w) for i, change, w in REPLAY]


def one_line(msg: str) -> None:
    assert "\n" not in msg and "Traceback" not in msg and len(msg) < 400, msg


@pytest.mark.parametrize("case, text, word", BAD_SAVES + BAD_REPLAYS, ids=[c[0] for c in BAD_SAVES + BAD_REPLAYS])
def test_a_bad_save_is_one_line_save_error(tmp_path, case, text, word):
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as err:
        Match.load(path)
    msg = str(err.value)
    one_line(msg)
    assert str(path) in msg and word.lower() in msg.lower(), msg
    assert path.read_text(encoding="utf-8") == text


def test_the_good_save_loads(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GOOD))
    m = Match.load(path)
    assert len(m.records) == len(GOOD["records"]) and m.state.to_dict() == GOOD["state"]


@pytest.mark.slow
@pytest.mark.parametrize("case, text, word", BAD_SAVES, ids=[c[0] for c in BAD_SAVES])
def test_the_window_moves_a_bad_save_aside_and_goes_on(home, case, text, word):
    (home / "saves").mkdir()
    path = home / "saves" / "game-20250101-120000.json"
    path.write_bytes(text.encode("utf-8"))
    other = saves.new_save_path(home / "saves")
    other.write_text(json.dumps(GOOD))                 # a good game beside it stays listed, untouched
    good_bytes = other.read_bytes()
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(3)
        assert isinstance(d.scene, NoticeScene), case
        reason_line = d.scene.body.splitlines()[0]
        assert word.lower() in reason_line.lower() and "kept" in d.scene.body
        kept = kept_aside(home)
        assert len(kept) == 1 and kept[0].read_bytes() == text.encode("utf-8")
        d.press_button("new")
        assert isinstance(d.scene, StartScene)
        assert [g.path for g in d.scene.shelf.games] == [other] and other.read_bytes() == good_bytes
    finally:
        d.close()


@pytest.mark.slow
@pytest.mark.parametrize("case, text, word", BAD_REPLAYS, ids=[c[0] for c in BAD_REPLAYS])
def test_a_save_that_does_not_resume_is_moved_aside_on_continue(home, case, text, word):
    (home / "saves").mkdir()
    path = home / "saves" / "game-20250101-120000.json"
    path.write_text(text, encoding="utf-8")
    d = Driver(Options(pace=0, catch_errors=False, seed=4))
    try:
        d.pump(3)
        assert isinstance(d.scene, StartScene) and d.scene.button("resume:0")
        d.press_button("resume:0")
        assert isinstance(d.scene, NoticeScene)
        assert word.lower() in d.scene.body.splitlines()[0].lower()
        kept = kept_aside(home)
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
        d.press_button("new")
        start_game(d, moves=1)                         # a new game has a file of its own
        assert len(games_in(home)) == 1 and kept[0].read_text(encoding="utf-8") == text
    finally:
        d.close()


def test_a_negative_undo_floor_never_lets_undo_cross_a_roll(tmp_path):
    d = json.loads(json.dumps(GOOD))
    d["undo_floor"] = 0
    path = tmp_path / "game.json"
    path.write_text(json.dumps(d))
    m = Match.load(path)
    last_roll = max(i for i, r in enumerate(m.records) if r.rolls or r.action.get("kind") == "pick")
    while m.can_undo():
        m.undo()
    assert len(m.records) > last_roll
    with pytest.raises(IllegalAction):
        m.undo()


def test_moving_aside_never_overwrites(tmp_path):
    a = tmp_path / "game.json"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    taken = tmp_path / f"game.unreadable-{stamp}.json"
    taken.write_text("older")
    a.write_text("newer")
    kept = saves.quarantine(a)
    assert kept != taken and kept.read_text() == "newer" and taken.read_text() == "older"


# -- the folder ------------------------------------------------------------------------------------
def test_stale_temporary_files_are_cleared_at_start_and_fresh_ones_kept(home):
    (home / "saves").mkdir()
    stale = home / "saves" / "game-1.json.abc123.tmp"
    stale.write_text("half a save")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = home / "saves" / "game-2.json.def456.tmp"       # another window saving right now
    fresh.write_text("being written")
    loose = home / "settings.xyz.tmp"
    loose.write_text("{}")
    os.utime(loose, (old, old))
    (home / "worth").mkdir()
    measuring = home / "worth" / "0123456789abcdef-0123456789ab.json.ghi789.tmp"   # a killed measurer's
    measuring.write_text("{")
    os.utime(measuring, (old, old))
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(3)
    finally:
        d.close()
    assert not stale.exists() and not loose.exists() and not measuring.exists() and fresh.exists()


def test_the_old_single_autosave_is_moved_in_once_never_over_a_file(home):
    old = home / "autosave.json"
    old.write_text(json.dumps(GOOD))
    moved = saves.migrate(home)
    assert not old.exists() and len(moved) == 1 and json.loads(moved[0].read_text()) == GOOD
    assert saves.migrate(home) == []                    # once
    # an old folder elsewhere (another platform's data folder): moved in, never over a save
    legacy = home / "legacy"
    legacy.mkdir()
    (legacy / "autosave.json").write_text(json.dumps(GOOD))
    os.utime(legacy / "autosave.json", (os.stat(moved[0]).st_mtime,) * 2)
    (legacy / "settings.json").write_text('{"lang": "fr"}')
    import unittest.mock as mock
    with mock.patch.object(saves, "legacy_home", lambda: legacy), mock.patch.dict(os.environ):
        os.environ.pop("SMALLWORLD_HOME")
        with mock.patch.object(saves, "data_dir", lambda: home):
            again = saves.migrate(home)
    assert len(again) == 1 and again[0] != moved[0]
    assert json.loads(again[0].read_text()) == GOOD and json.loads(moved[0].read_text()) == GOOD
    assert json.loads((home / "settings.json").read_text()) == {"lang": "fr"}


def test_the_data_folder_is_the_platforms_own(monkeypatch):
    import platformdirs
    monkeypatch.delenv("SMALLWORLD_HOME", raising=False)
    assert saves.data_dir() == Path(platformdirs.user_data_dir("smallworld-table", appauthor=False))
    monkeypatch.setenv("SMALLWORLD_HOME", "/somewhere/else")
    assert saves.data_dir() == Path("/somewhere/else")


def run_main(env_home: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SMALLWORLD_HOME=env_home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=60, env=env)


def test_smallworld_home_pointing_at_a_file_says_one_line(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("my notes")
    out = run_main(str(f))
    assert out.returncode == 2
    lines = [x for x in out.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and "Traceback" not in out.stderr
    assert str(f) in lines[0] and "SMALLWORLD_HOME" in lines[0] and "folder" in lines[0]
    assert f.read_text() == "my notes"


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True,
                    reason="root can write in any folder")
def test_smallworld_home_that_cannot_be_written_says_one_line(tmp_path):  # pragma: no cover - not as root
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        out = run_main(str(ro / "inner"))
        assert out.returncode == 2 and "SMALLWORLD_HOME" in out.stderr and "Traceback" not in out.stderr
    finally:
        ro.chmod(0o700)


def test_an_unwritable_home_is_one_line(tmp_path, monkeypatch):
    # as root every folder is writable, so make the write fail the way a read-only folder does
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path / "h"))
    real_open = open

    def deny(path, *a, **k):
        if ".write-test-" in str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **k)
    monkeypatch.setattr("builtins.open", deny)
    with pytest.raises(saves.HomeError) as err:
        saves.prepare_home()
    msg = str(err.value)
    one_line(msg)
    assert "Permission denied" in msg and "SMALLWORLD_HOME" in msg and str(tmp_path / "h") in msg


def test_an_unexpected_error_on_the_start_screen_does_not_claim_a_game_was_saved(home, monkeypatch):
    def broken(self):
        raise RuntimeError("a bug")
    monkeypatch.setattr(StartScene, "probe", broken)
    d = Driver(Options(pace=0, catch_errors=True))
    try:
        d.pump(3)
        assert isinstance(d.scene, NoticeScene)
        assert "was saved" not in d.scene.body and "saved games are untouched" in d.scene.body
        assert (home / "error.log").read_text().count("RuntimeError: a bug") == 1
    finally:
        d.close()


def test_a_save_that_breaks_the_reader_in_an_unforeseen_way_is_kept_aside(home, monkeypatch):
    (home / "saves").mkdir()
    path = home / "saves" / "game-1.json"
    path.write_text(json.dumps(GOOD))
    import game.saves as mod

    def odd(p):
        raise ZeroDivisionError("odd")
    monkeypatch.setattr(mod, "read_info", odd)
    shelf = saves.list_saves()
    assert shelf.games == [] and len(shelf.kept_aside) == 1
    assert "ZeroDivisionError" in str(shelf.kept_aside[0][1]) and kept_aside(home)[0].read_text() == json.dumps(GOOD)


# -- a save that cannot be written ----------------------------------------------------------------
def test_a_full_disk_is_said_the_game_goes_on_and_the_last_good_save_is_kept(home, monkeypatch):
    import errno

    import pygame

    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.play import GameScene
    d = Driver(Options(pace=0, catch_errors=False, seed=4))
    try:
        start_game(d, ("Ann", "Bob"), moves=3)
        path = games_in(home)[0]
        good = path.read_bytes()
        real_save = Match.save

        def full_disk(self, where):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        monkeypatch.setattr(Match, "save", full_disk)
        game = d.scene
        assert isinstance(game, GameScene)
        played = len(game.table.match.records)
        scripted_step(d)
        game = d.scene
        assert len(game.table.match.records) > played          # the move was played all the same
        assert game.message_kind == "bad" and "Could not save" in game.message
        assert os.strerror(errno.ENOSPC) in game.message and str(path) in game.message
        assert path.read_bytes() == good                       # the last good save is untouched
        assert not list((home / "saves").glob("*.tmp"))
        # leaving (or quitting) a game that cannot be saved is refused, with the reason shown
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.scene, MenuScene)
        d.press_button("leave")
        assert d.scene is game and "Could not save" in game.message
        assert d.app.running
        # room again: the next move saves, and the warning goes away
        monkeypatch.setattr(Match, "save", real_save)
        scripted_step(d)
        game = d.scene
        assert game.table.save_error is None and "Could not save" not in game.message
        assert path.read_bytes() != good
        again = Match.load(path)
        assert len(again.records) == len(game.table.match.records)
    finally:
        d.close()


@pytest.mark.slow
def test_the_error_notice_does_not_claim_a_save_that_failed(home, monkeypatch):
    import errno

    from game.ui.scenes import _crashed
    d = Driver(Options(pace=0, catch_errors=False, seed=4))
    try:
        start_game(d, ("Ann", "Bob"), moves=2)
        game = d.scene
        notice = _crashed(d.app, home / "error.log")
        assert "is saved after every move" in notice.body
        monkeypatch.setattr(Match, "save", lambda self, where: (_ for _ in ()).throw(
            OSError(errno.EROFS, os.strerror(errno.EROFS))))
        assert game.table.save() is False
        notice = _crashed(d.app, home / "error.log")
        assert "could not be saved" in notice.body and os.strerror(errno.EROFS) in notice.body
    finally:
        d.close()


# -- one game, one window ---------------------------------------------------------------------------
HOLDER = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from game import savelock
print("held" if savelock.hold(Path({path!r})) else "refused", flush=True)
sys.stdin.readline()
"""


def other_window(path: Path) -> subprocess.Popen:
    """Another process that opens the game `path`, as a second window would; it says whether it got it."""
    p = subprocess.Popen([sys.executable, "-c", HOLDER.format(root=str(ROOT), path=str(path))],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return p


def test_a_game_open_in_another_window_is_neither_resumed_nor_deleted_here(home):
    from game import savelock
    d = Driver(Options(pace=0, catch_errors=False, seed=6))
    try:
        start_game(d, moves=2)
        path = games_in(home)[0]
        # while this window plays it, another window cannot have it
        other = other_window(path)
        assert other.stdout.readline().strip() == "refused"
        other.communicate("\n")
        d.app.switch(StartScene(d.app))              # back to the start screen: this window lets go
        d.pump(3)
        assert savelock.holding() is None
        other = other_window(path)
        try:
            assert other.stdout.readline().strip() == "held"
            data = path.read_bytes()
            d.press_button("resume:0")
            assert isinstance(d.scene, NoticeScene) and "open in another window" in d.scene.title
            d.press_button("new")
            assert isinstance(d.scene, StartScene)
            d.press_button("delete:0")
            assert isinstance(d.scene, NoticeScene) and "open in another window" in d.scene.title
            d.press_button("new")
            assert path.read_bytes() == data and games_in(home) == [path]
            assert not kept_aside(home)                  # an open game is not taken for a bad one
        finally:
            other.communicate("\n")
        # the other window closed: the game is ours again, and its lock file is gone with it
        d.press_button("resume:0")
        game = getattr(d.scene, "game", d.scene)
        assert game.table.save_path == path and savelock.holding() == path
    finally:
        d.close()


def test_a_window_that_crashed_leaves_no_lock_behind(home):
    from game import savelock
    folder = home / "saves"
    folder.mkdir(parents=True)
    path = saves.new_save_path(folder)
    m = Match(MatchSetup([Seat("Ann"), Seat("Bob")], 5, map_path=shipped_map_path(2)))
    m.save(path)
    other = other_window(path)
    assert other.stdout.readline().strip() == "held"
    other.kill()                                         # the window died without letting go
    other.wait()
    assert savelock.lock_path(path).exists()
    assert not savelock.held_elsewhere(path)            # the system let go of its lock
    saves.prepare_home()
    assert not savelock.lock_path(path).exists() and path.exists()


def test_the_tests_never_touch_the_players_own_folder():
    import platformdirs
    players_own = Path(platformdirs.user_data_dir(saves.APP, appauthor=False))
    assert saves.data_dir() != players_own and saves.data_dir() != saves.legacy_home()
    assert "smallworld-tests-" in str(saves.data_dir())
