"""Effect `caverns_adjacent`: every region with a Cavern counts as adjacent to every other
Cavern region for the race's conquests (Underworld, with `cost_change` on caverns). It is
adjacency, so powers that need an adjacent region (Sorcerers) use it too. Active only.

YAML: `caverns_adjacent` (or `{caverns_adjacent: {feature: magic}}` for another feature)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import ParamError
from ..reasons import reason
from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState


class CavernsAdjacent(Ability):
    """Every region with `feature` counts as adjacent to every other such region for the race's
    conquests (Underworld). One of a kind: it adds board adjacency, which powers that need an
    adjacent region (Sorcerers) read too."""

    params = {"feature": "cavern"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"feature": ("mine", "magic", "cavern")}

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)
        if self.p["feature"] not in ("mine", "magic", "cavern"):
            raise ParamError(reason("param_caverns_feature"))

    def printed_links(self, board: "Board") -> dict[str, frozenset[str]] | None:
        f = self.p["feature"]
        found = frozenset(r.id for r in board.regions if f in r.features)
        return {rid: found for rid in found}

    def links(self, s: "GameState", seat: int, a: str, b: str) -> bool:
        f = self.p["feature"]
        board = s.board
        return f in board.region(a).features and f in board.region(b).features


register("caverns_adjacent", CavernsAdjacent)
