"""Things move on the table: what travels is read from the states before and after an intent,
flights play over the frame at the chosen pace, a click lands them, and drawing them changes
nothing in the game."""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.match import Seat  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver, scripted_step  # noqa: E402
from game.ui.motion import Motion, Move, moves_between  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402


def _game(pace: float) -> tuple[Driver, GameScene]:
    home = Path(tempfile.mkdtemp())
    d = Driver(Options(pace=pace, catch_errors=False, save_path=home / "s.json"))
    table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky")], 5, shipped_map_path(2), [], home / "s.json")
    g = GameScene(d.app, table, viewer=0)
    d.app.switch(g)
    d.pump(2)
    return d, g


def test_a_conquest_sends_tokens_from_the_hand_and_the_defender_home_and_to_the_tray() -> None:
    d, g = _game(0)
    try:
        m = g.table.match
        found = None
        for _ in range(300):
            scripted_step(d)
            rec = m.records[-1] if m.records else None
            if rec is not None and rec.action.get("kind") == "conquer":
                before, after = m.states[-2], m.states[-1]
                r = before.regions[rec.action["region"]]
                if r.race and r.owner is not None and r.owner != before.turn.seat and r.tokens >= 2 \
                        and not r.decline:
                    found = (before, after, rec)
                    break
        assert found is not None, "no attack on another player's stack in 300 steps"
        before, after, rec = found
        rid = rec.action["region"]
        moves = moves_between(before, after, rec.action)
        seat, defender = before.turn.seat, before.regions[rid].owner
        assert Move("token", f"hand:{seat}", f"region:{rid}", race=after.regions[rid].race,
                    count=after.regions[rid].tokens) in moves
        assert any(mv.source == f"region:{rid}" and mv.target == "tray" and mv.count == 1 for mv in moves)
        back = [mv for mv in moves if mv.source == f"region:{rid}" and mv.target == f"hand:{defender}"]
        assert back and back[0].count == before.regions[rid].tokens - 1
    finally:
        d.close()


def test_flights_play_at_pace_a_click_lands_them_and_drawing_changes_nothing() -> None:
    d, g = _game(1)
    try:
        now = g.app.clock()
        g.motion.play([Move("token", "hand:0", "region:" + next(iter(g.board_view.spots)), race="elves", count=3)],
                      g.place_of, now, 1.0)
        assert len(g.motion.flights) == 3 and g.motion.busy(now + 0.1)
        state, records = g.state, len(g.table.match.records)
        saved = {rid: (r.owner, r.race, r.tokens) for rid, r in g.state.regions.items()}
        surf = pygame.Surface(d.app.size())
        for k in range(5):
            g.draw(surf) if k == 0 else g.motion.draw(surf, g.app.sprites, 30, now + 0.1 * k)
        assert g.state is state and len(g.table.match.records) == records
        assert {rid: (r.owner, r.race, r.tokens) for rid, r in g.state.regions.items()} == saved
        corner = (2, d.app.size()[1] - 2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=corner, button=1))
        d.pump()
        assert g.motion.flights == [] and not g.motion.busy(g.app.clock())
    finally:
        d.close()


def test_a_pace_of_zero_shows_no_flight() -> None:
    m = Motion()
    m.play([Move("token", "a", "b", race="elves")], lambda w: (0, 0), 0.0, 0.0)
    assert m.flights == []


def _targets_shown(d: Driver, g: GameScene) -> None:
    """Play on until the viewer is conquering with targets on the board."""
    for _ in range(200):
        if d.scene is g and g.mode == "conquer" and g.targets() and not g.table.is_bot(g.table.actor()):
            return
        scripted_step(d)
        if d.scene is not g:
            d.press_button("ready")
    raise AssertionError("no conquest with targets in 200 steps")


def test_the_targets_outline_marches_at_a_modest_rate_and_changes_nothing(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.board_view import DASH_PHASES, DASH_RATE
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))      # the animation setting is changed below
    d, g = _game(1)
    try:
        _targets_shown(d, g)
        clock = [1000.0]
        d.app.clock = lambda: clock[0]
        d.app.dirty()
        d.pump()
        dashes = g.marching()
        assert dashes is not None and len(dashes.layers) == DASH_PHASES and dashes.boxes
        wait = g.wake_in(clock[0])
        assert wait is not None and 0 < wait <= 1 / DASH_RATE + 1e-9    # it asks to be woken, not more often
        state, records = g.state, len(g.table.match.records)
        box = dashes.boxes[0]
        before = pygame.image.tobytes(d.app.screen.subsurface(box), "RGB")
        frames = d.app.frames
        d.pump()                                   # nothing changed yet: no frame
        assert d.app.frames == frames
        clock[0] += 1 / DASH_RATE
        d.pump()                                   # the next step: a frame, and the dashes moved
        assert d.app.frames == frames + 1
        assert pygame.image.tobytes(d.app.screen.subsurface(box), "RGB") != before
        assert g.state is state and len(g.table.match.records) == records
        assert g.pending_in(clock[0]) is None      # the march is no errand: waiting for the game ends
        t0 = time.monotonic()
        d.settle(limit=5.0)
        assert time.monotonic() - t0 < 2.0, "settling waited on the targets' dashes"
        d.app.set_animation("off")                 # "Animations: none" keeps the outline still
        d.pump()
        assert g.marching() is None and g.wake_in(clock[0]) is None
    finally:
        d.close()
