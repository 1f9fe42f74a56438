"""The window's remembered choices (language, first-game hints, the Expert computer player's
thinking time, animation speed, computer speed, sound (on, volume, music), the last table seated on the start screen),
in `settings.json` beside the saves
(`game.saves.data_dir()`).

Small and forgiving: a missing or damaged file means the defaults, and a file that cannot be
written is simply not remembered (the game goes on). Written atomically like the saves.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from game.saves import data_dir

DEFAULTS: dict[str, Any] = {"lang": None, "hints": True, "expert_seconds": 2.0, "animation": "normal",
                            "bots_fast": False, "sound": True, "table": None,
                            "volume": 0.7, "music": False}   # the sound: game.ui.sound
EXPERT_SECONDS = (0.2, 10.0)        # the Expert computer player's thinking time per decision


def volume(prefs: dict[str, Any]) -> float:
    """The remembered volume, 0 to 1 (anything else: the default)."""
    v = prefs.get("volume")
    if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1:
        return float(v)
    return float(DEFAULTS["volume"])


def expert_seconds(prefs: dict[str, Any]) -> float:
    """The Expert's seconds per decision from the remembered choices: a number within
    `EXPERT_SECONDS`, else the default (a hand-edited file must not break a game)."""
    v = prefs.get("expert_seconds")
    lo, hi = EXPERT_SECONDS
    if isinstance(v, (int, float)) and not isinstance(v, bool) and lo <= v <= hi:
        return float(v)
    return float(DEFAULTS["expert_seconds"])


def path() -> Path:
    return data_dir() / "settings.json"


def load() -> dict[str, Any]:
    """The remembered choices, with the defaults for anything not remembered."""
    out = dict(DEFAULTS)
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out
    if isinstance(data, dict):
        out.update({k: v for k, v in data.items() if k in DEFAULTS})
    return out


def save(**changes: Any) -> None:
    """Remember `changes` (e.g. `lang="ro"`) on top of what is remembered already."""
    data = load()
    data.update(changes)
    p = path()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="settings.", suffix=".tmp", dir=p.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        os.replace(tmp, p)
    except OSError:
        pass
