"""Borrowing for a turn (`borrow_power` with `what: power|race` and `from: column|board|neighbours`):
the invented entries that borrow a race's ability or another player's power are played by the
computer players without a crash, every token stays counted and every position saves and loads
the same while something is borrowed; Medium borrows something worth having; a race or power id
may not contain the sign that joins a badge to a borrowed race."""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import pytest

from game.bots import make_bot
from game.bots.arena import play_game
from game.content.catalog import load_catalog
from game.content.tmx import map_for_players
from game.rules import Catalog, CatalogError, GameState, Use, build_position, legal_actions
from game.rules.invariants import check

ROOT = Path(__file__).resolve().parents[1]
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"
BORROWERS = [("mimics", "commando"), ("humans", "envious"), ("skinchangers", "hill"),
             ("dwarves", "pilfering"), ("orcs", "apprentice")]


def _catalog() -> Catalog:
    return load_catalog([INVENTED])


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_bots_play_the_borrowers_keeping_every_token_and_the_saves_sound(level: str) -> None:
    catalog = _catalog()
    board = map_for_players(4).board
    used: Counter[str] = Counter()
    lent_seen = 0

    def on_step(before: GameState, after: GameState, rec) -> None:  # type: ignore[no-untyped-def]
        nonlocal lent_seen
        for e in rec.events:
            if e.get("type") == "use" and e.get("effect") == "borrow_power":
                used["race" if "race" in e else "power"] += 1
        if any(p.active is not None and "borrowed" in p.active.memo for p in after.players):
            lent_seen += 1
            bad = check(after)                      # tokens counted, and a save loads the same
        else:
            bad = check(after, round_trip=False)
        assert not bad, f"{rec.action}: {bad}"

    for game in range(2):
        bots = [make_bot(level, seat, seed=seat + 10 * game) for seat in range(4)]
        end = play_game(board, catalog, bots, f"borrow:{level}:{game}", on_step=on_step,
                        forced=BORROWERS[game:game + 4])
        assert end.game_over
    if level != "easy":                     # Easy makes no block's own move
        assert used["race"] > 0 and used["power"] > 0, dict(used)
        assert lent_seen > 0


def test_medium_borrows_a_race_with_an_ability_not_one_without() -> None:
    s = build_position(map_for_players(2).board, ["ann", "bob"], _catalog(), random.Random(0), {
        "column": [{"race": "ratmen", "power": "hill"}, {"race": "humans", "power": "forest"}],
        "players": {"ann": {"active": {"race": "orcs", "power": "apprentice", "hand": 8}}}})
    uses = [a for a in legal_actions(s) if isinstance(a, Use) and a.effect == "borrow_power"]
    assert Use("borrow_power", choice="ratmen") in uses and Use("borrow_power", choice="humans") in uses
    chosen = make_bot("medium", 0, 1).use_first(s, 0, uses)
    assert isinstance(chosen, Use) and chosen in uses and chosen.choice != "ratmen"   # Ratmen have no ability


def test_an_id_with_the_joining_sign_is_refused() -> None:
    catalog = _catalog()
    race = catalog.races["mimics"]
    with pytest.raises(CatalogError, match=r"may not contain '\+'"):
        catalog.add_race(dataclasses.replace(race, id="mimics+x"))


def test_the_log_names_what_was_borrowed() -> None:
    from game.ui.logtext import event_line
    s = build_position(map_for_players(2).board, ["Ann", "Bob"], _catalog(), random.Random(0), {
        "players": {"Ann": {"active": {"race": "mimics", "power": "hill", "hand": 8}}}})
    ev = {"type": "use", "seat": 0, "effect": "borrow_power", "race": "trolls"}
    assert event_line(ev, s) == "Ann borrowed Trolls with Mimics, until the next turn"
    ev = {"type": "use", "seat": 0, "effect": "borrow_power", "power": "forest"}
    assert event_line(ev, s) == "Ann borrowed Forest with Mimics, until the next turn"


def test_a_protection_held_through_a_borrowed_race_keeps_its_region_off_the_list() -> None:
    """A race whose badge is joined to a borrowed race (`warded+trolls`) is asked for its
    protections like any other: the listing must not offer a region the rules refuse."""
    from game.rules import Conquer, Reinforce, why_illegal
    board = map_for_players(2).board
    a, b = next((a.id, b) for a in board.regions if a.border and not a.is_water
                for b in sorted(board.neighbours(a.id))
                if "magic" in board.region(b).features and board.region(b).terrain != "mountain")
    s = build_position(board, ["Ann", "Bob"], _catalog(), random.Random(0), {
        "players": {"Ann": {"active": {"race": "ratmen", "power": "hill", "hand": 10}},
                    "Bob": {"active": {"race": "mimics", "power": "warded", "hand": 0, "borrowed": "trolls"}}},
        "regions": {a: {"owner": "Ann", "race": "ratmen", "tokens": 2},
                    b: {"owner": "Bob", "race": "mimics", "tokens": 1}}})
    assert s.players[1].active is not None and s.players[1].active.power == "warded+trolls"
    assert why_illegal(s, Conquer(b)) is not None                  # Warded: a Magic region is immune
    assert not [x for x in legal_actions(s) if isinstance(x, (Conquer, Reinforce)) and x.region == b]
