"""The random-game harness: hundreds of seeded games of 2 to 5 players, random legal intents,
every invariant checked after every step (tokens conserved for every race, coins never
negative, one race per region, markers within the box, JSON round trip), and every game ends
after the board's last round with every seat having played it. A second set of games forces
the Ghouls and the Amazons into play (top of the column, their intents preferred, redeployments
changed again), so that In Decline Ghouls' conquests and final die, and the Amazons' tokens set
aside, run thousands of times under the same invariants. A third set loads every expansion pack
and forces the Sorcerers (with the Mercenary), the Kobolds (with the Dragon Master) and the
Priestesses into play: conversions, the Dragon with a per-region minimum, the die with a choice
after it, the Ivory Tower and In Decline races leaving (R21-R23)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.content.catalog import default_catalog
from game.rules import (
    PICK,
    Action,
    Decline,
    GameState,
    Pick,
    Record,
    Redeploy,
    apply,
    legal_actions,
    new_game,
    replay,
    why_illegal,
)
from game.rules.invariants import check
from game.rules.playout import random_playout
from game.rules.turn import redeploy_regions, redeploy_total
from tests.boards import BOARDS

GAMES = 320


def _play_checked(seed: int) -> tuple[GameState, GameState, list[Record]]:
    rng = random.Random(seed)
    board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
    n = 2 + seed % 4
    start = new_game(board, [f"p{i}" for i in range(n)], default_catalog(), rng)
    records: list[Record] = []
    turns_seen: list[tuple[int, int]] = []

    def on_step(before: GameState, after: GameState, rec: Record) -> None:
        records.append(rec)
        bad = check(after)
        assert not bad, f"seed {seed}, step {len(records)} ({rec.action}): {bad}"
        for e in rec.events:
            if e["type"] == "turn":
                turns_seen.append((e["round"], e["seat"]))

    end, _ = random_playout(start, rng, on_step)
    assert end.game_over
    assert end.round == board.turns
    # every seat played every round: the first turn of the game has no 'turn' event
    assert len(turns_seen) + 1 == board.turns * n
    assert end.winners and all(0 <= w < n for w in end.winners)
    return start, end, records


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(8))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    for seed in range(chunk, GAMES, 8):
        _play_checked(seed)


def test_records_replay_to_the_same_state() -> None:
    for seed in (3, 10, 17):
        start, end, records = _play_checked(seed)
        assert replay(start, records) == end


def test_every_listed_intent_is_accepted_and_refusals_change_nothing() -> None:
    rng = random.Random(99)
    s = new_game(BOARDS["grid"](), ["ann", "bob", "cid"], default_catalog(), rng)
    for _ in range(150):
        if s.game_over:
            break
        acts = legal_actions(s)
        for a in acts:
            assert why_illegal(s, a) is None, a
        before = s.to_dict()
        from game.rules import Conquer
        for rid in s.regions:                       # refused conquests leave no trace
            a = Conquer(rid)
            if a not in acts and why_illegal(s, a) is not None:
                with pytest.raises(ValueError):
                    apply(s, a, rng)
        assert s.to_dict() == before
        s, _ = apply(s, acts[rng.randrange(len(acts))], rng)


# -- games where the Ghouls and the Amazons are forced into play ----------------------------
FORCED = 120
GHOULS_AMAZONS = ("ghouls", "amazons")


def _forced_start(seed: int) -> GameState:
    """A new game with the Ghouls and the Amazons at the top of the column."""
    rng = random.Random(seed)
    board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
    s = new_game(board, [f"p{i}" for i in range(2 + seed % 4)], default_catalog(), rng)
    for i, race in enumerate(GHOULS_AMAZONS):
        where = next(j for j, c in enumerate(s.column) if c.race == race) if any(
            c.race == race for c in s.column) else None
        if where is None:
            k = s.race_stack.index(race)
            s.race_stack[k], s.column[i].race = s.column[i].race, race
        else:
            s.column[where].race, s.column[i].race = s.column[i].race, race
    assert [c.race for c in s.column[:2]] == list(GHOULS_AMAZONS) and not check(s)
    return s


def _random_redeploy(s: GameState, rng: random.Random) -> Redeploy:
    """A random distribution of the turn's one Troop Redeployment, well formed."""
    seat = s.turn.seat
    hold = s.players[seat].active
    assert hold is not None
    own = redeploy_regions(s, seat, hold)      # with those an earlier redeploy emptied
    need = redeploy_total(s, seat)
    if need < len(own):                      # R19: the Amazons' four empty some regions
        keep = set(rng.sample(own, need))
        return Redeploy.of({r: int(r in keep) for r in own})
    counts = {r: 1 for r in own}
    for _ in range(need - len(own)):
        counts[rng.choice(own)] += 1
    return Redeploy.of(counts)


