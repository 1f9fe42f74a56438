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

from typing import TYPE_CHECKING, Any, Final

from ..state import MARKER_LIMITS
from .markers import marks_on_board, set_mark

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RegionState
    from .base import Ability

#: the player's Encampments waiting beside the board (`encampments`)
ENCAMPMENTS_FREE: Final = "encampments_free"


def box_of(s: "GameState", kind: str) -> int:
    """Markers of `kind` in the box: the largest count an effect of the game gives it, else the
    rulebook's (`MARKER_LIMITS`); 0 for a kind the box does not count."""
    n = s.catalog.boxes.get(kind)
    return MARKER_LIMITS.get(kind, 0) if n is None else n


#: the markers `on_region` reads from a field of their own, not from `RegionState.marks`
_FIELDS: Final = frozenset({"encampments", "hero", "lair", "fortress", "dragon", "hole"})


def on_region(r: "RegionState", kind: str) -> int:
    """Markers of `kind` lying on region `r` (each field read by name: compiled, a read by a
    computed name is several times slower, and listing asks this of every region)."""
    if kind == "encampments":
        return r.encampments
    if kind == "hero":
        return 1 if r.hero else 0
    if kind == "lair":
        return 1 if r.lair else 0
    if kind == "fortress":
        return 1 if r.fortress else 0
    if kind == "dragon":
        return 1 if r.dragon else 0
    if kind == "hole":
        return 1 if r.hole else 0
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


def held_by_others(s: "GameState", seat: int, kind: str, on_own: int = -1) -> int:
    """Markers of `kind` in play that are not `seat`'s: on regions he does not hold, and those
    the other players keep beside the board. `on_own`: those on the regions of `seat`'s Active
    race, when the caller counted them; when they are all the board holds (the state keeps the
    count of a box marker, `GameState.marker_count`), the board is not walked."""
    n = 0
    if on_own >= 0 and kind in MARKER_LIMITS and s.marker_count(kind) == on_own:
        return _beside_others(s, seat, kind)
    # each region's markers are read before its holder, and the holder compared once known to be
    # a seat: compiled, a comparison of `owner` (int or None) with `seat` is a generic one, and
    # most regions hold none of the kind (the base set's Heroes and Encampments, asked at every
    # listing of a Heroic or Bivouacking race, read their field at once); the regions are copied
    # into a list first, since compiled code copies it at once and walks a list by index, several
    # times quicker than its walk through a dict
    regions = list(s.regions.values())
    if kind == "hero":
        for r in regions:
            if r.hero:
                owner = r.owner
                if owner is None or owner != seat:
                    n += 1
    elif kind == "encampments":
        for r in regions:
            k = r.encampments
            if k:
                owner = r.owner
                if owner is None or owner != seat:
                    n += k
    elif kind in _FIELDS:
        for r in regions:
            k = on_region(r, kind)
            if k:
                owner = r.owner
                if owner is None or owner != seat:
                    n += k
    else:                                       # a marker of `RegionState.marks`, read in place
        n = _in_marks_of(regions, seat, kind)[1]
    return n + _beside_others(s, seat, kind)


def in_marks(kind: str) -> bool:
    """Markers of `kind` are kept in `RegionState.marks`, not a field of their own (nor counted
    beside the board, as Encampments are)."""
    return kind not in _FIELDS and kind not in MARKER_LIMITS


def stacks_and_others(s: "GameState", seat: int, kind: str) -> tuple[int, int]:
    """For a marker of `RegionState.marks` (`in_marks`): the regions of `seat` holding one (each
    counted once, as `marks_on_board` finds them) and the markers of `kind` on regions not his
    (as `held_by_others` counts them), in one walk of the board. (Asked at every listing of the
    Behemoth's turns: two walks cost twice.)"""
    return _in_marks_of(list(s.regions.values()), seat, kind)


def _in_marks_of(regions: list["RegionState"], seat: int, kind: str) -> tuple[int, int]:
    """`stacks_and_others` of `regions` (a list: compiled, walked by index)."""
    mine = others = 0
    for r in regions:
        marks = r.marks
        if marks:
            k = marks.get(kind, 0)
            if k:
                owner = r.owner
                if owner is None or owner != seat:
                    others += k
                else:
                    mine += 1
    return mine, others


