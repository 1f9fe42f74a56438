"""Effect `spirit`: the race, once In Decline, does not count against the limit of one race In
Decline: a later decline never removes it (a third decline removes the other decline race), and
it keeps its badge so the rule stays in force. It still loses tokens to attacks and leaves the
game when it has no region left.

YAML: `spirit`
"""
from __future__ import annotations

from .base import Ability, register


class Spirit(Ability):
    """This race In Decline never leaves on a later decline (Spirit). One of a kind: the only
    exception to the one-race-In-Decline rule, read by the decline rule itself."""

    works_in_decline = True

    def exempt_from_decline_limit(self) -> bool:
        return True


register("spirit", Spirit)