def _forced_choice(s: GameState, acts: list[Action], rng: random.Random) -> Action:
    """Random, but leaning on what these games are for: the top two combos, the Ghouls'
    conquests and final die, the Ghouls going into decline, redeploying and changing one's mind."""
    if s.turn.phase == PICK:
        ghoul = [a for a in acts if a.kind in ("ghouls", "ghouls_reinforce")]
        if ghoul and rng.random() < 0.8:
            return rng.choice(ghoul)
        top = [a for a in acts if isinstance(a, Pick) and a.index <= 1]
        if top and rng.random() < 0.8:
            return rng.choice(top)
        return rng.choice(acts)
    ghoul = [a for a in acts if a.kind in ("ghouls", "ghouls_reinforce")]
    if ghoul and rng.random() < 0.8:
        return rng.choice(ghoul)
    p = s.players[s.turn.seat]
    if p.active is not None and p.active.race == "ghouls" and Decline() in acts and rng.random() < 0.5:
        return Decline()
    if any(h.race == "ghouls" for h in p.declines):     # keep the In Decline Ghouls on the map
        acts = [a for a in acts if not isinstance(a, Decline)]
    if any(isinstance(a, Redeploy) for a in acts) and rng.random() < 0.15:
        return _random_redeploy(s, rng)
    return rng.choice(acts)


