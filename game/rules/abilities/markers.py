"""Markers of races and powers beyond the base set, kept in `RegionState.marks`.

A region's `marks` dict is never changed in place (state copies share it): `set_mark`
replaces it. `marks_on_board` counts a marker; `remove_marks` takes every one of a kind off the
board. What a marker does (defence, immunity) is declared by the effect that places it
(`Ability.marker_specs`), which the catalog collects so that the engine's cost and immunity
checks know every marker in play.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import NO_MARKS

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RegionState


def set_mark(s: "GameState", rid: str, name: str, n: int) -> None:
    r = s.reg_w(rid)
    marks = dict(r.marks)
    if n > 0:
        marks[name] = n
    else:
        marks.pop(name, None)
    r.marks = marks if marks else NO_MARKS      # (the shared mapping of none: see `RegionState`)


def mark(s: "GameState", rid: str, name: str) -> int:
    return s.regions[rid].marks.get(name, 0)


#: `marks_on_board`'s last answer for each marker in a sealed state, with the regions' mapping it
#: read and how often that was written in place (`GameState.written_in_place`): a sealed state's
#: mapping is written in place only by a state played from it by `engine.play`, which numbers it
#: anew (else `GameState.reg_w` copies it first, and each region it writes), so the answer holds
#: for any sealed state with that mapping and that number (several blocks of a race ask it of the
#: same position: its box, its markers due, its stacks)
_ON_BOARD: dict[str, tuple[dict[str, "RegionState"], int, list[str]]] = {}


def marks_on_board(s: "GameState", name: str) -> list[str]:
    """The regions holding a `name` marker, in board order (a list of the caller's own)."""
    regions = s.regions
    sealed = s._sealed
    if sealed:
        got = _ON_BOARD.get(name)
        if got is not None and got[0] is regions and got[1] == s.written_in_place:
            return list(got[2])
    out: list[str] = []
    ids, at = s.board.ids, s.at()       # (read by number: compiled, quicker than the mapping's items)
    for k in range(len(at)):
        marks = at[k].marks             # (most hold the shared mapping of none: told by identity)
        if marks is not NO_MARKS and name in marks:
            out.append(ids[k])
    if sealed:
        _ON_BOARD[name] = (regions, s.written_in_place, out)
        return list(out)
    return out


def region_coins(s: "GameState", rid: str, race: str) -> int:
    """What `rid` scores `race` before bonuses: 1, less what other races' markers there take
    (a Winter marker: −1), never below 0."""
    return max(0, 1 + others_marks_score(s, rid, race))


def others_marks_score(s: "GameState", rid: str, race: str) -> int:
    """What the markers of races other than `race` in `rid` change in its score (Winter: −1
    each kind), before any floor."""
    marks = s.regions[rid].marks
    if not marks:                         # (most regions: none to go through)
        return 0
    n = 0
    specs = s.catalog.marks
    for name in marks:
        spec = specs.get(name)
        if spec is not None and spec.score_other and spec.source != race:
            n += spec.score_other
    return n


def remove_marks(s: "GameState", name: str, seat: int | None = None) -> int:
    """Take every `name` marker off the board (only from the regions `seat` holds, when given);
    returns how many."""
    n = 0
    for rid in marks_on_board(s, name):
        if seat is not None and s.regions[rid].owner != seat:
            continue
        n += s.regions[rid].marks[name]
        set_mark(s, rid, name, 0)
    return n


def frozen_by(s: "GameState", rid: str) -> str | None:
    """The race or power whose frozen marker holds `rid` (it can be neither conquered nor
    abandoned, and its tokens stay where they are), or None."""
    marks = s.regions[rid].marks
    if marks:
        for name in marks:
            spec = s.catalog.marks.get(name)
            if spec is not None and spec.frozen:
                return spec.source
    return None


def counted_regions(s: "GameState", seat: int, race: str, power: str | None) -> list[str]:
    """The regions that count as the race's when it scores though it is not there: those with a
    marker of the race or its power that `counts_as_region` ("empty": while no one holds them;
    "always": even when another does), in board order; none held by `seat`'s own races."""
    counting = {name for name, spec in s.catalog.marks.items()
                if spec.counts_as_region and spec.source in (race, power)}
    if not counting:
        return []
    out = []
    for rid in marks_on_board_any(s, counting):
        r = s.regions[rid]
        if r.owner == seat and r.tokens:
            continue                                     # held by one of the player's races
        empty = not r.tokens and not r.lost_tribe
        if any(s.catalog.marks[n].counts_as_region == "always" or empty for n in counting if n in r.marks):
            out.append(rid)
    return out


def marks_on_board_any(s: "GameState", names: set[str]) -> list[str]:
    """The regions holding a marker of any of `names`, in board order."""
    out: list[str] = []
    for rid, r in s.regions.items():
        marks = r.marks
        if marks is not NO_MARKS and marks and not names.isdisjoint(marks):
            out.append(rid)
    return out
