"""The game log in words: each record's events told as short sentences for the table.

"Ann's Merchant Skeletons conquered Greyhill (3)". Pure: takes the records and the state after
them, returns strings through `t`. Scores are private (R7): the log says a turn ended, never
how many coins it brought. Events it does not know (a new power's own event) are told by the
strings table if it has a `log.<type>` line, else left out.
"""
from __future__ import annotations

from typing import Any, Iterable

from game.rules import Event, UseEvent, lent_parts, typed_event

from .strings import combo_name, has, power_title, race_name, region_name, t, tn


def _name(state: Any, seat: Any) -> str:
    try:
        return state.players[int(seat)].name
    except (TypeError, ValueError, IndexError):
        return "?"


def _region(state: Any, rid: Any) -> str:
    return region_name(getattr(state, "board", None), rid)


def _troop(state: Any, seat: Any, race: str | None) -> str:
    """"Ann's Merchant Skeletons" (Active) or "Ann's Skeletons" (In Decline, or gone)."""
    cat = state.catalog
    try:
        p = state.players[int(seat)]
    except (TypeError, ValueError, IndexError):
        return race_name(cat, race)
    label = race_name(cat, race)
    if p.active is not None and p.active.race == race:
        label = combo_name(cat, p.active.race, p.active.power)
    return t("log.troop", name=p.name, troop=label)


def _face(face: Any) -> str:
    """What the die showed, as the sentence says it: "a 2", "a blank"."""
    return t("log.face_blank") if face == 0 else t("log.face", face=face)


def _mover(state: Any, seat: Any, effect: str) -> str:
    """The race or power of `seat` whose block makes the move `effect` ("Leprechauns")."""
    cat = state.catalog
    try:
        p = state.players[int(seat)]
    except (TypeError, ValueError, IndexError):
        return effect.replace("_", " ")
    for hold in ([p.active] if p.active is not None else []) + list(p.declines):
        for cid in (hold.race, *lent_parts(hold.power)):     # a race's ability borrowed too
            kind = "race" if cid in cat.races else "power"
            entries = cat.races if kind == "race" else cat.powers
            entry = entries.get(cid) if cid else None
            if entry is not None and any(name == effect for name, _ in entry.effects):
                return race_name(cat, cid) if kind == "race" else power_title(cat, cid)
    return effect.replace("_", " ")


