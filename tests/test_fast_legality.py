"""The engine's fast paths agree with its reasons, position by position.

`legal_actions` decides which regions a race may conquer without building a `Reason` for the
ones it leaves out (`conquest_options`), and a sealed state answers `regions_of` from an index
kept from one state to the next. Thousands of positions from random games, with the base races
and powers and with the expansions' too, check that every intent `legal_actions` lists is one
`why_illegal` accepts, that every conquest, reinforcement, abandon, decline and pick it leaves out
is one `why_illegal` refuses, that the fast cost is `cost_of`'s, and that the index is what a
reading of the whole board says.
"""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

from game.big_board import copies_board
from game.content.catalog import default_catalog, load_catalog
from game.content.tmx import load_map
from game.rules import (
    CONQUER,
    PICK,
    REDEPLOY,
    Abandon,
    Action,
    Board,
    Catalog,
    Combo,
    Conquer,
    Decline,
    EndTurn,
    GameState,
    Pick,
    RegionState,
    Reinforce,
    actor,
    apply,
    cost_of,
    legal_actions,
    new_game,
    play,
    why_illegal,
)
from game.rules import engine as engine_module
from game.rules import listing as listing_module
from game.rules import turn as turn_module
from game.rules.abilities.dragon import Dragon
from game.rules.actions import Enchant, GhoulsConquer, GhoulsReinforce, Use, action_from_dict
from game.rules.catalog import ASKED_HOOKS
from game.rules.common import decline_reason, leftover_region, may_decline
from game.rules.engine import _among
from game.rules.lent import lent_key, lent_parts, named_in
from game.rules.listing import _merged, _patched, conquest_options, judged_locally
from game.rules.position import build_position
from game.rules.setup import empty_table
from game.rules.state import MARKER_LIMITS, Options, _marker_on
from game.rules.targets import target_reason
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
EXPANSIONS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))


def _scan(s: GameState, seat: int, race: str) -> list[str]:
    return [rid for rid, r in s.regions.items() if r.owner == seat and r.race == race and r.tokens]


def _check_position(s: GameState) -> int:
    """Every candidate intent of the actor, judged both ways; returns how many were compared."""
    for seat, p in enumerate(s.players):
        for h in ([p.active] if p.active else []) + p.declines:
            assert s.regions_of(seat, h.race) == _scan(s, seat, h.race)
    legal = legal_actions(s)
    listed = set(legal)
    for i, a in enumerate(legal):
        assert why_illegal(s, a) is None, f"listed but refused: {a}"
        assert _among(a, legal[:i]) == (a in legal[:i]) and _among(action_from_dict(a.to_dict()), legal), a
    compared = len(legal)
    seat = actor(s)
    p = s.players[seat]
    if s.turn.phase not in (PICK, CONQUER, REDEPLOY):
        return compared
    for h in ([p.active] if p.active else []) + p.declines:   # a block's move only in its phases
        for ab in s.catalog.effects_of(h.race, h.power):
            phases = type(ab).move_phases
            if phases is not None and s.turn.phase not in phases:
                assert ab.legal_intents(s, seat) == [], f"{ab.name} offers a move in {s.turn.phase}"
            got = ab.legal_intents(s, seat)          # each move once (the listing takes them as they are)
            assert not any(_among(x, got[:i]) for i, x in enumerate(got)), f"{ab.name} lists a move twice"
            if isinstance(ab, Dragon):          # its readiness asked without a reason
                assert ab._able(s, seat) == (ab._ready(s, seat) is None)
    hold = p.active
    if hold is not None and s.turn.phase == CONQUER and hold.hand >= 1:
        abil = s.catalog.effects_of(hold.race, hold.power)
        own = s.regions_of(seat, hold.race)
        fast = dict(conquest_options(s, seat, hold, abil, own))
        for rid in s.regions:
            ok = target_reason(s, seat, rid, hold, abil, own) is None
            assert (rid in fast) == ok, f"{rid}: fast path says {rid in fast}, target_reason {ok}"
            if ok:
                assert fast[rid] == cost_of(s, seat, rid, abil).total, rid
    for rid in s.regions:      # (the In Decline Ghouls' too: listed as the Active race's are;
        # and the Sorcerers' conversions, found among the conquests judged)
        for a in (Conquer(rid), Reinforce(rid), Abandon(rid), GhoulsConquer(rid), GhoulsReinforce(rid),
                  Enchant(rid)):
            assert (a in listed) == (why_illegal(s, a) is None), f"{a}: listed {a in listed}"
            compared += 1
    for a in (Decline(), EndTurn(decline=True)):
        assert (a in listed) == (why_illegal(s, a) is None), f"{a}: listed {a in listed}"
    for other in range(len(s.players)):               # the listing's question without a reason
        assert may_decline(s, other) == (decline_reason(s, other) is None), other
    for i in range(len(s.column) + 1):
        assert (Pick(i) in listed) == (why_illegal(s, Pick(i)) is None), f"pick {i}"
    return compared + 2 + len(s.column) + 1


INVENTED = ROOT / "docs" / "examples" / "invented.yaml"


def _catalog(catalog_of: str) -> Catalog:
    """The base game's races and powers, or those with every expansion's, or with our own
    invented ones (flat prices, tokens' strength, counted discounts...)."""
    if catalog_of == "invented":
        return load_catalog([INVENTED])
    return default_catalog() if catalog_of == "base" else load_catalog(EXPANSIONS)


def _random_start(catalog: Catalog, seed: int) -> tuple[GameState, random.Random]:
    """A new game for a seeded random playout, and its random source: the ring, grid or wide
    test board and 2 to 5 players, by `seed`."""
    rng = random.Random(seed)
    board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
    return new_game(board, [f"p{i}" for i in range(2 + seed % 4)], catalog, rng), rng


def _map_or_wide(catalog: Catalog, seed: int, first: int) -> tuple[GameState, random.Random]:
    """A new game for a seeded random playout (seed `first` + `seed`), and its random source:
    on the map for an odd `seed`, else on a board wider than a machine word (3 copies of the
    grid), 2 to 5 players."""
    board = load_map(ROOT / "maps" / "five_players.tmx").board if seed % 2 else \
        copies_board(BOARDS["grid"](), 3, "every")
    rng = random.Random(first + seed)
    return new_game(board, [f"p{i}" for i in range(2 + seed % 4)], catalog, rng), rng


def _play(catalog_of: str, board_name: str, players: int, seed: int) -> tuple[int, int]:
    """A random game checked position by position, each played from the one before by `apply`
    (an even `seed`) or in place by `play` (an odd one)."""
    catalog = _catalog(catalog_of)
    rng = random.Random(seed)
    s = new_game(BOARDS[board_name](), [f"p{i}" for i in range(players)], catalog, rng)
    step = play if seed % 2 else apply
    positions = compared = 0
    while not s.game_over:
        compared += _check_position(s)
        positions += 1
        acts = legal_actions(s)
        s, _ = step(s, acts[rng.randrange(len(acts))], rng)
    return positions, compared


@pytest.mark.parametrize("catalog_of", ["base", "expansions", "invented"])
def test_the_fast_paths_agree_with_why_illegal(catalog_of: str) -> None:
    positions = compared = 0
    for seed in range(12):
        board = ["ring", "grid", "wide"][seed % 3]
        got = _play(catalog_of, board, 2 + seed % 4, 1000 + seed)
        positions += got[0]
        compared += got[1]
    assert positions >= 1000 and compared >= 20 * positions


@pytest.mark.parametrize("catalog_of", ["base", "expansions", "invented"])
def test_the_fast_paths_agree_on_a_board_wider_than_a_machine_word(catalog_of: str) -> None:
    """The same on copies of a test board (`copies_board`: more regions than a machine word's
    mask holds), where a listing builds on the one before near the regions written (`_since`,
    the front near them by the neighbours' numbers: `_front_near`) and masks are read a byte at
    a time: every copy's edge a way in, or the first copy's alone."""
    positions = 0
    for seed in range(4):
        board = copies_board(BOARDS["grid"](), 3, "every" if seed % 2 == 0 else "first")
        assert len(board.ids) > 64
        rng = random.Random(2000 + seed)
        s = new_game(board, [f"p{i}" for i in range(3 + seed % 3)], _catalog(catalog_of), rng)
        step = play if seed % 4 < 2 else apply           # in place, or each state kept
        while not s.game_over:
            _check_position(s)
            positions += 1
            acts = legal_actions(s)
            s, _ = step(s, acts[rng.randrange(len(acts))], rng)
    assert positions >= 200


@pytest.mark.interpreted          # reads the class's __slots__
def test_a_region_copy_copies_every_slot() -> None:
    r = RegionState()
    for i, name in enumerate(RegionState.__slots__):
        setattr(r, name, f"value {i}")
    c = r.copy()
    assert c is not r
    assert [getattr(c, n) for n in RegionState.__slots__] == [f"value {i}" for i in range(len(RegionState.__slots__))]


def _unlisted(s: GameState) -> GameState:
    """The same position as `s`, without the list `legal_actions` remembered for it."""
    t = s.copy()
    t.seal()
    return t


@pytest.mark.parametrize("catalog_of", ["base", "expansions"])
def test_a_listed_intent_plays_as_if_judged_again(catalog_of: str) -> None:
    """`apply` trusts an intent on the list `legal_actions` remembered for a sealed state (and
    the cost it priced): the game goes exactly as when `apply` judges and prices it afresh."""
    played = 0
    for seed in range(6):
        catalog = _catalog(catalog_of)
        s, rng = _random_start(catalog, seed)
        while not s.game_over:
            acts = legal_actions(s)
            assert s._listed is not None and list(s._listed.intents) == acts
            a = acts[rng.randrange(len(acts))]
            state = rng.getstate()
            fresh, rec_fresh = apply(_unlisted(s), a, rng)
            rng.setstate(state)
            s, rec = apply(s, a, rng)
            assert rec.to_dict() == rec_fresh.to_dict() and s.to_dict() == fresh.to_dict(), a
            played += 1
    assert played > 300


