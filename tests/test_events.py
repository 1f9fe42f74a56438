"""The typed events of the engine's face: every event random games record (every expansion
loaded) is of a kind the engine lists, and every event of a typed kind carries the keys its
TypedDict names, with values of the declared types, so a reader of `events_of(events, "score")`
can trust `ev["parts"]`."""
from __future__ import annotations

import random
import typing
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.content.catalog import load_catalog
from game.rules import EVENT_TYPES, Record, ScoreEvent, events_of, new_game
from game.rules.events import TYPED
from game.rules.playout import random_playout
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
PACKS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))


def _fits(value: Any, hint: Any) -> bool:
    """`value` is of the annotated type `hint` (the few shapes the event types use)."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is not None and getattr(origin, "__name__", "") == "Sequence":
        return isinstance(value, (list, tuple))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def mismatches(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for ev in events:
        kind = ev.get("type")
        if kind not in EVENT_TYPES:
            out.append(f"an event of unlisted kind {kind!r}: {ev}")
            continue
        td = TYPED.get(kind)
        if td is None:
            continue
        hints = typing.get_type_hints(td)
        for key in td.__required_keys__:                       # type: ignore[attr-defined]
            if key not in ev:
                out.append(f"a {kind} event without {key!r}: {ev}")
        for key, hint in hints.items():
            if key in ev and not _fits(ev[key], hint):
                out.append(f"a {kind} event whose {key!r} is {ev[key]!r}, not {hint}: {ev}")
    return out


def _events_of_random_games() -> list[dict[str, Any]]:
    cat = load_catalog(PACKS)
    events: list[dict[str, Any]] = []
    for seed in range(6):
        rng = random.Random(2000 + seed)
        board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
        start = new_game(board, [f"p{i}" for i in range(2 + seed % 4)], cat, rng)

        def on_step(before: Any, after: Any, rec: Record) -> None:
            events.extend(rec.events)

        random_playout(start, rng, on_step)
    return events


def test_every_recorded_event_fits_its_type() -> None:
    events = _events_of_random_games()
    assert mismatches(events) == []
    seen = Counter(e["type"] for e in events)
    assert {"turn", "pick", "decline", "score", "die", "game_over"} <= set(seen), seen   # the types were tried


def test_the_event_check_can_fail() -> None:
    assert mismatches([{"type": "score", "seat": 0, "coins": 3, "parts": [], "whose": [], "private": True}]) == []
    assert len(mismatches([{"type": "score", "seat": 0, "coins": "3", "parts": [], "whose": [],
                            "private": True}])) == 1
    assert len(mismatches([{"type": "pick", "seat": 0, "race": "ratmen", "power": "hill", "index": 0}])) == 2
    assert len(mismatches([{"type": "no_such_thing"}])) == 1


def test_events_of_picks_one_kind_in_order_and_refuses_an_unknown_kind() -> None:
    evs: list[dict[str, Any]] = [{"type": "turn", "seat": 1, "round": 2},
                                 {"type": "score", "seat": 1, "coins": 4, "parts": [["ratmen_regions", 4]],
                                  "whose": [["ratmen", "race", False]], "private": True},
                                 {"type": "score", "seat": 0, "coins": 1, "parts": [], "whose": [], "private": True}]
    scores: list[ScoreEvent] = events_of(evs, "score")
    assert [e["coins"] for e in scores] == [4, 1]
    assert events_of(evs, "game_over") == []
    with pytest.raises(ValueError, match="no event of kind 'scores'"):
        events_of(evs, "scores")
