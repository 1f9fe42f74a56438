"""The rule as the blocks make it: a race's or power's effects said in the player's language.

A race's text is its author's; what the game plays is its effects. `rule_sentences` says each
effect with the block's own sentence (`block.<name>` in `assets/strings/<lang>.yaml`, a variant
`block.<name>_<variant>` where one parameter changes the whole sentence), its parameters filled
in: numbers with their unit (`{amount_coins}`, `{amount_tokens}`), `where:` conditions as a
bracketed list of terrains, features and holders, `when:` words, the words a parameter accepts
(`blockword.<param>_<value>`), markers by name. A parameter the sentence does not name gets a
clause of its own (`clause.<name>_<param>`) when it is set (a word parameter: one clause per
word, `clause.<name>_<param>_<word>`, where a word needs saying), and `in_decline`/`only_in_decline`
one each, so nothing the block does is left unsaid. The help and the right-click card show
these sentences under the author's text.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from game.rules.abilities import MARKER_BOX, REGISTRY, other_side
from game.rules.abilities import TRIGGER_EVENTS as EVENTS

from .strings import has, power_name, race_name, t, tn

#: blocks whose sentence depends on one parameter: that parameter, and the variant's name for
#: the parameters ("" for the plain sentence)
VARIANTS: dict[str, tuple[str, Callable[[dict[str, Any]], str]]] = {
    "cost_change": ("amount", lambda p: "more" if int(p["amount"]) > 0 else ""),
    "tokens_at_redeploy": ("per", lambda p: "conquest" if p["per"] == "conquest" else ""),
    "clear_region": ("anywhere", lambda p: "anywhere" if p["anywhere"] else ""),
    "tokens_at_turn_start": ("per", lambda p: "" if p["per"] == "turn" else str(p["per"])),
    "borrow_power": ("what", lambda p: "" if p["what"] == "power" else str(p["what"])),
    "token_strength": ("side", lambda p: "defence" if p["side"] == "defence" else ""),
    "die_modifier": ("add", lambda p: "less" if int(p["add"]) < 0 else ""),
    "redeploy_out_of_turn": ("window", lambda p: "others_turn_end" if p["window"] == "others_turn_end" else ""),
    "marker_pool": ("spend", lambda p: "" if p["spend"] == "discount" else str(p["spend"])),
    "attacker_loss": ("to", lambda p: "out" if p["to"] == "out" else ""),
    "defender_loss": ("to", lambda p: "out" if p["to"] == "out" else ""),
    "trigger": ("whose", lambda p: ""),     # said by `trigger_sentence`: the side names the event's words
    "lasting": ("change", lambda p: ""),    # said by `lasting_sentence`: the quantity names the sentence
    "replace": ("whose", lambda p: ""),     # said by `replace_sentence`
    "tokens_lost_at_redeploy": ("to", lambda p: "out" if p["to"] == "out" else ""),
}
UNITS = ("coins", "tokens", "markers")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _words(keys: list[str]) -> str:
    return " / ".join(keys)


def where_phrase(catalog: Any, cond: Any) -> str:
    """A `where:` condition as " (Hill / Farmland; with a Mine)", or "" when it says nothing."""
    if not isinstance(cond, dict) or not cond:
        return ""

    def items(v: Any) -> list[str]:
        return [str(x) for x in (v if isinstance(v, (list, tuple)) else [v])]
    parts: list[str] = []
    for k, v in cond.items():
        if k == "terrains":
            parts.append(_words([t(f"terrain.{x}") for x in items(v)]))
        elif k == "not_terrains":
            parts.append(t("wherep.not", what=_words([t(f"terrain.{x}") for x in items(v)])))
        elif k == "features":
            parts.append(t("wherep.with", what=_words([t(f"feature.{x}") for x in items(v)])))
        elif k == "not_features":
            parts.append(t("wherep.without", what=_words([t(f"feature.{x}") for x in items(v)])))
        elif k in ("coastal", "not_coastal", "border", "isolated") and v:
            parts.append(t(f"wherep.{k}"))
        elif k == "next_to_own":
            parts.append(t("wherep.next_to_own", what=_words([t(f"terrain.{x}") for x in items(v)])))
        elif k == "occupant":
            who = [t(f"wherep.occ_{o}") if has(f"wherep.occ_{o}") else race_name(catalog, o) for o in items(v)]
            parts.append(t("wherep.held_by", who=_words(who)))
        elif k == "round":
            parts.append(_words([t(f"wherep.round_{r}") for r in items(v)]))
    return f" ({'; '.join(parts)})" if parts else ""


def _marker(name: str) -> str:
    if has(f"marker.{name}"):
        return t(f"marker.{name}")
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


def _values(catalog: Any, name: str, p: dict[str, Any]) -> dict[str, Any]:
    """The placeholders of block `name`'s sentences for parameters `p` (defaults filled in)."""
    cls = REGISTRY[name]
    out: dict[str, Any] = {}
    for k, v in p.items():
        if _is_int(v):
            out[k] = v
            for unit in UNITS:
                out[f"{k}_{unit}"] = tn(f"unit.{unit}", v, count=v)
                out[f"{k}_abs_{unit}"] = tn(f"unit.{unit}", abs(v), count=abs(v))
        elif isinstance(v, dict):
            out[k] = where_phrase(catalog, v)
        elif k == "when":
            out[k] = "" if v == "always" else " " + t(f"whenp.{v}")
        elif k == "marker":
            out[k] = _marker(str(v))
        elif k == "feature":
            out[k] = t(f"feature.{v}")
        elif isinstance(v, list):
            out[f"{k}_size"] = len(v)
            out[k] = ", ".join(str(x) for x in v)
        else:
            out[k] = v
    for k in cls.choices:
        words = p[k] if isinstance(p[k], list) else [p[k]]       # a list: any of its words
        if any(has(f"blockword.{k}_{w}") for w in words):
            out[k] = " / ".join(t(f"blockword.{k}_{w}", **out) if has(f"blockword.{k}_{w}") else str(w)
                                for w in words)
    return out


