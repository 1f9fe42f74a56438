"""Every screen in every language at 1280×800, with nothing cut or spilling out of its box.

For each of English, Romanian, Dutch and French the window is driven with the mouse through
the start screen (five players and computer seats, the missing-name message), the hand-over
curtain, the column with each combo's tooltip, a rules card, the help overlay, a turn of
conquests with the tooltip of every region, a refusal, the in-game menu, the redeploy, the decline's
confirmation, the end-of-turn peek at the score, the final scores with a tie, the story of the
game and the final board, and the card of an
unreadable save. The text renderer notes every line cut with "…" and every box that had no room
for its lines (`Text.overflows`); the test expects none. Screenshots of each language are
written to tests/screenshots/i18n/ for a person to look at.
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import (
    CONQUER,  # noqa: E402
    Decline,  # noqa: E402
    reason,  # noqa: E402
)
from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver, play_until  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.scenes.notice import NoticeScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402

OUT = Path(__file__).parent / "screenshots" / "i18n"
SIZE = (1280, 800)


def shot(d: Driver, lang: str, name: str) -> None:
    path = d.screenshot(OUT / f"{lang}-{name}.png")
    img = pygame.image.load(str(path))
    assert img.get_size() == SIZE


@pytest.mark.slow
@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_screen_fits_in_every_language(home, lang):
    d = Driver(Options(pace=0, catch_errors=False, seed=5, lang=lang), size=SIZE)
    text = d.app.text
    try:
        d.pump(3)
        start = d.scene
        assert strings.language() == lang
        d.press_button("players:5")
        for i in range(5):
            if start.button(f"kind:{i}") is not None:
                d.press_button(f"kind:{i}")          # a computer seat: its label shows
        start.names[0].value = ""
        d.press_button("start")                        # "every player needs a name"
        assert start.message
        shot(d, lang, "start")
        d.press_button("players:2")
        for i in range(5):
            start.kinds[i] = "person"
        start.build()
        for i, name in enumerate(("Ana", "Bogdan")):
            start.names[i].value = name
        d.press_button("start")
        assert isinstance(d.scene, PassScene)
        shot(d, lang, "pass")
        game: GameScene = d.scene.game
        d.press_button("ready")
        for rect in game.combo_rects:                  # every combo's tooltip
            d.move(rect.center)
        d.move(game.combo_rects[1].center)
        shot(d, lang, "pick")
        d.click(game.combo_rects[2].center, button=3)  # the rules card
        assert d.card is not None and d.card.kind == "rules"
        shot(d, lang, "rules")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_F1)                             # the help, while picking
        assert d.card is not None and d.card.kind == "help"
        d.key(pygame.K_ESCAPE)
        assert d.card is None and d.scene is game

        # a turn in progress: round 2, after a conquest
        play_until(d, lambda: isinstance(d.scene, GameScene) and game.state.round >= 2
                   and game.state.turn.phase == CONQUER and len(game.state.turn.conquered) >= 1
                   and not game.table.is_bot(game.table.actor()))
        s = game.state
        for r in s.board.regions:                      # every region's tooltip, with its cost
            d.move(d.region_point(r.id))
        target = next((a.region for a in game.legal if a.kind in ("conquer", "reinforce")), None)
        if target is not None:
            d.move(d.region_point(target))
        shot(d, lang, "turn")
        sea = next(r.id for r in s.board.regions if r.is_water)
        d.click(d.region_point(sea))                   # a refusal on the message line
        assert game.message_kind == "bad"
        d.move((5, 5))
        shot(d, lang, "refusal")
        d.key(pygame.K_F1)
        shot(d, lang, "help")
        d.key(pygame.K_F1)
        d.press_button("menu")                         # the in-game menu over the dimmed table
        shot(d, lang, "menu")
        d.key(pygame.K_ESCAPE)
        assert d.scene is game
        if Decline() in game.legal:
            d.press_button("decline")                  # "really decline?"
            d.key(pygame.K_ESCAPE)
        if game.button("redeploy") is not None:
            d.press_button("redeploy")
            own = game.state.active_regions(game.state.turn.seat)
            d.move(d.region_point(own[0]))
            shot(d, lang, "redeploy")
        # the end of the turn: the next player's curtain, with the peek at the score
        d.end_turn()
        play_until(d, lambda: isinstance(d.scene, PassScene) and d.scene.last_score is not None)
        peek = d.scene.button("peek")
        d.hold(peek.rect.center)
        shot(d, lang, "peek")
        d.release(peek.rect.center)

        # the final scores, with a tie broken by the tokens on the board
        s = game.state.copy()
        for i in range(len(s.players)):              # a copy shares its players until player_w
            s.player_w(i).coins = 42
        s.winners = [0]
        d.app.switch(FinalScene(d.app, SimpleNamespace(state=s, seats=game.table.seats, match=game.table.match,
                                                       mapdata=game.table.mapdata)))
        shot(d, lang, "final")
        d.key(pygame.K_TAB)                            # the story of the game so far, then the board
        assert d.scene.page == "story"
        shot(d, lang, "story")
        d.key(pygame.K_TAB)
        assert d.scene.page == "board"
        shot(d, lang, "final-board")
        # an unreadable save, on its card
        why = reason("save_no_replay", path=str(home / "autosave.json"), error=reason("replay_bad_shuffle"))
        body = strings.t("save.unreadable_body", reason=strings.say(why),
                         kept="autosave.unreadable-20250101-120000.json", folder=str(home))
        d.app.switch(NoticeScene(d.app, strings.t("save.unreadable_title"), body,
                                 [("new", strings.t("save.new_game"), lambda: None)]))
        shot(d, lang, "notice")
        assert text.overflows == [], f"{lang}: text that does not fit: {text.overflows}"
        assert [k for lg, k in strings.missing() if lg == lang] == []
    finally:
        d.close()
