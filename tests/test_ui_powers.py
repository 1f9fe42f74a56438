"""Every power's own control in the window, clicked as a player would: the Dragon, a Fortress,
the Heroes, the Encampments, the Diplomat's ally, the Berserk roll and the Stout decline.
Each test puts the combo at the top of the column, picks it with the mouse, conquers a region or
two, then uses the power's button and the board."""
from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


from game.match import Seat  # noqa: E402
from game.rules import Conquer  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402
from tests.ui_games import game_with  # noqa: E402


def conquer(d: Driver, scene: GameScene, n: int) -> None:
    for _ in range(n):
        a = next(a for a in scene.legal if isinstance(a, Conquer))
        d.click(d.region_point(a.region))


def last_kind(scene: GameScene) -> str:
    return scene.table.match.records[-1].action["kind"]


def test_the_dragon(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "dragon_master")
        conquer(d, scene, 1)
        d.press_button("dragon")
        assert scene.mode == "dragon" and scene.targets()
        target = next(iter(scene.targets()))
        d.click(d.region_point(target))
        assert last_kind(scene) == "dragon" and scene.state.regions[target].dragon
    finally:
        d.close()


def test_a_fortress(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "fortified")
        conquer(d, scene, 1)
        d.press_button("fortress")
        own = scene.state.active_regions(0)[0]
        d.click(d.region_point(own))
        assert last_kind(scene) == "fortress" and scene.state.regions[own].fortress
    finally:
        d.close()


def test_the_heroes(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "heroic")
        conquer(d, scene, 3)
        d.press_button("heroes")
        own = scene.state.active_regions(0)
        for rid in own[-2:]:
            d.click(d.region_point(rid))
        assert sorted(scene.heroes) == sorted(own[-2:])
        d.press_button("place_heroes")
        assert last_kind(scene) == "heroes"
        assert all(scene.state.regions[r].hero for r in own[-2:])
    finally:
        d.close()


@pytest.mark.slow
def test_placing_the_heroes_chooses_the_regions_clicked_as_the_message_says(home):
    """The message asks for two regions: none is chosen yet, "Place heroes" waits for both, and
    clicking the two regions chooses them (it used to start with two chosen, so the clicks took
    them away again)."""
    from game.ui import strings
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "heroic")
        conquer(d, scene, 2)
        own = scene.state.active_regions(0)
        assert len(own) == 2
        d.press_button("heroes")
        assert scene.message == strings.t("hint.mode.heroes")
        assert scene.heroes == [] and not scene.button("place_heroes").enabled
        d.click(d.region_point(own[0]))
        assert scene.heroes == [own[0]] and not scene.button("place_heroes").enabled
        d.click(d.region_point(own[1]))
        assert sorted(scene.heroes) == sorted(own) and scene.button("place_heroes").enabled
        d.click(d.region_point(own[1]))                  # a second click on a chosen one takes it back
        assert scene.heroes == [own[0]]
        d.click(d.region_point(own[1]))
        d.press_button("place_heroes")
        assert last_kind(scene) == "heroes" and all(scene.state.regions[r].hero for r in own)
    finally:
        d.close()


def test_the_encampments(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "bivouacking")
        conquer(d, scene, 2)
        d.press_button("encampments")
        assert scene.mode == "encampments" and scene.draft is not None
        own = scene.state.active_regions(0)
        donor = max(own, key=lambda r: scene.draft.counts[r])
        other = next(r for r in own if r != donor)
        minus, _ = scene.board_view.chip_rects(donor)
        _, plus = scene.board_view.chip_rects(other)
        d.click(minus.center)
        d.click(plus.center)
        d.press_button("place_encampments")
        assert last_kind(scene) == "encampments", scene.message
        assert scene.state.regions[other].encampments >= 1
    finally:
        d.close()


def test_the_diplomats_ally(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "diplomat")
        conquer(d, scene, 1)
        d.press_button("ally")
        d.press_button("ally:1")
        assert last_kind(scene) == "ally"
    finally:
        d.close()


def test_the_berserk_roll(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "berserk")
        d.press_button("berserk_roll")
        rec = scene.table.match.records[-1]
        assert rec.action["kind"] == "berserk_roll" and rec.rolls
    finally:
        d.close()


def test_the_stout_decline_at_the_end_of_the_turn(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "stout")
        conquer(d, scene, 1)
        d.press_button("stout")
        assert scene.table.match.records[-1].action == {"kind": "end_turn", "decline": True}
        assert scene.table.match.state.players[0].declines
    finally:
        d.close()


def test_abandoning_a_region_before_conquering(home):
    from game.ui.driver import scripted_step
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "alchemist")
        conquer(d, scene, 2)
        d.end_turn()
        for _ in range(50):                      # Bob's turn, then the curtain back to Ann
            if isinstance(d.scene, GameScene) and scene.state.turn.seat == 0 and scene.viewer == 0:
                break
            scripted_step(d)
        assert scene.state.turn.phase == "conquer"
        d.press_button("abandon")
        own = scene.state.active_regions(0)[0]
        d.click(d.region_point(own))
        assert last_kind(scene) == "abandon"
        assert scene.state.regions[own].owner is None
        if scene.state.active_regions(0):              # still allowed before a conquest
            assert scene.button("abandon") is not None
    finally:
        d.close()


