"""The engine's own draws (`chance.shuffle_with`, `die_face`) give what `random.Random` itself
gives for the same seed, so that a game seeded alike is the same game whichever draws it."""
from __future__ import annotations

import random

from game.rules.chance import RandomChance, Recorder, die_face, shuffle_with
from game.rules.state import DIE_FACES


def test_shuffle_matches_the_library_for_every_length() -> None:
    for seed in range(40):
        for n in range(0, 70):
            ours, theirs = random.Random(seed * 1000 + n), random.Random(seed * 1000 + n)
            a, b = list(range(n)), list(range(n))
            shuffle_with(ours, a)
            theirs.shuffle(b)
            assert a == b, (seed, n)
            assert ours.getstate() == theirs.getstate()      # as many bits drawn


def test_die_matches_the_library() -> None:
    ours, theirs = random.Random(7), random.Random(7)
    for _ in range(2000):
        assert die_face(ours) == DIE_FACES[theirs.randrange(6)]
    assert ours.getstate() == theirs.getstate()


class _Counting(random.Random):
    """A source of its own: its shuffle is asked, not worked around."""

    def __init__(self) -> None:
        super().__init__(3)
        self.asked = 0

    def shuffle(self, x):  # type: ignore[no-untyped-def, override]
        self.asked += 1
        x.reverse()


def test_a_source_of_its_own_shuffles_itself() -> None:
    src = _Counting()
    items = [1, 2, 3]
    shuffle_with(src, items)
    assert (src.asked, items) == (1, [3, 2, 1])
    rec = Recorder(src)
    rec.shuffle(items)
    assert src.asked == 2 and rec.shuffles == [[1, 2, 3]]
    RandomChance(src).shuffle(items)
    assert src.asked == 3
