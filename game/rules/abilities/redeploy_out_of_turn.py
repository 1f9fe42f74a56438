"""Block `redeploy_out_of_turn`: the race moves tokens between its own regions during another
player's turn, as a decision its player makes out of turn (`waiting`: the window hands the
screen over, a computer player decides, the scenario names the player).

When: `window: region_lost` — at once, when an opponent has just conquered one of the race's
regions (his conquests wait for the decision); the tokens go into a region of the race next to
the one lost. `window: others_turn_end` — at the end of each other player's turn, after his
defenders have placed their tokens; into any region of the race. Either way the region that
receives must match `where`, and up to `amount` tokens come from the race's regions next to it,
the biggest stack first, each keeping the race's least per region (1; Kobolds 2): no region is
emptied, so no region changes hands. The player names the region that receives
(`use: {effect: redeploy_out_of_turn, region: R}`) or leaves things as they are
(`use: redeploy_out_of_turn`). A decision with nothing to move is not asked.

YAML: `{redeploy_out_of_turn: {window: region_lost, amount: 2}}`
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Use
from ..common import event
from ..pricing import least_tokens
from ..reasons import Reason, reason
from ..waiting import answered, ask, asked_of
from .base import Ability, register
from .use_move import not_this_move, use_of
from .where import NEVER_HELD, Where

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState, RaceHold

WINDOWS = ("region_lost", "others_turn_end")


class RedeployOutOfTurn(Ability):
    """During another player's turn (when one of your regions is conquered, or when his turn
    ends), move up to `amount` tokens into one of your regions matching `where` from your
    regions next to it; you choose the region, or leave things as they are."""

    intents: ClassVar[tuple[str, ...]] = ("use",)
    idle_values: ClassVar[dict[str, Any]] = {"amount": 0}
    held_where: ClassVar[dict[str, tuple[str, ...]]] = {"where": NEVER_HELD}
    params: ClassVar[dict[str, Any]] = {"window": "region_lost", "amount": 2, "where": {}}
    choices: ClassVar[dict[str, tuple[Any, ...]]] = {"window": WINDOWS}
    param_docs: ClassVar[dict[str, str]] = {
        "window": "when: `region_lost` (at once, when an opponent conquers one of your regions: into a "
                  "region of yours next to it) or `others_turn_end` (at the end of each other player's turn)",
        "amount": "the most tokens moved in one decision",
        "where": "the regions that may receive them (see *where*); any by default",
    }

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.where = Where.parse(self.p["where"], self.name)

    # -- when the decision is asked ------------------------------------------------------
    def on_region_lost(self, s: "GameState", seat: int, rid: str, attacker: int,
                       in_decline: bool, events: list[dict[str, Any]]) -> None:
        if self.p["window"] != "region_lost":
            return
        race = s.regions[rid].race
        hold, _ = s.players[seat].hold(race) if race else (None, False)
        if hold is not None and self.moves(s, seat, hold, rid):
            ask(s, seat, hold.race, self.name, {"lost": rid})

    def at_others_turn_end(self, s: "GameState", seat: int, hold: "RaceHold", in_decline: bool,
                           events: list[dict[str, Any]]) -> None:
        if self.p["window"] == "others_turn_end" and self.moves(s, seat, hold, None):
            ask(s, seat, hold.race, self.name)

    # -- what may be moved -------------------------------------------------------------------
    def moves(self, s: "GameState", seat: int, hold: "RaceHold", lost: str | None) -> dict[str, int]:
        """Each region that may receive tokens now, with how many would come (best first: the
        region next to the most regions of other players, then the thinnest, in board order).
        `lost`: the region just lost (the receiver must touch it), None at a turn's end."""
        own = [r for r in s.regions_of(seat, hold.race) if r != lost]
        least = least_tokens(s, seat, s.catalog.effects_of(hold.race, hold.power))
        adjacency = s.board.adjacency
        mine = set(own)
        out: dict[str, int] = {}
        for rid in own:
            if lost is not None and lost not in adjacency[rid]:
                continue
            if self.where.d and not self.where.holds(s, seat, hold.race, rid):
                continue
            spare = sum(max(0, s.regions[o].tokens - least) for o in adjacency[rid] if o in mine)
            if spare:
                out[rid] = min(int(self.p["amount"]), spare)
        # the order by threat, as a table (a nested function would make a cycle, compiled: `game.native`)
        threat = {rid: (-sum(1 for o in adjacency[rid] if s.regions[o].tokens and s.regions[o].owner != seat),
                        s.regions[rid].tokens, s.board.index[rid]) for rid in out}
        return {rid: out[rid] for rid in sorted(out, key=threat.__getitem__)}

    def _asked(self, s: "GameState", seat: int) -> tuple["RaceHold", str | None] | None:
        """The race of `seat` this block's decision awaited now is for, and the region lost."""
        p = s.players[seat]
        for h in ([p.active] if p.active is not None else []) + list(p.declines):
            data = asked_of(s, seat, h.race, self.name)
            if data is not None:
                hold, _ = p.hold(h.race)
                if hold is not None:
                    return hold, data.get("lost")
        return None

    # -- the decision ----------------------------------------------------------------------------
    def legal_intents(self, s: "GameState", seat: int) -> list[Action]:
        got = self._asked(s, seat)
        if got is None:
            return []
        out: list[Action] = [use_of(self.name, rid) for rid in self.moves(s, seat, *got)]
        return out + [use_of(self.name)]

    def check_intent(self, s: "GameState", seat: int, action: Action) -> Reason | None:
        other = not_this_move(self.name, action)
        if other is not None or not isinstance(action, Use):
            return other
        got = self._asked(s, seat)
        if got is None:
            return reason("no_decision_asked", effect=self.name)
        if action.region and action.region not in self.moves(s, seat, *got):
            return self._why_not_into(s, seat, *got, action.region)
        return None

    def _why_not_into(self, s: "GameState", seat: int, hold: "RaceHold", lost: str | None, rid: str) -> Reason:
        """The rule that keeps tokens out of `rid` (not one of `moves`): not a region of the
        race, not next to the region lost, not one `where` names, or no token to spare beside it."""
        r = s.regions.get(rid)
        if r is None or r.owner != seat or r.race != hold.race or not r.tokens or rid == lost:
            return reason("move_into_not_yours", s, region=rid, race=hold.race)
        if lost is not None and lost not in s.board.adjacency[rid]:
            return reason("move_into_not_next_to_lost", s, region=rid, region_lost=lost)
        if self.where.d and not self.where.holds(s, seat, hold.race, rid):
            return reason("move_into_not_where", s, region=rid, effect=self.name)
        least = least_tokens(s, seat, s.catalog.effects_of(hold.race, hold.power))
        return reason("move_into_no_spare", s, region=rid, least=least)

    def apply_intent(self, s: "GameState", seat: int, action: Action, chance: Any,
                     events: list[dict[str, Any]]) -> None:
        assert isinstance(action, Use)
        got = self._asked(s, seat)
        assert got is not None
        hold, lost = got
        rid = action.region
        if rid:
            n = self.moves(s, seat, hold, lost)[rid]
            least = least_tokens(s, seat, s.catalog.effects_of(hold.race, hold.power))
            moved = 0
            while moved < n:                       # the biggest stack next to it gives first
                src = max((o for o in s.board.in_order(s.board.adjacency[rid])
                           if s.regions[o].owner == seat and s.regions[o].race == hold.race
                           and s.regions[o].tokens > least and o != lost),
                          key=lambda o: s.regions[o].tokens)
                s.reg_w(src).tokens -= 1
                moved += 1
            s.reg_w(rid).tokens += moved
            event(events, "moved_out_of_turn", seat=seat, race=hold.race, region=rid, tokens=moved)
        else:
            event(events, "stayed_put", seat=seat, race=hold.race)
        answered(s)


register("redeploy_out_of_turn", RedeployOutOfTurn)
