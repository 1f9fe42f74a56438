"""The format page documents every key the scenario runner accepts, and no other: its "Every key,
in one place" list is compared with the runner's own sets, and each key is explained on the page
outside that list too. Every step the runner knows is one it can read."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import scenario as S
from game.rules import position as P

PAGE = Path(__file__).resolve().parents[1] / "docs" / "scenario-format.md"

RUNNER = {
    "top": S.TOP_KEYS,
    "setup": P.SETUP_KEYS,
    "setup player": P.PLAYER_KEYS,
    "setup active race": P.ACTIVE_KEYS,
    "setup region": P.REGION_KEYS,
    "steps": S.STEP_KEYS,
    "expect": S.EXPECT_KEYS,
    "expect player": S.PLAYER_EXPECT,
    "expect region": S.REGION_EXPECT,
}


def documented() -> tuple[dict[str, set[str]], str]:
    text = PAGE.read_text(encoding="utf-8")
    head, _, listing = text.partition("## Every key, in one place")
    assert listing, "the format page has lost its list of every key"
    got: dict[str, set[str]] = {}
    for line in listing.splitlines():
        m = re.match(r"- ([a-z ]+): (.+)$", line)
        if m:
            got[m.group(1)] = {k.strip() for k in m.group(2).split(",")}
    return got, head


@pytest.mark.parametrize("part", sorted(RUNNER))
def test_the_page_lists_exactly_the_keys_the_runner_accepts(part: str) -> None:
    listed, _ = documented()
    assert part in listed, f"the page's key list has no line for {part}"
    assert listed[part] == set(RUNNER[part]), (
        f"{part}: runner only {sorted(set(RUNNER[part]) - listed[part])}, "
        f"page only {sorted(listed[part] - set(RUNNER[part]))}")


def test_every_key_is_explained_on_the_page() -> None:
    _, head = documented()
    for part, keys in RUNNER.items():
        for k in keys:
            assert re.search(rf"(`|\b){re.escape(k)}(:|`|\b)", head), f"{part} key {k!r} is not explained"


def test_the_page_lists_only_these_parts() -> None:
    listed, _ = documented()
    assert set(listed) == set(RUNNER)


@pytest.mark.parametrize("key", sorted(S.STEP_KEYS))
def test_every_step_key_reads_as_an_intent(key: str, tmp_path: Path) -> None:
    from game.content.catalog import default_catalog
    sc = {"name": "steps", "board": {"turns": 3, "regions": [{"id": "a", "terrain": "hill", "border": True}]},
          "players": ["ann", "bob"], "steps": []}
    r = S.Runner(sc, tmp_path / "x.yaml", default_catalog())
    samples = {"pick": 0, "redeploy": {"a": 1}, "withdraw": {"player": "bob", "regions": {"a": 1}},
               "encampments": {"a": 1}, "heroes": ["a"], "ally": "bob", "use": "second_conquest_round",
               "decline": None, "end_turn": None, "settle": None, "berserk_roll": None}
    step = {key: samples.get(key, "a")} if samples.get(key, "a") is not None else key
    a, _ = r.intent(step)
    assert a.kind == key
    with pytest.raises(S.ScenarioError, match="unknown step"):
        r.intent({"no_such_step": "a"})
