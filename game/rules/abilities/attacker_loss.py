"""Block `attacker_loss`: conquests cost the attacker blood. After each conquest of a region
matching `where` (its `occupant` is who held the region before), `amount` of the attacker's
tokens go back to the tray (or with `to: out` out of the game for good): first from the region just taken, down to the race's least per
region (1, Kobolds 2), then from the hand. The price of the conquest itself is unchanged, so
the losses come after it is paid; a conquest of any kind (the die, the Dragon, a conversion)
counts, as every conquest goes through the one conquest path.

YAML: `{attacker_loss: {amount: 1, where: {occupant: [active, in_decline]}}}` · `{attacker_loss: {to: out}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import event, lose_tokens
from ..pricing import least_tokens
from .base import Ability, Victim, register
from .where import conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register("attacker_loss")
class AttackerLoss(Ability):
    """After each conquest of a region matching `where` (`occupant`: who held it before),
    `amount` of your tokens go back to the tray, from the region taken first, then from hand."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    params: ClassVar[dict[str, Any]] = {"amount": 1, "where": {}, "to": "tray"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"to": ("tray", "out")}
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "tokens the attacker loses to the tray after each such conquest",
        "to": "where the lost tokens go: tray, or out (out of the game for good)",
        "where": "which conquests (see *where*; `occupant` is who held the region before); all by default",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.occupant, self.where = conquest_where(self.p["where"], self.name)

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        r = s.regions[rid]
        if r.owner != seat or r.race is None:
            return
        if self.occupant and not held_before(self.occupant, seat, victim):
            return
        if self.where and not self.where.holds(s, seat, r.race, rid):
            return
        hold, _ = s.player_w(seat).hold(r.race)
        if hold is None:
            return
        due = int(self.p["amount"])
        least = least_tokens(s, seat, s.catalog.effects_of(hold.race, hold.power))
        off = min(due, max(0, r.tokens - least))
        if off:
            s.reg_w(rid).tokens -= off
        hand = min(due - off, hold.hand)
        hold.hand -= hand
        if off + hand:
            lose_tokens(s, r.race, off + hand, out=self.p["to"] == "out")
            event(events, "attacker_lost", seat=seat, race=r.race, region=rid, tokens=off + hand)
