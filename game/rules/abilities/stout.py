"""Effect `stout`: the race may go into decline at the end of a normal turn, after scoring it
(`end_turn: {decline: true}`), also in the turn it was picked, instead of spending a whole turn
on the decline.

YAML: `stout`
"""
from __future__ import annotations

from .base import Ability, register


@register("stout")
class Stout(Ability):
    def may_decline_after_scoring(self) -> bool:
        return True