def ghouls_in_decline(d: Driver, home) -> GameScene:
    """Ann holds no Active race and one region of In Decline Ghouls with 2 tokens (1 readied
    into their hand); every neighbour of it is empty land, 2 tokens for them: 1 short."""
    from game.rules import LOST_TRIBE, RaceHold
    from game.rules.invariants import check
    table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky")], 17, shipped_map_path(2), [],
                      home / "autosave.json")
    s = table.match.state.copy().supply_w()          # its own tray: a copy shares it
    board = s.board
    home_rid = next(r for r in board.entry
                    if not board.region(r).is_water and board.region(r).terrain != "mountain"
                    and all(not board.region(n).is_water for n in board.adjacency[r]))
    for rid in [home_rid, *board.adjacency[home_rid]]:
        reg = s.reg_w(rid)
        s.tray[LOST_TRIBE] += reg.lost_tribe
        reg.lost_tribe = 0
        reg.mountain = False
    g = s.reg_w(home_rid)
    g.owner, g.race, g.tokens, g.decline = 0, "ghouls", 1, True
    s.player_w(0).declines = [RaceHold("ghouls", None, 1)]
    s.tray["ghouls"] -= 2
    s.column = [c for c in s.column if c.race != "ghouls"]
    s.race_stack = [r for r in s.race_stack if r != "ghouls"]
    s.seal()
    assert not check(s)
    table.match.states[-1] = s
    scene = GameScene(d.app, table, viewer=0)
    d.app.switch(scene)
    d.pump(2)
    return scene


def test_the_in_decline_ghouls_final_conquest_with_the_die(home):
    from game.ui import theme
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = ghouls_in_decline(d, home)
        target = next(a.region for a in scene.legal if a.kind == "ghouls_reinforce")
        assert scene.mode == "pick" and scene.targets()[target] == theme.MARK_REINFORCE
        d.click(d.region_point(target))             # amber in the pick mode: the message names the button
        assert len(scene.table.match.records) == 0 and "2" in scene.message
        d.press_button("ghouls_reinforce")
        assert scene.mode == "ghouls_reinforce" and target in scene.targets()
        d.move(d.region_point(target))
        if os.environ.get("SHOTS"):
            d.screenshot(os.path.join(os.environ["SHOTS"], "ghouls_reinforce.png"))
        d.click(d.region_point(target))
        rec = scene.table.match.records[-1]
        assert rec.action == {"kind": "ghouls_reinforce", "region": target} and len(rec.rolls) == 1
        assert all(a.kind not in ("ghouls", "ghouls_reinforce") for a in scene.legal)
        die_line = next(ln for ln in scene.log_lines if " rolled " in ln)
        assert "Ghouls" in die_line, die_line              # the log says whose die it was
    finally:
        d.close()


def test_the_mercenary_coin_after_the_roll(home, tmp_path):
    """R23: the final die is rolled and shown, then the Mercenary's coin is offered before the
    result applies; the player clicks it and the conquest is made."""
    import random

    from game.rules import cost_of
    from game.rules.actions import Reinforce
    from game.rules.chance import ScriptedDice

    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene = game_with(d, home, "ratmen", "mercenary", ["assets/content/expansions/be_not_afraid.yaml"])

        s = scene.state
        costs = {a.region: cost_of(s, 0, a.region).total for a in scene.legal if isinstance(a, Conquer)}
        target = max(costs, key=costs.__getitem__)      # a region with a Lost Tribe or a Mountain
        s = s.copy().supply_w()                          # keep in hand two tokens fewer than it costs
        hold = s.player_w(0).active
        s.tray["ratmen"] += hold.hand - (costs[target] - 2)
        hold.hand = costs[target] - 2
        s.seal()
        scene.table.match.states[-1] = s
        scene.sync(reset_mode=True)
        assert Reinforce(target) in scene.legal
        scene.table.match._rng = lambda: ScriptedDice([0], random.Random(0))   # the die shows 0
        d.click(d.region_point(target))           # asks "roll the die?"...
        d.click(d.region_point(target))           # ...and rolls it
        assert last_kind(scene) == "reinforce" and scene.state.regions[target].owner != 0
        assert scene.button("settle") is not None and scene.button("use:buy_discount") is not None
        d.screenshot(tmp_path / "mercenary-after-the-roll.png")
        coins = scene.state.players[0].coins
        d.press_button("use:buy_discount")
        assert last_kind(scene) == "use"
        assert scene.state.regions[target].owner == 0 and scene.state.players[0].coins == coins - 1
        assert scene.button("settle") is None
    finally:
        d.close()
