"""The start screen's map chooser and its computer seats: a picture of each shipped map with the
player count it is made for, choosing one sets the count and starts the game on it, a map file
of one's own is read at once (a bad one says why, in one line, and nothing changes); computer
seats get names of their own in the player's language, a person gets "Player N" back; the
computer-speed button says what it does; all of it fits in the four languages."""
from __future__ import annotations

import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.maps import MapScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402

DATA = Path(__file__).parent / "data"


def game_of(d: Driver) -> GameScene:
    """The game just started (behind the pass screen when several people play)."""
    scene = d.scene
    game = scene.game if isinstance(scene, PassScene) else scene
    assert isinstance(game, GameScene)
    return game


@pytest.fixture
def d(home):
    drv = Driver(Options(pace=0, catch_errors=False))
    drv.pump(3)
    yield drv
    drv.close()


@pytest.mark.slow
def test_each_shipped_map_is_shown_with_its_player_count_and_chosen_with_a_click(d) -> None:
    start = d.scene
    d.press_button("map")
    chooser = d.scene
    assert isinstance(chooser, MapScene) and d.app.below(chooser) is start
    assert [c.players for c in chooser.choices] == [2, 3, 4, 5]
    d.press_button("map:2")                                   # the map for four
    assert d.scene is start and start.players == 4
    d.press_button("start")
    game = game_of(d)
    assert len(game.state.players) == 4
    assert game.table.mapdata.name == chooser.choices[2].name


@pytest.mark.slow
def test_a_map_file_is_read_at_once_and_a_bad_one_says_why(d, tmp_path) -> None:
    start = d.scene
    d.press_button("map")
    chooser = d.scene
    d.click(chooser.file.rect.center)
    d.type_text(str(tmp_path / "nowhere.tmx"))
    d.press_button("use")
    assert d.scene is chooser and chooser.message and "\n" not in chooser.message
    assert "nowhere.tmx" in chooser.message                  # it names the file
    assert start.map_path() != str(tmp_path / "nowhere.tmx")
    d.click(chooser.file.rect.center)                        # the click selects it: typing replaces it
    d.type_text(str(DATA / "maps" / "twelve_regions.tmx"))
    d.press_button("use")
    assert d.scene is start and start.map_path() == str(DATA / "maps" / "twelve_regions.tmx")
    assert start.players == 2                                # the count the map says it is for
    d.press_button("players:3")
    assert start.map_path() == "maps/three_players.tmx"      # another count: the map made for it
    d.press_button("players:2")
    d.press_button("map")
    assert d.scene.file.value == ""                          # a shipped map is chosen: no file shown
    d.click(d.scene.file.rect.center)
    d.type_text(str(DATA / "maps" / "twelve_regions.tmx"))
    d.press_button("use")
    d.press_button("start")
    assert game_of(d).table.mapdata.path.name == "twelve_regions.tmx"


@pytest.mark.slow
def test_computer_seats_get_names_of_their_own_in_the_players_language(d) -> None:
    start: StartScene = d.scene
    d.press_button("players:3")
    for i in range(3):
        start.names[i].value = strings.t("start.default_name", n=i + 1)
    d.press_button("kind:1")
    d.press_button("kind:2")
    en = start.bot_names()
    assert [start.names[1].value, start.names[2].value] == en[:2]
    assert start.kinds[1] == "easy" and start.button("kind:1").label == strings.t("start.kind.easy")  # its level
    d.press_button("lang:fr")
    fr = start.bot_names()
    assert fr != en and [start.names[1].value, start.names[2].value] == fr[:2]
    for _ in range(4):                                        # easy -> medium -> hard -> expert -> person
        d.press_button("kind:1")
    assert start.kinds[1] == "person" and start.names[1].value == strings.t("start.default_name", n=2)
    start.names[0].value = "Zoé"
    d.press_button("start")
    assert [p.name for p in game_of(d).state.players] == ["Zoé", strings.t("start.default_name", n=2), fr[1]]


@pytest.mark.slow
@pytest.mark.parametrize("lang", strings.LANGUAGES)
@pytest.mark.parametrize("size", [(1000, 650), (1280, 800)])
def test_the_start_screen_the_map_chooser_and_the_speed_button_fit(home, lang, size) -> None:
    d = Driver(Options(pace=0, catch_errors=False, lang=lang), size=size)
    try:
        d.pump(3)
        d.press_button("players:5")
        for i in range(1, 5):
            d.press_button(f"kind:{i}")
        assert len({f.value for f in d.scene.names[:5]}) == 5
        d.screenshot(f"/tmp/smallworld-start-{lang}-{size[0]}.png")
        d.press_button("map")
        d.screenshot(f"/tmp/smallworld-maps-{lang}-{size[0]}.png")
        d.press_button("map:3")
        d.press_button("start")
        game = d.scene                                       # one person: no pass screen
        assert game.button("speed").label == strings.t("button.speed_normal") != "▶"
        d.press_button("speed")
        assert game.button("speed").label == strings.t("button.speed_fast")
        d.screenshot(f"/tmp/smallworld-speed-{lang}-{size[0]}.png")
        assert d.app.text.overflows == []
        assert [k for lg, k in strings.missing() if lg == lang and k.split(".")[0] in ("start", "maps", "button")] == []
    finally:
        d.close()


def test_a_map_picture_that_is_a_pipe_leaves_a_plain_thumbnail_at_once(d, tmp_path):
    import time

    from game.ui import theme
    from game.ui.scenes.maps import thumbnail
    pipe = tmp_path / "board.png"
    os.mkfifo(pipe)                      # read as pygame reads a file, this would wait for a writer forever
    t0 = time.monotonic()
    tile = thumbnail(pipe, 120, 80)
    assert time.monotonic() - t0 < 2.0
    assert tile.get_size() == (120, 80)
    assert tuple(tile.get_at((60, 40)))[:3] == tuple(theme.PANEL_DARK)[:3]
