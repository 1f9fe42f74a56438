"""Effect `heroes`: the race has `count` Heroes, each in a different region it holds
(`heroes: [region, ...]`); a region with a Hero is immune to conquest and to racial and special
powers (R10) until the Hero moves. They may be placed or moved at any point of the player's
turn; at the end of the turn any Hero not on the board is placed by default (regions with the
most tokens first), since the rules place both Heroes every turn. They leave the board when
their region is abandoned and when the race goes into decline. Active only. The box holds
`count` Heroes: a player holding the power while another has some on the board (a power borrowed
for a turn, `borrow_power`) places only those the box has left (`box`).

YAML: `{heroes: {count: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Heroes as HeroesIntent
from ..common import event
from ..reasons import Reason, reason
from ..state import CONQUER, REDEPLOY
from .base import Ability, register
from .box import left_for

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..state import GameState, RaceHold


class Heroes(Ability):
    """Place `count` Heroes in different regions of yours (`heroes: [a, b]`); those regions are
    immune (Heroic). One of a kind in the base set: a placement chosen by the player each turn (the
    expansions' `guard_marker`, placed by choice or else on the strongest regions, is its
    simpler cousin)."""

    region_pieces = ("hero",)

    intents = ("heroes",)
    move_phases = (CONQUER, REDEPLOY)
    idle_values = {"count": 0}
    params = {"count": 2}

    def _ready(self, s: "GameState", seat: int) -> Reason | None:
        hold, in_decline = self.hold_in(s, seat)
        if hold is None or in_decline:
            return reason("heroes_only_active")
        if s.turn.phase not in (CONQUER, REDEPLOY):
            return reason("heroes_when")
        return None

    def marker_box(self) -> dict[str, int]:
        return {"hero": int(self.p["count"])}

    def _wanted(self, s: "GameState", seat: int, own: list[str], placed: int = 0, on_own: int = -1) -> int:
        """Heroes to place among `own`: `count` (or what the box has left), at most one a region;
        `placed`: those already standing in `own`; `on_own`: the same, when counted (`left_for`)."""
        return left_for(s, seat, "hero", min(int(self.p["count"]), len(own)), placed, on_own)

    def default_regions(self, s: "GameState", seat: int, race: str) -> tuple[str, ...]:
        """Heroes where they stand, the others in the regions with the most tokens."""
        own = s.held_names(seat, race)
        return self._default(s, seat, own, *self._heroes(s, own))

    @staticmethod
    def _heroes(s: "GameState", own: list[str]) -> tuple[list[str], list[str]]:
        """`own` split into the regions with a Hero and those without, each in board order."""
        regions = s.regions
        keep: list[str] = []
        rest: list[str] = []
        for r in own:
            if regions[r].hero:
                keep.append(r)
            else:
                rest.append(r)
        return keep, rest

    def _default(self, s: "GameState", seat: int, own: list[str], keep: list[str],
                 rest: list[str]) -> tuple[str, ...]:
        want = self._wanted(s, seat, own, len(keep), len(keep))
        if len(keep) < want:                 # the others by tokens, most first (ties: board order)
            regions = s.regions
            most = sorted([(-regions[r].tokens, i) for i, r in enumerate(rest)])   # (no key function:
            keep = keep + [rest[i] for _, i in most]                       # compiled, it runs interpreted)
        return tuple(sorted(keep[:want], key=s.board.index.__getitem__))

    def check_intent(self, s: "GameState", seat: int, action: "Action") -> Reason | None:
        why = self._ready(s, seat)
        if why:
            return why
        hold = s.players[seat].active
        assert hold is not None
        own = s.regions_of(seat, hold.race)
        regions = list(getattr(action, "regions", ()))
        for rid in regions:
            if rid not in own:
                return reason("heroes_own", s, race=hold.race, region=rid)
        if len(set(regions)) != len(regions):
            return reason("heroes_distinct")
        want = self._wanted(s, seat, own)
        if len(regions) != want:
            return reason("heroes_all", count=want)
        return None

    def legal_intents(self, s: "GameState", seat: int) -> list["Action"]:
        hold = self.active_hold(s, seat) if s.turn.phase in (CONQUER, REDEPLOY) else None
        if hold is None:
            return []                                  # (`_ready` refuses, without its sentence)
        own = s.held_names(seat, hold.race)
        now, rest = self._heroes(s, own)
        regions = self._default(s, seat, own, now, rest)
        return [HeroesIntent(regions)] if regions and regions != tuple(now) else []

    def _place(self, s: "GameState", seat: int, race: str, regions: tuple[str, ...]) -> None:
        for rid in s.regions_of(seat, race):
            want = rid in regions
            if s.regions[rid].hero != want:
                s.reg_w(rid).hero = want

    def apply_intent(self, s: "GameState", seat: int, action: "Action", chance: Any,
                     events: list[dict[str, Any]]) -> None:
        hold = s.players[seat].active
        assert hold is not None
        regions = tuple(getattr(action, "regions", ()))
        self._place(s, seat, hold.race, regions)
        s.turn.acted = True
        event(events, "heroes", seat=seat, regions=list(regions))

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if s.players[seat].active is not hold:
            return
        regions = self.default_regions(s, seat, hold.race)
        now = tuple(r for r in s.regions_of(seat, hold.race) if s.regions[r].hero)
        if regions != now:
            self._place(s, seat, hold.race, regions)


register("heroes", Heroes)
