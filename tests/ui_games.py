"""Games opened in the window for the UI tests: a two-player table (Ann and Bob on the map for
two) with a chosen race and power at the top of the column, picked with the mouse."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from game.match import Seat
from game.rules import Combo
from game.ui.driver import Driver
from game.ui.scenes.play import GameScene
from game.ui.table import Table, shipped_map_path


def game_with(d: Driver, home: Path, race: str, power: str, content: Sequence[str] = ()) -> GameScene:
    """A new game saved in `home` whose first combo is `race` with `power` (from the base game or
    the `content` files), already picked by the first player, Ann."""
    table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky")], 17, shipped_map_path(2), list(content),
                      home / "autosave.json")
    s = table.match.state.copy()
    s.column[0] = Combo(race, power)
    table.match.states[-1] = s
    scene = GameScene(d.app, table, viewer=0)
    d.app.switch(scene)
    d.pump(2)
    d.click(scene.combo_rects[0].center)
    assert table.match.records[-1].action == {"kind": "pick", "index": 0}
    return scene
