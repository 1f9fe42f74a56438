"""`why_illegal` and `apply` agree: for many random positions, every candidate intent — the
listed ones and a wide spread of unlisted ones (every kind, every region, odd counts, seats
and indexes) — is either refused by `why_illegal` (and then `apply` raises `IllegalAction` and
changes nothing) or played by `apply` without any other exception, leaving every invariant
intact. Positions come from random games with the base content and with custom content the
base game cannot reach: fewer combos than the column holds, more races than powers, a race with
no token, a power with 20, and the expansions' building blocks with their own moves."""
from __future__ import annotations

import random
from typing import Any

import pytest

from game.content.catalog import CONTENT_DIR, default_catalog, load_catalog
from game.rules import Catalog, GameState, IllegalAction, apply, legal_actions, new_game, why_illegal
from game.rules import actions as A
from game.rules.invariants import check
from tests.boards import grid_board, ring_board


def _data(cat: Catalog) -> tuple[dict[str, Any], dict[str, Any]]:
    """The plain definitions of a catalog, to build variants of it."""
    def eff(effects: Any) -> list[Any]:
        return [{n: dict(p)} if p else n for n, p in effects]
    races = {r.id: {"name": r.name, "tokens": r.tokens, "box": r.box, "effects": eff(r.effects)}
             for r in cat.races.values()}
    powers = {p.id: {"name": p.name, "tokens": p.tokens, "effects": eff(p.effects)} for p in cat.powers.values()}
    return races, powers


def catalogs() -> dict[str, Catalog]:
    races, powers = _data(default_catalog())
    few = Catalog.from_data({k: races[k] for k in ("ghouls", "amazons", "sorcerers")},
                            {k: powers[k] for k in ("dragon_master", "berserk", "stout")})
    odd_races = dict(races)
    odd_races["ghosts"] = {"name": "Ghosts", "tokens": 0, "box": 0, "effects": ["ghouls_in_decline"]}
    odd_races["wisps"] = {"name": "Wisps", "tokens": 0, "box": 3, "effects": [{"attack_only_tokens": {"amount": 4}}]}
    odd_powers = {k: powers[k] for k in ("commando", "flying", "heroic", "bivouacking", "diplomat")}
    odd_powers["horde"] = {"name": "Horde", "tokens": 20, "effects": []}
    odd_powers["nothing"] = {"name": "Nothing", "tokens": 0, "effects": [{"dragon": {"tokens": 0}}]}
    expansions = load_catalog(sorted((CONTENT_DIR / "expansions").glob("*.yaml")))
    return {"base": default_catalog(), "few": few, "odd": Catalog.from_data(odd_races, odd_powers),
            "expansions": expansions}


CATALOGS = catalogs()


def candidates(s: GameState, rng: random.Random) -> list[A.Action]:
    """The listed intents and many unlisted ones."""
    out: list[A.Action] = list(legal_actions(s))
    n = len(s.players)
    rids = list(s.regions) + ["nowhere"]
    for rid in rng.sample(rids, min(6, len(rids))):
        out += [A.Abandon(rid), A.Conquer(rid), A.Reinforce(rid), A.Dragon(rid), A.Enchant(rid),
                A.GhoulsConquer(rid), A.GhoulsReinforce(rid), A.Fortress(rid)]
    uses = sorted({ab.name for abil in s.catalog.abilities.values() for ab in abil if "use" in ab.intents})
    for name in uses + ["nothing"]:
        out += [A.Use(name), A.Use(name, rng.choice(rids))]
    out += [A.Pick(i) for i in (-1, 0, 1, 5, 6, 9)]
    out += [A.Decline(), A.EndTurn(), A.EndTurn(decline=True), A.BerserkRoll()]
    out += [A.Ally(i) for i in range(-1, n + 1)]
    seat = s.turn.seat
    p = s.players[seat]
    own = s.regions_of(seat, p.active.race) if p.active else []
    pool = own + rng.sample(rids, 2)
    for _ in range(4):
        regs = rng.sample(pool, rng.randint(0, len(pool)))
        counts = {r: rng.choice((-1, 0, 1, 2, 3, 7)) for r in regs}
        out += [A.Redeploy.of(counts), A.Encampments.of(counts), A.Withdraw.of(rng.randrange(-1, n + 1), counts)]
        out.append(A.Heroes(tuple(regs[:3])))
    if s.turn.withdraw:
        wseat, race = s.turn.withdraw[0]
        theirs = s.regions_of(wseat, race)
        if theirs:
            out.append(A.Withdraw.of(wseat, {theirs[0]: 0}))
    return out


def judge(s: GameState, a: A.Action, rng: random.Random, where: str) -> None:
    why = why_illegal(s, a)
    before = s.to_dict()
    if why is not None:
        assert str(why), f"{where}: {a} refused without a sentence"
        with pytest.raises(IllegalAction):
            apply(s, a, rng)
        assert s.to_dict() == before, f"{where}: refused {a} changed the state"
        return
    try:
        new, _ = apply(s, a, rng)
    except IllegalAction as err:  # pragma: no cover - the failure this test is for
        raise AssertionError(f"{where}: why_illegal accepts {a}, apply refuses it: {err}") from None
    except Exception as err:  # pragma: no cover - the failure this test is for
        raise AssertionError(f"{where}: why_illegal accepts {a}, apply raises {type(err).__name__}: {err}") from err
    bad = check(new, round_trip=False)
    assert not bad, f"{where}: {a} broke {bad}"
    assert s.to_dict() == before, f"{where}: apply({a}) changed the state it was given"


def play(cat_name: str, seed: int, every: int) -> int:
    """A random game; every `every`-th position, every candidate is judged. Returns how many."""
    rng = random.Random(seed)
    board = [ring_board, grid_board][seed % 2]()
    names = [f"p{i}" for i in range(2 + seed % 3)]
    s = new_game(board, names, CATALOGS[cat_name], rng)
    judged = steps = 0
    while not s.game_over and steps < 2000:
        if steps % every == 0:
            for a in candidates(s, rng):
                judge(s, a, random.Random(steps), f"{cat_name} seed {seed} step {steps}")
                judged += 1
        acts = legal_actions(s)
        assert acts, f"{cat_name} seed {seed} step {steps}: nothing legal in phase {s.turn.phase}"
        # lean towards what conquers and what declines, so Ghouls and decline races appear
        weighted = [a for a in acts if a.kind in ("ghouls", "ghouls_reinforce", "decline", "conquer")]
        a = rng.choice(weighted) if weighted and rng.random() < 0.5 else rng.choice(acts)
        s, _ = apply(s, a, rng)
        steps += 1
    assert s.game_over, f"{cat_name} seed {seed}: the game did not end"
    return judged


@pytest.mark.slow
@pytest.mark.parametrize("cat_name", sorted(CATALOGS))
def test_why_illegal_and_apply_agree_on_random_positions(cat_name: str) -> None:
    judged = sum(play(cat_name, seed, every=3) for seed in range(4))
    assert judged > 1000


def test_the_pick_phase_with_an_empty_column_refuses_a_stout_decline() -> None:
    """With no combo left, a player without an Active race may only pass: `EndTurn(decline=True)`
    is refused in words, not by an assertion inside `apply`."""
    s = new_game(ring_board(), ["ann", "bob"], CATALOGS["base"], random.Random(3))
    s.column = []
    s.race_stack = []
    why = why_illegal(s, A.EndTurn(decline=True))
    assert why is not None and "Stout" in why
    new, _ = apply(s, A.EndTurn(), random.Random(0))
    assert new.turn.seat == 1
