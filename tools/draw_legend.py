"""Draw the pictures of the help's legend (assets/ui/legend/*.png): a swatch of each terrain with
the very texture the maps are drawn with, and the map's feature icons (mine, cavern, magic
source, Lost Tribe symbol, mountain), so the legend shows exactly what the board shows. The
markers and tokens placed during play come from `game/ui/art.py` and need no file here.

    python -m tools.draw_legend             # rewrite assets/ui/legend/ (from the checkout's top folder)
    python -m tools.draw_legend --out DIR   # write them into DIR instead
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

import pygame

from game import native, resources

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from game.stopping import run_stoppable
from game.ui.map_art import BASE, TEXTURES, Where, draw_icon, save_picture, thick_outline

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


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")      # no window: it only draws into files
    ap = argparse.ArgumentParser(prog="python -m tools.draw_legend",
                                 description="Draw the help legend's pictures (terrain swatches and feature icons).")
    ap.add_argument("--out", default=str(OUT), help="folder for the PNG files (default assets/ui/legend)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(f"error: --out {out}: a file is already there, not a folder; name a folder (the file was left "
              f"as it is)", file=sys.stderr)
        return 2
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"error: --out {out}: the folder cannot be made ({err.strerror or err}); name another folder",
              file=sys.stderr)
        return 2
    pygame.display.init()
    written = []
    for terrain in TERRAINS:
        p = out / f"terrain_{terrain}.png"
        save_picture(terrain_swatch(terrain), p)
        written.append(p)
    for feature in FEATURES:
        p = out / f"feature_{feature}.png"
        save_picture(draw_icon(feature, SIZE * 0.4), p)
        written.append(p)
    for p in written:
        print(resources.relative(p) if p.is_relative_to(resources.ROOT) else p)
    return 0


if __name__ == "__main__":
    raise SystemExit(run_stoppable(main, "tools.draw_legend"))
