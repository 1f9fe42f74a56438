"""Our own invented races and powers (docs/examples/invented.yaml), made of the building blocks
alone: the file loads, every entry has a scenario in docs/examples/invented that checks the game
plays it as its text says, those scenarios pass, every entry's rule is said in the four
languages, and random games with them (all in the stacks) keep every invariant."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.content.catalog import load_catalog
from game.rules import new_game
from game.rules.invariants import check
from game.rules.playout import random_playout
from game.scenario import main as scenario_main
from game.ui import strings
from game.ui.rule_text import rule_sentences
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"
SCENARIOS = ROOT / "docs" / "examples" / "invented"


def _names(eid: str, text: str) -> bool:
    return re.search(rf"\b(race|power): {eid}\b", text) is not None


def _ours():
    cat = load_catalog([INVENTED])
    return cat, sorted(r for r, d in cat.races.items() if d.custom), sorted(p for p, d in cat.powers.items() if d.custom)


def test_the_invented_set_loads_and_each_entry_has_a_scenario() -> None:
    _, races, powers = _ours()
    assert len(races) + len(powers) >= 42
    texts = [p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.yaml"))]
    for eid in races + powers:
        assert any(_names(eid, t) for t in texts), f"{eid} has no scenario"


def _in_words(n: int) -> str:
    units = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
             "sixteen seventeen eighteen nineteen").split()
    tens = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy", 8: "eighty", 9: "ninety"}
    if n >= 100:
        return "one hundred" + (f" and {_in_words(n % 100)}" if n % 100 else "")
    if n < 20:
        return units[n]
    return tens[n // 10] + (f"-{units[n % 10]}" if n % 10 else "")


def test_the_counts_said_of_the_invented_set_are_its_entries() -> None:
    """The file's header and the guide say how many entries the file holds: as many as it has."""
    import yaml
    text = INVENTED.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    count = len(data["races"]) + len(data["powers"])
    header = re.match(r"# Races and powers of our own \((\d+)\)", text)
    assert header is not None and int(header.group(1)) == count, (header and header.group(0), count)
    guide = (ROOT / "docs" / "custom-races.md").read_text(encoding="utf-8")
    assert f"`docs/examples/invented.yaml` holds {_in_words(count)} races and powers" in guide, count


def test_the_scenarios_of_the_invented_set_pass(capsys) -> None:
    code = scenario_main([str(SCENARIOS)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().endswith(f"{len(list(SCENARIOS.glob('*.yaml')))} passed, 0 failed")


def test_the_invented_set_is_said_in_four_languages() -> None:
    cat, races, powers = _ours()
    try:
        for lang in strings.LANGUAGES:
            strings.set_language(lang)
            for kind, ids in (("race", races), ("power", powers)):
                for eid in ids:
                    said = rule_sentences(cat, kind, eid)
                    assert said and all("{" not in s for s in said), (lang, eid, said)
    finally:
        strings.set_language("en")


def test_random_games_with_the_invented_set_keep_every_invariant() -> None:
    cat, races, powers = _ours()
    cat.races = {k: v for k, v in cat.races.items() if v.custom or k in ("ratmen", "trolls", "orcs")}
    cat.powers = {k: v for k, v in cat.powers.items() if v.custom or k in ("hill", "stout", "flying")}
    for seed in range(8):
        rng = random.Random(seed)
        start = new_game(BOARDS["grid"](), [f"p{i}" for i in range(2 + seed % 3)], cat, rng)

        def on_step(before, after, rec, seed=seed) -> None:  # type: ignore[no-untyped-def]
            bad = check(after, round_trip=False)
            assert not bad, f"seed {seed}: {rec.action}: {bad}"

        end, _ = random_playout(start, rng, on_step)
        assert end.game_over


@pytest.mark.slow
def test_each_scenario_fails_without_the_effects_of_its_entry(tmp_path: Path) -> None:
    """The scenarios check the entries' effects, not the base rules: with an entry's effects
    taken away, one of its scenarios fails."""
    import yaml

    from game.content.catalog import default_catalog
    from game.scenario import run_file
    data = yaml.safe_load(INVENTED.read_text(encoding="utf-8"))
    scenarios = {p: p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.yaml"))}
    for kind in ("races", "powers"):
        for eid in data[kind]:
            changed = {k: {i: dict(d) for i, d in v.items()} for k, v in data.items()}
            changed[kind][eid]["effects"] = []
            here = tmp_path / eid                   # a folder each: the runner keeps what it read
            (here / "invented").mkdir(parents=True)
            (here / "invented.yaml").write_text(yaml.safe_dump(changed), encoding="utf-8")
            mine = [(p, text) for p, text in scenarios.items() if _names(eid, text)]
            results = []
            for p, text in mine:
                copy = here / "invented" / p.name
                copy.write_text(text, encoding="utf-8")
                results.append(run_file(copy, default_catalog())[0])
            assert mine and not all(results), f"{eid}: its scenarios pass without its effects"
