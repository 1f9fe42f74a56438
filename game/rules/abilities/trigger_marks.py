"""The `marker` verb of a `trigger`: a marker placed on the event's region, or removed from it
(or from every region). A kind's markers in play never exceed the box (`box.box_of`, the count
the trigger gives with `box:`), whether they were placed in play or written into a scenario's
setup (R26); one of a kind per region. Each is recorded (`marker_placed`, `marker_removed`), and
the effects listening to `marker_placed` hear of a placement (`heard.tell`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .box import box_of, in_play
from .markers import marks_on_board, set_mark

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def marker_act(s: "GameState", how: str, name: str, everywhere: bool, rid: str | None, me: int,
               my_race: str | None, events: list[dict[str, Any]], chance: Any = None) -> None:
    """One `marker` action of `me`'s race `my_race` about the event's region `rid`: `how`
    place or remove the marker `name`, on `rid` or (`everywhere`, to remove) from every region."""
    if how == "remove":
        for where in (marks_on_board(s, name) if everywhere else [rid] if rid is not None else []):
            if s.regions[where].marks.get(name):
                set_mark(s, where, name, 0)
                events.append({"type": "marker_removed", "seat": me, "region": where, "marker": name})
        return
    if rid is None or s.regions[rid].marks.get(name) or in_play(s, name) >= box_of(s, name):
        return                                      # one a region; the box is empty
    set_mark(s, rid, name, 1)
    events.append({"type": "marker_placed", "seat": me, "region": rid, "marker": name})
    if "marker_placed" in s.catalog.heard:
        from ..heard import Heard, tell
        tell(s, Heard("marker_placed", {"placer": me}, {"placer": my_race}, rid, marker=name), events, chance)
