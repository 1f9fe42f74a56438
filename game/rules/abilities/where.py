"""The *where / which* half of the vocabulary: a region condition written in YAML.

Blocks that act on some regions only take a `where:` parameter, a mapping whose keys all have
to hold (an empty mapping holds everywhere):

- `terrains: [hill, farmland]`, `features: [mine]` — what is printed on the region;
- `coastal: true` (touches a Sea or the Lake), `border: true` (touches the edge of the map);
- `not_terrains: [...]`, `not_features: [...]`, `not_coastal: true` — the opposite;
- `next_to_own: mountain` — next to a region of that terrain held by the same race;
- `occupant:` who holds it now (for a conquest: before it) — `empty`, `lost_tribe`, `active`
  (an opponent's Active race), `in_decline` (any In Decline race, yours included), `opponent`
  (any opponent's race), or a race id;
- `isolated: true` — borders no region holding another race or a Lost Tribe;
- `round: even` or `round: odd` — the game round (night and day for Were-).

`Where.parse` refuses an unknown key or value with a sentence naming the effect.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..board import FEATURES, TERRAINS
from ..reasons import reason
from .base import ParamError

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState

KEYS: dict[str, str] = {
    "terrains": "a list of terrains", "features": "a list of features",
    "not_terrains": "a list of terrains", "not_features": "a list of features",
    "coastal": "true", "not_coastal": "true", "border": "true", "next_to_own": "a terrain",
    "occupant": "empty, lost_tribe, active, in_decline, opponent or a race id",
    "isolated": "true", "round": "even or odd",
}
OCCUPANTS = ("empty", "lost_tribe", "active", "in_decline", "opponent")


class Where:
    """A parsed `where:` condition; `holds(s, seat, race, rid)` answers it."""

    __slots__ = ("d", "terrains", "features", "not_terrains", "not_features", "printed", "_cache", "_next")

    def __init__(self, d: Mapping[str, Any]) -> None:
        self.d = dict(d)
        self.terrains = frozenset(self.d.get("terrains") or ())
        self.features = frozenset(self.d.get("features") or ())
        self.not_terrains = frozenset(self.d.get("not_terrains") or ())
        self.not_features = frozenset(self.d.get("not_features") or ())
        # only what is printed on the board: the answer is the same all game long
        self.printed = bool(self.d) and not (set(self.d) & {"next_to_own", "occupant", "isolated", "round"})
        # the regions of a board matching the printed half of the condition (all of them when
        # it says nothing of the printed board), and each region's neighbours of the terrain
        # `next_to_own` names: worked out once per board
        self._cache: tuple[object, frozenset[str]] = (None, frozenset())
        self._next: tuple[object, dict[str, tuple[str, ...]]] = (None, {})

    @staticmethod
    def parse(raw: Any, effect: str) -> "Where":
        if raw is None or raw == {}:
            return Where({})
        if not isinstance(raw, Mapping):
            raise ParamError(reason("param_where_shape", effect=effect))
        for k, v in raw.items():
            if k not in KEYS:
                raise ParamError(reason("param_where_key", effect=effect, key=k, known=", ".join(KEYS)))
            ok = True
            if k in ("terrains", "not_terrains"):
                ok = isinstance(v, list) and all(x in TERRAINS for x in v)
            elif k in ("features", "not_features"):
                ok = isinstance(v, list) and all(x in FEATURES for x in v)
            elif k in ("coastal", "not_coastal", "border", "isolated"):
                ok = isinstance(v, bool)
            elif k == "next_to_own":
                ok = v in TERRAINS
            elif k == "round":
                ok = v in ("even", "odd")
            elif k == "occupant":
                ok = isinstance(v, str) and bool(v)
            if not ok:
                raise ParamError(reason("param_where_value", effect=effect, key=k, value=v, want=KEYS[k]))
        return Where(raw)

    def __bool__(self) -> bool:
        return bool(self.d)

    def holds(self, s: "GameState", seat: int, race: str | None, rid: str) -> bool:
        d = self.d
        if not d:
            return True
        if self.printed:                     # the regions that match, worked out once per board
            board, regions = self._cache
            if board is not s.board:
                regions = self.on_board(s.board)
            return rid in regions
        return self._holds(s, seat, race, rid)

    def on_board(self, board: "Board") -> frozenset[str]:
        """The regions of `board` matching a condition that reads only what is printed."""
        assert self.printed or not self.d
        return self._printed_part(board)

    def _printed_part(self, board: "Board") -> frozenset[str]:
        """The regions of `board` matching what the condition says of the printed board."""
        seen, regions = self._cache
        if seen is not board:
            regions = frozenset(r for r in board.index if self._printed_holds(board, r))
            self._cache = (board, regions)
        return regions

    def _printed_holds(self, board: "Board", rid: str) -> bool:
        d = self.d
        reg = board.region(rid)
        if self.terrains and reg.terrain not in self.terrains:
            return False
        if self.features and not (self.features & reg.features):
            return False
        if self.not_terrains and reg.terrain in self.not_terrains:
            return False
        if self.not_features and self.not_features & reg.features:
            return False
        if d.get("coastal") and rid not in board.coastal:
            return False
        if d.get("not_coastal") and rid in board.coastal:
            return False
        if d.get("border") and not reg.border:
            return False
        return True

    def _holds(self, s: "GameState", seat: int, race: str | None, rid: str) -> bool:
        d = self.d
        board = s.board
        seen, part = self._cache
        if seen is not board:
            part = self._printed_part(board)
        if rid not in part:
            return False
        if "round" in d and (s.round % 2 == 0) != (d["round"] == "even"):
            return False
        t = d.get("next_to_own")
        if t:
            regions = s.regions
            for n in self._next_to(board, t)[rid]:
                r = regions[n]
                if r.owner == seat and r.race == race and r.tokens:
                    break
            else:
                return False
        occ = d.get("occupant")
        if occ and not self._occupant(s, seat, rid, occ):
            return False
        if d.get("isolated"):
            for n in s.board.neighbours(rid):
                r = s.regions[n]
                if r.lost_tribe or (r.tokens and not (r.owner == seat and r.race == race)):
                    return False
        return True

    def _next_to(self, board: "Board", terrain: str) -> dict[str, tuple[str, ...]]:
        """Each region's neighbours of `terrain` on `board`."""
        seen, table = self._next
        if seen is not board:
            table = {rid: tuple(n for n in board.neighbours(rid) if board.region(n).terrain == terrain)
                     for rid in board.index}
            self._next = (board, table)
        return table

    @staticmethod
    def _occupant(s: "GameState", seat: int, rid: str, occ: str) -> bool:
        r = s.regions[rid]
        if occ == "empty":
            return r.empty
        if occ == "lost_tribe":
            return r.lost_tribe > 0
        if occ == "active":
            return bool(r.tokens) and not r.decline and r.owner != seat
        if occ == "in_decline":
            return bool(r.tokens) and r.decline
        if occ == "opponent":
            return bool(r.tokens) and r.owner != seat
        return bool(r.tokens) and r.race == occ
