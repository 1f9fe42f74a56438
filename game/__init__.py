"""Small World at the family table: a hot-seat digital edition of the board game.

`game.rules` is the pure rules engine; `game.content` reads maps and YAML content;
`game.ui` is the only package that imports pygame. `game.cli` is the command line (`smallworld`,
`python -m game`, `main.py`), and `game.resources` finds the shipped files, in a checkout or
installed. Importing the package loads nothing else: each program's entry point calls
`game.native.enable()` first, which runs the engine compiled when a build of these very sources
is there.
"""

__version__ = "1.0.0"
