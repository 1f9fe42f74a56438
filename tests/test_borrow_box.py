"""A borrowed power or race places only what the box has left: random games with every pack and
the invented set, where each borrowing block (Copycat, Envious, Pilfering, Mimics, Skinchangers,
Apprentice) is forced into play with each race or power that puts markers on the board (the
lender's combo and the borrower's at the top of the column, the borrowing of a marker power or
race preferred, the markers' own moves preferred), every invariant checked after every step
(markers of each kind in play across all players within the box); the fuzzed counterexamples
(Envious and Pilfering borrowing Heroic while another player holds it, Envious borrowing
Bivouacking) played step by step; and each kind of marker a borrower places without taking the
lender's, and gives back with the borrowing (Behemoths, the Queen, Beacons, Pots of Gold, a
Blight left behind)."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from game.content.catalog import load_catalog
from game.rules import (
    PICK,
    Action,
    Board,
    Catalog,
    EndTurn,
    GameState,
    Pick,
    Use,
    apply,
    build_position,
    legal_actions,
    new_game,
)
from game.rules.abilities.borrow_power import BorrowPower
from game.rules.invariants import check
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
PACKS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"
SEEDS = 3                                  # games for each borrower and marker race or power
_CATALOG: list[Catalog] = []


def _catalog() -> Catalog:
    if not _CATALOG:
        _CATALOG.append(load_catalog(PACKS + [INVENTED]))
    return _CATALOG[0]


def _borrowers(cat: Catalog) -> dict[str, BorrowPower]:
    return {k: ab for k, abil in cat.abilities.items() for ab in abil if isinstance(ab, BorrowPower)}


def _marker_ids(cat: Catalog, what: str) -> list[str]:
    """The races (or powers) with an effect that puts markers on the board."""
    ids = cat.races if what == "race" else cat.powers
    return sorted(k for k in ids if any(ab.marker_box() or ab.region_pieces or ab.marker_specs(k)
                                        for ab in cat.abilities.get(k, ())))


def _put(s: GameState, i: int, kind: str, want: str) -> None:
    """`want` (a race or a power) on the combo at `i` of the column, swapped with where it was."""
    pile = s.race_stack if kind == "race" else s.power_stack
    j = next((k for k, c in enumerate(s.column) if getattr(c, kind) == want), None)
    if j is not None:
        x = getattr(s.column[i], kind)
        setattr(s.column[j], kind, x)
    else:
        pile[pile.index(want)] = getattr(s.column[i], kind)
    setattr(s.column[i], kind, want)


def _start(seed: int, borrower: str, lent: str) -> GameState:
    """A new game with the borrower's combo and the lender's at the top of the column: the
    lender first when the borrowing is from the board, the borrower first (the lent race or
    power two places below it, to stay a while) when it is from the column."""
    cat = _catalog()
    rng = random.Random(seed)
    s = new_game(BOARDS[["ring", "grid", "wide"][seed % 3]](), [f"p{i}" for i in range(2 + seed % 3)], cat, rng)
    ab = _borrowers(cat)[borrower]
    kind_b = "race" if borrower in cat.races else "power"
    kind_l = str(ab.p["what"])
    at_b, at_l = (0, 2) if ab.p["from"] == "column" else (1, 0)
    _put(s, at_b, kind_b, borrower)
    _put(s, at_l, kind_l, lent)
    assert getattr(s.column[at_b], kind_b) == borrower and getattr(s.column[at_l], kind_l) == lent
    assert not check(s)
    return s


def _choice(s: GameState, acts: list[Action], rng: random.Random, lent: str) -> Action:
    """Random, leaning on the borrowing: the top combos in the first round, the borrowing of
    the marker race or power, and the markers' own moves."""
    if s.turn.phase == PICK:
        top = [a for a in acts if isinstance(a, Pick) and a.index == 0]
        if top and s.round == 1 and rng.random() < 0.95:
            return top[0]
        return rng.choice(acts)
    borrow = [a for a in acts if isinstance(a, Use) and a.effect == "borrow_power" and a.choice == lent]
    if borrow and rng.random() < 0.95:
        return borrow[0]
    keen = [a for a in acts if a.kind in ("heroes", "encampments", "dragon", "fortress")
            or (isinstance(a, Use) and a.effect != "borrow_power")]
    if keen and rng.random() < 0.5:
        return rng.choice(keen)
    return rng.choice([a for a in acts if a.kind != "decline"] or acts) if rng.random() < 0.9 else rng.choice(acts)


