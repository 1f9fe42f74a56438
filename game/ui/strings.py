"""Every word the window shows, looked up by key in `assets/strings/<lang>.yaml`.

This module owns the strings table and the one function the rest of the UI calls, `t(key, **fmt)`:
the text of `key` in the current language (English if the language lacks it), with `{name}`
placeholders filled from `fmt`. A key missing everywhere comes back as the key itself, so a typo
is visible on screen and caught by the strings test, never a crash. It also names the game's
things for a player: races, powers, terrains, cost parts (`race_name`, `power_name`,
`cost_sum`...), preferring a translated name from the table and falling back to the content's
own name for custom races. It does not draw and does not import pygame.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

import yaml

STRINGS_DIR = Path(__file__).resolve().parents[2] / "assets" / "strings"
DEFAULT_LANG = "en"

_tables: dict[str, dict[str, str]] = {}
_lang = os.environ.get("SMALLWORLD_LANG", DEFAULT_LANG)


def _flatten(prefix: str, node: Any, out: dict[str, str]) -> None:
    if isinstance(node, Mapping):
        for k, v in node.items():
            _flatten(f"{prefix}.{k}" if prefix else str(k), v, out)
    elif node is not None:
        out[prefix] = str(node)


def table(lang: str) -> dict[str, str]:
    """The flat key -> text table of a language (empty if it has no file)."""
    if lang not in _tables:
        path = STRINGS_DIR / f"{lang}.yaml"
        flat: dict[str, str] = {}
        try:
            with open(path, encoding="utf-8") as f:
                _flatten("", yaml.safe_load(f) or {}, flat)
        except (OSError, yaml.YAMLError):
            flat = {}
        _tables[lang] = flat
    return _tables[lang]


def set_language(lang: str) -> None:
    global _lang
    _lang = lang


def language() -> str:
    return _lang


def has(key: str) -> bool:
    return key in table(_lang) or key in table(DEFAULT_LANG)


def t(key: str, **fmt: Any) -> str:
    """The text of `key`, placeholders filled; the key itself when nobody knows it."""
    text = table(_lang).get(key)
    if text is None:
        text = table(DEFAULT_LANG).get(key, key)
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def tn(key: str, n: int, **fmt: Any) -> str:
    """`t` for a sentence about `n` things: `key_one` when n is 1 and the table has it."""
    if n == 1 and has(f"{key}_one"):
        return t(f"{key}_one", **fmt)
    return t(key, **fmt)


# -- names of the game's things -----------------------------------------------------------
def race_name(catalog: Any, race: str | None) -> str:
    if not race:
        return ""
    if race == "lost_tribe":
        return t("race.lost_tribe")
    key = f"race.{race}"
    if has(key):
        return t(key)
    r = getattr(catalog, "races", {}).get(race)
    return r.name if r is not None else race.replace("_", " ").title()


def power_name(catalog: Any, power: str | None) -> str:
    if not power:
        return ""
    key = f"power.{power}"
    if has(key):
        return t(key)
    p = getattr(catalog, "powers", {}).get(power)
    return p.name if p is not None else power.replace("_", " ").title()


def race_text(catalog: Any, race: str) -> str:
    key = f"race_text.{race}"
    if has(key):
        return t(key)
    r = getattr(catalog, "races", {}).get(race)
    return r.text if r is not None else ""


def power_text(catalog: Any, power: str) -> str:
    key = f"power_text.{power}"
    if has(key):
        return t(key)
    p = getattr(catalog, "powers", {}).get(power)
    return p.text if p is not None else ""


def combo_name(catalog: Any, race: str, power: str | None) -> str:
    if not power:
        return race_name(catalog, race)
    return t("combo.name", power=power_name(catalog, power), race=race_name(catalog, race))


def terrain_name(terrain: str) -> str:
    return t(f"terrain.{terrain}")


def feature_name(feature: str) -> str:
    return t(f"feature.{feature}")


def cost_label(label: str, catalog: Any = None, race: str | None = None, power: str | None = None) -> str:
    """A cost part's name: a rules word (mountain, lost tribe...) or the race/power giving it."""
    key = f"cost.{label}"
    if has(key):
        return t(key)
    if catalog is not None:
        for owner, name_of in ((race, race_name), (power, power_name)):
            if owner and any(getattr(a, "name", None) == label
                             for a in catalog.abilities.get(owner, ())):
                return name_of(catalog, owner).lower()
    return label.replace("_", " ")


def cost_sum(cost: Any, catalog: Any = None, race: str | None = None, power: str | None = None) -> str:
    """"2 + 1 mountain + 1 lost tribe − 1 commando = 3 tokens" in the current language."""
    parts = list(cost.parts)
    text = str(parts[0][1]) if parts else "0"
    for label, n in parts[1:]:
        sign = "+" if n > 0 else "−"
        text += f" {sign} {abs(n)} {cost_label(label, catalog, race, power)}"
    return t("cost.sum", sum=text, total=cost.total) if cost.total != 1 else t("cost.sum_one", sum=text)
