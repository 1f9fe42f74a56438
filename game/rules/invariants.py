"""Facts that hold after every step of every game; the random-game harness checks them.

Tokens are conserved for every race (board + hands + tokens set aside + tray + tokens out of
the game = the box), Lost Tribes too; coins never go below zero; a region holds at most one race; markers stay within
the box, kind by kind, across all players, a race or power borrowed for a turn included (the
rulebook's counts, or a pack's: on the board, and Encampments in players' supplies, never more
than the box holds), and sit with race tokens (Heroes, the Dragon, Holes and Encampments with an
Active race only); the state survives a JSON round trip. `check(state)` returns the broken facts as
sentences (empty when all hold).
"""
from __future__ import annotations

import json

from .abilities.box import box_of, in_play
from .state import LOST_TRIBE, LOST_TRIBE_BOX, MARKER_LIMITS, GameState


def tokens_held(s: GameState, race: str) -> int:
    """Tokens of `race` in players' hands or set aside (not on the board, not in the tray)."""
    n = 0
    for _, h, _ in s.iter_holds():
        if h.race == race:
            n += h.hand + int(h.memo.get("set_aside", 0))
    for c in s.column:                      # tokens lying on a combo (Homunculi)
        if c.race == race:
            n += c.tokens
    for p in s.players:                     # tokens a player collected (Igors)
        n += int(p.memo.get("collected", {}).get(race, 0))
    return n


def check(s: GameState, round_trip: bool = True) -> list[str]:
    bad: list[str] = []
    for race, rd in s.catalog.races.items():
        on_board = s.tokens_on_board(race)
        gone = s.gone.get(race, 0)
        total = on_board + tokens_held(s, race) + s.tray.get(race, 0) + gone
        if total != rd.box:
            bad.append(f"{race}: board {on_board} + hands {tokens_held(s, race)} + tray "
                       f"{s.tray.get(race, 0)} + out of the game {gone} = {total}, but the box holds {rd.box}")
        if gone < 0:
            bad.append(f"{race}: {gone} tokens out of the game")
        if s.tray.get(race, 0) < 0:
            bad.append(f"{race}: the tray holds {s.tray[race]} tokens")
    lt = sum(r.lost_tribe for r in s.regions.values()) + s.tray.get(LOST_TRIBE, 0) \
        + sum(int(p.memo.get("collected", {}).get(LOST_TRIBE, 0)) for p in s.players)
    if lt != LOST_TRIBE_BOX:
        bad.append(f"lost tribes: {lt} counted, the box holds {LOST_TRIBE_BOX}")
    for _i, p in enumerate(s.players):
        if p.coins < 0:
            bad.append(f"{p.name} has {p.coins} coins")
        if p.active is not None and p.active.hand < 0:
            bad.append(f"{p.name} has {p.active.hand} tokens in hand")
    for rid, r in s.regions.items():
        if r.tokens < 0:
            bad.append(f"{rid}: {r.tokens} tokens")
        if r.tokens and r.lost_tribe:
            bad.append(f"{rid}: a race and a Lost Tribe share the region")
        if r.tokens and (r.owner is None or r.race is None):
            bad.append(f"{rid}: tokens without an owner")
        if r.tokens and r.owner is not None and r.race is not None:
            hold, in_dec = s.players[r.owner].hold(r.race)
            if hold is None:
                bad.append(f"{rid}: {r.race} tokens of {s.players[r.owner].name}, who does not hold that race")
            elif in_dec != r.decline:
                bad.append(f"{rid}: decline flag {r.decline} but the race is {'In Decline' if in_dec else 'Active'}")
    for rid, r in s.regions.items():
        for marker in ("lair", "fortress", "hero", "dragon", "hole", "encampments"):
            if getattr(r, marker) and not r.tokens:
                bad.append(f"{rid}: a {marker} marker in a region without race tokens")
            elif getattr(r, marker) and r.decline and marker in ("hero", "dragon", "hole", "encampments"):
                bad.append(f"{rid}: a {marker} marker stayed with an In Decline race")
    for marker in sorted(set(MARKER_LIMITS) - {"mountain"} | set(s.catalog.boxes)):
        n, limit = in_play(s, marker), box_of(s, marker)
        if n > limit:
            bad.append(f"{n} {marker} markers in play; the box has {limit}")
    races_seen: dict[str, int] = {}
    for seat, h, _ in s.iter_holds():
        if h.race in races_seen:
            bad.append(f"the {h.race} are held twice")
        races_seen[h.race] = seat
    if round_trip:
        d = s.to_dict()
        again = GameState.from_dict(json.loads(json.dumps(d)), s.board, s.catalog)
        if again.to_dict() != d:
            bad.append("the JSON round trip changed the state")
    return bad
