"""The intents a player can send to the engine, as small immutable values.

Each intent is hashable (so `legal_actions` results can be compared and searched), converts to
and from a plain dict for records and saves, and says in words what it does. Intents that carry
a distribution of tokens (`Redeploy`, `Withdraw`, `Encampments`) keep it as a tuple of
(region, count) pairs. `player` on `Withdraw` and `Ally` is a seat number.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar, Mapping

#: the field names of each intent class, in order (looked up once)
_FIELDS: dict[type, tuple[str, ...]] = {}


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        names = _FIELDS.get(type(self))
        if names is None:
            names = _FIELDS[type(self)] = tuple(f.name for f in fields(self))
        for name in names:
            v = getattr(self, name)
            if isinstance(v, tuple) and v and isinstance(v[0], tuple):
                v = {k: n for k, n in v}
            elif isinstance(v, tuple):
                v = list(v)
            d[name] = v
        return d


@dataclass(frozen=True)
class Pick(Action):
    kind: ClassVar[str] = "pick"
    index: int


@dataclass(frozen=True)
class Abandon(Action):
    kind: ClassVar[str] = "abandon"
    region: str


@dataclass(frozen=True)
class Conquer(Action):
    kind: ClassVar[str] = "conquer"
    region: str


@dataclass(frozen=True)
class Reinforce(Action):
    """Final conquest attempt with the reinforcement die (R5)."""
    kind: ClassVar[str] = "reinforce"
    region: str


@dataclass(frozen=True, eq=False)
class Redeploy(Action):
    """Final token counts in every Active region. (Equal to any `Redeploy` with the same
    counts, the listing's `later` one included.)"""
    kind: ClassVar[str] = "redeploy"
    counts: tuple[tuple[str, int], ...]

    @staticmethod
    def of(counts: Mapping[str, int]) -> "Redeploy":
        return Redeploy(tuple(sorted((str(k), int(v)) for k, v in counts.items())))

    @staticmethod
    def later(make: Callable[..., tuple[tuple[str, int], ...]], args: tuple[Any, ...]) -> "Redeploy":
        """A Redeploy whose counts `make(*args)` works out when they are first read: `args`
        must be values that never change (a sealed state's regions, not the state; `engine.play`
        writes on them only once the state, and with it its listing, is used up)."""
        r: _LaterRedeploy = _LaterRedeploy()
        r._make = (make, args)
        return r

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Redeploy):
            return self.counts == other.counts
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.counts,))


class _LaterRedeploy(Redeploy):
    """`Redeploy.later`: the counts are made on first reading, then kept like any Redeploy's.
    Made bare (`_LaterRedeploy()`: no Python code runs) and written like a plain object, its two
    slots set by the listing and by `apply` (compiled, each a call of the runtime, not a method
    run interpreted); a reading of `counts` before they are made finds the slot empty and goes
    on to `__getattr__`, which makes them."""

    __slots__ = ("_make", "counts")
    __init__ = object.__init__
    # both object's, not the frozen dataclass's: a write is then the runtime's own, not a
    # method looked up and called (Python lets a class write its slots natively only when
    # neither `__setattr__` nor `__delattr__` is its own)
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    _make: tuple[Callable[..., tuple[tuple[str, int], ...]], tuple[Any, ...]] | None   # until first read

    def __getattr__(self, name: str) -> Any:
        if name == "counts":
            return self.made()
        raise AttributeError(name)

    def made(self) -> tuple[tuple[str, int], ...]:
        """The counts, made now if they were not yet."""
        make = self._make
        if make is None:
            return self.counts
        counts: tuple[tuple[str, int], ...] = make[0](*make[1])
        self.counts = counts                        # type: ignore[misc]
        self._make = None
        return counts

    def __repr__(self) -> str:
        return f"Redeploy(counts={self.made()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Redeploy, (self.made(),)


@dataclass(frozen=True)
class Withdraw(Action):
    """A defender places the tokens he got back: tokens added to each region."""
    kind: ClassVar[str] = "withdraw"
    player: int
    counts: tuple[tuple[str, int], ...]

    @staticmethod
    def of(player: int, counts: Mapping[str, int]) -> "Withdraw":
        return Withdraw(player, tuple(sorted((str(k), int(v)) for k, v in counts.items())))


@dataclass(frozen=True)
class Decline(Action):
    kind: ClassVar[str] = "decline"


@dataclass(frozen=True)
class EndTurn(Action):
    """Finish the turn; `decline=True` is Stout's decline after scoring."""
    kind: ClassVar[str] = "end_turn"
    decline: bool = False


@dataclass(frozen=True)
class Settle(Action):
    """Keep the final attempt's die as it fell: settle it without the choice a power allows
    after the roll (Mercenary's coin), R23."""
    kind: ClassVar[str] = "settle"


# -- intents of races and powers (handled by the ability that declares them) -------------
@dataclass(frozen=True)
class BerserkRoll(Action):
    kind: ClassVar[str] = "berserk_roll"


@dataclass(frozen=True)
class Dragon(Action):
    kind: ClassVar[str] = "dragon"
    region: str


@dataclass(frozen=True)
class Enchant(Action):
    kind: ClassVar[str] = "enchant"
    region: str


@dataclass(frozen=True)
class GhoulsConquer(Action):
    kind: ClassVar[str] = "ghouls"
    region: str


@dataclass(frozen=True)
class GhoulsReinforce(Action):
    """In Decline Ghouls' final conquest attempt with the reinforcement die (R5, R18)."""
    kind: ClassVar[str] = "ghouls_reinforce"
    region: str


@dataclass(frozen=True)
class Fortress(Action):
    kind: ClassVar[str] = "fortress"
    region: str


@dataclass(frozen=True)
class Encampments(Action):
    kind: ClassVar[str] = "encampments"
    counts: tuple[tuple[str, int], ...]

    @staticmethod
    def of(counts: Mapping[str, int]) -> "Encampments":
        return Encampments(tuple(sorted((str(k), int(v)) for k, v in counts.items())))


@dataclass(frozen=True)
class Heroes(Action):
    kind: ClassVar[str] = "heroes"
    regions: tuple[str, ...]


@dataclass(frozen=True)
class Ally(Action):
    kind: ClassVar[str] = "ally"
    player: int


@dataclass(frozen=True)
class Use(Action):
    """A building-block effect's own move (Marauding's second round, Mercenary's coin...):
    `effect` names the block as in YAML, `region` its target when it has one, `choice` what
    it chooses otherwise (Copycat: a power in the column)."""
    kind: ClassVar[str] = "use"
    effect: str
    region: str = ""
    choice: str = ""


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (Pick, Abandon, Conquer, Reinforce, Settle, Redeploy, Withdraw, Decline, EndTurn,
                              BerserkRoll, Dragon, Enchant, GhoulsConquer, GhoulsReinforce, Fortress,
                              Encampments, Heroes, Ally, Use)
}


def action_from_dict(d: Mapping[str, Any]) -> Action:
    """Inverse of `Action.to_dict`."""
    cls = ACTION_TYPES[d["kind"]]
    kw: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in d and f.name in ("region", "choice"):
            continue                         # optional (`Use` without a target)
        v = d[f.name]
        if isinstance(v, dict):
            v = tuple(sorted((str(k), int(n)) for k, n in v.items()))
        elif isinstance(v, list):
            v = tuple(v)
        kw[f.name] = v
    return cls(**kw)
