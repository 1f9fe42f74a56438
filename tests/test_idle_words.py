"""Nothing that can never act loads: every registered block is fed each value with which it
could never act — a count of 0, an empty list, a marker without a name, `in_decline` together
with `only_in_decline`, an `occupant` its race's own regions never have, a marker nobody places —
and each is refused in one line naming the file and the effect's line.

The cases are generated from the block registry, so a new block whose parameter can be left idle
fails here until it says so (`Ability.idle_values`, `held_where`, `idle_combination`), or until
the value is listed in `ACTS` below with what it still does.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from game.content.catalog import ContentError, load_catalog
from game.rules.abilities import REGISTRY, honours_decline, where_params

BLOCKS = sorted(REGISTRY)

#: (block, parameter): what the block still does with the value a case gives it (0, [] or '')
ACTS: dict[tuple[str, str], str] = {
    ("buy_discount", "coins"): "0 coins: the discount is free",
    ("clear_region", "gain"): "0: no token gained, the region is still emptied",
    ("clear_region", "loss"): "0: the occupants lose no token, the region is still emptied",
    ("clear_region", "marker"): "'': no marker left behind, the region is still emptied",
    ("coins_for_count", "beyond"): "0: every thing counted is paid",
    ("coins_for_regions", "otherwise"): "0: the other regions keep their coin, 'amount' still pays",
    ("coins_if", "regions_at_most"): "0: no limit on the regions held",
    ("coins_when_declines", "at_pick"): "the others still pay (all three 0 is refused, below)",
    ("coins_when_declines", "others"): "the others still pay (all three 0 is refused, below)",
    ("coins_when_declines", "own"): "the others still pay (all three 0 is refused, below)",
    ("conquer_from_afar", "coins"): "0: the reach costs no coin",
    ("conquer_from_afar", "discount"): "0: the reach without a discount",
    ("conquer_from_afar", "marker"): "'': the reach leaves no marker",
    ("cost_change", "after"): "0: from the first conquest of the turn",
    ("defender_loss", "amount"): "0: the Elves' rule, no token lost",
    ("discount_markers", "cap"): "0: no limit",
    ("dragon", "tokens"): "0 is read as 1: every conquest needs a token (R20, tests/data/odd-content.yaml)",
    ("flat_price", "tokens"): "0: such a region costs the least a conquest costs",
    ("fortresses", "coins"): "0: the Fortresses still defend",
    ("gather_on_decline", "per_token"): "0: the tokens are still gathered into one stack",
    ("guard_marker", "defence"): "0: the marker still makes its region immune",
    ("hidden_loot", "repel"): "'': no entry repels, a pile of numbers still pays (an 'attack' left in it is refused)",
    ("marker_moves", "moves"): "0: no limit",
    ("marker_pool", "cap"): "0: no limit",
    ("markers_left_behind", "defence"): "0: the marker still scores for others or is counted",
    ("markers_left_behind", "score_other"): "0: the marker still defends or is counted",
    ("markers_per_region", "defence"): "0: the marker still takes a coin from others, or is counted",
    ("markers_per_region", "score_other"): "0: the marker still defends, or is counted",
    ("replace", "do"): "[]: instead of the defender's lost tokens, none (the Elves' rule)",
    ("push_defenders", "amount"): "0: every token that would come back to hand is pushed",
    ("tokens_per_region", "max"): "0: no limit",
    ("vanish_on_decline", "coins_per_region"): "0: the tokens still leave the board",
}

#: the other parameters a value of ACTS is loaded with, where the declared ones would refuse it
ACTS_WITH: dict[tuple[str, str], dict[str, Any]] = {("hidden_loot", "repel"): {"pile": [1, 2]}}

#: the parameters a block cannot act without, given to every case that does not set them itself
NEEDED: dict[str, dict[str, Any]] = {"trigger": {"do": [{"coins": {"amount": 1}}]},
                                     "lasting": {"change": "conquest_price", "by": -1}}

#: the blocks that act on a marker placed by another: each case gets its own marker, and the
#: block placing it beside it in the same entry
NEEDS_MARKER = ("coins_for_markers", "marker_moves")


def idle_cases(name: str) -> list[tuple[dict[str, Any], str]]:
    """(parameters, a word the refusal must hold) for every value block `name` can never act
    with, less those in ACTS."""
    cls = REGISTRY[name]
    cases: list[tuple[dict[str, Any], str]] = []
    for k, default in cls.params.items():
        if k in cls.only_with or isinstance(default, (bool, dict)) or (name, k) in ACTS:
            continue
        if isinstance(default, int):
            cases.append(({k: 0}, k))
        elif isinstance(default, list):
            cases.append(({k: []}, k))
        elif isinstance(default, str) and k not in cls.choices:
            cases.append(({k: ""}, k))
    # contradictory flags: refused for what they say together, or, to a block that does nothing
    # In Decline, for saying anything of it
    if honours_decline(cls):
        cases.append(({"in_decline": True, "only_in_decline": True}, "only_in_decline"))
    else:
        cases.append(({"in_decline": False, "only_in_decline": True}, "only_in_decline"))
    for k in where_params(cls):
        other, values = cls.only_with.get(k, ("", ("",)))
        need = {other: values[0]} if other else {}            # what the condition needs to be read
        for word in cls.held_where.get(k, ()):
            cases.append(({k: {"occupant": word}, **need}, word))
        if k in cls.held_where:
            cases.append(({k: {"occupant": "ratmen"}, **need}, "ratmen"))        # another race's id
            if not cls.works_in_decline and honours_decline(cls):
                cases.append(({k: {"occupant": "in_decline"}, **need}, "in_decline"))
        cases.append(({k: {"occupant": "nobody"}, **need}, "nobody"))           # an unknown name
    if name in NEEDS_MARKER:
        cases.append(({"marker": "nowhere"}, "nowhere"))              # a marker nobody places
    return cases


def _entry(name: str, params: dict[str, Any], marker: str) -> dict[str, Any]:
    """An entry with block `name` given `params`; a marker of its own when the block names one
    (one name belongs to one race), placed beside it when the block needs it placed."""
    effects: list[Any] = []
    params = {**NEEDED.get(name, {}), **params}
    if "marker" in REGISTRY[name].params:
        params = {"marker": marker, **params}
    if name in NEEDS_MARKER:
        effects.append({"markers_per_region": {"marker": marker}})
    return {"tokens": 5, "effects": [{name: params}, *effects]}


@pytest.mark.parametrize("name", BLOCKS)
def test_every_value_a_block_cannot_act_with_is_refused_in_one_line(name: str, tmp_path: Path) -> None:
    cases = idle_cases(name)
    races = {f"case{i}": _entry(name, params, f"mark{i}") for i, (params, _) in enumerate(cases)}
    path = tmp_path / "idle.yaml"
    path.write_text(yaml.safe_dump({"races": races}, sort_keys=False, width=200), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    lines = [str(p) for p in caught.value.problems]
    text = path.read_text(encoding="utf-8").splitlines()
    for i, (params, word) in enumerate(cases):
        mine = [line for line in lines if f"race 'case{i}':" in line]
        assert mine, f"{name} {params}: loaded, though it can never act"
        assert len(mine) == 1, f"{name} {params}: {mine}"
        line = mine[0]
        assert word in line, f"{name} {params}: {line} does not name {word!r}"
        assert line.startswith(f"{path}:")
        number = int(line[len(str(path)) + 1:].split(":")[0])
        assert name in text[number - 1], (line, text[number - 1])          # the effect's own line


@pytest.mark.parametrize("name", BLOCKS)
def test_every_block_acts_with_the_values_listed_as_acting(name: str, tmp_path: Path) -> None:
    """The values ACTS lists load (with the block's other parameters as declared)."""
    cls = REGISTRY[name]
    listed = [k for (block, k) in ACTS if block == name]
    if not listed:
        return
    for k in listed:
        default = cls.params[k]
        value: Any = 0 if isinstance(default, int) else [] if isinstance(default, list) else ""
        params = {x: v for x, v in cls.params.items() if x not in cls.only_with and x != "marker"}
        params.update(ACTS_WITH.get((name, k), {}))
        params[k] = value
        path = tmp_path / f"acts-{k}.yaml"
        path.write_text(yaml.safe_dump({"races": {"acting": _entry(name, params, "flag")}}), encoding="utf-8")
        assert "acting" in load_catalog([path]).races, (name, k)


def _load(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "content.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    return [str(p)[len(str(path)):] for p in caught.value.problems]


def test_a_marker_name_placed_by_two_races_is_refused_at_the_second(tmp_path: Path) -> None:
    lines = _load(tmp_path, "races:\n"
                  "  frostkin:\n    tokens: 5\n    effects: [{markers_per_region: {marker: frost}}]\n"
                  "  rimefolk:\n    tokens: 5\n    effects: [{guard_marker: {marker: frost}}]\n")
    assert lines == [":7: race 'rimefolk': the marker 'frost' is already placed by 'frostkin'; "
                     "give this one another name"]


def test_coins_for_markers_counts_only_a_marker_its_own_entry_places(tmp_path: Path) -> None:
    lines = _load(tmp_path, "races:\n"
                  "  frostkin:\n    tokens: 5\n    effects: [{markers_per_region: {marker: frost}}]\n"
                  "powers:\n"
                  "  frostcount:\n    tokens: 5\n    effects: [{coins_for_markers: {marker: frost}}]\n")
    assert len(lines) == 1 and lines[0].startswith(":8: power 'frostcount': effect 'coins_for_markers' "
                                                   "acts on the 'frost' marker, which no effect of this power places")


def test_coins_for_regions_otherwise_without_where_is_refused_and_hoarders_take_the_coin_away(
        tmp_path: Path) -> None:
    lines = _load(tmp_path, "races:\n  hoarders:\n    tokens: 5\n"
                  "    effects: [{coins_for_regions: {amount: 0, otherwise: -1}}]\n")
    assert len(lines) == 1 and "'otherwise' never applies" in lines[0] and "amount: -1" in lines[0]
    path = tmp_path / "sound.yaml"
    path.write_text("races:\n  hoarders:\n    tokens: 5\n    effects: [{coins_for_regions: {amount: -1}}]\n",
                    encoding="utf-8")
    assert "hoarders" in load_catalog([path]).races
    lines = _load(tmp_path, "races:\n  hoarders:\n    tokens: 5\n    effects: [{coins_for_regions: {amount: -2}}]\n")
    assert len(lines) == 1 and "-1 or more" in lines[0]


def test_a_powers_in_decline_is_accepted_and_keeps_its_badge(tmp_path: Path) -> None:
    """What the docs say: `in_decline: true` on a power's effect loads, and the badge stays with
    the race In Decline (Underground's Muddy)."""
    path = tmp_path / "muddy.yaml"
    path.write_text("powers:\n  boggy:\n    tokens: 3\n"
                    "    effects: [{coins_for_regions: {where: {terrains: [swamp]}, in_decline: true}}]\n",
                    encoding="utf-8")
    catalog = load_catalog([path])
    assert catalog.abilities["boggy"][0].in_decline
    docs = (Path(__file__).resolve().parents[1] / "docs" / "custom-races.md").read_text(encoding="utf-8")
    assert "or set on a power's effect" not in docs
    assert "`in_decline: true` on a power's effect is accepted" in docs