def _play(seed: int, borrower: str, lent: str, seen: Counter[str]) -> None:
    rng = random.Random(seed)
    s = _start(seed, borrower, lent)
    steps = 0
    while not s.game_over:
        a = _choice(s, legal_actions(s), rng, lent)
        s, rec = apply(s, a, rng)
        for e in rec.events:
            if e.get("type") == "use" and e.get("effect") == "borrow_power":
                seen[str(e.get("power") or e.get("race"))] += 1
        bad = check(s)
        assert not bad, f"{borrower} borrowing {lent}, seed {seed}, step {steps} ({rec.action}): {bad}"
        steps += 1
        assert steps < 20_000
    assert s.round == s.board.turns


@pytest.mark.parametrize("borrower", ["copycat", "envious", "pilfering", "mimics", "skinchangers", "apprentice"])
def test_every_marker_race_and_power_borrowed_keeps_the_box(borrower: str) -> None:
    cat = _catalog()
    lent_ids = _marker_ids(cat, str(_borrowers(cat)[borrower].p["what"]))
    seen: Counter[str] = Counter()
    for n, lent in enumerate(lent_ids):
        for k in range(SEEDS):
            _play(1_000 * n + k, borrower, lent, seen)
    print(borrower, dict(seen))
    missing = [x for x in lent_ids if not seen[x]]
    assert not missing, f"{borrower} never borrowed {missing}"


# -- the fuzzed counterexamples ------------------------------------------------------------------
LINE: list[dict[str, object]] = [
    {"id": "a", "terrain": "farmland", "border": True, "adjacent": ["b", "c"]},
    {"id": "b", "terrain": "hill", "adjacent": ["a", "c", "e"]},
    {"id": "c", "terrain": "forest", "adjacent": ["a", "b", "d"]},
    {"id": "d", "terrain": "swamp", "border": True, "adjacent": ["c", "e"]},
    {"id": "e", "terrain": "hill", "adjacent": ["b", "d", "f"]},
    {"id": "f", "terrain": "farmland", "border": True, "adjacent": ["e"]}]


def _position(ann: dict[str, object], bob: dict[str, object], regions: dict[str, object]) -> GameState:
    return build_position(Board.from_dicts("line", 5, LINE), ["ann", "bob"], _catalog(), random.Random(0),
                          {"players": {"ann": {"active": ann}, "bob": {"active": bob}}, "regions": regions})


def _play_all(s: GameState, acts: list[Action]) -> GameState:
    for a in acts:
        s, _ = apply(s, a, random.Random(0))
        assert not check(s), (a, check(s))
    return s


def _heroes(s: GameState) -> dict[str, int]:
    return dict(Counter(str(s.players[r.owner].name) for r in s.regions.values() if r.hero and r.owner is not None))


@pytest.mark.parametrize("borrower,races", [("envious", ("ratmen", "humans")), ("pilfering", ("sentinels", "hermits"))])
def test_borrowing_heroic_while_another_player_holds_it_places_none(borrower: str, races: tuple[str, str]) -> None:
    s = _position({"race": races[0], "power": borrower, "hand": 4}, {"race": races[1], "power": "heroic", "hand": 0},
                  {"a": {"owner": "ann", "race": races[0], "tokens": 3}, "b": {"owner": "ann", "race": races[0], "tokens": 2},
                   "e": {"owner": "bob", "race": races[1], "tokens": 2, "hero": True},
                   "f": {"owner": "bob", "race": races[1], "tokens": 2, "hero": True}})
    s = _play_all(s, [Use("borrow_power", choice="heroic")])
    assert not [a for a in legal_actions(s) if a.kind == "heroes"]
    s = _play_all(s, [EndTurn()])
    assert _heroes(s) == {"bob": 2}


def test_envious_borrowing_bivouacking_places_none_of_the_lenders_five() -> None:
    s = _position({"race": "ratmen", "power": "envious", "hand": 4}, {"race": "humans", "power": "bivouacking", "hand": 0},
                  {"a": {"owner": "ann", "race": "ratmen", "tokens": 3}, "c": {"owner": "ann", "race": "ratmen", "tokens": 2},
                   "e": {"owner": "bob", "race": "humans", "tokens": 2, "encampments": 3},
                   "f": {"owner": "bob", "race": "humans", "tokens": 2, "encampments": 2}})
    s = _play_all(s, [Use("borrow_power", choice="bivouacking")])
    assert not [a for a in legal_actions(s) if a.kind == "encampments"]
    s = _play_all(s, [EndTurn()])
    assert {rid: r.encampments for rid, r in s.regions.items() if r.encampments} == {"e": 3, "f": 2}


