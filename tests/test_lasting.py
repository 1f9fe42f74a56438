"""The rule language's `lasting` ability (game/rules/abilities/lasting.py): every word that could
never act is refused when the file loads, in one line naming the file, the effect's line and the
word; the quantities it changes are read where the engine asks them (a conquest's price, with
its parts labelled; the defender's side of it, `for: attacker`; a score; a redeploy), its
conditions are read each time, and each quantity is said in the player's language."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.content.catalog import ContentError, load_catalog
from game.rules import new_game
from game.rules.abilities.lasting import QUANTITIES, Lasting
from game.rules.pricing import cost_of
from game.ui import strings
from game.ui.rule_text import block_sentence
from tests.boards import BOARDS

#: (the lasting ability's parameters, a word its refusal must name)
REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"change": "conquest_cost", "by": 1}, "conquest_price"),                 # did you mean
    ({"change": "conquest_price"}, "one of them"),                            # neither by nor to
    ({"change": "conquest_price", "by": 0}, "one of them"),
    ({"change": "conquest_price", "by": 1, "to": 2}, "one of them"),
    ({"change": "die_bonus", "to": 2}, "only with 'by'"),
    ({"change": "tokens_at_redeploy", "to": 2}, "only with 'by'"),
    ({"change": "attack_strength", "to": 1}, "other than 1"),
    ({"change": "defence_strength", "to": 0}, "above 0"),
    ({"change": "attack_strength", "to": "1/0"}, "1/2"),
    ({"change": "attack_strength", "by": -1}, "1 or more"),
    ({"change": "region_coins", "by": -2}, "-1 or more"),
    ({"change": "region_coins", "to": 1}, "the rule's own"),
    ({"change": "least_per_region", "to": 1}, "the rule's own"),
    ({"change": "lost_when_attacked", "to": 1}, "the rule's own"),
    ({"change": "pass_over_price", "to": 1}, "the rule's own"),
    ({"change": "conquest_price", "to": 0}, "1 or more"),
    ({"change": "conquest_price", "by": 200}, "200"),                           # absurd
    ({"change": "die_bonus", "by": 1, "for": "attacker"}, "for: attacker"),
    ({"change": "conquest_price", "to": 2, "for": "attacker"}, "for: attacker"),
    ({"change": "conquest_price", "by": 1, "for": "defender"}, "defender"),
    ({"change": "conquest_price", "by": 1, "while": {"terrain": ["hill"]}}, "terrain"),
    ({"change": "conquest_price", "by": 1, "while": ["hill"]}, "mapping of conditions"),
    ({"change": "least_per_region", "to": 2, "while": {"where": {"terrains": ["hill"]}}}, "never read"),
    ({"change": "lost_when_attacked", "to": 0, "while": {"where": {"terrains": ["hill"]}}}, "never read"),
    ({"change": "pass_over_price", "to": 2, "while": {"when": "even_round"}}, "never read"),
    ({"change": "region_coins", "by": 1, "while": {"where": {"occupant": "lost_tribe"}}}, "occupant"),
    ({"change": "conquest_price", "by": 1, "for": "attacker", "while": {"where": {"occupant": "active"}}},
     "occupant"),
    ({"change": "conquest_price", "by": 1, "while": {"where": {"terrains": ["hill"], "not_terrains": ["hill"]}}},
     "never hold"),
    ({"change": "die_bonus", "by": 1, "while": {"where": {"coastal": True, "not_coastal": True}}}, "never hold"),
    ({"change": "die_bonus", "by": 1, "while": {"regions": {"at_least": 5, "at_most": 2}}}, "never hold"),
    ({"change": "die_bonus", "by": 1, "while": {"coins": {"at_least": 0}}}, "always holds"),
    ({"change": "die_bonus", "by": 1, "while": {"tokens_in_hand": {"more_than": 2}}}, "at_least and/or at_most"),
    ({"change": "die_bonus", "by": 1, "while": {"when": "full_moon"}}, "full_moon"),
    ({"change": "die_bonus", "by": 1, "while": {"where": {"terrains": ["hil"]}}}, "hill"),
    ({"change": "die_bonus", "by": 1, "while": {"where": {"occupant": "nobody"}}}, "nobody"),  # no such race
    ({"change": "region_coins", "by": 1, "then": [{"coins": {"amount": 1}}]}, "'then' is for conquest_price"),
    ({"change": "conquest_price", "by": -1, "then": []}, "then"),
    ({"change": "conquest_price", "by": -1, "then": [{"coins": {"amount": 0}}]}, "coins amount"),
]


def test_every_word_a_lasting_ability_cannot_act_with_is_refused_in_one_line(tmp_path: Path) -> None:
    races = {f"case{i}": {"tokens": 5, "effects": [{"lasting": params}]} for i, (params, _) in enumerate(REFUSED)}
    path = tmp_path / "lasting.yaml"
    path.write_text(yaml.safe_dump({"races": races}, sort_keys=False, width=300), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    lines = [str(p) for p in caught.value.problems]
    text = path.read_text(encoding="utf-8").splitlines()
    for i, (params, word) in enumerate(REFUSED):
        mine = [line for line in lines if f"race 'case{i}':" in line]
        assert len(mine) == 1, (params, mine)
        line = mine[0]
        assert word in line, f"{params}: {line} does not name {word!r}"
        number = int(line[len(str(path)) + 1:].split(":")[0])
        assert "lasting" in text[number - 1], (line, text[number - 1])       # the effect's own line


def test_the_sound_forms_load(tmp_path: Path) -> None:
    sound = [{"change": q, "by": 1} for q, spec in QUANTITIES.items() if spec.by_least is not None] + [
        {"change": "attack_strength", "to": "1/2"}, {"change": "defence_strength", "to": 3},
        {"change": "conquest_price", "to": 1, "while": {"where": {"terrains": ["hill"]}}},
        {"change": "conquest_price", "by": -1, "for": "attacker", "while": {"when": "odd_round"}},
        {"change": "region_coins", "by": -1, "while": {"where": {"terrains": ["swamp"]}}},
        {"change": "lost_when_attacked", "by": -1, "while": {"tokens_in_hand": {"at_most": 2}}},
        {"change": "die_bonus", "by": 1, "while": {"where": {"occupant": "ratmen"}}},
    ]
    races = {f"sound{i}": {"tokens": 5, "effects": [{"lasting": p}]} for i, p in enumerate(sound)}
    path = tmp_path / "sound.yaml"
    path.write_text(yaml.safe_dump({"races": races}), encoding="utf-8")
    assert {f"sound{i}" for i in range(len(sound))} <= set(load_catalog([path]).races)


def _game(tmp_path: Path, effects: list[dict[str, Any]]):  # type: ignore[no-untyped-def]
    path = tmp_path / "walls.yaml"
    path.write_text(yaml.safe_dump({"races": {"walls": {"name": "Walls", "tokens": 5, "effects": effects}}}),
                    encoding="utf-8")
    cat = load_catalog([path])
    s = new_game(BOARDS["grid"](), ["ann", "bob"], cat, random.Random(1))
    return s


def _hold(s, seat: int, race: str, rid: str, tokens: int) -> None:  # type: ignore[no-untyped-def]
    from game.rules.state import RaceHold
    p = s.player_w(seat)
    p.active = RaceHold(race=race, power="stout", hand=5)
    r = s.reg_w(rid)
    r.owner, r.race, r.tokens, r.lost_tribe = seat, race, tokens, 0


def test_for_attacker_adds_to_what_an_opponent_pays_and_says_so_in_the_parts(tmp_path: Path) -> None:
    s = _game(tmp_path, [{"lasting": {"change": "conquest_price", "by": 1, "for": "attacker"}}])
    rid = next(iter(s.board.index))
    _hold(s, 1, "walls", rid, 2)
    _hold(s, 0, "ratmen", next(r for r in s.board.index if r != rid), 1)
    cost = cost_of(s, 0, rid)
    assert ("walls", 1) in cost.parts, cost.parts
    assert cost.total == sum(n for _, n in cost.parts)


def test_a_lasting_ability_answers_only_the_hook_of_its_quantity() -> None:
    for change, hook in (("region_coins", "score"), ("die_bonus", "die_bonus"),
                         ("tokens_at_redeploy", "redeploy_bonus")):
        ab = Lasting(change=change, by=1)
        assert hook not in ab.quiet_hooks()
        assert {"cost_modifier", "flat_price", "attack_strength", "defence_added"} <= ab.quiet_hooks()
    price = Lasting(change="conquest_price", by=-1)
    assert "cost_modifier" not in price.quiet_hooks() and "die_bonus" in price.quiet_hooks()
    s = new_game(BOARDS["grid"](), ["ann", "bob"], load_catalog([]), random.Random(1))   # compiled: a real state
    rid = next(iter(s.board.index))
    assert price.flat_price(s, 0, rid) is None and price.die_bonus(s, 0, rid) == 0
    walls = Lasting(change="conquest_price", by=1, **{"for": "attacker"})
    assert not {"defence_added", "defence_strength"} & walls.quiet_hooks()


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_quantity_is_said_in_every_language(lang: str) -> None:
    from game.content.catalog import default_catalog
    cat = default_catalog()
    strings.set_language(lang)
    try:
        for change, q in QUANTITIES.items():
            forms: list[dict[str, Any]] = []
            if q.by_least is not None:
                forms.append({"change": change, "by": 2})
                if q.by_least < 0:
                    forms.append({"change": change, "by": -1})
            if q.to_least is not None:
                forms.append({"change": change, "to": 2})
            for p in forms:
                p["while"] = {"coins": {"at_most": 3}} if q.position else {}
                said = block_sentence(cat, "lasting", p)
                assert "{" not in said and "block." not in said and "lasting." not in said, (lang, p, said)
    finally:
        strings.set_language("en")


def test_the_computer_players_value_a_lasting_ability_as_the_block_that_changes_its_quantity() -> None:
    from game.bots.knowledge import BoardFacts, Traits, effect_traits
    facts = BoardFacts.of(BOARDS["grid"]())
    hills = {"terrains": ["hill"]}
    for block, lasting in (
            (("cost_change", {"amount": -1, "where": hills}), {"change": "conquest_price", "by": -1,
                                                                "while": {"where": hills}}),
            (("die_modifier", {"add": 1, "when": "even_round"}), {"change": "die_bonus", "by": 1,
                                                                   "while": {"when": "even_round"}}),
            (("token_strength", {"side": "attack", "tokens": 2, "count_as": 3}), {"change": "attack_strength",
                                                                                   "to": "3/2"}),
            (("coins_for_regions", {"amount": 1, "where": hills}), {"change": "region_coins", "by": 1,
                                                                     "while": {"where": hills}})):
        name, params = block
        assert effect_traits("lasting", lasting, False, facts) == effect_traits(name, params, False, facts) != Traits()
    half = effect_traits("lasting", {"change": "region_coins", "by": 2, "while": {"coins": {"at_most": 3}}},
                         False, facts)
    assert half.region_bonus == effect_traits("coins_for_regions", {"amount": 2}, False, facts).region_bonus / 2
    walls = effect_traits("lasting", {"change": "conquest_price", "by": 1, "for": "attacker"}, False, facts)
    assert walls.defense > 0
