"""Block `borrow_power`: at the start of each of your turns, before any conquest, you may choose
one of the powers in the column (`use: {effect: borrow_power, choice: POWER}`): your Active race
has that power instead of this one, with its badge's extra tokens from the tray, until the
start of your next turn or until a player picks the combo with that power. Then your own badge
comes back and the borrowed tokens go (from your hand, else from your biggest stacks), with the
borrowed power's Heroes, Dragon, Encampments and markers. A power tied to a moment (a pick, a
decline) works only if that moment comes while it is borrowed; going into decline gives it back
first (Copycat).

The engine keeps the borrowed power as the race's badge (`RaceHold.power`) while it lasts, so
every rule reads it as the race's power; `memo["borrowed"]` remembers the own badge
(`common.give_back_borrowed`).

YAML: `borrow_power`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..common import take_tray
from ..reasons import Reason, reason
from ..state import CONQUER
from .base import Ability, register
from .use_move import not_this_move

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register("borrow_power")
class BorrowPower(Ability):
    """Borrow a power of the column, with its badge's tokens, until your next turn (Copycat).
    One of a kind: no other published entry changes a race's power during the game."""

    intents: ClassVar[tuple[str, ...]] = ("use",)
    params: ClassVar[dict[str, Any]] = {}
    param_docs: ClassVar[dict[str, str]] = {}

    def _when(self, s: "GameState", seat: int) -> Reason | None:
        hold = s.players[seat].active
        t = s.turn
        if hold is None or t.phase != CONQUER or t.acted or t.seat != seat or "borrowed" in hold.memo:
            return reason("borrow_when", effect=self.name)
        return None

    def _choices(self, s: "GameState") -> list[str]:
        out: list[str] = []
        for c in s.column:
            if c.power and c.power not in out and not any(
                    isinstance(a, BorrowPower) for a in s.catalog.abilities.get(c.power, ())):
                out.append(c.power)
        return out

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        if self._when(s, seat) is not None:
            return []
        return [Use(self.name, choice=p) for p in self._choices(s)]

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        other = not_this_move(self.name, action)
        if other is not None or not isinstance(action, Use):
            return other
        why = self._when(s, seat)
        if why is not None:
            return why
        if action.choice not in self._choices(s):
            return reason("borrow_not_in_column", s, power=action.choice)
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        hold = s.player_w(seat).active
        assert hold is not None
        got = take_tray(s, hold.race, s.catalog.powers[action.choice].tokens)
        hold.memo["borrowed"] = {"badge": hold.power, "power": action.choice, "extra": got}
        hold.power = action.choice
        hold.hand += got
        events.append({"type": "use", "seat": seat, "effect": self.name, "power": action.choice,
                       "tokens": got})