def _disguised(s: GameState, rng: random.Random) -> GameState:
    """`s` with what its actor cannot see changed: every other seat's coins and the order of the
    hidden stacks (a copy, sealed, listed afresh)."""
    v = s.copy()
    who = actor(s)
    for i in range(len(s.players)):
        if i != who:
            v.player_w(i).coins = rng.randrange(0, 80)
    v.race_stack = rng.sample(v.race_stack, len(v.race_stack))
    v.power_stack = rng.sample(v.power_stack, len(v.power_stack))
    v.seal()
    return v


@pytest.mark.parametrize("catalog_of", ["base", "expansions", "invented"])
def test_the_listing_reads_nothing_the_actor_cannot_see(catalog_of: str) -> None:
    """What `lend_listing` rests on: the list of legal intents and the price of each conquest on it
    are the same whatever the other seats' coins and the stacks' order, so a computer player's
    public view may take the real state's list (and `apply` need not judge its choice again)."""
    from game.bots.view import public_view
    compared = 0
    for seed in range(10):
        s, rng = _random_start(_catalog(catalog_of), 500 + seed)
        other = random.Random(seed)
        while not s.game_over:
            acts = legal_actions(s)
            v = _disguised(s, other)
            assert legal_actions(v) == acts
            assert s._listed is not None and v._listed is not None and v._listed.costs == s._listed.costs
            seat = actor(s)
            view = public_view(s, seat)
            lent = view._listed
            assert lent is not None and lent.intents is s._listed.intents and lent.costs is s._listed.costs
            assert view.race_stack == sorted(s.race_stack) and view.power_stack == sorted(s.power_stack)
            if len(s.players) > 1:
                assert public_view(s, (seat + 1) % len(s.players))._listed is None
            compared += len(acts)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert compared > 5000


def test_what_an_effect_reaches_at_once_is_what_it_reaches_region_by_region() -> None:
    """`Ability.reached` (the listing's shortcut) names exactly the regions `reaches` accepts, for
    every effect that says it at once, over random games with every pack."""
    checked = reached = 0
    for seed in range(24):
        s, rng = _random_start(_catalog("expansions"), 700 + seed)
        while not s.game_over:
            seat = s.turn.seat
            hold = s.players[seat].active
            own = s.regions_of(seat, hold.race) if hold else []
            for ab in (s.catalog.combo_hooks(hold.race, hold.power).reaches if hold and own else ()):
                got = ab.reached(s, seat, own)
                if got is not None:
                    assert got == {rid for rid in s.regions if ab.reaches(s, seat, rid)}, (ab.name, seed)
                    checked += 1
                    reached += len(got)
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert checked > 50 and reached > 50


def _accepted(s: GameState, a: Action) -> bool:
    """`a` itself is among the intents off the list that `why_illegal` noted on `s`."""
    listed = s._listed
    return listed is not None and any(x is a for x in listed.accepted or ())


@pytest.mark.parametrize("catalog_of", ["base", "expansions", "invented"])
def test_an_intent_accepted_off_the_list_plays_as_if_judged_again(catalog_of: str) -> None:
    """`why_illegal` notes an intent off the list it accepts on a listed sealed state (Medium's own
    redeploy, withdrawal, heroes...), and `apply` plays it without judging it again: the game goes
    exactly as when `apply` judges it afresh. A refused intent is not noted, nor one accepted on a
    view that borrowed the real state's list."""
    from game.bots.medium import MediumBot
    from game.bots.view import public_view
    from game.rules import Redeploy
    noted = 0
    for seed in range(8):
        s, rng = _random_start(_catalog(catalog_of), 900 + seed)
        bots = [MediumBot(i, seed) for i in range(len(s.players))]
        while not s.game_over:
            acts = legal_actions(s)
            seat = actor(s)
            v = public_view(s, seat)
            a = bots[seat].decide(v)
            assert s._listed is not None
            if all(x is not a for x in acts) and why_illegal(v, a) is None:
                assert not _accepted(s, a)                 # accepted on the view: not noted
                assert why_illegal(s, a) is None and _accepted(s, a)
                noted += 1
            wrong = Redeploy((("nowhere", 1),))
            assert why_illegal(s, wrong) is not None and not _accepted(s, wrong)
            state = rng.getstate()
            fresh, rec_fresh = apply(_unlisted(s), a, rng)
            rng.setstate(state)
            s, rec = apply(s, a, rng)
            assert rec.to_dict() == rec_fresh.to_dict() and s.to_dict() == fresh.to_dict(), a
    assert noted > 20


def test_a_write_forgets_the_listed_intents() -> None:
    """Any write to a state (a region, a player, the column, the stacks and tray) forgets what was
    listed for it."""
    s = new_game(BOARDS["ring"](), ["ann", "bob"], default_catalog(), random.Random(1))
    writes = [lambda t: t.reg_w(next(iter(t.regions))), lambda t: t.player_w(0), lambda t: t.column_w(),
              lambda t: t.supply_w(), lambda t: t.seal()]
    for write in writes:
        s.seal()                                 # only a sealed state remembers its list
        legal_actions(s)
        assert s._listed is not None
        write(s)
        assert s._listed is None
    s.seal()
    legal_actions(s)
    assert s._listed is not None and s.copy()._listed is None


@pytest.mark.interpreted          # reads the class's __slots__
def test_a_turn_copy_copies_every_field() -> None:
    """`TurnState.copy` writes its fields out one by one: a field added later must be copied too,
    and the lists and dicts of the copy are its own."""
    from dataclasses import fields

    from game.rules.state import TurnState
    t = TurnState(3, "redeploy", True, True, ["a"], 1, [2], {"a": 1}, True, [[2, "elves"]],
                  {"x": {"y": [1]}}, {"elves": "a"})
    c = t.copy()
    assert c == t and [f.name for f in fields(TurnState)] == list(TurnState.__slots__)
    for f in fields(TurnState):
        v = getattr(t, f.name)
        if isinstance(v, (list, dict)):
            assert getattr(c, f.name) is not v, f.name
    c.used["x"]["y"].append(2)
    c.withdraw[0].append(0)
    assert t.used == {"x": {"y": [1]}} and t.withdraw == [[2, "elves"]]


def test_a_player_copy_copies_every_field() -> None:
    """`PlayerState.copy` and `RaceHold.copy` write their fields out one by one: every field is
    copied, and the memories of the copy are its own."""
    from dataclasses import fields

    from game.rules import PlayerState, RaceHold
    from game.rules.state import Answers
    h = RaceHold("elves", "alchemist", 4, {"m": [1]})
    p = PlayerState("ann", 7, h, [RaceHold("orcs", None, 1, {"n": {"k": 1}})], {"peace": {"x": 1}})
    p._answers = Answers(0, frozenset(), None, False, h, tuple(p.declines))
    c = p.copy()
    assert c == p and c.active is not h and c.declines[0] is not p.declines[0]
    # (and what a listing kept with the player, `_answers`, is not copied: it was worked out
    # from his holds, which the copy copies)
    assert [f.name for f in fields(PlayerState)] == ["name", "coins", "active", "declines", "memo", "_answers"]
    assert c._answers is None
    assert [f.name for f in fields(RaceHold)] == ["race", "power", "hand", "memo"]
    assert c.active is not None
    c.active.memo["m"].append(2)
    c.declines[0].memo["n"]["k"] = 2
    c.memo["peace"]["x"] = 2
    assert h.memo == {"m": [1]} and p.declines[0].memo == {"n": {"k": 1}} and p.memo == {"peace": {"x": 1}}


def test_a_players_kept_answer_holds_only_for_the_holds_it_read() -> None:
    """`listing.holds_now`: a kept answer outlives writes of coins and hands, not a new Active
    race, a power borrowed or given back, nor an In Decline hold added, taken away or replaced;
    a copied player (with copies of the holds) is answered again."""
    from game.rules import PlayerState, RaceHold
    from game.rules.listing import holds_now
    from game.rules.state import Answers
    act, old = RaceHold("elves", "alchemist", 4), RaceHold("orcs", None, 1)
    p = PlayerState("ann", 7, act, [old])
    a = Answers(0, frozenset(), None, False, act, (old,))
    assert holds_now(a, p)
    p.coins, act.hand, old.hand = 12, 9, 0
    assert holds_now(a, p)
    assert not holds_now(a, p.copy())
    act.power = "flying"
    assert not holds_now(a, p)
    act.power = "alchemist"
    assert holds_now(a, p)
    p.active = RaceHold("elves", "alchemist", 4)
    assert not holds_now(a, p)
    p.active = None
    b = Answers(0, frozenset(), None, False, None, (old,))
    assert holds_now(b, p) and not holds_now(a, p)
    p.declines.append(act)
    assert not holds_now(b, p)
    p.declines = [RaceHold("orcs", None, 1)]
    assert not holds_now(b, p)
    p.declines = [old]
    old.power = "seafaring"
    assert not holds_now(b, p)


