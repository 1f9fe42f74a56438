"""The box's markers, shared by every player: how many of a kind the box holds (the rulebook's
count, or a pack's: `Ability.marker_box`, gathered in `Catalog.boxes`), how many are in play, and
how many the box has left for one player while others hold some.

A kind's markers in play are those on the board, and the Encampments a player keeps beside it
(never lost, they wait in his supply, `player.memo["encampments_free"]`). Only a race or power
borrowed for a turn (`borrow_power`) can make two players hold the same kind at once: each
player's effect then places only what the box has left (possibly none), so the markers of one
kind in play across all players, owner and borrowers, never exceed the box; a borrower gives back
exactly what it placed (`common.give_back_borrowed`). With a single holder, the box has every
marker left for him and nothing changes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import MARKER_LIMITS

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RegionState

#: the player's Encampments waiting beside the board (`encampments`)
ENCAMPMENTS_FREE = "encampments_free"
#: the base set's markers, kept as fields of `RegionState` (others are in `RegionState.marks`)
PIECES = ("lair", "fortress", "hero", "dragon", "hole", "encampments")


def box_of(s: "GameState", kind: str) -> int:
    """Markers of `kind` in the box: the largest count an effect of the game gives it, else the
    rulebook's (`MARKER_LIMITS`); 0 for a kind the box does not count."""
    n = s.catalog.boxes.get(kind)
    return MARKER_LIMITS.get(kind, 0) if n is None else n


def on_region(r: "RegionState", kind: str) -> int:
    """Markers of `kind` lying on region `r`."""
    if kind == "encampments":
        return r.encampments
    if kind in PIECES:
        return 1 if getattr(r, kind) else 0
    return r.marks.get(kind, 0) if r.marks else 0


def beside_board(s: "GameState", seat: int, kind: str) -> int:
    """Markers of `kind` that `seat` keeps beside the board: his Encampments in supply, while
    his Active race places Encampments (a supply left by a race gone counts for nothing)."""
    if kind != "encampments":
        return 0
    p = s.players[seat]
    n = int(p.memo.get(ENCAMPMENTS_FREE, 0))
    if not n or p.active is None:
        return 0
    effects = s.catalog.effects_of(p.active.race, p.active.power)
    return n if any(ab.name == "encampments" for ab in effects) else 0


def in_play(s: "GameState", kind: str) -> int:
    """Markers of `kind` out of the box: on the board, and those kept beside it."""
    return sum(on_region(r, kind) for r in s.regions.values()) + sum(
        beside_board(s, seat, kind) for seat in range(len(s.players)))


def held_by_others(s: "GameState", seat: int, kind: str) -> int:
    """Markers of `kind` in play that are not `seat`'s: on regions he does not hold, and those
    the other players keep beside the board."""
    return sum(on_region(r, kind) for r in s.regions.values() if r.owner != seat) + sum(
        beside_board(s, other, kind) for other in range(len(s.players)) if other != seat)


def left_for(s: "GameState", seat: int, kind: str, want: int) -> int:
    """How many of the `want` markers of `kind` an effect of `seat` gives him the box lets him
    have: all of them, unless other players hold some (a power or race borrowed, or lent)."""
    return max(0, min(want, box_of(s, kind) - held_by_others(s, seat, kind)))
