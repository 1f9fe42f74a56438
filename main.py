#!/usr/bin/env python3
"""Small World at the family table, from a checkout: `python main.py` opens the game window.

The same program as the installed `smallworld` command and `python -m game`, with the same
options (`--help`; they are described in `game/cli.py`).
"""
from __future__ import annotations

import sys

from game import native

if __name__ == "__main__":          # the game: the compiled engine when it is built, looked for first
    native.enable()

from game.cli import main, parse

__all__ = ["main", "parse"]

if __name__ == "__main__":
    sys.exit(main(prog="main.py"))
