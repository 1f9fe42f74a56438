"""The *where / which* half of the vocabulary: a region condition written in YAML.

Blocks that act on some regions only take a `where:` parameter, a mapping whose keys all have
to hold (an empty mapping holds everywhere):

- `terrains: [hill, farmland]`, `features: [mine]` — what is printed on the region;
- `coastal: true` (touches a Sea or the Lake), `border: true` (touches the edge of the map);
- `not_terrains: [...]`, `not_features: [...]`, `not_coastal: true` — the opposite;
  a `false` says nothing and is refused (`coastal: false` is told to write `not_coastal: true`);
- `next_to_own: mountain` — next to a region of that terrain held by the same race;
- `occupant:` who holds it now (for a conquest: before it) — `empty`, `lost_tribe`, `active`
  (an opponent's Active race), `in_decline` (any In Decline race, yours included), `opponent`
  (any opponent's race), or a race id;
- `isolated: true` — borders no region holding another race or a Lost Tribe;
- `round: even` or `round: odd` — the game round (night and day for Were-).

A list is accepted wherever one word is, and means any of them (`occupant: [lost_tribe,
in_decline, active]`, `next_to_own: [hill, mountain]`); one word is accepted where a list is
(`terrains: hill`). `Where.problems` names every unknown key or value, with the accepted ones and
the nearest ("did you mean"); `Where.parse` refuses the first.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from ..board import FEATURES, TERRAINS
from ..errors import ParamError
from ..pickling import by_parts
from ..reasons import Reason, reason
from .base import Victim, near

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState

LIST_KEYS = ("terrains", "features", "not_terrains", "not_features", "next_to_own", "occupant", "round")
BOOL_KEYS = ("coastal", "not_coastal", "border", "isolated")
KEYS: dict[str, str] = {
    "terrains": "a list of terrains", "features": "a list of features",
    "not_terrains": "a list of terrains", "not_features": "a list of features",
    "coastal": "true", "not_coastal": "true", "border": "true", "next_to_own": "a terrain or a list of them",
    "occupant": "empty, lost_tribe, active, in_decline, opponent or a race id, or a list of them",
    "isolated": "true", "round": "even or odd",
}
#: the key that says what a `false` would have meant
OPPOSITE: dict[str, str] = {"coastal": "not_coastal", "not_coastal": "coastal"}
OCCUPANTS = ("empty", "lost_tribe", "active", "in_decline", "opponent")
#: the `occupant` words a region held by the race itself never answers (`active` is an
#: opponent's Active race)
NEVER_HELD = ("empty", "lost_tribe", "active", "opponent")


class Where:
    """A parsed `where:` condition; `holds(s, seat, race, rid)` answers it."""

    __slots__ = ("d", "terrains", "features", "not_terrains", "not_features", "printed", "_key", "_anywhere", "_round", "_next_terrains",
                 "_occupants", "_isolated", "_cache", "_next")

    def __init__(self, d: Mapping[str, Any]) -> None:
        # one word where a list is taken, a list where one word is: all kept as tuples
        self.d = {k: (tuple(v) if isinstance(v, (list, tuple)) else (v,)) if k in LIST_KEYS else v
                  for k, v in dict(d).items()}
        self.terrains = frozenset(self.d.get("terrains") or ())
        self.features = frozenset(self.d.get("features") or ())
        self.not_terrains = frozenset(self.d.get("not_terrains") or ())
        self.not_features = frozenset(self.d.get("not_features") or ())
        # only what is printed on the board: the answer is the same all game long
        self.printed = bool(self.d) and not (set(self.d) & {"next_to_own", "occupant", "isolated", "round"})
        # the regions of a board matching the printed half of the condition (all of them when
        # it says nothing of the printed board), and each region's neighbours of the terrain
        # `next_to_own` names: worked out once per board
        # what the printed half of the condition reads: the key under which a board keeps the
        # regions matching it (`Board.kept`), for any condition that reads the same
        self._key = ("where", self.terrains, self.features, self.not_terrains, self.not_features,
                     bool(self.d.get("coastal")), bool(self.d.get("not_coastal")), bool(self.d.get("border")))
        # ... none of which it says (every region matches that half), and the other half's
        # words, read as attributes (`_holds`, asked of each region a listing prices)
        self._anywhere = self._key == ("where", frozenset(), frozenset(), frozenset(), frozenset(), False, False, False)
        self._round: tuple[str, ...] = self.d.get("round") or ()
        self._next_terrains: tuple[str, ...] = self.d.get("next_to_own") or ()
        self._occupants: tuple[str, ...] = self.d.get("occupant") or ()
        self._isolated = bool(self.d.get("isolated"))
        self._cache: tuple[object, frozenset[str]] = (None, frozenset())
        self._next: tuple[object, dict[str, tuple[str, ...]]] = (None, {})

    @staticmethod
    def problems(raw: Any, effect: str, param: str = "where") -> list[Reason]:
        """Every key or value of a condition that means nothing, each as a sentence naming the
        accepted ones and the nearest (empty when the condition is sound)."""
        if raw is None or raw == {}:
            return []
        if not isinstance(raw, Mapping):
            return [reason("param_where_shape_of", effect=effect, param=param, value=raw)]
        out: list[Reason] = []
        for k, v in raw.items():
            if k not in KEYS:
                out.append(reason("param_where_unknown", effect=effect, param=param, key=k,
                                  hint=near(k, KEYS), known=", ".join(KEYS)))
                continue
            if k in BOOL_KEYS:
                if not isinstance(v, bool):
                    out.append(reason("param_where_value", effect=effect, key=k, value=v, want=KEYS[k]))
                elif not v and k in OPPOSITE:        # `coastal: false` would hold everywhere
                    out.append(reason("param_where_false_use", effect=effect, param=param, key=k,
                                      other=OPPOSITE[k]))
                elif not v:
                    out.append(reason("param_where_false_drop", effect=effect, param=param, key=k))
                continue
            accepted: tuple[str, ...] = (
                TERRAINS if k in ("terrains", "not_terrains", "next_to_own")
                else FEATURES if k in ("features", "not_features")
                else ("even", "odd") if k == "round" else ())
            items = v if isinstance(v, list) else [v]
            if not items:
                out.append(reason("param_where_value", effect=effect, key=k, value=v, want=KEYS[k]))
            for x in items:
                if k == "occupant":     # a race id is checked once the races are known
                    if not isinstance(x, str) or not x:
                        out.append(reason("param_where_value", effect=effect, key=k, value=x, want=KEYS[k]))
                elif x not in accepted:
                    out.append(reason("param_where_word", effect=effect, param=param, key=k, value=x,
                                      hint=near(x, accepted), known=", ".join(accepted)))
        return out

    @staticmethod
    def parse(raw: Any, effect: str, param: str = "where") -> "Where":
        found = Where.problems(raw, effect, param)
        if found:
            raise ParamError(found[0])
        return Where(raw or {})

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

    def may_hold(self, board: "Board") -> frozenset[str]:
        """The regions of `board` where the condition can hold: those matching what it says of
        the printed board (every region when it says nothing of it). Worked out once per board."""
        return self._printed_part(board)

    def _printed_part(self, board: "Board") -> frozenset[str]:
        """The regions of `board` matching what the condition says of the printed board."""
        seen, regions = self._cache
        if seen is not board:              # (the last board's at once; another's as the board kept it)
            got = board.kept(self._key)
            regions = cast("frozenset[str]", got) if got is not None else board.keep(
                self._key, frozenset(r for r in board.index if self._printed_holds(board, r)))
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
        board = s.board
        if not self._anywhere:
            seen, part = self._cache
            if seen is not board:
                part = self._printed_part(board)
            if rid not in part:
                return False
        rounds = self._round
        if rounds and ("even" if s.round % 2 == 0 else "odd") not in rounds:
            return False
        t = self._next_terrains
        if t:
            regions = s.regions
            for n in self._next_to(board, t)[rid]:
                r = regions[n]
                owner = r.owner           # (compared once known to be a seat: compiled, a quick comparison)
                if owner is not None and owner == seat and r.race == race and r.tokens:
                    break
            else:
                return False
        occ = self._occupants
        if occ:                           # (a loop, not `any`: no generator made for each region)
            for o in occ:
                if self._occupant(s, seat, rid, o):
                    break
            else:
                return False
        if self._isolated:
            for n in s.board.neighbours(rid):
                r = s.regions[n]
                if r.lost_tribe or (r.tokens and not (r.owner == seat and r.race == race)):
                    return False
        return True

    def may_hold_near_own(self, s: "GameState", seat: int, race: str | None) -> bool:
        """False when the condition names `next_to_own` and the race of `seat` holds no region
        of those terrains: then it holds nowhere (asked once, before it is asked region by
        region), else True."""
        t = self._next_terrains
        if not t:
            return True
        if race is None:
            return False
        board = s.board
        key = ("terrain_bits", t)
        got = board.kept(key)
        mask = got if isinstance(got, int) else board.keep(
            key, board.mask_of(frozenset(rid for rid in board.ids if board.region(rid).terrain in t)))
        return bool(s.held_bits(seat, race) & mask)

    def _next_to(self, board: "Board", terrains: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
        """Each region's neighbours of one of `terrains` on `board`."""
        seen, table = self._next
        if seen is not board:
            key = ("next_to", terrains)
            got = board.kept(key)
            table = cast("dict[str, tuple[str, ...]]", got) if got is not None else board.keep(key, {
                rid: tuple(n for n in board.neighbours(rid) if board.region(n).terrain in terrains)
                for rid in board.index})
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


