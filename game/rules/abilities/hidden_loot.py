"""Block `hidden_loot`: in each region the race conquers it puts a marker drawn at random from
its `pile` (a shuffle, recorded like the die, so replay, undo and loading give the same draw),
face down: its value is kept with the race, the board shows only a `marker`. When an opponent
conquers one of those regions the marker is revealed: the `repel` entry cancels the conquest
(the attacker loses a token and may not attack that region again this turn), a number is coins
the attacker takes from the bank. When the race goes into decline — or at the end of the last
round if it never did — it collects the numbers in the regions it holds. The `pile` is the
box's markers: a marker drawn leaves it and none comes back, so once it is empty no more Loot
is put down (a one-entry pile gives one marker in all). A marker stays in a
region the race abandons, and counts again only if the race takes that region back (Skags'
Loot).

YAML: `{hidden_loot: {pile: [attack, attack, attack, 0, 0, 1, 1, 2, 2, 3], repel: attack}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import event
from ..errors import ParamError
from ..reasons import Reason, reason
from .base import Ability, MarkSpec, Victim, register
from .markers import mark, set_mark

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold


class HiddenLoot(Ability):
    """A face-down marker drawn from `pile` in each region conquered: `repel` cancels an
    opponent's conquest there, a number pays that opponent; numbers left are collected at
    decline (Skags)."""

    idle_values: ClassVar[dict[str, Any]] = {"pile": [], "marker": ""}
    params: ClassVar[dict[str, Any]] = {
        "pile": ["attack", "attack", "attack", 0, 0, 1, 1, 2, 2, 3], "repel": "attack", "marker": "loot"}
    param_docs: ClassVar[dict[str, str]] = {
        "pile": "the markers in the box: coin values and the `repel` entry",
        "repel": "the entry that cancels an opponent's conquest",
        "marker": "the face-down marker's name on the board",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._repelled = self._key("repelled")      # (asked of each of the race's regions at each listing)
        for v in self.p["pile"]:
            if v != self.p["repel"] and not (isinstance(v, int) and not isinstance(v, bool) and v >= 0):
                raise ParamError(reason("param_choice", effect=self.name, param="pile", value=v,
                                        known=f"0, 1, 2... or {self.p['repel']}"))

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(self.p["marker"], source),)

    def supply(self, hold: "RaceHold") -> dict[str, int]:
        return {self.p["marker"]: len(hold.memo.get(self._key("pile"), self.p["pile"]))}

    def set_supply(self, hold: "RaceHold", name: str, n: int) -> bool:
        """The pile keeps its first `n` markers (the box's order)."""
        if name != self.p["marker"]:
            return False
        hold.memo[self._key("pile")] = list(hold.memo.get(self._key("pile"), self.p["pile"]))[:n]
        return True

    def hidden(self, hold: "RaceHold") -> dict[str, Any]:
        """The face-down value under each of the race's markers, by region."""
        return dict(hold.memo.get(self._key("regions"), {}))

    def hide(self, s: "GameState", hold: "RaceHold", rid: str, value: Any) -> None:
        """Put a marker of `value` face down in `rid` (a scenario's `loot:`)."""
        hold.memo[self._key("regions")] = {**hold.memo.get(self._key("regions"), {}), rid: value}
        set_mark(s, rid, self.p["marker"], 1)

    def _key(self, what: str) -> str:
        return f"{self.name}:{what}"

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        name = self.p["marker"]
        if mark(s, rid, name):
            return                                  # already one there (left when abandoned)
        hold = s.player_w(seat).active
        assert hold is not None
        pile = list(hold.memo.get(self._key("pile"), self.p["pile"]))
        if not pile:
            return
        chance.shuffle(pile)
        value = pile.pop(0)
        hold.memo[self._key("pile")] = pile
        hold.memo[self._key("regions")] = {**hold.memo.get(self._key("regions"), {}), rid: value}
        set_mark(s, rid, name, 1)

    def _take(self, s: "GameState", seat: int, rid: str) -> Any:
        """Reveal and remove the marker in `rid`; its value (None if there is none of ours)."""
        hold, _ = self.hold_in(s, seat, write=True)
        if hold is None or not mark(s, rid, self.p["marker"]):
            return None
        got = dict(hold.memo.get(self._key("regions"), {}))
        if rid not in got:
            return None
        value = got.pop(rid)
        hold.memo[self._key("regions")] = got
        set_mark(s, rid, self.p["marker"], 0)
        return value

    def repels(self, s: "GameState", seat: int, rid: str, attacker: int, in_decline: bool,
               events: list[dict[str, Any]]) -> bool:
        hold, _ = self.hold_in(s, seat)
        if hold is None or hold.memo.get(self._key("regions"), {}).get(rid) != self.p["repel"]:
            return False
        self._take(s, seat, rid)
        s.turn.used[self._key("repelled")] = list(s.turn.used.get(self._key("repelled"), [])) + [rid]
        return True

    def judges_locally(self) -> bool:
        return True   # `turn.used` (the regions that repelled this turn)

    def protects(self, s: "GameState", seat: int, rid: str, attacker: int | None,
                 in_decline: bool) -> Reason | None:
        if rid in s.turn.used.get(self._repelled, ()):
            return reason("loot_repelled", s, region=rid)
        return None

    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int,
                       in_decline: bool, events: list[dict[str, Any]]) -> None:
        value = self._take(s, seat, rid)
        if isinstance(value, int) and value > 0:
            s.player_w(attacker).coins += value
            event(events, "coins", seat=attacker, coins=value, effect=self.name)

    def _collect(self, s: "GameState", seat: int, hold: "RaceHold", events: list[dict[str, Any]]) -> None:
        coins = 0
        for rid in s.regions_of(seat, hold.race):
            value = self._take(s, seat, rid)
            if isinstance(value, int):
                coins += value
        if coins:
            s.player_w(seat).coins += coins
            event(events, "coins", seat=seat, coins=coins, effect=self.name)

    def after_decline(self, s: "GameState", seat: int, hold: "RaceHold",
                      events: list[dict[str, Any]]) -> None:
        self._collect(s, seat, hold, events)

    def on_end_turn(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        if s.round >= s.board.turns:                # the last round: collected now
            self._collect(s, seat, hold, [])


register("hidden_loot", HiddenLoot)
