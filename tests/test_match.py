"""A running game: undo stops at the die, a combo reveal and a hand-over; saves are atomic;
a damaged save is reported in one line and kept."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from game.match import Match, MatchSetup, SaveError, Seat
from game.rules import Conquer, EndTurn, IllegalAction, Pick, Reinforce, legal_actions
from game.saves import quarantine

BOARD = {"name": "strip", "turns": 3, "regions": [
    {"id": "a", "terrain": "hill", "border": True, "adjacent": ["b"]},
    {"id": "b", "terrain": "forest", "adjacent": ["c"]},
    {"id": "c", "terrain": "mountain", "adjacent": ["d"]},
    {"id": "d", "terrain": "swamp", "border": True},
]}


def _match(seed: int = 3) -> Match:
    return Match(MatchSetup([Seat("ann"), Seat("bob")], seed, inline_board=BOARD))


def test_undo_walks_back_the_turn_but_not_past_a_pick() -> None:
    m = _match()
    m.play(Pick(0))
    assert not m.can_undo()                   # the pick revealed a new combo
    m.play(Conquer("a"))
    m.play(Conquer("b"))
    assert m.can_undo()
    m.undo()
    assert m.state.regions["b"].race is None and m.state.regions["a"].race is not None
    m.undo()
    assert not m.can_undo()
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        m.undo()


def test_undo_stops_at_a_die_roll_and_a_hand_over() -> None:
    m = _match()
    m.play(Pick(0))
    m.play(Conquer("a"))
    short = [a for a in legal_actions(m.state) if isinstance(a, Reinforce)]
    if short:
        m.play(short[0])
        assert not m.can_undo()
    m.play(EndTurn())
    assert not m.can_undo()


def test_save_and_load_resume_exactly(tmp_path: Path) -> None:
    m = _match(5)
    rng = random.Random(2)
    while not m.state.game_over:
        acts = legal_actions(m.state)
        m.play(acts[rng.randrange(len(acts))])
        if len(m.records) % 7 == 0:
            p = tmp_path / "auto.json"
            m.save(p)
            again = Match.load(p)
            assert again.state == m.state and len(again.records) == len(m.records)
            assert again.can_undo() == m.can_undo()
    assert not list(tmp_path.glob("*.tmp"))


def test_a_damaged_save_gives_one_line_and_is_kept(tmp_path: Path) -> None:
    p = tmp_path / "auto.json"
    p.write_text('{"version": 1, "setup": {"seats": [')
    with pytest.raises(SaveError) as err:
        Match.load(p)
    msg = str(err.value)
    assert "\n" not in msg and "damaged" in msg and str(p) in msg
    assert p.read_text().startswith('{"version": 1')     # untouched
    kept = quarantine(p)
    assert kept.exists() and not p.exists() and "unreadable" in kept.name


def test_a_save_that_no_longer_replays_is_refused(tmp_path: Path) -> None:
    m = _match()
    m.play(Pick(0))
    m.play(Conquer("a"))
    p = tmp_path / "auto.json"
    m.save(p)
    d = json.loads(p.read_text())
    d["records"][1]["action"]["region"] = "c"
    p.write_text(json.dumps(d))
    with pytest.raises(SaveError, match="does not replay"):
        Match.load(p)


def test_saving_is_atomic(tmp_path: Path, monkeypatch) -> None:
    m = _match()
    p = tmp_path / "auto.json"
    m.save(p)
    good = p.read_text()
    m.play(Pick(0))

    def boom(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        m.save(p)
    assert p.read_text() == good and not list(tmp_path.glob("*.tmp"))
