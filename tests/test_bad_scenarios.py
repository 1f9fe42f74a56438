"""Scenario files written wrong, run by `python -m game.scenario` as an author runs them: a value
of the wrong kind is a FAIL naming the file, the step (or setup field) and the kind expected,
never "engine error" nor a silent truncation; a key given twice is refused; no traceback, and the
files are left as they were."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.scenario import main as scenario_main

ROOT = Path(__file__).resolve().parents[1]

BOARD = """board:
  turns: 10
  regions:
    - {id: a, terrain: farmland, border: true, adjacent: [b]}
    - {id: b, terrain: hill, adjacent: [a, c]}
    - {id: c, terrain: forest, border: true}
"""
PLAYERS = "players: [ann, bob]\n"
SETUP = """setup:
  players:
    ann: {coins: 5, active: {race: ratmen, power: alchemist, hand: 0}}
  regions:
    a: {owner: ann, race: ratmen, tokens: 6}
"""


def scenario(board: str = BOARD, players: str = PLAYERS, setup: str = SETUP, steps: str = "steps:\n  - conquer: b\n",
             extra: str = "") -> str:
    return "name: a scenario written wrong\n" + board + players + extra + setup + steps


def with_setup(body: str) -> str:
    return scenario(setup="setup:\n" + body)


# (case id, file text, words the FAIL line must hold)
CASES: list[tuple[str, str | bytes, list[str]]] = [
    ("turns-ten", scenario(board=BOARD.replace("turns: 10", "turns: ten")), ["board.turns", "whole number", "'ten'"]),
    ("turns-zero", scenario(board=BOARD.replace("turns: 10", "turns: 0")), ["board.turns", "1 to 99"]),
    ("turns-2.5", scenario(board=BOARD.replace("turns: 10", "turns: 2.5")), ["board.turns", "2.5"]),
    ("regions-a-word", scenario(board="board:\n  turns: 10\n  regions: abc\n"), ["board.regions", "a list"]),
    ("seed-abc", scenario(extra="seed: abc\n"), ["seed", "whole number", "'abc'"]),
    ("seed-2.5", scenario(extra="seed: 2.5\n"), ["seed", "2.5"]),
    ("seed-true", scenario(extra="seed: true\n"), ["seed", "True"]),
    ("setup-5", scenario(setup="setup: 5\n"), ["setup", "mapping", "5"]),
    ("setup-a-list", scenario(setup="setup: [a, b]\n"), ["setup", "mapping"]),
    ("redeploy-many", scenario(steps="steps:\n  - conquer: b\n  - redeploy: {a: many, b: 1}\n"),
     ["step 2", "redeploy.a", "0 or more", "'many'"]),
    ("redeploy-2.5", scenario(steps="steps:\n  - conquer: b\n  - redeploy: {a: 2.5, b: 1}\n"),
     ["step 2", "redeploy.a", "2.5"]),
    ("redeploy-negative", scenario(steps="steps:\n  - conquer: b\n  - redeploy: {a: -1, b: 1}\n"),
     ["step 2", "redeploy.a", "-1"]),
    ("redeploy-true", scenario(steps="steps:\n  - conquer: b\n  - redeploy: {a: true, b: 1}\n"),
     ["step 2", "redeploy.a", "True"]),
    ("redeploy-a-list", scenario(steps="steps:\n  - redeploy: [a, b]\n"), ["step 1", "redeploy"]),
    ("withdraw-1.5", scenario(steps="steps:\n  - withdraw: {player: bob, regions: {c: 1.5}}\n"),
     ["step 1", "withdraw.c", "1.5"]),
    ("encampments-two", scenario(steps="steps:\n  - encampments: {a: two}\n"), ["step 1", "encampments.a", "'two'"]),
    ("pick-true", scenario(steps="steps:\n  - pick: true\n"), ["step 1", "'pick' takes a column position"]),
    ("pick-negative", scenario(steps="steps:\n  - pick: -1\n"), ["step 1", "'pick'"]),
    ("pick-text", scenario(steps="steps:\n  - pick: '0'\n"), ["step 1", "'pick'"]),
    ("pick-2.5", scenario(steps="steps:\n  - pick: 2.5\n"), ["step 1", "'pick'"]),
    ("end-turn-decline-maybe", scenario(steps="steps:\n  - end_turn: {decline: maybe}\n"),
     ["step 1", "end_turn.decline", "true or false", "'maybe'"]),
    ("heroes-a-word", scenario(steps="steps:\n  - heroes: a\n"), ["step 1", "'heroes' takes a list"]),
    ("steps-5", scenario(steps="steps: 5\n"), ["'steps' must be a list"]),
    ("step-a-number", scenario(steps="steps:\n  - 5\n"), ["step 1", "cannot read step 5"]),
    ("dice-3", scenario(extra="dice: 3\n"), ["dice", "a list", "3"]),
    ("dice-words", scenario(extra="dice: [three]\n"), ["dice[0]", "whole number", "'three'"]),
    ("dice-face-7", scenario(extra="dice: [7]\n"), ["dice", "7"]),
    ("players-a-word", scenario(players="players: ann\n"), ["'players' must list"]),
    ("players-twice", scenario(players="players: [ann, ann]\n"), ["same name"]),
    ("players-yes-no", scenario(players="players: [yes, no]\n"), ["players[0]", "a name", "True"]),
    ("name-a-list", "name: [a, b]\n" + BOARD + PLAYERS + SETUP + "steps: []\n", ["name", "a name"]),
    ("map-a-number", "name: x\nmap: 5\n" + PLAYERS + "steps: []\n", ["map", "a name", "5"]),
    ("coins-lots", with_setup("  players:\n    ann: {coins: lots}\n"), ["setup.players.ann.coins", "'lots'"]),
    ("coins-negative", with_setup("  players:\n    ann: {coins: -3}\n"), ["setup.players.ann.coins", "0 or more"]),
    ("coins-2.5", with_setup("  players:\n    ann: {coins: 2.5}\n"), ["setup.players.ann.coins", "2.5"]),
    ("hand-many", with_setup("  players:\n    ann: {active: {race: ratmen, power: alchemist, hand: many}}\n"),
     ["setup.players.ann.active.hand", "'many'"]),
    ("active-a-word", with_setup("  players:\n    ann: {active: ratmen}\n"), ["setup.players.ann.active", "mapping"]),
    ("decline-a-word", with_setup("  players:\n    ann: {decline: ratmen}\n"), ["setup.players.ann.decline", "a list"]),
    ("player-a-number", with_setup("  players:\n    ann: 5\n"), ["setup.players.ann", "mapping"]),
    ("tokens-2.5", with_setup("  players:\n    ann: {active: {race: ratmen, power: alchemist}}\n"
                              "  regions:\n    a: {owner: ann, race: ratmen, tokens: 2.5}\n"),
     ["setup.regions.a.tokens", "2.5"]),
    ("fortress-yes-text", with_setup("  regions:\n    a: {fortress: 'yes'}\n"),
     ["setup.regions.a.fortress", "true or false"]),
    ("lost-tribe-many", with_setup("  regions:\n    a: {lost_tribe: many}\n"), ["setup.regions.a.lost_tribe"]),
    ("region-a-number", with_setup("  regions:\n    a: 3\n"), ["setup.regions.a", "mapping"]),
    ("regions-a-list", with_setup("  regions: [a, b]\n"), ["setup.regions", "mapping"]),
    ("round-third", with_setup("  round: third\n"), ["setup.round", "'third'"]),
    ("current-a-number", with_setup("  current: 3\n"), ["setup.current", "a name"]),
    ("column-a-mapping", with_setup("  column: {race: ratmen, power: flying}\n"), ["setup.column", "a list"]),
    ("column-coins-x", with_setup("  column:\n    - {race: ratmen, power: flying, coins: x}\n"),
     ["setup.column[0].coins", "'x'"]),
    ("race-stack-a-word", with_setup("  race_stack: ratmen\n"), ["setup.race_stack", "a list"]),
    ("race-stack-numbers", with_setup("  race_stack: [1, 2]\n"), ["setup.race_stack[0]", "a name"]),
    ("expect-duplicate-key", scenario(steps="steps:\n  - expect:\n      round: 1\n      round: 2\n"),
     ["line 17", "'round' is given twice", "line 16"]),
    ("expect-duplicate-player", scenario(steps="steps:\n  - expect:\n      players:\n        ann: {coins: 5}\n"
                                               "        ann: {coins: 6}\n"), ["'ann' is given twice"]),
    ("expect-duplicate-in-region", scenario(steps="steps:\n  - expect:\n      regions: {a: {tokens: 1, tokens: 2}}\n"),
     ["'tokens' is given twice"]),
    ("duplicate-top-level", scenario(extra="seed: 1\nseed: 2\n"), ["'seed' is given twice"]),
    ("duplicate-region-in-setup", with_setup("  regions:\n    a: {fortress: true}\n    a: {lair: true}\n"),
     ["'a' is given twice"]),
    ("not-utf8", scenario().replace("a scenario", "un scénario").encode("latin-1"), ["line 1", "not UTF-8"]),
    ("deeply-nested", "name: x\nsteps: " + "[" * 3000 + "]" * 3000 + "\n", ["the file is refused: nested more than 32 levels deep"]),
    ("tabs", "name: x\n\tplayers: [a, b]\n", ["not valid YAML"]),
    ("empty", "", ["YAML mapping"]),
    ("version-3", scenario(extra="version: 3\n"), ["version", "1 and 2", "not 3"]),
    ("waiting-many", with_setup("  players:\n    ann: {active: {race: ratmen, power: alchemist, waiting: many}}\n"),
     ["setup.players.ann.active.waiting", "0 or more", "'many'"]),
    ("supply-unknown", with_setup("  players:\n    ann: {active: {race: ratmen, power: alchemist, supply: {pot: 1}}}\n"),
     ["supply", "'pot'"]),
    ("collected-a-word", with_setup("  players:\n    ann: {collected: lots}\n"),
     ["setup.players.ann.collected", "mapping"]),
    ("peace-with-nobody", with_setup("  players:\n    ann: {peace_with: zed}\n"), ["peace_with", "zed"]),
    ("attacked-numbers", with_setup("  attacked: [1]\n"), ["setup.attacked[0]", "a name"]),
    ("unknown-step", scenario(steps="steps:\n  - roll: b\n"), ["unknown step 'roll'", "settle"]),
]


def write_all(folder: Path) -> dict[str, tuple[Path, bytes]]:
    folder.mkdir()
    files = {}
    for case, text, _ in CASES:
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        f = folder / f"{case}.yaml"
        f.write_bytes(data)
        files[case] = (f, data)
    return files


def check_lines(out: str, files: dict[str, tuple[Path, bytes]]) -> None:
    assert "Traceback" not in out and "engine error" not in out, out
    lines = out.splitlines()
    for case, _text, words in CASES:
        f, data = files[case]
        mine = [x for x in lines if x.endswith(f"[{f}]")]
        assert len(mine) == 1 and mine[0].startswith("FAIL "), (case, mine)
        for w in words:
            assert w in mine[0], (case, w, mine[0])
        assert f.read_bytes() == data
    assert lines[-1] == f"0 passed, {len(CASES)} failed"


def test_every_bad_scenario_fails_with_its_file_step_and_kind(tmp_path):
    """All the cases in one run of the command, as an author runs a folder."""
    files = write_all(tmp_path / "bad")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game.scenario", str(tmp_path / "bad")], capture_output=True,
                         text=True, timeout=120, cwd=ROOT, env=env)
    assert out.returncode == 1 and out.stderr == ""
    check_lines(out.stdout, files)


@pytest.mark.parametrize("case, text, words", CASES, ids=[c[0] for c in CASES])
def test_each_bad_scenario_on_its_own(tmp_path, capsys, case, text, words):
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    f = tmp_path / f"{case}.yaml"
    f.write_bytes(data)
    assert scenario_main([str(f)]) == 1
    out = capsys.readouterr().out
    assert "Traceback" not in out and "engine error" not in out
    first = out.splitlines()[0]
    assert first.startswith("FAIL ") and first.endswith(f"[{f}]")
    for w in words:
        assert w in first, (w, first)
    assert f.read_bytes() == data


def test_the_sound_scenario_these_are_made_from_passes(tmp_path, capsys):
    f = tmp_path / "good.yaml"
    f.write_text(scenario(steps="steps:\n  - conquer: b\n  - redeploy: {a: 3, b: 3}\n  - expect:\n      round: 1\n"))
    assert scenario_main([str(f)]) == 0, capsys.readouterr().out
