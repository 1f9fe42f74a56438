"""Draw the pictures of the help's legend (assets/ui/legend/*.png): a swatch of each terrain with
the very texture the maps are drawn with, and the map's feature icons (mine, cavern, magic
source, Lost Tribe symbol, mountain), so the legend shows exactly what the board shows. The
markers and tokens placed during play come from `game/ui/art.py` and need no file here.

    python -m tools.draw_legend          # rewrite assets/ui/legend/ (from the checkout's top folder)
"""
from __future__ import annotations

import os
import random

import pygame

from game import resources
from game.ui.map_art import BASE, TEXTURES, Where, draw_icon, thick_outline

OUT = resources.ASSETS / "ui" / "legend"
SIZE = 96
TERRAINS = ("farmland", "forest", "hill", "mountain", "swamp", "sea", "lake")
FEATURES = ("mine", "cavern", "magic", "lost_tribe", "mountain")


def terrain_swatch(terrain: str, size: int = SIZE) -> pygame.Surface:
    """A rounded square of `terrain`, textured as on the maps (drawn twice as large, scaled down)."""
    big = size * 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill(BASE[terrain])
    m = 0.0
    poly = [(m, m), (big - m, m), (big - m, big - m), (m, big - m)]
    # water draws its shore along the sides that are not on the board's frame: give it one shore
    where = Where(inside=lambda p: True, on_frame=lambda a, b: not (a[1] == b[1] == big - m))
    TEXTURES[terrain](surf, poly, random.Random(f"legend:{terrain}"), 1.0, where)
    rim = pygame.Surface((big, big), pygame.SRCALPHA)
    thick_outline(rim, (30, 20, 10, 90), poly, 10)
    surf.blit(rim, (0, 0))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=big // 6)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.rect(surf, (43, 32, 26), surf.get_rect(), 4, border_radius=big // 6)
    return pygame.transform.smoothscale(surf, (size, size))


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")      # no window: it only draws into files
    pygame.display.init()
    OUT.mkdir(parents=True, exist_ok=True)
    written = []
    for terrain in TERRAINS:
        p = OUT / f"terrain_{terrain}.png"
        pygame.image.save(terrain_swatch(terrain), str(p))
        written.append(p)
    for feature in FEATURES:
        p = OUT / f"feature_{feature}.png"
        pygame.image.save(draw_icon(feature, SIZE * 0.4), str(p))
        written.append(p)
    for p in written:
        print(resources.relative(p))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
