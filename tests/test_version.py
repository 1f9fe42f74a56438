"""The version moves with the game and shows where people look: `game.__version__` is the top
entry of CHANGELOG.md and the package's version, a change to the game after its release tag
without a new number is caught (`tools.version_check`, tried on a small git repository of its
own), and the number shows in `smallworld --version`, the self-test's first line and the corner
of the start screen (a bumped number is drawn there, in every language)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

import game  # noqa: E402
from game import cli  # noqa: E402
from tools import version_check  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def test_the_changelogs_top_entry_is_the_version_and_the_package_reads_it() -> None:
    assert version_check.problems(ROOT) == []
    top = version_check.changelog_versions((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))[0]
    assert top == game.__version__ == version_check.version_of(ROOT)
    assert re.search(r'^version = \{ attr = "game.__version__" \}', (ROOT / "pyproject.toml").read_text(), re.M)
    assert "CHANGELOG.md" in (ROOT / "MANIFEST.in").read_text()             # the sdist carries it


def _tree(at: Path, version: str, entries: list[str]) -> Path:
    (at / "game").mkdir(parents=True)
    (at / "game" / "__init__.py").write_text(f'__version__ = "{version}"\n', encoding="utf-8")
    (at / "game" / "rules.py").write_text("RULES = 1\n", encoding="utf-8")
    (at / "CHANGELOG.md").write_text("# What changed\n\n" + "".join(f"## {v} — date\n\n- things\n\n" for v in entries),
                                     encoding="utf-8")
    return at


def _git(at: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(at), "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True,
                   capture_output=True)


def test_a_changelog_that_does_not_start_with_the_version_is_refused(tmp_path: Path) -> None:
    assert version_check.problems(_tree(tmp_path / "a", "1.2.0", ["1.2.0", "1.1.0"])) == []
    [problem] = version_check.problems(_tree(tmp_path / "b", "1.2.0", ["1.1.0"]))
    assert "top entry is 1.1.0, not game.__version__ 1.2.0" in problem
    [problem] = version_check.problems(_tree(tmp_path / "c", "1.2.0", ["1.2.0", "1.3.0"]))
    assert "1.2.0 stands above 1.3.0" in problem


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_change_to_the_game_after_its_release_needs_a_new_number(tmp_path: Path) -> None:
    repo = _tree(tmp_path, "1.1.0", ["1.1.0"])
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "1.1.0")
    _git(repo, "tag", "v1.1.0")
    assert version_check.problems(repo) == []
    (repo / "game" / "rules.py").write_text("RULES = 2\n", encoding="utf-8")       # changed, same number
    _git(repo, "commit", "-qam", "a fix")
    [problem] = version_check.problems(repo)
    assert "the game changed since v1.1.0 was released (game/rules.py" in problem
    assert "give game.__version__ the next number" in problem
    (repo / "game" / "__init__.py").write_text('__version__ = "1.1.1"\n', encoding="utf-8")
    (repo / "CHANGELOG.md").write_text("## 1.1.1 — date\n\n- a fix\n\n## 1.1.0 — date\n", encoding="utf-8")
    assert version_check.problems(repo) == []                                    # bumped: all agree
    _git(repo, "tag", "v1.2.0")
    assert any("v1.2.0 is newer than game.__version__ 1.1.1" in p for p in version_check.problems(repo))


def test_smallworld_version_says_the_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.parse(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"smallworld {game.__version__}"


def test_the_self_test_says_the_number_first(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import selftest
    lines: list[str] = []

    def stop(say, home):                      # the first line is all this test reads
        raise RuntimeError("stopped here")

    monkeypatch.setattr(selftest, "_window", stop)
    assert selftest.run(lines.append) == 1
    assert lines[0].startswith(f"self-test: Small World {game.__version__}, the game's files in ")


@pytest.mark.parametrize("lang", ["en", "ro", "nl", "fr"])
def test_a_new_version_shows_in_the_corner_of_the_start_screen(d, monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path, lang: str) -> None:
    from game.ui import strings
    from game.ui.scenes.start import StartScene
    strings.set_language(lang)
    start = d.scene
    assert isinstance(start, StartScene)
    start.build()                                   # the buttons in that language too
    drawn: list[str] = []
    real = d.app.text.render

    def spy(text: str, *args, **kw):
        drawn.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(d.app.text, "render", spy)
    monkeypatch.setattr(game, "__version__", "9.8.7")
    d.app.dirty()
    d.pump(2)
    line = next((x for x in drawn if "9.8.7" in x), None)
    assert line is not None and line == strings.t("start.version", version="9.8.7")
    shot = tmp_path / f"start-{lang}.png"
    pygame.image.save(d.app.screen, str(shot))
    w, _ = d.app.screen.get_size()
    corner = d.app.screen.subsurface(pygame.Rect(w - 160, 0, 160, 30)).copy()
    monkeypatch.setattr(game, "__version__", "1.0.0")
    d.app.dirty()
    d.pump(2)
    again = d.app.screen.subsurface(pygame.Rect(w - 160, 0, 160, 30))
    assert pygame.image.tobytes(corner, "RGB") != pygame.image.tobytes(again, "RGB")    # the corner shows it
    assert all(not b.rect.colliderect(pygame.Rect(w - 160, 0, 160, 30)) for b in start.buttons)
    assert d.app.text.overflows == []
    if os.environ.get("SMALLWORLD_KEEP_SHOTS"):
        shutil.copy(shot, Path(os.environ["SMALLWORLD_KEEP_SHOTS"]) / shot.name)
