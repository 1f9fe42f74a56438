"""Block `no_redeploy`: the race never redeploys at the end of its turn (Barbarians): tokens
stay where they conquered, and tokens still in hand (for example after a failed final die
roll) wait off the board until you ready your troops next turn. Tokens it gets back from an
opponent's conquest are placed as usual after that player's turn.

YAML: `no_redeploy`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..reasons import Reason, reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class NoRedeploy(Ability):
    """No redeployment: tokens stay where they conquered; unused ones wait off the board until
    your next turn (Barbarians)."""

    params: ClassVar[dict[str, Any]] = {}
    param_docs: ClassVar[dict[str, str]] = {}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        #: the refusal for each race, made once (a Reason never changes): it is asked at every
        #: listing of the race's turn
        self._said: dict[str, Reason] = {}

    def may_redeploy(self, s: "GameState", seat: int) -> Reason | None:
        hold = s.players[seat].active
        race = hold.race if hold else ""
        got = self._said.get(race)
        if got is None:
            got = self._said[race] = reason("no_redeploy_race", race=race)
        return got


register("no_redeploy", NoRedeploy)
