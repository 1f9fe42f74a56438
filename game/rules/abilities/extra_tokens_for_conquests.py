"""Effect `extra_tokens_for_conquests`: at redeploy, take one more token from the tray for every
`every` non-empty regions conquered this turn (Skeletons). The tray limits it (R14).

YAML: `{extra_tokens_for_conquests: {every: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register("extra_tokens_for_conquests")
class ExtraTokensForConquests(Ability):
    """At redeploy, a token from the tray for every `every` non-empty regions conquered this turn
    (Skeletons). One of a kind in the base set; the expansions' `tokens_at_redeploy` counts per
    conquest of a victim kind instead."""

    params = {"every": 2}

    def redeploy_bonus(self, s: "GameState", seat: int) -> int:
        return s.turn.nonempty // max(1, int(self.p["every"]))
