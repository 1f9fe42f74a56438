"""Setting up quickly, and the board's legend: a name field selects its text on a click (typing
replaces it) and takes Ctrl+A, Ctrl+C, Ctrl+V, Home/End and the arrows; the last table (names,
seats, colours, computer levels) is remembered, so the same family starts again with one click
on Start; the language buttons stay in place in every language; the help lists every symbol of
the board with its picture."""
from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.ui import legend, strings  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.help import help_columns  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.widgets import TextField  # noqa: E402


def key(d: Driver, k: int, mod: int = 0) -> None:
    d.key(k, mod)


def test_a_name_field_selects_on_click_and_edits_like_any_text_field(d) -> None:
    field = d.scene.names[0]
    d.click(field.rect.center)
    assert d.scene.focus is field and field.selection() == (0, len(field.value))
    d.type_text("Zoe")
    assert field.value == "Zoe"                            # the click selected the old name: replaced
    key(d, pygame.K_HOME)
    d.type_text("A")
    assert field.value == "AZoe"
    key(d, pygame.K_END)
    key(d, pygame.K_LEFT, pygame.KMOD_SHIFT)
    key(d, pygame.K_BACKSPACE)
    assert field.value == "AZo"
    key(d, pygame.K_HOME)
    key(d, pygame.K_DELETE)
    assert field.value == "Zo"
    pygame.scrap.put_text("  Ion   Popescu ")
    key(d, pygame.K_a, pygame.KMOD_CTRL)
    key(d, pygame.K_v, pygame.KMOD_CTRL)
    assert field.value == "Ion Popescu"                     # pasted over the selection, spaces tidied
    key(d, pygame.K_a, pygame.KMOD_CTRL)
    key(d, pygame.K_c, pygame.KMOD_CTRL)
    assert pygame.scrap.get_text() == "Ion Popescu"
    key(d, pygame.K_TAB)                                    # the next field, selected whole
    nxt = d.scene.focus
    assert nxt is d.scene.names[1] and nxt.selection() == (0, len(nxt.value))


def test_after_typing_a_name_the_next_click_acts(d, monkeypatch) -> None:
    """The system's text input (and its input method, which may hold a key being composed) runs
    only while a field has the focus: a click anywhere else ends it and acts at once, and a
    click in the field being typed in puts the caret there instead of selecting the name again."""
    calls: list[str] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    d.app.go_home()
    d.pump(3)
    scene = d.scene
    assert calls[-1:] != ["start"]                        # no field has the focus: no text input
    field = scene.names[0]
    d.click(field.rect.center)
    assert calls[-1] == "start" and scene.focus is field
    d.type_text("Ana")
    d.click(scene.button("players:3").rect.center)        # the first click after typing acts
    assert scene.players == 3 and scene.focus is None and calls[-1] == "stop"
    d.click(field.rect.center)
    d.type_text("Zoe")
    from game.ui.layout import ui_scale
    x = field.rect.x + round(7 * ui_scale(*d.app.size())) + 1
    d.click((x, field.rect.centery))                      # in the field, before the first letter
    assert scene.focus is field and field.selection() == (0, 0)
    d.type_text("A")
    assert field.value == "AZoe"
    d.click((scene.seed.rect.right + 4, scene.seed.rect.bottom + 30))      # the card itself, no button
    assert scene.focus is None and calls[-1] == "stop"


def test_the_game_number_field_takes_digits_only() -> None:
    f = TextField("seed", "", max_len=9, digits_only=True)
    f.type("12a3")
    f.select_all()
    f.type("7")
    assert f.value == "7"


@pytest.mark.slow
def test_the_last_table_is_remembered_and_starts_again_in_one_click(d) -> None:
    start = d.scene
    d.press_button("players:3")
    for i, name in enumerate(("Ana", "Bogdan", "Cleo")):
        start.names[i].value = name
    d.press_button("colour:1")
    d.press_button("kind:2")                                # Cleo: a computer player
    colours, kinds = list(start.colours[:3]), list(start.kinds[:3])
    assert kinds[2] != "person"
    d.press_button("start")
    assert isinstance(d.scene, (GameScene, PassScene))
    d.app.go_home()
    again = d.scene
    assert isinstance(again, StartScene) and again is not start
    assert again.players == 3 and [f.value for f in again.names[:3]] == ["Ana", "Bogdan", "Cleo"]
    assert again.colours[:3] == colours and again.kinds[:3] == kinds
    d.press_button("start")                                 # one click: the same table again
    scene = d.scene
    game = scene.game if isinstance(scene, PassScene) else scene
    seats = game.table.seats
    assert [(s.name, s.colour, s.bot) for s in seats] == [
        ("Ana", colours[0], None), ("Bogdan", colours[1], None), ("Cleo", colours[2], kinds[2])]


def test_a_damaged_memory_of_the_table_is_ignored(d, tmp_path) -> None:
    from game.ui import settings
    settings.save(table={"seats": [{"name": 7, "colour": "plaid", "bot": "genius"}, "x"]})
    d.app.go_home()
    assert d.scene.players == 2 and d.scene.kinds[:2] == ["person", "person"]


def test_the_language_buttons_stay_where_they_are(d) -> None:
    where = None
    for code in strings.LANGUAGES:
        d.press_button(f"lang:{code}")
        rects = [tuple(d.scene.button(f"lang:{c}").rect.topleft) for c in strings.LANGUAGES]
        assert where is None or rects == where, code
        where = rects
    assert d.scene.button("lang:en").toggled is False and d.scene.button("lang:fr").toggled


def test_the_help_shows_every_symbol_of_the_board_with_its_picture(d) -> None:
    import random

    from game.content.catalog import default_catalog
    from game.content.tmx import SHIPPED_MAPS, load_map
    from game.rules import new_game
    s = new_game(load_map(SHIPPED_MAPS[2]).board, ["A", "B"], default_catalog(), random.Random(1))
    for lang in strings.LANGUAGES:
        strings.set_language(lang)
        left, _ = help_columns(s)
        icons = [w[len("icon:"):] for _, _, _, w in left if w.startswith("icon:")]
        assert icons == [pic for pic, _, _ in legend.ENTRIES]
        texts = [line for line, _, _, w in left if w.startswith("icon:")]
        assert len(set(texts)) == len(texts) and all("{" not in x and "legend." not in x for x in texts)
    for pic, _, _ in legend.ENTRIES:
        if pic.startswith(("terrain_", "feature_")):
            assert (legend.LEGEND_DIR / f"{pic}.png").is_file(), pic
        assert legend.picture(pic, 30).get_size() == (30, 30)
