"""The computer players value a `trigger` as often as its event is heard: coins at the start
of each turn as coins per turn, not per conquest; tokens back at each loss as growth per turn;
the coins of a pick once; the coins a conquest brings per conquest, as before."""
from __future__ import annotations

from typing import Any

from game.bots.knowledge import EVENT_RATES, BoardFacts, Traits, effect_traits
from game.content.tmx import map_for_players


def _traits(**p: Any) -> Traits:
    facts = BoardFacts.of(map_for_players(4).board)
    full = {"event": "region_conquered", "whose": "attacker", "where": {}, "when": "always", "if": None, **p}
    return effect_traits("trigger", full, False, facts)


def test_turn_start_coins_are_coins_per_turn_not_per_conquest() -> None:
    t = _traits(event="turn_started", do=[{"coins": {"amount": 2}}])
    assert t.conquest_bonus == 0.0 and t.turn_bonus == 2.0
    anyone = _traits(event="turn_started", whose="anyone", do=[{"coins": {"amount": 1}}])
    assert anyone.turn_bonus == EVENT_RATES["turn_started"][1] > t.turn_bonus / 2


def test_conquest_coins_stay_per_conquest() -> None:
    t = _traits(do=[{"coins": {"amount": 1}}])
    assert t.conquest_bonus == 1.0 and t.turn_bonus == 0.0


def test_losses_pick_and_die_are_valued_as_often_as_they_happen() -> None:
    lost = _traits(event="tokens_lost", whose="loser", do=[{"tokens": {"count": 1, "to": "hand"}}])
    assert lost.discount == 0.0 and lost.growth == EVENT_RATES["tokens_lost"][0]
    pick = _traits(event="combo_picked", do=[{"coins": {"amount": 3}}, {"tokens": {"count": 2, "to": "hand"}}])
    assert pick.once_bonus == 3.0 and pick.tokens == 2.0 and pick.conquest_bonus == 0.0
    blank = _traits(event="die_rolled", **{"if": {"face": 0}}, do=[{"coins": {"amount": 2}}])
    assert blank.turn_bonus == 2.0 * EVENT_RATES["die_rolled"][0] * 0.5
    caused = _traits(event="tokens_lost", whose="attacker", do=[{"coins": {"amount": 1}}])
    assert caused.nonempty_bonus == 1.0 and caused.conquest_bonus == 0.0


def test_a_roll_is_worth_each_face_as_often_as_the_die_shows_it() -> None:
    t = _traits(event="turn_ended", do=[{"roll": {"results": {0: [{"coins": {"amount": 3}}], 3: [{"coins": {"amount": 6}}]}}}])
    assert abs(t.turn_bonus - (3 * 3 / 6 + 6 / 6)) < 1e-9
