"""The building blocks' own moves in the window, clicked as a player would: a move on a region
(Lava, from A Spider's Web) opens a mode that marks the regions it may target, and a move that
chooses a combo of the column (Copycat) opens a mode in which clicking a combo chooses it."""
from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

from game.rules import (  # noqa: E402
    Conquer,
    Redeploy,
    Use,
    default_region,  # noqa: E402
)
from game.rules.turn import default_redeploy  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from tests.ui_games import game_with  # noqa: E402

PACK = str(Path(__file__).resolve().parents[1] / "assets" / "content" / "expansions" / "a_spiders_web.yaml")


def test_lava_is_poured_on_a_clicked_region(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "dwarves", "lava", [PACK])
        board = scene.state.board
        peaks = [a.region for a in scene.legal if isinstance(a, Conquer)
                 and board.region(a.region).terrain == "mountain"]
        assert peaks, "no Mountain on the edge of the map to start from"
        d.click(d.region_point(peaks[0]))
        assert scene.state.regions[peaks[0]].owner == 0
        s = scene.state
        assert default_region(s, 0, "dwarves") is not None
        assert scene.send(Redeploy(tuple(sorted(default_redeploy(s, 0).items()))))
        mode = "use_region:clear_region"
        assert scene.button(mode) is not None, [b.id for b in scene.buttons]
        d.press_button(mode)
        assert scene.mode == mode
        targets = scene.targets()
        assert targets and all(t in board.adjacency[peaks[0]] for t in targets)
        d.screenshot(Path(os.environ.get("I16_SHOTS", home)) / "lava-mode.png")
        target = sorted(targets)[0]
        d.click(d.region_point(target))
        rec = scene.table.match.records[-1].action
        assert rec["kind"] == "use" and rec["effect"] == "clear_region" and rec["region"] == target
        assert scene.state.regions[target].marks.get("lava") == 1
    finally:
        d.close()


@pytest.mark.slow
def test_copycat_borrows_the_power_of_a_clicked_combo(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "copycat", [PACK])
        uses = [a for a in scene.legal if isinstance(a, Use) and a.effect == "borrow_power"]
        assert uses and all(a.choice for a in uses)
        mode = "use_choice:borrow_power"
        assert scene.button(mode) is not None, [b.id for b in scene.buttons]
        d.press_button(mode)
        assert scene.mode == mode
        d.screenshot(Path(os.environ.get("I16_SHOTS", home)) / "copycat-mode.png")
        power = scene.state.column[1].power
        d.click(scene.combo_rects[1].center)             # borrows the power, picks nothing
        assert scene.table.match.records[-1].action == {"kind": "use", "effect": "borrow_power",
                                                        "region": "", "choice": power}
        assert scene.state.players[0].active.power == power
    finally:
        d.close()


INVENTED = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "invented.yaml")


def mimics_next_to_trolls(d, home):  # type: ignore[no-untyped-def]
    """Ann's Mimics (borrow a neighbour's racial ability) at the start of their second turn, with
    Bob's Trolls in a region next to one of theirs."""
    from game.match import Seat
    from game.rules import Combo, EndTurn
    from game.ui.scenes.play import GameScene
    from game.ui.table import Table, shipped_map_path
    table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky")], 17, shipped_map_path(2), [INVENTED],
                      home / "autosave.json")
    s = table.match.state.copy().supply_w()
    s.column_w()
    ours = ("mimics", "trolls")
    spare = [r for r in s.race_stack if r not in ours]
    for i, c in enumerate(s.column):    # the two races nowhere else (the choice then lies on the board only)
        if i > 1 and c.race in ours:
            s.column[i] = Combo(spare.pop(), c.power)
    s.race_stack[:] = [r for r in s.race_stack if r not in ours and r not in {c.race for c in s.column}]
    s.column[0], s.column[1] = Combo("mimics", "commando"), Combo("trolls", "hill")
    table.match.states[-1] = s
    scene = GameScene(d.app, table, viewer=0)
    d.app.switch(scene)
    d.pump(2)
    d.click(scene.combo_rects[0].center)                # Ann picks the Mimics
    board = scene.state.board
    firsts = [a.region for a in scene.legal if isinstance(a, Conquer)]
    # a region of Ann's with a border region next to it for Bob
    mine = next(r for r in firsts if any(n in firsts and n != r for n in board.adjacency[r]))
    assert scene.send(Conquer(mine)) and scene.send(EndTurn())
    ready(d)
    d.click(scene.combo_rects[0].center)                # Bob picks the Trolls
    theirs = next(a.region for a in scene.legal if isinstance(a, Conquer) and mine in board.adjacency[a.region])
    assert scene.send(Conquer(theirs)) and scene.send(EndTurn())
    ready(d)
    return scene, theirs