def test_plain_copy_is_a_deep_copy_that_shares_no_dict_or_list() -> None:
    """Ability memory is copied by `plain_copy`: equal to `copy.deepcopy`, in the same key order,
    with every dict and list its own (numbers and words are shared: they never change)."""
    import copy

    from game.rules.state import plain_copy

    def containers(v: object) -> list[object]:
        if isinstance(v, dict):
            return [v] + [c for x in v.values() for c in containers(x)]
        if isinstance(v, list):
            return [v] + [c for x in v for c in containers(x)]
        return []

    rng = random.Random(4)

    def some(depth: int) -> object:
        k = rng.randrange(7 if depth < 3 else 5)
        if k == 5:
            return {f"k{rng.randrange(9)}": some(depth + 1) for _ in range(rng.randrange(4))}
        if k == 6:
            return [some(depth + 1) for _ in range(rng.randrange(4))]
        return [None, 3, 2.5, True, "word"][k]

    for _ in range(300):
        v = {f"m{i}": some(0) for i in range(rng.randrange(1, 5))}
        c = plain_copy(v)
        assert c == copy.deepcopy(v) and list(c) == list(v)
        mine = {id(x) for x in containers(c)}
        assert not mine & {id(x) for x in containers(v)}
    assert plain_copy({"t": (1, [2])})["t"] == (1, [2])          # anything else: deepcopy


@pytest.mark.parametrize("content", ["base", "invented"] + [p.stem for p in EXPANSIONS])
def test_conquests_judged_again_only_near_a_change_agree_with_a_full_listing(content: str) -> None:
    """After a conquest or an abandon, `legal_actions` keeps what it judged in the position
    before and judges again only the regions written and their neighbours (`Judged`): on every
    step of random games, the list and the costs are those of a listing that judges every
    region afresh, and that shorter way is taken often enough to be tested."""
    catalog = default_catalog() if content == "base" else _catalog("invented") if content == "invented" else \
        load_catalog([ROOT / "assets" / "content" / "expansions" / f"{content}.yaml"])
    kept = 0
    # the ring, grid and wide test boards; and for the base set, a board wider than a machine
    # word (3 copies of the grid), where the options kept are patched region by region
    starts = [_random_start(catalog, seed) for seed in range(6 if content == "base" else 4)]
    if content == "base":
        starts += [_map_or_wide(catalog, seed, 700) for seed in (0, 14)]
    for s, rng in starts:
        while not s.game_over:
            prior = s._prior
            fresh = _unlisted(s)
            acts = legal_actions(s)
            assert acts == legal_actions(fresh), f"{s.board.name}: round {s.round}, seat {s.turn.seat}"
            assert s._listed is not None and fresh._listed is not None
            assert s._listed.costs == fresh._listed.costs, \
                f"{s.board.name}: costs differ, round {s.round}, seat {s.turn.seat}"
            if prior is not None and s._listed.judged is not None and prior.fits(s._listed.judged):
                kept += 1
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    if catalog._local_defence:
        assert kept >= 25, kept
    else:                                 # a marker's defence reads more than its region
        assert kept == 0, kept


def test_a_position_played_from_one_judged_locally_is_judged_as_if_read_afresh() -> None:
    """`judged_locally` after a conquest or an abandon from a position judged locally reads only
    the regions written since, for a marker whose defence reads further, and takes it that no
    race asks a price: on every step of random games with every pack, its answer is that of the
    same position read afresh, and the shorter way is taken often; and where a conquest lays
    such a marker (a Behemoth's, in the region it wrote), the position is not judged locally."""
    catalog = load_catalog(EXPANSIONS)
    assert catalog.nonlocal_marks and "conquest_price" in catalog.hooked
    shorter = 0
    laid = False
    for seed in range(24):
        s, rng = _random_start(catalog, seed)
        while not s.game_over:
            seat = s.turn.seat
            hold = s.players[seat].active
            if s.turn.phase == CONQUER and hold is not None:
                tab = catalog.combo_hooks(hold.race, hold.power)
                own = s.regions_of(seat, hold.race)
                fresh = _unlisted(s)
                assert fresh._prior is None
                said = judged_locally(s, tab, own)
                assert said == judged_locally(fresh, tab, own), f"seed {seed}, round {s.round}, seat {seat}"
                shorter += s._prior is not None and said
                written = [k for k, num in enumerate(s._written) if s._pairs[2 * k + 1].owner == seat]
                if said and s._prior is not None and written and not laid:
                    marked = _unlisted(s)
                    marked._prior = s._prior
                    marked._written = s._written
                    marked._pairs = list(s._pairs)
                    now = marked._pairs[2 * written[0] + 1] = s._pairs[2 * written[0] + 1].copy()
                    now.marks = {**now.marks, "behemoth": 1}
                    marked.regions = dict(s.regions)
                    marked.regions[s.board.ids[s._written[written[0]]]] = now
                    assert not judged_locally(marked, tab, own)
                    laid = True
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert shorter >= 25 and laid, shorter


def test_printed_tables_say_what_the_hooks_say() -> None:
    """An effect's `printed_cost` and `printed_links` tables (added up once per board) give, for
    every region of every test board and in positions of random games, what its `cost_modifier`
    and `links` answer when asked region by region."""
    from game.rules.abilities import Ability
    catalog = load_catalog(EXPANSIONS)
    effects = {id(ab): ab for abil in catalog.abilities.values() for ab in abil}.values()
    costing = [ab for ab in effects if type(ab).printed_cost is not Ability.printed_cost]
    linking = [ab for ab in effects if type(ab).printed_links is not Ability.printed_links]
    tables = 0
    for name in ("ring", "grid", "wide"):
        rng = random.Random(7)
        s = new_game(BOARDS[name](), ["p0", "p1", "p2"], catalog, rng)
        for _ in range(40):
            for ab in costing:
                table = ab.printed_cost(s.board)
                if table is not None:
                    tables += 1
                    for seat in range(3):
                        for rid in s.regions:
                            assert ab.cost_modifier(s, seat, rid) == table.get(rid, 0), (ab.name, rid)
            for ab in linking:
                links = ab.printed_links(s.board)
                assert links is not None
                tables += 1
                for a in s.regions:
                    for b in s.regions:
                        assert ab.links(s, 0, a, b) == (b in links.get(a, ())), (ab.name, a, b)
            if s.game_over:
                break
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert tables > 100 and costing and linking


@pytest.mark.parametrize("catalog_of", ["base", "expansions"])
def test_the_listed_redeploy_is_the_default_one_whenever_it_is_read(catalog_of: str) -> None:
    """The Redeploy `legal_actions` lists works out its counts only when they are first read
    (`Redeploy.later`): read at the end of the game, after its state was written in place, or
    through a copy, a pickle or a save, they are `default_redeploy`'s at the time of listing, and
    it is equal (and hashes equal) to any Redeploy with those counts."""
    import copy
    import pickle

    from game.rules import Redeploy, action_from_dict
    from game.rules.turn import default_redeploy
    later = 0
    for seed in range(6):
        catalog = _catalog(catalog_of)
        s, rng = _random_start(catalog, seed)
        kept: list[tuple[Redeploy, Redeploy]] = []
        while not s.game_over:
            acts = legal_actions(s)
            red = [a for a in acts if isinstance(a, Redeploy)]
            if red:
                want = Redeploy.of(default_redeploy(s, s.turn.seat))
                later += type(red[0]) is not Redeploy
                kept.append((red[0], want))
                if rng.random() < 0.1 and type(red[0]) is not Redeploy:
                    t = s.copy()
                    t.seal()
                    (other,) = [a for a in legal_actions(t) if isinstance(a, Redeploy)]
                    rid = other.__dict__.get("counts", ((None,),))[0][0] or s.active_regions(s.turn.seat)[0]
                    t.reg_w(rid).tokens += 5                   # written in place after listing
                    kept.append((other, want))
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
        for got, want in kept:
            assert got == want and want == got and hash(got) == hash(want) and repr(got) == repr(want)
            assert got.counts == want.counts and got.to_dict() == want.to_dict()
            for back in (copy.deepcopy(got), pickle.loads(pickle.dumps(got)), action_from_dict(got.to_dict())):
                assert type(back) is Redeploy and back == want
            assert got in {want} and want in {got}
    assert later >= 100, later


def test_region_conditions_read_the_board_as_written() -> None:
    """A `where:` condition works out its printed half and each region's neighbours of a
    terrain once per board: in positions of random games on three boards, every condition of
    the races and powers answers for every region and every race in play what a reading of
    the region and all of its neighbours says."""
    from game.rules.abilities.where import Where
    catalog = load_catalog(EXPANSIONS)
    wheres = [w for abil in catalog.abilities.values() for ab in abil
              for w in (getattr(ab, n, None) for n in dir(ab) if not n.startswith("__"))      # compiled: no vars()
              if isinstance(w, Where) and w]
    wheres += [Where(d) for d in ({"terrains": ["hill", "farmland"], "next_to_own": "mountain"},
                                  {"coastal": True, "occupant": "in_decline"},
                                  {"not_terrains": ["forest"], "round": "even"},
                                  {"border": True, "isolated": True}, {"next_to_own": "forest"})]

    def as_written(w: Where, s: GameState, seat: int, race: str, rid: str) -> bool:
        if not w._printed_holds(s.board, rid):
            return False
        rest = {k: v for k, v in w.d.items() if k in ("round", "occupant", "isolated")}
        if rest and not Where(rest)._holds(s, seat, race, rid):
            return False
        t = w.d.get("next_to_own")
        terrains = t if isinstance(t, tuple) else (t,)          # a list of terrains means any of them
        return not t or any(s.board.region(n).terrain in terrains and s.regions[n].owner == seat
                            and s.regions[n].race == race and s.regions[n].tokens
                            for n in s.board.neighbours(rid))

    near = asked = 0
    for name in ("ring", "grid", "wide"):
        rng = random.Random(11)
        s = new_game(BOARDS[name](), ["p0", "p1", "p2", "p3"], catalog, rng)
        for _ in range(60):
            for seat, h, _in_decline in s.iter_holds():
                for w in wheres:
                    for rid in s.regions:
                        got = w.holds(s, seat, h.race, rid)
                        assert got == as_written(w, s, seat, h.race, rid), (w.d, rid, h.race)
                        asked += 1
                        near += got and "next_to_own" in w.d
            if s.game_over:
                break
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert asked > 10_000 and near > 20, (asked, near)


