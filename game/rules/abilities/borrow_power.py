"""Block `borrow_power`: at the start of each of your turns, before any conquest, you may choose
a power or a race (`use: {effect: borrow_power, choice: ID}`) and hold its ability until the
start of your next turn.

`what: power` (the default, Copycat): your Active race has the chosen power instead of its own,
with its badge's extra tokens from the tray. `what: race`: your Active race has the chosen race's
racial ability as well as its own, without its tokens. `from` says where the choice is made:
`column` (the default: a combo of the column; a borrowing ends early when a player picks that
combo), `board` (another player's race on the board: its Active race's badge for a power, any of
its races for a race) or `neighbours` (the same, only races with a region next to one of yours).
A race or power that borrows itself cannot be borrowed. The markers a borrowed ability places
come from the same box as everyone's (`box`): a borrower gets only what the box has left, possibly
none (Heroic borrowed while the lender's two Heroes stand), and no one takes another's.

When the borrowing ends, your own badge is all you hold again: the borrowed tokens go (from your
hand, else from your biggest stacks), with the borrowed ability's Heroes, Dragon, Encampments,
Lairs, Holes and markers, and its memory. An ability tied to a moment (a pick, a decline) works
only if that moment comes while it is borrowed; going into decline gives it back first.

The engine keeps a borrowed power as the race's badge (`RaceHold.power`) and a borrowed race
joined to the badge (`lent.lent_key`), so every rule reads it as the race's own while it lasts;
`memo["borrowed"]` remembers the own badge (`common.give_back_borrowed`).

YAML: `borrow_power` · `{borrow_power: {what: race, from: neighbours}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..common import take_tray
from ..lent import badge_of, lent_key
from ..reasons import Reason, reason
from ..state import CONQUER
from .base import Ability, register
from .use_move import not_this_move, use_choosing

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class BorrowPower(Ability):
    """Borrow a power, or another race's ability, from the column or the board until your next
    turn (Copycat). One of a kind: no other block changes a race's abilities during the game."""

    move_phases: ClassVar[tuple[str, ...] | None] = (CONQUER,)

    intents: ClassVar[tuple[str, ...]] = ("use",)
    params: ClassVar[dict[str, Any]] = {"what": "power", "from": "column"}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"what": ("power", "race"),
                                                     "from": ("column", "board", "neighbours")}
    param_docs: ClassVar[dict[str, str]] = {
        "what": "power: a power instead of your own, with its badge's tokens; race: another race's "
                "racial ability besides your own",
        "from": "column: a combo of the column; board: another player's race on the board; "
                "neighbours: one of those next to your regions",
    }

    def _when(self, s: "GameState", seat: int) -> Reason | None:
        return None if self._now(s, seat) else reason("borrow_when", effect=self.name)

    def _now(self, s: "GameState", seat: int) -> bool:
        """It is the time to borrow (`_when` refuses nothing): told without making a reason."""
        hold = s.players[seat].active
        t = s.turn
        return not (hold is None or t.phase != CONQUER or t.acted or t.seat != seat or "borrowed" in hold.memo)

    def _lendable(self, s: "GameState", cid: str | None) -> bool:
        """`cid` is a race or power whose abilities may be borrowed (not a borrower itself)."""
        return bool(cid) and not any(isinstance(a, BorrowPower) for a in s.catalog.abilities.get(cid or "", ()))

    def _choices(self, s: "GameState", seat: int) -> list[str]:
        race = self.p["what"] == "race"
        out: list[str] = []
        if self.p["from"] == "column":
            found: list[str | None] = [c.race if race else c.power for c in s.column]
        else:
            found = self._on_board(s, seat, race)
        for cid in found:
            if cid and cid not in out and self._lendable(s, cid):
                out.append(cid)
        return out

    def _on_board(self, s: "GameState", seat: int, race: bool) -> list[str | None]:
        """The races (or the Active races' own badges) of the other players on the board, in
        board order; with `from: neighbours` only those next to a region of `seat`'s Active race."""
        hold = s.players[seat].active
        mine = set(s.regions_of(seat, hold.race)) if hold is not None else set()
        near = self.p["from"] == "neighbours"
        out: list[str | None] = []
        for rid in s.board.index:
            r = s.regions[rid]
            if r.owner is None or r.owner == seat or not r.race or r.tokens <= 0:
                continue
            if near and not (s.board.neighbours(rid) & mine):
                continue
            if race:
                out.append(r.race)
                continue
            lender = s.players[r.owner].active
            if lender is not None and lender.race == r.race and not r.decline:
                out.append(str(lender.memo.get("borrowed", {}).get("badge", badge_of(lender.power)) or ""))
        return out

    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        if not self._now(s, seat):
            return []
        name = self.name
        return [use_choosing(name, p) for p in self._choices(s, seat)]

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        other = not_this_move(self.name, action)
        if other is not None or not isinstance(action, Use):
            return other
        why = self._when(s, seat)
        if why is not None:
            return why
        if action.choice not in self._choices(s, seat):
            key = f"borrow_not_{self.p['what']}_{self.p['from']}"
            return reason("borrow_not_in_column" if key == "borrow_not_power_column" else key, s,
                          **{str(self.p["what"]): action.choice})
        return None

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        hold = s.player_w(seat).active
        assert hold is not None
        if self.p["what"] == "race":
            hold.memo["borrowed"] = {"badge": hold.power, "race": action.choice, "extra": 0}
            hold.power = lent_key(hold.power, action.choice)
            events.append({"type": "use", "seat": seat, "effect": self.name, "race": action.choice,
                           "tokens": 0})
            return
        got = take_tray(s, hold.race, s.catalog.powers[action.choice].tokens)
        hold.memo["borrowed"] = {"badge": hold.power, "power": action.choice, "extra": got}
        hold.power = action.choice
        hold.hand += got
        events.append({"type": "use", "seat": seat, "effect": self.name, "power": action.choice,
                       "tokens": got})


register("borrow_power", BorrowPower)
