"""Reading content files into engine objects, with validation.

`game.content.tmx` turns a Tiled map into the engine's `Board` (plus polygons and picture for the
window); `game.content.geometry` holds the pure plane geometry it relies on (hit-testing, shared
borders). Nothing here draws or imports pygame directly; importing a submodule is explicit so
that reading YAML content never pulls in the map reader.
"""
