"""What the engine leaves behind for the garbage collector, and the hooks it may skip.

A lab run or a bot's look-ahead plays thousands of games in one process. Two things made
Python's garbage collector run there far more often with the expansions loaded than with the
base set alone (a tenth of the added cost per intent): a block that left a reference cycle at
every call (a nested function calling itself), and the catalog's remembered answers kept twice
for every combo met. These tests play random games with every pack and check that no garbage
cycle is made and that a combo met costs the catalog only a few objects; so do games of Medium,
whose judgement plays every look-ahead game of Hard and Expert (compiled, a key function nested
in its conquest choice made a cycle holding a whole position). A block may also say
that, with its parameters, one of its hooks always answers as the default does
(`Ability.quiet_hooks`): the engine then never asks it, so each such claim is checked here
against the hook itself, position by position.
"""
from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from game.bench import five_player_board
from game.bots import make_bot
from game.bots.arena import play_game
from game.content.catalog import default_catalog, load_catalog
from game.content.packs import shipped_packs
from game.rules import Catalog, GameState, apply, legal_actions, new_game
from game.rules.abilities.base import Ability
from game.rules.catalog import WARM_COMBOS

NAMES = ["ann", "bob", "cid", "dee", "eve"]


@pytest.fixture(scope="module")
def packs() -> Catalog:
    return load_catalog([p.path for p in shipped_packs()])


BOARD, _ = five_player_board()          # (loading a map leaves cycles of its own, in pytmx)


def positions(catalog: Catalog, games: int, first: int = 0) -> Iterator[GameState]:
    board = BOARD
    for seed in range(first, first + games):
        rng = random.Random(seed)
        s = new_game(board, NAMES, catalog, rng)
        while not s.game_over:
            yield s
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)


def cycles(play: Callable[[], None]) -> tuple[int, Counter[str]]:
    """How many objects `play` leaves in reference cycles, and the commonest of them by name."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)                 # keep what a collection finds, to name it
    try:
        play()
        gc.collect()
        found = Counter(getattr(o, "__qualname__", type(o).__name__) for o in gc.garbage
                        if callable(o) or not isinstance(o, (tuple, dict, set, list)))
        count = len(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
    return count, found


def test_random_games_with_every_pack_leave_no_reference_cycle(packs: Catalog) -> None:
    def play() -> None:
        for _ in positions(packs, 60):
            pass
    count, found = cycles(play)
    assert count == 0, f"{count} objects left in reference cycles by 60 games: {found.most_common(5)}"


def test_games_of_medium_leave_no_reference_cycle(packs: Catalog) -> None:
    def play() -> None:
        for catalog in (default_catalog(), packs):     # Dragon Masters, Sorcerers, Lava, Copycats...
            for g in range(8):
                play_game(BOARD, catalog, [make_bot("medium", i, g * 10 + i) for i in range(5)], f"cycles:{g}")
    count, found = cycles(play)
    assert count == 0, f"{count} objects left in reference cycles by 16 Medium games: {found.most_common(5)}"


def test_a_combo_met_costs_the_catalog_only_a_few_objects(packs: Catalog) -> None:
    catalog = load_catalog([p.path for p in shipped_packs()])       # its own: nothing met yet
    catalog._index()              # its answers forgotten: each combo worked out when met, as in a
    #                               catalog of more than `WARM_COMBOS` combos
    for _ in positions(catalog, 3):                # the common answers are there
        pass
    gc.collect()
    before = len(gc.get_objects())
    tables = len(catalog._tables)
    for _ in positions(catalog, 120, first=3):
        pass
    gc.collect()
    grown = len(gc.get_objects()) - before
    met = len(catalog._tables) - tables            # the combos' hook tables made meanwhile
    assert met > 200, "too few new combos met to measure"
    assert grown / met <= 12, (f"{grown} objects kept for {met} combo tables met: "
                               f"{grown / met:.1f} each (at most 12)")


def test_the_combos_worked_out_at_build_cost_only_a_few_objects_each() -> None:
    catalog = load_catalog([p.path for p in shipped_packs()])
    combos = len(catalog.races) * (len(catalog.powers) + 1)
    assert combos <= WARM_COMBOS, "the packs' combos are no longer worked out when the catalog is built"
    gc.collect()
    warm = len(gc.get_objects())
    catalog._index()                                 # every answer forgotten
    gc.collect()
    kept = warm - len(gc.get_objects())
    assert kept > combos, "the catalog kept no answers when built"
    assert kept / combos <= 12, f"{kept} objects kept for {combos} combos: {kept / combos:.1f} each (at most 12)"


def test_quiet_hooks_answer_as_the_default_does(packs: Catalog) -> None:
    quiet = [(key, ab, hook) for key, abil in packs.abilities.items() for ab in abil
             for hook in ab.quiet_hooks()]
    assert quiet, "no block of the packs names a quiet hook: nothing to check"
    for _, ab, hook in quiet:
        assert getattr(type(ab), hook) is not getattr(Ability, hook), f"{ab.name}: {hook} is not its own"
    asked = 0
    for s in positions(packs, 30):
        for _, ab, hook in quiet:
            assert hook == "cost_modifier", f"{ab.name}: a quiet {hook} is not checked here: add it"
            for seat in range(len(s.players)):
                for rid in s.regions:
                    assert ab.cost_modifier(s, seat, rid) == 0, f"{ab.name} changes a cost by {hook}"
                    asked += 1
    assert asked > 10_000
