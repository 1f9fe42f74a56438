"""The phone's board is the table's: the board view a phone gets carries the colours of the map's
picture, the feature icons and the pictures of this game's pieces as the table draws them (the
pieces' own SVGs, a custom piece as the table's sprites draw it), within its bound; a marker the
game comes to show brings its picture; and the page draws a piece whose picture is missing or
broken as a plain disc (tests/test_phones_chromium.py checks the pictures drawn in a whole game)."""
from __future__ import annotations

import base64
import io
import os
import re
import time
from pathlib import Path
from typing import Any, Sequence

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content import geometry  # noqa: E402
from game.match import Seat  # noqa: E402
from game.phones import views  # noqa: E402
from game.ui import art, phone_pictures  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.phones import open_phones  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402
from tests.phone_browser import have_chromium  # noqa: E402
from tests.phone_client import PhoneClient  # noqa: E402
from tests.test_phones_chromium import Phone  # noqa: E402


def _table(d: Driver, home: Path, players: int = 3, content: Sequence[str] = ()) -> tuple[GameScene, Table]:
    d.app.phones_on, d.app.phones_port, d.app.phones_host = True, 0, "127.0.0.1"
    seats = [Seat("Ann", "orange"), Seat("Bob", "sky"), Seat("Cy", "green")][:players]
    table = Table.new(seats, 5, shipped_map_path(players), list(content), home / "game.json")
    game = GameScene(d.app, table)
    d.app.switch(game)
    open_phones(d.app, game)
    return game, table


def _phone(d: Driver, seat: int) -> PhoneClient:
    url = d.app.phones.server.address(seat, "127.0.0.1").replace("http://", "ws://") + "/ws"
    return PhoneClient(url)


def _png(data: str) -> pygame.Surface:
    assert data.startswith("data:image/png;base64,"), data[:40]
    return pygame.image.load(io.BytesIO(base64.b64decode(data.split(",", 1)[1])), "piece.png")


def _points(region: dict[str, Any]) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in region["points"].split())]


def test_the_phones_board_carries_the_tables_colours_and_pictures(home: Path) -> None:
    """The board a phone gets is drawn as the table's: each region's colour from the map's picture
    (forest darker than farmland, the sea blue), its feature icons, its stack's spot inside it, and
    the pictures of this game's pieces alone: each race's two sides and each marker as the SVG the
    table draws, the feature icons as PNGs. A marker the game comes to show later brings its
    picture with a board sent again, and each region's view lists its markers as the table lays
    them."""
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home)
        ann = _phone(d, 0)
        phones.append(ann)
        board = ann.recv(kind="board")
        s = table.state
        pics = board["pictures"]
        races = {c.race for c in s.column} | set(s.race_stack)
        assert len(races) >= 10
        for race in races:
            for name, file in ((f"token:{race}", f"tokens/{race}.svg"), (f"decline:{race}", f"tokens/{race}_decline.svg")):
                text, kept = pics[name], (art.PIECES_DIR / file).read_text(encoding="utf-8")
                assert text.startswith("<svg") and text.endswith("</svg>") and "<!--" not in text
                body = text.split("</defs>", 1)[1]                     # the drawing itself, unchanged
                assert len(body) > 2000 and body in re.sub(r">\s+<", "><", kept), name
        game_pieces = {f"{side}:{race}" for race in races for side in ("token", "decline")} | {"token:lost_tribe"}
        assert {n for n in pics if n.startswith(("token:", "decline:"))} == game_pieces   # this game's races only
        for kind in ("lair", "fortress", "hole", "hero", "dragon", "encampment"):
            assert pics[f"marker:{kind}"] == phone_pictures._svg_text(f"markers/{kind}.svg") != ""
        assert not any(n.startswith("marker:") and n[7:] in ("queen", "lava") for n in pics)   # no pack here
        shown = {k for r in board["regions"] for k in r["features"]}
        assert shown >= {"mountain", "magic", "cavern", "mine", "lost_tribe"}
        for kind in shown:
            assert _png(pics[f"feature:{kind}"]).get_size() == (phone_pictures.FEATURE_PX,) * 2
        assert sum(len(v) for v in pics.values()) <= views.PICTURES_MAX
        # the colours, as the map's picture paints the regions
        by_terrain: dict[str, list[tuple[int, int, int]]] = {}
        for r in board["regions"]:
            assert re.fullmatch(r"#[0-9a-f]{6}", r["colour"]), r
            c = int(r["colour"][1:], 16)
            by_terrain.setdefault(r["terrain"], []).append((c >> 16, (c >> 8) & 255, c & 255))
            assert geometry.point_in_polygon(tuple(r["spot"]), _points(r)) and r["room"] > 20
        light = {t: sum(sum(c) for c in cs) / len(cs) for t, cs in by_terrain.items()}
        assert light["forest"] < light["hill"] < light["farmland"]
        assert all(b > r for r, _, b in by_terrain["sea"])
        ann.recv(kind="view")
        # markers come onto the board, one of a kind this game has not shown
        rid = next(iter(s.regions))
        later = s.copy()
        r = later.reg_w(rid)
        r.fortress, r.encampments, r.marks = True, 2, {"gremlin": 1}
        table.match.states[-1] = later
        ann.drain()
        d.app.phones.publish()
        again = ann.recv(kind="board")
        assert _png(again["pictures"]["marker:gremlin"]).get_size() == (phone_pictures.MARKER_PX,) * 2
        assert again["pictures"]["token:elves"] == pics["token:elves"]
        view = ann.recv(kind="view")
        assert view["regions"][rid]["markers"] == [["fortress", 1], ["encampment", 2], ["gremlin", 1]]
    finally:
        for c in phones:
            c.close()
        d.close()


