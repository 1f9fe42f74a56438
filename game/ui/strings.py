"""Every word the window shows, looked up by key in `assets/strings/<lang>.yaml`.

This module owns the strings table and the one function the rest of the UI calls, `t(key, **fmt)`:
the text of `key` in the current language (English if the language lacks it: the gap is logged
once and listed by `missing()`), with `{name}` placeholders filled from `fmt`. A key missing
everywhere comes back as the key itself, so a typo is visible on screen and caught by the
strings test, never a crash. It also names the game's things for a player: races, powers,
terrains, cost parts (`race_name`, `power_name`, `cost_sum`...), preferring a translated name
from the table and falling back to the content's own name for custom races; and it says the
engine's refusals and the loaders' one-line errors (`Reason`s) in the current language
(`say`). It does not draw and does not import pygame.

The English table is `en.yaml` plus what English already has elsewhere, so nothing is written
twice: `reason.<key>` from the templates in `game/rules/reasons.py`, and `race_text.<id>` /
`power_text.<id>` from the base races and powers (`assets/content/`). The other languages
(`LANGUAGES`) carry all of those keys in their own file.
"""
from __future__ import annotations

import logging
import os
import re
from pathlib import Path
from typing import Any, Mapping

import yaml

from game import resources
from game.content.bounded import FileRefused, load_yaml
from game.rules import COUNT_PARAM, TEMPLATES, HasReason, Reason, as_reason, badge_of, lent_parts

STRINGS_DIR = resources.ASSETS / "strings"
CONTENT_DIR = resources.CONTENT
DEFAULT_LANG = "en"
LANGUAGES: tuple[str, ...] = ("en", "ro", "nl", "fr")

log = logging.getLogger(__name__)

#: libyaml's safe loader when PyYAML has it (ten times faster: the start screen reads all four
#: languages before its first frame), else the pure-Python one; both read the same safe YAML
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_tables: dict[str, dict[str, str]] = {}
_lang = os.environ.get("SMALLWORLD_LANG", DEFAULT_LANG)
_missing: set[tuple[str, str]] = set()


def _flatten(prefix: str, node: Any, out: dict[str, str]) -> None:
    if isinstance(node, Mapping):
        for k, v in node.items():
            _flatten(f"{prefix}.{k}" if prefix else str(k), v, out)
    elif node is not None:
        out[prefix] = str(node)


def _read(path: Path) -> dict[str, str]:
    flat: dict[str, str] = {}
    try:
        _flatten("", load_yaml(path, "strings", _LOADER)[1] or {}, flat)
    except FileRefused as err:              # too big, too deep, not a file: said once in the log
        log.warning("%s", err)
        flat = {}
    except (OSError, ValueError, yaml.YAMLError):
        flat = {}
    return flat


def english_extras() -> dict[str, str]:
    """The English keys kept outside en.yaml: refusal templates and the rules texts of the base
    races and powers and of the published expansions' (`assets/content/expansions/`)."""
    out = {f"reason.{k}": v for k, v in TEMPLATES.items()}
    files = [CONTENT_DIR / "races.yaml", CONTENT_DIR / "powers.yaml"] + sorted((CONTENT_DIR / "expansions").glob("*.yaml"))
    for path in files:
        try:
            data = load_yaml(path, "content", _LOADER)[1] or {}
        except (OSError, ValueError, yaml.YAMLError):
            data = {}
        if path.parent == CONTENT_DIR:                  # races.yaml, powers.yaml: the entries themselves
            data = {f"{path.stem}": data}
        for section, kind in (("races", "race"), ("powers", "power")):
            entries = data.get(section) if isinstance(data, Mapping) else None
            for cid, d in (entries or {}).items() if isinstance(entries, Mapping) else ():
                if isinstance(d, Mapping) and d.get("text"):
                    out.setdefault(f"{kind}_text.{cid}", str(d["text"]))
    return out


