"""The map preview speaks the language the game was last set to: its summary, its reading line,
its keys and its count of problems are in the four languages, fitted to the window, and the
checker's problems are said in the language too where they have words there."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import io  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game.ui import strings  # noqa: E402
from game.ui.app import App, Options  # noqa: E402
from game.ui.scenes.preview import PreviewScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "maps" / "two_players.tmx"


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_the_preview_is_in_the_game_language(home, lang, monkeypatch) -> None:
    app = App(Options(lang=lang), size=(1000, 650))
    said: list[str] = []
    real = app.text.render

    def render(text, *args, **kw):
        said.append(text)
        return real(text, *args, **kw)
    monkeypatch.setattr(app.text, "render", render)
    try:
        scene = PreviewScene(app, MAP, io.StringIO())
        app.switch(scene)
        for _ in range(3):
            app.tick(block=False)
        app.dirty()
        app.tick(block=False)
        assert said, "nothing was drawn"
        shown = "\n".join(said)
        for key in ("preview.keys", "preview.fresh", "preview.no_problems"):
            assert strings.t(key, time=scene.loaded_at) in said, (lang, key)
        if lang != "en":
            assert "A: adjacency lines" not in shown and "regions, " not in shown
        assert not app.text.overflows, app.text.overflows
    finally:
        app.audio.close()
        import pygame
        pygame.display.quit()


def test_a_problem_and_its_count_are_said_in_the_language(home, tmp_path, monkeypatch) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text(MAP.read_text(encoding="utf-8").replace(
        'propertytype="terrain" value="swamp"', 'propertytype="terrain" value="jungle"', 1), encoding="utf-8")
    app = App(Options(lang="fr"), size=(1280, 800))
    said: list[str] = []
    real = app.text.render
    monkeypatch.setattr(app.text, "render", lambda text, *a, **k: (said.append(text), real(text, *a, **k))[1])
    try:
        app.switch(PreviewScene(app, bad, io.StringIO()))
        for _ in range(3):
            app.tick(block=False)
        assert "1 erreur, 1 avertissement" in said          # and its picture is not beside it
        panel = " ".join(said)                              # the panel wraps the sentence
        assert "terrain inconnu 'jungle'" in panel
        assert not any(str(bad) in s and "jungle" in s for s in said)
    finally:
        app.audio.close()
        import pygame
        pygame.display.quit()
