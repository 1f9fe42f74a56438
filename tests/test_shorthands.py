"""The blocks that are named shorthands of the rule language's `trigger` (`coins_on_conquest`,
`attacker_loss`) play as the trigger they stand for (`as_trigger`), and `coins_when_conquered` as
the replacement it stands for (`as_replace`): a game with a race given the
block and the same game with the race given its trigger go the same way, coins, tokens and
records alike, but for the kind of record an `attacker_loss` keeps (`attacker_lost`, its tokens
counted as lost, where the trigger records `effect_tokens`, signed). Those that are shorthands
of `lasting` (`cost_change`, `die_modifier`, `token_strength`, `coins_for_regions`) play as the
lasting ability they stand for (`as_lasting`), the computer players valuing both alike."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from game.bots import make_bot
from game.bots.arena import play_game
from game.content.catalog import load_catalog
from game.content.tmx import map_for_players
from game.rules import GameState
from game.rules.abilities import REGISTRY
from game.rules.abilities.trigger import Trigger

BLOCKS: list[tuple[str, dict[str, Any]]] = [
    ("coins_on_conquest", {"amount": 2, "from": "defender"}),
    ("coins_on_conquest", {"amount": 1, "where": {"terrains": ["hill", "forest"]}}),
    ("attacker_loss", {"amount": 2}),
    ("attacker_loss", {"amount": 1, "to": "out", "where": {"occupant": ["active", "in_decline"]}}),
]


def _content(tmp: Path, name: str, effect: dict[str, Any]) -> Path:
    f = tmp / f"{name}.yaml"
    f.write_text(yaml.safe_dump({"races": {"raiders": {"name": "Raiders", "tokens": 8, "effects": [effect]}}}))
    return f


def _records(seed: int, content: Path, forced: tuple[str, str] = ("raiders", "commando")
             ) -> tuple[list[dict[str, Any]], GameState]:
    catalog = load_catalog([content])
    out: list[dict[str, Any]] = []

    def on_step(before: GameState, after: GameState, rec) -> None:  # type: ignore[no-untyped-def]
        out.extend(dict(e) for e in rec.events)

    end = play_game(map_for_players(3).board, catalog, [make_bot("easy", i, seed=i) for i in range(3)],
                    seed, on_step=on_step, forced=[forced])
    return out, end


@pytest.mark.parametrize("name,params", BLOCKS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(BLOCKS)])
def test_a_shorthand_plays_as_its_trigger(tmp_path: Path, name: str, params: dict[str, Any]) -> None:
    cls = REGISTRY[name]
    stands_for = cls.as_trigger({**cls.params, **params})  # type: ignore[attr-defined]
    assert Trigger(**stands_for).acts == tuple(a._replace(record="effect_tokens")
                                               for a in cls(**params).acts)  # type: ignore[attr-defined]
    heard = 0
    kind = "attacker_lost" if name == "attacker_loss" else "coins"
    for seed in range(2):
        short, end_short = _records(seed, _content(tmp_path, "short", {name: params}))
        long, end_long = _records(seed, _content(tmp_path, "long", {"trigger": stands_for}))
        raiders = next(e["seat"] for e in short if e.get("race") == "raiders" and "seat" in e)
        heard += sum(e["type"] == kind and raiders in (e.get("seat"), e.get("to")) for e in short)
        for e in short:
            if e["type"] == "attacker_lost":
                e["type"], e["tokens"] = "effect_tokens", -e["tokens"]
        assert short == long
        assert end_short.to_dict() == end_long.to_dict()
    assert heard, "the games never made the block act: choose other seeds"


#: blocks that are named shorthands of the rule language's `lasting` (`as_lasting`)
LASTING_BLOCKS: list[tuple[str, dict[str, Any]]] = [
    ("cost_change", {"amount": -1, "where": {"terrains": ["hill", "forest", "farmland"]}}),
    ("cost_change", {"amount": -2, "where": {"occupant": ["in_decline", "lost_tribe"]}}),
    ("cost_change", {"amount": 1, "when": "even_round"}),
    ("die_modifier", {"add": 2}),
    ("die_modifier", {"add": -1, "where": {"terrains": ["hill", "forest", "farmland", "swamp"]}}),
    ("token_strength", {"side": "attack", "count_as": 2, "where": {"terrains": ["forest", "farmland"]}}),
    ("token_strength", {"side": "defence", "tokens": 2, "count_as": 3}),
    ("coins_for_regions", {"amount": 1, "where": {"terrains": ["hill", "farmland"]}}),
    ("coins_for_regions", {"amount": -1, "where": {"terrains": ["forest"]}}),
]


@pytest.mark.parametrize("name,params", LASTING_BLOCKS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(LASTING_BLOCKS)])
def test_a_shorthand_plays_as_its_lasting_ability(tmp_path: Path, name: str, params: dict[str, Any]) -> None:
    """The block and the `lasting` ability it stands for play the same games, and the block
    changes them (a game without it goes otherwise)."""
    cls = REGISTRY[name]
    stands_for = cls.as_lasting({**cls.params, **params})  # type: ignore[attr-defined]
    changed = False
    for seed in range(2):
        short, end_short = _records(seed, _content(tmp_path, "short", {name: params}))
        long, end_long = _records(seed, _content(tmp_path, "long", {"lasting": stands_for}))
        for e in long:                 # a score names the block that paid it
            if e["type"] == "score":
                e["parts"] = [(name if k == "lasting" else k, n) for k, n in e["parts"]]
        assert short == long
        assert end_short.to_dict() == end_long.to_dict()
        bare = tmp_path / "bare.yaml"
        bare.write_text(yaml.safe_dump({"races": {"raiders": {"name": "Raiders", "tokens": 8, "effects": []}}}))
        changed = changed or _records(seed, bare)[0] != short
    assert changed, "the games never made the block act: choose other seeds"


#: `coins_when_conquered`, a shorthand of `replace` (`as_replace`)
REPLACED: list[dict[str, Any]] = [
    {"amount": 1, "payer": "attacker", "payee": "holder", "required": True},
    {"amount": 2, "payer": "attacker", "payee": "holder"},
    {"amount": 1, "payer": "bank", "payee": "attacker"},
]


def _defenders(tmp: Path, name: str, effect: dict[str, Any]) -> Path:
    f = tmp / f"{name}.yaml"
    f.write_text(yaml.safe_dump({"races": {"keepers": {"name": "Keepers", "tokens": 8, "effects": [effect]}}}))
    return f


@pytest.mark.parametrize("params", REPLACED, ids=[str(i) for i in range(len(REPLACED))])
def test_coins_when_conquered_plays_as_its_replacement(tmp_path: Path, params: dict[str, Any]) -> None:
    from game.rules.abilities.coins_when_conquered import CoinsWhenConquered
    from game.rules.abilities.replace import Replace
    stands_for = CoinsWhenConquered.as_replace({**CoinsWhenConquered.params, **params})
    assert Replace(**stands_for).coins == CoinsWhenConquered(**params).coins
    heard = 0
    for seed in range(3):
        short, end_short = _records(seed, _defenders(tmp_path, "short", {"coins_when_conquered": params}),
                                    ("keepers", "commando"))
        long, end_long = _records(seed, _defenders(tmp_path, "long", {"replace": stands_for}), ("keepers", "commando"))
        keepers = next(e["seat"] for e in short if e.get("race") == "keepers" and "seat" in e)
        heard += sum(e["type"] == "coins" and (keepers in (e.get("seat"), e.get("to")) or e.get("seat") is None)
                     for e in short)
        assert short == long
        assert end_short.to_dict() == end_long.to_dict()
    assert heard, "the games never made the block act: choose other seeds"
