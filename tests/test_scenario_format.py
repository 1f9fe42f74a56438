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


def _runner(tmp_path: Path, setup: dict[str, object], steps: list[object], content: list[str] | None = None) -> None:
    from game.content.catalog import default_catalog
    sc: dict[str, object] = {
        "name": "gone", "players": ["ann", "bob"], "setup": setup, "steps": steps,
        "board": {"turns": 3, "regions": [{"id": "a", "terrain": "hill", "border": True, "adjacent": ["b"]},
                                          {"id": "b", "terrain": "forest", "border": True, "adjacent": ["a"]}]}}
    if content:
        sc["content"] = content
    S.Runner(sc, Path(__file__).resolve().parent / "scenarios" / "x.yaml", default_catalog()).run()


def test_gone_is_set_up_out_of_the_tray_and_checked(tmp_path: Path) -> None:
    """`gone` states tokens out of the game in a setup (they leave the tray) and checks them."""
    _runner(tmp_path, {"gone": {"ratmen": 3}}, [{"expect": {"gone": {"ratmen": 3, "elves": 0},
                                                            "tray": {"ratmen": 10}}}])
    with pytest.raises(S.ScenarioError, match="gone ratmen: expected 2, got 3"):
        _runner(tmp_path, {"gone": {"ratmen": 3}}, [{"expect": {"gone": {"ratmen": 2}}}])
    with pytest.raises(S.ScenarioError, match="gone: unknown race 'ratman'"):
        _runner(tmp_path, {}, [{"expect": {"gone": {"ratman": 0}}}])
    with pytest.raises(S.ScenarioError, match="setup.gone.ratmen: expected a whole number of 0 or more"):
        _runner(tmp_path, {"gone": {"ratmen": -1}}, [])
    with pytest.raises(S.ScenarioError, match="14 ratmen tokens"):    # the box holds 13
        _runner(tmp_path, {"gone": {"ratmen": 13},
                           "regions": {"a": {"owner": "ann", "race": "ratmen", "tokens": 1}},
                           "players": {"ann": {"active": {"race": "ratmen", "power": "hill", "hand": 0}}}}, [])


def test_a_packs_markers_in_a_setup_count_against_its_box(tmp_path: Path) -> None:
    """R26: the setup may not put more of a pack's markers on the board than its box holds (a
    Royal Queen of Underground: one)."""
    royal = ["../../assets/content/expansions/underground.yaml"]
    queens = {"a": {"owner": "ann", "race": "ratmen", "tokens": 1, "marks": {"queen": 1}},
              "b": {"owner": "ann", "race": "ratmen", "tokens": 1, "marks": {"queen": 1}}}
    players = {"ann": {"active": {"race": "ratmen", "power": "royal", "hand": 0}}}
    with pytest.raises(S.ScenarioError, match="queen"):
        _runner(tmp_path, {"regions": queens, "players": players}, [], royal)
    _runner(tmp_path, {"regions": {"a": queens["a"]}, "players": players}, [], royal)
