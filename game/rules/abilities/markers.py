"""Markers of races and powers beyond the base set, kept in `RegionState.marks`.

A region's `marks` dict is never changed in place (state copies share it): `set_mark`
replaces it. `marks_on_board` counts a marker; `remove_marks` takes every one of a kind off the
board. What a marker does (defence, immunity) is declared by the effect that places it
(`Ability.marker_specs`), which the catalog collects so that the engine's cost and immunity
checks know every marker in play.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def set_mark(s: "GameState", rid: str, name: str, n: int) -> None:
    r = s.reg_w(rid)
    marks = dict(r.marks)
    if n > 0:
        marks[name] = n
    else:
        marks.pop(name, None)
    r.marks = marks


def mark(s: "GameState", rid: str, name: str) -> int:
    return s.regions[rid].marks.get(name, 0)


def marks_on_board(s: "GameState", name: str) -> list[str]:
    return [rid for rid, r in s.regions.items() if r.marks and name in r.marks]


def region_coins(s: "GameState", rid: str, race: str) -> int:
    """What `rid` scores `race` before bonuses: 1, less what other races' markers there take
    (a Winter marker: −1), never below 0."""
    n = 1
    for name in s.regions[rid].marks:
        spec = s.catalog.marks.get(name)
        if spec is not None and spec.score_other and spec.source != race:
            n += spec.score_other
    return max(0, n)


def remove_marks(s: "GameState", name: str) -> int:
    n = 0
    for rid in marks_on_board(s, name):
        n += s.regions[rid].marks[name]
        set_mark(s, rid, name, 0)
    return n