def table(lang: str) -> dict[str, str]:
    """The flat key -> text table of a language (empty if it has no file)."""
    if lang not in _tables:
        flat = _read(STRINGS_DIR / f"{lang}.yaml")
        if lang == DEFAULT_LANG:
            for k, v in english_extras().items():
                flat.setdefault(k, v)
        _tables[lang] = flat
    return _tables[lang]


def set_language(lang: str) -> None:
    """Speak `lang` from now on (an unknown code falls back to English)."""
    global _lang
    _lang = lang if lang in LANGUAGES else DEFAULT_LANG


def language() -> str:
    return _lang


def language_name(lang: str) -> str:
    """A language's name in that language ("Română"), for the chooser."""
    return table(lang).get(f"lang.{lang}") or table(DEFAULT_LANG).get(f"lang.{lang}", lang)


def missing() -> list[tuple[str, str]]:
    """(language, key) pairs looked up and not found in that language, in order of discovery."""
    return sorted(_missing)


def _report(lang: str, key: str) -> None:
    if (lang, key) not in _missing:
        _missing.add((lang, key))
        log.warning("strings: %s has no %r; showing %s", lang,  key,
                    "the English" if key in table(DEFAULT_LANG) else "the key")


def has(key: str) -> bool:
    return key in table(_lang) or key in table(DEFAULT_LANG)


def lookup(key: str) -> str | None:
    """The text of `key` in the current language, else English (reported), else None."""
    text = table(_lang).get(key)
    if text is None:
        if _lang != DEFAULT_LANG or key not in table(DEFAULT_LANG):
            _report(_lang, key)
        text = table(DEFAULT_LANG).get(key)
    return text


def t(key: str, **fmt: Any) -> str:
    """The text of `key`, placeholders filled; the key itself when nobody knows it."""
    text = lookup(key)
    if text is None:
        text = key
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def plural_form(lang: str, n: int) -> str:
    """Which form a count takes in `lang`: "one", "few" or "other". English and Dutch: one for 1;
    French: one for 0 and 1 ("0 jeton"); Romanian: one for 1, few for 0 and 2-19 (and any number
    ending in 01-19 past 100), other for 20 and up, which adds "de" ("20 de jetoane")."""
    n = abs(int(n))
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    if lang == "ro":
        if n == 1:
            return "one"
        return "few" if n == 0 or 1 <= n % 100 <= 19 else "other"
    return "one" if n == 1 else "other"


def tn(key: str, n: int, **fmt: Any) -> str:
    """`t` for a sentence about `n` things, in the form the language takes for `n`: `key_one`,
    `key_few` (Romanian) or `key` itself (the "other" form), each only if the table has it."""
    form = plural_form(_lang, n)
    if form != "other" and (f"{key}_{form}" in table(_lang)
                            or (form == "one" and n == 1 and has(f"{key}_one"))):
        return t(f"{key}_{form}", **fmt)
    return t(key, **fmt)


def _counted_form(message: Reason) -> Reason:
    """A counted refusal (made by `reason_n`) under the key of the form the current language
    takes for its count: `key_one`, `key_few` (Romanian) or `key`, as `tn` chooses for strings."""
    n = message.params.get(COUNT_PARAM)
    if not isinstance(n, int):
        return message
    base = message.key[:-len("_one")] if message.key.endswith("_one") else message.key
    form = plural_form(_lang, n)
    key = base
    if form != "other" and f"reason.{base}_{form}" in table(_lang):
        key = f"{base}_{form}"
    return message if key == message.key else Reason(str(message), key, message.params)


