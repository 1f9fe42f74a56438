"""Which picture each race and power wears, and the colour of each race's field.

Every shipped race and power (the base game and each pack in `assets/content/expansions`) has a
recipe here: one glyph of `glyphs`, sometimes with a second, smaller one, placed on the token.
The base races, and the pack races drawn as figures, keep the emblems drawn in `art`. A race or
power not listed (a custom one) gets an emblem made from what it does: a glyph for each building
block among its effects, on a colour worked out from its id, with a ring of dots counted from
the id, so two custom entries never look alike and none looks like a shipped one (`generated`).

Race field colours were chosen as a set by a search that keeps each near its theme and pushes
the closest pair apart as seen by normal, protanope, deuteranope and tritanope eyes (CIEDE2000
under the Machado 2009 simulation; see `colour_vision` and the colour test).
"""
from __future__ import annotations

import functools
import hashlib
from typing import Iterable

from .glyphs import GLYPHS

Colour = tuple[int, int, int]
Recipe = tuple[tuple[str, float, float, float], ...]     # (glyph, x, y, scale)

RACE_COLOURS: dict[str, Colour] = {
    "amazons": (189, 67, 148), "dwarves": (122, 92, 20), "elves": (99, 158, 85), "ghouls": (80, 59, 66),
    "giants": (82, 116, 121), "halflings": (132, 168, 120), "humans": (176, 160, 18), "orcs": (42, 81, 40),
    "ratmen": (111, 102, 73), "skeletons": (55, 51, 80), "sorcerers": (109, 65, 230), "tritons": (12, 128, 228),
    "trolls": (126, 130, 90), "wizards": (99, 24, 117), "lost_tribe": (202, 120, 68),
    # A Spider's Web, Be Not Afraid, Cursed!, Grand Dames, Royal Bonus, Sky Islands, Underground
    "ice_witches": (48, 164, 197), "skags": (137, 57, 51), "slingmen": (198, 165, 96),
    "barbarians": (141, 41, 0), "homunculi": (198, 93, 136), "leprechauns": (27, 131, 106),
    "pixies": (219, 116, 195), "witch_doctors": (83, 103, 102), "goblins": (96, 145, 9), "kobolds": (228, 85, 10),
    "nomads": (226, 186, 123), "white_ladies": (207, 186, 226), "priestesses": (138, 30, 154),
    "fauns": (92, 116, 52), "shrubmen": (46, 58, 47), "igors": (125, 145, 125), "khans": (255, 169, 14),
    "scarecrows": (182, 184, 142), "wendigos": (111, 213, 195), "drow": (95, 0, 156), "liches": (121, 166, 157),
    "mudmen": (90, 43, 9), "mummies": (197, 180, 166), "ogres": (93, 86, 75), "shrooms": (205, 14, 3),
}


def _one(name: str) -> Recipe:
    return ((name, 0.0, 0.0, 1.0),)


#: the races of the packs (the base races' emblems, and those of `art.EMBLEMS`, are drawn in `art`)
RACE_RECIPES: dict[str, Recipe] = {
    "ice_witches": (("witch_hat", 0.0, 0.08, 0.95), ("snowflake", 0.0, -0.1, 0.32)),
    "skags": _one("claw"), "slingmen": _one("target"), "barbarians": _one("helm"), "homunculi": _one("chain"),
    "pixies": _one("wings"), "witch_doctors": _one("mask"),
    "kobolds": _one("hammer"), "nomads": _one("tent"), "white_ladies": _one("ghost"), "priestesses": _one("ankh"),
    "shrubmen": _one("tree"), "igors": _one("bolt"), "khans": _one("banner"),
    "scarecrows": _one("scarecrow"),
    "drow": (("moon", -0.05, 0.05, 1.0), ("star", 0.32, -0.3, 0.38)),
    "liches": (("crown", 0.0, -0.42, 0.55), ("skull", 0.0, 0.22, 0.72)),
    "mummies": _one("bandage"), "ogres": _one("fist"), "shrooms": _one("mushroom"),
}

