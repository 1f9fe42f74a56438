"""Effect `extra_tokens_for_conquests`: at redeploy, take one more token from the tray for every
`every` non-empty regions conquered this turn (Skeletons). The tray limits it (R14).

YAML: `{extra_tokens_for_conquests: {every: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..reasons import Reason, reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class ExtraTokensForConquests(Ability):
    """At redeploy, a token from the tray for every `every` non-empty regions conquered this turn
    (Skeletons). One of a kind in the base set; the expansions' `tokens_at_redeploy` counts per
    conquest of a victim kind instead."""

    params = {"every": 2}

    @classmethod
    def idle_combination(cls, p: dict[str, Any]) -> Reason | None:
        # 0 would be read as 1: said, never silently changed
        return reason("param_at_least_one", effect=cls.name, param="every", value=0) if p["every"] == 0 else None

    def redeploy_bonus(self, s: "GameState", seat: int) -> int:
        return s.turn.nonempty // max(1, int(self.p["every"]))


register("extra_tokens_for_conquests", ExtraTokensForConquests)
