"""The typed events of the engine's face: every event random games record (the base set, every
expansion pack, and the invented races of docs/examples, whose blocks no pack uses) is of a kind
the engine lists, every kind has a TypedDict, and every event carries exactly the keys its
TypedDict names (each required key, no key it does not declare), with values of the declared
types, so a reader of `events_of(events, "score")` can trust `ev["parts"]` and the types cannot
drift from what the engine writes."""
from __future__ import annotations

import random
import typing
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.content.catalog import default_catalog, load_catalog
from game.rules import EVENT_TYPES, Catalog, Record, ScoreEvent, events_of, new_game
from game.rules.events import TYPED
from game.rules.playout import random_playout
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
PACKS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"


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
    if origin is not None and getattr(origin, "__name__", "") == "Mapping":
        return isinstance(value, dict)
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
        for key in ev:
            if key not in hints:
                out.append(f"a {kind} event with {key!r}, which {td.__name__} does not declare: {ev}")
        for key, hint in hints.items():
            if key in ev and not _fits(ev[key], hint):
                out.append(f"a {kind} event whose {key!r} is {ev[key]!r}, not {hint}: {ev}")
    return out


def _events_of_random_games(cat: Catalog, games: int, first_seed: int) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
        start = new_game(board, [f"p{i}" for i in range(2 + seed % 4)], cat, rng)

        def on_step(before: Any, after: Any, rec: Record) -> None:
            events.extend(rec.events)

        random_playout(start, rng, on_step)
    return events


def test_every_kind_has_its_type() -> None:
    assert set(TYPED) == set(EVENT_TYPES)
    for kind, td in TYPED.items():      # each TypedDict names the kinds it types
        assert kind in typing.get_args(typing.get_type_hints(td)["type"]), (kind, td.__name__)


def test_every_recorded_event_has_exactly_the_keys_of_its_type() -> None:
    seen: Counter[str] = Counter()
    for cat, games in ((default_catalog(), 120), (load_catalog(PACKS), 120), (load_catalog([*PACKS, INVENTED]), 300)):
        events = _events_of_random_games(cat, games, 3000)
        assert mismatches(events) == []
        seen.update(e["type"] for e in events)
    assert set(seen) == set(EVENT_TYPES), set(EVENT_TYPES) - set(seen)     # so every TypedDict was checked


def test_the_event_check_can_fail() -> None:
    assert mismatches([{"type": "score", "seat": 0, "coins": 3, "parts": [], "whose": [], "private": True}]) == []
    assert len(mismatches([{"type": "score", "seat": 0, "coins": "3", "parts": [], "whose": [],
                            "private": True}])) == 1
    assert len(mismatches([{"type": "pick", "seat": 0, "race": "ratmen", "power": "hill", "index": 0}])) == 3
    assert len(mismatches([{"type": "no_such_thing"}])) == 1
    assert len(mismatches([{"type": "turn", "seat": 0, "round": 1, "region": "a"}])) == 1   # undeclared
    assert mismatches([{"type": "die", "seat": 0, "face": 2, "berserk": True}]) == []          # not required


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
