"""Every way of taking or emptying a region goes through the one conquest path (R21).

`resolution.take_region` is the only way in: the victim's side is heard in `resolution.evict` (Corrupt,
Martyr, Scarecrows, Pots of Gold, Skags' Loot, Witch Doctors, Igors...) and the conqueror's in
`resolution.take_over` (Ransacking, Orcs, Loot drawn...). The test lists every intent kind: each
either changes who holds a region of someone else (and is played here, from a scenario that does
it, with the two instrumented) or only touches its player's own regions. A new intent kind fails
the test until it is put in one list or the other."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from game.content.catalog import default_catalog
from game.rules import ACTION_TYPES
from game.rules import resolution as C
from game.scenario import Runner

SC = Path(__file__).parent / "scenarios"
#: these tests replace the path's functions, which compiled callers would not see
pytestmark = pytest.mark.interpreted

#: intent kind -> a scenario whose step of that kind takes (or empties) a region held by someone
TAKES = {
    "conquer": "expansions/corrupt-attacker-pays.yaml",
    "reinforce": "rules/r05-reinforcement-success.yaml",
    "dragon": "rules/r23-kobolds-dragon-moves-two-tokens.yaml",
    "enchant": "rules/r21-conversion-pays-corrupt.yaml",
    "ghouls": "interactions/03-ghouls-in-decline-conquer-first-attack-own-race-ignore-peace.yaml",
    "ghouls_reinforce": "rules/r18-ghouls-final-conquest-with-the-die.yaml",
    "use": "rules/r23-mercenary-pays-after-the-roll.yaml",       # the coin after the roll settles it
}
#: more scenarios through the same path: Lava, Wendigos, Berserk, from afar, the Ivory Tower taken
MORE = ["expansions/lava-empties-a-region.yaml", "expansions/sky-wendigos-empty-a-forest.yaml",
        "powers/berserk-roll-before-a-conquest.yaml", "expansions/slingmen-conquer-from-afar.yaml",
        "rules/r22-captured-ivory-tower-leaves-the-game.yaml", "rules/r21-conversion-reveals-skags-loot.yaml",
        "rules/r21-wendigos-emptying-rolls-the-witch-doctors-die.yaml",
        # a conquered stack pushed into an empty region: its race moves in through the path too
        "../../docs/examples/invented/bulldozers-push-into-an-empty-region-when-none-of-its-own.yaml",
        "../../docs/examples/invented/landslide-tumbles-defenders-down-or-loses-them.yaml"]
#: intent kinds that change only their own player's regions (or none)
OWN_ONLY = {"pick", "abandon", "redeploy", "withdraw", "decline", "end_turn", "berserk_roll", "fortress",
            "encampments", "heroes", "ally", "settle"}


def test_every_intent_kind_is_listed() -> None:
    assert set(TAKES) | OWN_ONLY == set(ACTION_TYPES), sorted(set(ACTION_TYPES) ^ (set(TAKES) | OWN_ONLY))
    assert not set(TAKES) & OWN_ONLY


def _holders(s: Any) -> dict[str, tuple[Any, Any, bool]]:
    """Who holds each region: a race of a player, or a Lost Tribe."""
    out = {rid: (r.owner, r.race, r.decline) for rid, r in s.regions.items() if r.tokens}
    out.update({rid: (None, "lost_tribe", False) for rid, r in s.regions.items() if r.lost_tribe})
    return out


def _run(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, int]]]:
    """Play the scenario with the two halves of the path instrumented; for each step that took a
    region of someone else: its kind and how often each half ran for it."""
    calls: list[tuple[str, str]] = []
    evict, take_over = C.evict, C.take_over

    def spy_evict(s: Any, rid: str, *a: Any, **k: Any) -> None:
        calls.append(("evict", rid))
        evict(s, rid, *a, **k)

    def spy_take_over(s: Any, seat: int, hold: Any, rid: str, *a: Any, **k: Any) -> None:
        calls.append(("take_over", rid))
        take_over(s, seat, hold, rid, *a, **k)

    monkeypatch.setattr(C, "evict", spy_evict)
    monkeypatch.setattr(C, "take_over", spy_take_over)
    sc = yaml.safe_load(path.read_text(encoding="utf-8"))
    r = Runner(sc, path, default_catalog())
    seen: list[tuple[str, dict[str, int]]] = []
    play = r.play

    def watched(a: Any, who: Any) -> None:
        before = _holders(r.s)
        actor = r.s.turn.seat
        calls.clear()
        play(a, who)
        after = _holders(r.s)
        for rid, (owner, race, dec) in before.items():
            if owner == actor and (a.kind in OWN_ONLY or after.get(rid, (None,))[0] == actor):
                continue                 # its own region, given up or kept (abandon, decline...)
            if after.get(rid) != (owner, race, dec):      # taken or emptied
                assert ("evict", rid) in calls, f"{path.name}: {a.kind} took {rid} without the conquest path"
                if rid in after:
                    assert ("take_over", rid) in calls, f"{path.name}: {a.kind} moved into {rid} by another path"
                seen.append((a.kind, {h: calls.count((h, rid)) for h in ("evict", "take_over")}))
        for rid in after:                # an empty region newly held (by the actor, or pushed into)
            if rid not in before and a.kind in TAKES:
                assert ("evict", rid) in calls and ("take_over", rid) in calls, (path.name, a.kind, rid)
                seen.append((a.kind, {h: calls.count((h, rid)) for h in ("evict", "take_over")}))
    r.play = watched                     # type: ignore[method-assign]
    r.run()
    return seen


@pytest.mark.parametrize("kind", sorted(TAKES))
def test_each_way_of_taking_a_region_runs_the_one_path(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _run(SC / TAKES[kind], monkeypatch)
    assert any(k == kind for k, _ in seen), f"{TAKES[kind]} never took a region with {kind}"
    for _, n in seen:
        assert n["evict"] == 1                 # the victim's side heard once, the same way for all


@pytest.mark.parametrize("name", MORE)
def test_the_blocks_that_take_or_empty_regions_run_the_one_path(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _run(SC / name, monkeypatch), f"{name} took no region of anyone"
