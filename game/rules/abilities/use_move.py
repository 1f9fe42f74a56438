"""What every block with a move of its own shares (`use: NAME` in scenarios, a button in the
window): the move is offered exactly when the block's `why_not` finds nothing against it, and an
attempt at another time is refused with that reason. The blocks say only when their move is
allowed (`why_not`) and what it does (`apply_intent`). A move that names a region (`RegionMove`)
says the same per region (`why_not_at`), and which regions to look at (`candidates`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final, Iterable

from ..actions import Action, Use
from ..reasons import Reason, reason
from .base import Ability

if TYPE_CHECKING:
    from ..state import GameState, RaceHold


#: the `Use` intents listed so far, by block name then region ('' for a move naming none): an
#: intent is immutable and equal to any other naming the same block and region, so the ones a
#: listing offers again and again are made once (compiled, a dataclass's constructor runs
#: interpreted). Plain mappings, as `common.made_once` keeps the intents naming a region alone:
#: compiled, a lookup in a plain `dict` is a native call, where one in a subclass of it goes
#: through Python's protocol, several times slower
_USES: Final[dict[str, dict[str, Use]]] = {}


def use_of(name: str, rid: str = "") -> Use:
    """The `Use` intent of block `name` on region `rid` ('' for none)."""
    by = _USES.get(name)
    if by is None:
        by = _USES[name] = {}
    got = by.get(rid)
    if got is None:
        got = by[rid] = Use(name, rid)
    return got


#: the `Use` intents that choose (`Use.choice`) listed so far, by block name then choice, kept as
#: `_USES` keeps those naming a region
_CHOSEN: Final[dict[str, dict[str, Use]]] = {}


def use_choosing(name: str, choice: str) -> Use:
    """The `Use` intent of block `name` choosing `choice` (naming no region)."""
    by = _CHOSEN.get(name)
    if by is None:
        by = _CHOSEN[name] = {}
    got = by.get(choice)
    if got is None:
        got = by[choice] = Use(name, choice=choice)
    return got


class UseMove(Ability):
    """A block whose race or power has a `Use(effect)` move; not registered itself. With
    `idle_exact`, `idle_now` answers for `why_not` both ways: the move is listed when it is False,
    without the same questions asked again."""

    idle_exact: ClassVar[bool] = False

    def why_not(self, s: "GameState", seat: int) -> Reason | None:
        """Why `seat` may not make this move now; None when it may."""
        raise NotImplementedError

    def idle_now(self, s: "GameState", seat: int) -> bool:
        """True when `why_not` would surely refuse the move now, found without making the
        reason (the move is listed at every step of the race's turn, and refused at most of
        them); False when only `why_not` can say."""
        return False

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        if self.idle_now(s, seat):
            return []
        return [use_of(self.name)] if self.idle_exact or self.why_not(s, seat) is None else []

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        return not_this_move(self.name, action) or self.why_not(s, seat)


class RegionMove(Ability):
    """A block whose move names a region (`Use(effect, region)`); not registered itself. With
    `move_declines` the move is a decline as well: after `apply_intent` the engine takes the
    race into decline (the Priestesses' Ivory Tower raised where the player chose)."""

    move_declines: ClassVar[bool] = False

    def of_active_race(self, s: "GameState", seat: int) -> bool:
        """This block is the Active race's or its power's (not an In Decline race's that has
        the same block)."""
        return active_mover(self, s, seat, any_turn=True) is not None

    def candidates(self, s: "GameState", seat: int) -> Iterable[str]:
        """The regions the move could be made on now, before `why_not_at` judges each."""
        raise NotImplementedError

    def why_not_at(self, s: "GameState", seat: int, rid: str) -> Reason | None:
        """Why `seat` may not make this move on region `rid` now; None when it may."""
        raise NotImplementedError

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        name = self.name
        return [use_of(name, rid) for rid in self.candidates(s, seat) if self.why_not_at(s, seat, rid) is None]

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        other = not_this_move(self.name, action)
        if other is not None or not isinstance(action, Use):
            return other
        return self.why_not_at(s, seat, action.region)


def active_mover(ab: Ability, s: "GameState", seat: int, any_turn: bool = False) -> "RaceHold | None":
    """The Active race of `seat` when block `ab` is its race's or power's (not an In Decline
    race's that has the same block) and, unless `any_turn`, it is `seat`'s turn; else None."""
    hold = s.players[seat].active
    if hold is None or (not any_turn and s.turn.seat != seat):
        return None
    return hold if any(x is ab for x in s.catalog.effects_of(hold.race, hold.power)) else None


def not_this_move(name: str, action: Action) -> Reason | None:
    """The refusal of an intent that is not this block's `Use` move, or None."""
    if not isinstance(action, Use) or action.effect != name:
        return reason("effect_not_intent", effect=name, intent=getattr(action, "effect", action.kind))
    return None
