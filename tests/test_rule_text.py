"""Show what the game plays: under a race's or power's own text, the help and the right-click
card say the rule as its blocks make it, in the player's language, from each block's sentence.

Every block has a sentence in the four languages and says every one of its parameters (in the
sentence or in a clause of its own); every shipped race and power, the expansions' included,
is said in the four languages with every placeholder filled and no key missing; the card shows
the generated lines under the author's text; a designer's marker is called by its name."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content.catalog import load_catalog
from game.content.packs import shipped_packs
from game.rules.abilities import REGISTRY
from game.ui import strings
from game.ui.help import rules_lines
from game.ui.rule_text import VARIANTS, block_sentence, rule_sentences

ROOT = Path(__file__).resolve().parents[1]
LANGS = strings.LANGUAGES


def _catalog():
    return load_catalog([ROOT / p.path for p in shipped_packs()])


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_every_block_has_a_sentence_that_says_every_parameter() -> None:
    en = strings.table("en")
    for name, cls in sorted(REGISTRY.items()):
        keys = [k for k in en if k == f"block.{name}" or k.startswith(f"block.{name}_")]
        keys = [k for k in keys if k[len("block."):] == name or k[len(f"block.{name}_"):] not in REGISTRY]
        assert f"block.{name}" in en, f"{name} has no sentence"
        keys += [f"blockword.{k}_{v}" for k, values in cls.choices.items() for v in values
                 if f"blockword.{k}_{v}" in en]        # the words of a parameter may say another
        said = set().union(*(_placeholders(en[k]) for k in keys))
        for k in cls.params:
            if f"clause.{name}_{k}" in en or (name in VARIANTS and VARIANTS[name][0] == k):
                continue
            if any(f"clause.{name}_{k}_{w}" in en for w in cls.choices.get(k, ())):
                continue                       # a clause for each word that needs saying
            named = {k, f"{k}_coins", f"{k}_tokens", f"{k}_abs_tokens", f"{k}_markers", f"{k}_size"}
            assert said & named, f"{name}: the sentence never says {k!r} and it has no clause"


@pytest.mark.parametrize("lang", LANGS)
def test_every_shipped_race_and_power_is_said_in_the_language(lang: str) -> None:
    catalog = _catalog()
    strings.set_language(lang)
    try:
        before = set(strings.missing())
        count = 0
        for kind, table in (("race", catalog.races), ("power", catalog.powers)):
            for cid, entry in table.items():
                said = rule_sentences(catalog, kind, cid)
                assert len(said) == len(entry.effects), cid
                for line in said:
                    count += 1
                    assert line and "{" not in line and "}" not in line, (lang, cid, line)
                    assert "block." not in line and "clause." not in line and "blockword." not in line, line
        assert set(strings.missing()) == before, sorted(set(strings.missing()) - before)
        assert count >= 90
    finally:
        strings.set_language("en")


def test_numbers_take_their_unit_and_conditions_their_words() -> None:
    catalog = _catalog()
    assert block_sentence(catalog, "cost_change", {"amount": -1, "where": {"terrains": ["hill", "farmland"]}}) == \
        "Conquering a region (Hill / Farmland) costs 1 token fewer."
    assert block_sentence(catalog, "cost_change", {"amount": 2, "when": "even_round"}) == \
        "Conquering a region costs 2 tokens more in even rounds."
    said = block_sentence(catalog, "tokens_at_redeploy",
                          {"per": "conquest", "victim": "any", "where": {"terrains": ["mountain"]}})
    assert said == "At redeployment, 1 token from the tray for each region (Mountain) conquered this turn " \
                   "from anyone, empty regions too."
    said = block_sentence(catalog, "coins_for_regions", {"where": {"occupant": ["lost_tribe", "in_decline"]},
                                                         "in_decline": True})
    assert said == "At the end of your turn, 1 coin for each of your regions (held by a Lost Tribe / a race " \
                   "In Decline). It works In Decline too."
    assert "a Snowdrift marker" in block_sentence(catalog, "markers_per_region", {"marker": "snowdrift"})


def test_the_card_shows_the_rule_as_played_under_the_author_text() -> None:
    catalog = _catalog()
    lines = [line[0] for line in rules_lines(catalog, "giants", "diplomat")]
    text = strings.race_text(catalog, "giants")
    at = lines.index(text)
    assert lines[at + 1] == "As the game plays it:"
    assert lines[at + 2] == "• Conquering a region (next to one of your Mountain regions) costs 1 token fewer."
    assert "• " + block_sentence(catalog, "diplomat", {}) in lines
    strings.set_language("fr")
    try:
        lines = [line[0] for line in rules_lines(catalog, "giants", None)]
        assert "Tel que le jeu le joue\u00a0:" in lines
        assert "• Conquérir une région (à côté d’une de vos régions Montagne) coûte 1 pion de moins." in lines
    finally:
        strings.set_language("en")
