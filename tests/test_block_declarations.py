"""Never ignore a word: every block declares what it honours (`params` and their kinds,
`choices`, `only_with`, whether `in_decline` changes anything), and a content file giving a
block anything else is refused with the file, the line, the accepted values and the nearest
("did you mean").

The refusals are generated from the declarations, for every registered block: an unknown
parameter, each parameter with a value of the wrong kind, each word parameter with a misspelt
word, each parameter that needs another's value given without it, `in_decline: true` where it
changes nothing, and a misspelt key and terrain in each `where:` condition. All the refusals of
one block are made in one file and reported in one run. A control loads each block as declared.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from game.content.catalog import ContentError, load_catalog
from game.rules.abilities import REGISTRY, Ability, honours_decline, where_params

BLOCKS = sorted(REGISTRY)


def _wrong_kind(default: Any) -> Any:
    if isinstance(default, bool):
        return "yes"
    if isinstance(default, int):
        return "two"
    if isinstance(default, str):
        return 5
    if isinstance(default, list):
        return "attack"
    return "forest"                       # a word where a `where:` mapping is taken


def _other_value(cls: Any, other: str, honoured: tuple[Any, ...]) -> Any:
    """A value of `other` with which the parameter that needs it does nothing."""
    for v in cls.choices.get(other, ()):
        if v not in honoured:
            return v
    default = cls.params[other]
    if isinstance(default, bool):
        return not honoured[0]
    raise AssertionError(f"{cls.name}: no value of {other} outside {honoured}")


def unhonoured(name: str) -> list[tuple[dict[str, Any], list[str]]]:
    """(parameters, words the refusal must contain) for everything block `name` does not honour."""
    cls = REGISTRY[name]
    cases: list[tuple[dict[str, Any], list[str]]] = [
        ({"amout": 1}, ["unknown parameter 'amout'", "known parameters"]),
    ]
    for k, default in cls.params.items():
        cases.append(({k: _wrong_kind(default)}, [f"'{k}'", name]))
    for k, accepted in cls.choices.items():
        good = str(accepted[0])
        cases.append(({k: good + "s"}, [f"'{k}' cannot be '{good}s'", f"did you mean '{good}'", "accepted:"]))
    for k, (other, values) in cls.only_with.items():
        cases.append(({k: cls.params[k], other: _other_value(cls, other, values)},
                      [f"'{k}' does nothing unless {other} is"]))
    if not honours_decline(cls):
        for flag in ("in_decline", "only_in_decline"):
            cases.append(({flag: True}, [f"{flag}: true does nothing for it"]))
    for k in where_params(cls):
        cases.append(({k: {"terrains": ["mountains"]}},
                      [f"'{k}' terrains cannot be 'mountains'", "did you mean 'mountain'", "accepted:"]))
        cases.append(({k: {"terain": ["hill"]}}, [f"'{k}' has no key 'terain'", "did you mean 'terrain"]))
        cases.append(({k: {"occupant": ["lost_tribes"]}}, ["occupant cannot be 'lost_tribes'",
                                                           "did you mean 'lost_tribe'"]))
    return cases


@pytest.mark.parametrize("name", BLOCKS)
def test_every_word_a_block_does_not_honour_is_refused_in_one_run(name: str, tmp_path: Path) -> None:
    cases = unhonoured(name)
    races = {f"case{i}": {"tokens": 5, "effects": [{name: params}]} for i, (params, _) in enumerate(cases)}
    path = tmp_path / "refused.yaml"
    path.write_text(yaml.safe_dump({"races": races}, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    lines = [str(p) for p in caught.value.problems]
    text = path.read_text(encoding="utf-8").splitlines()
    for i, (params, words) in enumerate(cases):
        mine = [line for line in lines if f"race 'case{i}':" in line]
        assert mine, f"{name} {params}: loaded without a word"
        line = next((m for m in mine if all(w in m for w in words)), None)
        assert line is not None, f"{name} {params}: {mine} lacks {words}"
        assert line.startswith(f"{path}:")
        number = int(line[len(str(path)) + 1:].split(":")[0])
        assert name in text[number - 1], (line, text[number - 1])          # the effect's own line


#: the parameters a block cannot act without (its default says nothing, and is refused)
NEEDED: dict[str, dict[str, object]] = {"trigger": {"do": [{"coins": {"amount": 1}}]},
                                        "lasting": {"by": -1, "then": [{"coins": {"from": "me", "to": "bank"}}]}}


@pytest.mark.parametrize("name", BLOCKS)
def test_every_block_loads_as_declared(name: str, tmp_path: Path) -> None:
    cls = REGISTRY[name]
    params = {k: v for k, v in cls.params.items() if k not in cls.only_with}
    params.update(NEEDED.get(name, {}))
    effects: list[Any] = [{name: params}]
    if cls.markers_needed is not Ability.markers_needed and "marker" in cls.params:   # counts or moves a marker
        params["marker"] = "flag"                                                      # placed too
        effects.append({"markers_per_region": {"marker": "flag"}})
    path = tmp_path / "sound.yaml"
    path.write_text(yaml.safe_dump({"races": {"sound": {"tokens": 5, "effects": effects}}}),
                    encoding="utf-8")
    catalog = load_catalog([path])
    assert "sound" in catalog.races


def test_the_cases_the_designer_met_are_refused_or_honoured(tmp_path: Path) -> None:
    path = tmp_path / "designer.yaml"
    path.write_text(
        "races:\n"
        "  climbers:\n    tokens: 5\n    effects:\n"
        "      - {tokens_at_redeploy: {per: conquest, victim: any, where: {terrains: [mountain]}}}\n"
        "      - {coins_on_conquest: {where: {occupant: [lost_tribe, in_decline, active]}}}\n"
        "  wrong:\n    tokens: 5\n    effects:\n"
        "      - {coins_for_regions: {where: {terrains: [mountains]}}}\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    assert len(caught.value.problems) == 1
    assert "did you mean 'mountain'" in str(caught.value.problems[0])
    path.write_text(path.read_text(encoding="utf-8").replace("[mountains]", "[mountain]"), encoding="utf-8")
    load_catalog([path])


def test_a_repeated_id_is_reported_with_the_errors_of_the_first_file(tmp_path: Path) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text("races:\n  yetis:\n    tokens: 5\n    effects: [{cost_change: {when: evenround}}]\n",
                     encoding="utf-8")
    second.write_text("races:\n  yetis:\n    tokens: 4\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([first, second])
    lines = [str(p) for p in caught.value.problems]
    assert any(line.startswith(f"{first}:4:") and "did you mean 'even_round'" in line for line in lines)
    assert any(line.startswith(f"{second}:2:") and "is given twice" in line for line in lines), lines