def _marks(s: GameState, name: str) -> dict[str, str]:
    return {rid: str(s.players[r.owner].name) if r.owner is not None else "" for rid, r in s.regions.items()
            if r.marks and r.marks.get(name)}


def test_a_borrowed_marker_that_moves_takes_back_only_the_borrowers_own_and_goes_back_with_the_borrowing() -> None:
    s = _position({"race": "ratmen", "power": "envious", "hand": 4}, {"race": "humans", "power": "beacons", "hand": 0},
                  {"b": {"owner": "ann", "race": "ratmen", "tokens": 3}, "a": {"owner": "ann", "race": "ratmen", "tokens": 2},
                   "e": {"owner": "bob", "race": "humans", "tokens": 2, "marks": {"beacon": 1}}})
    s = _play_all(s, [Use("borrow_power", choice="beacons"), EndTurn()])
    assert _marks(s, "beacon") == {"b": "ann", "e": "bob"}        # bob's Beacon stays where it stood
    s = _play_all(s, [EndTurn()])                                 # bob's turn: his own taken back and placed
    assert _marks(s, "beacon") == {"e": "bob"}                    # ann's went back with the borrowing
    assert s.players[0].active is not None and "borrowed" not in s.players[0].active.memo


def test_the_lender_of_pots_of_gold_cashes_only_his_own() -> None:
    s = _position({"race": "skinchangers", "power": "hill", "hand": 4}, {"race": "leprechauns", "power": "swamp", "hand": 0},
                  {"a": {"owner": "ann", "race": "skinchangers", "tokens": 3},
                   "c": {"owner": "ann", "race": "skinchangers", "tokens": 2},
                   "e": {"owner": "bob", "race": "leprechauns", "tokens": 2, "marks": {"pot_of_gold": 1}}})
    bob_coins = s.players[1].coins
    s = _play_all(s, [Use("borrow_power", choice="leprechauns"), EndTurn()])
    assert _marks(s, "pot_of_gold") == {"a": "ann", "c": "ann"}   # bob's turn: he cashed his one Pot
    assert s.players[1].coins == bob_coins + 1
    s = _play_all(s, [EndTurn()])                                 # ann's turn: hers went with the borrowing
    assert _marks(s, "pot_of_gold") == {"e": "bob"}


def test_a_marker_a_borrower_left_behind_on_a_region_it_lost_goes_back_with_the_borrowing() -> None:
    from game.rules import Conquer
    s = _position({"race": "skinchangers", "power": "hill", "hand": 0},
                  {"race": "blightlings", "power": "commando", "hand": 6},
                  {"a": {"owner": "ann", "race": "skinchangers", "tokens": 2},
                   "b": {"owner": "ann", "race": "skinchangers", "tokens": 1},
                   "e": {"owner": "bob", "race": "blightlings", "tokens": 2}})
    s = _play_all(s, [Use("borrow_power", choice="blightlings"), EndTurn(), Conquer("b")])
    assert _marks(s, "blight") == {"b": "bob"}       # ann's borrowed Blightlings left one where they fell
    s = _play_all(s, [EndTurn()])                    # ann's turn: it goes with the borrowing
    assert _marks(s, "blight") == {}


@pytest.mark.parametrize("power,marker", [("behemoth", "behemoth"), ("royal", "queen")])
def test_envious_borrowing_a_power_whose_markers_all_stand_place_none_and_take_none(power: str, marker: str) -> None:
    s = _position({"race": "ratmen", "power": "envious", "hand": 4}, {"race": "humans", "power": power, "hand": 0},
                  {"a": {"owner": "ann", "race": "ratmen", "tokens": 3}, "c": {"owner": "ann", "race": "ratmen", "tokens": 2},
                   "d": {"owner": "ann", "race": "ratmen", "tokens": 2},
                   "e": {"owner": "bob", "race": "humans", "tokens": 3, "marks": {marker: 1}},
                   "f": {"owner": "bob", "race": "humans", "tokens": 2,
                         "marks": {marker: 1} if marker == "behemoth" else {}}})
    lender = _marks(s, marker)
    s = _play_all(s, [Use("borrow_power", choice=power), EndTurn()])
    assert "ann" not in _marks(s, marker).values()   # the box's are all bob's: ann placed none
    s = _play_all(s, [EndTurn()])
    assert _marks(s, marker) == lender                # and took none of his
