"""Help at hand and the remembered language: F1 and the "?" button open the help (the turn step
by step, the phase now, the races and powers in play), a right-click on a combo or a click on its
token or on a player's banner opens that race and power's rules card (a plain click still picks),
the first-game hints can be switched off and stay off, and the language chosen on the start
screen or with --lang is the one of the next start."""
from __future__ import annotations

import json
import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

import main as main_module  # noqa: E402
from game.ui import settings, strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.help import first_hint, help_columns  # noqa: E402
from game.ui.panels import combo_icon_rect, first_hint_text  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402


def start_game(d: Driver) -> GameScene:
    d.pump(3)
    for i, name in enumerate(("Ana", "Bogdan")):
        d.scene.names[i].value = name
    d.press_button("start")
    assert isinstance(d.scene, PassScene)
    game = d.scene.game
    d.press_button("ready")
    return game


@pytest.mark.slow
def test_help_and_rules_cards_open_where_a_player_looks(home):
    d = Driver(Options(pace=0, catch_errors=False, seed=3))
    try:
        game = start_game(d)
        d.key(pygame.K_F1)
        assert d.card is not None and d.card.kind == "help"
        left, right = help_columns(game.state)
        assert any(strings.t("help.turn.s3") in line[0] for line in left)
        assert right[1][0] == strings.t("help.phase.pick")
        d.key(pygame.K_ESCAPE)
        d.press_button("help")                                  # the "?" button
        assert d.card is not None and d.card.kind == "help"
        d.click(d.card.hit_id("close").rect.center)
        assert d.card is None and d.scene is game
        # the token of a combo opens its rules; the rest of the row picks it
        c = game.state.column[1]
        d.click(combo_icon_rect(game.layout, game.combo_rects[1]).center)
        assert d.card is not None and d.card.kind == "rules"
        assert strings.combo_name(game.state.catalog, c.race, c.power) == d.card.columns[0][0][0]
        d.click((5, 5))                                         # a click anywhere closes a card
        assert d.card is None and not game.table.match.records
        d.click(game.combo_rects[0].center)
        assert game.table.match.records[-1].action["kind"] == "pick"
        hold = game.state.players[0].active
        # the player's banner opens the rules of the race and power they hold
        rect, race, power, _ = next(h for h in game.banner_hits if h[1] == hold.race)
        d.click(rect.center)
        assert d.card is not None and d.card.kind == "rules"
        assert (race, power) == (hold.race, hold.power)
        d.key(pygame.K_ESCAPE)
        # the help now lists the race in play with its rules
        left, right = help_columns(game.state)
        assert any(strings.race_text(game.state.catalog, hold.race) == line[0] for line in right)
    finally:
        d.close()


@pytest.mark.slow
def test_first_game_hints_say_what_to_do_and_can_be_switched_off(home):
    d = Driver(Options(pace=0, catch_errors=False, seed=3))
    try:
        game = start_game(d)
        assert d.app.hints and first_hint_text(game) == strings.t("first.pick")
        d.key(pygame.K_F1)
        d.click(d.card.hit_id("hints").rect.center)
        assert not d.app.hints and first_hint_text(game) == ""
        assert json.loads(settings.path().read_text())["hints"] is False
        d.click(game.combo_rects[0].center)                     # the help is still open: no pick
        assert not game.table.match.records
        if d.card is not None:                            # a click outside the help closes it;
            d.key(pygame.K_ESCAPE)                              # inside, Esc does
        assert d.card is None and d.scene is game
        d.click(game.combo_rects[0].center)
        s = game.state
        assert first_hint(s, 0, game.legal, game.mode) == strings.t("first.conquer_first")
    finally:
        d.close()
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        assert not d.app.hints                                  # remembered
    finally:
        d.close()


def test_the_language_is_chosen_on_the_start_screen_and_remembered(home):
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.pump(3)
        assert strings.language() == "en"
        d.press_button("lang:nl")
        assert strings.language() == "nl" and d.scene.button("start").label == "Start het spel"
        assert d.scene.names[0].value == "Speler 1"             # an untouched default name follows
    finally:
        d.close()
    strings.set_language("en")
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        assert strings.language() == "nl"
    finally:
        d.close()
    d = Driver(Options(pace=0, catch_errors=False, lang="fr"))     # --lang wins, and is remembered
    try:
        assert strings.language() == "fr"
    finally:
        d.close()
    assert settings.load()["lang"] == "fr"


def test_main_says_a_broken_map_in_the_chosen_language(home, capsys):
    assert main_module.main(["--lang", "ro", "--map", "nowhere.tmx"]) == 2
    assert "fișierul hărții nu există" in capsys.readouterr().err
    assert main_module.main(["--lang", "fr", "--players", "7"]) == 2
    assert "Small World se joue de 2 à 5 joueurs" in capsys.readouterr().err
