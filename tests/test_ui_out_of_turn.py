"""A decision out of turn in the window, as two players at one table meet it: Bob takes a region
of Ann's Sentinels; the screen is handed over to Ann, who is told Bob's turn waits for her; her
receiving regions are marked, a click moves the tokens, and the screen goes back to Bob, who
carries on. "Leave them" makes the decision without moving anything."""
from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

from game.rules import Conquer, RaceHold, asked  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.strings import t  # noqa: E402
from tests.ui_games import game_with  # noqa: E402

INVENTED = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "invented.yaml")


def _bob_attacks(d: Driver, home: Path) -> tuple[GameScene, str, str, str]:
    """Ann's Sentinels hold a lone region next to Bob's Ratmen and a stack behind it, with a
    third region of hers next to both; it is Bob's turn. Returns the scene, the region Bob
    attacks, Ann's stack and the region that may receive tokens."""
    scene = game_with(d, home, "sentinels", "stout", [INVENTED])
    s = scene.state.copy().supply_w()          # its own tray: a copy shares it
    board = s.board
    land = [r for r in board.index if not board.region(r).is_water]
    # three land regions of Ann's in a triangle (each next to the other two), one touching a fourth
    pick = None
    for a in land:
        for b in board.in_order(board.neighbours(a)):
            for c in board.in_order(board.neighbours(a) & board.neighbours(b)):
                if b in land and c in land:
                    outside = [x for x in board.in_order(board.neighbours(a)) if x in land and x not in (b, c)]
                    if outside:
                        pick = (a, b, c, outside[0])
                        break
            if pick:
                break
        if pick:
            break
    assert pick is not None
    lone, stack, other, bobs = pick
    for rid in s.regions:
        if s.regions[rid].tokens or s.regions[rid].lost_tribe:
            w = s.reg_w(rid)
            w.owner, w.race, w.tokens, w.lost_tribe = None, None, 0, 0
    for rid, seat, race, n in ((lone, 0, "sentinels", 1), (stack, 0, "sentinels", 3),
                               (other, 0, "sentinels", 1), (bobs, 1, "ratmen", 1)):
        w = s.reg_w(rid)
        w.owner, w.race, w.tokens, w.decline = seat, race, n, False
    ann, bob = s.player_w(0), s.player_w(1)
    ann.active.hand = 0
    bob.active = RaceHold("ratmen", "hill", 8)
    s.tray["sentinels"] = 12 - 5
    turn = s.turn_w()
    turn.seat, turn.phase, turn.picked = 1, "conquer", True
    s.seal()
    scene.table.match.states[-1] = s
    scene.viewer = 1
    scene.sync(reset_mode=True)
    return scene, lone, stack, other


@pytest.mark.slow
def test_the_defender_decides_out_of_turn_in_the_window(home: Path) -> None:
    shots = Path(os.environ.get("OUT_OF_TURN_SHOTS", home))
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene, lone, stack, other = _bob_attacks(d, home)
        assert scene.send(Conquer(lone))
        assert asked(scene.state) is not None
        d.pump(3)
        assert isinstance(d.app.scene, PassScene) and d.app.scene.seat == 0, "not handed over to Ann"
        d.screenshot(shots / "out-of-turn-pass.png")
        d.press_button("ready")
        d.pump(2)
        assert d.app.scene is scene and scene.viewer == 0
        assert scene.message == t("hint.mode.asked", name="Sentinels", attacker="Bob")
        marks = scene.targets()
        assert set(marks) == {other} and marks[other] == theme.MARK_POWER, marks
        leave = scene.button("use:redeploy_out_of_turn")
        assert leave is not None and leave.label == t("button.leave_as_is")
        assert scene.button("end_turn") is None
        d.screenshot(shots / "out-of-turn-decide.png")
        d.click(d.region_point(other))
        s = scene.state
        assert asked(s) is None and s.regions[other].tokens == 3 and s.regions[stack].tokens == 1
        d.pump(3)
        assert isinstance(d.app.scene, PassScene) and d.app.scene.seat == 1, "not handed back to Bob"
    finally:
        d.close()


@pytest.mark.slow
def test_the_decision_reads_in_four_languages_at_both_sizes(home: Path) -> None:
    """The hand-over and the decision, in each language at 1000x650 and 1280x800: the message
    line and the buttons hold their text (no overflow noted by the text renderer)."""
    from game.ui import strings
    shots = Path(os.environ.get("OUT_OF_TURN_SHOTS", home))
    try:
        for lang in strings.LANGUAGES:
            strings.set_language(lang)
            for size in ((1000, 650), (1280, 800)):
                d = Driver(Options(pace=0, catch_errors=False, lang=lang), size=size)
                try:
                    scene, lone, _, other = _bob_attacks(d, home)
                    assert scene.send(Conquer(lone))
                    d.pump(3)
                    assert isinstance(d.app.scene, PassScene)
                    d.screenshot(shots / f"out-of-turn-pass-{lang}-{size[0]}.png")
                    d.press_button("ready")
                    d.pump(2)
                    assert scene.message == t("hint.mode.asked", name="Sentinels", attacker="Bob")
                    d.screenshot(shots / f"out-of-turn-decide-{lang}-{size[0]}.png")
                    assert d.app.text.overflows == [], (lang, size, d.app.text.overflows)
                finally:
                    d.close()
    finally:
        strings.set_language("en")


@pytest.mark.slow
def test_two_players_play_a_whole_game_with_decisions_out_of_turn_through_the_mouse(home: Path) -> None:
    """Ann (Nightwatch: asked at the end of each of Bob's turns) and Bob at one table play to
    the end with the plain scripted moves: every decision out of turn reaches the right player
    through a hand-over and is made with a click."""
    from game.match import Seat
    from game.rules import Combo
    from game.ui.driver import scripted_step
    from game.ui.scenes.final import FinalScene
    from game.ui.table import Table, shipped_map_path
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky")], 17, shipped_map_path(2), [INVENTED],
                          home / "autosave.json")
        s = table.match.state.copy()
        s.column[0] = Combo("sentinels", "nightwatch")
        s.column[1] = Combo("bulldozers", "landslide")
        table.match.states[-1] = s
        scene = GameScene(d.app, table, viewer=0)
        d.app.switch(scene)
        d.pump(2)
        done: list[str] = []
        asked_of: list[int] = []
        for _ in range(3000):
            if isinstance(d.scene, FinalScene):
                break
            if isinstance(d.scene, GameScene) and asked(d.scene.state) is not None:
                asked_of.append(d.scene.viewer)
            step = scripted_step(d)
            done.append(step)
        assert isinstance(d.scene, FinalScene), done[-20:]
        assert done.count("asked") > 0, "no decision out of turn was made"
        assert set(asked_of) == {0}, asked_of          # always shown to Ann, the one asked
    finally:
        d.close()
