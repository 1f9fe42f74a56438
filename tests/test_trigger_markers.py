"""The trigger's markers, die and questions: `marker_entered` heard when a region carrying a
marker is entered, the `marker` verb within the box's count however the markers came there
(R26), the `roll` verb a recorded chance step and the `ask` verb a decision listed by
`legal_actions` (a replayed game rolls the same faces, makes the same choices and ends the same),
and every word of them that could never act refused in one line naming the file and the line."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.content.catalog import ContentError, load_catalog
from game.content.tmx import map_for_players
from game.rules import EndTurn, IllegalAction, Pick, Use, apply, legal_actions, new_game
from game.rules.engine import replay
from game.scenario import main as scenario_main

ROOT = Path(__file__).resolve().parents[1]
INVENTED = ROOT / "docs" / "examples" / "invented.yaml"

#: (effect, a word the refusal must hold)
REFUSED = [
    ("{trigger: {do: [{marker: {place: snare, remove: snare}}]}}", "not both"),
    ("{trigger: {do: [{marker: {}}]}}", "place or remove"),
    ("{trigger: {event: turn_started, do: [{marker: {place: snare}}]}}", "region"),
    ("{trigger: {do: [{marker: {place: snare, region: all}}]}}", "region"),
    ("{trigger: {do: [{marker: {place: snare, box: 0}}]}}", "box"),
    ("{trigger: {do: [{marker: {place: snare, count: 2}}]}}", "count"),
    ("{trigger: {do: [{roll: {results: {4: [{coins: {}}]}}}]}}", "no face 4"),
    ("{trigger: {do: [{roll: {results: []}}]}}", "results"),
    ("{trigger: {do: [{roll: {results: {1: []}}}]}}", "do"),
    ("{trigger: {event: turn_ended, if: {marker: snare}, do: [{coins: {}}]}}", "marker_entered"),
    ("{trigger: {event: marker_entered, whose: loser, do: [{coins: {}}]}}", "mover, holder"),
    ("{trigger: {event: turn_ended, do: [{tokens: {from: region, to: hand}}]}}", "region"),
    ("{trigger: {do: [{ask: {choices: [{label: a, do: [{coins: {}}]}]}}]}}", "two"),
    ("{trigger: {do: [{ask: {choices: [{label: a, do: []}, {label: a, do: []}]}}]}}", "once"),
    ("{trigger: {do: [{ask: {choices: [{label: a, do: []}, {label: b, do: []}]}}, {coins: {}}]}}", "last"),
    ("{trigger: {event: declined, do: [{ask: {choices: [{label: a, do: []}, {label: b, do: []}]}}]}}", "in_decline"),
]


@pytest.mark.parametrize("effect,word", REFUSED)
def test_a_marker_or_roll_that_could_never_act_is_refused_in_one_line(tmp_path: Path, effect: str, word: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"races:\n  tester:\n    tokens: 5\n    effects:\n      - {effect}\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    lines = [str(p) for p in caught.value.problems]
    assert len(lines) == 1 and lines[0].startswith(f"{path}:5:"), lines
    assert word in lines[0], lines[0]


def test_a_marker_removed_that_no_one_places_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("races:\n  tester:\n    tokens: 5\n    effects:\n"
                    "      - {trigger: {event: marker_entered, if: {marker: nowhere}, do: [{coins: {}}]}}\n",
                    encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    assert "nowhere" in str(caught.value.problems[0])


BOX_FULL = """name: "Snarers: no Snare placed while the box's three are all on the board"
content: [{invented}]
board:
  turns: 5
  regions:
    - {{id: a, terrain: farmland, border: true, adjacent: [b]}}
    - {{id: b, terrain: forest, border: true, adjacent: [a, s]}}
    - {{id: s, terrain: swamp, border: true, adjacent: [b]}}
    - {{id: z, terrain: swamp, border: true}}
players: [ann, bob]
setup:
  current: ann
  players:
    ann: {{coins: 0, active: {{race: snarers, power: stout, hand: 6}}}}
    bob: {{active: {{race: ratmen, power: hill, hand: 0}}}}
  regions:
    z: {{owner: bob, race: ratmen, tokens: 1, marks: {{snare: {z}}}}}
    s: {{marks: {{snare: 1}}}}
steps:
  - conquer: a
  - expect:
      regions: {{a: {{owner: ann, marks: {{{a}}}}}}}
"""


@pytest.mark.parametrize("on_z,in_a", [(2, ""), (1, "snare: 1")])
def test_the_box_holds_three_snares_however_they_came_to_the_board(tmp_path: Path, on_z: int, in_a: str) -> None:
    path = tmp_path / "box.yaml"
    path.write_text(BOX_FULL.format(invented=INVENTED, z=on_z, a=in_a), encoding="utf-8")
    assert scenario_main([str(path)]) == 0


@pytest.mark.parametrize("race,power,kind", [("stormcallers", "gambling", "rolled"),
                                             ("stormcallers", "soothsaying", "rolled"),
                                             ("crossroads", "ransoming", "use")])
def test_a_game_with_a_roll_or_a_question_replays_the_same(race: str, power: str, kind: str) -> None:
    cat = load_catalog([INVENTED])
    board = map_for_players(2).board
    s0 = new_game(board, ["ann", "bob"], cat, random.Random(3), forced=[(race, power)])
    rng = random.Random(5)
    s, first = apply(s0, Pick(0), rng)          # the combo with the roll, first
    records = [first]
    for _ in range(120):
        acts = legal_actions(s)
        if not acts:
            break
        s, rec = apply(s, rng.choice(acts), rng)
        records.append(rec)
    rolled = [e for r in records for e in r.events if e["type"] == kind]
    assert rolled, f"no {kind} in the game"
    again = replay(s0, records)
    assert again == s


def test_a_question_is_the_only_move_until_answered_and_a_wrong_answer_is_refused() -> None:
    cat = load_catalog([INVENTED])
    s0 = new_game(map_for_players(2).board, ["ann", "bob"], cat, random.Random(3), forced=[("crossroads", "stout")])
    s, _ = apply(s0, Pick(0), random.Random(1))
    s, _ = apply(s, EndTurn(), random.Random(1))
    s, _ = apply(s, Pick(0), random.Random(1))
    s, _ = apply(s, EndTurn(), random.Random(1))     # ann's second turn starts with the question
    assert legal_actions(s) == [Use("trigger", choice="coin"), Use("trigger", choice="token")]
    with pytest.raises(IllegalAction) as caught:
        apply(s, Use("trigger", choice="gold"), random.Random(1))
    assert "coin, token" in str(caught.value)
    coins = s.players[0].coins
    s, _ = apply(s, Use("trigger", choice="coin"), random.Random(1))
    assert s.players[0].coins == coins + 1 and Use("trigger", choice="coin") not in legal_actions(s)
