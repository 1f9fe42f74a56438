"""Content as data: the base races and powers, the two documented custom races, and the one-line
messages a playtester gets for a broken content file (never a traceback)."""
from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

from game.content.catalog import ContentError, default_catalog, load_catalog
from game.rules import new_game
from game.rules.abilities import REGISTRY
from game.rules.invariants import check
from game.rules.playout import random_playout
from game.scenario import main as scenario_main
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
CUSTOM = ROOT / "docs" / "examples" / "custom_races.yaml"
CUSTOM_SCENARIOS = ROOT / "docs" / "examples" / "scenarios"
DOC = ROOT / "docs" / "custom-races.md"


def test_every_base_race_and_power_has_all_its_effects() -> None:
    cat = default_catalog()
    assert len(cat.races) == 14 and len(cat.powers) == 20
    assert cat.missing == {}, f"effects not implemented: {cat.missing}"


def test_every_effect_is_documented_for_playtesters() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in REGISTRY:
        assert f"`{name}`" in text, f"docs/custom-races.md does not describe the effect {name!r}"


def test_both_custom_races_load_next_to_the_base_set() -> None:
    cat = load_catalog([CUSTOM])
    assert {"gnomes", "wyrmkin"} <= set(cat.races)
    assert len(cat.races) == 16 and len(cat.powers) == 20
    assert cat.races["gnomes"].custom and not cat.races["ratmen"].custom
    assert [a.name for a in cat.abilities["gnomes"]] == ["cost_change", "coins_for_regions"]
    assert cat.abilities["gnomes"][1].in_decline
    assert cat.abilities["wyrmkin"][0].p["tokens"] == 2