def ready(d):  # type: ignore[no-untyped-def]
    """The next player, shown the curtain of a hot-seat game, says he is ready."""
    from game.ui.scenes.curtain import PassScene
    d.pump(2)
    assert isinstance(d.scene, PassScene)
    d.press_button("ready")
    d.pump(2)


def test_mimics_borrow_the_ability_of_a_clicked_neighbours_region(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene, theirs = mimics_next_to_trolls(d, home)
        assert scene.state.turn.seat == 0
        assert Use("borrow_power", choice="trolls") in scene.legal
        mode = "use_choice:borrow_power"
        assert scene.button(mode) is not None, [b.id for b in scene.buttons]
        d.press_button(mode)
        assert scene.mode == mode
        assert "click a region of another player's race" in scene.message
        assert theirs in scene.targets()                 # the regions to click are marked
        d.move((640, 790))
        d.screenshot(Path(os.environ.get("I16_SHOTS", home)) / "mimics-mode.png")
        d.click(d.region_point(theirs))                  # borrows the Trolls' ability
        assert scene.table.match.records[-1].action == {"kind": "use", "effect": "borrow_power",
                                                        "region": "", "choice": "trolls"}
        assert scene.state.players[0].active.power == "commando+trolls"
        d.pump(2)
        d.screenshot(Path(os.environ.get("I16_SHOTS", home)) / "mimics-borrowed.png")
    finally:
        d.close()


def test_the_marker_moves_are_made_with_the_mouse(home):
    """Shepherds: a Flock put on a clicked region, then, after redeploying, moved by two clicks
    (the region it leaves, then where it goes); Tollmasters: a Toll put on a clicked combo."""
    d = Driver(Options(pace=0, catch_errors=False, content=[INVENTED]), size=(1000, 650))
    try:
        scene = game_with(d, home, "ratmen", "shepherds", [INVENTED])
        firsts = [a.region for a in scene.legal if isinstance(a, Conquer)][:2]
        d.click(d.region_point(firsts[0]))
        second = next(a.region for a in scene.legal if isinstance(a, Conquer))
        d.click(d.region_point(second))
        a, b = firsts[0], second
        mode = "use_region:marker_pool"
        d.press_button(mode)
        assert scene.mode == mode and a in scene.targets()
        d.click(d.region_point(a))
        assert scene.state.regions[a].marks == {"flock": 1}
        s = scene.state
        assert scene.send(Redeploy(tuple(sorted(default_redeploy(s, 0).items()))))
        mode = "use_region:marker_moves"
        assert scene.button(mode) is not None, [x.id for x in scene.buttons]
        assert scene.button("use_choice:marker_moves") is None
        d.press_button(mode)
        assert set(scene.targets()) == {a}                      # where a Flock lies
        d.click(d.region_point(a))
        assert scene.use_from == a and b in scene.targets()      # now where it may go
        d.screenshot(Path(os.environ.get("I16_SHOTS", home)) / "flock-move.png")
        d.click(d.region_point(b))
        rec = scene.table.match.records[-1].action
        assert rec == {"kind": "use", "effect": "marker_moves", "region": a, "choice": b}
        assert scene.state.regions[b].marks == {"flock": 1} and not scene.state.regions[a].marks
    finally:
        d.close()
    d = Driver(Options(pace=0, catch_errors=False, content=[INVENTED]), size=(1000, 650))
    try:
        scene = game_with(d, home, "ratmen", "tollmasters", [INVENTED])
        mode = "use_choice:column_marker"
        d.press_button(mode)
        race = scene.state.column[2].race
        d.click(scene.combo_rects[2].center)
        assert scene.table.match.records[-1].action == {"kind": "use", "effect": "column_marker", "region": "",
                                                        "choice": race}
        assert scene.state.players[0].memo["column_marks"] == {race: {"toll": 1}}
    finally:
        d.close()
