"""Effect `trolls_lairs`: a Troll's Lair goes into every region the race conquers (while the
box has one left, `max_on_map`); each adds 1 to the region's defence (R1). Lairs stay when the
race goes into decline and keep defending its decline tokens; a lair leaves with the race's
tokens when the region is abandoned or conquered (`common.region_left`).

YAML: `{trolls_lairs: {max_on_map: 10}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Ability, register

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class TrollsLairs(Ability):
    """A Troll's Lair in every region you conquer: +1 defence; lairs stay when the race declines
    (Trolls). One of a kind in the base set: a board marker that defends the race In Decline and has
    a box limit of its own."""

    region_pieces = ("lair",)

    idle_values = {"max_on_map": 0}
    params = {"max_on_map": 10}

    def marker_box(self) -> dict[str, int]:
        return {"lair": int(self.p["max_on_map"])}

    def on_conquered(self, s: "GameState", seat: int, rid: str, was_nonempty: bool) -> None:
        if not s.regions[rid].lair and s.marker_count("lair") < self.p["max_on_map"]:
            s.reg_w(rid).lair = True


register("trolls_lairs", TrollsLairs)
