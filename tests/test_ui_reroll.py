"""A re-roll in the window, as a player meets it: a short final roll with the Lucky power
waits, the message offers to roll again or keep the roll, a button named after the power rolls
it again, and the new face decides the conquest."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from game.rules import Conquer, GameState, Reinforce, ScriptedDice, cost_of  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.strings import t  # noqa: E402
from tests.ui_games import game_with  # noqa: E402

INVENTED = str(Path(__file__).resolve().parents[1] / "docs" / "examples" / "invented.yaml")


def _after_a_first_conquest(d: Driver, home: Path, race: str, power: str) -> tuple[Any, str, GameState]:
    """A game of `race` with `power` whose first conquest was just clicked: the scene, the region
    taken and a copy of the state to set a position up in."""
    scene = game_with(d, home, race, power, [INVENTED])
    first = next(a.region for a in scene.legal if isinstance(a, Conquer))
    d.click(d.region_point(first))
    return scene, first, scene.state.copy()


def test_a_short_roll_is_rolled_again_with_the_powers_button(home, monkeypatch):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene, first, s = _after_a_first_conquest(d, home, "ratmen", "lucky")
        target = next(r for r in s.board.in_order(s.board.neighbours(first))
                      if not s.board.region(r).is_water and s.regions[r].owner is None)
        s.player_w(0).active.hand = 2
        reg = s.reg_w(target)
        reg.owner, reg.race, reg.tokens, reg.lost_tribe = 1, "humans", 1, 0
        reg.tokens += 5 - cost_of(s, 0, target).total          # three short of the two in hand
        s.seal()
        scene.table.match.states[-1] = s
        scene.sync(reset_mode=True)
        faces = iter([[0], [3]])
        monkeypatch.setattr(scene.table.match, "_rng", lambda: ScriptedDice(next(faces), random.Random(0)))
        assert scene.send(Reinforce(target))
        assert scene.message == t("msg.die_choice_reroll", face=0)
        button = scene.button("use:reroll")
        assert button is not None and button.label == "Lucky", [b.id for b in scene.buttons]
        assert scene.button("settle") is not None
        d.pump(3)
        d.screenshot(Path(os.environ.get("REROLL_SHOTS", home)) / "reroll-waits.png")
        d.press_button("use:reroll")
        assert scene.state.regions[target].owner == 0
        assert scene.table.match.records[-1].rolls == [3]
    finally:
        d.close()


def test_a_short_berserk_roll_waits_for_the_reroll_in_the_window(home, monkeypatch):
    """Dicefolk (a re-roll) with Berserk: a roll before a conquest that reaches nothing waits,
    the window offers the re-roll and Keep the roll; the new face then brings a region within
    reach."""
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        scene, first, s = _after_a_first_conquest(d, home, "dicefolk", "berserk")
        s.player_w(0).active.hand = 1
        for rid in s.board.neighbours(first):              # every neighbour costs 4 (2 + 2 defenders)
            if not s.board.region(rid).is_water and s.regions[rid].owner is None:
                reg = s.reg_w(rid)
                reg.owner, reg.race, reg.lost_tribe = 1, "humans", 0
                reg.tokens = 2
        s.seal()
        scene.table.match.states[-1] = s
        scene.sync(reset_mode=True)
        faces = iter([[0], [3]])
        monkeypatch.setattr(scene.table.match, "_rng", lambda: ScriptedDice(next(faces), random.Random(0)))
        d.press_button("berserk_roll")
        assert scene.state.turn.used.get("rolled") == {"berserk": True, "face": 0}
        assert scene.message == t("msg.die_choice_reroll", face=0)
        assert scene.button("use:reroll") is not None and scene.button("settle") is not None
        d.pump(3)
        d.screenshot(Path(os.environ.get("REROLL_SHOTS", home)) / "berserk-reroll-waits.png")
        d.press_button("use:reroll")
        assert "rolled" not in scene.state.turn.used and scene.state.turn.used.get("berserk_die") == 3
        assert scene.button("settle") is None
    finally:
        d.close()
