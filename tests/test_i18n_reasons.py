"""Refusals and one-line errors are keyed `Reason`s: the English text stays as it was, and the
key and parameters let the window say it in Romanian, Dutch or French.

Checks that every `reason("key")` in the code names a template and every template is used, that
the engine's refusals met in random games and the loaders' errors (broken maps, content files,
saves) all carry a key, and that a Reason renders in another language with nested parts.
"""
from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest

from game.content.catalog import ContentError, load_catalog
from game.content.tmx import MapError, load_map, map_for_players
from game.match import Match, SaveError
from game.rules import (
    TEMPLATES,
    Conquer,
    Decline,
    EndTurn,
    IllegalAction,
    Pick,
    Reason,
    Redeploy,
    apply,
    legal_actions,
    reason,
    why_illegal,
)
from game.rules.abilities import ParamError
from game.rules.reasons import reason_n

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
# keys built at run time: f"water_{terrain}", f"word_{kind}", kind_* from the parameter's kind...
DYNAMIC = re.compile(r"^(water_|enchant_water_|word_|kind_|param_unknown_\w+_discount$|setup_in_decline$"
                     r"|setup_active$|\w+_one$)")


def _code() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in GAME.rglob("*.py") if "ui" not in p.parts)


def test_every_reason_called_in_the_code_has_a_template() -> None:
    used = set(re.findall(r"reason(?:_n)?\(\s*\"([a-z0-9_]+)\"", _code()))
    assert used, "no reason() call found"
    assert sorted(used - set(TEMPLATES)) == []


def test_every_template_is_used() -> None:
    code = _code()
    unused = [k for k in TEMPLATES if f'"{k}"' not in code and not DYNAMIC.match(k)]
    assert unused == []


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_template_formats_with_its_own_fields(key: str) -> None:
    fields = {f for _, f, _, _ in string.Formatter().parse(TEMPLATES[key]) if f}
    r = reason(key, **{f: "x" for f in fields})
    assert isinstance(r, Reason) and r.key == key and r.params == {f: "x" for f in fields}


def test_reason_is_the_english_sentence_and_keeps_ids() -> None:
    r = reason("needs_tokens", cost=4, hand=2)
    assert r == "Needs 4 tokens, you have 2" and str(r) == "Needs 4 tokens, you have 2"
    assert type(str(r)) is str and r.params == {"cost": 4, "hand": 2}
    assert reason_n("combo_costs", 1, cost=1, coins=0).key == "combo_costs_one"
    err = IllegalAction(r)
    assert str(err) == "Needs 4 tokens, you have 2" and err.reason.key == "needs_tokens"
    assert IllegalAction("plain").reason.key == ""


def test_reason_renders_in_another_language_with_nested_parts() -> None:
    inner = reason("kind_int")
    outer = reason("param_kind", param="amount", effect="cost_change", want=inner, value="two")
    table = {"param_kind": "{param!r} / {effect!r}: {want} ≠ {value!r}", "kind_int": "un număr întreg"}
    assert outer.render(table.get) == "'amount' / 'cost_change': un număr întreg ≠ 'two'"
    assert outer.render({}.get) == str(outer)              # no translation: the English
    named = reason("not_adjacent", region="greyhill")
    assert named.render({"not_adjacent": "{region} — X"}.get, lambda n, v: v.upper()) == "GREYHILL — X"


def test_region_params_are_ids_and_the_english_names_them() -> None:
    from game.content.catalog import default_catalog
    from game.rules import new_game
    board = map_for_players(2).board
    s = new_game(board, ["Ann", "Bob"], default_catalog(), random.Random(1))
    rid = board.regions[0].id
    r = reason("already_hold", s, region=rid)
    assert r.params == {"region": rid} and board.region(rid).display_name in r
    r = reason("race_not_in", s, race="ratmen", region=rid)
    assert r.startswith("Your Ratmen do not hold") and r.params["race"] == "ratmen"


def test_refusals_met_in_random_games_are_all_keyed() -> None:
    from game.content.catalog import default_catalog
    from game.rules import new_game
    cat = default_catalog()
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        board = map_for_players(3).board
        s = new_game(board, ["Ann", "Bob", "Cy"], cat, rng)
        for _ in range(400):
            legal = legal_actions(s)
            if not legal:
                break
            probes = [Pick(rng.randrange(8)), Conquer(rng.choice(board.regions).id), Decline(),
                      EndTurn(decline=True), Redeploy.of({board.regions[0].id: 1})]
            for a in probes:
                why = why_illegal(s, a)
                if why is not None:
                    assert isinstance(why, Reason) and why.key in TEMPLATES, (a, why)
                    seen.add(why.key)
            s, _ = apply(s, rng.choice(legal), rng)
    assert len(seen) >= 8


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "tests/data/broken_maps").glob("*.tmx")))
def test_broken_map_errors_are_keyed(name: str) -> None:
    with pytest.raises(MapError) as e:
        load_map(ROOT / "tests/data/broken_maps" / name)
    assert e.value.reason.key in TEMPLATES


def test_content_and_param_errors_are_keyed(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("races:\n  gnomes: {tokens: 5, effects: [{cost_change: {amount: two}}]}\n")
    with pytest.raises(ContentError) as e:
        load_catalog([bad])
    r = e.value.reason
    assert r.key == "content_effect_error" and r.params["error"].key == "param_kind"
    assert "must be a whole number, not 'two'" in str(r)
    with pytest.raises(ParamError) as p:
        from game.rules.abilities import REGISTRY
        REGISTRY["coins_for_regions"](where={"terrains": ["lava"]})
    assert p.value.reason.key == "param_where_word"


def test_save_errors_are_keyed(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text("{not json")
    with pytest.raises(SaveError) as e:
        Match.load(path)
    assert e.value.reason.key == "save_damaged"
    path.write_text(json.dumps({"version": -1}))
    with pytest.raises(SaveError) as e:
        Match.load(path)
    assert e.value.reason.key == "save_version"
