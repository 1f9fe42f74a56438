"""Chance as an explicit, recorded step: the reinforcement die and reshuffles.

`apply` takes a random source (a `random.Random`, or any object with `roll()` and `shuffle()`)
and wraps it in a `Recorder`, which notes every die face and every shuffled order in the
record of the intent. `Replay` hands those outcomes back, so replay, undo and load reproduce a
game exactly. `ScriptedDice` gives die faces from a list (scenarios' `dice:`).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Final, Protocol, Sequence

from .errors import ReplayError
from .reasons import reason
from .state import DIE_FACES

#: the library's source, named once (compiled, `random.Random` read from the module at each
#: throw and each intent's `Recorder` was a generic lookup of the module's attribute)
_RANDOM: Final = random.Random


class ChanceSource(Protocol):  # pragma: no cover - typing only
    def roll(self) -> int: ...
    def shuffle(self, items: list[Any]) -> None: ...


def die_face(rng: random.Random) -> int:
    """A throw of the reinforcement die with `rng`."""
    if type(rng) is _RANDOM:
        return DIE_FACES[_below(rng.getrandbits, 6)]
    return DIE_FACES[rng.randrange(6)]


def _below(draw: Callable[[int], int], n: int) -> int:
    """A number below `n` (> 0) drawn as `random.Random` itself draws it for `randrange(n)` and
    for each step of `shuffle` (`_randbelow`: the fewest bits that hold `n`, drawn again while
    too large), with `draw`, the source's `getrandbits` (found once by a caller drawing many), so
    that the games stay those of any other source seeded alike. (Compiled, the library's own
    interpreted draw is a quarter of a new game's time with every pack.)"""
    k = n.bit_length()
    r = draw(k)
    while r >= n:
        r = draw(k)
    return r


def shuffle_with(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`, the same order for the same draws (`_below`) where `rng` is a plain
    `random.Random`; another source's own `shuffle` otherwise."""
    if type(rng) is not _RANDOM:
        rng.shuffle(items)
        return
    draw = rng.getrandbits                # (the method found once, not at each draw)
    i = len(items) - 1
    while i > 0:
        j = _below(draw, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1


class RandomChance:
    """Die and shuffles from a `random.Random` passed in by the caller."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self) -> int:
        return die_face(self.rng)

    def shuffle(self, items: list[Any]) -> None:
        shuffle_with(self.rng, items)


class ScriptedDice(RandomChance):
    """Die faces from a list, in order; shuffles (and faces once the list runs out) from rng."""

    def __init__(self, faces: Sequence[int], rng: random.Random) -> None:
        super().__init__(rng)
        for f in faces:
            if f not in DIE_FACES:
                raise ReplayError(reason("chance_bad_face", value=f))
        self.faces = list(faces)

    def roll(self) -> int:
        return self.faces.pop(0) if self.faces else super().roll()


class Replay:
    """Outcomes read back from a record."""

    def __init__(self, rolls: Sequence[int], shuffles: Sequence[Sequence[Any]]) -> None:
        self.rolls = list(rolls)
        self.shuffles = [list(x) for x in shuffles]

    def roll(self) -> int:
        if not self.rolls:
            raise ReplayError(reason("replay_no_roll"))
        return self.rolls.pop(0)

    def shuffle(self, items: list[Any]) -> None:
        if not self.shuffles:
            raise ReplayError(reason("replay_no_shuffle"))
        order = self.shuffles.pop(0)
        if sorted(map(str, order)) != sorted(map(str, items)):
            raise ReplayError(reason("replay_bad_shuffle"))
        items[:] = order


class Recorder:
    """Wraps a source and remembers what it produced. (A `random.Random` is used as
    `RandomChance` would use it, without wrapping it: a recorder is made for every intent.)"""

    __slots__ = ("source", "_rng", "rolls", "shuffles")

    def __init__(self, source: Any) -> None:
        self._rng = source if isinstance(source, _RANDOM) else None
        self.source = _NoChance() if source is None else source
        self.rolls: list[int] = []
        self.shuffles: list[list[Any]] = []

    def roll(self) -> int:
        rng = self._rng
        face = die_face(rng) if rng is not None else int(self.source.roll())
        self.rolls.append(face)
        return face

    def shuffle(self, items: list[Any]) -> None:
        rng = self._rng
        if rng is not None:
            shuffle_with(rng, items)
        else:
            self.source.shuffle(items)
        self.shuffles.append(list(items))


class _NoChance:
    def roll(self) -> int:
        raise ReplayError(reason("chance_no_die"))

    def shuffle(self, items: list[Any]) -> None:
        raise ReplayError(reason("chance_no_shuffle"))
