"""Block `conquer_from_afar`: conquer a region two steps away, with one region in between.

The region in between may be land or the Lake, never a Sea. Slingmen: only while the race
holds no region next to the target (`only_if_not_adjacent`), and each such conquest pays
`coins` from the bank. Catapult: `once_per_turn`, `discount: 1`, and a `marker` put in the
region it shot from, which makes that region immune until the marker moves (the next shot)
or the race goes into decline. A conquest counts as from afar when the target is two steps
from one of the race's regions and, with `only_if_not_adjacent`, touches none of them.

YAML: `{conquer_from_afar: {coins: 1, only_if_not_adjacent: true}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from .base import Ability, MarkSpec, Victim, register
from .box import note_placed, take_back
from .markers import set_mark

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState


def two_steps(board: "Board") -> dict[str, frozenset[str]]:
    """For each region of `board`, the regions exactly two steps from it across land or the Lake
    (never a Sea): not it, not next to it, next to a neighbour of it that is not a Sea. Worked out
    once a board, and kept by it (`Board.keep`; the relation is symmetric)."""
    got = board.kept("two_steps")
    if got is None:
        adjacency = board.adjacency
        table: dict[str, frozenset[str]] = {}
        for rid in board.index:
            adj = adjacency[rid]
            far: set[str] = set()
            for m in adj:
                if board.region(m).terrain != "sea":
                    far |= adjacency[m]
            far -= adj
            far.discard(rid)
            table[rid] = frozenset(far)
        return board.keep("two_steps", table)
    return cast("dict[str, frozenset[str]]", got)


def two_step_bits(board: "Board") -> tuple[int, ...]:
    """`two_steps` as masks (`Board.bits`), by region number; worked out once a board, and kept
    by it (`Board.keep`)."""
    got = board.kept("two_step_bits")
    if got is None:
        table, bits = two_steps(board), board.bits
        masks: list[int] = []
        for rid in board.ids:
            m = 0
            for other in table[rid]:
                m |= bits[other]
            masks.append(m)
        return board.keep("two_step_bits", tuple(masks))
    return cast("tuple[int, ...]", got)


def launch_sites(s: "GameState", own: list[str], rid: str) -> list[str]:
    """Regions of `own` exactly two steps from `rid` across land or the Lake (never a Sea)."""
    far = two_steps(s.board)[rid]
    return [o for o in own if o in far]


class ConquerFromAfar(Ability):
    """Conquer a region exactly two steps from one of yours (across land or the Lake, not a
    Sea): Slingmen (`coins` from the bank each time, only with no region of yours next to the
    target), Catapult (`once_per_turn`, `discount`, an immune `marker` where it shot from)."""

    gives_back_placed: ClassVar[bool] = True          # (its marker, noted where it stands)
    params: ClassVar[dict[str, Any]] = {"coins": 0, "only_if_not_adjacent": True, "discount": 0,
                                        "once_per_turn": False, "marker": ""}
    param_docs: ClassVar[dict[str, str]] = {
        "coins": "coins from the bank for each region taken from afar",
        "only_if_not_adjacent": "only while the race holds no region next to the target",
        "discount": "tokens off such a conquest",
        "once_per_turn": "one such conquest a turn",
        "marker": "a marker (immune) put where the shot came from ('' for none)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        # (read at each region a listing prices: kept as attributes, not looked up by name)
        self._discount = int(self.p["discount"])
        self._once = bool(self.p["once_per_turn"])
        self._not_adjacent = bool(self.p["only_if_not_adjacent"])
        # `two_step_bits` of the last board asked
        self._steps: tuple[Board | None, tuple[int, ...]] = (None, ())

    def quiet_hooks(self) -> frozenset[str]:
        return frozenset() if self.p["discount"] else frozenset({"cost_modifier"})      # (Slingmen)

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        if not self.p["marker"]:
            return ()
        return (MarkSpec(self.p["marker"], source, immune=True, with_race=True),)

    def _from_afar(self, s: "GameState", seat: int, rid: str) -> bool:
        """Whether a conquest of `rid` may come from afar: from a region of the race two steps
        away (`launch_sites`) and, with `only_if_not_adjacent`, from none next to it. (Asked of
        the race's mask of regions: a Catapult's discount is asked of every region at each
        listing.)"""
        hold = s.players[seat].active
        board = s.board
        if hold is None or rid in board.water:
            return False
        if self._once and s.turn.used.get(self.name):
            return False
        own = s.held_bits(seat, hold.race)
        i = board.index[rid]
        if self._not_adjacent and own & board.adj_bits[i]:
            return False
        seen, steps = self._steps
        if seen is not board:
            steps = two_step_bits(board)
            self._steps = (board, steps)
        return bool(own & steps[i])

    def reaches(self, s: "GameState", seat: int, rid: str) -> bool:
        return self._from_afar(s, seat, rid)

    def reached(self, s: "GameState", seat: int, own: list[str]) -> frozenset[str] | None:
        if s.players[seat].active is None or (self.p["once_per_turn"] and s.turn.used.get(self.name)):
            return frozenset()
        board = s.board
        steps = two_steps(board)
        far: set[str] = set()
        for o in own:
            far |= steps[o]
        far -= board.water
        if self.p["only_if_not_adjacent"]:
            for o in own:
                far -= board.adjacency[o]
        return frozenset(far)

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        discount = self._discount
        if not discount or s.turn.seat != seat:
            return 0
        return -discount if self._from_afar(s, seat, rid) else 0

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        hold = s.players[seat].active
        if hold is None:
            return
        own = [r for r in s.regions_of(seat, hold.race) if r != rid]
        adj = s.board.adjacency[rid]
        if self.p["only_if_not_adjacent"] and any(o in adj for o in own):
            return
        sites = launch_sites(s, own, rid)
        if not sites:
            return
        if self.p["once_per_turn"]:
            s.turn.used[self.name] = True
        if self.p["marker"]:
            take_back(s, seat, self, self.p["marker"])
            set_mark(s, sites[0], self.p["marker"], 1)
            note_placed(s, seat, self, self.p["marker"], sites[0])
        if self.p["coins"]:
            s.player_w(seat).coins += int(self.p["coins"])
            events.append({"type": "coins", "seat": None, "to": seat, "coins": int(self.p["coins"])})

    def on_decline(self, s: "GameState", seat: int) -> None:
        if self.p["marker"]:
            take_back(s, seat, self, self.p["marker"])


register("conquer_from_afar", ConquerFromAfar)
