"""Block `column_marker`: during your turn you may put up to `count` `marker` markers on combos
in the column (`use: {effect: column_marker, choice: RACE}`, naming the combo by its race). A
marker stays on its combo until someone picks it: that player pays `price` coins more for each
marker on it, to the marker's placer (`pays: placer`) or to the bank (`pays: bank`), and the
markers leave. What lies on the column is kept with the placer (`PlayerState.memo`), so it stays
when the placer's race goes into decline.

YAML: `{column_marker: {marker: toll, count: 1, price: 1, pays: placer}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..actions import Action, Use
from ..reasons import Reason, reason
from ..state import CONQUER, REDEPLOY
from .base import Ability, MarkSpec, register
from .use_move import active_mover, not_this_move

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

KEY: Final = "column_marks"      # PlayerState.memo: {combo race: {marker: how many}}


class ColumnMarker(Ability):
    """Up to `count` markers a turn on combos in the column: picking a marked combo costs
    `price` more per marker, paid to the placer or the bank."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER, REDEPLOY)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    decline_honoured: ClassVar[bool | None] = False     # the Active race's move alone
    idle_values: ClassVar[dict[str, Any]] = {"count": 0, "price": 0, "marker": ""}
    params: ClassVar[dict[str, Any]] = {"marker": "toll", "count": 1, "price": 1, "pays": "placer"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"pays": ("placer", "bank")}
    param_docs: ClassVar[dict[str, str]] = {
        "marker": "the marker's name (one name per game)",
        "count": "markers you may put on the column each turn",
        "price": "coins more to pick a combo, for each marker on it",
        "pays": "who gets those coins: the marker's placer or the bank",
    }

    def marker_specs(self, source: str) -> tuple[MarkSpec, ...]:
        return (MarkSpec(str(self.p["marker"]), source, column_price=int(self.p["price"]),
                         pays_placer=self.p["pays"] == "placer"),)

    def _why_not(self, s: "GameState", seat: int) -> Reason | None:
        if s.turn.phase not in (CONQUER, REDEPLOY) or active_mover(self, s, seat) is None:
            return reason("column_marker_when", effect=self.name)
        if int(s.turn.used.get(self.name, 0)) >= int(self.p["count"]):
            return reason("no_marker_left", effect=self.name)
        return None

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        if self._why_not(s, seat) is not None:
            return []
        return [Use(self.name, choice=c.race) for c in s.column]

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        why = not_this_move(self.name, action) or self._why_not(s, seat)
        if why is not None or not isinstance(action, Use):
            return why
        if not any(c.race == action.choice for c in s.column):
            return reason("column_marker_no_combo", effect=self.name, choice=action.choice,
                          known=", ".join(c.race for c in s.column))
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        s.turn.used[self.name] = int(s.turn.used.get(self.name, 0)) + 1
        p = s.player_w(seat)
        on = p.memo.setdefault(KEY, {})
        here = on.setdefault(action.choice, {})
        name = str(self.p["marker"])
        here[name] = int(here.get(name, 0)) + 1
        events.append({"type": "use", "seat": seat, "effect": self.name, "choice": action.choice})


register("column_marker", ColumnMarker)