POWER_RECIPES: dict[str, Recipe] = {
    # the base game
    "alchemist": _one("flask"), "berserk": _one("axes"), "bivouacking": _one("campfire"), "commando": _one("arrow"),
    "diplomat": _one("hand"), "dragon_master": (("wings", 0.0, 0.12, 0.9), ("flame", 0.0, -0.42, 0.34)), "flying": _one("feather"), "forest": _one("pines"),
    "fortified": _one("tower"), "heroic": _one("shield"), "hill": _one("hills"), "merchant": _one("bag"),
    "mounted": _one("horseshoe"), "pillaging": _one("torch"), "seafaring": _one("boat"), "spirit": _one("spiral"),
    "stout": _one("mug"), "swamp": _one("reeds"), "underworld": _one("arch"), "wealthy": _one("coins"),
    # the packs
    "copycat": _one("twins"), "lava": _one("volcano"), "soul_touch": _one("heart"),
    "barricade": _one("fence"), "corrupt": _one("broken_coin"), "imperial": _one("crown"),
    "mercenary": (("sword", -0.12, 0.0, 0.95), ("coin", 0.38, 0.38, 0.36)), "catapult": _one("catapult"),
    "cursed": _one("eye"), "hordes_of": _one("heads"), "marauding": _one("crossed_swords"),
    "ransacking": _one("open_chest"), "were": _one("full_moon_fang"),
    "historian": _one("scroll"), "peace_loving": _one("dove"),
    "aquatic": _one("wave"), "behemoth": _one("horn"), "fireball": _one("comet"),
    "airborne": _one("cloud"), "goldsmith": _one("gem"),
    "fisher": _one("hook"), "flocking": _one("birds"), "frightened": _one("exclaim"), "immortal": _one("infinity"),
    "martyr": _one("candle"), "mining": _one("pick"), "muddy": _one("drop"), "mystic": _one("eye_star"),
    "quarreling": _one("quarrel"), "royal": _one("orb"), "stone": _one("boulder"), "thieving": _one("thief"),
    "vampire": _one("bat"), "vanishing": _one("vanish"), "wise": _one("owl"),
}

#: the colour of each power badge's band, from its theme
POWER_BANDS: tuple[Colour, ...] = ((150, 48, 36), (46, 104, 70), (40, 76, 140), (120, 64, 40), (104, 60, 130),
                                   (30, 110, 120), (150, 110, 20))


def _digest(text: str) -> bytes:
    return hashlib.sha1(text.encode()).digest()


def id_colour(ident: str) -> Colour:
    """A field colour for a custom id: a hue from the id, kept mid-dark so a light glyph reads."""
    h = _digest(ident)
    hue = h[0] / 255 * 360
    sat = 0.45 + h[1] / 255 * 0.4
    val = 0.45 + h[2] / 255 * 0.25
    c = val * sat
    x = c * (1 - abs((hue / 60) % 2 - 1))
    m = val - c
    r, g, b = [(c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)][int(hue // 60) % 6]
    return (round((r + m) * 255), round((g + m) * 255), round((b + m) * 255))


def race_colour(race: str) -> Colour:
    return RACE_COLOURS.get(race) or id_colour(race)


def power_band(power: str) -> Colour:
    if power in POWER_RECIPES:
        return POWER_BANDS[sorted(POWER_RECIPES).index(power) % len(POWER_BANDS)]
    return id_colour(power)


@functools.cache
def block_glyph(block: str) -> str:
    """The glyph that stands for one building block (effect) in a generated emblem."""
    names = sorted(GLYPHS)
    return names[int.from_bytes(_digest("block:" + block)[:4], "big") % len(names)]


def salted_dots(dots: int, salt: int) -> int:
    """The dots `generated` rings an emblem with for `salt`, when it rings it with `dots` for
    salt 0: each seven salts go round the seven counts of one band (3-9, 10-16...)."""
    return 3 + (dots - 3 + salt) % 7 + 7 * (salt // 7)


def generated(ident: str, blocks: Iterable[str], salt: int = 0) -> tuple[Recipe, int]:
    """The recipe of a custom race's or power's emblem (a glyph per building block it uses, up to
    four) and how many dots ring it (from its id, 3 to 9; `salt` adds more, to part two custom
    entries that would otherwise look alike)."""
    return _glyphs(tuple(blocks)), salted_dots(3 + _digest("dots:" + ident)[0] % 7, salt)


def glyphs_of(blocks: tuple[str, ...]) -> Recipe:
    """The glyphs (and where they sit) of the emblem generated for an entry made of `blocks`."""
    return _glyphs(blocks)


@functools.cache
def _glyphs(blocks: tuple[str, ...]) -> Recipe:
    """The glyphs of an emblem made of `blocks`, and where they sit: worked out once for each
    list of blocks (thousands of custom entries use a few hundred)."""
    names: list[str] = []
    for b in blocks:
        g = block_glyph(b)
        if g not in names:
            names.append(g)
    names = names[:4]
    if not names:
        return ()
    if len(names) == 1:
        return ((names[0], 0.0, 0.0, 0.82),)
    if len(names) == 2:
        return ((names[0], -0.34, 0.0, 0.5), (names[1], 0.34, 0.0, 0.5))
    spots = [(-0.32, -0.32), (0.32, -0.32), (-0.32, 0.32), (0.32, 0.32)]
    if len(names) == 3:
        spots = [(0.0, -0.34), (-0.34, 0.3), (0.34, 0.3)]
    return tuple((n, x, y, 0.42) for n, (x, y) in zip(names, spots, strict=False))


def lightness(c: Colour) -> float:
    """A quick perceived lightness, 0..255."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def on_field(c: Colour) -> bool:
    """True when the emblem on a field of colour `c` is drawn dark (a light field)."""
    return lightness(c) > 165


