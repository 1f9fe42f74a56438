"""A position set up by hand: the standard setup, then overrides (the scenario `setup:` block).

`build_position` takes plain dicts (column, stacks, round, current player, players' coins and
races, tokens and markers per region), checks that the position could exist on a real table
(no more tokens than the box holds, a race held by one player, markers within the box) and
refuses it with a `SetupError` sentence otherwise. The result is the start of the current
player's turn, troops already readied.
"""
from __future__ import annotations

import random
from typing import Any, Collection, Mapping, Sequence

from .abilities.box import in_play
from .board import Board
from .catalog import Catalog
from .chance import Recorder
from .common import refill_column
from .errors import SetupError
from .lent import lent_key
from .reasons import reason
from .setup import begin_turn, empty_table
from .state import LOST_TRIBE, MARKER_LIMITS, Combo, GameState, RaceHold, RegionState, TurnState

REGION_KEYS = {"owner", "race", "tokens", "decline", "lost_tribe", "fortress", "lair",
               "encampments", "hero", "dragon", "hole", "mountain", "marks"}
PLAYER_KEYS = {"coins", "active", "decline", "collected", "revive", "peace_with"}
ACTIVE_KEYS = {"race", "power", "hand", "waiting", "supply", "loot", "borrowed"}
SETUP_KEYS = {"column", "race_stack", "power_stack", "power_discard", "round", "current", "players",
              "regions", "attacked", "gone"}


def _race(cat: Catalog, r: Any, where: str) -> str:
    if r not in cat.races:
        raise SetupError(reason("setup_unknown_race", where=where, value=r, known=", ".join(sorted(cat.races))))
    return str(r)


def _power(cat: Catalog, p: Any, where: str) -> str:
    if p not in cat.powers:
        raise SetupError(reason("setup_unknown_power", where=where, value=p, known=", ".join(sorted(cat.powers))))
    return str(p)


def build_position(board: Board, names: Sequence[str], catalog: Catalog, rng: random.Random,
                   setup: Mapping[str, Any] | None, dealt: Collection[str] | None = None) -> GameState:
    """The position `setup` describes (see the module docstring), at the start of the current
    player's turn; a `SetupError` naming the first thing a real table could not hold. The stacks
    hold, below the banners and badges the setup lays on them, the others of the catalog
    shuffled, or only those among `dealt` when it is given (a scenario's own box, which other
    content loaded beside it, and so the catalog's size, then cannot change; what the setup
    names is in it too)."""
    setup = dict(setup or {})
    _known_keys(setup, SETUP_KEYS, "setup")
    s = empty_table(board, names, catalog)
    chance = Recorder(rng)
    used_races: set[str] = set()
    used_powers: set[str] = set()
    column = _column(catalog, setup, used_races, used_powers)
    seats = {p.name: i for i, p in enumerate(s.players)}
    players = setup.get("players") or {}
    _players(s, players, seats, used_races, used_powers)
    _one_holder_each(s)
    _players_memos(s, players, seats)
    for rid, rd in (setup.get("regions") or {}).items():
        _region(s, rid, rd or {}, seats)
    _off_board(s, setup, seats)
    _gone(s, setup)
    _tray(s, column)
    _stacks(s, setup, chance, column, used_races, used_powers, dealt)
    _round(s, setup)
    cur = setup.get("current", s.players[0].name)
    if cur not in seats:
        raise SetupError(reason("setup_current", where="setup.current", value=cur))
    s.turn = TurnState(seats[cur])            # whose turn it is, for the effects to see
    _effects_see_the_position(s)
    s.turn = TurnState(seats[cur])
    begin_turn(s, chance, [])
    _attacked(s, setup, seats)
    s.seal()
    return s


def _known_keys(d: Mapping[str, Any], known: set[str], where: str) -> None:
    """Refuse a key of `d` (at `where`) that is not among `known`."""
    bad = set(d) - known
    if bad:
        raise SetupError(reason("setup_unknown_key", where=where, key=sorted(bad)[0],
                                known=", ".join(sorted(known))))


def _column(catalog: Catalog, setup: Mapping[str, Any], used_races: set[str],
            used_powers: set[str]) -> list[Combo]:
    """The combos of the column the setup names (the rest is dealt from the stacks later)."""
    column: list[Combo] = []
    for i, c in enumerate(setup.get("column") or []):
        where = f"setup.column[{i}]"
        if not isinstance(c, Mapping) or "race" not in c or "power" not in c:
            raise SetupError(reason("setup_combo", where=where))
        column.append(Combo(_race(catalog, c["race"], where), _power(catalog, c["power"], where),
                            int(c.get("coins", 0)), int(c.get("tokens", 0))))
        used_races.add(c["race"])
        used_powers.add(c["power"])
    return column