def test_both_custom_races_play_their_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    code = scenario_main(["--content", str(CUSTOM), str(CUSTOM_SCENARIOS)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().endswith("2 passed, 0 failed")


def test_random_games_with_the_custom_races_keep_every_invariant() -> None:
    cat = load_catalog([CUSTOM])
    for seed in range(12):
        rng = random.Random(seed)
        start = new_game(BOARDS["grid"](), [f"p{i}" for i in range(2 + seed % 4)], cat, rng)

        def on_step(before, after, rec, seed=seed) -> None:  # type: ignore[no-untyped-def]
            bad = check(after, round_trip=False)
            assert not bad, f"seed {seed}: {rec.action}: {bad}"

        end, _ = random_playout(start, rng, on_step)
        assert end.game_over


def test_a_custom_entry_replaces_the_base_one_when_it_says_so(tmp_path: Path) -> None:
    f = tmp_path / "ratmen.yaml"
    f.write_text("races:\n  ratmen:\n    name: Rat Horde\n    tokens: 9\n    box: 14\n    effects: []\n")
    with pytest.raises(ContentError, match="'ratmen' already exists in the base game; add 'replaces: true'"):
        load_catalog([f])
    f.write_text("races:\n  ratmen:\n    replaces: true\n    name: Rat Horde\n    tokens: 9\n    box: 14\n"
                 "    effects: []\n")
    cat = load_catalog([f])
    assert cat.races["ratmen"].tokens == 9 and cat.races["ratmen"].name == "Rat Horde"
    assert len(cat.races) == 14


BROKEN = {
    "unknown effect": (
        "races:\n  gnomes:\n    tokens: 5\n    effects:\n      - {cost_chnage: {amount: 1}}\n",
        ":5: unknown effect 'cost_chnage' for race 'gnomes' (did you mean 'cost_change'?); known effects: ",
        "berserk"),
    "unknown parameter": (
        "races:\n  gnomes:\n    tokens: 5\n    effects:\n      - {cost_change: {amout: 1}}\n",
        ":5: race 'gnomes': unknown parameter 'amout' for effect 'cost_change' (did you mean 'amount'?); "
        "known parameters: ",
        "amount"),
    "wrong kind of parameter": (
        "powers:\n  lonely:\n    tokens: 3\n    effects:\n      - {heroes: {count: two}}\n",
        ":5: power 'lonely': parameter 'count' of effect 'heroes' must be a whole number", "'two'"),
    "unknown terrain": (
        "races:\n  gnomes:\n    tokens: 5\n    effects: [{coins_for_regions: {where: {terrains: [lava]}}}]\n",
        ":4: race 'gnomes': effect 'coins_for_regions': 'where' terrains cannot be 'lava'", "accepted: farmland, forest, hill"),
    "an effect of earlier versions": (
        "races:\n  gnomes:\n    tokens: 5\n    effects: [{coins_per_terrain: {terrains: [hill]}}]\n",
        ":4: race 'gnomes': the effect 'coins_per_terrain' is now written", "coins_for_regions"),
    "bad tokens": (
        "powers:\n  sappers:\n    tokens: many\n    effects: [berserk]\n",
        ":2: power 'sappers' needs 'tokens'", "whole number"),
    "bad box": (
        "races:\n  gnomes:\n    tokens: 5\n    box: 3\n",
        ":2: race 'gnomes': 'box' must be", "(5)"),
    "bad YAML": (
        "races:\n  gnomes:\n    tokens: 5\n    effects: [berserk\n  trolls: 1\n",
        ":5: not valid YAML", "indentation"),
    "unknown key": (
        "races:\n  gnomes:\n    tokens: 5\n    colour: red\n",
        ":4: unknown key 'colour' for race 'gnomes'; known keys: ", "effects"),
    "unknown section": (
        "races: {}\nmonsters:\n  gnomes: {tokens: 5}\n",
        ":2: unknown section 'monsters'", "'races:'"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_content_file_gets_one_clear_line(case: str, tmp_path: Path) -> None:
    text, start, also = BROKEN[case]
    f = tmp_path / "my_races.yaml"
    f.write_text(text)
    with pytest.raises(ContentError) as err:
        load_catalog([f])
    msg = str(err.value)
    assert "\n" not in msg
    assert msg.startswith(f"{f}{start}"), msg
    assert also in msg, msg


def test_the_scenario_runner_reports_a_broken_content_file_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "my_races.yaml"
    f.write_text(BROKEN["unknown effect"][0])
    code = scenario_main(["--content", str(f), str(CUSTOM_SCENARIOS)])
    out = capsys.readouterr().err                 # an error goes to stderr
    assert code == 2
    assert out.count("\n") == 1 and "Traceback" not in out
    assert f"{f}:5: unknown effect 'cost_chnage' for race 'gnomes'" in out


def test_a_small_file_read_twice_gives_two_catalogs_and_a_big_one_is_read_once(tmp_path: Path) -> None:
    """A caller may narrow the catalog it got (tests keep a few races of a file): the next
    caller of the same small file still gets all of it. A file of thousands of entries, slow to
    read, is read once while unchanged."""
    from game.content.catalog import load_catalog
    from tests.big_content import write_big_content
    small = write_big_content(tmp_path / "small.yaml", 20)
    first = load_catalog([small])
    everything = set(first.races)
    first.races = {k: v for k, v in first.races.items() if k == "ratmen"}
    again = load_catalog([small])
    assert again is not first and set(again.races) == everything
    big = write_big_content(tmp_path / "big.yaml", 1200)
    assert load_catalog([big]) is load_catalog([big])


def test_an_effect_written_again_gives_each_entry_a_block_of_its_own_as_if_made_afresh(tmp_path: Path) -> None:
    path = tmp_path / "twins.yaml"
    effects = "[{cost_change: {amount: -1, where: {terrains: [hill]}}}, {coins_if: {amount: 2}}, stout]"
    path.write_text("races:\n" + "".join(f"  r{i}: {{tokens: 5, effects: {effects}}}\n" for i in range(3))
                    + "  other: {tokens: 5, effects: [{cost_change: {where: {terrains: [hill]}, amount: -1}}]}\n",
                    encoding="utf-8")
    cat = load_catalog([path])
    blocks = [cat.abilities[f"r{i}"] for i in range(3)]
    for made in zip(*blocks, strict=True):
        assert len({id(b) for b in made}) == 3                 # each entry its own
        fresh = REGISTRY[made[0].name](**dict(made[0].given))         # the parameters as written
        for b in made:
            assert type(b) is type(fresh) and pickle.dumps(b) == pickle.dumps(fresh)
    # the same parameters in another order: made afresh in that order
    assert list(cat.abilities["other"][0].p) == list(REGISTRY["cost_change"](where={"terrains": ["hill"]},
                                                                             amount=-1).p)
