"""The first game that teaches, played to its end through posted events: from the title screen,
each step is done the way its card says (pick, conquer on the edge, more conquests, the die or
the die, redeploy and end the turn, the score, the computer's turn (with no hand-over screen for
one person), decline, a new combo) and
the lesson moves on only when the move is made; a step can be skipped (F2) and the lesson left;
it starts again from the title screen; every card fits in the four languages."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import (  # noqa: E402
    PICK,
    WITHDRAW,
    cost_of,  # noqa: E402
)
from game.ui import strings  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.tutorial import STEPS  # noqa: E402


def do_step(d: Driver, game: GameScene, sid: str) -> None:
    """What the card of step `sid` asks, done with the mouse and the keyboard."""
    s = game.state
    if s.turn.phase == WITHDRAW:
        d.press_button("place")
    elif sid in ("welcome", "score", "end"):
        d.key(pygame.K_RETURN)
    elif sid in ("pick", "new_combo") and s.turn.phase == PICK:
        d.click(game.combo_rects[0].center)
    elif sid in ("edge", "sums", "die") and game.mode == "conquer":
        conquer = [a.region for a in game.legal if a.kind == "conquer"]
        die = [a.region for a in game.legal if a.kind == "reinforce"]
        hand = s.players[0].active.hand
        if sid == "die" and not die:               # keep a token or two in hand, to meet the die
            spare = [r for r in conquer if cost_of(s, 0, r).total < hand]
            conquer = [max(spare, key=lambda r: (cost_of(s, 0, r).total, r))] if spare else conquer
        if conquer and not (sid == "die" and die):
            d.click(d.region_point(min(conquer, key=lambda r: (cost_of(s, 0, r).total, r))))
        elif die:
            d.click(d.region_point(die[0]))          # "Roll the reinforcement die…?"
            d.click(d.region_point(die[0]))          # a second click rolls it
            d.settle()
        else:
            raise AssertionError(f"step {sid}: nothing to conquer and the step is not over")
    elif sid == "redeploy":
        if game.button("redeploy") is not None:  # after the die, the redeploy is already open
            d.press_button("redeploy")
        d.end_turn()
    elif sid == "decline":
        d.press_button("decline")
        d.press_button("decline")                # "Really decline?"
    else:
        raise AssertionError(f"step {sid} in phase {s.turn.phase}: the test does not know what to do")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (1000, 650)])
def test_the_lesson_is_played_to_its_end_step_by_step(home, size) -> None:
    """Played to its end at the usual window and a small one: the card never covers a combo of
    the column, and one person at the table never meets a hand-over screen."""
    from game.ui.app import Options
    d = Driver(Options(pace=0, catch_errors=False), size=size)
    d.pump(3)
    try:
        _play_the_lesson(d)
    finally:
        d.close()


def _play_the_lesson(d: Driver) -> None:
    d.press_button("tutorial")
    game = d.scene
    assert isinstance(game, GameScene) and game.tutorial is not None
    tut = game.tutorial
    assert len(game.table.seats) == 2 and game.table.is_bot(1) and not game.table.is_bot(0)
    seen: list[str] = []
    curtains = 0
    for _ in range(400):
        if tut.active and (not seen or seen[-1] != tut.step.id):
            seen.append(tut.step.id)                     # shown, whoever is playing now
        if isinstance(d.scene, PassScene):
            curtains += 1
            d.press_button("ready")
            continue
        assert d.scene is game
        if not tut.active:
            break
        d.pump()
        hidden = [i for i, r in enumerate(game.combo_rects) if r.colliderect(tut.card)]
        assert not hidden, f"the card of {tut.step.id} covers combos {hidden} of the column"
        if tut.step.id == "score":                       # the computer waits for the card's Next
            assert game.table.is_bot(game.table.actor()) and game.bot_due is None
            d.settle()
            assert game.table.match.records[-1].seat == 0
        elif game.table.is_bot(game.table.actor()):
            d.settle()
            continue
        assert game.button("tut:leave") is not None and game.button("tut:skip") is not None
        assert (game.button("tut:next") is not None) == (STEPS[tut.index].done is None)
        before = (tut.index, tut.active, len(game.table.match.records))
        do_step(d, game, tut.step.id)
        assert (tut.index, tut.active, len(game.table.match.records)) != before, f"nothing happened at {tut.step.id}"
    else:
        pytest.fail(f"the lesson did not end; it stopped at {tut.step.id}")
    assert seen == [s.id for s in STEPS]                    # every step shown, in order, none skipped
    assert curtains == 0                                   # one person: nothing to hand over
    rec = game.table.match.records
    assert sum(1 for r in rec if r.seat == 0 and r.action["kind"] == "pick") == 2
    assert any(r.seat == 0 and r.action["kind"] == "decline" for r in rec)
    assert any(r.seat == 0 and r.action["kind"] == "reinforce" for r in rec)    # the die was rolled
    assert any(r.seat == 0 and r.action["kind"] == "end_turn" for r in rec)      # a turn ended and scored
    assert game.button("tut:leave") is None                 # the card is gone; the game goes on


@pytest.mark.slow
def test_a_step_can_be_skipped_and_the_lesson_left_and_started_again(d) -> None:
    d.press_button("tutorial")
    d.press_button("tut:leave")
    assert not d.scene.tutorial.active
    d.app.go_home()
    d.press_button("tutorial")
    game = d.scene
    tut = game.tutorial
    d.key(pygame.K_F2)
    assert tut.step.id == "pick"
    d.press_button("tut:skip")
    assert tut.step.id == "edge" and not game.table.match.records    # skipped: nothing was played
    first_save = game.table.save_path
    d.key(pygame.K_F2, pygame.KMOD_SHIFT)                   # leave the lesson (the "Leave" button)
    assert not tut.active and game.button("tut:skip") is None
    d.app.go_home()
    assert isinstance(d.scene, StartScene)
    d.key(pygame.K_F2)                                      # again, from the title screen
    again = d.scene
    assert again is not game and again.tutorial.step.id == "welcome" and again.tutorial.active
    assert again.table.save_path != first_save and first_save.exists()   # the first one is kept


@pytest.mark.slow
@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_card_of_the_lesson_fits_in_every_language(d, lang) -> None:
    d.press_button(f"lang:{lang}")
    d.press_button("tutorial")
    game = d.scene
    tut = game.tutorial
    d.app.text.overflows.clear()
    for i, step in enumerate(STEPS):
        tut.index = i
        game.build_buttons()
        d.screenshot(f"/tmp/smallworld-tutorial-{lang}-{i + 1:02d}-{step.id}.png")
        text = tut.text(game)
        assert "{" not in text and "tutorial." not in text, step.id
        assert not any(text.startswith(o[:20]) for o in d.app.text.overflows), (lang, step.id)
        labels = {b.label for b in game.buttons if b.id.startswith("tut:")}
        assert not any(o in labels for o in d.app.text.overflows), (lang, step.id)
    assert [k for lg, k in strings.missing() if lg == lang and k.startswith("tutorial.")] == []


@pytest.mark.slow
def test_a_lesson_left_mid_way_goes_on_where_it_was_after_continue(d) -> None:
    from game.match import Match
    d.press_button("tutorial")
    game = d.scene
    tut = game.tutorial
    for _ in range(40):                                   # play until the lesson is past its first moves
        if tut.step.id in ("redeploy",) or not tut.active:
            break
        if isinstance(d.scene, PassScene):
            d.press_button("ready")
            continue
        if game.table.is_bot(game.table.actor()):
            d.settle()
            continue
        do_step(d, game, tut.step.id)
    step, records, path = tut.index, len(game.table.match.records), game.table.save_path
    assert step >= 3 and records >= 2
    assert Match.load(path).lesson == {"seat": 0, "step": step, "since": tut.since}
    d.app.go_home()                                       # leave to the title screen (the game is saved)
    d.pump(3)
    d.press_button("resume:0")
    again = d.scene
    assert isinstance(again, GameScene) and again is not game and again.table.save_path == path
    assert again.tutorial is not None and again.tutorial.active
    assert again.tutorial.step.id == STEPS[step].id       # the same card, not the welcome
    assert again.button("tut:skip") is not None
    # a lesson that was left stays left after Continue
    d.key(pygame.K_F2, pygame.KMOD_SHIFT)
    assert Match.load(path).lesson is None
    d.app.go_home()
    d.pump(3)
    d.press_button("resume:0")
    assert d.scene.tutorial is None


@pytest.mark.slow
def test_the_die_is_not_passed_over_when_a_turn_leaves_no_token_for_it(d) -> None:
    d.press_button("tutorial")
    game = d.scene
    tut = game.tutorial
    for _ in range(40):
        if tut.step.id == "die":
            break
        do_step(d, game, tut.step.id)
    assert tut.step.id == "die"
    # the card sits at the foot of the game log, the column in sight
    assert not tut.card.colliderect(game.layout.column) and tut.card.colliderect(game.layout.log)
    d.end_turn()                                         # conquests over without the die
    assert tut.step.id == "die"                          # not passed over ...
    assert tut.text(game) == strings.t("tutorial.die_later")       # ... the card says it waits
    for _ in range(60):                                  # the computer's turn; then the die, for real
        if tut.step.id != "die":
            break
        if isinstance(d.scene, PassScene):
            d.press_button("ready")
        elif game.table.is_bot(game.table.actor()):
            d.settle()
        else:
            do_step(d, game, "die")
    assert tut.step.id == "redeploy"
    assert any(r.seat == 0 and r.action["kind"] == "reinforce" for r in game.table.match.records)
