"""The four languages: the same keys everywhere, every glyph in the shipped fonts, and every
string fits the box it is drawn in at 1280×800.

- Romanian, Dutch and French have exactly the keys English has (en.yaml, the refusal templates
  of `game/rules/reasons.py`, the rules texts of the base races and powers), with the same
  placeholders; Romanian uses ș and ț with a comma below.
- A key missing in a language falls back to English and is reported.
- Every string of every language renders with each DejaVu font without a missing glyph.
- Strings drawn in fixed boxes fit at 1280×800: every combo name in the column, every refusal
  and hint on the message line, the labels of a full row of buttons, the first-game hints, the
  one-line errors on their card. (`test_i18n_screens.py` drives the screens themselves.)
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import functools  # noqa: E402
import re  # noqa: E402
import string  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from game.content.catalog import default_catalog, load_catalog  # noqa: E402
from game.content.tmx import SHIPPED_MAPS, load_map  # noqa: E402
from game.rules import TEMPLATES, Reason, reason  # noqa: E402
from game.ui import strings  # noqa: E402
from game.ui.layout import compute  # noqa: E402
from game.ui.theme import FONT_DIR, Fonts, Text  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PACKS = sorted(str(p) for p in (ROOT / "assets" / "content" / "expansions").glob("*.yaml"))
OTHERS = ("ro", "nl", "fr")
ERRORS = ("param_", "catalog_", "content_", "board_", "map_", "pattern_", "save_", "replay_", "chance_",
          "setup_", "cli_")
WORDS = ("word_", "kind_")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    strings.set_language("en")


def flat(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    strings._flatten("", yaml.safe_load((strings.STRINGS_DIR / f"{lang}.yaml").read_text(encoding="utf-8")), out)
    return out


def fields(s: str) -> set[tuple[str, str | None]]:
    return {(f, conv) for _, f, _, conv in string.Formatter().parse(s) if f is not None}


#: a language's own grammar of combo names (a race's gender and number, a power's forms)
GRAMMAR = ("race_gender.", "race_number.", "power_form.")


# -- keys ------------------------------------------------------------------------------------------
def test_english_has_every_reason_and_every_base_rules_text():
    en = strings.table("en")
    cat = default_catalog()
    assert all(f"reason.{k}" in en for k in TEMPLATES)
    assert all(f"race_text.{r}" in en for r in cat.races) and all(f"power_text.{p}" in en for p in cat.powers)
    assert all(f"lang.{code}" in en for code in strings.LANGUAGES)


@pytest.mark.parametrize("lang", OTHERS)
def test_a_language_has_exactly_the_keys_english_has(lang):
    en, other = strings.table("en"), flat(lang)
    assert sorted(set(en) - set(other)) == [], f"{lang}.yaml misses keys English has"
    extra = [k for k in set(other) - set(en)
             if not (k.endswith("_few") and k[:-len("_few")] in en and lang == "ro")
             and not k.startswith(GRAMMAR)]
    assert sorted(extra) == [], f"{lang}.yaml has keys English lacks (only Romanian has a _few form, and a " \
                                f"language its own grammar of combo names)"
    reasons = [k[len("reason."):] for k in other if k.startswith("reason.") and k not in extra]
    assert sorted(r for r in reasons if not (lang == "ro" and r.endswith("_few"))) == sorted(TEMPLATES)


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_are_the_same_as_in_english(lang):
    en, other = strings.table("en"), flat(lang)
    wrong = [k for k in en if k in other and fields(en[k]) != fields(other[k])]
    assert wrong == []


def test_romanian_writes_s_and_t_with_a_comma_below():
    ro = flat("ro")
    cedilla = [k for k, v in ro.items() if re.search("[şţŞŢ]", v)]
    assert cedilla == []
    text = " ".join(ro.values())
    assert all(c in text for c in "șțăâî")


def test_a_missing_key_falls_back_to_english_and_is_reported(monkeypatch):
    strings.set_language("ro")
    monkeypatch.setitem(strings._tables, "ro", {k: v for k, v in flat("ro").items() if k != "button.undo"})
    strings._missing.discard(("ro", "button.undo"))
    assert strings.t("button.undo") == "Undo"
    assert ("ro", "button.undo") in strings.missing()
    assert strings.t("button.redeploy") == "Redistribuie"
    strings._missing.discard(("ro", "button.undo"))           # this gap was made up for the test


def test_a_refusal_is_said_in_the_players_language():
    import random

    from game.rules import new_game
    board = load_map(SHIPPED_MAPS[2]).board
    s = new_game(board, ["Ana", "Bogdan"], default_catalog(), random.Random(1))
    sea = next(r.id for r in board.regions if r.terrain == "sea")
    r = reason("water_sea", s, region=sea)
    name = board.region(sea).name_in("ro")                  # the map's Romanian name of the region
    assert name != board.region(sea).display_name
    strings.set_language("ro")
    assert strings.say(r, s) == f"{name} este o mare: Mările și Lacurile nu pot fi cucerite"
    strings.set_language("fr")
    assert strings.say(reason("race_not_in", s, race="ratmen", region=sea), s).startswith(
        "Votre peuple (Hommes-rats) ne tient pas")
    strings.set_language("en")
    assert strings.say(r, s) == str(r)


# -- glyphs ----------------------------------------------------------------------------------------
def every_string() -> dict[str, str]:
    out: dict[str, str] = {}
    for lang in strings.LANGUAGES:
        table = strings.table("en") if lang == "en" else flat(lang)
        out.update({f"{lang}:{k}": v for k, v in table.items()})
    code = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "game" / "ui").rglob("*.py"))
    out["ui code"] = "".join(sorted({c for c in code if ord(c) > 127}))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("font", sorted(Fonts.FILES.values()))
def test_every_string_of_every_language_has_its_glyphs_in_the_font(font):
    pygame.font.init()
    f = pygame.font.Font(str(FONT_DIR / font), 16)
    missing = {}
    for key, text in every_string().items():
        chars = sorted(set(text) - {"\n"})
        metrics = f.metrics("".join(chars))
        gone = [c for c, m in zip(chars, metrics, strict=False) if m is None]
        if gone:
            missing[key] = gone
    assert missing == {}


def test_the_fonts_ship_with_their_licence():
    assert (FONT_DIR / "LICENSE-DejaVu.txt").is_file()


# -- what fits at 1280×800 ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def text() -> Text:
    pygame.font.init()
    return Text(Fonts())


@pytest.fixture(scope="module")
def L():
    md = load_map(SHIPPED_MAPS[2])
    return compute(1280, 800, md.width, md.height)


def longest(values) -> str:
    return max(values, key=len)


@functools.lru_cache(maxsize=None)
def region_names() -> tuple[str, ...]:
    return tuple(r.display_name for n in SHIPPED_MAPS for r in load_map(SHIPPED_MAPS[n]).board.regions)


def sample(lang: str, key: str, template: str) -> dict[str, object]:
    """Long but realistic values for a template's placeholders."""
    cat = default_catalog()
    regions = region_names()
    race = max(cat.races, key=lambda r: len(strings.race_name(cat, r)))
    power = max(cat.powers, key=lambda p: len(strings.power_name(cat, p)))
    out: dict[str, object] = {}
    for f, _ in fields(template):
        if f.startswith("region"):
            out[f] = longest(regions)
        elif f.startswith("race"):
            out[f] = race
        elif f.startswith("power"):
            out[f] = power
        elif f.startswith("player") or f in ("name", "attacker", "ally"):
            out[f] = "Alexandra"
        elif f in ("path", "where", "first", "label", "error"):
            out[f] = "maps/my_maps/five_players.tmx"
        else:
            out[f] = 18
    return out


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_combo_name_fits_its_row_in_the_column(lang, text, L):
    from game.ui.panels import combo_rects, name_lines
    strings.set_language(lang)
    cat = load_catalog(PACKS)              # the base races and powers and every published one
    rect = combo_rects(L)[0]
    icon = rect.h - L.px(10)
    name_w = rect.right - L.px(52) - (rect.x + icon + L.px(12)) - L.px(4)
    panel_w = L.player.inflate(-L.px(8), 0).w - L.px(34) - L.px(30)
    text.overflows.clear()
    for r in cat.races:
        for p in cat.powers:
            name = strings.combo_name(cat, r, p)
            name_lines(text, name, name_w, L)
            name_lines(text, name, panel_w, L)
    assert text.overflows == []


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_refusal_and_hint_fits_the_message_line(lang, text, L):
    from game.ui.panels import message_lines
    strings.set_language(lang)
    width = L.bar.w - L.px(28)
    text.overflows.clear()
    for key, template in TEMPLATES.items():
        if key.startswith(ERRORS + WORDS):
            continue
        r = Reason(template.format(**sample("en", key, template)), key, sample(lang, key, template))
        message_lines(text, strings.say(r), L, width, "bold")
    table = strings.table("en")
    for key in table:
        if key.startswith(("hint.", "msg.")):
            message_lines(text, strings.t(key, **sample(lang, key, table[key])), L, width, "regular")
    for key in ("msg.use_reinforce",):
        message_lines(text, strings.t(key, **sample(lang, key, table[key])), L, width - L.px(200), "bold")
    assert text.overflows == []


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_a_full_row_of_buttons_fits_the_bar(lang, text, L):
    strings.set_language(lang)
    size = L.px(15)

    def w(key: str) -> int:
        return max(L.px(88), text.size(strings.t(key), size, "bold")[0] + L.px(26))

    powers = max(w(f"button.{k}") for k in ("berserk_roll", "ghouls", "dragon", "enchant", "fortress",
                                             "encampments", "heroes", "ally"))
    row = [w("button.undo"), w("button.reinforce"), w("button.abandon"), powers, w("button.redeploy"),
           max(w("button.decline"), w("button.confirm_decline")), w("button.end_turn")]
    assert sum(row) + L.px(8) * (len(row) - 1) <= L.bar.w - L.px(24)
    # the Stout power adds its own button at the end of a turn, with fewer beside it
    stout = [w("button.undo"), w("button.redeploy"), w("button.reset"), w("button.stout_decline"),
             w("button.end_turn"), powers]
    assert sum(stout) + L.px(8) * (len(stout) - 1) <= L.bar.w - L.px(24)
    peek = L.player.w - L.px(28) - L.px(12)
    assert text.size(strings.t("button.peek"), size, "bold")[0] <= peek


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_first_game_hint_leaves_room_for_the_log(lang, text, L):
    from game.ui.panels import hint_height
    strings.set_language(lang)
    area = L.log.inflate(-L.px(8), -L.px(8))
    for key in strings.table("en"):
        if key.startswith("first.") and key not in ("first.title", "first.how_off"):
            hint = strings.t(key) + (" " + strings.t("first.decline") if key == "first.conquer" else "")
            assert hint_height(text, L, hint, area.w) <= area.h - L.px(60), key


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_every_one_line_error_fits_its_card(lang, text):
    strings.set_language(lang)
    ui = 1.0
    width = round(680 * ui) - round(80 * ui)
    title = text.wrap(strings.t("save.unreadable_title"), 26, round(680 * ui) - round(60 * ui), "bold")
    title_h = len(title) * text.fonts.get(26, "bold").get_linesize()
    body_top = max(34 + title_h + 24, 96)                  # as NoticeScene.draw lays it out
    room = (400 + 120) - (210 + body_top)                  # a 380-high card centred in 800: buttons at +120
    line_h = text.fonts.get(16).get_linesize() + 2
    for key, template in TEMPLATES.items():
        if not key.startswith(ERRORS):
            continue
        r = Reason(template, key, sample(lang, key, template))
        body = strings.t("save.unreadable_body", reason=strings.say(r), kept="autosave.unreadable-20250101-120000.json",
                         folder="/home/someone/.local/share/smallworld-table")
        assert len(text.wrap(body, 16, width)) * line_h <= room, key


