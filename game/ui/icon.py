"""The game's icon, drawn here: a small round world of five terrains with a banner planted on top.

`draw(size)` paints it on a 1024-pixel canvas (a rounded square of night sky, the world cut into
farmland, forest, hill, mountain and swamp with the maps' colours, a sea rim, a red banner) and
scales it down smoothly. `python -m game.ui.icon` writes the files the game and its packages use
into `assets/ui/icon/`: PNGs from 16 to 512 pixels (the window's icon, the Linux menu's),
`smallworld.ico` for Windows (PNG images inside, as Windows reads them since Vista) and
`smallworld.icns` for macOS (PNG images under their size codes). Both containers are written here
with `struct`, so no other program is needed on any system. The window sets the 64-pixel PNG.
"""
from __future__ import annotations

import argparse
import io
import math
import struct
import sys
from pathlib import Path

import pygame

from game import native, resources

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from .map_art import BASE

ICON_DIR = resources.ASSETS / "ui" / "icon"
#: The window's class (X11) and app id (Wayland): the name of the Linux menu entry (`game.desktop`),
#: so that the desktop shows the entry's icon and name for the window.
WINDOW_CLASS = "smallworld-table"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: macOS size codes for PNG images (the 16/32/64-pixel ones since OS X 10.7)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
CANVAS = 1024

Color = tuple[int, int, int]
TERRAIN = BASE                            # the colours of the maps' terrains
SEA: Color = (44, 108, 172)
INK: Color = (34, 30, 28)
BANNER: Color = (196, 44, 40)

# The world's regions in unit coordinates (the world is the circle of radius 1 around 0, 0); the
# polygons share their corners and reach past the circle, which trims them.
_A, _B, _C, _D = (-1.3, -0.22), (-0.12, -0.34), (0.3, -1.3), (0.34, 0.18)
_E, _F, _G = (-0.22, 0.46), (-1.3, 0.38), (0.02, 1.3)
REGIONS: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = (
    ("farmland", ((-1.3, -1.3), _C, _B, _A)),
    ("forest", (_C, (1.3, -1.3), (1.3, 0.1), _D, _B)),
    ("hill", (_A, _B, _D, _E, _F)),
    ("mountain", (_F, _E, _G, (-1.3, 1.3))),
    ("swamp", (_E, _D, (1.3, 0.1), (1.3, 1.3), _G)),
)


