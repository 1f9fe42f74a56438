"""What races and powers are worth, learned from play.

The computer players' sense of a race's, a power's and a combo's worth comes from games, not
from the names of the blocks it is made of. `measure(board, catalog, players, games)` plays fast
self-play games (Medium judging conquests and declines, the combo picked at random among those
the seat can afford, so that every race and power is played often whatever its reputation) and
records, for every own turn, the coins each race scored Active and In Decline; how a race's
and a power's figure is estimated from them (against the round's mean and the printed tokens,
split between race and power, shrunk by its noise) is told in `game.bots.learn`.

A `WorthTable` holds the figures of one catalog on one board, keyed by the content's hash
(`content_key`) and the board's (`board_key`); each entry also carries the hash of its own
definition (printed tokens and blocks, not its id or name), so a table measured with every
pack loaded serves a table with only some of them. The shipped table (`assets/bots/worth.json`,
made by `python -m game.lab worth`) covers the shipped content on the shipped maps; a
floor up, the game's data folder caches tables measured for other content (`game.worth_cache`),
and `install` hands them to the bots. `for_game(board, catalog)` is what the bots read: the
exact table, or one put together from entries with the same definitions, or None (the bots
then value combos from their blocks, `knowledge.traits_of`, until a table is ready).
"""
from __future__ import annotations

import hashlib
import json
import marshal
import math
import threading
from collections.abc import Mapping  # not typing's, whose isinstance is slower (asked for every block)
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from .. import resources
from ..rules import Board, Catalog

VERSION = 1
SHIPPED = resources.ASSETS / "bots" / "worth.json"


# -- keys ------------------------------------------------------------------------------------------
_PLAIN = frozenset({str, int, float, bool})


