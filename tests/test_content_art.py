"""A content file may name its own picture for a race or a power (`art:`): the loader checks it
is there, is a PNG and is square within 32..1024 pixels, and refuses it otherwise with one line
naming the file, the entry and the fix; a good one reaches the token, whose In Decline side
shows it in sepia."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.catalog import ContentError, load_catalog, png_size  # noqa: E402
from game.ui import art  # noqa: E402


def _png(path: Path, w: int, h: int) -> Path:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    pygame.draw.circle(surf, (230, 40, 40), (w // 2, h // 2), min(w, h) // 3)
    pygame.image.save(surf, str(path))
    return path


def _content(tmp: Path, art_line: str, kind: str = "races") -> Path:
    f = tmp / "mine.yaml"
    entry = "gnomes:\n    name: Gnomes\n    tokens: 5\n" if kind == "races" else "sappers:\n    tokens: 4\n"
    f.write_text(f"{kind}:\n  {entry}    {art_line}\n    effects: [{{cost_change: {{amount: -1}}}}]\n",
                 encoding="utf-8")
    return f


@pytest.mark.parametrize("make, art_line, words", [
    (None, "art: gnome.png", ["'gnome.png' is not there"]),
    ("text", "art: gnome.png", ["is not a PNG picture"]),
    ((40, 32), "art: gnome.png", ["is 40x32 pixels", "square PNG of 32 to 1024"]),
    ((16, 16), "art: gnome.png", ["is 16x16 pixels"]),
    (None, "art: 7", ["'art' must be text"]),
])
def test_a_bad_picture_is_refused_in_one_line(tmp_path: Path, make, art_line: str, words: list[str]) -> None:
    if make == "text":
        (tmp_path / "gnome.png").write_text("not a picture", encoding="utf-8")
    elif make is not None:
        _png(tmp_path / "gnome.png", *make)
    f = _content(tmp_path, art_line)
    with pytest.raises(ContentError) as err:
        load_catalog([f])
    lines = str(err.value).splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{f}:5:") and "'gnomes'" in lines[0], lines
    for w in words:
        assert w in lines[0], lines[0]


def test_a_good_picture_reaches_the_token_and_its_decline_side(tmp_path: Path) -> None:
    pygame.display.init()
    _png(tmp_path / "gnome.png", 64, 64)
    cat = load_catalog([_content(tmp_path, "art: gnome.png")])
    assert cat.races["gnomes"].art == str((tmp_path / "gnome.png").resolve())
    assert png_size(tmp_path / "gnome.png") == (64, 64)
    sprites = art.Sprites()
    sprites.learn(cat)
    own = sprites.token("gnomes", False, 64)
    drawn = art.race_token("gnomes", False, 64, art.Custom(("cost_change",)))
    r, g, b, _ = own.get_at((32, 32))
    assert r > 150 and g < 100 and b < 100                  # the red disc of the file, in the middle
    assert own.get_at((32, 32)) != drawn.get_at((32, 32))
    r, g, b, _ = sprites.token("gnomes", True, 64).get_at((32, 32))
    assert r >= g >= b and r - b < 90                      # in sepia on the turned-over side


def test_a_power_may_name_its_picture_too(tmp_path: Path) -> None:
    _png(tmp_path / "sapper.png", 128, 128)
    cat = load_catalog([_content(tmp_path, "art: sapper.png", "powers")])
    assert cat.powers["sappers"].art.endswith("sapper.png")
    sprites = art.Sprites()
    sprites.learn(cat)
    assert sprites.power("sappers", 48).get_size() == (48, 48)
