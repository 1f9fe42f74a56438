"""Block `markers_per_region`: at the end of your turn take a marker for each region you hold
matching `where`, and put them in your regions (at most one per region, board order); a marker
adds `defence` to its region's cost for every conqueror, and a region holding one that is not
held by this race scores `score_other` (negative: less) for its occupant. With `moves: false`
a marker never moves once placed; all leave the board when the race stops being Active, unless
`in_decline: true` (Ice Witches' Winter markers: per Magic region, defence 1, −1 for others).

After redeploying you may place them yourself (`use: {effect: markers_per_region, region: R}`),
each in a land region of yours or next to one of yours, one per region; those you do not place
go at the end of your turn to your own regions without one: first those that earned them
(matching `where`), then the others, in board order (`unplaced: board_order`: all in board
order, as the Ice Witches place theirs). With `in_decline: true` the markers stay
when the race goes into decline, and the race In Decline still takes them at the end of your
turns. The box holds `supply`: a race or power borrowed for a turn (`borrow_power`) places only
what is left of it, takes back only its own markers, and gives back exactly those it placed.

YAML: `{markers_per_region: {marker: winter, where: {features: [magic]}, defence: 1, score_other: -1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..reasons import Reason, reason
from ..state import REDEPLOY
from .base import MarkSpec, register
from .box import note_placed, own_marks, take_back
from .markers import mark, marks_on_board, set_mark
from .use_move import RegionMove, use_of
from .where import NEVER_HELD, Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class MarkersPerRegion(RegionMove):
    """A marker per region matching `where`, placed in your regions at the end of your turn:
    `defence` each, `score_other` for another occupant; gone when the race declines (Ice
    Witches)."""

    move_phases: ClassVar[tuple[str, ...] | None] = (REDEPLOY,)

    idle_values: ClassVar[dict[str, Any]] = {"supply": 0, "marker": ""}
    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"where": NEVER_HELD}
    params: ClassVar[dict[str, Any]] = {"marker": "winter", "where": {}, "defence": 1, "score_other": -1,
                                        "supply": 10, "moves": False, "unplaced": "earned"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"unplaced": ("earned", "board_order")}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "where": "a marker for each region held matching this (see *where*)",
        "defence": "added to the cost of conquering its region",
        "score_other": "coins a region with one scores for an occupant of another race",
        "supply": "markers in the box",
        "moves": "markers are taken back and placed again each turn",
        "unplaced": "where markers not placed by hand go: earned (the regions matching `where` first) or "
                    "board_order (your regions in board order)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    gives_back_placed: ClassVar[bool] = True

    def _due(self, s: "GameState", seat: int, race: str) -> int:
        """Markers to place this turn: one per region held matching `where`, as the supply allows."""
        name = self.p["marker"]
        due = sum(1 for r in s.regions_of(seat, race) if self.where.holds(s, seat, race, r))
        if self.p["moves"]:                  # (less those another player placed with it borrowed)
            others = len(marks_on_board(s, name)) - len(own_marks(s, seat, self, name))
            return min(due, int(self.p["supply"]) - others)
        chosen = len(s.turn.used.get(self.name, []))
        return min(due, int(self.p["supply"]) - len(marks_on_board(s, name)) + chosen)

    def why_not_at(self, s: "GameState", seat: int, rid: str, due: int | None = None) -> Reason | None:
        """(`due`: the markers to place this turn, when the caller has counted them.)"""
        hold = s.players[seat].active
        if hold is None or s.turn.phase != REDEPLOY or s.turn.seat != seat:
            return reason("clear_region_when", effect=self.name)
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        reg = s.board.region(rid)
        if reg.is_water:
            return reason(f"water_{reg.terrain}", s, region=rid)
        chosen = s.turn.used.get(self.name, [])
        if len(chosen) >= (self._due(s, seat, hold.race) if due is None else due):
            return reason("no_marker_left", effect=self.name)
        if mark(s, rid, self.p["marker"]) and not (self.p["moves"] and rid not in chosen
                                                    and rid in own_marks(s, seat, self, self.p["marker"])):
            return reason("no_marker_left", effect=self.name)
        own = s.regions_of(seat, hold.race)
        if rid not in own and not any(n in own for n in s.board.neighbours(rid)):
            return reason("not_adjacent", s, region=rid)
        return None

    def candidates(self, s: "GameState", seat: int) -> list[str]:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != REDEPLOY:
            return []
        own = s.regions_of(seat, hold.race)
        return sorted(set(own) | {n for r in own for n in s.board.neighbours(r)})

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        """The candidates `why_not_at` accepts, judged as it judges them but with what is the
        same for all of them worked out once (the race's regions, the markers due, the regions
        with a marker of this block's placing) and without a reason made for the others."""
        hold = s.players[seat].active
        t = s.turn
        if hold is None or t.phase != REDEPLOY or t.seat != seat:
            return []                    # no candidates, or `why_not_at` refuses every region
        own = s.regions_of(seat, hold.race)
        board = s.board
        mine = set(own)
        regions = sorted(mine | {n for r in own for n in board.neighbours(r)})    # (`candidates`)
        if not regions:
            return []
        chosen = t.used.get(self.name, [])
        if len(chosen) >= self._due(s, seat, hold.race):
            return []                    # none left to place: `why_not_at` refuses every region
        water, held = board.water, s.regions
        name = self.p["marker"]
        moves = self.p["moves"]
        placed: list[str] | None = None  # (`own_marks`, read at the first region that asks)
        out: list[Action] = []
        for rid in regions:
            if rid in water:
                continue
            r = held.get(rid)
            if r is None:
                continue
            if r.marks.get(name, 0):     # taken, unless it moves again this turn
                if not moves or rid in chosen:
                    continue
                if placed is None:
                    placed = own_marks(s, seat, self, name)
                if rid not in placed:
                    continue
            if rid not in mine and not any(n in mine for n in board.neighbours(rid)):
                continue
            out.append(use_of(self.name, rid))
        return out

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        chosen = list(s.turn.used.get(self.name, []))
        if not chosen and self.p["moves"]:               # taken back, to be placed again
            take_back(s, seat, self, self.p["marker"])
        s.turn.used[self.name] = chosen + [action.region]
        set_mark(s, action.region, self.p["marker"], 1)
        note_placed(s, seat, self, self.p["marker"], action.region)
        events.append({"type": "use", "seat": seat, "effect": self.name, "region": action.region})

    def marker_box(self) -> dict[str, int]:
        return {str(self.p["marker"]): int(self.p["supply"])}

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source, defence=int(self.p["defence"]),
                         score_other=int(self.p["score_other"])),)

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        name = self.p["marker"]
        chosen = list(s.turn.used.get(self.name, []))
        if self.p["moves"] and not chosen:
            take_back(s, seat, self, name)
        own = s.regions_of(seat, hold.race)
        earned = [r for r in own if self.where.holds(s, seat, hold.race, r)]
        due = len(earned) - len(chosen)
        room = int(self.p["supply"]) - len(marks_on_board(s, name))
        # the regions that earned them first, then the race's other regions (board order)
        order = own if self.p["unplaced"] == "board_order" else earned + [r for r in own if r not in earned]
        for rid in order:
            if due <= 0 or room <= 0:
                break
            if not mark(s, rid, name):
                set_mark(s, rid, name, 1)
                note_placed(s, seat, self, name, rid)
                due -= 1
                room -= 1

    def on_decline(self, s: "GameState", seat: int) -> None:
        if not self.in_decline:         # with `in_decline: true` they stay, and keep coming
            take_back(s, seat, self, self.p["marker"])


register("markers_per_region", MarkersPerRegion)