def _canon(x: Any) -> Any:
    """A JSON-able, order-free form of a block's parameters."""
    t = type(x)
    if t in _PLAIN or x is None:               # first, and by type: asking `Mapping` is slow
        return x
    if t is dict and all(type(k) is str for k in x):
        # `_digest` writes a mapping's keys sorted: text keys need no sorting (or str()) here
        return {k: v if type(v) in _PLAIN else _canon(v) for k, v in x.items()}
    if t is list or t is tuple:
        return [v if type(v) in _PLAIN else _canon(v) for v in x]
    if isinstance(x, Mapping):
        return {str(k): _canon(v) for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))}
    if isinstance(x, (set, frozenset)):
        return sorted((_canon(v) for v in x), key=repr)
    if isinstance(x, (list, tuple)):
        return [_canon(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return repr(x)


#: `json.dumps(..., sort_keys=True)`'s encoder, made once (dumps makes one at every call)
_ENCODER = json.JSONEncoder(sort_keys=True)


def _digest(data: Any) -> str:
    return hashlib.sha256(_ENCODER.encode(_canon(data)).encode("utf-8")).hexdigest()[:24]


#: `definition_key` of each definition already hashed, by the definition's identity (definitions
#: are frozen; each is kept with its key, so its id is not reused while it is here): a catalog
#: of thousands of entries is hashed once, not at each look-up of its table
_KEYS: dict[int, tuple[Any, str]] = {}
_KEYS_KEPT = 100_000
#: `definition_key` by the text of the definition
_BY_TEXT: dict[str, str] = {}
#: `definition_text` of each definition already read, by its identity (as `_KEYS`)
_TEXTS: dict[int, tuple[Any, str]] = {}


def definition_text(catalog: Catalog, rid: str) -> str:
    """The text (marshal's bytes, or repr) of a race's or power's definition as the game plays
    it (kind, printed tokens, tokens in the box, blocks with their parameters), which tells every
    value apart: made once for each definition, read by the hash below and by the bots' typical
    combo."""
    race = rid in catalog.races
    return _text_of(catalog.races[rid] if race else catalog.powers[rid], race)


def _text_of(d: Any, race: bool) -> str:
    got = _TEXTS.get(id(d))
    if got is not None and got[0] is d:
        return got[1]
    value = ("race", d.tokens, d.box, d.effects) if race else ("power", d.tokens, d.effects)
    try:
        # marshal's bytes (version 2: no references, which would vary with the objects'
        # sharing) tell apart all that repr does, in a third of the time: read back, they give
        # the value again
        text = marshal.dumps(value, 2).decode("latin-1")
    except ValueError:                  # a value marshal does not write: its repr, told apart
        text = "repr:" + repr(value)
    if len(_TEXTS) >= _KEYS_KEPT:
        _TEXTS.clear()
    _TEXTS[id(d)] = (d, text)
    return text


def definition_key(catalog: Catalog, rid: str) -> str:
    """The hash of a race's or power's definition as the game plays it (kind, printed tokens,
    tokens in the box, blocks with their parameters): a copy under another id has the same."""
    race = rid in catalog.races
    return _key_of(catalog.races[rid] if race else catalog.powers[rid], race)


def _key_of(d: Any, race: bool) -> str:
    got = _KEYS.get(id(d))
    if got is not None and got[0] is d:
        return got[1]
    # the same definition written again (thousands of generated entries have a few hundred) is
    # hashed once: its text tells every value `_canon` reads apart
    text = _text_of(d, race)
    key = _BY_TEXT.get(text)
    if key is None:
        if race:
            key = _digest(["race", d.tokens, d.box, [[n, p] for n, p in d.effects]])
        else:
            key = _digest(["power", d.tokens, [[n, p] for n, p in d.effects]])
        if len(_BY_TEXT) >= _KEYS_KEPT:
            _BY_TEXT.clear()
        _BY_TEXT[text] = key
    if len(_KEYS) >= _KEYS_KEPT:
        _KEYS.clear()
    _KEYS[id(d)] = (d, key)
    return key


#: the last catalog hashed by `content_key`, what it held then (its definitions) and
#: its hash: the lab and the window look its table up several times before a game
_CONTENT: list[tuple[Catalog, tuple[Any, ...], str]] = []


def content_key(catalog: Catalog) -> str:
    """The hash of a catalog: every race and power id with its definition."""
    held = (tuple(catalog.races.values()), tuple(catalog.powers.values()))
    for cat, was, key in _CONTENT:
        if cat is catalog and was == held:
            return key
    # pairs of text only, which `_canon` would give back as they are: encoded at once
    # (each definition looked up once, as `definition_key` does: a power's id that is also a
    # race's stands for the race)
    races, powers = catalog.races, catalog.powers
    pairs = [[rid, _key_of(races[rid], True)] for rid in sorted(races)] \
        + [[pid, _key_of(races[pid], True) if pid in races else _key_of(powers[pid], False)]
           for pid in sorted(powers)]
    key = hashlib.sha256(_ENCODER.encode(pairs).encode("utf-8")).hexdigest()[:24]
    _CONTENT[:] = [(catalog, held, key)]
    return key


def board_key(board: Board) -> str:
    """The hash of a board as played: rounds, regions (terrain, features, lost tribes, edge) and
    adjacency."""
    return _digest([board.turns,
                    [[r.id, r.terrain, sorted(r.features), r.lost_tribe, r.border] for r in board.regions],
                    [[k, sorted(v)] for k, v in sorted(board.adjacency.items())]])


def land_of(board: Board) -> int:
    return sum(1 for r in board.regions if not r.is_water)


# -- the table -------------------------------------------------------------------------------------
@dataclass
class Entry:
    """What one race or power adds, in coins per own turn held, to an average entry's."""

    kind: str                   # "race" or "power"
    definition: str             # `definition_key`
    picks: int = 0              # picks measured
    active: float = 0.0         # coins per Active turn above the mean (tokens accounted for), shrunk
    active_se: float = 0.0      # its standard error before shrinking
    decline: float = 0.0        # coins per In Decline turn above the mean, shrunk
    decline_se: float = 0.0
    by_round: list[float] = field(default_factory=list)     # `active` in each round, shrunk toward it
    turns_active: int = 0
    turns_decline: int = 0


@dataclass
class WorthTable:
    content: str                # `content_key` of the catalog measured
    board: str                  # `board_key` of the board
    players: int
    land: int                   # land regions of the board ("map size")
    rounds: int
    games: int
    seed: int
    seconds: float              # processor seconds the measurement took
    per_token: float            # coins per Active turn one printed token brings (the fitted slope)
    entries: dict[str, Entry] = field(default_factory=dict)
    policy: str = ""            # `learn.policy_key` of the play it was measured with ("": not known)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> "WorthTable":
        """A table from its JSON form; ValueError (one line) when it is not one."""
        try:
            entries = {str(k): Entry(**v) for k, v in dict(d["entries"]).items()}
            t = WorthTable(str(d["content"]), str(d["board"]), int(d["players"]), int(d["land"]),
                           int(d["rounds"]), int(d["games"]), int(d["seed"]), float(d["seconds"]),
                           float(d["per_token"]), entries, str(d.get("policy", "")))
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"not a table of worth ({type(err).__name__}: {err})") from None
        for e in entries.values():
            if e.kind not in ("race", "power") or not all(math.isfinite(x) for x in
                                                          [e.active, e.decline, *e.by_round]):
                raise ValueError("not a table of worth (an entry's figures are not numbers)")
        return t


@dataclass(frozen=True)
class Worth:
    """The figures the bots read for one game: per race and power id, from one table or put
    together from several (entries with the same definition)."""

    entries: Mapping[str, Entry]
    exact: bool                 # measured for this very catalog and board

    def active(self, rid: str | None, rnd: int | None = None) -> float:
        """Coins per Active turn `rid` adds (in round `rnd` when given)."""
        e = self.entries.get(rid) if rid else None
        if e is None:
            return 0.0
        if rnd is not None and e.by_round:
            return e.by_round[min(max(rnd, 1), len(e.by_round)) - 1]
        return e.active

    def decline(self, rid: str | None) -> float:
        e = self.entries.get(rid) if rid else None
        return e.decline if e is not None else 0.0

    def combo(self, race: str, power: str | None) -> float:
        """Coins per Active turn the combo adds over an average one (rounds pooled)."""
        return self.active(race) + self.active(power)


# -- the registry the bots read -------------------------------------------------------------------
_lock = threading.Lock()
_installed: dict[tuple[str, str], WorthTable] = {}
_shipped: list[WorthTable] | None = None
generation = 0                  # grows with each table installed (the bots' caches key on it)


def install(table: WorthTable) -> None:
    """Hand a table to the bots (a game's next decisions read it)."""
    global generation
    with _lock:
        _installed[(table.content, table.board)] = table
        generation += 1


def uninstall_all() -> None:
    """Forget the installed tables (tests)."""
    global generation
    with _lock:
        _installed.clear()
        generation += 1


def read_tables(text: str) -> list[WorthTable]:
    """The tables of a worth file's text (ValueError, one line, when it is not one)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"not JSON ({err.msg}, line {err.lineno})") from None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("tables"), list):
        raise ValueError(f"not a worth file of version {VERSION}")
    return [WorthTable.from_dict(t) for t in data["tables"]]


def tables_text(tables: Sequence[WorthTable]) -> str:
    return json.dumps({"version": VERSION, "tables": [t.to_dict() for t in tables]}, indent=1,
                      sort_keys=True) + "\n"


def shipped_tables() -> list[WorthTable]:
    """The shipped tables (none when the file is missing or damaged: the bots fall back)."""
    global _shipped
    if _shipped is None:
        try:
            _shipped = read_tables(SHIPPED.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            _shipped = []
    return _shipped


def find(board: Board, catalog: Catalog) -> WorthTable | None:
    """The table measured for this very catalog and board, installed or shipped."""
    key = (content_key(catalog), board_key(board))
    with _lock:
        got = _installed.get(key)
    if got is not None:
        return got
    return next((t for t in shipped_tables() if (t.content, t.board) == key), None)


def knows_board(board: Board) -> bool:
    """Whether a table (installed or shipped) was measured on this very board."""
    bk = board_key(board)
    with _lock:
        pool = list(_installed.values())
    return any(t.board == bk for t in pool + shipped_tables())


def table_for(board: Board, catalog: Catalog, players: int) -> WorthTable | None:
    """What `for_game` reads, as a table keyed by this catalog and board (to send it to another
    machine that has no shipped table or cache, such as a cluster's worker)."""
    exact = find(board, catalog)
    if exact is not None:
        return exact
    got = for_game(board, catalog, players)
    if got is None:
        return None
    return WorthTable(content_key(catalog), board_key(board), players, land_of(board), board.turns, 0, 0, 0.0,
                      0.0, dict(got.entries))


def for_game(board: Board, catalog: Catalog, players: int) -> Worth | None:
    """What the bots read for a game: the exact table; else one put together from the tables of
    this board (or, for another map, of the shipped map nearest in size for as many players)
    whose entries have the same definitions as every race and power of the catalog; else None."""
    exact = find(board, catalog)
    if exact is not None:
        return Worth(exact.entries, True)
    with _lock:
        pool = list(_installed.values())
    pool += shipped_tables()
    if not pool:
        return None
    bk = board_key(board)
    same = [t for t in pool if t.board == bk]
    if not same:
        land = land_of(board)
        near = sorted(pool, key=lambda t: (t.players != players, abs(t.land - land)))
        same = [t for t in pool if t.board == near[0].board]
    by_def: dict[str, Entry] = {}
    for t in same:
        for e in t.entries.values():
            by_def.setdefault(e.definition, e)
    out: dict[str, Entry] = {}
    for rid in list(catalog.races) + list(catalog.powers):
        got = by_def.get(definition_key(catalog, rid))
        if got is None:
            return None
        out[rid] = got
    return Worth(out, False)


__all__ = ["Entry", "Worth", "WorthTable", "board_key", "content_key", "definition_key", "definition_text", "find",
           "for_game", "install", "knows_board", "land_of", "read_tables", "shipped_tables", "table_for", "tables_text"]
