"""What a conquest costs, said by the blocks: a flat price (`flat_price`), a token's strength
attacking or defending (`token_strength`), a change counted by the turn's conquests
(`cost_change` with `per` and `after`), and the die's reach (`die_modifier` with a negative `add`,
never bringing less than 0). The cost's parts still add up to its total; the least a conquest
costs still binds (R23); the fast listing agrees with `cost_of` and the reasons position by
position in random games with these races; an unquoted `on:` key gets a one-line refusal."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.bots import make_bot
from game.bots.arena import play_game
from game.content.catalog import ContentError, load_catalog
from game.content.tmx import map_for_players
from game.rules import Catalog, GameState, RaceHold, apply, cost_of, legal_actions, new_game
from game.rules.die import brought
from game.rules.invariants import check
from tests.boards import BOARDS
from tests.test_fast_legality import _check_position

ROOT = Path(__file__).resolve().parents[1]
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"
OURS = ("hillrunners", "crescendo", "woodwardens", "stonehide", "bogwalkers", "gravecallers", "dicefolk")
OUR_POWERS = ("momentum", "jinxed")


def _load(tmp_path: Path, text: str) -> Catalog:
    f = tmp_path / "mine.yaml"
    f.write_text(text, encoding="utf-8")
    return load_catalog([INVENTED, f])


def _position(cat: Catalog, race: str, power: str, foe: str = "humans", foe_power: str = "hill") -> GameState:
    """`race` (seat 0) holds the grid's first region with 3 tokens in hand; `foe` is in play."""
    s = new_game(BOARDS["grid"](), ["ann", "bob"], cat, random.Random(1), forced=[(race, power), (foe, foe_power)])
    s, _ = apply(s, legal_actions(s)[0], random.Random(0))
    s, _ = apply(s, next(a for a in legal_actions(s) if type(a).__name__ == "Conquer"), random.Random(0))
    return s


def _put(s: GameState, rid: str, seat: int, race: str, tokens: int) -> GameState:
    """`tokens` of `race` in `rid` for `seat`, whose Active race it becomes if it is not yet."""
    s = s.copy()
    p = s.player_w(seat)
    if p.active is None or p.active.race != race:
        p.active = RaceHold(race, "hill")
    r = s.reg_w(rid)
    r.owner, r.race, r.tokens, r.lost_tribe = seat, race, tokens, 0
    s.seal()
    return s


def _target(s: GameState, terrain: str | None = None) -> str:
    """A free land region (of `terrain`) to price: `cost_of` asks no adjacency."""
    return next(rid for rid in s.board.index if not s.board.region(rid).is_water and s.regions[rid].owner is None
                and (terrain is None or s.board.region(rid).terrain == terrain))


def test_the_parts_of_a_cost_add_up_with_a_strength_and_a_flat_price(tmp_path: Path) -> None:
    cat = load_catalog([INVENTED])
    s = _position(cat, "ratmen", "stout", "stonehide")
    rid = _target(s)
    s = _put(s, rid, 1, "stonehide", 3)
    c = cost_of(s, 0, rid)
    assert c.total == sum(n for _, n in c.parts) == 2 + 3 + 3 + s.regions[rid].mountain
    assert ("stonehide", 3) in c.parts
    assert "3 stonehide" in c.describe()
    s = _position(cat, "hillrunners", "stout")
    hill = _target(s, "hill")
    s = _put(s, hill, 1, "ratmen", 5)
    c = cost_of(s, 0, hill)
    assert c.total == 2 and sum(n for _, n in c.parts) == 2 and c.parts[-1][0] == "hillrunners"


def test_an_in_decline_race_defends_with_its_strength_only_with_in_decline(tmp_path: Path) -> None:
    cat = _load(tmp_path, "races:\n  basalt:\n    tokens: 5\n    effects:\n"
                          "      - {token_strength: {side: defence, count_as: 3, in_decline: true}}\n"
                          "  pumice:\n    tokens: 5\n    effects:\n"
                          "      - {token_strength: {side: defence, count_as: 3}}\n")
    for race, strong in (("basalt", True), ("pumice", False)):
        s = _position(cat, "ratmen", "stout", race)
        rid = _target(s)
        s = _put(s, rid, 1, race, 2)
        active = cost_of(s, 0, rid).total - s.regions[rid].mountain
        s = s.copy()
        p = s.player_w(1)
        assert p.active is not None
        p.declines, p.active = [p.active], None
        s.reg_w(rid).decline = True
        s.seal()
        declined = cost_of(s, 0, rid).total - s.regions[rid].mountain
        assert active == 2 + 6
        assert declined == (2 + 6 if strong else 2 + 2), race


