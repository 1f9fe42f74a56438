"""The window's remembered choices (language, first-game hints, the Expert computer player's
thinking time, animation speed, computer speed, sound (on, volume, music), the last table seated on the start screen),
in `settings.json` beside the saves
(`game.saves.data_dir()`).

Small and forgiving: a missing or damaged file means the defaults, and a file that cannot be
written is simply not remembered (the game goes on). Written atomically like the saves; a
damaged file is kept aside (`settings-unreadable-N.json`), never written over.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from game.content.bounded import FileRefused, load_json
from game.rules import reason
from game.saves import data_dir
from game.ui.strings import say

DEFAULTS: dict[str, Any] = {"lang": None, "hints": True, "expert_seconds": 2.0, "animation": "normal",
                            "bots_fast": False, "sound": True, "table": None,
                            "volume": 0.7, "music": True}   # the sound: game.ui.sound
EXPERT_SECONDS = (0.2, 10.0)        # the Expert computer player's thinking time per decision, at least:
                                    # it also plays its floor of look-ahead games whatever the time
                                    # (game.bots.REGISTRY), so less time never makes it weaker than that


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
    """The remembered choices, with the defaults for anything not remembered. A file that is not
    a settings file (damaged, nested too deep, too big, not a file at all) is moved aside as
    `settings-unreadable-N.json` with one line on stderr, and the defaults are used; a file that
    cannot be read for its rights is left alone."""
    out = dict(DEFAULTS)
    p = path()
    try:
        data = load_json(p, "settings")
    except FileNotFoundError:
        return out
    except FileRefused as err:
        _set_aside(p, err.reason)
        return out
    except OSError:                    # its rights: left alone, the defaults this time
        return out
    except (ValueError, RecursionError, MemoryError):      # not JSON, not UTF-8
        _set_aside(p, reason("settings_p_not_json", path=str(p)))
        return out
    if not isinstance(data, dict):
        _set_aside(p, reason("settings_p_not_json", path=str(p)))
        return out
    out.update({k: v for k, v in data.items() if k in DEFAULTS})
    return out


def _set_aside(p: Path, problem: Any) -> None:
    """Move a settings file the game cannot use aside and say so in one line."""
    kept = _keep_aside(p)
    if kept is not None:
        line = reason("settings_kept_aside", problem=problem, kept=kept.name)
    else:
        line = reason("settings_ignored", problem=problem)
    try:
        print(say(line), file=sys.stderr)
    except (OSError, ValueError):
        pass


def save(**changes: Any) -> None:
    """Remember `changes` (e.g. `lang="ro"`) on top of what is remembered already (keys this
    version does not know are kept too). A file that is not a settings file (damaged, hand-edited
    badly) is kept aside as `settings-unreadable-N.json`, never written over; a file that cannot
    be read at all is left alone and nothing is remembered."""
    p = path()
    data: dict[str, Any] = {}
    try:
        parsed: Any = load_json(p, "settings")
    except FileNotFoundError:
        parsed = {}
    except FileRefused:                # too big, too deep, not a file: damaged
        parsed = None
    except OSError:                    # cannot be read (its rights): left alone, nothing remembered
        return
    except (ValueError, RecursionError, MemoryError):     # not text, not JSON: damaged
        parsed = None
    if isinstance(parsed, dict):
        data = parsed
    elif _keep_aside(p) is None:
        return
    data.update(changes)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="settings.", suffix=".tmp", dir=p.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1)
            os.replace(tmp, p)
        except OSError:
            os.unlink(tmp)
            raise
    except OSError:
        pass


def _keep_aside(p: Path) -> Path | None:
    """Move a settings file that cannot be used out of the way under a name of its own (never
    over another file); None when it could not be moved (then it must not be written over)."""
    from game.saves import move_without_overwrite
    for n in range(1, 1000):
        kept = p.with_name(f"settings-unreadable-{n}.json")
        if not kept.exists() and not kept.is_symlink():
            try:
                return move_without_overwrite(p, p.parent, kept.stem, kept.suffix)
            except OSError:
                return None
    return None