def event_line(ev: Event, state: Any) -> str | None:
    """The log line of one event (None: not told). Read through its type (`typed_event`), so
    the keys read are the ones the engine writes for its kind."""
    e = typed_event(ev)
    cat = state.catalog
    if e["type"] == "turn":
        return t("log.turn", round=e["round"], name=_name(state, e["seat"]))
    if e["type"] == "pick":
        line = t("log.pick", name=_name(state, e["seat"]), combo=combo_name(cat, e["race"], e["power"]),
                 tokens=e["tokens"])
        if e["paid"]:
            line += " " + tn("log.pick_paid", e["paid"], coins=e["paid"])
        if e["collected"]:
            line += " " + tn("log.pick_collected", e["collected"], coins=e["collected"])
        return line
    if e["type"] in ("conquer", "reinforce", "dragon", "enchant", "ghouls"):
        kind = e["type"]
        who = _troop(state, e["seat"], e["race"])
        line = tn(f"log.{kind}" if has(f"log.{kind}") else "log.conquer", e["tokens"], troop=who,
                  region=_region(state, e["region"]), tokens=e["tokens"])
        d = e["defender"]
        if d:
            line += " " + t("log.from", troop=_troop(state, d[0], d[1]))
        return line
    if e["type"] == "die" and e.get("berserk"):
        return t("log.die_berserk", name=_name(state, e["seat"]), face=_face(e["face"]))
    if e["type"] == "last_attempt":
        return t("log.last_attempt", name=_name(state, e["seat"]))
    if e["type"] == "ally":
        return t("log.ally", name=_name(state, e["seat"]), ally=_name(state, e["ally"]))
    if e["type"] == "heroes":
        return t("log.heroes", name=_name(state, e["seat"]),
                 regions=", ".join(_region(state, r) for r in e["regions"]))
    if e["type"] == "encampments":
        return t("log.encampments", name=_name(state, e["seat"]))
    if e["type"] == "fortress":
        return t("log.fortress", name=_name(state, e["seat"]), region=_region(state, e["region"]))
    if e["type"] in ("die", "die_settled"):
        needed = max(0, e.get("needed", 0))
        key = "log.die_ok" if e.get("success") else "log.die_fail"
        race = e.get("race")
        who = _troop(state, e["seat"], race) if race else _name(state, e["seat"])   # the Ghouls' die
        return tn(key, needed, name=who, face=_face(e["face"]), region=_region(state, e.get("region")), needed=needed)
    if e["type"] == "lost":
        line = t("log.lost", troop=_troop(state, e["seat"], e["race"]), region=_region(state, e["region"]))
        if e["back"]:
            line += " " + tn("log.lost_back", e["back"], tokens=e["back"])
        return line
    if e["type"] == "abandon":
        return t("log.abandon", troop=_troop(state, e["seat"], e["race"]), region=_region(state, e["region"]))
    if e["type"] == "redeploy":
        return t("log.redeploy", troop=_troop(state, e["seat"], e["race"]))
    if e["type"] == "bonus_tokens":
        n = e["tokens"]
        return tn("log.bonus_tokens", n, troop=_troop(state, e["seat"], e["race"]), tokens=n)
    if e["type"] == "attacker_lost":
        n = e["tokens"]
        return tn("log.attacker_lost", n, troop=_troop(state, e["seat"], e["race"]), tokens=n,
                  region=_region(state, e["region"]))
    if e["type"] == "effect_tokens":
        n = e["tokens"]
        return tn("log.effect_tokens_lost" if n < 0 else "log.effect_tokens_gained", abs(n),
                  troop=_troop(state, e["seat"], e["race"]), tokens=abs(n), region=_region(state, e["region"]))
    if e["type"] == "trigger_tokens":
        n = e["tokens"]
        return tn("log.trigger_tokens_lost" if n < 0 else "log.trigger_tokens_gained", abs(n),
                  troop=_troop(state, e["seat"], e["race"]), tokens=abs(n))
    if e["type"] in ("marker_placed", "marker_removed", "marker_entered"):
        words = e["marker"].replace("_", " ")              # named as the rule text names it
        marker = t(f"marker.{e['marker']}") if has(f"marker.{e['marker']}") else words[:1].upper() + words[1:]
        return t(f"log.{e['type']}", name=_name(state, e["seat"]), marker=marker, region=_region(state, e["region"]))
    if e["type"] == "rolled":
        return t("log.rolled", name=_name(state, e["seat"]), face=_face(e["face"]))
    if e["type"] in ("pushed", "moved_out_of_turn"):
        n = e["tokens"]
        return tn(f"log.{e['type']}", n, troop=_troop(state, e["seat"], e["race"]), tokens=n,
                  region=_region(state, e["region"]))
    if e["type"] == "pushed_off":
        n = e["tokens"]
        return tn("log.pushed_off", n, troop=_troop(state, e["seat"], e["race"]), tokens=n)
    if e["type"] == "stayed_put":
        return t("log.stayed_put", troop=_troop(state, e["seat"], e["race"]))
    if e["type"] == "dwindled":
        n = e["tokens"]
        return tn("log.dwindled", n, troop=_troop(state, e["seat"], e["race"]), tokens=n)
    if e["type"] in ("decline", "removed", "vanished"):
        return t(f"log.{e['type']}", name=_name(state, e["seat"]), race=race_name(cat, e["race"]))
    if e["type"] == "withdraw":
        n = sum(int(v) for v in e["counts"].values())
        return tn("log.withdraw", n, name=_name(state, e["seat"]), race=race_name(cat, e["race"]), tokens=n)
    if e["type"] == "score":
        return t("log.score", name=_name(state, e["seat"]))
    if e["type"] == "game_over":
        return t("log.game_over")
    if e["type"] == "lost_tribe_cleared":
        return None
    if e["type"] == "use":                    # a block's own move: named after its race or power
        return _use_line(e, state)
    if e["type"] in ("repelled", "gathered"):
        return t(f"log.{e['type']}", name=_name(state, e["seat"]), region=_region(state, e["region"]),
                 race=race_name(cat, e["race"]))
    if e["type"] in ("revived", "given_back"):
        return t(f"log.{e['type']}", name=_name(state, e["seat"]), race=race_name(cat, e["race"]))
    other = ev.get("type")                    # any other kind: told by its strings table line, if any
    if other and has(f"log.{other}"):
        return t(f"log.{other}", name=_name(state, ev.get("seat")), region=_region(state, ev.get("region")),
                 race=race_name(cat, ev.get("race")))
    return None


def _use_line(e: UseEvent, state: Any) -> str:
    """The log line of a block's own move, named after the race or power whose block it is."""
    cat = state.catalog
    name = _name(state, e["seat"])
    effect = _mover(state, e["seat"], e["effect"])
    race, power, region, choice = e.get("race"), e.get("power"), e.get("region"), e.get("choice")
    if e["effect"] == "borrow_power" and (race or power):
        thing = race_name(cat, race) if race else power_title(cat, power)
        return t("log.use_borrow", name=name, thing=thing, effect=effect)
    if region and choice:                     # a marker moved from one region to another
        return t("log.use_move", name=name, effect=effect, region=_region(state, region), to=_region(state, choice))
    if region:
        return t("log.use_region", name=name, effect=effect, region=_region(state, region))
    if choice in getattr(cat, "races", {}):   # a combo of the column, named by its race
        return t("log.use_combo", name=name, effect=effect, race=race_name(cat, choice))
    return t("log.use", name=name, effect=effect)


def record_lines(events: Iterable[Event], state: Any) -> list[str]:
    out = []
    for ev in events:
        line = event_line(ev, state)
        if line:
            out.append(line)
    return out


def recent_lines(records: list[Any], states: list[Any], limit: int = 40) -> list[str]:
    """The last `limit` log lines of a match (records[i] led to states[i + 1])."""
    lines: list[str] = []
    i = len(records) - 1
    while i >= 0 and len(lines) < limit:
        lines[:0] = record_lines(records[i].events, states[i + 1])
        i -= 1
    return lines[-limit:]
