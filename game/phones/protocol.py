"""What a phone may say to the table, read defensively: one JSON object a message, bounded in
size, of a known type, with an intent of a known kind whose every field has the type and size
the engine's intents have. Anything else is a `Refusal` with a short code the page says in the
player's language (`junk`, `too_big`, `too_fast`); the engine judges the intents that pass
(`legal_actions` / `why_illegal`, in the window's thread).

Messages from a phone: `{"t": "act", "a": {intent as in a save}, "n": 7}`, `{"t": "undo", "n": 8}`,
`{"t": "lang", "lang": "fr"}`, `{"t": "ping"}`. To a phone: `{"t": "view", ...}` (`views`), `{"t":
"said", "n": 7, "ok": false, "why": "...", "text": "..."}`, `{"t": "bye", "why": "taken_back"}`.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from game.rules import ACTION_TYPES, Action, action_from_dict

MAX_TEXT = 4096             # bytes in one message; the largest real intent (a redeploy) is far smaller
MAX_ITEMS = 200             # regions in a distribution of tokens
LANGS = ("en", "ro", "nl", "fr")
RATE = 8.0                  # messages a second, kept up
BURST = 20.0                # messages at once


@dataclass(frozen=True)
class Refusal:
    why: str                # junk | too_big | too_fast
    n: int = 0


@dataclass(frozen=True)
class Message:
    kind: str               # act | undo | lang | ping
    n: int = 0
    action: Action | None = None
    lang: str = ""


def _name(v: Any) -> bool:
    return isinstance(v, str) and 0 < len(v) <= 64


def _small_int(v: Any, top: int = 999) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= top


_FIELD_CHECKS = {
    "region": _name, "effect": _name,
    "choice": lambda v: isinstance(v, str) and len(v) <= 64,
    "index": _small_int, "player": lambda v: _small_int(v, 9),
    "decline": lambda v: isinstance(v, bool),
    "counts": lambda v: isinstance(v, dict) and len(v) <= MAX_ITEMS
    and all(_name(k) and _small_int(n) for k, n in v.items()),
    "regions": lambda v: isinstance(v, list) and len(v) <= 20 and all(_name(r) for r in v),
}


def read_action(d: Any) -> Action | None:
    """An intent from its dict, if every field is one the intent has, of the right type and size."""
    if not isinstance(d, dict) or not isinstance(d.get("kind"), str) or d["kind"] not in ACTION_TYPES:
        return None
    fields = set(ACTION_TYPES[d["kind"]].__dataclass_fields__)
    extra = set(d) - {"kind"}
    if extra - fields:
        return None
    for key in extra:
        check = _FIELD_CHECKS.get(key)
        if check is None or not check(d[key]):
            return None
    try:
        return action_from_dict(d)
    except (KeyError, TypeError, ValueError):
        return None


def read(raw: str | bytes) -> Message | Refusal:
    """One message from a phone, or why it is refused."""
    if len(raw) > MAX_TEXT:
        return Refusal("too_big")
    try:
        d = json.loads(raw)
    except (ValueError, RecursionError):
        return Refusal("junk")
    if not isinstance(d, dict):
        return Refusal("junk")
    n = d.get("n", 0)
    n = n if _small_int(n, 10**9) else 0
    kind = d.get("t")
    if kind == "act":
        action = read_action(d.get("a"))
        return Message("act", n, action) if action is not None else Refusal("junk", n)
    if kind == "undo":
        return Message("undo", n)
    if kind == "lang" and d.get("lang") in LANGS:
        return Message("lang", n, lang=str(d["lang"]))
    if kind == "ping":
        return Message("ping", n)
    return Refusal("junk", n)


class Bucket:
    """So many messages a second, with a burst: a phone tapping fast passes, a flood does not."""

    def __init__(self, rate: float = RATE, burst: float = BURST, clock: Any = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.level = burst
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True
