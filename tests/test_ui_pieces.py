"""The pieces as illustrations: every race of the base game and the packs has an SVG for its
Active side and its In Decline side, every power its banner and every marker its plate in
`assets/pieces`, as the generator writes them; the board draws each from its SVG at the size it
asks, so a big piece is sharp, not a small one blown up; a missing or broken SVG falls back to
the PNG (a broken one said in one line); and a content file may name an SVG picture of its own
for a custom race or power, checked when the file is read."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from xml.etree import ElementTree  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.catalog import CONTENT_DIR, ContentError, load_catalog  # noqa: E402
from game.ui import art, emblems, svg_art  # noqa: E402

PACKS = sorted((CONTENT_DIR / "expansions").glob("*.yaml"))


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.display.init()
    pygame.font.init()
    yield


def _edges(img: pygame.Surface) -> float:
    """How much the picture changes from one pixel to the next: its sharpness."""
    w, h = img.get_size()
    total = 0
    for y in range(h):
        for x in range(w - 1):
            a, b = img.get_at((x, y)), img.get_at((x + 1, y))
            total += sum(abs(p - q) for p, q in zip(a, b, strict=True))
    return total / (w * h)


def test_every_piece_has_its_svg_as_the_generator_writes_it() -> None:
    cat = load_catalog(PACKS)
    files = art.svg_files()
    wanted = {f"tokens/{r}.svg" for r in [*cat.races, "lost_tribe"]}
    wanted |= {f"tokens/{r}_decline.svg" for r in cat.races}
    wanted |= {f"powers/{p}.svg" for p in cat.powers} | {f"markers/{m}.svg" for m in art.MARKERS}
    assert wanted <= set(files), sorted(wanted - set(files))
    missing = [n for n in files if not (art.PIECES_DIR / n).is_file()]
    assert not missing, f"run python -m game.ui.art to write them: {missing[:5]}"
    on_disk = {n: (art.PIECES_DIR / n).read_text(encoding="utf-8") for n in files}
    stale = [n for n, text in files.items() if svg_art.MARK in on_disk[n] and on_disk[n] != text]
    assert not stale, f"run python -m game.ui.art to write these again: {stale[:5]}"
    for name, text in on_disk.items():              # plain SVG, as an editor reads it
        root = ElementTree.fromstring(text)
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox") == "0 0 256 256", name
    for name in ("tokens/elves.svg", "tokens/elves_decline.svg", "powers/flying.svg", "markers/lair.svg"):
        text = on_disk[name]
        assert "Gradient" in text and "<path" in text and "filter" not in text      # shaded, no filters
        assert text.count("<") > 40, f"{name} is not an illustration of many shapes"


def test_the_command_writes_the_pieces_but_never_over_one_finished_by_hand(tmp_path: Path) -> None:
    written = art.write_svgs(tmp_path)
    assert len(written) == len(art.svg_files())
    elves = tmp_path / "tokens" / "elves.svg"
    orcs = tmp_path / "tokens" / "orcs.svg"
    by_hand = elves.read_text(encoding="utf-8").replace(svg_art.MARK + "\n", "")
    elves.write_text(by_hand + "<!-- a leaf redrawn -->\n", encoding="utf-8")
    orcs.write_text(orcs.read_text(encoding="utf-8") + "<!-- stale -->\n", encoding="utf-8")
    art.write_svgs(tmp_path)
    assert elves.read_text(encoding="utf-8").endswith("<!-- a leaf redrawn -->\n")      # kept
    assert orcs.read_text(encoding="utf-8") == art.svg_files()["tokens/orcs.svg"]      # written again


def test_the_board_draws_each_piece_from_its_svg_sharp_at_the_size_asked() -> None:
    sp = art.Sprites()
    for name, big, small in (("elves", sp.token("elves", False, 128), sp.token("elves", False, 32)),
                             ("elves decline", sp.token("elves", True, 128), sp.token("elves", True, 32)),
                             ("flying", sp.power("flying", 128), sp.power("flying", 32)),
                             ("lair", sp.marker("lair", 128), sp.marker("lair", 32))):
        assert big.get_size() == (128, 128) and small.get_size() == (32, 32)
        blown = pygame.transform.smoothscale(small, (128, 128))
        assert _edges(big) > 1.25 * _edges(blown), f"{name} at 128 pixels is only the small one blown up"
    png = art.Sprites(pieces_dir=Path("/nonexistent"))           # the PNG of 64 pixels, scaled down
    assert png.token("elves", False, 40).get_size() == (40, 40)
    assert sp.token("elves", False, 40) is sp.token("elves", False, 40)       # each size drawn once


def test_a_missing_or_broken_svg_falls_back_to_the_png(tmp_path: Path, capsys) -> None:
    (tmp_path / "tokens").mkdir()
    (tmp_path / "tokens" / "orcs.svg").write_text("<svg oops", encoding="utf-8")
    sp = art.Sprites(pieces_dir=tmp_path)
    png = pygame.image.load(str(art.ART_DIR / "tokens" / "orcs.png"))
    got = sp.token("orcs", False, 64)
    assert got.get_size() == (64, 64) and got.get_at((32, 32)) == png.get_at((32, 32))
    sp.token("orcs", False, 50)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "orcs.svg" in err[0] and "python -m game.ui.art" in err[0], err
    assert sp.token("elves", True, 48).get_size() == (48, 48)       # not there at all: the PNG


def test_the_decline_side_differs_in_outline_not_only_in_colour() -> None:
    """Seen in grey, with the emblem left out: the turned-over side's scalloped edge is its own."""
    for race in ("elves", "sorcerers", "mummies"):
        active = pygame.mask.from_surface(art.race_token(race, False, 64), 200)
        decline = pygame.mask.from_surface(art.race_token(race, True, 64), 200)
        both = active.overlap_area(decline, (0, 0))
        assert active.count() - both > 60, f"{race}: the two sides have the same outline"