CUSTOM = """races:
  frostkin:
    name: Frostkin
    tokens: 5
    box: 12
    text: A Frost marker per Hill you hold.
    effects:
      - {markers_per_region: {marker: frost, where: {terrains: [hill]}, defence: 1, score_other: 0}}
    pictures: {frost: frost.png}
  embers:
    name: Embers
    tokens: 5
    effects:
      - {markers_per_region: {marker: ember, defence: 2, score_other: -1}}
"""


def test_custom_pieces_reach_the_phone_as_the_table_draws_them(home: Path, tmp_path: Path) -> None:
    """A custom race has no SVG of its own: the table's sprites draw its token (both sides) and the
    phone gets that picture; a marker with a picture of its own is that picture, one without gets
    the badge the table draws."""
    pic = pygame.Surface((64, 64), pygame.SRCALPHA)
    pic.fill((0, 0, 0, 0))
    pygame.draw.circle(pic, (30, 200, 240), (32, 32), 30)
    pygame.image.save(pic, str(tmp_path / "frost.png"))
    (tmp_path / "frost.yaml").write_text(CUSTOM, encoding="utf-8")
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home, content=[str(tmp_path / "frost.yaml")])
        ann = _phone(d, 0)
        phones.append(ann)
        pics = ann.recv(kind="board")["pictures"]
        assert "frostkin" in table.state.race_stack or any(c.race == "frostkin" for c in table.state.column)
        for side in (False, True):
            got = _png(pics[f"{'decline' if side else 'token'}:frostkin"])
            want = game.board_view.sprites.token("frostkin", side, phone_pictures.TOKEN_PX)
            assert got.get_size() == want.get_size()
            assert all(got.get_at((x, y)) == want.get_at((x, y)) for x in range(8, 96, 11) for y in range(8, 96, 11))
        frost = _png(pics["marker:frost"])
        assert tuple(frost.get_at((32, 32)))[:3] == (30, 200, 240)          # the content file's own picture
        ember = _png(pics["marker:ember"])
        want = art.custom_marker("ember", phone_pictures.MARKER_PX)
        assert ember.get_at((32, 20)) == want.get_at((32, 20))
    finally:
        for c in phones:
            c.close()
        d.close()


def test_the_board_view_sends_pictures_up_to_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pictures come most needed first, as many as fit; the page draws a plain disc for any
    other."""
    from game.content.tmx import map_for_players
    md = map_for_players(3)

    class Words:
        lang = "en"

        def region(self, rid: str) -> str:
            return rid
    monkeypatch.setattr(views, "PICTURES_MAX", 25)
    pictures = [("token:a", "x" * 10), ("token:b", "y" * 20), ("token:c", "z" * 15), ("token:a", "w")]
    got = views.board_view(md, Words(), pictures=pictures)["pictures"]      # type: ignore[arg-type]
    assert got == {"token:a": "x" * 10, "token:c": "z" * 15}


@pytest.mark.slow
@pytest.mark.skipif(not have_chromium(), reason="needs chromium and chromium-driver")
def test_a_piece_whose_picture_is_missing_or_broken_is_drawn_plain(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture the board could not carry (beyond its bound) or the browser cannot draw (a broken
    file) leaves a plain disc with the piece's initial in its place, and the page goes on."""
    real = phone_pictures.Pictures.get

    def get(self: Any, name: str) -> str:
        if name == "token:lost_tribe":
            return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="oops'
        if name.startswith("feature:"):
            return "x" * (views.PICTURES_MAX + 1)
        return real(self, name)
    monkeypatch.setattr(phone_pictures.Pictures, "get", get)
    d = Driver(Options(pace=0, catch_errors=False))
    game, table = _table(d, home, players=2)
    phone = None
    try:
        phone = Phone(d.app.phones.server.address(0, "127.0.0.1"), 0)
        end = time.monotonic() + 20
        seen: dict[str, Any] = {}
        while time.monotonic() < end:
            d.pump()
            seen = phone.js("return window.__phone.pictures && Object.assign({}, window.__phone.pictures)") or {}
            if seen.get("failed") and seen.get("plain"):
                break
            time.sleep(0.02)
        board = phone.js("return window.__phone.board")
        tribes = sum(1 for r in table.state.regions.values() if r.lost_tribe)
        icons = sum(len(r["features"]) for r in board["regions"])
        assert tribes and icons and not any(n.startswith("feature:") for n in board["pictures"])
        assert seen["failed"] == 1 and seen["plain"] == tribes + icons, seen
        assert phone.js("return document.querySelectorAll('#board use[data-pic=\"token:lost_tribe\"]').length") == 0
        severe = [e["message"] for e in phone.drv.get_log("browser")
                  if e["level"] == "SEVERE" and "favicon" not in e["message"] and "vibrate" not in e["message"]]
        assert severe == [], severe
    finally:
        if phone is not None:
            phone.close()
        d.close()
