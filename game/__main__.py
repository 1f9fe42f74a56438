"""`python -m game`: the game window, with the options of `smallworld` (see `game.cli`)."""
from __future__ import annotations

import sys

from game import native

if __name__ == "__main__":          # the game: the compiled engine when it is built, looked for first
    native.enable()

from game.cli import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m game"))