def trigger_sentence(catalog: Any, p: dict[str, Any]) -> str:
    """A `trigger` said as its event (heard on its side), its conditions, then its actions in
    order, each naming whom it acts on."""
    event = str(p.get("event", "region_conquered"))
    whose = str(p["whose"])
    if event == "region_conquered":
        head = t(f"trigger.head_{whose}")
    else:
        head = t(f"trigger.head_{event}_{whose}") if has(f"trigger.head_{event}_{whose}") else event
    other_side = _other_side(event, whose)
    when = "" if p["when"] == "always" else " " + t(f"whenp.{p['when']}")
    acts = _acts_text(p["do"], whose, other_side, event)
    conds = _conditions(catalog, p.get("if"), other_side, event)
    return t("block.trigger", event=head, **{"if": conds}, where=where_phrase(catalog, p["where"]), when=when,
             do=t("trigger.join").join(acts))


def _acts_text(raw: Any, whose: str, other_side: str, event: str) -> list[str]:
    """The `do` actions in order, each said naming whom it acts on (a `roll`: each face's)."""
    acts: list[str] = []
    for item in raw if isinstance(raw, list) else []:
        if not isinstance(item, dict) or len(item) != 1:
            continue
        (verb, raw_q), = item.items()
        q = raw_q if isinstance(raw_q, dict) else {}

        def rel(word: Any) -> str:
            w = str(word)
            return "me" if w in ("me", whose) else w if w in ("bank", "each_opponent", "neighbours") else "other"
        if verb == "marker":
            name = q.get("place", q.get("remove"))
            how = "place" if "place" in q else f"remove_{q.get('region', 'this')}"
            acts.append(t(f"trigger.marker_{how}", marker=_marker(str(name)), box=q.get("box", MARKER_BOX)))
            continue
        if verb == "ask":
            said = [t("trigger.ask_choice", label=str(c.get("label")),
                      do=t("trigger.and").join(_acts_text(c.get("do"), whose, other_side, event)) or t("trigger.ask_nothing"))
                    for c in (q.get("choices") or []) if isinstance(c, dict)]
            acts.append(t("trigger.ask", choices=t("trigger.ask_join").join(said)))
            continue
        if verb == "roll":
            got = q.get("results")
            results: dict[Any, Any] = got if isinstance(got, dict) else {}
            faces = [t("trigger.roll_face", face=t("log.face_blank") if f == 0 else t("log.face", face=f),
                       do=t("trigger.and").join(_acts_text(results[f], whose, other_side, event)))
                     for f in sorted(results)]
            acts.append(t("trigger.roll", results=t("trigger.roll_join").join(faces)))
            continue
        if verb == "coins":
            n = int(q.get("amount", 1))
            payer, payee = q.get("from", "bank"), q.get("to", "me")
            party = payer if rel(payer) == "other" else payee
            key = f"trigger.coins_{rel(payer)}_{rel(payee)}"
            extra = ""
        elif verb == "tokens":
            n = int(q.get("count", 1))
            party = q.get("of", "me")
            src = str(q.get("from", ""))
            back = "_region" if src == "region" and q.get("to", "tray") == "hand" else ""
            key = f"trigger.tokens_{rel(party)}_{q.get('to', 'tray')}{back}"
            extra = t(f"trigger.from_{src}") if src in ("hand", "region") and not back else ""
        else:
            continue
        if has(key):
            acts.append(t(key, other=_party(party, other_side, event), n_coins=tn("unit.coins", n, count=n),
                          n_tokens=tn("unit.tokens", n, count=n)) + extra)
    return acts