def say(message: Any, state: Any = None) -> str:
    """A refusal or an error for a player, in the current language: a `Reason` (or an exception
    carrying one) is rebuilt from its key and parameters, naming regions by their display name
    (from `state`'s board) and races and powers by their translated names; anything else is
    shown as it is. English, or a Reason without a key, reads exactly as the engine wrote it."""
    if message is None:
        return ""
    if isinstance(message, (HasReason, Reason)):
        message = as_reason(message)
    elif isinstance(message, BaseException):
        return str(message)
    if not isinstance(message, Reason) or not message.key or _lang == DEFAULT_LANG:
        return str(message)
    message = _counted_form(message)
    cat = getattr(state, "catalog", None)
    board = getattr(state, "board", None)

    def template_of(key: str) -> str | None:
        found = table(_lang).get(f"reason.{key}")
        if not found:
            _report(_lang, f"reason.{key}")
            return None
        return found

    def value_of(name: str, value: Any) -> str:
        if name.startswith("region") and board is not None:
            return region_name(board, value)
        if name.startswith("race"):
            return race_name(cat, str(value))
        if name.startswith("power"):
            return power_name(cat, str(value))
        return str(value)

    return message.render(template_of, value_of)


# -- names of the game's things -----------------------------------------------------------
def _published(kind: str, cid: str, name: str) -> bool:
    """A race or power of a published expansion, named as its pack names it: its name is
    translated like a base one's (a custom entry the author named otherwise keeps its name)."""
    return table(DEFAULT_LANG).get(f"{kind}.{cid}") == name


def published_name(kind: str, name: str) -> str:
    """A published race's or power's name as its pack file writes it (`kind` "race" or
    "power"), in the current language; any other name as it is."""
    english = table(DEFAULT_LANG)
    key = next((k for k, v in english.items() if v == name and k.startswith(f"{kind}.")), None)
    return t(key) if key is not None else name


def _own_words(entry: Any, field: str) -> str | None:
    """A custom entry's own word in the current language (`names:` / `texts:` in its file), if
    it gives one."""
    words = dict(getattr(entry, field, ()) or ())
    return words.get(_lang) if isinstance(words.get(_lang), str) else None


def race_name(catalog: Any, race: str | None) -> str:
    if not race:
        return ""
    if race == "lost_tribe":
        return t("race.lost_tribe")
    r = getattr(catalog, "races", {}).get(race)
    if r is not None and getattr(r, "custom", False) and not _published("race", race, r.name):
        return _own_words(r, "names") or r.name    # a custom race speaks its author's languages
    key = f"race.{race}"
    if has(key):
        return t(key)
    return r.name if r is not None else race.replace("_", " ").title()


def _lent_names(catalog: Any, power: str) -> str:
    """" + Dwarves" for the races (or powers) a race holds for a while besides its badge."""
    badge = badge_of(power)
    names = [race_name(catalog, x) if x in getattr(catalog, "races", {}) else power_name(catalog, x)
             for x in lent_parts(power) if x != badge]
    return "".join(f" + {n}" for n in names)


def power_name(catalog: Any, power: str | None) -> str:
    if not power:
        return ""
    if badge_of(power) != power:                 # a race's ability borrowed besides the badge
        return power_name(catalog, badge_of(power)) + _lent_names(catalog, power)
    p = getattr(catalog, "powers", {}).get(power)
    if p is not None and getattr(p, "custom", False) and not _published("power", power, p.name):
        return _own_words(p, "names") or p.name
    key = f"power.{power}"
    if has(key):
        return t(key)
    return p.name if p is not None else power.replace("_", " ").title()


def power_title(catalog: Any, power: str | None) -> str:
    """A power's name standing alone, as a title: "Cu Dragon", "Des Forêts" (in a combo it
    stays as the language writes it: "Troli cu Dragon")."""
    name = power_name(catalog, power)
    return name[:1].upper() + name[1:]


def _rules_text(kind: str, entry: Any, cid: str) -> str:
    """The rules text of a race or power (`kind`) in the current language: a published one's from
    the strings tables; a custom one's own (`texts:` in its language, else its `text`)."""
    key = f"{kind}_text.{cid}"
    published = entry is None or table(DEFAULT_LANG).get(key) == getattr(entry, "text", None)
    if entry is not None and getattr(entry, "custom", False) and not published:
        return _own_words(entry, "texts") or entry.text
    if has(key):
        return t(key)
    return entry.text if entry is not None else ""


def race_text(catalog: Any, race: str) -> str:
    return _rules_text("race", getattr(catalog, "races", {}).get(race), race)


