"""Photograph Tiled itself for the map guide (docs/images/tiled-template.png): a region placed
from `maps/templates/region.tx` on a copy of the two-player map, selected, its id, label and
terrain chosen by hand, the other properties still the template's (greyed).

Tiled 1.8 runs in a virtual X screen (`Xvfb -fbdir`, whose screen is a file in XWD form) with a
settings folder of its own: the project and the open map come from a session file, and a small
Tiled extension selects the region; the screen is read back, cropped and saved as PNG. Nothing
outside a temporary folder is touched but the picture written.

    python -m tools.tiled_shot                 # rewrite docs/images/tiled-template.png
    python -m tools.tiled_shot --out shot.png  # write it elsewhere
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pygame

from game import resources

OUT = resources.DOCS / "images" / "tiled-template.png"
MAPS = resources.DOCS.parent / "maps"
SCREEN = (1280, 800)
CROP = (0, 0, 955, 505)         # the Project view, the region's properties and the map around it
DISPLAY = ":77"

#: selects the region placed from the template (object 24) as soon as the map is open
SELECT = """
function pick(asset) {
    if (!asset || !asset.isTileMap) return;
    for (let i = 0; i < asset.layerCount; ++i) {
        const layer = asset.layerAt(i);
        if (!layer.isObjectLayer) continue;
        for (const o of layer.objects)
            if (o.id === 24) { asset.currentLayer = layer; asset.selectedObjects = [o]; }
    }
}
tiled.activeAssetChanged.connect(pick);
tiled.assetOpened.connect(pick);
"""

#: the region placed from the template: its id (Name), label and terrain typed in by hand
PLACED = """ <object id="24" name="greyhill" template="../maps/templates/region.tx" x="369.41" y="826.22">
  <properties>
   <property name="label" value="Greyhill"/>
   <property name="terrain" propertytype="terrain" value="hill"/>
  </properties>
 </object>
 </objectgroup>"""


def read_xwd(path: Path) -> pygame.Surface:
    """The screen of `Xvfb -fbdir`: an XWD file of 32-bit pixels (blue, green, red, unused)."""
    data = path.read_bytes()
    head = struct.unpack(">25I", data[:100])
    size, width, height, per_line, colours = head[0], head[4], head[5], head[12], head[19]
    start = size + colours * 12
    rows = b"".join(data[start + y * per_line:start + y * per_line + width * 4] for y in range(height))
    shot = pygame.image.frombuffer(rows, (width, height), "BGRA")
    out = pygame.Surface((width, height))
    out.blit(shot, (0, 0))
    return out


def stage(top: Path) -> Path:
    """The project, a copy of the two-player map with the placed region, Tiled's settings and
    session, in `top`; returns the settings folder."""
    maps = top / "maps"
    shutil.copytree(MAPS / "templates", maps / "templates")
    for name in ("five_players.tmx", "four_players.tmx", "three_players.tmx", "two_players.tmx",
                 "two_players.png", "smallworld.tiled-project"):
        shutil.copy(MAPS / name, maps / name)
    project = json.loads((maps / "smallworld.tiled-project").read_text(encoding="utf-8"))
    project["commands"] = []                       # nothing of ours runs from this copy
    (maps / "smallworld.tiled-project").write_text(json.dumps(project, indent=4), encoding="utf-8")
    work = top / "work"
    work.mkdir()
    text = (MAPS / "two_players.tmx").read_text(encoding="utf-8")
    text = text.replace('source="two_players.png"', 'source="../maps/two_players.png"')
    text = text.replace('nextobjectid="24"', 'nextobjectid="25"').replace(" </objectgroup>", PLACED)
    mine = work / "gui_two.tmx"
    mine.write_text(text, encoding="utf-8")
    session = maps / "smallworld.tiled-session"
    session.write_text(json.dumps({
        "project": str(maps / "smallworld.tiled-project"), "activeFile": str(mine), "openFiles": [str(mine)],
        "expandedProjectPaths": [str(maps), str(maps / "templates")],
        "fileStates": {str(mine): {"scale": 0.25, "selectedLayer": 1, "viewCenter": {"x": 800, "y": 560}}},
    }, indent=4), encoding="utf-8")
    config = top / "config"
    (config / "mapeditor.org").mkdir(parents=True)
    (config / "mapeditor.org" / "tiled.conf").write_text(
        f"[Project]\nLastSession={session}\n\n[Install]\nRunCount=2\n", encoding="utf-8")
    (config / "tiled" / "extensions").mkdir(parents=True)
    (config / "tiled" / "extensions" / "select.js").write_text(SELECT, encoding="utf-8")
    return config


def shoot(out: Path, wait: float = 8.0) -> None:
    for program in ("Xvfb", "tiled"):
        if shutil.which(program) is None:
            sys.exit(f"tiled_shot: {program} is not installed (apt-get install xvfb tiled)")
    with tempfile.TemporaryDirectory() as tmp:
        top = Path(tmp)
        config = stage(top)
        frames = top / "frames"
        frames.mkdir()
        runtime = top / "runtime"
        runtime.mkdir(mode=0o700)
        screen = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
                                   "-fbdir", str(frames), "-nolisten", "tcp"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(2)
            env = {**os.environ, "DISPLAY": DISPLAY, "XDG_CONFIG_HOME": str(config),
                   "XDG_RUNTIME_DIR": str(runtime), "HOME": str(top)}
            env.pop("QT_QPA_PLATFORM", None)
            editor = subprocess.Popen(["tiled", "--new-instance"], cwd=top / "work", env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                time.sleep(wait)
                shot = read_xwd(frames / "Xvfb_screen0").subsurface(CROP).copy()
            finally:
                editor.terminate()
                editor.wait(10)
        finally:
            screen.terminate()
            screen.wait(10)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(shot, str(out))
    print(f"wrote {out} ({shot.get_width()}x{shot.get_height()})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=OUT, help="where the PNG goes")
    ap.add_argument("--wait", type=float, default=8.0, help="seconds for Tiled to open the map")
    args = ap.parse_args(argv)
    shoot(args.out, args.wait)
    return 0


if __name__ == "__main__":
    sys.exit(main())
