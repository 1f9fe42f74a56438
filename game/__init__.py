"""Small World at the family table: a hot-seat digital edition of the board game.

`game.rules` is the pure rules engine; `game.content` reads maps and YAML content;
`game.ui` is the only package that imports pygame. `game.cli` is the command line (`smallworld`,
`python -m game`, `main.py`), and `game.resources` finds the shipped files, in a checkout or
installed. Importing the package loads nothing else: each program's entry point calls
`game.native.enable()` first, which runs the engine compiled when a build of these very sources
is there.

`__version__` is the one place the version is written: the package metadata (pyproject.toml),
`smallworld --version`, the self-test, the start screen and the download's name read it. It moves
with every release that changes the game, with its entry at the top of CHANGELOG.md
(`tests/test_version.py` holds the two together, and fails when the game changed since the
release tagged with this version).
"""

__version__ = "1.2.0"
