"""The trigger's events beyond a conquest (turn_started, turn_ended, declined, tokens_lost,
combo_picked, die_rolled), its `if` conditions and its subjects: the base game and the packs
listen to none of them (so the engine tells none), and every word that could never act is
refused in one line naming the file and the effect's line."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.content.catalog import ContentError, default_catalog, load_catalog

ROOT = Path(__file__).resolve().parents[1]
PACKS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))

#: (effect, a word the refusal must hold)
REFUSED = [
    ("{trigger: {event: turn_started, whose: attacker, do: [{coins: {}}]}}", "mover, anyone"),
    ("{trigger: {event: region_conquered, whose: anyone, do: [{coins: {}}]}}", "attacker, defender"),
    ("{trigger: {event: turn_started, if: {face: 0}, do: [{coins: {}}]}}", "die_rolled"),
    ("{trigger: {event: turn_started, if: {other_race: ratmen}, do: [{coins: {}}]}}", "other_race"),
    ("{trigger: {event: turn_started, do: [{coins: {from: defender}}]}}", "defender"),
    ("{trigger: {event: declined, where: {terrains: [hill]}, do: [{coins: {}}]}}", "where"),
    ("{trigger: {event: die_rolled, if: {face: 4}, do: [{coins: {}}]}}", "face"),
    ("{trigger: {event: turn_ended, do: [{tokens: {from: tray, to: out}}]}}", "tray"),
    ("{trigger: {event: turn_ended, if: {coins: {}}, do: [{coins: {}}]}}", "coins"),
    ("{trigger: {event: turn_ended, if: {coins: {at_least: 0}}, do: [{coins: {}}]}}", "always"),
    ("{trigger: {event: turn_ended, if: {regions: {at_least: 3, at_most: 2}}, do: [{coins: {}}]}}", "never"),
    ("{trigger: {event: turn_ended, if: {coin: 2}, do: [{coins: {}}]}}", "coins"),
    ("{trigger: {event: turn_ended, if: {holds_marker: snare}, do: [{coins: {}}]}}", "holds_marker"),
    ("{trigger: {event: tokens_lost, if: {holds_marker: snare}, do: [{coins: {}}]}}", "snare"),
    ("{trigger: {event: turn_ended, do: [{coins: {from: each_opponent, to: neighbours}}]}}", "several"),
    ("{trigger: {event: combo_picked, do: [{tokens: {from: region, to: tray}}]}}", "region"),
]


def test_the_base_game_and_the_packs_listen_to_no_event_outside_a_conquest() -> None:
    assert not default_catalog().heard
    assert not load_catalog(PACKS).heard


def test_the_invented_set_listens_to_each_new_event() -> None:
    cat = load_catalog([ROOT / "docs" / "examples" / "invented.yaml"])
    assert cat.heard == {"turn_started", "turn_ended", "declined", "tokens_lost", "combo_picked", "die_rolled",
                         "marker_entered"}
    assert cat.heard_by["die_rolled"] == {"luckless", "wagering"}


@pytest.mark.parametrize("effect,word", REFUSED)
def test_a_trigger_that_could_never_act_is_refused_in_one_line(tmp_path: Path, effect: str, word: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"races:\n  tester:\n    tokens: 5\n    effects:\n      - {effect}\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog([path])
    lines = [str(p) for p in caught.value.problems]
    assert len(lines) == 1 and lines[0].startswith(f"{path}:5:"), lines
    assert word in lines[0], lines[0]


def test_the_conditions_and_subjects_that_can_act_load(tmp_path: Path) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(
        "races:\n  tester:\n    tokens: 5\n    effects:\n"
        "      - {markers_per_region: {marker: snare}}\n"
        "      - {trigger: {event: tokens_lost, whose: attacker, if: {holds_marker: snare, other_in_decline: true},"
        " do: [{tokens: {of: loser, from: hand, to: out}}]}}\n"
        "      - {trigger: {event: die_rolled, whose: anyone, if: {next_to_marker: snare, face: {at_most: 1}},"
        " do: [{coins: {from: roller, to: neighbours}}]}}\n"
        "      - {trigger: {event: turn_started, if: {tokens_in_hand: 2}, do: [{tokens: {of: each_opponent, to: hand}}]}}\n",
        encoding="utf-8")
    assert "tester" in load_catalog([path]).races