def _play_forced(seed: int, seen: dict[str, int]) -> None:
    rng = random.Random(seed)
    s = _forced_start(seed)
    before_redeploy: GameState | None = None     # the state before a run of redeployments
    steps = 0
    while not s.game_over:
        acts = legal_actions(s)
        a = _forced_choice(s, acts, rng)
        why = why_illegal(s, a)
        assert why is None, f"forced seed {seed}, step {steps}: {a} refused: {why}"
        if isinstance(a, Redeploy):
            if s.turn.redeployed:
                seen["redeploy again"] += 1
                if before_redeploy is not None and why_illegal(before_redeploy, a) is None:
                    # nothing but redeployments since: the same as giving the last one once
                    once, _ = apply(before_redeploy, a, random.Random(0))
                    again, _ = apply(s, a, random.Random(0))
                    assert once == again, f"forced seed {seed}, step {steps}: {a} differs given twice"
            elif before_redeploy is None:
                before_redeploy = s
            hold = s.players[s.turn.seat].active
            if hold is not None and hold.race == "amazons":
                seen["amazons redeploy"] += 1
        if s.turn.redeployed:                    # the listed redeploy never loses a token
            listed = next((x for x in acts if isinstance(x, Redeploy)), None)
            if listed is not None:
                kept, _ = apply(s, listed, random.Random(0))
                assert kept.to_dict()["regions"] == s.to_dict()["regions"] and kept.tray == s.tray
        new, rec = apply(s, a, rng)
        seen[a.kind] += 1
        for e in rec.events:
            if e["type"] == "die" and e.get("race") == "ghouls":
                seen["ghouls die success" if e["success"] else "ghouls die failure"] += 1
        bad = check(new)
        assert not bad, f"forced seed {seed}, step {steps} ({rec.action}): {bad}"
        if not isinstance(a, Redeploy):
            before_redeploy = None
        s = new
        steps += 1
        assert steps < 20_000, f"forced seed {seed}: the game did not end"
    assert s.round == s.board.turns


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_games_with_ghouls_and_amazons_forced_into_play(chunk: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(chunk, FORCED, 4):
        _play_forced(10_000 + seed, seen)
    print(dict(seen))


# -- every expansion pack loaded, the Sorcerers, Priestesses, Kobolds and Mercenary in play ----
EXPANSION_GAMES = 40
FORCED_EXP = (("sorcerers", "mercenary"), ("kobolds", "dragon_master"), ("priestesses", "corrupt"))


def _expansions_catalog():  # type: ignore[no-untyped-def]
    from pathlib import Path

    from game.content.catalog import load_catalog
    packs = sorted((Path(__file__).resolve().parents[1] / "assets" / "content" / "expansions").glob("*.yaml"))
    return load_catalog(packs)


def _forced_expansions_start(seed: int, catalog) -> GameState:  # type: ignore[no-untyped-def]
    """A new game with every pack loaded and the forced combos at the top of the column."""
    rng = random.Random(seed)
    board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
    s = new_game(board, [f"p{i}" for i in range(2 + seed % 4)], catalog, rng)
    for i, (race, power) in enumerate(FORCED_EXP):
        for pile, kind in ((s.race_stack, "race"), (s.power_stack, "power")):
            want = race if kind == "race" else power
            j = next((k for k, c in enumerate(s.column) if getattr(c, kind) == want), None)
            if j is not None:
                x = getattr(s.column[i], kind)
                setattr(s.column[j], kind, x)
            else:
                k = pile.index(want)
                pile[k] = getattr(s.column[i], kind)
            setattr(s.column[i], kind, want)
    assert [(c.race, c.power) for c in s.column[:3]] == list(FORCED_EXP) and not check(s)
    return s


def _expansion_choice(s: GameState, acts: list[Action], rng: random.Random) -> Action:
    """Random, leaning on the forced combos and their moves: the conversion, the Dragon, the die
    and the choice after it, the Ivory Tower, and declining."""
    if s.turn.phase == PICK:
        top = [a for a in acts if isinstance(a, Pick) and a.index <= 2]
        if top and rng.random() < 0.85:
            return rng.choice(top)
        return rng.choice(acts)
    keen = [a for a in acts if a.kind in ("enchant", "dragon", "reinforce", "settle")
            or (a.kind == "use" and getattr(a, "effect", "") in ("buy_discount", "gather_on_decline"))]
    if keen and rng.random() < 0.6:
        return rng.choice(keen)
    return rng.choice(acts)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(2))
def test_games_with_every_expansion_and_the_forced_combos(chunk: int) -> None:
    catalog = _expansions_catalog()
    seen: Counter[str] = Counter()
    for seed in range(chunk, EXPANSION_GAMES, 2):
        rng = random.Random(seed)
        s = _forced_expansions_start(20_000 + seed, catalog)
        steps = 0
        while not s.game_over:
            acts = legal_actions(s)
            a = _expansion_choice(s, acts, rng)
            assert why_illegal(s, a) is None, f"expansions seed {seed}, step {steps}: {a}"
            s, rec = apply(s, a, rng)
            seen[a.kind if a.kind != "use" else f"use {getattr(a, 'effect', '')}"] += 1
            seen.update(e["type"] for e in rec.events if e["type"] in ("vanished", "die_settled"))
            bad = check(s)
            assert not bad, f"expansions seed {seed}, step {steps} ({rec.action}): {bad}"
            for _seat, h, in_dec in s.iter_holds():        # R22: no In Decline race without a region
                assert not in_dec or s.regions_of(_seat, h.race), f"seed {seed}: {h.race} In Decline, no region"
            steps += 1
            assert steps < 20_000
        assert s.round == s.board.turns
    print(dict(seen))
    for kind in ("enchant", "dragon", "reinforce"):
        assert seen[kind], f"no {kind} played in these games: {dict(seen)}"
