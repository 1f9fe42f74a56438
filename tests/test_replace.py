"""The rule language's replacement (`replace`): every word that cannot act is refused in one line
naming the file, the effect's line and what would work; a conquest a replacement refuses (its
required coins unpaid, or `fail`) is not listed by `legal_actions` and is refused with its
reason; the defender's replacement of his loss is asked before the attacker's, and in one list
the first replacement written whose `if` holds is the one that applies."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from game.content.catalog import ContentError, load_catalog
from game.content.tmx import map_for_players
from game.rules import Conquer, GameState, apply, build_position, legal_actions, why_illegal

ROOT = Path(__file__).resolve().parents[1]
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"

#: (the replacement's parameters, words its one-line refusal must hold)
REFUSED: list[tuple[dict[str, Any], list[str]]] = [
    ({"instead_of": "turn_started"}, ["instead_of 'turn_started' is not an event a replacement takes",
                                      "built: tokens_lost, region_conquered, scored"]),
    ({"instead_of": "die_rolled"}, ["not built yet: die_rolled, combo_picked"]),
    ({"instead_of": "tokens_los"}, ["did you mean 'tokens_lost'?"]),
    ({"instead_of": "region_conquered", "do": ["conquer", "fail"]}, ["found: conquer and fail"]),
    ({"instead_of": "region_conquered", "do": []}, ["ends with conquer or fail", "found: neither"]),
    ({"instead_of": "region_conquered", "do": ["conquer", {"coins": {"from": "attacker"}}]},
     ["one of them and last"]),
    ({"instead_of": "region_conquered", "do": [{"coins": {"from": "attacker"}}, "fail"]},
     ["the actions before it never happen"]),
    ({"instead_of": "region_conquered", "do": ["conquer"]}, ["so it never acts", "or write fail"]),
    ({"instead_of": "region_conquered", "do": [{"tokens": {}}, "conquer"]}, ["verbs: coins, conquer, fail"]),
    ({"do": [{"coins": {"from": "attacker", "required": True}}]},
     ["'required' refuses a conquest", "belongs to a replacement of region_conquered"]),
    ({"instead_of": "region_conquered", "do": [{"coins": {"from": "bank", "required": True}}, "conquer"]},
     ["required coins are paid by the one who conquers", "from: attacker, to: me"]),
    ({"instead_of": "region_conquered", "whose": "attacker",
      "do": [{"coins": {"from": "defender", "to": "me", "required": True}}, "conquer"]}, ["write from: me"]),
    ({"do": ["conquer"]}, ["not 'conquer'", "verbs: coins, tokens"]),
    ({"do": [{"tokens": {"to": "hand"}}]}, ["tokens 'to' cannot be 'hand'", "accepted: tray, out"]),
    ({"do": [{"tokens": {"count": 0}}]}, ["'tokens count' is 0; give 1 or more"]),
    ({"do": [{"tokens": {"count": 1}}, {"tokens": {"count": 2}}]}, ["one tokens action"]),
    ({"whose": "attacker", "do": [{"tokens": {"of": "me"}}]}, ["the tokens lost are the defender's"]),
    ({"do": [{"coins": {"from": "defender", "to": "me"}}]}, ["coins from defender to me never move"]),
    ({"if": {"weather": "rain"}}, ["'if' has no condition 'weather'", "known: where, when, other_in_decline"]),
    ({"if": {"where": {"occupant": "active"}}}, ["remove 'occupant'"]),
    ({"if": {"other_in_decline": True}}, ["other_in_decline is said of the defender's race", "whose: attacker"]),
    ({"if": {"when": "sometimes"}}, ["'when' cannot be 'sometimes'"]),
    ({"if": {"where": {"terrains": ["lava"]}}}, ["'lava'"]),
    ({"whose": "bystander"}, ["'whose'", "attacker, defender, holder"]),
    ({"whose": "holder"}, ["tokens_lost is heard by attacker or defender"]),
    ({"instead_of": "scored"}, ["scored is heard by holder; write whose: holder"]),
    ({"instead_of": "scored", "whose": "holder", "do": [{"coins": {"amount": 1}}]}, ["of 0 coins ([]) or 2 or more"]),
    ({"instead_of": "scored", "whose": "holder", "do": [{"coins": {"amount": 2, "from": "attacker"}}]},
     ["from the bank to you"]),
    ({"instead_of": "scored", "whose": "holder", "do": [{"coins": {"amount": 2}}, {"coins": {"amount": 3}}]},
     ["one coins action"]),
    ({"instead_of": "scored", "whose": "holder", "do": ["fail"]}, ["verbs: coins"]),
    ({"instead_of": "scored", "whose": "holder", "if": {"other_in_decline": False}}, ["needs whose: attacker"]),
]


def test_every_word_a_replacement_cannot_act_with_is_refused_in_one_line(tmp_path: Path) -> None:
    races = {f"case{i}": {"tokens": 5, "effects": [{"replace": params}]} for i, (params, _) in enumerate(REFUSED)}
    races[f"case{len(REFUSED)}"] = {"tokens": 5, "effects": [      # `required` outside a replacement
        {"trigger": {"do": [{"coins": {"amount": 1, "required": True}}]}}]}
    path = tmp_path / "refused.yaml"
    path.write_text(yaml.safe_dump({"races": races}, sort_keys=False, width=300), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    lines = [str(p) for p in caught.value.problems]
    text = path.read_text(encoding="utf-8").splitlines()
    for i, (params, words) in enumerate([*REFUSED, ({}, ["coins has no parameter 'required'"])]):
        mine = [line for line in lines if f"race 'case{i}':" in line]
        assert len(mine) == 1, f"{params}: {mine}"
        for word in words:
            assert word in mine[0], f"{params}: {mine[0]} does not say {word!r}"
        assert mine[0].startswith(f"{path}:")
        number = int(mine[0][len(str(path)) + 1:].split(":")[0])
        assert "replace" in text[number - 1] or "trigger" in text[number - 1], (mine[0], text[number - 1])


def test_the_sound_replacements_load(tmp_path: Path) -> None:
    """What the refusals above leave: each form the guide shows loads."""
    sound = [
        {"do": []},
        {"whose": "attacker", "if": {"other_in_decline": False, "where": {"terrains": ["hill"]}, "when": "odd_round"},
         "do": [{"tokens": {"count": 2, "from": "region", "to": "out", "of": "defender"}}]},
        {"instead_of": "region_conquered", "do": [{"coins": {"amount": 1, "from": "attacker", "to": "me",
                                                             "required": True}}, "conquer"]},
        {"instead_of": "region_conquered", "whose": "attacker", "do": ["fail"]},
        {"instead_of": "scored", "whose": "holder", "if": {"where": {"coastal": True}},
         "do": [{"coins": {"amount": 3, "from": "bank", "to": "me"}}]},
    ]
    path = tmp_path / "sound.yaml"
    path.write_text(yaml.safe_dump({"races": {f"r{i}": {"tokens": 5, "effects": [{"replace": p}]}
                                              for i, p in enumerate(sound)}}), encoding="utf-8")
    assert len([r for r in load_catalog([path]).races if r.startswith("r")]) >= len(sound)


def _position(setup: dict[str, Any], content: Path = INVENTED) -> GameState:
    board = map_for_players(2).board
    return build_position(board, ["ann", "bob"], load_catalog([content]), random.Random(0), setup)


def _two_regions() -> tuple[str, str]:
    """A border land region of the 2-player map and a land neighbour of it, neither a Mountain."""
    board = map_for_players(2).board
    return next((a.id, b) for a in board.regions if a.border and not a.is_water and a.terrain != "mountain"
                for b in sorted(board.neighbours(a.id))
                if not board.region(b).is_water and board.region(b).terrain != "mountain")


@pytest.mark.parametrize("defender,attacker,coins,word", [
    ("gatewardens", None, 0, "costs 1 coins paid to its holder"),
    (None, "indebted", 0, "costs you 1 coins"),
])
def test_a_conquest_whose_required_coins_cannot_be_paid_is_not_listed(
        defender: str | None, attacker: str | None, coins: int, word: str) -> None:
    a, _ = _two_regions()

    def position(coins: int) -> GameState:
        return _position({"current": "bob", "players": {
            "ann": {"coins": 0, "active": {"race": defender or "humans", "power": "stout", "hand": 0}},
            "bob": {"coins": coins, "active": {"race": "ratmen", "power": attacker or "hill", "hand": 10}}},
            "regions": {a: {"owner": "ann", "race": defender or "humans", "tokens": 1}}})
    s = position(coins)
    assert not [x for x in legal_actions(s) if isinstance(x, Conquer) and x.region == a]
    why = why_illegal(s, Conquer(a))
    assert why is not None and word in why
    s = position(1)                           # with the coin it is listed, and paid
    assert Conquer(a) in legal_actions(s)
    after = apply(s, Conquer(a), random.Random(0))[0]
    assert after.players[1].coins == 0 and after.regions[a].owner == 1
    assert after.players[0].coins == (1 if defender else 0)


@pytest.mark.parametrize("entry,kind,terrain,word", [
    ("fenfolk", "race", "swamp", "the fenfolk there make the conquest fail"),
    ("fogbound", "power", None, "make the conquest fail"),
])
def test_a_conquest_that_fails_is_not_listed(entry: str, kind: str, terrain: str | None, word: str) -> None:
    board = map_for_players(2).board
    target = next(r.id for r in board.regions if r.border and not r.is_water and r.terrain != "mountain"
                  and (terrain is None or r.terrain == terrain))
    race, power = (entry, "stout") if kind == "race" else ("humans", entry)
    s = _position({"current": "bob", "round": 1, "players": {
        "ann": {"active": {"race": race, "power": power, "hand": 0}},
        "bob": {"active": {"race": "ratmen", "power": "hill", "hand": 10}}},
        "regions": {target: {"owner": "ann", "race": race, "tokens": 1}}})
    assert not [x for x in legal_actions(s) if isinstance(x, Conquer) and x.region == target]
    why = why_illegal(s, Conquer(target))
    assert why is not None and word.lower() in why.lower()


def test_the_defenders_replacement_is_asked_before_the_attackers(tmp_path: Path) -> None:
    """Brutes (the attacker's: two lost) against Stoneskins on a Hill (the defender's: none
    lost): the defender's applies, and the attacker's is not asked."""
    board = map_for_players(2).board
    hill = next(r for r in board.regions if r.border and r.terrain == "hill")
    s = _position({"players": {
        "ann": {"active": {"race": "ratmen", "power": "brutes", "hand": 10}},
        "bob": {"active": {"race": "stoneskins", "power": "stout", "hand": 0}}},
        "regions": {hill.id: {"owner": "bob", "race": "stoneskins", "tokens": 3}}})
    after = apply(s, Conquer(hill.id), random.Random(0))[0]
    assert after.players[1].active is not None and after.players[1].active.hand == 3


def test_in_one_list_the_first_replacement_written_whose_if_holds_applies(tmp_path: Path) -> None:
    path = tmp_path / "first.yaml"
    path.write_text(yaml.safe_dump({"races": {"layered": {"tokens": 6, "effects": [
        {"replace": {"if": {"when": "even_round"}, "do": [{"tokens": {"count": 3}}]}},
        {"replace": {"do": []}},
        {"replace": {"do": [{"tokens": {"count": 2}}]}},
    ]}}}), encoding="utf-8")
    a, _ = _two_regions()
    for round_, left in ((1, 4), (2, 1)):          # odd: the second (none lost); even: the first (3)
        s = _position({"round": round_, "players": {
            "ann": {"active": {"race": "ratmen", "power": "hill", "hand": 10}},
            "bob": {"active": {"race": "layered", "power": "stout", "hand": 0}}},
            "regions": {a: {"owner": "bob", "race": "layered", "tokens": 4}}}, path)
        after = apply(s, Conquer(a), random.Random(0))[0]
        bob = after.players[1].active
        assert bob is not None and bob.hand == left, (round_, bob.hand)


def test_the_first_replacement_of_a_conquest_written_whose_if_holds_is_the_one_asked(tmp_path: Path) -> None:
    """On Farmland the first (a coin, as much as the attacker has) applies and the second (three
    coins required) is not asked; elsewhere the second refuses an attacker with one coin."""
    path = tmp_path / "first.yaml"
    path.write_text(yaml.safe_dump({"races": {"tolled": {"tokens": 6, "effects": [
        {"replace": {"instead_of": "region_conquered", "if": {"where": {"terrains": ["farmland"]}},
                     "do": [{"coins": {"amount": 1, "from": "attacker"}}, "conquer"]}},
        {"replace": {"instead_of": "region_conquered",
                     "do": [{"coins": {"amount": 3, "from": "attacker", "required": True}}, "conquer"]}},
    ]}}}), encoding="utf-8")
    board = map_for_players(2).board
    for farmland in (True, False):
        rid = next(r.id for r in board.regions if r.border and not r.is_water
                   and (r.terrain == "farmland") == farmland and r.terrain != "mountain")
        s = _position({"players": {
            "ann": {"coins": 1, "active": {"race": "ratmen", "power": "hill", "hand": 10}},
            "bob": {"coins": 0, "active": {"race": "tolled", "power": "stout", "hand": 0}}},
            "regions": {rid: {"owner": "bob", "race": "tolled", "tokens": 1}}}, path)
        listed = Conquer(rid) in legal_actions(s)
        assert listed == farmland, (rid, farmland)
        if farmland:
            after = apply(s, Conquer(rid), random.Random(0))[0]
            assert (after.players[0].coins, after.players[1].coins) == (0, 1)


def test_the_bots_value_every_replacement_of_the_invented_set() -> None:
    """Each `replace` of the invented set is worth something to the bots, in its direction: a
    lighter loss or a region kept is a defence, a conquest given up costs the attacker."""
    from game.bots.knowledge import BoardFacts, Traits, effect_params, effect_traits
    catalog = load_catalog([INVENTED])
    facts = BoardFacts.of(map_for_players(4).board)
    seen = 0
    for eid in [*catalog.races, *catalog.powers]:
        for name, p, in_decline in effect_params(catalog, eid):
            if name == "replace":
                seen += 1
                assert effect_traits(name, p, in_decline, facts) != Traits(), (eid, p)
    assert seen >= 10
    assert effect_traits("replace", {"instead_of": "region_conquered", "whose": "defender", "do": ["fail"]},
                         False, facts).defense > 0
    assert effect_traits("replace", {"instead_of": "tokens_lost", "whose": "attacker",
                                     "do": [{"tokens": {"count": 2}}]}, False, facts).discount > 0


def test_a_conversion_is_a_conquest_a_replacement_can_make_fail() -> None:
    """The Sorcerers' conversion of a Fenfolk Swamp is refused, and not listed, like a conquest."""
    from game.rules import Enchant
    board = map_for_players(2).board
    swamp, near = next((r.id, n) for r in board.regions if r.terrain == "swamp"
                       for n in sorted(board.neighbours(r.id)) if not board.region(n).is_water)
    setup = {"players": {"ann": {"active": {"race": "sorcerers", "power": "hill", "hand": 5}},
                         "bob": {"active": {"race": "fenfolk", "power": "stout", "hand": 0}}},
             "regions": {near: {"owner": "ann", "race": "sorcerers", "tokens": 2},
                         swamp: {"owner": "bob", "race": "fenfolk", "tokens": 1}}}
    s = _position(setup)
    why = why_illegal(s, Enchant(swamp))
    assert why is not None and "make the conquest fail" in why
    assert Enchant(swamp) not in legal_actions(s)
    setup["players"]["bob"]["active"]["race"] = "humans"          # anyone else's Swamp: converted
    setup["regions"][swamp]["race"] = "humans"
    assert Enchant(swamp) in legal_actions(_position(setup))
