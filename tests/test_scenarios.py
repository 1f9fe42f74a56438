"""Every scenario under tests/scenarios passes the conformance runner, one test per file."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.content.catalog import default_catalog
from game.scenario import collect, main, run_file

HERE = Path(__file__).parent
FILES = collect([str(HERE / "scenarios")])


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(HERE / "scenarios")) for p in FILES])
def test_scenario(path: Path) -> None:
    ok, name, msg = run_file(path, default_catalog())
    assert ok, f"{name}: {msg}"


def test_there_are_scenarios_for_every_ruling() -> None:
    names = " ".join(p.name for p in FILES)
    for n in range(1, 24):
        assert f"r{n:02d}" in names, f"no scenario file for ruling R{n}"


def test_runner_reports_a_broken_scenario_without_traceback(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: broken\nboard: {turns: 3, regions: [{id: a, terrain: lava}]}\nplayers: [a, b]\nsteps: []\n")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("name: wrong expectation\nboard: {turns: 3, regions: [{id: a, terrain: hill, border: true}]}\n"
                     "players: [ann, bob]\nsetup: {column: [{race: ratmen, power: merchant}]}\n"
                     "steps: [{pick: 0}, {expect: {players: {ann: {hand: 99}}}}]\n")
    code = main([str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL broken" in out and "unknown terrain 'lava'" in out
    assert "FAIL wrong expectation: step 2: ann hand: expected 99, got 10" in out
    assert "Traceback" not in out
    assert out.strip().endswith("0 passed, 2 failed")