@pytest.mark.parametrize("catalog_of", ["base", "expansions"])
def test_playing_an_intent_never_changes_the_state_it_was_played_from(catalog_of: str) -> None:
    """`apply` plays into a successor that shares the stacks, the discard, the tray and the
    winners with the state before until it writes one of them (`supply_w`; the tray alone,
    `tray_w`), and the regions' mapping until it writes a region: over random games the state
    before is the same after, every part the successor wrote is its own. A `copy` shares the turn
    too, and playing from a copy leaves the state it was copied from as it was."""
    shared = owned = 0
    parts = ("race_stack", "power_stack", "power_discard", "winners")    # written together
    for seed in range(6):
        s, rng = _random_start(_catalog(catalog_of), 100 + seed)
        while not s.game_over:
            before = s.to_dict()
            acts = legal_actions(s)
            a = acts[rng.randrange(len(acts))]
            c = s.copy()
            assert c.turn is s.turn and c.regions is s.regions and c.tray is s.tray
            assert all(getattr(c, p) is getattr(s, p) for p in parts)
            apply(c, a, random.Random(seed))
            assert s.to_dict() == before and c.to_dict() == before
            new, _ = apply(s, a, rng)
            assert s.to_dict() == before
            same = [getattr(new, p) is getattr(s, p) for p in parts]
            if all(same):
                shared += 1
            else:
                assert not any(same) and new.tray is not s.tray    # written: all its own, the tray too
                owned += 1
            assert new.turn is not s.turn
            if new.regions is not s.regions:            # written: changed regions are its own
                assert any(new.regions[r] is not s.regions[r] for r in s.regions)
            c = new.copy()
            c.supply_w()
            c.reg_w(next(iter(c.regions))).tokens += 1
            assert not any(getattr(c, p) is getattr(new, p) for p in (*parts, "tray")) and c.regions is not new.regions
            s = new
    assert shared > owned > 0


def _trace(board: Board, names: list[str], catalog: Catalog, seed: int, step: Any) -> tuple[list[str], int]:
    """A random game played by `step` (`apply` or `play`): each listing, record and table as
    text, and how many intents wrote the regions' mapping in place (each given a number no
    other such writing had: `GameState.written_in_place`)."""
    rng = random.Random(seed)
    s = new_game(board, names, catalog, rng)
    out: list[str] = []
    in_place = 0
    numbers: set[int] = set()       # each mapping written in place is told by a number of its own
    while not s.game_over:
        acts = legal_actions(s)
        out.append(repr(acts))
        regions = s.regions
        was = list(regions.values())
        s, rec = step(s, acts[rng.randrange(len(acts))], rng)
        in_place += s.regions is regions and s.written_in_place > 0
        if s.regions is regions and any(r is not w for r, w in zip(regions.values(), was, strict=True)):
            assert s.written_in_place > 0 and s.written_in_place not in numbers
            numbers.add(s.written_in_place)
        out.append(repr(rec.to_dict()))
        out.append(repr(s.to_dict()))
    return out, in_place


@pytest.mark.parametrize("catalog_of", ["base", "expansions", "invented"])
def test_playing_in_place_plays_the_same_game(catalog_of: str) -> None:
    """`play` writes the regions' mapping of the state it plays from in place, where `apply`
    copies it: two games from the same seed, one played by each (one after the other, as the
    engine's caches of a sealed position would tell), list the same intents, record the same
    dice and events and leave the same table, step by step (the test boards, a board wider than
    a machine word, and the 5-player map)."""
    steps = in_place = 0
    catalog = _catalog(catalog_of)
    for seed in range(12):
        if seed < 6:
            board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
        elif seed < 8:
            board = copies_board(BOARDS["grid"](), 3, "every" if seed % 2 == 0 else "first")
        else:
            board = load_map(ROOT / "maps" / "five_players.tmx").board
        names = [f"p{i}" for i in range(2 + seed % 4)] if seed < 8 else [f"p{i}" for i in range(5)]
        kept, _ = _trace(board, names, catalog, 300 + seed, apply)
        spent, wrote = _trace(board, names, catalog, 300 + seed, play)
        assert spent == kept
        steps += len(kept) // 3
        in_place += wrote
    assert steps >= 1000 and in_place >= steps // 3


def test_play_never_writes_a_state_it_did_not_make() -> None:
    """`play` writes in place only the regions' mapping the state played from made itself: from
    a copy (a computer player's look-ahead from the table's state, or from its view of it) the
    first intent copies the mapping, and the state copied from is as it was, whatever is played
    on from there."""
    catalog = load_catalog(EXPANSIONS)
    for seed in range(4):
        s, rng = _random_start(catalog, 500 + seed)
        for _ in range(40 + 15 * seed):             # a position some way into the game
            s, _ = apply(s, legal_actions(s)[rng.randrange(len(legal_actions(s)))], rng)
        before, listed = s.to_dict(), repr(legal_actions(s))
        c = s.copy()
        steps = 0
        while not c.game_over and steps < 120:
            acts = legal_actions(c)
            c, _ = play(c, acts[rng.randrange(len(acts))], rng)
            steps += 1
        assert s.to_dict() == before and repr(legal_actions(s)) == listed
        assert s.regions is not c.regions


def _by_number(s: GameState) -> bool:
    """`s.at()` holds the very states of `s.regions`, in board order."""
    at = s.at()
    return len(at) == len(s.board.ids) and all(at[i] is s.regions[rid] for i, rid in enumerate(s.board.ids))


def test_the_regions_by_number_are_those_of_the_mapping() -> None:
    """`GameState.at`, the regions' states by number that the listing reads by a region's
    place, holds the very objects of the regions' mapping in board order at every position of
    random games, played in place and each state kept, on the map and on a board wider than a
    machine word; and a state a copy was made from keeps its own while the copy is played on."""
    catalog = load_catalog(EXPANSIONS)
    checked = 0
    for seed in range(8):
        s, rng = _map_or_wide(catalog, seed, 900)
        step = play if seed < 4 else apply
        while not s.game_over:
            legal_actions(s)                      # (the listing asks `at` first, then the play writes)
            assert _by_number(s)
            checked += 1
            if checked % 50 == 0:                 # a copy played on leaves this state's own
                c = s.copy()
                for _ in range(8):
                    if c.game_over:
                        break
                    acts = legal_actions(c)
                    c, _ = play(c, acts[rng.randrange(len(acts))], rng)
                    assert _by_number(c)
                assert _by_number(s)
            acts = legal_actions(s)
            s, _ = step(s, acts[rng.randrange(len(acts))], rng)
    assert checked >= 500


def test_counts_first_asked_after_a_write_in_place_read_the_board() -> None:
    """A state played in place keeps only the regions it wrote as they were (`_marks_from`);
    a marker count its state before had not made is then worked back from the board: random
    games of every length with every expansion, from a position set up by hand (whose counts
    are read when first asked: a new game knows them from the start, `GameState.laid_out`),
    each count asked first at the last state, agree with a reading of every region (and the
    count of the markers whose defence reads further)."""
    catalog = load_catalog(EXPANSIONS)
    far = catalog.nonlocal_marks
    worked_back = 0
    for seed in range(60):
        rng = random.Random(700 + seed)
        s = build_position(BOARDS[["ring", "grid", "wide"][seed % 3]](), [f"p{i}" for i in range(2 + seed % 4)],
                           catalog, rng, {})
        for _ in range(1 + (seed * 7) % 90):
            if s.game_over:
                break
            acts = legal_actions(s)
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
        part = s._from_part
        for m in sorted(MARKER_LIMITS):
            first = part and s._marks_base is not None and m not in s._marks_base
            assert s.marker_count(m) == sum(_marker_on(r, m) for r in s.regions.values()), (seed, m)
            worked_back += first
        if far:
            assert s.far_marked() == sum(1 for r in s.regions.values() if r.marks and not far.isdisjoint(r.marks))
    assert worked_back >= 60


def test_counts_kept_through_play_in_place_agree_with_the_board() -> None:
    """Each state played in place counts its markers from the state before and the regions it
    wrote (`_pairs`: each as it was and as it is): at every position of random games with every
    expansion, every marker count and the count of the markers whose defence reads further agree
    with a reading of every region."""
    catalog = load_catalog(EXPANSIONS)
    far = catalog.nonlocal_marks
    assert far
    in_place = held = 0
    for seed in range(16):
        s, rng = _random_start(catalog, 900 + seed)
        while not s.game_over:
            in_place += s._from_part
            for m in sorted(MARKER_LIMITS):
                assert s.marker_count(m) == sum(_marker_on(r, m) for r in s.regions.values()), (seed, m)
            n = sum(1 for r in s.regions.values() if r.marks and not far.isdisjoint(r.marks))
            assert s.far_marked() == n, seed
            held += n > 0
            acts = legal_actions(s)
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    assert in_place > 1000 and held > 20


