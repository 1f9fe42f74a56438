"""The *when* half of the vocabulary for blocks that act on a whole turn: a `when:` word.

- `always` (the default);
- `even_round`, `odd_round` — the game round's parity (night and day for Were-);
- `picked_this_turn` — only in the turn the combo was picked (Airborne);
- `no_active_attacked` — no opponent's Active race was attacked this turn (Peace-loving);
- `holds_a_region` — the race still holds at least one region (Wise).

`check_when` refuses an unknown word with a sentence naming the effect.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ParamError
from ..reasons import reason

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

WHEN: tuple[str, ...] = ("always", "even_round", "odd_round", "picked_this_turn", "no_active_attacked",
                         "holds_a_region")


def check_when(word: str, effect: str) -> None:
    if word not in WHEN:
        raise ParamError(reason("param_when", effect=effect, value=word, known=", ".join(WHEN)))


def when_holds(word: str, s: "GameState", seat: int, race: str | None) -> bool:
    if word == "always":
        return True
    if word == "even_round":
        return s.round % 2 == 0
    if word == "odd_round":
        return s.round % 2 == 1
    if word == "picked_this_turn":
        return s.turn.seat == seat and s.turn.picked
    if word == "no_active_attacked":
        return not s.turn.attacked
    if word == "holds_a_region":
        return race is not None and bool(s.regions_of(seat, race))
    return False
