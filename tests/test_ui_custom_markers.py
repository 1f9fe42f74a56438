"""A designer's markers are shown like the published ones: a picture (drawn from the marker's
name, or the PNG the content file names under `pictures:`), an entry in the help's legend with
what its block makes it do, and a line in the region's tooltip."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.catalog import ContentError, load_catalog  # noqa: E402
from game.ui import art, strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.help import help_columns  # noqa: E402
from game.ui.panels import region_tip  # noqa: E402
from tests.ui_games import game_with  # noqa: E402

CONTENT = """races:
  frostkin:
    name: Frostkin
    tokens: 5
    box: 12
    text: A Frost marker per Hill you hold.
    effects:
      - {markers_per_region: {marker: frost, where: {terrains: [hill]}, defence: 1, score_other: 0}}
    pictures: {frost: pictures/frost.png}
  embers:
    name: Embers
    tokens: 5
    effects:
      - {markers_per_region: {marker: ember, defence: 2, score_other: -1}}
"""


def _write(folder: Path) -> Path:
    (folder / "pictures").mkdir()
    pic = pygame.Surface((64, 64), pygame.SRCALPHA)
    pic.fill((0, 0, 0, 0))
    pygame.draw.circle(pic, (30, 200, 240), (32, 32), 30)
    pygame.image.save(pic, str(folder / "pictures" / "frost.png"))
    path = folder / "markers.yaml"
    path.write_text(CONTENT, encoding="utf-8")
    return path


def test_a_marker_picture_must_be_a_png_that_is_there(tmp_path: Path) -> None:
    path = _write(tmp_path)
    assert load_catalog([path]).marker_pictures == {"frost": str((tmp_path / "pictures" / "frost.png").resolve())}
    path.write_text(CONTENT.replace("pictures/frost.png", "pictures/snow.png"), encoding="utf-8")
    with pytest.raises(ContentError, match=r"markers.yaml:9: race 'frostkin': the picture 'pictures/snow.png' "
                                           r"of marker 'frost' is not there"):
        load_catalog([path])
    (tmp_path / "pictures" / "text.png").write_text("not a picture", encoding="utf-8")
    path.write_text(CONTENT.replace("pictures/frost.png", "pictures/text.png"), encoding="utf-8")
    with pytest.raises(ContentError, match="is not a PNG"):
        load_catalog([path])


def test_a_marker_without_a_picture_gets_one_of_its_own() -> None:
    pygame.font.init()
    a, b = art.custom_marker("ember", 48), art.custom_marker("frost", 48)
    colours = lambda s: {s.get_at((x, y))[:3] for x in range(0, 48, 3) for y in range(0, 48, 3)  # noqa: E731
                         if s.get_at((x, y))[3] > 200}
    assert a.get_at((24, 12))[:3] != b.get_at((24, 12))[:3]            # each its own colour
    assert len(colours(a)) >= 3                                         # a rim, a fill and a letter


def test_custom_markers_have_a_picture_a_legend_entry_and_a_tooltip_line(home: Path, tmp_path: Path) -> None:
    path = _write(tmp_path)
    d = Driver(Options(pace=0, catch_errors=False, seed=3, content=[str(path)]))
    try:
        game = game_with(d, home, "frostkin", "swamp", [str(path)])
        assert art.CUSTOM_MARKERS == {"frost": str((tmp_path / "pictures" / "frost.png").resolve())}
        s = game.table.match.state.copy()
        rid, other = [r.id for r in s.board.regions if not r.is_water][:2]
        s.reg_w(rid).marks = {"frost": 1}
        s.reg_w(other).marks = {"ember": 2}
        game.table.match.states[-1] = s
        game.version += 1
        d.pump(2)
        left, _ = help_columns(game.state)
        legend = {line[0] for line in left}
        assert "Frost — 1 more token to conquer the region; a marker of Frostkin" in legend
        assert "Ember — 2 more tokens to conquer the region; an occupant of another race scores 1 coin " \
               "less there; a marker of Embers" in legend
        assert any(line[3] == "icon:marker_frost" for line in left)
        tip = [line[0] for line in region_tip(game, other)]
        assert "Ember ×2: 2 more tokens to conquer the region; an occupant of another race scores 1 coin " \
               "less there; a marker of Embers" in tip
        d.move(d.region_point(rid))
        d.pump(3)
        d.screenshot(tmp_path / "frost.png")
        strings.set_language("fr")
        tip = [line[0] for line in region_tip(game, rid)]
        assert "Frost\u00a0: 1 pion de plus pour conquérir la région\u00a0; un marqueur de Frostkin" in tip
    finally:
        strings.set_language("en")
        d.close()


INVENTED = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "invented.yaml")


def test_any_number_of_markers_stays_readable_and_a_combo_shows_its_markers(home: Path, tmp_path: Path,
                                                                            monkeypatch) -> None:
    """At 1000x650 a region's column has room for two markers: with more kinds, the first is
    drawn with a "+N" chip counting all the others (the tooltip names them); one kind many times
    gets "×N". A marker on a combo in the column is drawn on its row with its count, the price
    shown is what the pick costs with it, and the combo's tooltip says what it adds."""
    from game.ui import board_view, panels
    chips: list[str] = []
    real = board_view.marker_chip

    def spy(surf, text, centre, m, label):  # type: ignore[no-untyped-def]
        chips.append(label)
        real(surf, text, centre, m, label)
    monkeypatch.setattr(board_view, "marker_chip", spy)
    monkeypatch.setattr(panels, "marker_chip", spy)
    d = Driver(Options(pace=0, catch_errors=False, seed=3, content=[INVENTED]), size=(1000, 650))
    try:
        game = game_with(d, home, "ratmen", "shepherds", [INVENTED])
        s = game.table.match.state.copy()
        crowded, single = [r.id for r in s.board.regions if not r.is_water][3:5]
        s.reg_w(crowded).marks = {"flock": 2, "sanctuary": 1, "rime": 1, "cairn": 1}
        s.reg_w(single).marks = {"flock": 3}
        s.player_w(1).memo["column_marks"] = {s.column[1].race: {"toll": 2}}
        game.table.match.states[-1] = s
        game.version += 1
        d.move((5, 5))
        d.pump(3)
        assert "+4" in chips and "×3" in chips          # four more in the crowded region
        assert "×2" in chips                            # the two Tolls on the combo
        d.screenshot(tmp_path / "crowded.png")
        tip = [line[0] for line in region_tip(game, crowded)]
        for words in ("Flock ×2", "Sanctuary", "Rime: the region can be neither conquered nor abandoned",
                      "Cairn: while no one holds the region, it scores for the marker's race"):
            assert any(words in line for line in tip), (words, tip)
        combo = [line[0] for line in panels.combo_tip(game, 1)]
        assert "Toll ×2: 2 coins more to pick the combo it lies on, paid to whoever put it there; " \
               "a marker of Tollmasters" in combo
        assert "In all, 5 coins with the markers on it" in combo
        legend = {line[0] for line in help_columns(game.state)[0]}
        assert "Toll — 2 coins more to pick the combo it lies on, paid to whoever put it there; a marker of " \
               "Tollmasters" in legend
    finally:
        d.close()


def test_the_markers_held_in_a_pool_are_on_the_players_panel(home: Path) -> None:
    from game.ui.panels import held_markers
    d = Driver(Options(pace=0, catch_errors=False, seed=3, content=[INVENTED]), size=(1000, 650))
    try:
        game = game_with(d, home, "ratmen", "hexstones", [INVENTED])
        s = game.table.match.state
        assert held_markers(s.catalog, s.players[0].active) == [("hexstone", 2)]
        drawn: list[str] = []
        real = d.app.sprites.marker
        d.app.sprites.marker = lambda kind, size: (drawn.append(kind), real(kind, size))[1]  # type: ignore[method-assign]
        from game.ui.panels import draw_player
        draw_player(game, pygame.Surface(d.app.screen.get_size()))
        assert "hexstone" in drawn
    finally:
        d.close()
