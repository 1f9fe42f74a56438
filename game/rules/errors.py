"""The engine's error types: refusals a player reads, rules not written yet, bad setups, content
and replays.

`IllegalAction` carries a sentence for a player ("Needs 4 tokens, you have 2"); a refused intent
never changes the state. `NotImplementedRule` says plainly that a race or power effect named in
the content has no implementation ("not implemented yet: dragon_master"), instead of playing it
wrongly. They all live here, in a module that always runs interpreted: an exception class with a
mixin, compiled, is not taken for an exception when raised (the first of the things compiled
code may not do, listed in `game.native`).
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


class CatalogError(HasReason, ValueError):
    """A race or power definition that cannot be used; the message names it and the fix."""


class ReplayError(HasReason, ValueError):
    """Recorded outcomes or a saved position that do not fit the game being replayed."""


class BoardError(HasReason, ValueError):
    """A board that cannot be played; the message says which region and how to fix it."""


class ParamError(HasReason, ValueError):
    """A YAML parameter an effect block does not accept; the message names it (raised by the
    blocks of `abilities`, which read it from there as `abilities.ParamError`)."""