def power_text(catalog: Any, power: str) -> str:
    power = badge_of(power) or ""
    return _rules_text("power", getattr(catalog, "powers", {}).get(power), power)


def race_grammar(race: str) -> str:
    """A race's gender and number in the current language, as a form's name: "mpl" (the
    default), "fpl", "msg", "fsg" (`race_gender.<race>`, `race_number.<race>` in the table)."""
    words = table(_lang)
    gender = words.get(f"race_gender.{race}", "m")
    number = words.get(f"race_number.{race}", "pl")
    return f"{gender}{number}"


def power_agreeing(catalog: Any, power: str, race: str) -> str:
    """The power's name in the form that agrees with the race ("Dames Blanches Corrompues",
    "Doamne Albe Corupte"): `power_form.<power>.<form>` when the language has it, else its name."""
    form = race_grammar(race)
    p = getattr(catalog, "powers", {}).get(power)
    custom = p is not None and getattr(p, "custom", False) and not _published("power", power, p.name)
    if form != "mpl" and not custom:
        found = table(_lang).get(f"power_form.{power}.{form}")
        if found:
            return found
    return power_name(catalog, power)


def combo_name(catalog: Any, race: str, power: str | None) -> str:
    if not power:
        return race_name(catalog, race)
    if badge_of(power) != power:                 # "Commando Mimics + Trolls": a race's ability borrowed
        return combo_name(catalog, race, badge_of(power)) + _lent_names(catalog, power)
    return joined(t("combo.name", power=power_agreeing(catalog, power, race), race=race_name(catalog, race)))


def joined(name: str) -> str:
    """A combo's name with a hyphenated prefix joined to the word after it: "Were-" and
    "Wizards" make "Were-Wizards", not "Were- Wizards"."""
    return re.sub(r"(?<=\w)- ", "-", name)


def region_name(board: Any, rid: Any) -> str:
    """A region's name in the current language, as its map gives it (`label_fr`...), else its
    own name; the id itself for a region the board does not have."""
    try:
        region = board.region(str(rid))
    except (KeyError, AttributeError):
        return str(rid)
    name_in = getattr(region, "name_in", None)
    return str(name_in(_lang)) if callable(name_in) else str(region.display_name)


def map_title(name: str) -> str:
    """A map's name in the current language: `map_name.<name in snake case>` for the shipped
    maps, the map's own name (as its author wrote it in Tiled) for any other."""
    key = "map_name." + "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_")
    return t(key) if has(key) else name


def terrain_name(terrain: str) -> str:
    return t(f"terrain.{terrain}")


def feature_name(feature: str) -> str:
    return t(f"feature.{feature}")


def cost_label(label: str, catalog: Any = None, race: str | None = None, power: str | None = None) -> str:
    """A cost part's name: a rules word (mountain, lost tribe...) or the race/power giving it
    (the engine labels an effect's part with the race or power id: "− 1 commando")."""
    key = f"cost.{label}"
    if has(key):
        return t(key)
    if catalog is not None:
        if label in getattr(catalog, "races", {}):
            return race_name(catalog, label)
        if label in getattr(catalog, "powers", {}):
            return power_name(catalog, label)
        for owner, name_of in ((race, race_name), (power, power_name)):
            if owner and any(getattr(a, "name", None) == label
                             for a in catalog.abilities.get(owner, ())):
                return name_of(catalog, owner)
    return label.replace("_", " ")


def cost_sum(cost: Any, catalog: Any = None, race: str | None = None, power: str | None = None) -> str:
    """"2 + 1 mountain + 1 lost tribe − 1 commando = 3 tokens" in the current language."""
    parts = list(cost.parts)
    text = str(parts[0][1]) if parts else "0"
    for label, n in parts[1:]:
        sign = "+" if n > 0 else "−"
        text += f" {sign} {abs(n)} {cost_label(label, catalog, race, power)}"
    return tn("cost.sum", cost.total, sum=text, total=cost.total)
