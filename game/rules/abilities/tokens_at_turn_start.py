"""Block `tokens_at_turn_start`: new tokens from the tray into your hand at the start of your
turn, before your conquests: `amount` each turn (`per: turn`), for each region you hold matching
`where` (`per: region`), or for each other race that went into decline since your last turn
(`per: decline_seen`: a race that feeds on others' falls). The tray limits every gain (R14).

YAML: `{tokens_at_turn_start: {per: decline_seen, amount: 1}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..common import take_tray
from .base import Ability, register
from .where import NEVER_HELD, Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold

SEEN = "tokens_at_turn_start_declines"


class TokensAtTurnStart(Ability):
    """At the start of your turn, `amount` tokens from the tray: each turn, per region matching
    `where`, or per other race gone into decline since your last turn."""

    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"where": NEVER_HELD}
    params: ClassVar[dict[str, Any]] = {"amount": 1, "per": "turn", "where": {}}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"per": ("turn", "region", "decline_seen")}
    only_with: ClassVar[dict[str, tuple[str, tuple[Any, ...]]]] = {"where": ("per", ("region",))}
    #: the tokens come into the hand of the race that plays the turn: the Active one
    decline_honoured: ClassVar[bool | None] = False
    param_docs: ClassVar[dict[str, str]] = {
        "amount": "tokens each time",
        "per": "turn, region (held now, matching where) or decline_seen (other races gone into decline "
               "since your last turn)",
        "where": "for `per: region`: which regions (see *where*)",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)

    def on_any_decline(self, s: "GameState", seat: int, hold: "RaceHold", decliner: int, race: str) -> None:
        if self.p["per"] == "decline_seen" and race != hold.race:
            p = s.player_w(seat)
            p.memo[SEEN] = int(p.memo.get(SEEN, 0)) + 1

    def on_turn_start(self, s: "GameState", seat: int, hold: "RaceHold") -> None:
        per = self.p["per"]
        if per == "turn":
            n = 1
        elif per == "region":
            n = sum(1 for r in s.regions_of(seat, hold.race) if self.where.holds(s, seat, hold.race, r))
        else:
            n = int(s.player_w(seat).memo.pop(SEEN, 0))
        if n:
            hold.hand += take_tray(s, hold.race, n * int(self.p["amount"]))


register("tokens_at_turn_start", TokensAtTurnStart)