def test_every_event_and_cost_part_the_engine_records_has_words():
    """The engine records events and cost parts as ids; the log and the cost sum name them."""
    import random

    from game.rules import COST_LABELS, EVENT_TYPES, apply, cost_of, legal_actions, new_game
    from game.ui.logtext import event_line
    cat = default_catalog()
    board = load_map(SHIPPED_MAPS[3]).board
    seen: set[str] = set()
    labels: set[str] = set()
    rng = random.Random(4)
    s = new_game(board, ["Ana", "Bo", "Cy"], cat, rng)
    for _ in range(600):
        legal = legal_actions(s)
        if not legal:
            break
        if s.players[s.turn.seat].active is not None:
            for r in board.regions[:8]:
                labels |= {label for label, _ in cost_of(s, s.turn.seat, r.id).parts}
        s, rec = apply(s, rng.choice(legal), rng)
        for ev in rec.events:
            seen.add(ev["type"])
            for lang in strings.LANGUAGES:
                strings.set_language(lang)
                event_line(ev, s)
    assert seen <= set(EVENT_TYPES)
    assert [k for lg, k in strings.missing() if k.startswith("log.")] == []
    assert all(f"cost.{c}" in strings.table("en") for c in COST_LABELS)
    assert labels - set(COST_LABELS) <= set(cat.races) | set(cat.powers)


