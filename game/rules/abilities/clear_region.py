"""Block `clear_region`: empty a region without conquering it (`use: {effect: clear_region,
region: R}`). Its occupants take their tokens back as if conquered, losing `loss` of them
(In Decline tokens are all lost with `in_decline_lost`), and Lost Tribes there leave the board.
Which regions: by default, after your redeployment, one next to each region you hold matching
`near` (each such region sends one); with `anywhere: true`, once per turn, during your
conquests, any region on the board. Either way the region must match `target`, not be a Sea or
the Lake, not be yours, and not be protected by a racial or special power. You take `gain`
tokens from the tray. A `marker` ('' for none) stays in the region: no other race may enter it
until the start of your next turn, when every one of your markers goes.

Lava: `{clear_region: {near: {terrains: [mountain]}, loss: 0, marker: lava}}`; Wendigos:
`{clear_region: {anywhere: true, target: {terrains: [forest]}, loss: 1, in_decline_lost: true,
gain: 1, marker: ''}}`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..common import take_tray
from ..reasons import Reason, reason
from ..resolution import take_region
from ..state import CONQUER, REDEPLOY
from ..targets import immune, immunity_reason
from .base import MarkSpec, register
from .box import note_placed, take_back
from .markers import set_mark
from .use_move import RegionMove, use_of
from .where import Where

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState, RaceHold


def _matched(sources: dict[str, set[str]], targets: list[str]) -> bool:
    """Every target gets a source of its own (a region it is next to): a bipartite matching."""
    owner: dict[str, str] = {}
    return all(_place(sources, owner, t, set()) for t in targets)


def _place(sources: dict[str, set[str]], owner: dict[str, str], t: str, seen: set[str]) -> bool:
    """Give target `t` a source not in `seen`, moving the target of a taken one to another of
    its sources if it can (an augmenting path; a plain function, where a nested one calling
    itself would leave a reference cycle for the garbage collector at every call)."""
    for src in sorted(sources.get(t, ())):
        if src in seen:
            continue
        seen.add(src)
        if src not in owner or _place(sources, owner, owner[src], seen):
            owner[src] = t
            return True
    return False


class ClearRegion(RegionMove):
    """Empty a region without a conquest: next to each of your `near` regions after redeploying
    (Lava), or once per turn anywhere (`anywhere`, Wendigos); its occupants take their tokens back
    less `loss`, and a `marker` may bar others until your next turn."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER, REDEPLOY)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    gives_back_placed: ClassVar[bool] = True          # (on regions of others)
    params: ClassVar[dict[str, Any]] = {"near": {}, "anywhere": False, "target": {}, "loss": 0,
                                        "in_decline_lost": False, "gain": 0, "marker": "lava"}
    only_with: ClassVar[dict[str, tuple[str, tuple[Any, ...]]]] = {"near": ("anywhere", (False,))}
    param_docs: ClassVar[dict[str, str]] = {
        "near": "after redeploying, one region may be emptied next to each region you hold matching this (see *where*)",
        "anywhere": "instead: once per turn, during your conquests, any region on the board",
        "target": "the regions that may be emptied (see *where*); any by default",
        "loss": "tokens the occupants of the emptied region lose to the tray",
        "in_decline_lost": "In Decline tokens there are all lost",
        "gain": "tokens you take from the tray each time",
        "marker": "the marker left there, barring other races until your next turn ('' for none)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.near = Where.parse(self.p["near"], self.name)
        self.target = Where.parse(self.p["target"], self.name)
        self.phase = CONQUER if self.p["anywhere"] else REDEPLOY
        self._land_cache: tuple[Board | None, list[str]] = (None, [])

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source, immune=True),) if self.p["marker"] else ()

    def _sources(self, s: "GameState", seat: int, hold: "RaceHold") -> dict[str, set[str]]:
        """For each region that may be emptied: the regions of yours next to it matching `near`
        (with `anywhere`: every land region, with no source)."""
        out: dict[str, set[str]] = {}
        if self.p["anywhere"]:
            return {rid: set() for rid in s.regions if not s.board.region(rid).is_water}
        for own in s.regions_of(seat, hold.race):
            if self.near.holds(s, seat, hold.race, own):
                for n in s.board.neighbours(own):
                    out.setdefault(n, set()).add(own)
        return out

    def why_not_at(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != self.phase or s.turn.seat != seat:
            return reason("clear_region_when" if self.phase == REDEPLOY else "conquests_over", effect=self.name)
        if self.p["anywhere"] and s.turn.used.get(self.name):
            return reason("once_per_turn", effect=self.name)
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        reg = s.board.region(rid)
        if reg.is_water:
            return reason(f"water_{reg.terrain}", s, region=rid)
        r = s.regions[rid]
        if r.owner == seat and r.tokens:
            return reason("already_hold", s, region=rid)
        why = immunity_reason(s, rid, seat)
        if why:
            return why
        if not self.target.holds(s, seat, hold.race, rid):
            return reason("clear_region_target", s, region=rid, effect=self.name)
        if self.p["anywhere"]:
            return None
        sources = self._sources(s, seat, hold)
        done = list(s.turn.used.get(self.name, []))
        if rid not in sources or not _matched(sources, done + [rid]):
            return reason("clear_region_near", s, region=rid, effect=self.name)
        return None

    def candidates(self, s: "GameState", seat: int) -> list[str]:
        hold = s.players[seat].active
        if hold is None or s.turn.phase != self.phase:
            return []
        return sorted(self._sources(s, seat, hold))

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        """The candidates `why_not_at` accepts, judged as it judges them but without building a
        reason for the others, and with the regions that may be emptied worked out once."""
        hold = s.players[seat].active
        t = s.turn
        if hold is None or t.phase != self.phase or t.seat != seat:
            return []
        anywhere = self.p["anywhere"]
        if anywhere and t.used.get(self.name):
            return []
        regions, board = s.regions, s.board
        sources: dict[str, set[str]] = {}
        if anywhere:
            order = self._land(board)
        else:
            sources = self._sources(s, seat, hold)
            order = sorted(sources)
        done = list(t.used.get(self.name, []))
        water = board.water
        target, race, name = self.target, hold.race, self.name
        # anywhere, `order` holds the land regions the printed board lets `target` match: a target
        # reading the printed board alone is judged already
        judged = anywhere and (target.printed or not target.d)
        # the first region emptied this turn is matched to a source at once: each candidate
        # is next to one (`_sources`)
        matched = anywhere or not done
        out: list[Action] = []
        for rid in order:
            if not anywhere and rid in water:
                continue
            r = regions.get(rid)
            if r is None:
                continue
            if r.owner == seat and r.tokens:
                continue
            if immune(s, rid, seat, r):
                continue
            if not judged and not target.holds(s, seat, race, rid):
                continue
            if matched or _matched(sources, done + [rid]):
                out.append(use_of(name, rid))
        return out

    def _land(self, board: "Board") -> list[str]:
        """The land regions of `board` that `target` can match by what is printed on them (all
        land regions for a target that names nothing printed), sorted by id (the order
        `candidates` gives), worked out once per board."""
        seen, land = self._land_cache
        if seen is not board:
            printed = self.target.may_hold(board)
            land = sorted(rid for rid in board.index if rid not in board.water and rid in printed)
            self._land_cache = (board, land)
        return land

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        rid = action.region
        s.turn.used[self.name] = list(s.turn.used.get(self.name, [])) + [rid]
        s.turn.acted = True                          # part of the turn's conquests: no decline now
        # the one path every region taken goes by, here emptying it: the occupants take their
        # tokens back less `loss`, the lost ones heard of as in a conquest (Witch Doctors, Igors)
        take_region(s, seat, rid, events, chance, occupy=False, loss=int(self.p["loss"]),
                    in_decline_lost=bool(self.p["in_decline_lost"]))
        if self.p["marker"]:
            set_mark(s, rid, self.p["marker"], 1)
            note_placed(s, seat, self, self.p["marker"], rid)
        if self.p["gain"]:
            hold = s.player_w(seat).active
            assert hold is not None
            hold.hand += take_tray(s, hold.race, int(self.p["gain"]))
        events.append({"type": "use", "seat": seat, "effect": self.name, "region": rid})

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if self.p["marker"]:
            take_back(s, seat, self, self.p["marker"])


register("clear_region", ClearRegion)
