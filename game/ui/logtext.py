"""The game log in words: each record's events told as short sentences for the table.

"Ann's Merchant Skeletons conquered Greyhill (3)". Pure: takes the records and the state after
them, returns strings through `t`. Scores are private (R7): the log says a turn ended, never
how many coins it brought. Events it does not know (a new power's own event) are told by the
strings table if it has a `log.<type>` line, else left out.
"""
from __future__ import annotations

from typing import Any, Iterable

from game.rules import lent_parts

from .strings import combo_name, has, power_title, race_name, t, tn


def _name(state: Any, seat: Any) -> str:
    try:
        return state.players[int(seat)].name
    except (TypeError, ValueError, IndexError):
        return "?"


def _region(state: Any, rid: Any) -> str:
    try:
        return state.board.region(str(rid)).display_name
    except (KeyError, AttributeError):
        return str(rid)


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


def event_line(ev: dict[str, Any], state: Any) -> str | None:
    kind = ev.get("type")
    seat = ev.get("seat")
    cat = state.catalog
    if kind == "turn":
        return t("log.turn", round=ev.get("round", state.round), name=_name(state, seat))
    if kind == "pick":
        line = t("log.pick", name=_name(state, seat), combo=combo_name(cat, ev["race"], ev.get("power")),
                 tokens=ev.get("tokens", 0))
        if ev.get("paid"):
            line += " " + tn("log.pick_paid", ev["paid"], coins=ev["paid"])
        if ev.get("collected"):
            line += " " + tn("log.pick_collected", ev["collected"], coins=ev["collected"])
        return line
    if kind in ("conquer", "reinforce", "dragon", "enchant", "ghouls"):
        who = _troop(state, seat, ev.get("race"))
        line = t(f"log.{kind}" if has(f"log.{kind}") else "log.conquer", troop=who,
                 region=_region(state, ev.get("region")), tokens=ev.get("tokens", 0))
        d = ev.get("defender")
        if d:
            line += " " + t("log.from", troop=_troop(state, d[0], d[1]))
        return line
    if kind == "die" and ev.get("berserk"):
        return t("log.die_berserk", name=_name(state, seat), face=ev.get("face", 0))
    if kind == "last_attempt":
        return t("log.last_attempt", name=_name(state, seat))
    if kind == "ally":
        return t("log.ally", name=_name(state, seat), ally=_name(state, ev.get("ally")))
    if kind == "heroes":
        return t("log.heroes", name=_name(state, seat),
                 regions=", ".join(_region(state, r) for r in ev.get("regions", [])))
    if kind == "encampments":
        return t("log.encampments", name=_name(state, seat))
    if kind == "fortress":
        return t("log.fortress", name=_name(state, seat), region=_region(state, ev.get("region")))
    if kind in ("die", "die_settled"):
        needed = max(0, ev.get("needed", 0))
        key = "log.die_ok" if ev.get("success") else "log.die_fail"
        who = _troop(state, seat, ev["race"]) if ev.get("race") else _name(state, seat)   # the Ghouls' die
        return tn(key, needed, name=who, face=ev.get("face", 0),
                  region=_region(state, ev.get("region")), needed=needed)
    if kind == "lost":
        line = t("log.lost", troop=_troop(state, seat, ev.get("race")), region=_region(state, ev.get("region")))
        if ev.get("back"):
            line += " " + tn("log.lost_back", ev["back"], tokens=ev["back"])
        return line
    if kind == "abandon":
        return t("log.abandon", troop=_troop(state, seat, ev.get("race")), region=_region(state, ev.get("region")))
    if kind == "redeploy":
        return t("log.redeploy", troop=_troop(state, seat, ev.get("race")))
    if kind == "bonus_tokens":
        n = ev.get("tokens", 0)
        return tn("log.bonus_tokens", n, troop=_troop(state, seat, ev.get("race")), tokens=n)
    if kind == "attacker_lost":
        n = ev.get("tokens", 0)
        return tn("log.attacker_lost", n, troop=_troop(state, seat, ev.get("race")), tokens=n,
                  region=_region(state, ev.get("region")))
    if kind in ("pushed", "moved_out_of_turn"):
        n = ev.get("tokens", 0)
        return tn(f"log.{kind}", n, troop=_troop(state, seat, ev.get("race")), tokens=n,
                  region=_region(state, ev.get("region")))
    if kind == "pushed_off":
        n = ev.get("tokens", 0)
        return tn("log.pushed_off", n, troop=_troop(state, seat, ev.get("race")), tokens=n)
    if kind == "stayed_put":
        return t("log.stayed_put", troop=_troop(state, seat, ev.get("race")))
    if kind == "dwindled":
        n = ev.get("tokens", 0)
        return tn("log.dwindled", n, troop=_troop(state, seat, ev.get("race")), tokens=n)
    if kind == "decline":
        return t("log.decline", name=_name(state, seat), race=race_name(cat, ev.get("race")))
    if kind == "removed":
        return t("log.removed", name=_name(state, seat), race=race_name(cat, ev.get("race")))
    if kind == "vanished":
        return t("log.vanished", name=_name(state, seat), race=race_name(cat, ev.get("race")))
    if kind == "withdraw":
        n = sum(int(v) for v in (ev.get("counts") or {}).values())
        return tn("log.withdraw", n, name=_name(state, seat), race=race_name(cat, ev.get("race")), tokens=n)
    if kind == "score":
        return t("log.score", name=_name(state, seat))
    if kind == "game_over":
        return t("log.game_over")
    if kind == "lost_tribe_cleared":
        return None
    if kind == "use":                    # a block's own move: named after its race or power
        effect = _mover(state, seat, str(ev.get("effect", "")))
        if ev.get("effect") == "borrow_power" and (ev.get("race") or ev.get("power")):
            thing = race_name(cat, ev["race"]) if ev.get("race") else power_title(cat, ev["power"])
            return t("log.use_borrow", name=_name(state, seat), thing=thing, effect=effect)
        if ev.get("region") and ev.get("choice"):       # a marker moved from one region to another
            return t("log.use_move", name=_name(state, seat), effect=effect, region=_region(state, ev["region"]),
                     to=_region(state, ev["choice"]))
        if ev.get("region"):
            return t("log.use_region", name=_name(state, seat), effect=effect, region=_region(state, ev["region"]))
        if ev.get("choice") in getattr(cat, "races", {}):  # a combo of the column, named by its race
            return t("log.use_combo", name=_name(state, seat), effect=effect, race=race_name(cat, ev["choice"]))
        return t("log.use", name=_name(state, seat), effect=effect)
    if kind and has(f"log.{kind}"):
        return t(f"log.{kind}", name=_name(state, seat), region=_region(state, ev.get("region")),
                 race=race_name(cat, ev.get("race")))
    return None


def record_lines(events: Iterable[dict[str, Any]], state: Any) -> list[str]:
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
