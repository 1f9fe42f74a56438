"""The build hook that puts the data folders inside the package (metadata: pyproject.toml).

`assets/`, `maps/` and `docs/` stay at the top of the repository, where authors and the tools
expect them; a wheel carries them as `game/data/assets`, `game/data/maps` and
`game/data/docs` (under `data/`, so that the maps folder does not stand beside the `game.maps`
module), where `game.resources` finds them with `importlib.resources`. An editable install (`pip install -e .`)
copies nothing: it runs from the checkout, and `game.resources` finds the folders there.
"""
from __future__ import annotations

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

DATA = ("assets", "maps", "docs")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.tmp", "*.tiled-session")


class build_py_with_data(build_py):
    """build_py, then the data folders copied into the built `game` package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA:
            if not os.path.isdir(name):
                raise SystemExit(f"setup.py: the folder {name}/ is missing beside setup.py; "
                                 "build from a whole checkout or sdist")
            target = os.path.join(self.build_lib, "game", "data", name)
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(name, target, ignore=SKIP)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        out = list(super().get_outputs(include_bytecode))
        if not getattr(self, "editable_mode", False):
            for name in DATA:
                for folder, _dirs, files in os.walk(os.path.join(self.build_lib, "game", "data", name)):
                    out += [os.path.join(folder, f) for f in files]
        return out


setup(cmdclass={"build_py": build_py_with_data})
