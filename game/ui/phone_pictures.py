"""The pictures a phone's board needs, so that it shows what the table shows: each region's
colour as the table paints it, and the pieces of this game as the table draws them.

A region's colour is the mean colour of the map's own picture inside the region's polygon (the
watercolour wash, its pattern and all, as one colour), or the terrain's colour in the map
painter's palette when the map has no picture. The pieces are named `token:RACE`,
`decline:RACE`, `marker:KIND` and `feature:KIND`: a shipped piece is the text of its SVG in
`assets/pieces` (the file the table draws), any other (a custom race, a marker drawn from a
content file's `pictures:`, a feature icon, a piece whose SVG is missing) is drawn by the table's
own `Sprites` and sent as a PNG. `needed` lists what a state may show, most needed first: the
races on the board and in hands, the column's, the stack's; the markers on the board, then the
base game's and those the game's effects put on regions. The phone's page turns them into images once and draws
them on its board (`game.phones.views.board_view` bounds how much is sent).
"""
from __future__ import annotations

import base64
import io
import re
from typing import Any

import pygame

from game.content.bounded import read_bytes

from . import art, map_art
from .region_plan import feature_kinds
from .svg_art import hexc

TOKEN_PX = 96           # a custom token drawn as a PNG: sharp at the phone's size on a 3× screen
MARKER_PX = 64
FEATURE_PX = 48
SAMPLE_WIDTH = 400      # the map's picture is read at this width for the regions' colours
EDGE = 3                # ... leaving out this many pixels along each outline
#: the markers of the base game (the region's own flags); a pack's are those its effects name
BASE_MARKERS = ("lair", "fortress", "hole", "hero", "dragon", "encampment")
_LEAN = re.compile(r"<\?xml[^>]*\?>|<!--.*?-->|<title>.*?</title>", re.S)


def region_colours(mapdata: Any) -> dict[str, str]:
    """Each region's colour as `#rrggbb`: the mean of the map's picture inside its polygon, or
    the painter's colour of its terrain."""
    board = mapdata.board
    palette = {rid: hexc(map_art.BASE.get(board.region(rid).terrain, (200, 190, 160)))
               for rid in mapdata.polygons}
    picture = _map_picture(mapdata)
    if picture is None:
        return palette
    w, h = picture.get_size()
    sx, sy = w / max(1, mapdata.width), h / max(1, mapdata.height)
    out = dict(palette)
    for rid, poly in mapdata.polygons.items():
        pts = [(x * sx, y * sy) for x, y in poly]
        x0, y0 = max(0, int(min(p[0] for p in pts))), max(0, int(min(p[1] for p in pts)))
        x1, y1 = min(w, int(max(p[0] for p in pts)) + 1), min(h, int(max(p[1] for p in pts)) + 1)
        if x1 - x0 < 2 or y1 - y0 < 2:
            continue
        layer = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
        layer.blit(picture, (0, 0), pygame.Rect(x0, y0, x1 - x0, y1 - y0))
        mask = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        local = [(x - x0, y - y0) for x, y in pts]
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        pygame.draw.polygon(mask, (0, 0, 0, 0), local, EDGE)     # the dark border is not the region's
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        colour = pygame.transform.average_color(layer, layer.get_rect(), True)
        if colour[3]:
            out[rid] = hexc(colour)
    return out


def _map_picture(mapdata: Any) -> pygame.Surface | None:
    """The map's picture at `SAMPLE_WIDTH`, opaque, with an alpha channel; None without one."""
    path = getattr(mapdata, "image_path", None)
    if path is None:
        return None
    try:
        pic = pygame.image.load(io.BytesIO(read_bytes(path, "image")), str(path))
    except (pygame.error, OSError):
        return None
    w, h = pic.get_size()
    if w < 1 or h < 1:
        return None
    if pic.get_bitsize() < 24:              # a palette picture: smoothscale wants true colour
        full = pygame.Surface((w, h), pygame.SRCALPHA)
        full.blit(pic, (0, 0))
        pic = full
    size = (SAMPLE_WIDTH, max(1, round(h * SAMPLE_WIDTH / w)))
    small = pygame.Surface(size, pygame.SRCALPHA)
    small.blit(pygame.transform.smoothscale(pic, size), (0, 0))
    return small


def needed(state: Any) -> list[str]:
    """The pieces' pictures a state's board may show, most needed first (see the module)."""
    races: list[str] = []

    def add(race: str | None) -> None:
        if race and race not in races:
            races.append(race)
    for r in state.regions.values():
        add(r.race)
    for p in state.players:
        add(p.active.race if p.active else None)
        for hold in p.declines:
            add(hold.race)
    for combo in state.column:
        add(combo.race)
    for race in state.race_stack:
        add(race)
    names = ["token:lost_tribe"]
    for race in races:
        if race != "lost_tribe":
            names += [f"token:{race}", f"decline:{race}"]
    kinds: list[str] = []
    for r in state.regions.values():
        for kind, present in (("lair", r.lair), ("fortress", r.fortress), ("hole", r.hole), ("hero", r.hero),
                              ("dragon", r.dragon), ("encampment", r.encampments)):
            if present and kind not in kinds:
                kinds.append(kind)
        kinds += [k for k in r.marks if k not in kinds]
    catalog = state.catalog
    kinds += [k for k in (*BASE_MARKERS, *getattr(catalog, "marks", {}), *getattr(catalog, "marker_pictures", {}))
              if k not in kinds]
    return names + [f"marker:{k}" for k in kinds]


def features(mapdata: Any) -> list[str]:
    """The feature icons the map shows (`feature:KIND`)."""
    kinds: list[str] = []
    for region in mapdata.board.regions:
        kinds += [k for k in feature_kinds(region) if k not in kinds]
    return [f"feature:{k}" for k in kinds]


class Pictures:
    """The pieces' pictures for one game's phones, each made once."""

    def __init__(self, catalog: Any) -> None:
        self.sprites = art.Sprites()
        self.sprites.learn(catalog)
        self.made: dict[str, str] = {}
        self.own_markers = set(getattr(catalog, "marker_pictures", {}))

    def get(self, name: str) -> str:
        """The picture `name`: an SVG's text, or a PNG as a `data:` address."""
        got = self.made.get(name)
        if got is None:
            got = self.made[name] = self._make(name)
        return got

    def _make(self, name: str) -> str:
        kind, _, ident = name.partition(":")
        sprites = self.sprites
        if kind in ("token", "decline"):
            decline = kind == "decline"
            side = "_decline" if decline and ident != "lost_tribe" else ""
            if ident not in sprites.custom:
                text = _svg_text(f"tokens/{ident}{side}.svg")
                if text:
                    return text
            return _png(sprites.token(ident, decline, TOKEN_PX))
        if kind == "marker":
            if ident not in self.own_markers:
                text = _svg_text(f"markers/{ident}.svg")
                if text:
                    return text
            return _png(sprites.marker(ident, MARKER_PX))
        return _png(sprites.feature(ident, FEATURE_PX))


def _svg_text(name: str) -> str:
    """A shipped piece's SVG, without its comment, title and declaration ("" if there is none)."""
    path = art.PIECES_DIR / name
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    return re.sub(r">\s+<", "><", _LEAN.sub("", text)).strip()


def _png(surf: pygame.Surface) -> str:
    out = io.BytesIO()
    pygame.image.save(surf, out, "piece.png")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
