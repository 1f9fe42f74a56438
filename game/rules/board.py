"""The board: regions, their terrain and features, and who touches whom.

A `Board` is immutable map data (what is printed on the map), shared by every game state
that is played on it. It knows nothing about tokens; `state.py` owns what lies on the board.
It computes once the facts the rules ask about all the time: adjacency (always symmetric),
which land regions a race may enter the map through (R2: touching the edge, or on the shore
of a Sea that touches the edge; the Lake never counts), which are coastal (touch a Sea or
Lake), and which are water. Inside the engine a region is also a number, its place in board
order (`index`), and a set of regions a bit mask (`bits`): bit `i` for the region numbered `i`.
The facts above are kept as masks too (`adj_bits`, `entry_bits`, ...), and `ids_in` turns a
mask back into the regions' ids, in board order, for the edges that speak in names; it and `near_bits` read
a mask a byte at a time, from tables made once per board (`by_byte`). Boards come
from an inline scenario (`Board.from_dicts`) or a Tiled map (`game.content.tmx`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Iterable, Mapping, Sequence, TypeVar, cast

from .actions import Action
from .errors import BoardError
from .pickling import by_parts, when_compiled
from .reasons import reason

#: a board of more regions than this has masks wider than a machine word: `Board.wide`, which its
#: methods ask (a mask of a narrow board is read by shifting, compiled making no Python number; a
#: wide one from its bytes, from its lowest region's byte to its highest's). (`Final`: compiled,
#: read as a constant, not looked up in the module by name)
_NARROW: Final = 60
#: a board of more regions than a machine word holds keeps the masks of the sets of regions asked
#: (`Board.mask_of`), up to this many: the regions linked to each region are asked again and again
_MASKS_KEPT: Final = 1024
#: ... and the regions read from a wide mask (`Board.ids_in`) and the neighbours of one
#: (`Board.near_bits`), up to this many each: a race's regions and their front are read at each
#: listing, and change only when the race conquers or leaves a region
_WIDE_KEPT: Final = 4096

TERRAINS: Final[tuple[str, ...]] = ("farmland", "forest", "hill", "mountain", "swamp", "sea", "lake")
WATER: Final[frozenset[str]] = frozenset({"sea", "lake"})
FEATURES: Final[tuple[str, ...]] = ("mine", "magic", "cavern")


def _listed(value: object) -> Iterable[object]:
    """A list from an inline board (`features:`, `adjacent:`); nothing when absent."""
    return cast("Iterable[object]", value or ())


#: the place of the lowest bit set in each byte (0 for 0)
_LOWEST: Final[tuple[int, ...]] = tuple((b & -b).bit_length() - 1 if b else 0 for b in range(256))


def by_byte(masks: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """For masks given by region number, the union of those of each byte's regions for every
    value of the byte: entry [k][b] is the union for the regions 8k + j whose bit j is set in b
    (`Board.union`: a mask's union is then read a byte at a time, not a region at a time)."""
    n = len(masks)
    out: list[tuple[int, ...]] = []
    for k in range(0, n, 8):
        byte = [masks[k + j] if k + j < n else 0 for j in range(8)]
        row = [0] * 256
        for b in range(1, 256):
            row[b] = row[b & (b - 1)] | byte[_LOWEST[b]]
        out.append(tuple(row))
    return tuple(out)


T = TypeVar("T")


def _ids_by_byte(ids: Sequence[T]) -> tuple[tuple[tuple[T, ...], ...], ...]:
    """Entry [k][b]: those of `ids` (given by region number: their ids, or their `Place`s) of
    regions 8k + j whose bit j is set in b, in board order."""
    n = len(ids)
    out: list[tuple[tuple[T, ...], ...]] = []
    for k in range(0, n, 8):
        byte = [(ids[k + j],) if k + j < n else () for j in range(8)]
        row: list[tuple[T, ...]] = [()] * 256
        for b in range(1, 256):
            row[b] = byte[_LOWEST[b]] + row[b & (b - 1)]       # the lowest bit first: board order
        out.append(tuple(row))
    return tuple(out)


def _mask(bits: dict[str, int], rids: Iterable[str]) -> int:
    """The mask of the regions `rids` (`Board.bits`)."""
    m = 0
    for rid in rids:
        m |= bits[rid]
    return m


K = TypeVar("K")
V = TypeVar("V")


def _keep(kept: dict[K, V], key: K, value: V, most: int) -> V:
    """`value` kept in `kept` under `key` and given back; `kept` emptied first when it holds
    `most` (a board's memos of wide masks, `Board.mask_of`, `ids_in` and `near_bits`)."""
    if len(kept) >= most:
        kept.clear()
    kept[key] = value
    return value


class Place:
    """A region's place on its board, as the listing reads it: its id, its number (board order),
    its bit (`Board.bits`), whether it is water and its neighbours' numbers (`near`); and the
    intents naming it alone, made once at their first listing (`conquer`, `reinforce`: the
    engine's, the same objects as its tables of intents by region hold). The listing carries places, not names: compiled, each of these
    is read in place, where a name is looked up in a mapping for each."""

    __slots__ = ("id", "num", "bit", "water", "near", "conquer", "reinforce")

    def __init__(self, id: str, num: int, bit: int, water: bool, near: tuple[int, ...]) -> None:
        self.id = id
        self.num = num
        self.bit = bit
        self.water = water
        self.near = near
        self.conquer: Action | None = None
        self.reinforce: Action | None = None

    def __repr__(self) -> str:
        return f"Place({self.id!r}, {self.num})"


@dataclass(frozen=True)
class Region:
    """One region as printed on the map."""

    id: str
    terrain: str
    features: frozenset[str] = frozenset()
    lost_tribe: bool = False
    border: bool = False          # touches the edge of the board
    name: str = ""
    names: tuple[tuple[str, str], ...] = ()     # (language code, name) in other languages, from the map

    @property
    def is_water(self) -> bool:
        return self.terrain in WATER

    @property
    def display_name(self) -> str:
        return self.name or self.id.replace("_", " ").title()

    def name_in(self, lang: str) -> str:
        """The region's name in language `lang` when the map gives one, else its own name."""
        for code, name in self.names:
            if code == lang:
                return name
        return self.display_name


@dataclass(frozen=True)
class Board:
    """Regions in a fixed order, symmetric adjacency, and derived facts."""

    name: str
    turns: int
    regions: tuple[Region, ...]
    adjacency: Mapping[str, frozenset[str]]
    index: dict[str, int] = field(compare=False)
    entry: frozenset[str] = field(compare=False)     # land regions valid for a first conquest
    coastal: frozenset[str] = field(compare=False)   # land regions touching a sea or lake
    border_seas: frozenset[str] = field(compare=False)  # seas touching the edge
    water: frozenset[str] = field(compare=False)        # seas and lakes
    by_id: dict[str, Region] = field(compare=False)
    ids: tuple[str, ...] = field(compare=False)          # the regions' ids in board order (by number)
    bits: dict[str, int] = field(compare=False)          # region -> its bit (1 << its number)
    adj_bits: tuple[int, ...] = field(compare=False)     # by number: the mask of its neighbours
    entry_bits: int = field(compare=False)               # `entry`, `coastal`, `border_seas`, `water`
    coastal_bits: int = field(compare=False)             # ... as masks
    border_sea_bits: int = field(compare=False)
    water_bits: int = field(compare=False)
    ids_by_byte: tuple[tuple[tuple[str, ...], ...], ...] = field(compare=False, repr=False)  # (`ids_in`)
    places: tuple[Place, ...] = field(compare=False, repr=False)     # by number (`Place`)
    places_by_byte: tuple[tuple[tuple[Place, ...], ...], ...] = field(compare=False, repr=False)  # (`places_in`)
    adj_by_byte: tuple[tuple[int, ...], ...] = field(compare=False, repr=False)   # (`near_bits`: `by_byte`)
    wide: bool = field(compare=False)      # more regions than a machine word holds (`_NARROW`)
    _masks: dict[frozenset[str], int] = field(default_factory=dict, compare=False, repr=False)  # (`mask_of`)
    _names: dict[int, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)  # (`ids_in`)
    _places: dict[int, tuple[Place, ...]] = field(default_factory=dict, compare=False, repr=False)  # (`places_in`)
    _near: dict[int, int] = field(default_factory=dict, compare=False, repr=False)  # (`near_bits`)
    _sets: dict[int, frozenset[str]] = field(default_factory=dict, compare=False, repr=False)  # (`set_in`)
    _tables: dict[object, object] = field(default_factory=dict, compare=False, repr=False)  # (`kept`)

    @staticmethod
    def build(name: str, turns: int, regions: Sequence[Region],
              pairs: Iterable[tuple[str, str]]) -> "Board":
        """Make a board from regions and adjacent pairs; pairs are made symmetric."""
        if not isinstance(turns, int) or turns < 1:
            raise BoardError(reason("board_turns", board=name, value=turns))
        ids = [r.id for r in regions]
        seen: set[str] = set()
        for r in regions:
            if r.id in seen:
                raise BoardError(reason("board_id_twice", board=name, id=r.id))
            seen.add(r.id)
            if r.terrain not in TERRAINS:
                raise BoardError(reason("board_unknown_terrain", board=name, id=r.id, value=r.terrain,
                                        known=", ".join(TERRAINS)))
            bad = set(r.features) - set(FEATURES)
            if bad:
                raise BoardError(reason("board_unknown_feature", board=name, id=r.id, value=sorted(bad)[0],
                                        known=", ".join(FEATURES)))
        adj: dict[str, set[str]] = {i: set() for i in ids}
        for a, b in pairs:
            for x in (a, b):
                if x not in adj:
                    raise BoardError(reason("board_unknown_adjacent", board=name, id=x))
            if a == b:
                continue
            adj[a].add(b)
            adj[b].add(a)
        by_id = {r.id: r for r in regions}
        border_seas = frozenset(r.id for r in regions if r.terrain == "sea" and r.border)
        entry = frozenset(
            r.id for r in regions if not r.is_water and (r.border or adj[r.id] & border_seas))
        coastal = frozenset(
            r.id for r in regions if not r.is_water and any(by_id[n].is_water for n in adj[r.id]))
        water = frozenset(r.id for r in regions if r.is_water)
        bits = {rid: 1 << i for i, rid in enumerate(ids)}
        adj_bits = tuple(_mask(bits, adj[rid]) for rid in ids)
        index = {rid: i for i, rid in enumerate(ids)}
        places = tuple(Place(rid, i, 1 << i, rid in water, tuple(sorted(index[n] for n in adj[rid])))
                       for i, rid in enumerate(ids))
        return Board(
            name=name, turns=turns, regions=tuple(regions),
            adjacency={k: frozenset(v) for k, v in adj.items()},
            index=index,
            entry=entry, coastal=coastal, border_seas=border_seas, water=water, by_id=by_id,
            ids=tuple(ids), bits=bits, adj_bits=adj_bits, ids_by_byte=_ids_by_byte(ids),
            places=places, places_by_byte=_ids_by_byte(places),
            adj_by_byte=by_byte(adj_bits), wide=len(ids) > _NARROW,
            entry_bits=_mask(bits, entry), coastal_bits=_mask(bits, coastal), border_sea_bits=_mask(bits, border_seas),
            water_bits=_mask(bits, water),
        )

    @staticmethod
    def from_dicts(name: str, turns: int, regions: Sequence[Mapping[str, object]]) -> "Board":
        """Inline board in the scenario format: dicts with id, terrain, border, features,
        lost_tribe, adjacent, name."""
        made: list[Region] = []
        pairs: list[tuple[str, str]] = []
        for i, d in enumerate(regions):
            if not isinstance(d, Mapping) or "id" not in d or "terrain" not in d:
                raise BoardError(reason("board_region_needs", board=name, index=i + 1))
            known = {"id", "terrain", "border", "features", "lost_tribe", "adjacent", "name"}
            extra = set(d) - known
            if extra:
                raise BoardError(reason("board_unknown_key", board=name, id=d["id"], key=sorted(extra)[0],
                                        known=", ".join(sorted(known))))
            rid = str(d["id"])
            made.append(Region(
                id=rid, terrain=str(d["terrain"]),
                features=frozenset(str(f) for f in _listed(d.get("features"))),
                lost_tribe=bool(d.get("lost_tribe", False)),
                border=bool(d.get("border", False)),
                name=str(d.get("name", "")),
            ))
            for other in _listed(d.get("adjacent")):
                pairs.append((rid, str(other)))
        return Board.build(name, turns, made, pairs)

    # -- questions the rules ask -------------------------------------------------
    def region(self, rid: str) -> Region:
        return self.by_id[rid]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacency[a]

    def neighbours(self, rid: str) -> frozenset[str]:
        return self.adjacency[rid]

    def in_order(self, ids: Iterable[str]) -> list[str]:
        """`ids` in board order."""
        return sorted(ids, key=self.index.__getitem__)

    def ways_in_bits(self, dry: bool) -> int:
        """The ways in of a race holding no region (R3), as a mask: the edge's land, and the
        seas on the edge unless the race is `dry` (conquers no water)."""
        return self.entry_bits if dry else self.entry_bits | self.border_sea_bits

    def mask_of(self, ids: Iterable[str]) -> int:
        """The mask of the regions `ids` (each counted once)."""
        if self.wide and isinstance(ids, frozenset):
            m = self._masks.get(ids)     # a wide mask is made a region at a time: kept
            return _keep(self._masks, ids, _mask(self.bits, ids), _MASKS_KEPT) if m is None else m
        return _mask(self.bits, ids)

    def ids_in(self, mask: int) -> list[str]:
        """The regions of `mask`, in board order (on a wide board, those of each mask kept: read
        once; kept as tuples, which the cycle collector stops following once they have outlived a
        collection, where lists kept in their thousands make it look through them all again and
        again)."""
        if self.wide:
            got = self._names.get(mask)
            if got is None:
                got = _keep(self._names, mask, tuple(self._ids_in(mask)), _WIDE_KEPT)
            return list(got)
        return self._ids_in(mask)

    def set_in(self, mask: int) -> frozenset[str]:
        """The regions of `mask` as a set (those of each mask of a wide board kept, as `ids_in`
        keeps them: the regions near one a move wrote are asked at each listing that builds on
        the position before, and a board has as many such sets as regions)."""
        if self.wide:
            got = self._sets.get(mask)
            return _keep(self._sets, mask, frozenset(self._ids_in(mask)), _WIDE_KEPT) if got is None else got
        return frozenset(self._ids_in(mask))

    def ids_of(self, mask: int) -> list[str]:
        """`ids_in` for a mask asked once (a few regions near those a move wrote): not kept."""
        return self._ids_in(mask)

    def places_in(self, mask: int) -> list[Place]:
        """`ids_in` as `Place`s (those of each wide mask kept, as `ids_in` keeps its ids)."""
        if self.wide:
            got = self._places.get(mask)
            if got is None:
                got = _keep(self._places, mask, tuple(_read(mask, self.places_by_byte, True)), _WIDE_KEPT)
            return list(got)
        return _read(mask, self.places_by_byte, False)

    def places_of(self, mask: int) -> list[Place]:
        """`places_in` for a mask asked once (`ids_of`): not kept."""
        return _read(mask, self.places_by_byte, self.wide)

    def _ids_in(self, mask: int) -> list[str]:
        """The regions of `mask`, in board order (`_read`)."""
        return _read(mask, self.ids_by_byte, self.wide)

    def near_bits(self, mask: int) -> int:
        """The regions next to any region of `mask` (some of `mask` among them, when they touch;
        on a wide board, those of each mask kept, as `ids_in` keeps its regions)."""
        if self.wide:
            got = self._near.get(mask)
            return _keep(self._near, mask, self.union(mask, self.adj_by_byte), _WIDE_KEPT) if got is None else got
        return self.union(mask, self.adj_by_byte)

    def union(self, mask: int, table: tuple[tuple[int, ...], ...]) -> int:
        """The union of the masks `table` gives the regions of `mask` (`table`: made by `by_byte`;
        a wide mask read from its bytes, as `ids_in` reads it). (`table` a tuple of tuples:
        compiled, each is then read in place, not through the generic item lookup.)"""
        out = 0
        if self.wide:
            data, k, end = _span(mask, len(table))
            while k < end:
                byte = data[k]
                if byte:
                    out |= table[k][byte]
                k += 1
            return out
        k = 0
        while mask:
            byte = mask & 255
            if byte:
                out |= table[k][byte]
            mask >>= 8
            k += 1
        return out

    def land(self) -> frozenset[str]:
        """The land regions (every region but the seas and lakes), made once and kept
        (`keep`): the same set each time, whose mask the board keeps too (`mask_of`)."""
        got = self._tables.get(_LAND)
        if got is None:
            return self.keep(_LAND, frozenset(self.ids) - self.water)
        return cast("frozenset[str]", got)

    def kept(self, key: object) -> object | None:
        """The table an effect worked out for this board under `key` (`keep`), or None. Kept with
        the board, not with the effect: a game on another board does not make it again."""
        return self._tables.get(key)

    def keep(self, key: object, value: V) -> V:
        """`value` kept for this board under `key` (`kept`), and given back."""
        tables = self._tables
        if len(tables) >= _MASKS_KEPT:
            tables.clear()
        tables[key] = value
        return value

    def mean_degree(self) -> float:
        return sum(len(v) for v in self.adjacency.values()) / max(1, len(self.regions))

    def pair_count(self) -> int:
        return sum(len(v) for v in self.adjacency.values()) // 2


#: under which a board keeps its land (`Board.land`)
_LAND: Final = "land"


def _span(mask: int, n: int) -> tuple[bytes, int, int]:
    """A wide mask's `n` bytes, the first to read and the end of the last holding one of its
    regions (an empty mask: none). The first is the first byte: a reader skips a byte of none
    at once, where finding the lowest region of a wide mask makes two wide numbers."""
    return mask.to_bytes(n, "little"), 0, (mask.bit_length() + 7) >> 3


def _read(mask: int, table: tuple[tuple[tuple[T, ...], ...], ...], wide: bool) -> list[T]:
    """The regions of `mask` (their ids or places) in board order, read from `table`
    (`Board.ids_by_byte`, `places_by_byte`): on a `wide` board from the mask's bytes, from the
    one of its lowest region to the one of its highest (each a look-up, no wide number made for
    it), else a byte at a time."""
    out: list[T] = []
    if wide:
        data, k, end = _span(mask, len(table))
        while k < end:
            byte = data[k]
            if byte:
                for x in table[k][byte]:
                    out.append(x)
            k += 1
        return out
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            for x in table[k][byte]:       # (a region or two a byte: appended, where extending
                out.append(x)              # a list by a tuple is a generic call of ~200 steps)
        mask >>= 8
        k += 1
    return out


when_compiled(Region, Board)          # pickled for the lab's processes (`pickling`)
by_parts(Place, lambda p: (p.id, p.num, p.bit, p.water, p.near))