def test_each_races_two_sides_stay_apart_as_a_deuteranope_sees_them() -> None:
    from game.ui.colour_vision import simulate

    def seen(img: pygame.Surface) -> list[float]:
        out = []
        for y in range(img.get_height()):
            for x in range(img.get_width()):
                r, g, b, a = img.get_at((x, y))
                r, g, b = simulate((r, g, b), "deuteranopia")
                out.append((0.3 * r + 0.59 * g + 0.11 * b) * a / 255)
        return out
    for race in emblems.RACE_COLOURS:
        if race == "lost_tribe":
            continue
        a, b = seen(art.race_token(race, False, 32)), seen(art.race_token(race, True, 32))
        apart = sum(abs(p - q) for p, q in zip(a, b, strict=True)) / len(a)
        assert apart >= 12, f"{race}'s two sides are only {apart:.1f} apart to a deuteranope"


def _svg(path: Path, body: str = '<circle cx="50" cy="50" r="30" fill="#e02828"/>',
         box: str = 'viewBox="0 0 100 100"') -> Path:
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {box}>{body}</svg>', encoding="utf-8")
    return path


def _content(tmp: Path, art_line: str, kind: str = "races") -> Path:
    f = tmp / "mine.yaml"
    entry = "gnomes:\n    name: Gnomes\n    tokens: 5\n" if kind == "races" else "sappers:\n    tokens: 4\n"
    f.write_text(f"{kind}:\n  {entry}    {art_line}\n    effects: [{{cost_change: {{amount: -1}}}}]\n",
                 encoding="utf-8")
    return f


def test_a_custom_race_or_power_may_name_an_svg_picture(tmp_path: Path) -> None:
    _svg(tmp_path / "gnome.svg")
    cat = load_catalog([_content(tmp_path, "art: gnome.svg")])
    assert cat.races["gnomes"].art == str((tmp_path / "gnome.svg").resolve())
    sp = art.Sprites()
    sp.learn(cat)
    own = sp.token("gnomes", False, 128)
    r, g, b, _ = own.get_at((64, 64))
    assert r > 180 and g < 80 and b < 80                    # the red disc of the file, in the middle
    r, g, b, _ = sp.token("gnomes", True, 128).get_at((64, 64))
    assert r >= g >= b and r - b < 90                       # in sepia on the turned-over side
    small = sp.token("gnomes", False, 32)
    assert _edges(own) > 1.4 * _edges(pygame.transform.smoothscale(small, (128, 128)))
    _svg(tmp_path / "sapper.svg", '<path d="M 10 90 L 50 10 L 90 90 Z" fill="#2040c0"/>')
    cat = load_catalog([_content(tmp_path, "art: sapper.svg", "powers")])
    sp.learn(cat)
    r, g, b, _ = sp.power("sappers", 64).get_at((32, 34))
    assert b > 150 and r < 90


@pytest.mark.parametrize("text, words", [
    ("<svg oops", ["'gnome.svg' is not an SVG picture the game can read", "line 1"]),
    ('<html xmlns="x"></html>', ["is not an SVG picture", "not <svg>"]),
    ('<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>', ["gives no viewBox"]),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 32"/>', ["is 40x32 pixels"]),
])
def test_a_broken_svg_picture_is_refused_in_one_line(tmp_path: Path, text: str, words: list[str]) -> None:
    (tmp_path / "gnome.svg").write_text(text, encoding="utf-8")
    f = _content(tmp_path, "art: gnome.svg")
    with pytest.raises(ContentError) as err:
        load_catalog([f])
    lines = str(err.value).splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{f}:5:") and "'gnomes'" in lines[0], lines
    for w in [*words, "square SVG picture beside the file"]:
        assert w in lines[0], lines[0]


def test_an_svg_picture_broken_after_it_was_read_is_said_once_and_the_token_still_drawn(
        tmp_path: Path, capsys) -> None:
    pic = _svg(tmp_path / "gnome.svg")
    cat = load_catalog([_content(tmp_path, "art: gnome.svg")])
    pic.write_text("broken since", encoding="utf-8")
    sp = art.Sprites()
    sp.learn(cat)
    assert sp.token("gnomes", False, 48).get_size() == (48, 48)
    assert sp.token("gnomes", True, 48).get_size() == (48, 48)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "gnome.svg" in err[0] and "give an SVG picture there" in err[0], err
    assert emblems.race_colour("gnomes")