def test_stacks_counted_in_one_walk_agree_with_the_board() -> None:
    """A marker kept in a region's markers is counted for a seat in one walk of the board
    (`box.stacks_and_others`: his regions holding one, the markers on regions not his), and the
    Behemoth's stacks off the board (`StackMarkers._free`) from it: at every position of random
    games with every expansion, each agrees with the regions holding one (`marks_on_board`), the
    markers the others hold (`held_by_others`) and what the box has left (`left_for`)."""
    from game.rules.abilities.box import held_by_others, in_marks, left_for, stacks_and_others
    from game.rules.abilities.markers import marks_on_board
    from game.rules.abilities.stack_markers import StackMarkers
    catalog = load_catalog(EXPANSIONS)
    kinds = sorted(k for k in catalog.marks if in_marks(k))
    stacks = [ab for abil in catalog.abilities.values() for ab in abil if isinstance(ab, StackMarkers)]
    assert kinds and stacks
    on_board = free_short = 0
    for seed in range(30):
        s, rng = _random_start(catalog, 1300 + seed)
        while not s.game_over:
            for seat in range(len(s.players)):
                for kind in kinds:
                    mine = sum(1 for rid in marks_on_board(s, kind) if s.regions[rid].owner == seat)
                    assert stacks_and_others(s, seat, kind) == (mine, held_by_others(s, seat, kind)), (seed, kind)
                for ab in stacks:
                    name, count = str(ab.p["marker"]), int(ab.p["count"])
                    on = sum(1 for rid in marks_on_board(s, name) if s.regions[rid].owner == seat)
                    free = left_for(s, seat, name, count, on) - on
                    assert ab._free(s, seat) == free, seed
                    on_board += on > 0
                    free_short += free < count
            acts = legal_actions(s)
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    assert on_board > 100 and free_short > 400


def test_a_region_move_lists_what_its_reasons_accept() -> None:
    """A move on a region (Lava, Wendigos...) may list its intents its own quicker way: the list is
    always the candidates its `why_not_at` accepts, in the same order."""
    from game.rules import Use
    from game.rules.abilities.use_move import RegionMove
    checked = listed = 0
    for seed in range(30):
        s, rng = _random_start(_catalog("expansions"), 300 + seed)
        while not s.game_over:
            seat = s.turn.seat
            hold = s.players[seat].active
            for ab in (s.catalog.effects_of(hold.race, hold.power) if hold else ()):
                if isinstance(ab, RegionMove):
                    slow = [Use(ab.name, rid) for rid in ab.candidates(s, seat) if ab.why_not_at(s, seat, rid) is None]
                    assert ab.legal_intents(s, seat) == slow, (ab.name, seed)
                    checked += 1
                    listed += len(slow)
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert checked > 100 and listed > 10


#: the modules that build a state of their own from nothing (a new game, a scenario's position)
FRESH_STATES = {"setup.py", "position.py"}
SUPPLY_WRITE = re.compile(r"\.(race_stack|power_stack|power_discard|winners)\.(append|pop|insert|remove|extend|clear|sort)\("
                          r"|\.tray\[[^\]]*\]\s*[-+]?=(?!=)|shuffle\(\w+\.(race_stack|power_stack)\)")