def _players(s: GameState, players: Mapping[str, Any], seats: Mapping[str, int], used_races: set[str],
             used_powers: set[str]) -> None:
    """Each named player's coins, Active race (`_active`) and In Decline races."""
    catalog = s.catalog
    for name, pd in players.items():
        if name not in seats:
            raise SetupError(reason("setup_not_player", where="setup.players", value=name,
                                    known=", ".join(seats)))
        pd = pd or {}
        _known_keys(pd, PLAYER_KEYS, f"setup.players.{name}")
        p = s.players[seats[name]]
        if "coins" in pd:
            p.coins = int(pd["coins"])
        if pd.get("active"):
            p.active = _active(catalog, pd["active"], f"setup.players.{name}.active")
            used_races.add(p.active.race)
            used_powers.add(str(pd["active"].get("power")))
        for j, d in enumerate(pd.get("decline") or []):
            where = f"setup.players.{name}.decline[{j}]"
            race = _race(catalog, d.get("race"), where)
            dpower = _power(catalog, d["power"], where) if d.get("power") else None
            p.declines.append(RaceHold(race, dpower, 0))
            used_races.add(race)
            if dpower:
                used_powers.add(dpower)


def _active(catalog: Catalog, a: Mapping[str, Any], where: str) -> RaceHold:
    """An Active race as the setup gives it: race, power, tokens in hand, tokens waiting off the
    board, and a power or race borrowed until the next turn (`_borrowed`)."""
    race = _race(catalog, a.get("race"), where)
    power = _power(catalog, a.get("power"), where)
    _known_keys(a, ACTIVE_KEYS, where)
    hold = RaceHold(race, power, int(a.get("hand", 0)))
    if a.get("waiting"):                 # tokens off the board, back at the next readying
        hold.memo["set_aside"] = int(a["waiting"])
    if a.get("borrowed"):
        _borrowed(catalog, hold, a["borrowed"], f"{where}.borrowed")
    return hold


def _borrowed(catalog: Catalog, hold: RaceHold, lent: Any, where: str) -> None:
    """A power (Copycat) or a race's ability borrowed by `hold` until the next turn."""
    power = hold.power
    assert power is not None
    if lent in catalog.races:
        race = _race(catalog, lent, where)
        hold.memo["borrowed"] = {"badge": power, "race": race, "extra": 0}
        hold.power = lent_key(power, race)
    else:
        other = _power(catalog, lent, where)
        hold.memo["borrowed"] = {"badge": power, "power": other, "extra": catalog.powers[other].tokens}
        hold.power = other


def _one_holder_each(s: GameState) -> None:
    """A race is held by one player at most, and each combo is one the catalog can play."""
    holders: dict[str, int] = {}
    for seat, p in enumerate(s.players):
        for h in ([p.active] if p.active else []) + p.declines:
            if h.race in holders:
                raise SetupError(reason("setup_two_holders", race=h.race, player=s.players[holders[h.race]].name,
                                        player2=p.name))
            holders[h.race] = seat
            s.catalog.require(h.race, h.power)


def _players_memos(s: GameState, players: Mapping[str, Any], seats: Mapping[str, int]) -> None:
    """What a player remembers between turns: tokens collected (Igors), the In Decline race
    coming back (Soul-Touch), a Diplomat's peace."""
    catalog = s.catalog
    for name, pd in players.items():
        p = s.players[seats[name]]
        pd = pd or {}
        where = f"setup.players.{name}"
        if pd.get("collected"):              # Igors: tokens collected, not yet traded
            p.memo["collected"] = {_race(catalog, r, f"{where}.collected"): int(n)
                                   for r, n in pd["collected"].items() if int(n)}
        if pd.get("revive"):                 # Soul-Touch: the decline race coming back
            race = _race(catalog, pd["revive"], f"{where}.revive")
            if not any(h.race == race for h in p.declines):
                raise SetupError(reason("setup_not_held", where=f"{where}.revive", player=name, race=race))
            p.memo["revive"] = race
        if pd.get("peace_with"):             # a Diplomat's peace until his next turn
            other = pd["peace_with"]
            if other not in seats:
                raise SetupError(reason("setup_not_player", where=f"{where}.peace_with", value=other,
                                        known=", ".join(seats)))
            p.memo["until_next_turn"] = {"peace_with": seats[other]}


