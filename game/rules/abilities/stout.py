"""Effect `stout`: the race may go into decline at the end of a normal turn, after scoring it
(`end_turn: {decline: true}`), also in the turn it was picked, instead of spending a whole turn
on the decline.

YAML: `stout`
"""
from __future__ import annotations

from .base import Ability, register


class Stout(Ability):
    """Go into decline at the end of a normal turn, after scoring it (Stout). One of a kind: the
    only change to when a decline may be declared."""

    def may_decline_after_scoring(self) -> bool:
        return True


register("stout", Stout)
