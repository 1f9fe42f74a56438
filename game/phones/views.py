"""What one seat's phone may see, built from the engine's state: the board (who holds each
region, with how many tokens), every player's public face (name, colour, races; never coins),
this player's own coins and races with their rules text, the column with each combo's cost,
whose turn it is, the log; and, when the engine awaits this seat's move, the moves it may make
(`legal_actions`), as intents the page sends back unchanged (or a distribution of tokens it
fills in with steppers). Nothing in a view belongs to another seat alone.

The words come from the window (`Words`), already in this player's language, so the page says
exactly what the table says. `board_view` is the map's board, sent once: its polygons scaled
to a small box, the regions' colours and feature icons, and the pictures of the game's pieces
(race tokens on both sides, markers, feature icons) the page draws as the table does.
"""
from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from game.content import geometry
from game.rules import (
    CONQUER,
    PICK,
    REDEPLOY,
    WITHDRAW,
    Abandon,
    Action,
    Ally,
    BerserkRoll,
    Conquer,
    Decline,
    Dragon,
    Enchant,
    EndTurn,
    Fortress,
    GhoulsConquer,
    GhoulsReinforce,
    Pick,
    Redeploy,
    Reinforce,
    Settle,
    Use,
    Withdraw,
    actor,
    asked,
    conquest_cost,
    outcome,
    pick_price,
)

#: region intents and the key of their label; the die's ("reinforce") are lit in amber
REGION_MOVES: dict[type, str] = {Conquer: "conquer", Reinforce: "reinforce", Abandon: "abandon", Dragon: "dragon",
                                 Enchant: "enchant", GhoulsConquer: "ghouls", GhoulsReinforce: "ghouls_reinforce",
                                 Fortress: "fortress"}
#: the pieces' pictures in one board view at most (characters): every race of a game with every
#: pack, both sides, with all the markers and feature icons, is about 1.4 million
PICTURES_MAX = 2_500_000
#: the phone's own words, looked up under `phone.` in the strings (the page has no text of its own)
PAGE_KEYS = ("active", "in_decline", "column", "log", "cost", "pick", "tokens", "pool", "place", "junk", "too_big",
             "too_fast", "busy", "not_yours", "taken_back", "replaced", "stopped", "language", "game_over",
             "winners", "you", "vibrated", "leftover", "sep")
#: the table's own button words the page uses
BUTTON_KEYS = ("undo", "roll_die", "settle", "decline", "confirm_decline", "end_turn", "stout_decline",
               "place_tokens", "berserk_roll", "redeploy", "reset", "leave_as_is", "abandon", "dragon", "enchant",
               "ghouls", "ghouls_reinforce", "fortress", "reinforce", "heroes", "place_heroes", "encampments",
               "place_encampments")


class Words(Protocol):
    """The game's words in one language (the window provides them)."""

    lang: str

    def t(self, key: str, **fmt: Any) -> str: ...

    def race(self, race: str | None) -> str: ...

    def power(self, power: str | None) -> str: ...

    def combo(self, race: str, power: str | None) -> str: ...

    def race_text(self, race: str) -> str: ...

    def power_text(self, power: str) -> str: ...

    def region(self, rid: str) -> str: ...

    def use_label(self, effect: str) -> str: ...

    def log(self, limit: int) -> list[str]: ...


def _hold(words: Words, hold: Any, decline: bool) -> dict[str, Any]:
    power = hold.power or ""
    return {"race": words.race(hold.race), "power": words.power(power) if power else "",
            "name": words.combo(hold.race, hold.power),
            "text": " ".join(x for x in (words.power_text(power) if power else "", words.race_text(hold.race)) if x),
            "hand": int(hold.hand), "decline": decline, "id": hold.race}


def _markers(r: Any) -> list[list[Any]]:
    """A region's markers as the table lays them beside its stack: kind and how many."""
    out: list[list[Any]] = [[kind, 1] for kind in ("lair", "fortress", "hole", "hero", "dragon") if getattr(r, kind)]
    if r.encampments:
        out.append(["encampment", r.encampments])
    return out + [[kind, n] for kind, n in r.marks.items()]


