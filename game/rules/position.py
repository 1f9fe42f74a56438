"""A position set up by hand: the standard setup, then overrides (the scenario `setup:` block).

`build_position` takes plain dicts (column, stacks, round, current player, players' coins and
races, tokens and markers per region), checks that the position could exist on a real table
(no more tokens than the box holds, a race held by one player, markers within the box) and
refuses it with a `SetupError` sentence otherwise. The result is the start of the current
player's turn, troops already readied.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from .board import Board
from .catalog import Catalog
from .chance import Recorder
from .common import refill_column
from .errors import SetupError
from .setup import begin_turn, empty_table
from .state import LOST_TRIBE, MARKER_LIMITS, Combo, GameState, RaceHold, TurnState

REGION_KEYS = {"owner", "race", "tokens", "decline", "lost_tribe", "fortress", "lair",
               "encampments", "hero", "dragon", "hole", "mountain"}
PLAYER_KEYS = {"coins", "active", "decline"}
SETUP_KEYS = {"column", "race_stack", "power_stack", "round", "current", "players", "regions"}


def _race(cat: Catalog, r: Any, where: str) -> str:
    if r not in cat.races:
        raise SetupError(f"{where}: unknown race {r!r}; known races: {', '.join(sorted(cat.races))}")
    return str(r)


def _power(cat: Catalog, p: Any, where: str) -> str:
    if p not in cat.powers:
        raise SetupError(f"{where}: unknown power {p!r}; known powers: {', '.join(sorted(cat.powers))}")
    return str(p)


def build_position(board: Board, names: Sequence[str], catalog: Catalog, rng: random.Random,
                   setup: Mapping[str, Any] | None) -> GameState:
    setup = dict(setup or {})
    bad = set(setup) - SETUP_KEYS
    if bad:
        raise SetupError(f"setup: unknown key {sorted(bad)[0]!r}; known keys: {', '.join(sorted(SETUP_KEYS))}")
    s = empty_table(board, names, catalog)
    chance = Recorder(rng)
    used_races: set[str] = set()
    used_powers: set[str] = set()

    column: list[Combo] = []
    for i, c in enumerate(setup.get("column") or []):
        where = f"setup.column[{i}]"
        if not isinstance(c, Mapping) or "race" not in c or "power" not in c:
            raise SetupError(f"{where}: a combo needs a race and a power")
        column.append(Combo(_race(catalog, c["race"], where), _power(catalog, c["power"], where),
                            int(c.get("coins", 0))))
        used_races.add(c["race"])
        used_powers.add(c["power"])

    seats = {p.name: i for i, p in enumerate(s.players)}
    for name, pd in (setup.get("players") or {}).items():
        if name not in seats:
            raise SetupError(f"setup.players: {name!r} is not one of the players ({', '.join(seats)})")
        bad = set(pd or {}) - PLAYER_KEYS
        if bad:
            raise SetupError(f"setup.players.{name}: unknown key {sorted(bad)[0]!r}; known keys: coins, active, decline")
        p = s.players[seats[name]]
        pd = pd or {}
        if "coins" in pd:
            p.coins = int(pd["coins"])
        if pd.get("active"):
            a = pd["active"]
            where = f"setup.players.{name}.active"
            race = _race(catalog, a.get("race"), where)
            power = _power(catalog, a.get("power"), where)
            p.active = RaceHold(race, power, int(a.get("hand", 0)))
            used_races.add(race)
            used_powers.add(power)
        for j, d in enumerate(pd.get("decline") or []):
            where = f"setup.players.{name}.decline[{j}]"
            race = _race(catalog, d.get("race"), where)
            power = _power(catalog, d["power"], where) if d.get("power") else None
            p.declines.append(RaceHold(race, power, 0))
            used_races.add(race)
            if power:
                used_powers.add(power)

    holders: dict[str, int] = {}
    for seat, p in enumerate(s.players):
        for h in ([p.active] if p.active else []) + p.declines:
            if h.race in holders:
                raise SetupError(f"setup: the {h.race} are held by {s.players[holders[h.race]].name} "
                                 f"and {p.name}; a race banner belongs to one player")
            holders[h.race] = seat
            catalog.require(h.race, h.power)

    for rid, rd in (setup.get("regions") or {}).items():
        where = f"setup.regions.{rid}"
        if rid not in s.regions:
            raise SetupError(f"{where}: the board has no region {rid!r}")
        rd = rd or {}
        bad = set(rd) - REGION_KEYS
        if bad:
            raise SetupError(f"{where}: unknown key {sorted(bad)[0]!r}; known keys: {', '.join(sorted(REGION_KEYS))}")
        r = s.regions[rid]
        if "lost_tribe" in rd:
            n = int(rd["lost_tribe"])
            s.tray[LOST_TRIBE] += r.lost_tribe - n
            r.lost_tribe = n
        for k in ("fortress", "lair", "hero", "dragon", "hole", "mountain"):
            if k in rd:
                setattr(r, k, bool(rd[k]))
        if "encampments" in rd:
            r.encampments = int(rd["encampments"])
        if rd.get("tokens") or rd.get("race") or rd.get("owner"):
            owner = rd.get("owner")
            if owner not in seats:
                raise SetupError(f"{where}: owner {owner!r} is not one of the players")
            race = _race(catalog, rd.get("race"), where)
            seat = seats[owner]
            hold, in_decline = s.players[seat].hold(race)
            if hold is None:
                raise SetupError(f"{where}: {owner} does not hold the {race}; give them the race under "
                                 f"setup.players.{owner}")
            if "decline" in rd and bool(rd["decline"]) != in_decline:
                raise SetupError(f"{where}: the {race} of {owner} are "
                                 f"{'In Decline' if in_decline else 'Active'}, but the region says otherwise")
            n = int(rd.get("tokens", 1))
            if n < 1:
                raise SetupError(f"{where}: a region with a race holds at least 1 token")
            r.owner, r.race, r.tokens, r.decline = seat, race, n, in_decline

    # the tray: the box less what is on the board and in hands
    for race in catalog.races:
        s.tray[race] = catalog.races[race].box
    for r in s.regions.values():
        if r.tokens:
            s.tray[r.race] -= r.tokens
    for seat, p in enumerate(s.players):
        for h in ([p.active] if p.active else []) + p.declines:
            s.tray[h.race] -= h.hand
    for race, n in s.tray.items():
        if n < 0:
            box = catalog.races[race].box if race in catalog.races else 18
            raise SetupError(f"setup: {box - n} {race} tokens are in play, but the box holds only {box}")
    for marker, limit in MARKER_LIMITS.items():
        if marker != "mountain" and s.marker_count(marker) > limit:
            raise SetupError(f"setup: {s.marker_count(marker)} {marker} markers on the board; the box has {limit}")

    # the column and the stacks
    races_left = [r for r in sorted(catalog.races) if r not in used_races]
    powers_left = [p for p in sorted(catalog.powers) if p not in used_powers]
    chance.shuffle(races_left)
    chance.shuffle(powers_left)

    def stack(key: str, left: list[str], known: Any, label: str) -> list[str]:
        top = []
        for i, x in enumerate(setup.get(key) or []):
            known(catalog, x, f"setup.{key}[{i}]")
            if x not in left:
                raise SetupError(f"setup.{key}: the {label} {x!r} is already in play")
            left.remove(x)
            top.append(x)
        return top + left

    s.race_stack = stack("race_stack", races_left, _race, "race")
    s.power_stack = stack("power_stack", powers_left, _power, "power")
    s.column = column
    refill_column(s, chance)

    s.round = int(setup.get("round", 1))
    if not 1 <= s.round <= board.turns:
        raise SetupError(f"setup.round: {s.round} is not a round of this board (1 to {board.turns})")
    cur = setup.get("current", s.players[0].name)
    if cur not in seats:
        raise SetupError(f"setup.current: {cur!r} is not one of the players")
    for seat, p in enumerate(s.players):
        for h, in_dec in ([(p.active, False)] if p.active else []) + [(h, True) for h in p.declines]:
            for ab in catalog.effects_of(h.race, h.power):
                ab.on_position(s, seat, h)
    s.turn = TurnState(seats[cur])
    begin_turn(s, chance, [])
    s.seal()
    return s