def _other_side(event: str, whose: str) -> str:
    """The event's party that is not the owner (`anyone`: the event's first party)."""
    return other_side(event, whose) or "attacker"


def _party(word: Any, other_side: str, event: str = "") -> str:
    """A party of the event named in the player's words (the other side when not a party; a
    party some event names its own way, `trigger.other_EVENT_PARTY`, so)."""
    w = str(word) if has(f"trigger.other_{word}") else other_side
    return t(f"trigger.other_{event}_{w}") if has(f"trigger.other_{event}_{w}") else t(f"trigger.other_{w}")


def _conditions(catalog: Any, raw: Any, other_side: str, event: str = "") -> str:
    """The `if` conditions as ", if you have 2 coins or fewer and the attacker is Active"."""
    if not isinstance(raw, dict) or not raw:
        return ""
    other = _party(other_side, other_side, event)
    said: list[str] = []
    for word, v in raw.items():
        if word in ("tokens_in_hand", "coins", "regions", "face"):
            lo, hi = (v.get("at_least"), v.get("at_most")) if isinstance(v, dict) else (v, v)
            unit = {"coins": "unit.coins", "tokens_in_hand": "unit.tokens", "regions": "unit.regions"}.get(word)

            def num(n: int, unit: str | None = unit) -> str:
                return tn(unit, n, count=n) if unit else str(n)
            if lo is not None and lo == hi:
                blank = word == "face" and int(lo) == 0
                said.append(t("trigger.if_face_blank" if blank else f"trigger.if_{word}_exact", n=num(int(lo))))
                continue
            if lo:
                said.append(t(f"trigger.if_{word}_least", n=num(int(lo))))
            if hi is not None:
                said.append(t(f"trigger.if_{word}_most", n=num(int(hi))))
        elif word == "other_in_decline":
            said.append(t("trigger.if_other_in_decline" if v else "trigger.if_other_active", other=other))
        elif word in ("other_race", "other_power"):
            names = v if isinstance(v, list) else [v]
            shown = [race_name(catalog, str(x)) if word == "other_race" else power_name(catalog, str(x)) for x in names]
            said.append(t(f"trigger.if_{word}", other=other, names=_words(shown)))
        elif word in ("holds_marker", "next_to_marker", "marker"):
            said.append(t(f"trigger.if_{word}", marker=_marker(str(v))))
    return t("trigger.if", what=t("trigger.and").join(said)) if said else ""


