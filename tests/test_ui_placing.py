"""Placing by choice in the window, clicked as a player would: the Leprechauns' Pots of Gold
after redeploying (only the clicked regions get one) and the Priestesses' Ivory Tower (clicking
one of their regions takes them into decline with the Tower there). Each has its own hint, and
a click on a region that cannot take it says why."""
from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

from game.match import Seat  # noqa: E402
from game.rules import (  # noqa: E402
    Combo,  # noqa: E402
    Conquer,
    EndTurn,
    Pick,
    Redeploy,
)
from game.rules.turn import default_redeploy  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402

PACKS = Path(__file__).resolve().parents[1] / "assets" / "content" / "expansions"
SHOTS = os.environ.get("I16_SHOTS")


def _table(d: Driver, home: Path, pack: str, combos: list[tuple[str, str]]) -> GameScene:
    """A two-player game with `pack` in, `combos` on top of the column, shown to Ann."""
    table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky")], 17, shipped_map_path(2),
                      [str(PACKS / pack)], home / "autosave.json")
    s = table.match.state.copy()
    for i, (race, power) in enumerate(combos):
        s.column[i] = Combo(race, power)
    table.match.states[-1] = s
    scene = GameScene(d.app, table, viewer=0)
    d.app.switch(scene)
    d.pump(2)
    return scene


def _conquer_twice(scene: GameScene) -> None:
    for _ in range(2):
        first = next(a for a in scene.legal if isinstance(a, Conquer))
        assert scene.send(first)


def _shot(d: Driver, home: Path, name: str) -> None:
    d.screenshot(Path(SHOTS or home) / name)


def test_pots_of_gold_go_in_the_clicked_regions_only(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = _table(d, home, "be_not_afraid.yaml", [("leprechauns", "forest")])
        assert scene.send(Pick(0))
        _conquer_twice(scene)
        s = scene.state
        assert scene.send(Redeploy(tuple(sorted(default_redeploy(s, 0).items()))))
        mode = "use_region:markers_cashed_next_turn"
        assert scene.button(mode) is not None, [b.id for b in scene.buttons]
        d.press_button(mode)
        assert scene.mode == mode and "if you place none" in scene.message
        own = sorted(scene.state.regions_of(0, "leprechauns"))
        assert set(scene.targets()) == set(own)
        _shot(d, home, "pots-mode.png")
        d.click(d.region_point(own[0]))
        rec = scene.table.match.records[-1].action
        assert rec["kind"] == "use" and rec["effect"] == "markers_cashed_next_turn" and rec["region"] == own[0]
        name = scene.state.board.region(own[0]).display_name
        assert scene.message == f"Ann used Leprechauns on {name}"       # the log's line
        d.click(d.region_point(own[0]))                # a second Pot there: refused, with the reason
        assert "already holds a marker" in scene.message
        _shot(d, home, "pots-refused.png")
        assert scene.send(EndTurn())
        marks = {r: scene.state.regions[r].marks.get("pot_of_gold", 0) for r in own}
        assert marks == {r: int(r == own[0]) for r in own}
    finally:
        d.close()


@pytest.mark.slow
def test_the_ivory_tower_stands_in_the_clicked_region(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = _table(d, home, "grand_dames.yaml", [("priestesses", "forest"), ("ratmen", "hill")])
        assert scene.send(Pick(0))
        _conquer_twice(scene)
        assert scene.send(Redeploy(tuple(sorted(default_redeploy(scene.state, 0).items()))))
        for _ in range(2):                              # Ann ends her turn, Bob picks and ends his
            assert scene.send(EndTurn())
            d.press_button("ready")                     # the hand-over screen
            scene = d.scene
            if scene.state.turn.seat == 1:
                assert scene.send(Pick(0))
        mode = "use_region:gather_on_decline"           # Ann's second turn: she may decline
        assert scene.button(mode) is not None, [b.id for b in scene.buttons]
        d.press_button(mode)
        assert "goes into decline now" in scene.message
        own = sorted(scene.state.regions_of(0, "priestesses"))
        assert len(own) == 2 and set(scene.targets()) == set(own)
        _shot(d, home, "tower-mode.png")
        d.click(d.region_point(own[1]))
        rec = scene.table.match.records[-1].action
        assert rec == {"kind": "use", "effect": "gather_on_decline", "region": own[1], "choice": ""}
        s = scene.state
        assert s.regions[own[1]].tokens == 2 and s.regions[own[1]].decline    # one per region held
        assert s.regions[own[0]].owner is None
        assert any(f"gathered in {s.board.region(own[1]).display_name}" in line for line in scene.log_lines)
        d.press_button("ready")                         # Bob's view: the Tower stands
        _shot(d, home, "tower-raised.png")
    finally:
        d.close()