@pytest.mark.parametrize("lang,n,want", [
    ("en", 1, "one"), ("en", 0, "other"), ("en", 2, "other"), ("nl", 1, "one"), ("nl", 0, "other"),
    ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 2, "other"),
    ("ro", 1, "one"), ("ro", 0, "few"), ("ro", 2, "few"), ("ro", 19, "few"), ("ro", 20, "other"),
    ("ro", 101, "few"), ("ro", 120, "other")])
def test_each_language_takes_its_plural_form(lang, n, want):
    assert strings.plural_form(lang, n) == want


def test_counts_agree_with_their_nouns_in_every_language():
    cases = {"en": [(1, "player.hand", "1 token in hand"), (2, "player.hand", "2 tokens in hand")],
             "fr": [(0, "player.hand", "0 pion en main"), (1, "player.hand", "1 pion en main"),
                    (2, "player.hand", "2 pions en main")],
             "ro": [(1, "player.hand", "1 jeton în mână"), (3, "player.hand", "3 jetoane în mână"),
                    (20, "player.hand", "20 de jetoane în mână")],
             "nl": [(1, "player.hand", "1 fiche in de hand"), (4, "player.hand", "4 fiches in de hand")]}
    try:
        for lang, rows in cases.items():
            strings.set_language(lang)
            for n, key, want in rows:
                assert strings.tn(key, n, tokens=n) == want, (lang, n)
        strings.set_language("en")
        assert strings.tn("log.die_fail", 1, name="Ann", face=0, region="Hill", needed=1).endswith("1 was needed")
        assert strings.tn("log.bonus_tokens", 1, troop="Ann's Elves", tokens=1).endswith("1 more token")
    finally:
        strings.set_language("en")


