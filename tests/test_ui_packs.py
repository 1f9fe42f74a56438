"""The expansions chooser on the start screen: every shipped pack listed with its name, a line
about it and its races and powers; ticking one starts the new game with its races in the
stacks; the choice is remembered with the last table; the save records the packs (relative to
the repository) so Continue plays with them from any folder; --content with a pack's file ticks
it; the chooser fits in every language at the smallest window."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import json  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game.content.packs import PACKS_DIR, ROOT, pack_ids, resolve_content, shipped_packs  # noqa: E402
from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.packs import PacksScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402


def open_driver(tmp_path: Path, monkeypatch, size=(1280, 800), **opts) -> Driver:
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False, **opts), size=size)
    d.pump(3)
    return d


@pytest.fixture
def d(tmp_path, monkeypatch):
    drv = open_driver(tmp_path, monkeypatch)
    yield drv
    strings.set_language("en")
    drv.close()


def game_of(d: Driver) -> GameScene:
    scene = d.scene
    return scene.game if isinstance(scene, PassScene) else scene


def test_every_pack_file_is_listed_in_publishing_order_with_its_races_and_powers() -> None:
    packs = shipped_packs()
    assert sorted(p.id for p in packs) == sorted(f.stem for f in PACKS_DIR.glob("*.yaml"))
    assert [p.id for p in packs][:3] == ["cursed", "grand_dames", "be_not_afraid"]
    cursed = next(p for p in packs if p.id == "cursed")
    assert cursed.path == "assets/content/expansions/cursed.yaml"
    assert "Goblins" in cursed.races and "Marauding" in cursed.powers
    assert pack_ids([str(ROOT / cursed.path), "elsewhere/mine.yaml"], packs) == ["cursed"]


def test_a_pack_file_without_names_still_gets_a_row(tmp_path) -> None:
    (tmp_path / "house_rules.yaml").write_text("races: [oops\n", encoding="utf-8")
    (tmp_path / "my_pack.yaml").write_text("races:\n  bees: {tokens: 5}\n", encoding="utf-8")
    packs = shipped_packs(tmp_path)
    assert [(p.id, p.races) for p in packs] == [("house_rules", ()), ("my_pack", ("Bees",))]


@pytest.mark.slow
def test_ticking_a_pack_starts_the_game_with_it_remembers_it_and_continue_keeps_it(d, tmp_path,
                                                                                      monkeypatch) -> None:
    start = d.scene
    assert start.button("packs").label == f"Expansions: 0 of {len(start.packs)}"
    d.press_button("packs")
    chooser = d.scene
    assert isinstance(chooser, PacksScene)
    d.press_button("pack:cursed")
    d.press_button("pack:grand_dames")
    d.press_button("pack:grand_dames")                     # and off again
    assert chooser.result() == ["cursed"]
    d.press_button("done")
    assert d.scene is start and start.button("packs").label.startswith("Expansions: 1 of")
    d.press_button("start")
    table = game_of(d).table
    assert table.match.setup.content == ["assets/content/expansions/cursed.yaml"]
    assert "goblins" in table.state.catalog.races and "nomads" not in table.state.catalog.races
    saved = json.loads(table.save_path.read_text(encoding="utf-8"))
    assert saved["setup"]["content"] == ["assets/content/expansions/cursed.yaml"]
    from game.ui import settings
    assert settings.load()["table"]["packs"] == ["cursed"]

    monkeypatch.chdir(tmp_path)                            # Continue from another folder
    d.app.go_home()
    d.pump(3)
    again = d.scene
    assert isinstance(again, StartScene) and again.pack_choice == ["cursed"]
    info = again.shelf.games[0]
    assert again.describe(info)[1].endswith(" · with Cursed!")
    info.content = info.content + ["assets/content/expansions/underground.yaml"]
    assert again.describe(info)[1].endswith(" · 2 expansions")
    d.press_button("resume:0")
    resumed = game_of(d).table
    assert "goblins" in resumed.state.catalog.races
    assert resumed.state.catalog.races.keys() == table.state.catalog.races.keys()


def test_all_none_and_escape_in_the_chooser(d) -> None:
    start = d.scene
    d.press_button("packs")
    d.press_button("all")
    assert d.scene.result() == [p.id for p in start.packs]
    d.press_button("none")
    assert d.scene.result() == []
    row = d.scene.rows[1][1]
    d.click((row.right - 20, row.centery))                 # a click anywhere on a row ticks it
    assert d.scene.result() == [start.packs[1].id]
    import pygame
    d.key(pygame.K_ESCAPE)
    assert d.scene is start and start.pack_choice == [start.packs[1].id]


@pytest.mark.slow
def test_a_damaged_memory_of_the_packs_is_ignored(d) -> None:
    from game.ui import settings
    settings.save(table={"seats": [{"name": "A"}, {"name": "B"}], "packs": ["cursed", 7, "no_such_pack"]})
    d.app.go_home()
    d.pump(3)
    assert d.scene.pack_choice == ["cursed"]
    settings.save(table={"seats": [{"name": "A"}, {"name": "B"}], "packs": "cursed"})
    d.app.go_home()
    d.pump(3)
    assert d.scene.pack_choice == []


def test_content_given_on_the_command_line_ticks_its_pack_and_is_not_loaded_twice(tmp_path, monkeypatch) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("races:\n  bees:\n    name: Bees\n    tokens: 5\n    box: 10\n    effects: []\n",
                    encoding="utf-8")
    cursed = str(resolve_content("assets/content/expansions/cursed.yaml").resolve())
    d = open_driver(tmp_path, monkeypatch, content=[cursed, str(mine)])
    try:
        assert d.scene.pack_choice == ["cursed"]
        assert d.scene.content() == ["assets/content/expansions/cursed.yaml", str(mine)]
        d.press_button("start")
        cat = game_of(d).table.state.catalog
        assert "goblins" in cat.races and "bees" in cat.races
    finally:
        d.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1000, 650), (1280, 800)])
def test_the_chooser_and_its_button_fit_in_every_language(tmp_path, monkeypatch, size) -> None:
    d = open_driver(tmp_path, monkeypatch, size=size)
    try:
        for lang in strings.LANGUAGES:
            d.app.set_language(lang)
            d.app.go_home()
            d.pump(3)
            start = d.scene
            d.app.text.overflows.clear()
            d.press_button("packs")
            d.press_button("all")
            d.move(d.scene.rows[-1][1].center)             # the tooltip of a long pack
            d.screenshot(tmp_path / f"packs-{lang}.png")
            assert d.app.text.overflows == [], (lang, d.app.text.overflows)
            w, h = size
            assert all(0 <= b.rect.left and b.rect.right <= w and b.rect.bottom <= h for b in d.scene.buttons)
            from game.ui.scenes.packs import pack_about, pack_title
            for p in start.packs:                              # every shipped pack is named in the language
                assert strings.table(lang).get(f"packs.{p.id}") == pack_title(p) and pack_about(p), (lang, p.id)
            d.press_button("done")
            b = start.button("packs")
            assert b is not None and b.rect.left >= start.seed.rect.right
            assert "packs." not in b.label and str(len(start.packs)) in b.label
            d.screenshot(tmp_path / f"start-{lang}.png")
            assert d.app.text.overflows == [], (lang, d.app.text.overflows)
    finally:
        strings.set_language("en")
        d.close()


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_packs_races_and_powers_are_on_screen_at_the_smallest_window(tmp_path, monkeypatch, lang) -> None:
    """Every name of every pack is drawn whole in the chooser at 1000x650 (the longest list,
    Underground's fifteen powers, wraps onto more lines), the rows inside the card, one under
    the other and above its buttons."""
    from game.ui.scenes.packs import pack_contents
    d = open_driver(tmp_path, monkeypatch, size=(1000, 650), lang=lang)
    try:
        d.press_button("packs")
        scene = d.scene
        drawn: list[str] = []
        real = d.app.text.render
        monkeypatch.setattr(d.app.text, "render", lambda s, *a, **k: drawn.append(s) or real(s, *a, **k))
        d.app.dirty()
        d.pump()
        shown = " ".join(drawn)
        for pack, _ in scene.rows:
            for part in pack_contents(pack):
                names = part.split(": ", 1)[-1]
                for name in names.split(", "):
                    assert name in shown, (lang, pack.id, name)
        rects = [r for _, r in scene.rows]
        assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:], strict=False))
        top_of_buttons = min(b.rect.top for b in scene.buttons if not b.id.startswith("pack:"))
        assert rects[-1].bottom <= top_of_buttons
    finally:
        strings.set_language("en")
        d.close()