def _region(s: GameState, rid: str, rd: Mapping[str, Any], seats: Mapping[str, int]) -> None:
    """One region as the setup gives it: Lost Tribes, printed and placed features, markers,
    encampments and its occupants (`_occupants`)."""
    where = f"setup.regions.{rid}"
    if rid not in s.regions:
        raise SetupError(reason("setup_no_region", where=where, id=rid))
    _known_keys(rd, REGION_KEYS, where)
    r = s.regions[rid]
    if "lost_tribe" in rd:
        n = int(rd["lost_tribe"])
        s.tray[LOST_TRIBE] += r.lost_tribe - n
        r.lost_tribe = n
    for k in ("fortress", "lair", "hero", "dragon", "hole", "mountain"):
        if k in rd:
            setattr(r, k, bool(rd[k]))
    if rd.get("marks"):
        r.marks = _marks(s.catalog, rd["marks"], f"{where}.marks")
    if "encampments" in rd:
        r.encampments = int(rd["encampments"])
    if rd.get("tokens") or rd.get("race") or rd.get("owner"):
        _occupants(s, r, rd, seats, where)


def _marks(catalog: Catalog, marks: Any, where: str) -> dict[str, int]:
    """The markers a region holds, each one the catalog knows."""
    unknown = [m for m in marks if m not in catalog.marks] if isinstance(marks, Mapping) else ["?"]
    if unknown:
        raise SetupError(reason("setup_unknown_key", where=where, key=unknown[0],
                                known=", ".join(sorted(catalog.marks)) or reason("word_none")))
    return {str(m): int(n) for m, n in marks.items() if int(n)}


def _occupants(s: GameState, r: RegionState, rd: Mapping[str, Any], seats: Mapping[str, int],
               where: str) -> None:
    """The tokens on a region: a race its owner holds, Active or In Decline as he holds it, one
    token at least."""
    owner: Any = rd.get("owner")
    if owner not in seats:
        raise SetupError(reason("setup_owner", where=where, value=owner))
    race = _race(s.catalog, rd.get("race"), where)
    seat = seats[owner]
    hold, in_decline = s.players[seat].hold(race)
    if hold is None:
        raise SetupError(reason("setup_not_held", where=where, player=owner, race=race))
    if "decline" in rd and bool(rd["decline"]) != in_decline:
        raise SetupError(reason("setup_decline_mismatch", where=where, race=race, player=owner,
                                state=reason("setup_in_decline" if in_decline else "setup_active")))
    n = int(rd.get("tokens", 1))
    if n < 1:
        raise SetupError(reason("setup_min_token", where=where))
    r.owner, r.race, r.tokens, r.decline = seat, race, n, in_decline


def _gone(s: GameState, setup: Mapping[str, Any]) -> None:
    """Tokens out of the game for good, by race (`gone: {cinderfolk: 2}`)."""
    gone = setup.get("gone") or {}
    if not isinstance(gone, Mapping):
        raise SetupError(reason("setup_unknown_key", where="setup.gone", key=gone,
                                known=", ".join(sorted(s.catalog.races))))
    for race, n in gone.items():
        _race(s.catalog, race, "setup.gone")
        if n:
            s.gone[str(race)] = int(n)


def _tray(s: GameState, column: list[Combo]) -> None:
    """The tray: the box less what is on the board, in hands, waiting, collected, lying on
    combos (Homunculi) and out of the game; neither tokens nor markers beyond what the box holds."""
    catalog = s.catalog
    for race in catalog.races:
        s.tray[race] = catalog.races[race].box - s.gone.get(race, 0)
    for r in s.regions.values():
        if r.tokens and r.race is not None:
            s.tray[r.race] -= r.tokens
    for p in s.players:
        for h in ([p.active] if p.active else []) + p.declines:
            s.tray[h.race] -= h.hand + int(h.memo.get("set_aside", 0))
        for race, n in p.memo.get("collected", {}).items():
            s.tray[race] -= n
    for c in column:                                 # tokens lying on combos (Homunculi)
        s.tray[c.race] -= c.tokens
    for race, n in s.tray.items():
        if n < 0:
            box = catalog.races[race].box if race in catalog.races else 18
            raise SetupError(reason("setup_too_many_tokens", count=box - n, race=race, box=box))
    for marker, limit in MARKER_LIMITS.items():
        if marker != "mountain" and s.marker_count(marker) > limit:
            raise SetupError(reason("setup_too_many_markers", count=s.marker_count(marker), marker=marker,
                                    limit=limit))
    for marker, limit in catalog.boxes.items():      # a pack's markers count against its box (R26)
        if marker not in MARKER_LIMITS and in_play(s, marker) > limit:
            raise SetupError(reason("setup_too_many_markers", count=in_play(s, marker), marker=marker,
                                    limit=limit))