def lasting_sentence(catalog: Any, p: dict[str, Any]) -> str:
    """A `lasting` ability said as its quantity changed (`block.lasting_<quantity>`, the way it
    changes: more, less, to, for an attacker), then its conditions and its `then` actions."""
    change = str(p["change"])
    by, to = p.get("by") or 0, p.get("to")
    raw = p.get("while")
    cond: dict[str, Any] = raw if isinstance(raw, dict) else {}
    strength = change.endswith("_strength")
    if strength:
        k = Fraction(str(to)) if to is not None else Fraction(1 + int(by))
        variant, shown = "", str(k)
    elif change == "tokens_at_redeploy":
        variant, shown = "", ""
    elif change in ("least_per_region", "lost_when_attacked", "pass_over_price"):
        variant, shown = "", str(int(to) if to is not None else 1 + int(by))
    elif to is not None:
        variant, shown = "_to", str(to)
    else:
        variant, shown = ("_more" if int(by) > 0 else "_less"), ""
    if p.get("for") == "attacker":
        variant = "_attacker" + variant
    n = int(shown) if shown.isdigit() else 0
    head = t(f"block.lasting_{change}{variant}", where=where_phrase(catalog, cond.get("where")),
             by_abs_tokens=tn("unit.tokens", abs(int(by)), count=abs(int(by))),
             by_abs_coins=tn("unit.coins", abs(int(by)), count=abs(int(by))),
             to=shown, to_tokens=tn("unit.tokens", n, count=n), to_coins=tn("unit.coins", n, count=n),
             **{"for": t("lasting.for_attacker")})
    parts: list[str] = []
    if cond.get("when", "always") != "always":
        parts.append(t(f"whenp.{cond['when']}"))
    for key in ("tokens_in_hand", "coins", "regions"):
        limits = cond.get(key)
        for bound in ("at_least", "at_most"):
            if isinstance(limits, dict) and bound in limits:
                m = int(limits[bound])
                parts.append(t(f"lasting.{key}_{bound}", n=m, n_tokens=tn("unit.tokens", m, count=m),
                               n_coins=tn("unit.coins", m, count=m)))
    then = p.get("then") or []
    said_then = t("lasting.then", do=t("trigger.join").join(
        _then_acts(then, "defender" if p.get("for") == "attacker" else "attacker"))) if then else ""
    return t("block.lasting", change=head, then=said_then,
             **{"while": t("lasting.lead") + t("lasting.join").join(parts) if parts else ""})


