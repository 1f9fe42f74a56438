"""The in-game menu, driven with the mouse and the keyboard: Esc or the Menu button opens it,
Esc resumes, its settings change the game at once and are remembered, "Rules and help" opens
the help, "Save and leave" goes to the title screen with the game saved, and Quit closes."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.match import Match, Seat  # noqa: E402
from game.rules import Pick  # noqa: E402
from game.ui import settings, strings, theme  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False))
    table = Table.new([Seat("Ana", "orange"), Seat("Bot", "sky", "easy")], 5, shipped_map_path(2), [],
                      tmp_path / "game.json")
    d.app.switch(GameScene(d.app, table, viewer=0))
    d.pump(3)
    yield d, table, tmp_path
    strings.set_language("en")
    d.close()


def test_esc_and_the_menu_button_open_the_menu_and_esc_resumes(game) -> None:
    d, table, _ = game
    scene = d.scene
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MenuScene)
    d.key(pygame.K_ESCAPE)
    assert d.scene is scene
    d.press_button("menu")
    assert isinstance(d.scene, MenuScene)
    d.press_button("resume")
    assert d.scene is scene


def test_esc_first_cancels_a_mode_then_opens_the_menu(game) -> None:
    d, table, _ = game
    d.click(d.scene.combo_rects[0].center)
    assert table.match.records[-1].action["kind"] == "pick"
    target = next(a.region for a in d.scene.legal if a.kind == "conquer")
    d.click(d.region_point(target))
    assert table.match.records[-1].action["kind"] == "conquer"
    d.press_button("redeploy")
    assert d.scene.mode == "redeploy"
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, GameScene) and d.scene.mode == "conquer"
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MenuScene)
    d.key(pygame.K_ESCAPE)
    # the Menu button in the middle of arranging a redeploy: back from the menu, it is still there
    game = d.scene
    d.press_button("redeploy")
    region = game.draft.regions[0]
    minus, plus = game.board_view.chip_rects(region)
    d.click(minus.center if game.draft.counts[region] > 1 else plus.center)
    assert game.draft.changed()
    counts = dict(game.draft.counts)
    d.press_button("menu")
    d.press_button("resume")
    assert d.scene is game and game.mode == "redeploy" and game.draft.counts == counts


def test_the_settings_change_the_game_and_are_remembered(game) -> None:
    d, _, _ = game
    table_scene = d.scene
    d.press_button("menu")
    menu = d.scene
    d.press_button("lang:ro")
    assert strings.language() == "ro" and menu.button("resume").label == strings.t("menu.resume")
    d.press_button("anim:fast")
    assert d.app.options.pace == 0.5
    d.press_button("bots:fast")
    assert d.app.bots_fast and not table_scene.fast         # the table takes it when uncovered
    d.press_button("hints:off")
    assert not d.app.hints
    d.press_button("sound:off")
    assert not d.app.sound
    assert menu.button("sound:off").toggled and not menu.button("sound:on").toggled
    saved = settings.load()
    assert saved["lang"] == "ro" and saved["animation"] == "fast" and saved["bots_fast"] is True
    assert saved["hints"] is False and saved["sound"] is False
    d.press_button("anim:off")
    assert 0 < d.app.options.pace < 0.5
    assert d.app.text.overflows == []
    d.press_button("resume")
    assert d.scene is table_scene and table_scene.fast


def test_volume_and_music_are_set_on_screen_with_the_mouse_and_the_keys_and_remembered(game) -> None:
    d, _, _ = game
    assert d.app.audio.volume == pytest.approx(0.7) and d.app.audio.music        # the defaults: music on
    d.press_button("menu")
    menu = d.scene
    d.press_button("vol:up")
    assert d.app.audio.volume == pytest.approx(0.8)
    d.press_button("vol:down")
    d.press_button("vol:down")
    assert d.app.audio.volume == pytest.approx(0.6)
    bar = menu.volume_bar
    d.click((bar.x + bar.w * 3 // 10 + 1, bar.centery))          # three tenths along the bar
    assert d.app.audio.volume == pytest.approx(0.3)
    d.click((bar.x + 1, bar.centery))                             # its left end: silence
    assert d.app.audio.volume == 0
    d.key(pygame.K_EQUALS)                                        # the + key (unshifted)
    d.key(pygame.K_KP_PLUS)
    assert d.app.audio.volume == pytest.approx(0.2)
    d.key(pygame.K_MINUS)
    assert d.app.audio.volume == pytest.approx(0.1)
    d.press_button("music:off")
    assert not d.app.audio.music and settings.load()["music"] is False
    d.press_button("music:on")
    assert d.app.audio.music and menu.button("music:on").toggled and not menu.button("music:off").toggled
    saved = settings.load()
    assert saved["volume"] == pytest.approx(0.1) and saved["music"] is True
    d.key(pygame.K_m)                                             # M in the menu: sound off
    assert not d.app.sound and menu.button("sound:off").toggled
    d.press_button("vol:up")                                      # louder: the sound comes back on
    assert d.app.sound and d.app.audio.volume == pytest.approx(0.2)
    d.press_button("music:off")
    assert settings.load()["music"] is False and not d.app.audio.music
    d.key(pygame.K_ESCAPE)
    game = d.scene
    game.board_view.zoom_step(2)
    d.key(pygame.K_MINUS)                                         # in the game, − zooms the board out instead
    assert d.app.audio.volume == pytest.approx(0.2) and game.board_view.zoom == 1.25
    assert d.app.text.overflows == []


def _gold_frame(d: Driver, rect: pygame.Rect) -> bool:
    """Whether the gold focus frame is drawn round `rect` (some of its border pixels are gold)."""
    d.app.dirty()
    d.pump()
    shot = d.app.screen
    edge = [(x, y) for x in range(rect.left - 8, rect.right + 8, 2) for y in (rect.top - 6, rect.top - 5, rect.top - 4)]
    return any(tuple(shot.get_at(p))[:3] == theme.GOLD for p in edge if shot.get_rect().collidepoint(p))


@pytest.mark.slow
def test_every_settings_row_is_reached_and_changed_with_the_arrow_keys(game) -> None:
    d, _, _ = game
    d.key(pygame.K_ESCAPE)
    menu = d.scene
    rows = menu.settings
    assert rows.focus is None                       # the keys start on the actions
    d.key(pygame.K_RIGHT)                           # across to the settings: the language
    assert rows.focus == "language" and _gold_frame(d, rows.frames["language"])
    d.key(pygame.K_RIGHT)
    assert strings.language() == "ro"
    d.key(pygame.K_LEFT)
    assert strings.language() == "en"
    d.key(pygame.K_DOWN)
    assert rows.focus == "sound" and _gold_frame(d, rows.frames["sound"])
    d.key(pygame.K_RIGHT)                           # On | Off: to the right is Off
    assert not d.app.sound and menu.button("sound:off").toggled
    d.key(pygame.K_RETURN)                          # Enter: the next choice, round to the first
    assert d.app.sound
    d.key(pygame.K_DOWN)
    d.key(pygame.K_LEFT)
    assert rows.focus == "music" and d.app.audio.music
    d.key(pygame.K_DOWN)
    assert rows.focus == "volume" and _gold_frame(d, rows.frames["volume"])
    d.key(pygame.K_RIGHT)
    assert d.app.audio.volume == pytest.approx(0.8)
    d.key(pygame.K_LEFT)
    d.key(pygame.K_LEFT)
    assert d.app.audio.volume == pytest.approx(0.6)
    d.key(pygame.K_DOWN)
    before = d.app.animation
    d.key(pygame.K_RIGHT)
    assert rows.focus == "animation" and d.app.animation != before
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RIGHT)
    assert rows.focus == "bots" and d.app.bots_fast
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RIGHT)
    assert rows.focus == "hints" and not d.app.hints
    d.key(pygame.K_DOWN)
    assert rows.focus == "fullscreen" and _gold_frame(d, rows.frames["fullscreen"])
    d.key(pygame.K_DOWN)                            # round to the first action
    assert rows.focus is None
    saved = settings.load()
    assert saved["music"] is True and saved["volume"] == pytest.approx(0.6) and saved["bots_fast"] is True
    assert saved["hints"] is False and saved["animation"] == d.app.animation
    d.key(pygame.K_RETURN)                          # Resume
    assert isinstance(d.scene, GameScene)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ro", "nl", "fr"])
@pytest.mark.parametrize("size", [(1000, 650), (1280, 800), (1920, 1080)])
def test_every_setting_fits_the_menu_in_every_language(tmp_path, monkeypatch, lang, size) -> None:
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False, lang=lang), size=size)
    try:
        table = Table.new([Seat("Ana", "orange"), Seat("Bot", "sky", "easy")], 5, shipped_map_path(2), [],
                          tmp_path / "game.json")
        d.app.switch(GameScene(d.app, table, viewer=0))
        d.pump(2)
        d.key(pygame.K_ESCAPE)
        menu = d.scene
        box = menu.box()
        rects = [b.rect for b in menu.buttons] + [menu.volume_bar] + [r for _, r in menu.rows]
        assert all(box.contains(r) for r in rects), "a setting outside the menu's box"
        controls = [b.rect for b in menu.buttons] + [menu.volume_bar]
        for i, a in enumerate(controls):
            assert a.collidelist(controls[i + 1:]) == -1, f"two controls overlap at {a}"
        for label in ("menu.music", "menu.volume"):
            assert any(text == strings.t(label) for text, _ in menu.rows)
        assert d.app.text.overflows == []
    finally:
        strings.set_language("en")
        d.close()


def test_rules_and_help_open_the_help_over_the_game(game) -> None:
    d, _, _ = game
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)                       # the second action: rules and help
    assert not isinstance(d.scene, GameScene) and d.card is not None and d.card.kind == "help"


def test_save_and_leave_goes_to_the_title_screen_with_the_game_kept(game) -> None:
    d, table, home = game
    d.click(d.scene.combo_rects[0].center)
    d.key(pygame.K_ESCAPE)
    for _ in range(2):
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)                       # save and leave
    assert isinstance(d.scene, StartScene)
    again = Match.load(home / "game.json")
    assert again.state == table.state and any(r.action == Pick(0).to_dict() for r in again.records)


def test_start_another_game_and_quit(game) -> None:
    d, _, home = game
    d.press_button("menu")
    d.press_button("new")
    assert isinstance(d.scene, StartScene) and (home / "game.json").exists()
    d.app.switch(GameScene(d.app, Table.resume(home / "game.json"), viewer=0))
    d.press_button("menu")
    d.press_button("quit")
    assert not d.app.running


def test_the_menu_dims_the_table_without_the_tip_of_the_menu_button(game) -> None:
    d, _, _ = game
    scene = d.scene
    d.move(scene.button("menu").rect.center)
    d.app.dirty()
    d.pump()
    with_tip = d.app.screen.copy()
    assert scene.hover_button == "menu"
    d.press_button("menu")
    menu = d.scene
    assert isinstance(menu, MenuScene) and scene.hover_button is None
    plain = pygame.Surface(with_tip.get_size())
    scene.draw(plain)                       # the table as it is, nothing hovered
    w, h = plain.get_size()
    tip = [(x, y) for x in range(0, w, 3) for y in range(0, h, 3) if with_tip.get_at((x, y)) != plain.get_at((x, y))]
    outside = [p for p in tip if not menu.box().collidepoint(p)]
    assert outside, "the tip was on screen beside the menu's box"
    dim = pygame.Surface((w, h), pygame.SRCALPHA)
    dim.fill((20, 14, 10, 170))
    plain.blit(dim, (0, 0))
    assert all(menu.shade.get_at(p) == plain.get_at(p) for p in outside)
