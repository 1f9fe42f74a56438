"""Block `attacker_loss`: conquests cost the attacker blood. After each conquest of a region
matching `where` (its `occupant` is who held the region before), `amount` of the attacker's
tokens go back to the tray (or with `to: out` out of the game for good): first from the region just taken, down to the race's least per
region (1, Kobolds 2), then from the hand. The price of the conquest itself is unchanged, so
the losses come after it is paid; a conquest of any kind (the die, the Dragon, a conversion)
counts, as every conquest goes through the one conquest path.

A shorthand of the rule language's `trigger` (`as_trigger`): `{trigger: {event:
region_conquered, whose: attacker, where, do: [{tokens: {count: amount, of: me, to}}]}}`; its
tokens are lost by the trigger's own action, recorded as `attacker_lost` (the trigger records
`effect_tokens`).

YAML: `{attacker_loss: {amount: 1, where: {occupant: [active, in_decline]}}}` · `{attacker_loss: {to: out}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .base import Ability, Victim, register
from .trigger import do_acts, read_actions
from .where import conquest_where, held_before

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


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

    @staticmethod
    def as_trigger(p: dict[str, Any]) -> dict[str, Any]:
        """The `trigger` parameters this block stands for (`p`: its own, defaults included)."""
        return {"event": "region_conquered", "whose": "attacker", "where": p.get("where") or {},
                "do": [{"tokens": {"count": p.get("amount", 1), "of": "me", "to": p.get("to", "tray")}}]}

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.occupant, self.where = conquest_where(self.p["where"], self.name)
        self.acts = tuple(a._replace(record="attacker_lost")
                          for a in read_actions(self.as_trigger(self.p)["do"], "attacker", self.name))

    def after_conquest(self, s: "GameState", seat: int, rid: str, victim: Victim,
                       events: list[dict[str, Any]], chance: Any = None) -> None:
        r = s.regions[rid]
        if r.owner != seat or r.race is None:
            return
        if self.occupant and not held_before(self.occupant, seat, victim):
            return
        if self.where and not self.where.holds(s, seat, r.race, rid):
            return
        do_acts(s, self.acts, rid, seat, victim.owner if victim.tokens else None, victim.race, events)


register("attacker_loss", AttackerLoss)