def conquest_where(raw: Any, effect: str, param: str = "where") -> tuple[tuple[str, ...], Where]:
    """A condition read at a conquest: its `occupant` (one word or a list) is who held the region
    before (`held_before`), the rest is asked of the region as it is."""
    d = dict(raw or {}) if isinstance(raw, Mapping) else raw
    occ: tuple[str, ...] = ()
    if isinstance(d, dict) and "occupant" in d:
        v = d.pop("occupant")
        occ = tuple(str(x) for x in (v if isinstance(v, list) else [v]))
    found = Where.problems(raw, effect, param)
    if found:
        raise ParamError(found[0])
    return occ, Where(d or {})


def held_before(occupants: tuple[str, ...], seat: int, v: Victim) -> bool:
    """True if who held a region before a conquest (`v`) is one of `occupants`."""
    return any(_held_by(occ, seat, v) for occ in occupants)


def _held_by(occ: str, seat: int, v: Victim) -> bool:
    if occ == "empty":
        return not v.tokens and not v.lost_tribe
    if occ == "lost_tribe":
        return v.lost_tribe > 0
    if occ == "active":
        return v.active_race and v.owner != seat
    if occ == "in_decline":
        return v.tokens > 0 and v.decline
    if occ == "opponent":
        return v.tokens > 0 and v.owner != seat
    return v.tokens > 0 and v.race == occ


# compiled, a `Where` is made only through its constructor: pickled so (the lab sends catalogs)
by_parts(Where, lambda w: (w.d,))