def _beside_others(s: "GameState", seat: int, kind: str) -> int:
    """The markers of `kind` the players other than `seat` keep beside the board."""
    n = 0
    if kind == "encampments":                   # (`beside_board` counts only Encampments)
        for other in range(len(s.players)):
            if other != seat:
                n += beside_board(s, other, kind)
    return n


def left_for(s: "GameState", seat: int, kind: str, want: int, mine: int = 0, on_own: int = -1) -> int:
    """How many of the `want` markers of `kind` an effect of `seat` gives him the box lets him
    have: all of them, unless other players hold some (a power or race borrowed, or lent).
    `mine`: those `seat` already has in play, on his regions or beside the board (as the caller
    counted them). When they are `want` or more, the box has `want` left for him without the
    others' being counted: the markers in play never exceed the box, so the others hold at most
    the box less his own (and the board is not walked: this is asked at every listing).
    `on_own`: as `held_by_others` takes it."""
    if mine >= want:
        return max(0, want)
    return box_left(s, kind, want, mine, held_by_others(s, seat, kind, on_own))


def box_left(s: "GameState", kind: str, want: int, mine: int, others: int) -> int:
    """`left_for` with the markers of `kind` the others hold (`others`) counted by the caller:
    all `want` when he has them in play already (`mine`), else what the box has beyond the
    others' (none of them asked when he has them all)."""
    if mine >= want:
        return max(0, want)
    return max(0, min(want, box_of(s, kind) - others))


# -- markers placed away from a player's regions, while borrowing -------------------------------
#: `memo["borrowed"]["placed"]`: {marker: [region, ...]}, the markers a borrower put on the board
#: with the borrowed block, where the region does not say whose they are (`Ability.gives_back_placed`)
NOTED: Final = "placed"


def lent_record(s: "GameState", seat: int, ab: "Ability") -> dict[str, Any] | None:
    """The borrowing record of `seat`'s Active race when `ab` is one of the effects it borrowed
    (not its own), else None."""
    hold = s.players[seat].active
    b = hold.memo.get("borrowed") if hold is not None else None
    if not b:
        return None
    lent = b.get("power") or b.get("race")
    return b if any(x is ab for x in s.catalog.abilities.get(str(lent), ())) else None


def note_placed(s: "GameState", seat: int, ab: "Ability", name: str, rid: str) -> None:
    """`seat` put a `name` marker on `rid` with `ab`: noted when `ab` is borrowed, so that the
    borrowing gives back exactly that marker and no one else takes it back."""
    if lent_record(s, seat, ab) is not None:
        hold = s.player_w(seat).active
        assert hold is not None
        hold.memo["borrowed"].setdefault(NOTED, {}).setdefault(name, []).append(rid)


def own_marks(s: "GameState", seat: int, ab: "Ability", name: str) -> list[str]:
    """The regions holding a `name` marker that `ab` of `seat` placed: those noted when `ab` is
    borrowed; otherwise every one but those other players placed with a borrowed block."""
    on = marks_on_board(s, name)
    mine = lent_record(s, seat, ab)
    if mine is not None:
        noted = mine.get(NOTED, {}).get(name, ())
        return [r for r in on if r in noted]
    theirs: set[str] = set()
    for other, p in enumerate(s.players):
        b = p.active.memo.get("borrowed") if other != seat and p.active is not None else None
        if b:
            theirs.update(b.get(NOTED, {}).get(name, ()))
    return [r for r in on if r not in theirs] if theirs else on


def take_back(s: "GameState", seat: int, ab: "Ability", name: str) -> None:
    """Take `seat`'s `name` markers placed with `ab` off the board (`own_marks`)."""
    for rid in own_marks(s, seat, ab, name):
        set_mark(s, rid, name, 0)
    if lent_record(s, seat, ab) is not None:
        hold = s.player_w(seat).active
        assert hold is not None
        hold.memo["borrowed"].get(NOTED, {}).pop(name, None)
