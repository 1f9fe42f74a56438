"""The Dragon, the Heroes and the Encampments read the markers of the box from the regions of
the race and the board's kept count, not from a walk of the whole board: in random games with
the base set, every pack and the invented set (where a borrowed power can put a second player's
markers of a kind on the board), each position's answers agree with those read from every
region (another player's Dragon; the Heroes' default regions, the Encampments' default counts,
with what the box has left counted region by region, `box.left_for`)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.content.catalog import default_catalog, load_catalog
from game.rules import Catalog, GameState, apply, legal_actions, new_game
from game.rules.abilities.box import left_for
from game.rules.abilities.dragon import Dragon
from game.rules.abilities.encampments import Encampments
from game.rules.abilities.heroes import Heroes
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
PACKS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"


def _catalog(which: str) -> Catalog:
    return default_catalog() if which == "base" else load_catalog(PACKS + [INVENTED])


def _heroes_walked(h: Heroes, s: GameState, seat: int, race: str) -> tuple[str, ...]:
    own = s.regions_of(seat, race)
    keep = [r for r in own if s.regions[r].hero]
    rest = [r for r in own if not s.regions[r].hero]
    want = left_for(s, seat, "hero", min(int(h.p["count"]), len(own)), len(keep))
    if len(keep) < want:
        keep = keep + sorted(rest, key=lambda r: -s.regions[r].tokens)
    return tuple(sorted(keep[:want], key=s.board.index.__getitem__))


def _encampments_walked(e: Encampments, s: GameState, seat: int) -> dict[str, int] | None:
    hold = s.players[seat].active
    if hold is None or not s.regions_of(seat, hold.race):
        return None
    own = s.regions_of(seat, hold.race)
    placed = {r: s.regions[r].encampments for r in own if s.regions[r].encampments}
    on = sum(placed.values())
    free = left_for(s, seat, "encampments", int(e.p["count"]), on) - on
    if free <= 0:
        return None
    weakest = min(own, key=lambda r: s.regions[r].tokens + s.regions[r].encampments)
    placed[weakest] = placed.get(weakest, 0) + free
    return placed


def _check(s: GameState) -> int:
    checked = 0
    for seat, p in enumerate(s.players):
        hold = p.active
        if hold is None:
            continue
        for ab in s.catalog.effects_of(hold.race, hold.power):
            if isinstance(ab, Dragon):
                walked = any(r.dragon and r.owner is not None and r.owner != seat for r in s.regions.values())
                assert Dragon._elsewhere(s, seat) == walked
                checked += 1
            elif isinstance(ab, Heroes):
                assert ab.default_regions(s, seat, hold.race) == _heroes_walked(ab, s, seat, hold.race)
                checked += 1
            elif isinstance(ab, Encampments):
                assert ab.default_counts(s, seat) == _encampments_walked(ab, s, seat)
                checked += 1
    return checked


@pytest.mark.parametrize("which", ["base", "packs"])
def test_the_markers_read_near_agree_with_the_whole_board(which: str) -> None:
    catalog = _catalog(which)
    checked = 0
    for seed in range(10):
        rng = random.Random(700 + seed)
        board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
        s = new_game(board, [f"p{i}" for i in range(2 + seed % 4)], catalog, rng)
        while not s.game_over:
            checked += _check(s)
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
    assert checked >= 100