def test_a_flat_price_keeps_the_least_a_conquest_costs(tmp_path: Path) -> None:
    cat = _load(tmp_path, "powers:\n  bargain:\n    tokens: 4\n    effects: [{flat_price: {tokens: 1}}]\n")
    s = _position(cat, "phalanx", "bargain")
    rid = _target(s)
    s = _put(s, rid, 1, "ratmen", 4)
    assert cost_of(s, 0, rid).total == 2                  # phalanx: no conquest below 2 (R23)
    s = _position(cat, "ratmen", "bargain")
    rid = _target(s)
    s = _put(s, rid, 1, "ratmen", 4)
    assert cost_of(s, 0, rid).total == 1


def test_the_die_never_brings_less_than_nothing() -> None:
    assert brought(0, -1) == 0 and brought(3, -1) == 2 and brought(2, 1) == 3 and brought(0, -3) == 0


def test_the_new_words_are_refused_where_they_mean_nothing(tmp_path: Path) -> None:
    for params, words in (("{side: attack, tokens: 0}", "'tokens' is 0; give 1 or more"),
                          ("{side: defence, where: {occupant: active}}", "remove occupant"),
                          ("{side: defense}", "did you mean 'defence'")):
        with pytest.raises(ContentError) as caught:
            _load(tmp_path, f"races:\n  odd:\n    tokens: 5\n    effects: [{{token_strength: {params}}}]\n")
        assert any(words in str(p) and ":4:" in str(p) for p in caught.value.problems), caught.value.problems
    with pytest.raises(ContentError) as caught:
        _load(tmp_path, "races:\n  odd:\n    tokens: 5\n    effects: [{cost_change: {per: earlier_conquests}}]\n")
    assert "did you mean 'earlier_conquest'" in str(caught.value)
    _load(tmp_path, "powers:\n  gloomy:\n    tokens: 4\n    effects: [{die_modifier: {add: -2}}]\n")


@pytest.mark.parametrize("key", ["on", "yes", "No", "OFF"])
def test_an_unquoted_on_key_says_its_line_and_how_to_quote_it(tmp_path: Path, key: str) -> None:
    f = tmp_path / "mine.yaml"
    f.write_text(f"races:\n  odd:\n    tokens: 5\n    effects:\n      - {{cost_change: {{{key}: 1}}}}\n",
                 encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([f])
    first = str(caught.value.problems[0])
    assert first == f"{f}:5: YAML reads the key {key} as true or false, not as the word; quote it: '{key}'"
    assert "True" not in str(caught.value) and "False" not in str(caught.value)
    f.write_text(f"races:\n  odd:\n    tokens: 5\n    effects:\n      - {{cost_change: {{'{key}': 1}}}}\n",
                 encoding="utf-8")
    with pytest.raises(ContentError) as caught:            # quoted: a word, and an unknown parameter
        load_catalog([f])
    assert "YAML reads" not in str(caught.value) and f"unknown parameter '{key}'" in str(caught.value)


def test_a_y_key_is_a_word_for_the_loader(tmp_path: Path) -> None:
    f = tmp_path / "mine.yaml"
    f.write_text("races:\n  odd:\n    tokens: 5\n    effects: [{cost_change: {y: 1}}]\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([f])
    assert [str(p) for p in caught.value.problems] == [
        f"{f}:4: race 'odd': unknown parameter 'y' for effect 'cost_change'; known parameters: after, amount, per, "
        "when, where"]


def test_random_games_with_the_new_conquest_words_list_what_their_reasons_accept() -> None:
    cat = load_catalog([INVENTED])
    cat.races = {k: v for k, v in cat.races.items() if k in OURS + ("ratmen", "ghouls")}
    cat.powers = {k: v for k, v in cat.powers.items() if k in OUR_POWERS + ("berserk", "stout", "flying", "hill")}
    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = new_game(BOARDS[["grid", "wide", "ring"][seed % 3]](), [f"p{i}" for i in range(2 + seed % 3)], cat, rng)
        while not s.game_over:
            compared += _check_position(s)
            acts = legal_actions(s)
            s, _ = apply(s, acts[rng.randrange(len(acts))], rng)
            assert not check(s, round_trip=False)
    assert compared > 1000


def test_computer_players_play_the_new_conquest_words_to_the_end() -> None:
    cat = load_catalog([INVENTED])
    cat.races = {k: v for k, v in cat.races.items() if k in OURS + ("ratmen", "ghouls")}
    cat.powers = {k: v for k, v in cat.powers.items() if k in OUR_POWERS + ("berserk", "stout", "hill", "flying")}
    for seed in range(2):
        bots = [make_bot(level, i, seed) for i, level in enumerate(("medium", "easy", "medium"))]

        def on_step(before: GameState, after: GameState, rec: object) -> None:
            assert not check(after, round_trip=False)

        end = play_game(map_for_players(3).board, cat, bots, seed, on_step=on_step)
        assert end.game_over
