"""The legend of the board's symbols, for the help: every terrain, the map's symbols (mine,
cavern, magic source, Lost Tribe, mountain), the Lost Tribe token and the markers placed in play
(mountain, troll's lair, fortress, encampment, hole, hero, dragon), each with its picture and what
it does, in the current language; `marker_lines` adds the markers of the races and powers in a
game (the expansions' and a designer's own), with what their blocks make them do.

Terrain swatches and map symbols are the pictures `python -m tools.draw_legend` draws with the maps'
own textures and icons (`assets/ui/legend/`); a missing file shows a plain swatch instead. The
markers and the token are drawn by `art`, as on the board.
"""
from __future__ import annotations

from typing import Any

import pygame

from game import resources
from game.rules import column_marks, lent_parts

from . import art
from .strings import feature_name, has, power_name, race_name, t, terrain_name, tn

LEGEND_DIR = resources.ASSETS / "ui" / "legend"
TERRAIN_COLOUR = {"farmland": (228, 203, 124), "forest": (52, 102, 48), "hill": (166, 186, 104),
                  "mountain": (148, 138, 126), "swamp": (116, 112, 76), "sea": (36, 92, 156),
                  "lake": (60, 132, 186)}

#: (picture, name, what it does) for each entry, in the order the help lists them
ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("terrain_farmland", "terrain:farmland", "plain"),
    ("terrain_forest", "terrain:forest", "plain"),
    ("terrain_hill", "terrain:hill", "plain"),
    ("terrain_swamp", "terrain:swamp", "plain"),
    ("terrain_mountain", "terrain:mountain", "plus_one"),
    ("terrain_sea", "terrain:sea", "water"),
    ("terrain_lake", "terrain:lake", "water"),
    ("feature_mine", "feature:mine", "mine"),
    ("feature_cavern", "feature:cavern", "cavern"),
    ("feature_magic", "feature:magic", "magic"),
    ("feature_lost_tribe", "symbol:lost_tribe", "lost_tribe_symbol"),
    ("token_lost_tribe", "token:lost_tribe", "lost_tribe_token"),
    ("marker_mountain", "marker:mountain", "plus_one"),
    ("marker_lair", "marker:lair", "plus_one"),
    ("marker_fortress", "marker:fortress", "fortress"),
    ("marker_encampment", "marker:encampment", "encampment"),
    ("marker_hole", "marker:hole", "immune"),
    ("marker_hero", "marker:hero", "immune"),
    ("marker_dragon", "marker:dragon", "immune"),
)

_cache: dict[tuple[str, int], pygame.Surface] = {}


def picture(name: str, size: int) -> pygame.Surface:
    """The picture of a legend entry, `size` pixels square."""
    key = (name, size)
    if key in _cache:
        return _cache[key]
    kind, _, what = name.partition("_")
    img: pygame.Surface | None = None
    if kind in ("terrain", "feature"):
        try:
            img = pygame.transform.smoothscale(pygame.image.load(str(LEGEND_DIR / f"{name}.png")), (size, size))
        except (pygame.error, FileNotFoundError, OSError):
            img = None
        if img is None:
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(img, TERRAIN_COLOUR.get(what, (200, 190, 170)), img.get_rect(),
                             border_radius=size // 6)
            pygame.draw.rect(img, (43, 32, 26), img.get_rect(), max(1, size // 24), border_radius=size // 6)
    elif kind == "marker":
        img = None
        own = art.CUSTOM_MARKERS.get(what)
        if own is not None:                      # the picture its content file names
            try:
                img = pygame.transform.smoothscale(pygame.image.load(own), (size, size))
            except (pygame.error, FileNotFoundError, OSError):
                img = None
        if img is None:
            img = art.marker(what, size)
    else:
        img = art.race_token(what, False, size)
    _cache[key] = img
    return img


def entry_name(spec: str) -> str:
    kind, _, what = spec.partition(":")
    if kind == "terrain":
        return terrain_name(what)
    if kind == "feature":
        return feature_name(what)
    if kind == "symbol":
        return t("legend.symbol", name=race_name(None, what))
    if kind == "token":
        return t("legend.token", name=race_name(None, what))
    if what == "encampment":
        return t("legend.encampment")
    if what == "mountain":                       # the marker, not the terrain listed above it
        return t("legend.marker", name=t("marker.mountain"))
    return t(f"marker.{what}")


def lines() -> list[tuple[str, str]]:
    """(picture, sentence) for each entry, in the current language."""
    return [(pic, t("legend.line", name=entry_name(name), what=t(f"legend.what.{what}")))
            for pic, name, what in ENTRIES]


def marker_name(kind: str) -> str:
    """A marker's name: translated for the published ones, as its designer wrote it otherwise."""
    if has(f"marker.{kind}"):
        return t(f"marker.{kind}")
    words = kind.replace("_", " ")
    return words[:1].upper() + words[1:]


def marker_what(catalog: Any, kind: str) -> str:
    """What a marker of the races and powers does, from what its block says of it."""
    spec = getattr(catalog, "marks", {}).get(kind)
    if spec is None:
        return ""
    parts = []
    if spec.immune:
        parts.append(t("legend.what.immune"))
    if spec.defence:
        parts.append(tn("legend.what.mark_defence", spec.defence, count=spec.defence))
    if spec.defence_of is not None:
        parts.append(t("legend.what.mark_defence_of"))
    if spec.score_other > 0:
        parts.append(tn("legend.what.mark_score_other", spec.score_other, coins=spec.score_other))
    elif spec.score_other < 0:
        parts.append(tn("legend.what.mark_score_less", -spec.score_other, coins=-spec.score_other))
    if getattr(spec, "frozen", False):
        parts.append(t("legend.what.mark_frozen"))
    counts = getattr(spec, "counts_as_region", "")
    if counts:
        parts.append(t(f"legend.what.mark_counts_{counts}"))
    price = getattr(spec, "column_price", 0)
    if price:
        to = "placer" if spec.pays_placer else "bank"
        parts.append(tn(f"legend.what.mark_column_{to}", price, coins=price))
    source = spec.source
    owner = race_name(catalog, source) if source in getattr(catalog, "races", {}) else power_name(catalog, source)
    parts.append(t("legend.what.mark_of", source=owner))
    return t("legend.joiner").join(parts)


def marker_lines(state: Any) -> list[tuple[str, str]]:
    """(picture, sentence) for each marker of the races and powers in this game (in the column,
    held by a player, or lying on the board or on a combo) that the fixed entries do not list."""
    cat = state.catalog
    ids = {c.race for c in state.column} | {c.power for c in state.column}
    for p in state.players:
        for h in ([p.active] if p.active is not None else []) + list(p.declines):
            ids |= {h.race, *lent_parts(h.power)}
    on_board = {k for r in state.regions.values() for k in getattr(r, "marks", {})}
    on_board |= {k for c in state.column for _, k, _ in column_marks(state, c.race)}   # on combos
    fixed = {name.partition(":")[2] for _, name, _ in ENTRIES}
    out = []
    for kind, spec in sorted(getattr(cat, "marks", {}).items()):
        if kind in fixed or not (spec.source in ids or kind in on_board):
            continue
        out.append((f"marker_{kind}", t("legend.line", name=marker_name(kind), what=marker_what(cat, kind))))
    return out
