"""Block `column_price`: what a player puts on this combo when he picks one below it.

Cursed: `{column_price: {coins: 3}}` — 3 coins instead of 1 on the Cursed combo, which stay
there for whoever picks it. The effect works from the column, before anyone holds the combo.
"""
from __future__ import annotations

from typing import Any, ClassVar

from .base import Ability, register


class ColumnPrice(Ability):
    """A player who picks a combo below this one puts `coins` on it instead of 1 (Cursed)."""

    idle_values: ClassVar[dict[str, Any]] = {"coins": 0}
    params: ClassVar[dict[str, Any]] = {"coins": 3}
    param_docs: ClassVar[dict[str, str]] = {"coins": "coins put on this combo when passed over"}

    def pass_over_price(self) -> int | None:
        return int(self.p["coins"])


register("column_price", ColumnPrice)