def test_every_romanian_few_form_has_its_other_form_with_de():
    ro = flat("ro")
    for k, v in ro.items():
        if k.endswith("_few"):
            assert ro[k[:-len("_few")]] != v and " de " in ro[k[:-len("_few")]], k


def test_the_published_expansions_races_and_powers_are_named_in_every_language(tmp_path):
    cat = load_catalog(PACKS)
    english = strings.table("en")
    for kind, entries in (("race", cat.races), ("power", cat.powers)):
        for cid, entry in entries.items():
            assert english.get(f"{kind}.{cid}") == entry.name, f"en.yaml has no {kind}.{cid}: {entry.name!r}"
    try:
        strings.set_language("fr")
        assert strings.combo_name(cat, "goblins", "marauding") == "Gobelins Maraudeurs"
        from game.content.packs import shipped_packs
        from game.ui.scenes.packs import pack_contents
        cursed = next(p for p in shipped_packs() if p.id == "cursed")
        assert pack_contents(cursed)[0] == "2 peuples\u00a0: Gobelins, Kobolds"
        strings.set_language("nl")
        assert strings.combo_name(cat, "white_ladies", "wise") == "Wijze Witte Dames"
        assert strings.combo_name(cat, "wizards", "were") == "Weer-Magiërs"
        strings.set_language("ro")
        assert strings.combo_name(cat, "pixies", "stone") == "Zâne de Piatră"
        # the Romanian word of the printed rules (eroi) as an adjective agreeing with the race
        assert strings.combo_name(cat, "dwarves", "heroic") == "Pitici Eroici"
        assert strings.combo_name(cat, "amazons", "heroic") == "Amazoane Eroice"
        assert strings.combo_name(cat, "mummies", "soul_touch") == "Mumii Atinse de Suflet"
        strings.set_language("en")
        assert strings.combo_name(cat, "wizards", "were") == "Were-Wizards"     # a prefix joins its race
        assert strings.combo_name(cat, "wizards", "hordes_of") == "Hordes of Wizards"
        # a custom race its author named otherwise keeps the author's name
        own = tmp_path / "mine.yaml"
        own.write_text("races:\n  goblins:\n    name: Gobbos\n    tokens: 6\n    text: Ours.\n", encoding="utf-8")
        assert strings.race_name(load_catalog([str(own)]), "goblins") == "Gobbos"
    finally:
        strings.set_language("en")


