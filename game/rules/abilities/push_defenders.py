"""Block `push_defenders`: a conquest pushes the defenders' stack into a neighbouring region
instead of sending it back to their player's hand. After each conquest of a region matching
`where` (`occupant`: who held it before), the tokens its race's player would take back (R4:
all but the one lost) go, up to `amount` (0: all of them), into one region next to the region
taken, as `into` allows: `own` (a region of that same race: the tokens join its stack) and/or
`empty` (a land region holding nobody: the pushed race moves in, In Decline if it was, without
a conquest, through the one path every region change takes). The first of `into` that has a
region wins; among its regions the thinnest, then the first in board order. With nowhere to
push, `nowhere` says what becomes of them: `hand` (back to the player's hand, as the rules
have it) or `tray` (lost). Tokens not pushed come back to the hand as usual.

YAML: `{push_defenders: {into: [own, empty], nowhere: tray, where: {occupant: active}}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import add_tray, event
from ..resolution import take_region
from .base import Ability, Victim, register
from .where import conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

INTO = ("own", "empty")
NOWHERE = ("hand", "tray")


class PushDefenders(Ability):
    """After each conquest of a region matching `where`, the defenders' tokens that would come
    back to hand are pushed into a neighbouring region (`into`: theirs, or an empty one); with
    nowhere to go they return to hand or are lost (`nowhere`)."""

    idle_values: ClassVar[dict[str, Any]] = {"into": []}
    params: ClassVar[dict[str, Any]] = {"into": ["own", "empty"], "amount": 0, "nowhere": "hand", "where": {}}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"into": INTO, "nowhere": NOWHERE}
    param_docs: ClassVar[dict[str, str]] = {
        "into": "where the stack may go, first first: `own` (a region of the pushed race next to the one "
                "taken) and/or `empty` (an empty land region next to it)",
        "amount": "the most tokens pushed (0: all that would come back to hand)",
        "nowhere": "with nowhere to push: `hand` (back to hand, as the rules have it) or `tray` (lost)",
        "where": "which conquests (see *where*; `occupant` is who held the region before); all by default",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.occupant, self.where = conquest_where(self.p["where"], self.name)

    def destination(self, s: "GameState", owner: int, race: str, rid: str) -> tuple[str, str] | None:
        """Where a stack pushed out of `rid` goes: (`own` or `empty`, region), or None."""
        board = s.board
        near = board.in_order(board.adjacency[rid])
        for kind in self.p["into"]:
            if kind == "own":
                found = [r for r in near if s.regions[r].owner == owner and s.regions[r].race == race
                         and s.regions[r].tokens]
            else:
                found = [r for r in near if s.regions[r].empty and not board.region(r).is_water]
            if found:
                return kind, min(found, key=lambda r: (s.regions[r].tokens, board.index[r]))
        return None

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        owner, race = victim.owner, victim.race
        if owner is None or race is None or owner == seat or not victim.tokens:
            return
        if self.occupant and not held_before(self.occupant, seat, victim):
            return
        if self.where.d and not self.where.holds(s, seat, s.regions[rid].race or "", rid):
            return
        back = next((int(ev.get("back", 0)) for ev in events[::-1]      # not reversed(): see lasting.py
                     if ev.get("type") == "lost" and ev.get("region") == rid), 0)
        hold, _ = s.player_w(owner).hold(race)
        if hold is None or not back:
            return
        n = min(back, hold.hand)
        if self.p["amount"]:
            n = min(n, int(self.p["amount"]))
        if not n:
            return
        where = self.destination(s, owner, race, rid)
        if where is None:
            if self.p["nowhere"] == "tray":
                hold.hand -= n
                add_tray(s, race, n)
                event(events, "pushed_off", seat=owner, race=race, region=rid, tokens=n)
            return
        kind, dest = where
        if kind == "own":
            s.reg_w(dest).tokens += n
            hold.hand -= n
            event(events, "pushed", seat=owner, race=race, region=dest, tokens=n)
        else:
            take_region(s, owner, dest, events, chance, hold=hold, tokens=n, how="pushed", conquest=False)


register("push_defenders", PushDefenders)
