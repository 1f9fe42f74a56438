"""Block `marker_pool`: the race (or power) has a pool of `marker` markers, `count` more at each
`gain` (`pick`: once, when the combo is picked; `turn`: at the pick and at the start of each of
your turns; `conquest`: for each region you conquer), at most `cap` kept (0: no limit). During
your turn you spend one (`use: marker_pool`, or `use: {effect: marker_pool, region: R}` to
place it) for what `spend` says:

- `discount`: your next conquest of a region matching `where` costs `amount` fewer tokens
  (never below 1);
- `die`: the reinforcement die brings `amount` more this turn in a final conquest of a region
  matching `where`;
- `place`: the marker goes on a region matching `where` (`target`: one of your Active race's
  regions, a region not yours, or any land region) and stays `until` your next turn, the end of
  your next turn, or your decline; there it makes its region immune (`immune`), adds `defence`,
  freezes it (`frozen`: neither conquered nor abandoned, its tokens stay where they are), and
  counts as one of your race's regions when you score (`counts_as_region`: while it is empty,
  or always).

A marker spent for a conquest or the die and not used by the end of the turn is lost. Markers
left in the pool, and those placed, go when the race goes into decline, and when a borrowing of
the block ends (`borrow_power`).

YAML: `{marker_pool: {marker: ward, count: 1, gain: turn, spend: place, immune: true}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..reasons import Reason, reason
from ..state import CONQUER, REDEPLOY
from .base import Ability, MarkSpec, Victim, register
from .markers import mark, marks_on_board, set_mark
from .use_move import active_mover, not_this_move, use_of
from .where import Where, conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold

PLACED = ("immune", "defence", "frozen", "counts_as_region", "until", "target")


class MarkerPool(Ability):
    """A pool of markers filled at pick, each turn or per conquest; each one spent makes a
    conquest cheaper, the die stronger, or goes on a region (immune, defence, frozen, counted)."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER, REDEPLOY)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    decline_honoured: ClassVar[bool | None] = False     # the Active race's move alone
    held_markers: ClassVar[bool] = True
    gives_back_placed: ClassVar[bool] = True
    idle_values: ClassVar[dict[str, Any]] = {"count": 0, "marker": ""}
    params: ClassVar[dict[str, Any]] = {
        "marker": "charm", "count": 1, "gain": "turn", "cap": 0, "spend": "discount", "amount": 2,
        "where": {}, "target": "own", "immune": False, "defence": 0, "frozen": False,
        "counts_as_region": "no", "until": "your_next_turn"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {
        "gain": ("pick", "turn", "conquest"), "spend": ("discount", "die", "place"),
        "target": ("own", "other", "any"), "counts_as_region": ("no", "empty", "always"),
        "until": ("your_next_turn", "your_next_turn_end", "decline")}
    only_with: ClassVar[dict[str, tuple[str, tuple[Any, ...]]]] = {
        "amount": ("spend", ("discount", "die")), **{k: ("spend", ("place",)) for k in PLACED}}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "count": "markers gained each time",
        "gain": "when they are gained: pick (once), turn (at the pick and each turn), conquest (each region taken)",
        "cap": "most markers kept at once (0: no limit)",
        "spend": "what one spent does: discount (a conquest), die (the reinforcement die), place (on a region)",
        "amount": "tokens off the conquest, or added to the die",
        "where": "the regions it works on (see *where*)",
        "target": "place: on one of your regions (own), a region not yours (other), or any land region",
        "immune": "place: its region is immune",
        "defence": "place: added to the cost of conquering its region",
        "frozen": "place: its region can be neither conquered nor abandoned, and its tokens stay",
        "counts_as_region": "place: its region scores as one of yours while empty, or always",
        "until": "place: the marker leaves at your next turn, at the end of your next turn, or at your decline",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)
        self.occupant, self.taken = conquest_where(self.p["where"], self.name)    # read after a conquest
        self.marker = str(self.p["marker"])
        self.spend = str(self.p["spend"])

    # -- the pool --------------------------------------------------------------------------
    def supply(self, hold: "RaceHold") -> dict[str, int]:
        return {self.marker: int(hold.memo.get(self.name, 0))}

    def set_supply(self, hold: "RaceHold", name: str, n: int) -> bool:
        if name != self.marker:
            return False
        hold.memo[self.name] = n
        return True

    def _gain(self, hold: "RaceHold") -> None:
        n = int(hold.memo.get(self.name, 0)) + int(self.p["count"])
        if self.p["cap"]:
            n = min(n, int(self.p["cap"]))
        hold.memo[self.name] = n

    def on_pick(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if self.p["gain"] in ("pick", "turn"):
            self._gain(hold)

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if self.p["gain"] == "turn":
            self._gain(hold)
        if self.spend == "place" and self.p["until"] == "your_next_turn":
            self._take_back(s, hold, s.round + 1)

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        s.turn.used.pop(self.name, None)                  # spent and not used: lost
        if self.spend == "place" and self.p["until"] == "your_next_turn_end":
            self._take_back(s, hold, s.round)

    def on_decline(self, s: "GameState", seat: int) -> None:
        hold = s.player_w(seat).active
        if hold is not None:
            hold.memo.pop(self.name, None)
            self._take_back(s, hold, s.round + 1)

    # -- spending --------------------------------------------------------------------------
    def _why_not(self, s: "GameState", seat: int) -> Reason | None:
        hold = active_mover(self, s, seat)
        if hold is None:
            return reason("conquests_over")
        if self.spend == "place":
            if s.turn.phase not in (CONQUER, REDEPLOY):
                return reason("clear_region_when", effect=self.name)
        elif s.turn.phase != CONQUER or hold.hand < 1:
            return reason("conquests_over")
        if int(hold.memo.get(self.name, 0)) < 1:
            return reason("no_marker_left", effect=self.name)
        return None

    def _why_not_at(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        if rid not in s.regions:
            return reason("no_such_region", id=rid)
        hold = s.players[seat].active
        assert hold is not None
        r = s.regions[rid]
        mine = r.owner == seat and r.race == hold.race and r.tokens > 0
        on = self.p["target"]
        if rid in s.board.water or (on == "own" and not mine) or (on == "other" and mine):
            return reason("marker_pool_not_there", effect=self.name, region=rid)
        if not self.where.holds(s, seat, hold.race, rid):
            return reason("marker_pool_not_there", effect=self.name, region=rid)
        return None

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        if self._why_not(s, seat) is not None:
            return []
        if self.spend != "place":
            return [use_of(self.name)]
        return [use_of(self.name, rid) for rid in s.regions if self._why_not_at(s, seat, rid) is None]

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        why = not_this_move(self.name, action) or self._why_not(s, seat)
        if why is not None or not isinstance(action, Use):
            return why
        if self.spend == "place":
            return self._why_not_at(s, seat, action.region) if action.region else reason(
                "marker_pool_needs_region", effect=self.name)
        if action.region:
            return reason("marker_pool_no_region", effect=self.name)
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        hold = s.player_w(seat).active
        assert hold is not None
        hold.memo[self.name] = int(hold.memo.get(self.name, 0)) - 1
        if self.spend == "place":
            set_mark(s, action.region, self.marker, mark(s, action.region, self.marker) + 1)
            placed = hold.memo.setdefault(f"{self.name}:placed", [])
            placed.append([action.region, s.round])
            s.turn.acted = True
        else:
            s.turn.used[self.name] = int(s.turn.used.get(self.name, 0)) + 1
        events.append({"type": "use", "seat": seat, "effect": self.name, "region": action.region})

    def on_position(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        """The markers a position sets on the board (a scenario's `marks`) are ones this race
        placed in its last turn (R26): this round when its seat played before the current one,
        else the round before. They leave by `until` and are taken back at decline as any."""
        if self.spend != "place" or s.players[seat].active is not hold:
            return
        placed = [list(x) for x in hold.memo.get(f"{self.name}:placed", [])]
        known = [rid for rid, _ in placed]
        played = s.round if seat < s.turn.seat else s.round - 1
        for rid in s.board.in_order(marks_on_board(s, self.marker)):
            for _ in range(mark(s, rid, self.marker) - known.count(rid)):
                placed.append([rid, played])
        if placed:
            hold.memo[f"{self.name}:placed"] = placed

    def on_given_back(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if self.spend == "place":           # every one it placed, on any player's region
            self._take_back(s, hold, None)

    def _take_back(self, s: "GameState", hold: "RaceHold", before: int | None) -> None:
        """Take off the board the markers placed in a round before `before` (None: all of
        them): from where they were put, or, if they were moved since (`marker_moves`), from
        where one lies."""
        placed = hold.memo.get(f"{self.name}:placed")
        if not placed:
            return
        keep = []
        for rid, rnd in placed:
            if before is not None and rnd >= before:
                keep.append([rid, rnd])
                continue
            lying = [r for r in ([rid] + marks_on_board(s, self.marker)) if mark(s, r, self.marker)]
            if lying:
                set_mark(s, lying[0], self.marker, mark(s, lying[0], self.marker) - 1)
        if keep:
            hold.memo[f"{self.name}:placed"] = keep
        else:
            hold.memo.pop(f"{self.name}:placed")

    def quiet_hooks(self) -> frozenset[str]:
        return frozenset() if self.spend == "discount" else frozenset({"cost_modifier"})

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        if self.spend != "place":
            return ()
        counts = str(self.p["counts_as_region"])
        return (MarkSpec(self.marker, source, defence=int(self.p["defence"]), immune=bool(self.p["immune"]),
                         frozen=bool(self.p["frozen"]), counts_as_region="" if counts == "no" else counts),)

    # -- what a spent marker does ------------------------------------------------------------
    def judges_locally(self) -> bool:
        return True   # `turn.used` (the markers spent this turn) and the region

    def cost_modifier(self, s: "GameState", seat: int, rid: str) -> int:
        if self.spend != "discount" or s.turn.seat != seat:
            return 0
        spent = int(s.turn.used.get(self.name, 0))
        if not spent or not self.where.holds(s, seat, self._race(s, seat), rid):
            return 0
        return -int(self.p["amount"]) * spent

    def die_bonus(self, s: "GameState", seat: int, rid: str) -> int:
        if self.spend != "die" or s.turn.seat != seat:
            return 0
        spent = int(s.turn.used.get(self.name, 0))
        if not spent or not self.where.holds(s, seat, self._race(s, seat), rid):
            return 0
        return int(self.p["amount"]) * spent

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        if self.p["gain"] == "conquest":
            hold = s.player_w(seat).active
            if hold is not None:
                self._gain(hold)
        if self.spend == "discount" and self.taken.holds(s, seat, self._race(s, seat), rid) and (
                not self.occupant or held_before(self.occupant, seat, victim)):
            s.turn.used.pop(self.name, None)              # spent on this conquest of such a region

    @staticmethod
    def _race(s: "GameState", seat: int) -> str | None:
        hold = s.players[seat].active
        return hold.race if hold is not None else None


register("marker_pool", MarkerPool)