def replace_sentence(catalog: Any, p: dict[str, Any]) -> str:
    """A `replace` said as the event it replaces, then what happens instead, each action naming
    whom it acts on."""
    whose, event = str(p["whose"]), str(p["instead_of"])
    other_side = "defender" if whose == "attacker" else "attacker"
    other = t(f"replace.other_{other_side}")
    cond = p["if"] if isinstance(p["if"], dict) else {}
    when = cond.get("when", "always")
    in_decline = cond.get("other_in_decline")
    head = t(f"replace.head_{event}_{whose}",
             other=t(f"replace.other_{str(bool(in_decline)).lower()}") if in_decline is not None
             else t("replace.other_none") if (event, whose) == ("tokens_lost", "attacker") else "")
    acts: list[str] = []
    do = p["do"] if isinstance(p["do"], list) else []
    if event == "tokens_lost":
        lost = next((item["tokens"] for item in do if isinstance(item, dict) and "tokens" in item), None)
        if lost is None:
            acts.append(t(f"replace.lose_none_{whose}"))
        else:
            q = lost if isinstance(lost, dict) else {}
            n = int(q.get("count", 1))
            acts.append(t(f"replace.lose_{q.get('to', 'tray')}_{whose}", n_tokens=tn("unit.tokens", n, count=n)))
    if event == "scored":
        got = next((item["coins"] for item in do if isinstance(item, dict) and "coins" in item), None)
        n = int(got.get("amount", 1)) if isinstance(got, dict) else 0
        acts.append(t("replace.score_n", n_coins=tn("unit.coins", n, count=n)) if n else t("replace.score_none"))
        do = []
    for item in do:
        if not isinstance(item, dict) or "coins" not in item:
            continue
        q = item["coins"] if isinstance(item["coins"], dict) else {}

        def rel(word: Any) -> str:
            w = str(word)
            return "me" if w in ("me", whose) else "bank" if w == "bank" else "other"
        n = int(q.get("amount", 1))
        kind = "required" if q.get("required") else "coins"
        key = f"replace.{kind}_{rel(q.get('from', 'bank'))}_{rel(q.get('to', 'me'))}"
        if has(key):
            acts.append(t(key, other=other, n_coins=tn("unit.coins", n, count=n)))
    if "fail" in do:
        acts.append(t(f"replace.fail_{whose}"))
    elif "conquer" in do:
        acts.append(t("replace.conquer"))
    conditions = where_phrase(catalog, cond.get("where")) + ("" if when == "always" else " " + t(f"whenp.{when}"))
    return t("block.replace", instead_of=head, do=t("replace.join").join(acts), **{"if": conditions})


def _then_acts(then: Any, whose: str) -> list[str]:
    """A lasting ability's `then` actions, said as a conquest's trigger heard on side `whose`."""
    return _acts_text(then, whose, _other_side("region_conquered", whose), "region_conquered")


def block_sentence(catalog: Any, name: str, given: dict[str, Any]) -> str:
    """What one effect does, in the current language (its parameters as given in YAML)."""
    cls = REGISTRY.get(name)
    if cls is None:
        return name
    p = {**cls.params, **{k: v for k, v in given.items() if k in cls.params}}
    if name in ("trigger", "lasting", "replace"):
        if name == "trigger" and "whose" not in given and p["event"] in EVENTS:  # heard by the event's own party
            p["whose"] = EVENTS[p["event"]][0]
        sentence = (trigger_sentence(catalog, p) if name == "trigger" else lasting_sentence(catalog, p)
                    if name == "lasting" else replace_sentence(catalog, p))
        for flag in ("in_decline", "only_in_decline"):
            if given.get(flag):
                sentence += " " + t(f"clause.{flag}")
        return sentence
    values = _values(catalog, name, p)
    variant = VARIANTS[name][1](p) if name in VARIANTS else ""
    key = f"block.{name}_{variant}" if variant else f"block.{name}"
    parts = [t(key, **values)]
    for k, v in p.items():
        clause = f"clause.{name}_{k}"
        if _is_int(v) and v < 0 and has(f"{clause}_less"):    # "1 coin less", not "-1 coin"
            clause += "_less"
        if isinstance(v, str) and has(f"{clause}_{v}"):       # a word with a clause of its own
            parts.append(t(f"{clause}_{v}", **values))
        elif v and has(clause):
            parts.append(t(clause, **values))
    for flag in ("in_decline", "only_in_decline"):
        if given.get(flag) and not cls.works_in_decline:
            parts.append(t(f"clause.{flag}"))
    return " ".join(parts)


def rule_sentences(catalog: Any, kind: str, cid: str | None) -> list[str]:
    """One sentence per effect of race or power `cid` (`kind`: "race" or "power")."""
    if not cid:
        return []
    entry = (catalog.races if kind == "race" else catalog.powers).get(cid)
    if entry is None:
        return []
    return [block_sentence(catalog, name, dict(params)) for name, params in entry.effects]