def _stacks(s: GameState, setup: Mapping[str, Any], chance: Recorder, column: list[Combo],
            used_races: set[str], used_powers: set[str], dealt: Collection[str] | None) -> None:
    """The races and powers not in play (only those among `dealt` when it is given), shuffled,
    under those the setup puts on top of each stack; the power badges discarded; the column
    filled from the stacks."""
    catalog = s.catalog
    own: set[str] | None = None if dealt is None else {
        *dealt, *(x for key in ("race_stack", "power_stack", "power_discard") for x in setup.get(key) or []
                  if isinstance(x, str))}
    races_left = [r for r in sorted(catalog.races) if r not in used_races and (own is None or r in own)]
    powers_left = [p for p in sorted(catalog.powers) if p not in used_powers and (own is None or p in own)]
    chance.shuffle(races_left)
    chance.shuffle(powers_left)
    discard = []
    for i, x in enumerate(setup.get("power_discard") or []):
        _power(catalog, x, f"setup.power_discard[{i}]")
        if x not in powers_left:
            raise SetupError(reason("setup_in_play", where="setup.power_discard", kind=reason("word_power"),
                                    value=x))
        powers_left.remove(x)
        discard.append(str(x))
    s.power_discard = discard
    s.race_stack = _stack(catalog, setup, "race_stack", races_left, _race, "race")
    s.power_stack = _stack(catalog, setup, "power_stack", powers_left, _power, "power")
    s.column = column
    refill_column(s, chance)


def _stack(catalog: Catalog, setup: Mapping[str, Any], key: str, left: list[str], known: Any,
           label: str) -> list[str]:
    """The stack `key`: those the setup names on top (each known, none in play), then `left`."""
    top = []
    for i, x in enumerate(setup.get(key) or []):
        known(catalog, x, f"setup.{key}[{i}]")
        if x not in left:
            raise SetupError(reason("setup_in_play", where=f"setup.{key}", kind=reason(f"word_{label}"),
                                    value=x))
        left.remove(x)
        top.append(x)
    return top + left


def _round(s: GameState, setup: Mapping[str, Any]) -> None:
    """The round the setup is in, one the map's track has."""
    s.round = int(setup.get("round", 1))
    if not 1 <= s.round <= s.board.turns:
        raise SetupError(reason("setup_round", round=s.round, turns=s.board.turns))


def _effects_see_the_position(s: GameState) -> None:
    """Every race's effects see the position set up (`Ability.on_position`)."""
    for seat, p in enumerate(s.players):
        for h, _in_dec in ([(p.active, False)] if p.active else []) + [(h, True) for h in p.declines]:
            for ab in s.catalog.effects_of(h.race, h.power):
                ab.on_position(s, seat, h)


def _attacked(s: GameState, setup: Mapping[str, Any], seats: Mapping[str, int]) -> None:
    """Who was attacked this turn already."""
    for i, name in enumerate(setup.get("attacked") or []):
        if name not in seats:
            raise SetupError(reason("setup_not_player", where=f"setup.attacked[{i}]", value=name,
                                    known=", ".join(seats)))
        if seats[name] not in s.turn.attacked:
            s.turn.attacked.append(seats[name])


def _off_board(s: GameState, setup: Mapping[str, Any], seats: Mapping[str, int]) -> None:
    """What the setup puts off the board for an Active race: markers of its effects still in
    their supply (`supply: {pot_of_gold: 3}`) and the face-down value of its markers on the
    board (`loot: {region: 3}`, Skags)."""
    cat = s.catalog
    for name, pd in (setup.get("players") or {}).items():
        a = (pd or {}).get("active") or {}
        hold = s.players[seats[name]].active
        if hold is None:
            continue
        where = f"setup.players.{name}.active"
        abil = cat.effects_of(hold.race, hold.power)
        for marker, n in (a.get("supply") or {}).items():
            if not any(ab.set_supply(hold, str(marker), int(n)) for ab in abil):
                known = sorted(k for ab in abil for k in ab.supply(hold))
                raise SetupError(reason("setup_unknown_key", where=f"{where}.supply", key=marker,
                                        known=", ".join(known) or reason("word_none")))
        for rid, value in (a.get("loot") or {}).items():
            hiders = [ab for ab in abil if hasattr(ab, "hide")]
            if rid not in s.regions or not hiders:
                raise SetupError(reason("setup_no_region", where=f"{where}.loot", id=rid) if hiders else
                                 reason("setup_unknown_key", where=where, key="loot",
                                        known=", ".join(sorted(ACTIVE_KEYS - {"loot"}))))
            hiders[0].hide(s, hold, str(rid), value)