def _world(radius: int) -> pygame.Surface:
    """The round world, `2 * radius` pixels wide, transparent outside the circle."""
    side = 2 * radius
    land = pygame.Surface((side, side), pygame.SRCALPHA)

    def at(p: tuple[float, float], r: float = 0.86) -> tuple[float, float]:
        return radius + p[0] * radius * r, radius + p[1] * radius * r

    land.fill((*SEA, 255))
    for terrain, poly in REGIONS:
        pygame.draw.polygon(land, TERRAIN[terrain], [at(p) for p in poly])
    line = max(2, radius // 28)
    for _terrain, poly in REGIONS:
        pygame.draw.polygon(land, INK, [at(p) for p in poly], line)
    # a few marks of each terrain, big enough to read at 64 pixels and gone at 16
    for x, y in ((-0.55, -0.62), (-0.2, -0.72), (-0.72, -0.42)):          # farmland: furrows
        for k in range(3):
            a, b = at((x - 0.12, y + k * 0.07)), at((x + 0.12, y + k * 0.07 - 0.04))
            pygame.draw.line(land, (176, 146, 70), a, b, max(1, line // 2))
    for x, y in ((0.42, -0.55), (0.62, -0.3), (0.25, -0.25), (0.7, -0.05)):  # forest: trees
        cx, cy = at((x, y))
        pygame.draw.circle(land, (30, 70, 32), (cx, cy), radius * 0.09)
        pygame.draw.circle(land, (74, 130, 64), (cx - radius * 0.025, cy - radius * 0.03), radius * 0.05)
    for x, y in ((-0.6, 0.62), (-0.3, 0.78)):                             # mountain: peaks
        cx, cy = at((x, y))
        s = radius * 0.2
        pygame.draw.polygon(land, (104, 96, 88), [(cx - s, cy + s * 0.6), (cx, cy - s * 0.8), (cx + s, cy + s * 0.6)])
        pygame.draw.polygon(land, (238, 236, 230), [(cx - s * 0.3, cy - s * 0.38), (cx, cy - s * 0.8),
                                                    (cx + s * 0.3, cy - s * 0.38)])
    for x, y in ((0.35, 0.62), (0.62, 0.42)):                             # swamp: reeds by water
        cx, cy = at((x, y))
        pygame.draw.ellipse(land, (88, 122, 120), (cx - radius * 0.13, cy - radius * 0.04, radius * 0.26, radius * 0.09))
        for k in (-1, 0, 1):
            pygame.draw.line(land, (60, 66, 40), (cx + k * radius * 0.05, cy),
                             (cx + k * radius * 0.07, cy - radius * 0.14), max(1, line // 2))
    # a sea rim: the land ends a little inside the world's edge
    coast = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.circle(coast, (255, 255, 255, 255), (radius, radius), radius * 0.86)
    land.blit(coast, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    world = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.circle(world, SEA, (radius, radius), radius)
    for k in range(3):                                   # the surf along the coast
        pygame.draw.circle(world, (74, 140, 196), (radius, radius), radius * (0.9 + 0.035 * k), max(1, radius // 60))
    world.blit(land, (0, 0))
    pygame.draw.circle(world, INK, (radius, radius), radius * 0.86, max(1, line // 2))
    # light from the top left: a dusk crescent at the bottom right, a shine at the top left
    dusk = pygame.Surface((side, side), pygame.SRCALPHA)
    dusk.fill((10, 14, 40, 90))
    pygame.draw.circle(dusk, (0, 0, 0, 0), (radius * 0.82, radius * 0.8), radius * 1.08)
    world.blit(dusk, (0, 0))
    shine = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.circle(shine, (255, 255, 255, 34), (radius * 0.62, radius * 0.55), radius * 0.34)
    world.blit(shine, (0, 0))
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (radius, radius), radius)
    world.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(world, INK, (radius, radius), radius, max(3, radius // 18))
    return world


def draw(size: int) -> pygame.Surface:
    """The icon, `size` pixels square, with an alpha channel."""
    n = CANVAS
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    corner = n // 6
    top, bottom = (34, 52, 96), (18, 26, 52)
    for y in range(n):                                   # the night sky, lighter at the top
        f = y / (n - 1)
        row = tuple(round(top[i] + (bottom[i] - top[i]) * f) for i in range(3))
        pygame.draw.line(big, row, (0, y), (n - 1, y))
    for sx, sy, r in ((0.16, 0.14, 6), (0.82, 0.2, 5), (0.12, 0.56, 4), (0.9, 0.62, 5), (0.26, 0.9, 4), (0.76, 0.9, 6)):
        pygame.draw.circle(big, (240, 232, 200), (sx * n, sy * n), r * n / 512)   # stars
    shape = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.draw.rect(shape, (255, 255, 255, 255), (0, 0, n, n), border_radius=corner)
    big.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    radius = int(n * 0.37)
    cx, cy = n // 2, int(n * 0.58)
    big.blit(_world(radius), (cx - radius, cy - radius))
    # the banner, planted at the top of the world
    pole_x, pole_foot, pole_top = cx + n * 0.03, cy - radius * 0.9, n * 0.06
    pygame.draw.line(big, (92, 66, 40), (pole_x, pole_foot), (pole_x, pole_top), int(n * 0.022))
    flag = []
    width, depth = n * 0.27, n * 0.15
    for k in range(17):                                  # the upper edge waves, the lower follows
        t = k / 16
        flag.append((pole_x + t * width, pole_top + n * 0.01 + math.sin(t * math.pi * 1.6) * n * 0.018))
    for k in range(16, -1, -1):
        t = k / 16
        flag.append((pole_x + t * width, pole_top + depth + math.sin(t * math.pi * 1.6 + 0.4) * n * 0.018))
    pygame.draw.polygon(big, BANNER, flag)
    pygame.draw.polygon(big, INK, flag, int(n * 0.01))
    pygame.draw.circle(big, (236, 196, 80), (pole_x, pole_top), n * 0.022)
    return pygame.transform.smoothscale(big, (size, size)) if size != n else big


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the PNG images given by size (each at most 256 pixels)."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the PNG images given by size, under their size codes."""
    body = b"".join(ICNS_TYPES[s] + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
                    for s in sorted(pngs) if s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write(folder: Path = ICON_DIR) -> list[Path]:
    """Every icon file into `folder`; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    pngs = {s: png_bytes(draw(s)) for s in SIZES}
    out = []
    for s, data in pngs.items():
        out.append(folder / f"smallworld-{s}.png")
        out[-1].write_bytes(data)
    out.append(folder / "smallworld.ico")
    out[-1].write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
    out.append(folder / "smallworld.icns")
    out[-1].write_bytes(icns(pngs))
    return out


def window_icon() -> pygame.Surface | None:
    """The window's icon from the shipped 64-pixel PNG, or None when it cannot be read."""
    try:
        return pygame.image.load(str(ICON_DIR / "smallworld-64.png"))
    except (OSError, pygame.error):
        return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ui.icon", description="draw the game's icon files")
    ap.add_argument("--out", type=Path, default=ICON_DIR, help=f"folder to write into (default {ICON_DIR})")
    args = ap.parse_args(argv)
    for p in write(args.out):
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
