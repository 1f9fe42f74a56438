"""The map preview draws a map that has errors: the regions as far as they could be read, in
their terrain colours with their ids, and each error numbered on the map where it is (the
overlap at its point, a wrong property on its region), instead of an empty window."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import io  # noqa: E402
import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.ui import theme  # noqa: E402
from game.ui.app import App, Options  # noqa: E402
from game.ui.scenes.preview import TERRAIN_COLOURS, PreviewScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TINY_PNG = ROOT / "tests" / "data" / "broken_maps" / "tiny.png"
HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="8" height="4"
     tilewidth="50" tileheight="50" infinite="0" nextlayerid="3" nextobjectid="9">
 <properties><property name="turns" type="int" value="7"/></properties>
 <imagelayer id="1" name="picture"><image source="nowhere.png" width="400" height="200"/></imagelayer>
 <objectgroup id="2" name="regions">{objects}</objectgroup>
</map>
"""


def _region(oid: int, rid: str, terrain: str, points: str) -> str:
    return (f'<object id="{oid}" name="{rid}" type="region" x="0" y="0"><properties>'
            f'<property name="terrain" value="{terrain}"/></properties><polygon points="{points}"/></object>')


def test_a_map_with_errors_is_drawn_with_the_errors_on_it(home, tmp_path: Path) -> None:
    path = tmp_path / "broken.tmx"
    path.write_text(HEAD.format(objects="".join([
        _region(1, "west", "hill", "0,0 200,0 200,100 0,100"),
        _region(2, "east", "forest", "150,0 400,0 400,100 150,100"),       # stretched over west
        _region(3, "southwest", "jungle", "0,100 200,100 200,200 0,200"),   # no such terrain
        _region(4, "southeast", "sea", "200,100 400,100 400,200 200,200"),
    ])), encoding="utf-8")
    shot = tmp_path / "shot.png"
    out = io.StringIO()
    app = App(Options(lang="en"), size=(1280, 800))
    try:
        scene = PreviewScene(app, path, out, shot)
        app.switch(scene)
        for _ in range(3):
            app.tick(block=False)
        assert scene.sketch is not None and scene.layout is not None
        lines = out.getvalue().splitlines()
        assert lines[0] == (f"preview 1: {path}: not playable, 4 regions drawn as read, 2 errors, 1 warning")
        picture = pygame.image.load(str(shot))
        lay = scene.layout
        # the overlap's number sits where the checker found it, in the error colour
        overlap = next(e for e in scene.report.errors if "overlap" in e)
        x, y = lay.board_to_screen((float(overlap.params["x"]), float(overlap.params["y"])))
        assert picture.get_at((round(x) + lay.px(8), round(y)))[:3] == theme.BAD[:3]
        # southeast is drawn in its terrain colour, far from any label or marker
        sx, sy = lay.board_to_screen((390, 190))
        assert picture.get_at((round(sx), round(sy)))[:3] == TERRAIN_COLOURS["sea"]
        # the wrong terrain is numbered on its own region (its id and '?' label mark it too)
        assert "unknown terrain 'jungle'" in out.getvalue()
    finally:
        app.audio.close()
        pygame.display.quit()


def test_the_terminal_line_of_a_good_map_counts_regions_errors_and_warnings(home, tmp_path: Path) -> None:
    path = tmp_path / "one.tmx"
    shutil.copy(TINY_PNG, tmp_path / "tiny.png")
    path.write_text(HEAD.format(objects="".join([
        _region(1, "west", "hill", "0,0 200,0 200,200 0,200"),
        _region(2, "east", "forest", "200,0 400,0 400,200 200,200"),
    ])).replace("nowhere.png", "tiny.png"), encoding="utf-8")
    out = io.StringIO()
    app = App(Options(lang="en"), size=(1000, 650))
    try:
        app.switch(PreviewScene(app, path, out))
        app.tick(block=False)
        assert out.getvalue().splitlines()[0] == f"preview 1: {path}: 2 regions, 0 errors, 0 warnings"
    finally:
        app.audio.close()
        pygame.display.quit()
