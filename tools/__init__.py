"""The scripts that make the shipped files, run from the checkout's top folder as modules:
`python -m tools.make_maps` (the four maps), `python -m tools.make_sounds` (the sound effects),
`python -m tools.make_music` (the music), `python -m tools.draw_legend` (the help's legend
pictures). They write into the checkout (`game.resources`); they are not part of the installed
game. The map pictures are drawn by `python -m game.maps draw`, which is.
"""
