"""A whole 2-player game played through the window with the mouse, headless, in English and
in Romanian (`--lang ro`).

Real mouse events go into pygame's queue at points computed from the region polygons scaled to
the window (a region's token spot) and from the buttons' rectangles: the start screen, the
hand-overs, picks, conquests, an illegal click, a reinforcement with the die, a redeploy with
+/− and a drag, a decline, the defenders placing their tokens, and the final scores. In
Romanian the refusal, the log and the buttons speak Romanian, and no key falls back to English.
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time  # noqa: E402

import pytest  # noqa: E402

from game.match import Match  # noqa: E402
from game.rules import (  # noqa: E402  # noqa: E402
    CONQUER,
    PICK,
    REDEPLOY,
    WITHDRAW,
    Conquer,
    Decline,
    Pick,
    Reinforce,
    why_illegal,  # noqa: E402
)
from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402

SEED = 11


def playable_pick(scene: GameScene) -> int | None:
    s = scene.state
    cat = s.catalog
    for a in scene.legal:
        if isinstance(a, Pick):
            c = s.column[a.index]
            if c.race not in cat.missing and c.power not in cat.missing:
                return a.index
    return None


def cheapest_conquest(scene: GameScene) -> str | None:
    from game.rules import cost_of
    s = scene.state
    seat = s.turn.seat
    options = [a.region for a in scene.legal if isinstance(a, Conquer)]
    if not options:
        return None
    # attacking the other player's stacks first makes them place tokens they got back
    attacks = [r for r in options if s.regions[r].owner not in (None, seat) and s.regions[r].tokens >= 2]
    return min(attacks or options, key=lambda r: (cost_of(s, seat, r).total, r))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_a_whole_two_player_game_with_the_mouse(home, lang):
    started = time.monotonic()
    d = Driver(Options(pace=0, catch_errors=False, seed=SEED, lang=lang))
    try:
        d.pump(3)
        assert isinstance(d.scene, StartScene)
        # the players type their names
        start = d.scene
        for i, name in enumerate(("Ann", "Bob")):
            field = start.names[i]
            d.click(field.rect.center)
            for _ in range(len(field.value)):
                d.key(8)        # backspace
            start.focus.value = ""
            d.type_text(name)
        d.press_button("start")
        d.pump(2)
        assert isinstance(d.scene, PassScene)           # Ann gets the computer first
        game: GameScene = d.scene.game
        match = game.table.match
        assert [p.name for p in match.state.players] == ["Ann", "Bob"]

        seen = {"illegal": False, "reinforce": False, "redeploy": False, "decline": False, "withdraw": False,
                "pass": 0, "conquests": 0, "picks": 0, "drag": False}
        for _ in range(2000):
            scene = d.scene
            if isinstance(scene, FinalScene):
                break
            if isinstance(scene, PassScene):
                seen["pass"] += 1
                d.press_button("ready")
                assert isinstance(d.scene, GameScene)
                continue
            assert isinstance(scene, GameScene), type(scene)
            s = scene.state
            phase = s.turn.phase
            before = len(match.records)
            if phase == WITHDRAW:
                assert scene.draft is not None and scene.draft.pool() > 0, "the tokens got back start in hand"
                assert not any(scene.draft.counts.values())
                d.press_button("place")
                assert len(match.records) == before and scene.message_kind == "warn"
                d.press_button("place")
                assert len(match.records) == before + 1
                seen["withdraw"] = True
            elif phase == PICK:
                i = playable_pick(scene)
                assert i is not None, "no playable combo in the column"
                d.click(scene.combo_rects[i].center)
                assert len(match.records) == before + 1, scene.message
                assert match.records[-1].action["kind"] == "pick"
                seen["picks"] += 1
            elif phase == CONQUER:
                if not seen["illegal"] and s.players[s.turn.seat].active is not None:
                    # a click on the sea: nothing changes, the engine's reason is shown
                    sea = next(r.id for r in s.board.regions if r.is_water)
                    d.click(d.region_point(sea))
                    assert len(match.records) == before
                    assert scene.message_kind == "bad" and scene.message
                    assert scene.message == strings.say(why_illegal(s, Conquer(sea)), s)
                    if lang == "ro":
                        assert "nu pot fi cucerite" in scene.message, scene.message
                    seen["illegal"] = True
                    continue
                if (not seen["decline"] and s.round >= 4 and s.turn.seat == 0 and Decline() in scene.legal):
                    d.press_button("decline")           # asks to confirm
                    assert len(match.records) == before
                    d.press_button("decline")
                    assert match.records[-1].action["kind"] == "decline"
                    seen["decline"] = True
                    continue
                target = cheapest_conquest(scene)
                if target is not None:
                    d.click(d.region_point(target))
                    assert len(match.records) == before + 1, scene.message
                    assert match.records[-1].action == {"kind": "conquer", "region": target}
                    seen["conquests"] += 1
                    continue
                reinforce = [a.region for a in scene.legal if isinstance(a, Reinforce)]
                if reinforce and not seen["reinforce"]:
                    d.click(d.region_point(reinforce[0]))      # the die in one step: it asks first
                    assert len(match.records) == before, "nothing is played before the player agrees"
                    assert scene.confirm_die == reinforce[0] and scene.message_kind == "warn"
                    d.press_button("roll_die")
                    assert match.records[-1].action["kind"] == "reinforce"
                    assert match.records[-1].rolls, "the die was rolled"
                    seen["reinforce"] = True
                    continue
                own = s.active_regions(s.turn.seat)
                if not seen["redeploy"] and len(own) >= 2:
                    d.press_button("redeploy")
                    assert scene.mode == "redeploy" and scene.draft is not None
                    draft = scene.draft
                    a, b = own[0], own[1]
                    pool = draft.pool()
                    minus, plus = scene.board_view.chip_rects(b)
                    d.click(plus.center)                # a token from the hand onto b
                    if pool > 0:
                        assert draft.counts[b] == draft.start[b] + 1
                    d.drag(d.region_point(b), d.region_point(a))   # and one dragged from b to a
                    if draft.counts[b] < draft.start[b] + (1 if pool > 0 else 0):
                        seen["drag"] = True
                    d.end_turn()
                    kinds = [r.action["kind"] for r in match.records[before:]]
                    assert kinds[:2] == ["redeploy", "end_turn"], (kinds, scene.message)
                    seen["redeploy"] = True
                    continue
                d.end_turn()
                assert len(match.records) > before, scene.message
            elif phase == REDEPLOY:
                hold = s.players[s.turn.seat].active
                in_hand = scene.draft.pool() if scene.draft is not None else (hold.hand if hold else 0)
                if in_hand > 0 and s.active_regions(s.turn.seat):
                    d.press_button("end_turn")             # tokens in hand: it says where they go first
                    assert len(match.records) == before and scene.message_kind == "warn", scene.message
                    seen["hand_asked"] = True
                d.end_turn()
                assert len(match.records) > before, scene.message
            else:
                pytest.fail(f"unexpected phase {phase}")
        else:
            pytest.fail("the game did not end")

        final = d.scene
        assert isinstance(final, FinalScene)
        s = match.state
        assert s.game_over and s.winners
        assert seen["conquests"] >= 10 and seen["picks"] >= 3
        assert seen["illegal"] and seen["reinforce"] and seen["redeploy"] and seen["decline"] and seen["drag"]
        assert seen["withdraw"], "a defender placed the tokens they got back"
        assert seen["pass"] >= 2 * s.board.turns - 1
        # the autosave holds the finished game, and it replays to the same position
        again = Match.load(game.table.save_path)
        assert again.state == s
        if lang == "ro":
            assert final.button("new").label == "Joc nou"
            assert any(" a cucerit " in line for line in game.log_lines), game.log_lines[-5:]
            assert [k for lg, k in strings.missing() if lg == "ro"] == []
        assert time.monotonic() - started < 60
    finally:
        d.close()
        strings.set_language("en")