def _moves(s: Any, seat: int, legal: Sequence[Action], words: Words) -> dict[str, Any]:
    """This seat's moves: lit regions with their cost and label, buttons, the column's picks,
    a distribution of tokens to fill in."""
    targets: dict[str, list[dict[str, Any]]] = {}
    buttons: list[dict[str, Any]] = []
    picks: dict[int, dict[str, Any]] = {}
    draft: dict[str, Any] | None = None
    waiting = asked(s) is not None
    sep = words.t("phone.sep")
    for a in legal:
        kind = REGION_MOVES.get(type(a))
        if kind is not None:
            rid = a.region  # type: ignore[attr-defined]
            cost = conquest_cost(s, seat, rid) if kind in ("conquer", "reinforce") else None
            targets.setdefault(rid, []).append({"kind": kind, "a": a.to_dict(), "cost": cost,
                                                "label": words.t(f"button.{kind}") if kind != "conquer"
                                                else words.t("phone.conquer")})
        elif isinstance(a, Use) and a.region:
            label = words.use_label(a.effect)
            if a.choice:                                  # a marker moved from this region to another
                label += sep + "→ " + (words.region(a.choice) if a.choice in s.regions else a.choice)
            targets.setdefault(a.region, []).append({"kind": "use", "a": a.to_dict(), "cost": None,
                                                     "label": label})
        elif isinstance(a, Use):
            if waiting and a.effect == "trigger" and a.choice:
                label = a.choice                          # an answer to a trigger's question, as on the table
            else:
                label = words.t("button.leave_as_is") if waiting else words.use_label(a.effect)
                if a.choice:
                    label += sep + (words.power(a.choice) if a.choice in s.catalog.powers else words.race(a.choice))
            buttons.append({"id": f"use:{a.effect}:{a.choice}", "label": label, "a": a.to_dict(),
                            "style": "primary" if waiting else ""})
        elif isinstance(a, Pick):
            picks[a.index] = a.to_dict()
        elif isinstance(a, Decline):
            buttons.append({"id": "decline", "label": words.t("button.decline"), "a": a.to_dict(),
                            "confirm": words.t("button.confirm_decline")})
        elif isinstance(a, EndTurn):
            buttons.append({"id": "stout" if a.decline else "end_turn",
                            "label": words.t("button.stout_decline" if a.decline else "button.end_turn"),
                            "a": a.to_dict(), "style": "" if a.decline else "primary"})
        elif isinstance(a, Settle):
            buttons.append({"id": "settle", "label": words.t("button.settle"), "a": a.to_dict(), "style": "primary"})
        elif isinstance(a, BerserkRoll):
            buttons.append({"id": "berserk_roll", "label": words.t("button.berserk_roll"), "a": a.to_dict()})
        elif isinstance(a, Ally):
            buttons.append({"id": f"ally:{a.player}", "label": words.t("button.ally") + sep + s.players[a.player].name,
                            "a": a.to_dict()})
        elif isinstance(a, Redeploy) and draft is None and s.turn.phase in (CONQUER, REDEPLOY):
            default = dict(a.counts)
            total = sum(default.values())
            counts = {rid: max(1, s.regions[rid].tokens) for rid in default}
            if sum(counts.values()) > total:
                counts = default
            draft = {"kind": "redeploy", "counts": counts, "total": total, "min": 1 if total >= len(counts) else 0,
                     "suggest": default, "order": list(default)}
        elif isinstance(a, Withdraw) and draft is None:
            race = s.turn.withdraw[0][1] if s.turn.withdraw else None
            regions = s.regions_of(a.player, race) if race else list(dict(a.counts))
            counts = {rid: 0 for rid in regions}
            for rid, _ in a.counts:
                counts.setdefault(rid, 0)
            draft = {"kind": "withdraw", "player": a.player, "counts": counts,
                     "total": sum(n for _, n in a.counts), "min": 0, "suggest": dict(a.counts),
                     "order": list(counts), "base": {rid: s.regions[rid].tokens for rid in counts}}
    return {"targets": targets, "buttons": buttons, "picks": picks, "draft": draft}


def _pieces(pieces: Mapping[str, Any], words: Words) -> dict[str, Any]:
    """The pieces this seat may place now, as the page builds them: the Heroes chosen region by
    region (`want` of them among `regions`), the Encampments spread with steppers (`counts`, as
    many as `total` in all). `pieces` comes from the window, which offers the same."""
    out: dict[str, Any] = {}
    heroes = pieces.get("heroes")
    if heroes is not None:
        out["heroes"] = {"kind": "heroes", "want": int(heroes["want"]), "order": list(heroes["regions"]),
                         "counts": {rid: 0 for rid in heroes["regions"]}, "total": int(heroes["want"]), "min": 0,
                         "label": words.t("button.heroes"), "place": words.t("button.place_heroes")}
    camps = pieces.get("encampments")
    if camps is not None:
        counts = {rid: int(n) for rid, n in camps["counts"].items()}
        out["camps"] = {"kind": "encampments", "counts": counts, "total": int(camps["total"]), "min": 0,
                        "order": list(counts), "suggest": {}, "label": words.t("button.encampments"),
                        "place": words.t("button.place_encampments"),
                        "pool_line": words.t("bar.pool_encampments", count="{count}")}
    return out