def _supply_writes_past_supply_w(source: str) -> list[str]:
    """The functions of `source` that write the stacks, the discard, the tray or the winners in
    place without asking `supply_w` for them (which a successor state needs: it shares them)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_source_segment(source, node) or ""
            if SUPPLY_WRITE.search(text) and "supply_w()" not in text:
                out.append(node.name)
    return out


@pytest.mark.slow
def test_the_engine_writes_the_shared_supply_only_through_supply_w() -> None:
    """In the engine, and outside it too: a copy shares the supply with the state it was copied
    from (a computer player guessing the hidden stacks asks for its own first)."""
    root = Path(__file__).resolve().parents[1] / "game"
    offenders = [f"{p.relative_to(root).as_posix()}: {name}" for p in sorted(root.rglob("*.py"))
                 if p.name not in FRESH_STATES
                 for name in _supply_writes_past_supply_w(p.read_text(encoding="utf-8"))]
    assert offenders == [], "writes the shared stacks or tray without supply_w: " + "; ".join(offenders)
    assert _supply_writes_past_supply_w("def f(s):\n    s.power_discard.append('x')\n") == ["f"]
    assert _supply_writes_past_supply_w("def f(s):\n    s.tray['elves'] -= 1\n") == ["f"]
    assert _supply_writes_past_supply_w("def f(s):\n    s.supply_w().tray['elves'] -= 1\n") == []
    assert _supply_writes_past_supply_w("def f(s):\n    rng.shuffle(s.race_stack)\n") == ["f"]


TURN_WRITE = re.compile(r"\.turn\.\w+\s*[-+]?=(?!=)|\.turn\.\w+\.(append|pop|insert|remove|extend|clear|update|setdefault)\("
                        r"|\.turn\.\w+\[[^\]]*\]\s*[-+]?=(?!=)")


def test_only_the_engine_writes_a_turn() -> None:
    """A `copy` shares the turn with the state it was copied from: only the engine writes a turn,
    inside `apply`, in the successor it plays into (which has its own); a position set up by hand
    asks `turn_w` for a turn of its own."""
    root = Path(__file__).resolve().parents[1]
    offenders = [p.relative_to(root).as_posix() for folder in ("game", "tests") for p in sorted((root / folder).rglob("*.py"))
                 if "rules" not in p.relative_to(root).parts and p.name != "test_fast_legality.py"
                 and TURN_WRITE.search(p.read_text(encoding="utf-8"))]
    assert offenders == [], "writes a state's turn outside the engine: " + ", ".join(offenders)
    assert TURN_WRITE.search("s.turn.phase = 'pick'") and TURN_WRITE.search("s.turn.used['x'] = 1")
    assert TURN_WRITE.search("v.turn.conquered.append('r1')") and not TURN_WRITE.search("s.turn.phase == 'pick'")
    s = new_game(BOARDS["ring"](), ["ann", "bob"], default_catalog(), random.Random(1))
    c = s.copy()
    assert c.turn is s.turn and c.turn_w() is not s.turn and c.turn_w() is c.turn
    c.turn_w().phase = "redeploy"
    assert s.turn.phase == "pick" and c.turn.phase == "redeploy"


def test_a_player_written_after_a_seal_is_copied_again() -> None:
    """A state remembers which players it copied (`player_w`) until it is sealed: a player
    written again after the seal is copied again, so a copy made in between keeps its own, and
    a player written twice before the seal is copied once."""
    s = new_game(BOARDS["ring"](), ["ann", "bob"], default_catalog(), random.Random(1))
    p = s.player_w(1)
    assert s.player_w(1) is p and s.players[1] is p      # copied once until the seal
    p.coins = 7
    s.seal()
    c = s.copy()
    assert c.players[1] is p                             # shared until written
    s.player_w(1).coins = 9
    assert c.players[1].coins == 7 and s.players[1].coins == 9 and s.players[1] is not p
    c.player_w(0).coins = 1
    assert s.players[0].coins != 1 and c.players[0] is not s.players[0]


def test_every_conquest_a_scenario_plays_or_refuses_is_listed_as_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """In every scenario file, each conquest played or refused (the Active race's, with or
    without the die, and the In Decline Ghouls': their listing is the Active race's, with no
    Diplomat's peace binding them, R12) is among `legal_actions` exactly when `why_illegal`
    accepts it: the positions set up by hand reach what random games seldom do (a peace made
    with the player whose Ghouls then attack)."""
    import game.scenario as scenario
    kinds = (Conquer, Reinforce, GhoulsConquer, GhoulsReinforce)
    seen: dict[str, int] = {}
    played = scenario.apply

    def checked(s: GameState, a: Action, *args: Any, **kw: Any) -> Any:
        if isinstance(a, kinds) and not s.game_over:
            assert (a in legal_actions(s)) == (why_illegal(s, a) is None), a
            seen[a.kind] = seen.get(a.kind, 0) + 1
        return played(s, a, *args, **kw)

    monkeypatch.setattr(scenario, "apply", checked)
    for path in scenario.collect([str(ROOT / "tests" / "scenarios")]):
        ok, name, msg = scenario.run_file(path, default_catalog())
        assert ok, f"{name}: {msg}"
    assert seen.get("ghouls", 0) >= 5 and seen.get("conquer", 0) >= 200, seen


def test_a_cost_found_by_number_is_the_cost_found_by_name() -> None:
    """`Options.cost_at` (the engine's, found by halving the options in board order) gives for
    every region the cost `Options.get` finds by its name, at every position of random games
    on the map and on a board wider than a machine word: what was listed, and None for the
    others."""
    catalog = load_catalog(EXPANSIONS)
    found = 0
    for seed in range(6):
        s, rng = _map_or_wide(catalog, seed, 1700)
        board = s.board
        while not s.game_over:
            acts = legal_actions(s)
            listed = s._listed
            if listed is not None:
                for n, rid in enumerate(board.ids):
                    got = listed.costs.cost_at(n)
                    assert got == listed.costs.get(rid), (seed, rid)
                    found += got is not None
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    assert found >= 1000


def test_a_conversion_is_listed_where_only_a_price_refuses_the_conquest(tmp_path: Path) -> None:
    """The Sorcerers' conversions are found among the conquests the listing judged, but for a
    region whose holder asks a price in coins the attacker cannot pay: the conquest is refused
    there, the conversion (which pays no price) is not, and it is listed as `why_illegal`
    accepts it."""
    path = tmp_path / "tolls.yaml"
    path.write_text("races:\n  tollkeepers:\n    tokens: 5\n    box: 10\n    effects:\n"
                    "      - {coins_when_conquered: {amount: 9, payer: attacker, payee: holder, required: true}}\n",
                    encoding="utf-8")
    catalog = load_catalog([path])
    board = Board.from_dicts("tolls", 10, [
        {"id": "a", "terrain": "forest", "border": True, "adjacent": ["b", "c"]},
        {"id": "b", "terrain": "farmland", "adjacent": ["a"]},
        {"id": "c", "terrain": "hill", "adjacent": ["a"]}])
    s = build_position(board, ["ann", "bob"], catalog, random.Random(1), {
        "round": 2,
        "players": {"ann": {"coins": 0, "active": {"race": "sorcerers", "power": "alchemist", "hand": 0}},
                    "bob": {"coins": 5, "active": {"race": "tollkeepers", "power": "swamp", "hand": 0}}},
        "regions": {"a": {"owner": "ann", "race": "sorcerers", "tokens": 3},
                    "b": {"owner": "bob", "race": "tollkeepers", "tokens": 1},
                    "c": {"owner": "bob", "race": "tollkeepers", "tokens": 1}}})
    s.seal()
    legal = legal_actions(s)
    assert why_illegal(s, Conquer("b")) is not None and Conquer("b") not in legal      # 9 coins asked
    assert why_illegal(s, Enchant("b")) is None and Enchant("b") in legal
    _check_position(s)


def test_options_kept_are_patched_where_regions_were_written_as_a_merge_would() -> None:
    """After a conquest the options kept from the position before lose the regions written and
    their neighbours and gain those judged again (`listing._merged` on a board a machine word
    holds, reading a mask; `listing._patched` on a wider one, region by region): on random
    sets of options, regions written and options judged, both give what a plain merge gives."""
    rng = random.Random(5)
    for board in (BOARDS["grid"](), copies_board(BOARDS["grid"](), 3, "every")):
        places = board.places
        for _ in range(300):
            kept = sorted(rng.sample(places, rng.randrange(len(places) // 2)), key=lambda p: p.num)
            written = sorted(rng.sample(places, rng.randrange(1, 12)), key=lambda p: p.num)
            judged = [p for p in written if rng.random() < 0.6]
            before = Options(kept, [rng.randrange(1, 9) for _ in kept])
            now = Options(judged, [rng.randrange(1, 9) for _ in judged])
            want = {p.num: c for p, c in zip(before.places, before.costs, strict=True) if p not in written}
            want.update({p.num: c for p, c in zip(now.places, now.costs, strict=True)})
            got = _patched(before, now, written) if board.wide else \
                _merged(before, now, board.mask_of(p.id for p in written))
            assert [p.num for p in got.places] == sorted(want) and got.costs == [want[n] for n in sorted(want)]
            assert before.places == kept                       # (the options kept are not written)


def test_intents_kept_with_options_are_patched_with_them() -> None:
    """The intents to conquer a wide board's options (`Options.conquers`, added at once when
    every option is within the hand) and their dearest cost (`Options.top`), kept with options
    that are patched where regions were written (`listing._patched`), are patched with them: on
    random sets of options, regions written and options judged, each intent is its place's, in
    order, and the dearest cost kept is the dearest (or left to be worked out again)."""
    rng = random.Random(6)
    board = copies_board(BOARDS["grid"](), 3, "every")
    places = board.places
    for pl in places:
        engine_module._conquer_at(pl)
    patched = reworked = 0
    for _ in range(300):
        kept = sorted(rng.sample(places, rng.randrange(len(places) // 2)), key=lambda p: p.num)
        written = sorted(rng.sample(places, rng.randrange(1, 12)), key=lambda p: p.num)
        judged = [p for p in written if rng.random() < 0.6]
        before = Options(kept, [rng.randrange(1, 9) for _ in kept])
        before.conquers = [p.conquer for p in kept]
        before.dearest()
        got = _patched(before, Options(judged, [rng.randrange(1, 9) for _ in judged]), written)
        assert got.conquers is not None and len(got.conquers) == len(got.places)
        assert all(x is p.conquer for x, p in zip(got.conquers, got.places, strict=True))
        assert got.top in (-1, max(got.costs, default=0))
        patched += got.top >= 0
        reworked += got.top < 0
        assert got.dearest() == max(got.costs, default=0)
        assert before.conquers == [p.conquer for p in kept]     # (the options kept are not written)
    assert patched > 100 and reworked > 10, (patched, reworked)


def test_a_listing_of_many_options_within_the_hand_lists_each_once_in_order() -> None:
    """At every position of random games on a board of many copies where the Active race may
    conquer, the conquests listed (`legal_actions`) are the options judged within the hand, each
    once, in board order, whether added at once from the intents kept with the options or one
    by one; and the intents kept are the places' own."""
    board = copies_board(BOARDS["grid"](), 4, "every")
    catalog = default_catalog()
    at_once = 0
    for seed in range(6):
        rng = random.Random(3100 + seed)
        s = new_game(board, [f"p{i}" for i in range(3 + seed % 3)], catalog, rng)
        while not s.game_over:
            acts = legal_actions(s)
            hold = s.players[s.turn.seat].active
            kept = s._opts
            if s.turn.phase == CONQUER and hold is not None and kept is not None:
                opts = kept[2]
                listed = [a.region for a in acts if type(a) is Conquer]
                want = [p.id for p, c in zip(opts.places, opts.costs, strict=True) if c <= hold.hand]
                assert listed == want, (s.round, hold.race)
                if opts.conquers is not None:
                    at_once += 1
                    assert all(x is p.conquer for x, p in zip(opts.conquers, opts.places, strict=True))
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    assert at_once >= 20, at_once


def _entries(catalog: Catalog, count: bool) -> tuple[int, int, int, int]:
    """Random games on a board of many copies (where the ways in, and the land of a race that
    reaches all of it, are judged on what was judged last time) and on the map (where they are
    judged afresh); at each position where the Active race may conquer, its conquests judged
    afresh of the position (`conquest_options`, nothing built on the position before) compared
    with a judgement of every region afresh (the board's kept tables emptied for it). Gives the
    entries (the race holding no region), the ways in they had, and (when `count`: interpreted,
    the judging counted) how many were judged again; and the positions of a race reaching
    further than its neighbours (a flier's) on the wide board."""
    judged = [0]
    real = listing_module._priced_targets

    def counted(s: GameState, seat: int, hold: Any, abil: Any, places: list[Any], *rest: Any) -> Any:
        judged[0] += len(places)
        return real(s, seat, hold, abil, places, *rest)

    entries = ways = again = far = 0
    boards = [copies_board(BOARDS["grid"](), 4, "every"), load_map(ROOT / "maps" / "five_players.tmx").board]
    for seed in range(12):
        board = boards[seed % 2]
        rng = random.Random(3000 + seed)
        s = new_game(board, [f"p{i}" for i in range(3 + seed % 3)], catalog, rng)
        while not s.game_over:
            t = s.turn
            hold = s.players[t.seat].active
            if t.phase == CONQUER and hold is not None and hold.hand:
                tab = catalog.combo_hooks(hold.race, hold.power)
                own = s.regions_of(t.seat, hold.race)
                if count and not own:
                    listing_module._priced_targets = counted
                judged[0] = 0
                try:
                    got = conquest_options(s, t.seat, hold, tab.effects, own, None, tab)
                finally:
                    listing_module._priced_targets = real
                kept = dict(board._tables)
                board._tables.clear()
                fresh = conquest_options(_unlisted(s), t.seat, hold, tab.effects, own, None, tab)
                board._tables.clear()
                board._tables.update(kept)
                assert got.places == fresh.places and got.costs == fresh.costs, \
                    f"{board.name}: round {s.round}, seat {t.seat}, {hold.race}"
                if not own:
                    n = len(board.places_in(board.ways_in_bits(True)))
                    entries += 1
                    ways += n
                    again += min(judged[0], n)
                elif tab.reaches and board.wide:
                    far += 1
            acts = legal_actions(s)
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    return entries, ways, again, far


@pytest.mark.parametrize("content", ["base", "expansions", "invented"])
def test_ways_in_judged_on_the_last_entry_agree_with_a_full_judgement(content: str) -> None:
    """A race holding no region enters by the ways in, judged on what the board kept of the
    last entry (`listing._entered`), and a flier judges the whole land so: only the regions
    written since, held or marked are judged again. At every position of random games where a
    race may conquer, on a board of many copies and on the map, the conquests and their costs
    are those of a judgement of every region afresh."""
    entries, _, _, far = _entries(default_catalog() if content == "base" else _catalog(content), False)
    assert entries >= 20, entries
    if content == "base":
        assert far >= 20, far


@pytest.mark.interpreted          # counts the regions judged (`listing._priced_targets`)
def test_most_ways_in_are_not_judged_again_at_an_entry() -> None:
    """In those games (the base set), no more than three ways in of four are judged again at an
    entry (the rest read from the last entry's judgement, in this game or one before on the same
    board), though a race whose effects judge a region their own way judges them all."""
    entries, ways, again, _ = _entries(default_catalog(), True)
    assert entries >= 20 and again <= ways * 3 / 4, (entries, again, ways)


#: every slot of a region's state (`RegionState`), named: compiled, the class lists none
_REGION_SLOTS = ("owner", "race", "tokens", "decline", "lost_tribe", "mountain", "lair", "fortress", "encampments",
                 "hero", "dragon", "hole", "marks")


def test_a_new_games_regions_are_shared_and_never_written_in_place() -> None:
    """Every new game on a board starts from the same region objects (`setup.empty_table`), and
    no game writes them: after random games played from them, in place and not, each is still
    as a table laid afresh lays it."""
    assert set(_REGION_SLOTS) == set(RegionState().__slots__ if hasattr(RegionState, "__slots__") else _REGION_SLOTS)
    board = copies_board(BOARDS["grid"](), 3, "every")
    catalog = _catalog("expansions")
    first = new_game(board, ["a", "b", "c"], catalog, random.Random(1))
    again = new_game(board, ["a", "b"], catalog, random.Random(2))
    assert all(first.regions[rid] is again.regions[rid] for rid in board.ids)
    assert first.tray == again.tray
    for seed in range(4):
        rng = random.Random(4000 + seed)
        s = new_game(board, [f"p{i}" for i in range(2 + seed)], catalog, rng)
        step = play if seed % 2 else apply
        while not s.game_over:
            acts = legal_actions(s)
            s, _ = step(s, acts[rng.randrange(len(acts))], rng)
    laid = empty_table(board, ["a", "b"], catalog)         # (laid afresh: a table set up by hand)
    for rid in board.ids:
        r, fresh = first.regions[rid], laid.regions[rid]
        assert r is not fresh
        assert [getattr(r, n) for n in _REGION_SLOTS] == [getattr(fresh, n) for n in _REGION_SLOTS], rid
    assert first.tray == laid.tray


def test_a_race_reaching_part_of_the_land_never_takes_a_fliers_kept_judgement() -> None:
    """A flier's listing leaves its judgement of the whole land with the board (`_entered`); a
    race that reaches only some of the land (the Slingmen, two steps away) is judged as usual
    after it, never on that judgement: its conquests equal those found with the board's kept
    tables emptied, and some land region is out of its reach."""
    from game.rules import RaceHold
    catalog = _catalog("expansions")
    board = copies_board(BOARDS["grid"](), 3, "every")
    s = new_game(board, ["a", "b"], catalog, random.Random(5)).copy()
    slinger = s.player_w(0).active = RaceHold("slingmen", "alchemist", 10)
    s.seal()
    home = next(rid for rid in board.ids if not board.region(rid).is_water)
    flier = RaceHold("humans", "flying", 10)
    tab = catalog.combo_hooks("humans", "flying")
    flown = conquest_options(s, 0, flier, tab.effects, [home], None, tab)
    tab = catalog.combo_hooks("slingmen", "alchemist")
    got = conquest_options(s, 0, slinger, tab.effects, [home], None, tab)
    kept = dict(board._tables)
    board._tables.clear()
    fresh = conquest_options(_unlisted(s), 0, slinger, tab.effects, [home], None, tab)
    board._tables.clear()
    board._tables.update(kept)
    assert got.places == fresh.places and got.costs == fresh.costs
    assert 0 < len(fresh.places) < len(flown.places)


def test_the_answering_races_a_turn_builds_on_cover_those_asked_afresh() -> None:
    """The other players' races that answer for their regions (`listing._answering_races`: may
    protect one, ask a price for it or count for more there) are kept with a judgement
    (`Judged.answers`) and read again at the positions of the turn that build on it. At every
    position of random games with every pack where a judgement was kept, they include those
    asked afresh, and a race more is one that holds no region (a conquest takes races away,
    never adds one); and some positions were built on a judgement with such races."""
    from game.rules.listing import _answering_races
    catalog = _catalog("expansions")
    kept = built_on = 0
    for seed in range(24):
        s, rng = _random_start(catalog, 5100 + seed)
        while not s.game_over:
            prior = s._prior
            acts = legal_actions(s)
            listed = s._listed
            judged = listed.judged if listed is not None else None
            if judged is not None and judged.answers is not None:
                kept += 1
                seat = s.turn.seat
                fresh = _answering_races(_unlisted(s), seat)
                for had, now in zip(judged.answers, fresh, strict=True):
                    assert set(now) <= set(had), (seed, s.round, seat)
                    for owner, race in set(had) - set(now):
                        assert not s.regions_of(owner, race), (seed, s.round, owner, race)
                if prior is not None and prior.answers is not None and any(judged.answers) and all(
                        a is b for a, b in zip(prior.answers, judged.answers, strict=True)):
                    built_on += 1
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    assert kept >= 300 and built_on >= 25, (kept, built_on)


@pytest.mark.interpreted          # counts the players asked (`listing._answering_races`)
def test_a_listing_asks_each_player_once_and_none_when_built_on() -> None:
    """Interpreted, counted: a listing that asks every player whether a race of his asks a price
    (`judged_locally`) reads the other players' answering races from those answers, and one
    building on the position before reads them from its judgement: in random games with every
    pack, `_answering_races` asks the players at fewer than half of the conquest listings."""
    real = listing_module._answering_races
    asked = [0]

    def counted(s: GameState, seat: int) -> Any:
        asked[0] += 1
        return real(s, seat)

    catalog = _catalog("expansions")
    listings = 0
    listing_module._answering_races = counted
    try:
        for seed in range(8):
            s, rng = _random_start(catalog, 5200 + seed)
            while not s.game_over:
                t = s.turn
                hold = s.players[t.seat].active
                if t.phase == CONQUER and hold is not None and hold.hand and s.regions_of(t.seat, hold.race):
                    listings += 1
                acts = legal_actions(s)
                s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    finally:
        listing_module._answering_races = real
    assert listings >= 200 and 0 < asked[0] < listings / 2, (asked[0], listings)


def test_emptying_anywhere_leaves_out_a_region_an_effect_protects() -> None:
    """The Wendigos empty any Forest once a turn (`clear_region` listed without a reason for
    each region left out): a Forest of the Shrubmen, whose forests are immune, is never listed
    (In Decline too), one of another race is, and every listed one is accepted."""
    catalog = load_catalog([ROOT / "assets" / "content" / "expansions" / "sky_islands.yaml",
                            ROOT / "assets" / "content" / "expansions" / "royal_bonus.yaml"])
    board = Board.from_dicts("woods", 5, [
        {"id": "a", "terrain": "farmland", "border": True, "adjacent": ["b"]},
        {"id": "b", "terrain": "forest", "adjacent": ["a", "c"]},
        {"id": "c", "terrain": "forest", "adjacent": ["b", "d"]},
        {"id": "d", "terrain": "forest", "border": True, "adjacent": ["c"]}])
    for decline in (False, True):
        shrubmen = {"race": "shrubmen", "power": "hill", "hand": 0}
        s = build_position(board, ["ann", "bob", "cid"], catalog, random.Random(2), {
            "players": {"ann": {"active": {"race": "wendigos", "power": "forest", "hand": 3}},
                        "bob": {"decline": [{"race": "shrubmen"}]} if decline else {"active": shrubmen},
                        "cid": {"active": {"race": "elves", "power": "swamp", "hand": 0}}},
            "regions": {"a": {"owner": "ann", "race": "wendigos", "tokens": 2},
                        "b": {"owner": "bob", "race": "shrubmen", "tokens": 2, "decline": decline},
                        "c": {"owner": "cid", "race": "elves", "tokens": 2}}})
        s.seal()
        legal = legal_actions(s)
        emptied = sorted(a.region for a in legal if isinstance(a, Use) and a.effect == "clear_region")
        assert emptied == ["c", "d"], (decline, emptied)
        assert why_illegal(s, Use("clear_region", "b")) is not None
        _check_position(s)


def test_a_cost_change_idle_now_changes_no_regions_cost() -> None:
    """`CostChange.modifies_costs_now` (asked once a listing, before `cost_modifier` is asked
    region by region) says False only where the change is 0 everywhere: at every conquest
    position of random games with every pack, each change of the Active race that says so
    changes no region's cost; and it says so of the Giants holding no Mountain (entering the map
    among them), whose change is then asked of no region, and not of those holding one."""
    from game.rules.abilities.cost_change import CostChange
    catalog = _catalog("expansions")
    board = load_map(ROOT / "maps" / "five_players.tmx").board
    idle = idle_giants = busy_giants = 0
    for seed in range(16):
        rng = random.Random(5300 + seed)      # (the Giants first in the column: often picked)
        s = new_game(board, [f"p{i}" for i in range(2 + seed % 4)], catalog, rng,
                     forced=[("giants", ["commando", "mounted", "flying", "hill"][seed % 4])])
        while not s.game_over:
            t = s.turn
            hold = s.players[t.seat].active
            if t.phase == CONQUER and hold is not None:
                for ab in catalog.effects_of(hold.race, hold.power):
                    if not isinstance(ab, CostChange):
                        continue
                    now = ab.modifies_costs_now(s, t.seat)
                    if not now:
                        idle += 1
                        assert all(ab.cost_modifier(s, t.seat, rid) == 0 for rid in s.regions), (seed, ab.name)
                    if hold.race == "giants" and ab.p["where"] == {"next_to_own": "mountain"}:
                        mountains = [rid for rid in s.regions_of(t.seat, "giants")
                                     if s.board.region(rid).terrain == "mountain"]
                        assert now == bool(mountains), (seed, mountains)
                        if mountains:
                            busy_giants += 1
                        else:
                            idle_giants += 1
            acts = legal_actions(s)
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    assert idle >= 50 and idle_giants >= 5 and busy_giants >= 5, (idle, idle_giants, busy_giants)


def test_the_sorcerers_conversions_listed_are_those_accepted_on_a_wide_board() -> None:
    """The Sorcerers' conversions (`Enchant.legal_intents`, reading regions by number) on a
    board wider than a machine word: at every conquest position of random games on eight copies
    of the map where the Sorcerers are Active, those listed are exactly the regions near theirs
    that `why_illegal` accepts a conversion of; and some were listed."""
    catalog = default_catalog()
    listed = 0
    for seed in range(6):
        s, rng = _map_or_wide(catalog, 5400 + seed, 0)
        while not s.game_over:
            t = s.turn
            hold = s.players[t.seat].active
            acts = legal_actions(s)
            if t.phase == CONQUER and hold is not None and hold.race == "sorcerers":
                got = sorted(a.region for a in acts if isinstance(a, Enchant))
                near = s.board.ids_in(s.board.near_bits(s.held_bits(t.seat, "sorcerers")))
                want = sorted(rid for rid in near if why_illegal(s, Enchant(rid)) is None)
                assert got == want, (seed, s.round)
                listed += len(got)
            s, _ = play(s, acts[rng.randrange(len(acts))], rng)
    assert listed >= 5, listed


def test_flying_sorcerers_convert_near_their_regions_on_a_wide_board() -> None:
    """Flying Sorcerers on a board wider than a machine word: the listing judges hundreds of
    regions they may conquer (their whole land), and their conversions are looked for among
    those next to their regions alone (`Enchant.legal_intents`). At every conquest position of
    random games where they are Active (picked first from the top of the column), those listed
    are exactly the regions near theirs that `why_illegal` accepts a conversion of; the listing
    had judged a wide land there, and some conversions were listed."""
    catalog = default_catalog()
    listed = wide = 0
    for seed in range(6):
        rng = random.Random(7300 + seed)
        board = copies_board(BOARDS["grid"](), 3, "every")
        s = new_game(board, [f"p{i}" for i in range(2 + seed % 3)], catalog, rng)
        s.column_w()[0] = Combo("sorcerers", "flying")
        while not s.game_over:
            t = s.turn
            hold = s.players[t.seat].active
            acts = legal_actions(s)
            if t.phase == CONQUER and hold is not None and hold.race == "sorcerers" and hold.power == "flying":
                got = sorted(a.region for a in acts if isinstance(a, Enchant))
                near = s.board.ids_in(s.board.near_bits(s.held_bits(t.seat, "sorcerers")))
                want = sorted(rid for rid in near if why_illegal(s, Enchant(rid)) is None)
                assert got == want, (seed, s.round)
                listed += len(got)
                judged = s.judged_options(t.seat, hold)
                wide += judged is not None and len(judged) > 2 * len(near)
            first = [a for a in acts if isinstance(a, Pick) and s.column[a.index].race == "sorcerers"]
            a = first[0] if first else acts[rng.randrange(len(acts))]
            s, _ = play(s, a, rng)
    assert listed >= 5 and wide >= 5, (listed, wide)


def test_the_biggest_stack_is_the_one_max_finds() -> None:
    """The default redeployment moves tokens from the biggest stack (`turn._biggest`): the first
    of the biggest when topping thin regions up (as `max` over the places finds it), the last when
    the hand falls short (as `max` over the places reversed): on random stacks with many ties,
    the same place as those `max` find."""
    rng = random.Random(7)
    for _ in range(2000):
        counts = [rng.randrange(1, 4) for _ in range(rng.randrange(1, 12))]
        places = range(len(counts))
        assert turn_module._biggest(counts, False) == max(places, key=counts.__getitem__)
        assert turn_module._biggest(counts, True) == max(reversed(places), key=counts.__getitem__)


@pytest.mark.parametrize("catalog_of", ["expansions", "invented"])
def test_a_combos_answers_now_are_its_effects_in_force_that_answer(catalog_of: str) -> None:
    """What a race with a power answers now for a hook (`Catalog.answering_now`, put together
    from its race's and its power's answers, and those of a race or power lent to it) is the
    combo's effects in force (`in_force`) that answer the hook (`overriding`), in order: for
    every asked hook, Active and In Decline, on random combos, some with a power holding
    another's for a while, asked twice (the second from what the catalog kept)."""
    catalog = _catalog(catalog_of)
    rng = random.Random(8)
    races, powers = sorted(catalog.races), sorted(catalog.powers)
    several = 0
    for _ in range(300):
        race = rng.choice(races)
        power: str | None = rng.choice([*powers, None])
        if power is not None and rng.random() < 0.3:
            power = lent_key(power, rng.choice(races + powers))
        for in_decline in (False, True):
            effects_now = catalog.in_force(race, power, in_decline)
            for hook in ASKED_HOOKS:
                want = Catalog.overriders(effects_now, hook)
                assert catalog.answering_now(race, power, in_decline, hook) == want, (race, power, hook)
                assert catalog.answering_now(race, power, in_decline, hook) == want
                several += len(want) > 1
    assert several > 0


@pytest.mark.parametrize("catalog_of", ["expansions", "invented"])
def test_a_combos_facts_are_found_again_whatever_was_asked_between(catalog_of: str) -> None:
    """What the catalog keeps for a race with a power (`Catalog.facts`, the combo asked last
    found again by the identity of its names) answers for that combo alone: on random combos
    asked in turn (some with a power holding another's for a while, some named by strings equal
    but not the same objects, the same race with two powers one after the other), each answer
    is the one worked out afresh from the race's and the power's effects."""
    catalog = _catalog(catalog_of)
    rng = random.Random(11)
    races, powers = sorted(catalog.races), sorted(catalog.powers)
    combos: list[tuple[str, str | None]] = []
    for _ in range(120):
        race = rng.choice(races)
        power: str | None = rng.choice([*powers, None])
        if power is not None and rng.random() < 0.3:
            power = lent_key(power, rng.choice(races + powers))
        combos.append((race, power))
        combos.append((race, rng.choice(powers)))          # the same race, another power next
    answered = 0
    for _ in range(1500):
        race, power = rng.choice(combos)
        if rng.random() < 0.5:                              # equal names, other objects
            race = "".join(list(race))
            power = None if power is None else "".join(list(power))
        effects = catalog.abilities[race]
        for part in lent_parts(power):
            effects = effects + catalog.abilities[part]
        in_decline = rng.random() < 0.5
        now = tuple(a for a in effects if a.in_decline) if in_decline else \
            tuple(a for a in effects if not a.only_in_decline)
        hook = rng.choice(ASKED_HOOKS)
        question = rng.randrange(9)
        if question == 0:
            assert catalog.effects_of(race, power) == effects
        elif question == 1:
            assert catalog.in_force(race, power, in_decline) == now
        elif question == 2:
            want = Catalog.overriders(effects, hook)
            assert catalog.answering(race, power, hook) == want, (race, power, hook)
            answered += bool(want)
        elif question == 3:
            assert catalog.answering_now(race, power, in_decline, hook) == Catalog.overriders(now, hook)
        elif question == 4:
            active = tuple(a for a in effects if not a.only_in_decline)
            assert catalog.combo_hooks(race, power).effects == active
        elif question == 5:
            assert catalog.hooks_in_force(race, power, in_decline).effects == now
        elif question == 6:
            got = catalog.guards(race, power, in_decline)
            assert (got.effects if got is not None else None) == (
                now if named_in(catalog.guarding, race, power) else None), (race, power)
        elif question == 7:
            least = max([1, *(a.min_per_region() for a in Catalog.overriders(effects, "min_per_region"))])
            assert catalog.least_per_region(race, power) == least
        else:
            said = [v for a in effects if (v := a.pass_over_price()) is not None]
            assert catalog.pass_over_price(race, power) == (said[-1] if said else 1)
            assert catalog.collects_lost_tokens(race, power) == any(a.collects_lost_tokens() for a in effects)
    assert answered > 0


def test_a_plain_redeploys_counts_are_its_mapping_sorted() -> None:
    """The counts of the listing's plain Redeploy (`turn._board_and_hand_counts`, made without a
    mapping in between) are those of the board and the hand by the default rule
    (`turn._board_and_hand`), sorted by region: on random holdings of a test board, with a hand
    or none and the region taken last held, lost or unknown."""
    board = BOARDS["grid"]()
    rng = random.Random(12)
    with_hand = 0
    for _ in range(3000):
        regions: dict[str, RegionState] = {}
        for rid in board.ids:
            r = RegionState()
            if rng.random() < 0.5:
                r.owner, r.race, r.tokens = rng.randrange(2), rng.choice(["ratmen", "elves"]), rng.randrange(1, 6)
            regions[rid] = r
        own = [rid for rid in board.ids if regions[rid].owner == 0 and regions[rid].race == "ratmen"]
        if not own:
            continue
        hand = rng.choice([0, 0, 1, 2, 5])
        last = rng.choice([None, *board.ids])
        want = tuple(sorted(turn_module._board_and_hand(regions, own, 0, "ratmen", hand, last).items()))
        assert turn_module._board_and_hand_counts(regions, own, 0, "ratmen", hand, last) == want
        with_hand += hand > 0 and len(own) > 1
    assert with_hand > 500


def test_the_default_spread_places_every_token_and_keeps_the_least() -> None:
    """The default redeployment's spread (`turn._spread`, counted by place): every token of the
    total placed; with enough tokens, each region keeps the least its race must leave there
    (Kobolds: 2); with more than the board holds, the regions keep theirs and the rest goes to
    the one the default rule names; with fewer, tokens come off the biggest stacks and no region
    is emptied; and the Redeploy's counts are the same, sorted by region (the least lowered, as
    the rule lowers it, when there are too few tokens to keep it everywhere)."""
    board = BOARDS["grid"]()
    rng = random.Random(13)
    checked = 0
    for _ in range(3000):
        own = sorted(rng.sample(list(board.ids), rng.randrange(1, 9)), key=board.index.__getitem__)
        regions: dict[str, RegionState] = {}
        for rid in board.ids:
            regions[rid] = r = RegionState()
            if rid in own:
                r.owner, r.race, r.tokens = 0, "kobolds", rng.randrange(1, 6)
        on_board = sum(regions[rid].tokens for rid in own)
        total = max(len(own), on_board + rng.randrange(-4, 5))
        least = max(1, min(rng.choice([1, 2]), total // len(own)))     # (as `min_per_region`)
        last = rng.choice([None, *own])
        args = (regions, own, own, 0, "kobolds", last, on_board, total, least)
        got = turn_module._spread(*args)
        assert list(got) == own and sum(got.values()) == total
        assert turn_module._spread_counts(*args) == tuple(sorted(got.items()))
        assert min(got.values()) >= least, (got, least)
        checked += least > 1 and any(regions[rid].tokens < least for rid in own)
        if least == 1:
            assert min(got.values()) >= 1
            if total >= on_board:
                to = leftover_region(regions, 0, "kobolds", last, own)
                assert got == {rid: regions[rid].tokens + (total - on_board if rid == to else 0) for rid in own}
    assert checked > 200
