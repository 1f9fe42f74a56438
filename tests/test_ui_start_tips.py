"""The start screen shows a button's tip when the pointer rests on it, in the player's language,
and the tip keeps off the other buttons: on the side of the pointer that covers the least of
them, so Start is never hidden."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes import start as start_scene  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("lang,size", [("en", (1280, 800)), ("fr", (1000, 650)), ("ro", (1000, 650))])
def test_a_button_tip_shows_and_keeps_off_the_start_button(tmp_path, monkeypatch, lang, size) -> None:
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    shown: list = []
    real = start_scene.tooltip

    def spy(surf, text, lines, at, ui, *a, **k):
        box = real(surf, text, lines, at, ui, *a, **k)
        shown.append((lines[0][0], box))
        return box
    monkeypatch.setattr(start_scene, "tooltip", spy)
    d = Driver(Options(pace=0, catch_errors=False, lang=lang), size=size)
    try:
        d.pump(3)
        scene = d.scene
        for bid in ("packs", "kind:0", "hints"):
            b = scene.button(bid)
            assert b is not None and b.tip, bid
            shown.clear()
            d.move(b.rect.center)
            d.pump(2)
            assert shown and shown[-1][0] == b.tip, bid
            box = shown[-1][1]
            start = scene.button("start").rect
            over = box.clip(start)
            assert over.w * over.h < 0.1 * start.w * start.h, (bid, box)    # at most a corner of it
        d.move((2, 2))                                    # off every button: no tip
        shown.clear()
        scene.app.dirty()
        d.pump(2)
        assert not shown
    finally:
        strings.set_language("en")
        d.close()


@pytest.mark.parametrize("lang", strings.LANGUAGES)
@pytest.mark.parametrize("size", [(1000, 650), (1280, 800)])
def test_a_seats_tip_says_what_every_computer_level_does(tmp_path, monkeypatch, lang, size) -> None:
    """Whatever the seat shows (a person or a level), its tip names every level with how it
    plays, and for the levels that look ahead (Hard, Expert) how far and how long they think at
    least and what a slow machine does to them (later, not weaker, up to their cap); the tip
    fits in the window."""
    from game.bots import REGISTRY
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False, lang=lang), size=size)
    try:
        d.pump(3)
        scene = d.scene
        for kind in ("person", "easy", "expert"):
            scene.kinds[0] = kind
            scene.build()
            tip = scene.button("kind:0").tip
            for name, level in REGISTRY.items():
                assert strings.t(level.about) in tip, (kind, name)
            for name, level in REGISTRY.items():
                if level.searches:
                    seconds = scene.app.expert_seconds if name == "expert" else level.budget
                    number = f"{seconds:g}" if lang == "en" else f"{seconds:g}".replace(".", ",")
                    cap = f"{level.cap_for(seconds):g}"
                    cap = cap if lang == "en" else cap.replace(".", ",")
                    said = strings.t("start.kind_time", seconds=number, games=level.floor, cap=cap)
                    assert said in tip and f" {level.floor} " in said, (kind, name)
        d.app.text.overflows.clear()
        d.move(scene.button("kind:0").rect.center)
        d.pump(2)
        assert d.app.text.overflows == []
        d.screenshot(f"/tmp/small-seat-tip-{lang}-{size[0]}.png")
    finally:
        strings.set_language("en")
        d.close()


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_the_start_screen_names_the_custom_content_given_on_the_command_line(tmp_path, monkeypatch, lang) -> None:
    """--content files show on the start screen: their names and how many races and powers they
    bring, in the player's language, within the new game's card at the smallest window."""
    from pathlib import Path
    docs = Path(__file__).resolve().parents[1] / "docs" / "examples"
    files = [str(docs / "custom_races.yaml"), str(docs / "invented.yaml")]
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    d = Driver(Options(pace=0, catch_errors=False, lang=lang, content=files), size=(1000, 650))
    try:
        drawn: list[str] = []
        real = d.app.text.render
        monkeypatch.setattr(d.app.text, "render", lambda s, *a, **k: drawn.append(s) or real(s, *a, **k))
        d.pump(3)
        d.app.text.overflows.clear()
        d.app.dirty()
        d.pump()
        line = " ".join(drawn)
        assert "custom_races.yaml, invented.yaml" in line, drawn
        import yaml
        races = sum(len(yaml.safe_load(Path(f).read_text(encoding="utf-8")).get("races") or {}) for f in files)
        powers = sum(len(yaml.safe_load(Path(f).read_text(encoding="utf-8")).get("powers") or {}) for f in files)
        assert races >= 38 and powers >= 43                                  # the files as they are
        assert strings.tn("start.content_races", races, count=races) in line
        assert strings.tn("start.content_powers", powers, count=powers) in line
        assert d.app.text.overflows == []
        d.screenshot(f"/tmp/small-content-{lang}.png")
    finally:
        strings.set_language("en")
        d.close()