def seat_view(s: Any, seat: int, legal: Sequence[Action], words: Words, seats: Sequence[dict[str, Any]],
              can_undo: bool, version: int, pieces: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The view of `seat`'s phone. `seats`: each player's public face for the page (name, colour
    as #rrggbb, symbol). `legal`: `legal_actions` of `s`, used only when this seat acts; `pieces`:
    the Heroes and Encampments it may place then (`_pieces`)."""
    me = s.players[seat]
    who = actor(s)
    mine = who == seat and not s.game_over
    regions = {}
    for rid, r in s.regions.items():
        if r.tokens or r.lost_tribe or r.owner is not None or r.marks or r.fortress or r.encampments \
                or r.hero or r.dragon or r.mountain or r.lair or r.hole:
            regions[rid] = {"owner": r.owner, "race": words.race(r.race) if r.race else "", "rid": r.race or "",
                            "tokens": r.tokens, "decline": r.decline, "lost_tribe": r.lost_tribe,
                            "markers": _markers(r)}
    players = []
    for i, p in enumerate(s.players):
        face = dict(seats[i])
        face.update({"active": _hold(words, p.active, False) if p.active else None,
                     "declines": [_hold(words, h, True) for h in p.declines], "seat": i})
        players.append(face)
    column = []
    for i, c in enumerate(s.column):
        column.append({"index": i, "race": words.race(c.race), "power": words.power(c.power),
                       "name": words.combo(c.race, c.power),
                       "cost": pick_price(s, i), "coins": c.coins,
                       "text": " ".join(x for x in (words.power_text(c.power), words.race_text(c.race)) if x)})
    waiting = asked(s)
    view: dict[str, Any] = {
        "t": "view", "v": version, "lang": words.lang, "me": seat,
        "coins": me.coins,
        "round": s.round, "rounds": s.board.turns, "phase": s.turn.phase,
        "turn": s.turn.seat, "actor": who, "mine": mine,
        "asked": (waiting is not None or s.turn.phase == WITHDRAW) and mine,
        "players": players, "regions": regions, "column": column,
        "log": words.log(30), "can_undo": bool(can_undo and mine),
        "words": {**{k: words.t(f"phone.{k}") for k in PAGE_KEYS},
                  **{f"button.{k}": words.t(f"button.{k}") for k in BUTTON_KEYS}},
        "over": bool(s.game_over),
    }
    view["words"]["your_turn_line"] = words.t("phone.your_turn_line", name=me.name)
    view["words"]["waiting_line"] = words.t("phone.waiting_for", name=s.players[who].name) if not s.game_over else ""
    view["words"]["round_line"] = words.t("phone.round", round=s.round, turns=s.board.turns)
    if waiting is not None and mine:
        view["words"]["asked_line"] = words.t("phone.asked", attacker=s.players[s.turn.seat].name)
    elif s.turn.phase == WITHDRAW and mine:
        view["words"]["asked_line"] = words.t("phone.withdraw", attacker=s.players[s.turn.seat].name)
    if mine:
        view.update(_moves(s, seat, legal, words))
        view.update(_pieces(pieces or {}, words))
        view["picking"] = s.turn.phase == PICK
    if s.game_over:
        view["ranking"] = [{"name": st.name, "coins": st.coins, "place": st.place, "won": st.won}
                           for st in outcome(s).standings]      # the coins are shown to all at the end
        view["winners"] = [s.players[i].name for i in s.winners]
    return view


def board_view(mapdata: Any, words: Words, box: int = 1000, colours: Mapping[str, str] | None = None,
               features: Mapping[str, Sequence[str]] | None = None,
               pictures: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """The map's board for the page, sent once: each region's polygon scaled into a `box` wide
    picture (integers), its terrain and colour (`colours`, as the table paints it), its name in
    this language, its feature icons (`features`, by region), where its tokens stand (the point
    farthest inside it, as on the table) and how far that point is from its edge; and the pieces'
    pictures (`pictures`: name and SVG text or PNG `data:` address, most needed first), as many
    as fit in `PICTURES_MAX` characters (the page draws a plain symbol for any other)."""
    scale = box / max(1, mapdata.width)
    regions = []
    board = mapdata.board
    for rid, pts in mapdata.polygons.items():
        poly = [(round(x * scale), round(y * scale)) for x, y in pts]
        ix, iy = geometry.interior_point(list(pts), 2.0)
        room = geometry.signed_boundary_distance((ix, iy), list(pts)) * scale
        regions.append({"id": rid, "points": " ".join(f"{x},{y}" for x, y in poly),
                        "spot": [round(ix * scale), round(iy * scale)], "room": max(0, round(room)),
                        "terrain": board.region(rid).terrain, "colour": (colours or {}).get(rid, ""),
                        "features": list((features or {}).get(rid, ())),
                        "name": words.region(rid)})
    sent: dict[str, str] = {}
    size = 0
    for name, data in pictures:
        if name in sent or size + len(data) > PICTURES_MAX:
            continue
        sent[name] = data
        size += len(data)
    return {"width": box, "height": round(mapdata.height * scale), "regions": regions, "pictures": sent}