def test_the_shipped_maps_are_named_in_every_language():
    try:
        for players, path in SHIPPED_MAPS.items():
            name = load_map(path).name
            strings.set_language("en")
            assert strings.map_title(name) == name, players
            for lang in OTHERS:
                strings.set_language(lang)
                assert strings.map_title(name) != name, (lang, name)
        assert strings.map_title("My Own Valley") == "My Own Valley"
    finally:
        strings.set_language("en")


def test_a_race_that_enters_anywhere_is_not_told_to_start_on_the_edge():
    import random

    from game.rules import Pick, apply, new_game
    from game.ui.help import first_hint
    board = load_map(SHIPPED_MAPS[2]).board
    s = new_game(board, ["Ana", "Bogdan"], default_catalog(), random.Random(1))
    s.column[0].race = "halflings"
    s.column[1].race = "elves"
    s.column[1].power = "alchemist"
    strings.set_language("en")
    after, _ = apply(s, Pick(0), random.Random(1))
    assert first_hint(after, 0, [], "conquer") == strings.t("first.conquer_anywhere")
    after, _ = apply(s, Pick(1), random.Random(1))
    assert first_hint(after, 0, [], "conquer") == strings.t("first.conquer_first")


@pytest.mark.parametrize("lang,n,expected", [
    ("en", 1, "Needs 1 token, you have 0"),
    ("en", 3, "Needs 3 tokens, you have 0"),
    ("fr", 1, "Il faut 1 pion, vous en avez 0"),
    ("fr", 3, "Il faut 3 pions, vous en avez 0"),
    ("nl", 1, "Er is 1 fiche nodig, je hebt er 0"),
    ("ro", 1, "Este necesar 1 jeton, tu ai 0"),
    ("ro", 3, "Sunt necesare 3 jetoane, tu ai 0"),
    ("ro", 20, "Sunt necesare 20 de jetoane, tu ai 0"),
])
def test_a_counted_refusal_takes_the_form_its_language_needs(lang, n, expected):
    from game.rules.reasons import reason_n
    strings.set_language(lang)
    try:
        assert strings.say(reason_n("needs_tokens", n, cost=n, hand=0)) == expected
    finally:
        strings.set_language("en")


def test_french_zero_takes_the_singular_in_a_refusal():
    from game.rules.reasons import reason_n
    strings.set_language("fr")
    try:
        said = strings.say(reason_n("tokens_to_place", 0, need=0, have=2))
        assert said == "Vous avez 0 pion à placer, pas 2"
    finally:
        strings.set_language("en")
