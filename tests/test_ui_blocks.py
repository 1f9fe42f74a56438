"""The building blocks' own moves in the window, clicked as a player would: a move on a region
(Lava, from A Spider's Web) opens a mode that marks the regions it may target, and a move that
chooses a combo of the column (Copycat) opens a mode in which clicking a combo chooses it."""
from __future__ import annotations

import os

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
