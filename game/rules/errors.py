"""The engine's two error types: refusals a player reads, and rules not written yet.

`IllegalAction` carries a sentence for a player ("Needs 4 tokens, you have 2"); a refused intent
never changes the state. `NotImplementedRule` says plainly that a race or power effect named in
the content has no implementation ("not implemented yet: dragon_master"), instead of playing it
wrongly.
"""
from __future__ import annotations

from .reasons import HasReason


class IllegalAction(HasReason, ValueError):
    """An intent the rules refuse; str(err) is the reason, written for a player (`err.reason`
    is the keyed `Reason`)."""


class NotImplementedRule(NotImplementedError):
    """A race or power effect that the engine does not implement."""

    def __init__(self, name: str) -> None:
        super().__init__(f"not implemented yet: {name}")
        self.name = name


class SetupError(HasReason, ValueError):
    """A position that cannot exist in the board game (too many tokens, two owners...)."""
