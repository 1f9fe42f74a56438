"""Every word of the expansions in the player's language: the published races' and powers' names
and rules texts in ro, nl and fr, with no shown string falling back to English where the
language has it; combo names that agree with the race's gender (a small grammar per language);
and a custom content file that gives its own names and texts per language, falling back to its
own `name` and `text`."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.content.catalog import CONTENT_DIR, ContentError, load_catalog
from game.ui import strings

EXPANSIONS = sorted((CONTENT_DIR / "expansions").glob("*.yaml"))


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(EXPANSIONS)


@pytest.fixture(autouse=True)
def english_after():
    yield
    strings.set_language("en")


@pytest.mark.parametrize("lang", [lg for lg in strings.LANGUAGES if lg != "en"])
def test_no_race_or_power_falls_back_to_english(catalog, lang) -> None:
    own = strings.table(lang)
    english = {}
    strings.set_language("en")
    for r in catalog.races:
        english[("race", r)] = (strings.race_name(catalog, r), strings.race_text(catalog, r))
    for p in catalog.powers:
        english[("power", p)] = (strings.power_name(catalog, p), strings.power_text(catalog, p))
    strings.set_language(lang)
    before = set(strings.missing())
    for (kind, cid), (_name, text) in english.items():
        assert f"{kind}.{cid}" in own, f"{lang} has no name for the {kind} {cid}"
        assert f"{kind}_text.{cid}" in own, f"{lang} has no rules text for the {kind} {cid}"
        shown = (strings.race_text(catalog, cid) if kind == "race" else strings.power_text(catalog, cid))
        assert shown and shown != text, f"{lang}: the {kind} {cid} shows its English text"
        combo = strings.combo_name(catalog, cid, None) if kind == "race" else strings.power_name(catalog, cid)
        assert combo == own[f"{kind}.{cid}"]
    assert set(strings.missing()) == before          # nothing looked up fell back to English


@pytest.mark.parametrize("lang, race, power, want", [
    ("fr", "white_ladies", "corrupt", "Dames Blanches Corrompues"),
    ("fr", "trolls", "corrupt", "Trolls Corrompus"),
    ("fr", "amazons", "cursed", "Amazones Maudites"),
    ("fr", "amazons", "forest", "Amazones des Forêts"),          # a phrase: no forms
    ("ro", "white_ladies", "corrupt", "Doamne Albe Corupte"),
    ("ro", "skeletons", "immortal", "Schelete Nemuritoare"),      # a neuter plural takes the feminine
    ("ro", "trolls", "corrupt", "Troli Corupți"),
    ("nl", "white_ladies", "corrupt", "Corrupte Witte Dames"),
    ("en", "white_ladies", "corrupt", "Corrupt White Ladies"),
])
def test_combo_names_agree_with_the_race(catalog, lang, race, power, want) -> None:
    strings.set_language(lang)
    assert strings.combo_name(catalog, race, power) == want


def test_every_power_form_belongs_to_a_known_power_and_race_gender_to_a_known_race(catalog) -> None:
    for lang in strings.LANGUAGES:
        table = strings.table(lang)
        for key in table:
            if key.startswith("power_form."):
                pid, form = key.split(".")[1:]
                assert pid in catalog.powers and form in ("fpl", "msg", "fsg"), (lang, key)
            if key.startswith("race_gender."):
                assert key.split(".")[1] in catalog.races and table[key] in ("m", "f"), (lang, key)


GNOMES = """races:
  gnomes:
    name: Gnomes
    tokens: 5
    text: Hills cost one token less.
    names: {fr: Gnomes des Bois, ro: Gnomi}
    texts: {fr: Les Collines coûtent un pion de moins.}
    effects:
      - {cost_change: {amount: -1, where: {terrains: [hill]}}}
powers:
  sappers:
    name: Sappers
    tokens: 4
    text: Mines cost one token less.
    names: {nl: Mijnwerkers}
    effects: [{cost_change: {amount: -1, where: {features: [mine]}}}]
"""


def test_a_content_file_gives_its_names_and_texts_per_language(tmp_path: Path) -> None:
    path = tmp_path / "gnomes.yaml"
    path.write_text(GNOMES, encoding="utf-8")
    cat = load_catalog([path])
    strings.set_language("fr")
    assert strings.race_name(cat, "gnomes") == "Gnomes des Bois"
    assert strings.race_text(cat, "gnomes") == "Les Collines coûtent un pion de moins."
    assert strings.power_name(cat, "sappers") == "Sappers"                 # no French name: its own
    assert strings.power_text(cat, "sappers") == "Mines cost one token less."
    strings.set_language("ro")
    assert strings.race_name(cat, "gnomes") == "Gnomi"
    assert strings.race_text(cat, "gnomes") == "Hills cost one token less."
    strings.set_language("nl")
    assert strings.combo_name(cat, "gnomes", "sappers") == "Mijnwerkers Gnomes"


def test_a_content_file_with_a_wrong_language_says_so_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "gnomes.yaml"
    path.write_text(GNOMES.replace("{fr: Gnomes des Bois, ro: Gnomi}", "{de: Zwerge}"), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_catalog([path])
    line = str(err.value.reason)
    assert "gnomes.yaml:6" in line and "'names'" in line and "en, ro, nl, fr" in line and "\n" not in line
