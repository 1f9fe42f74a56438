"""The compiled engine (`game.native`): used only when the build is of these very sources, and
then playing exactly the games the interpreted engine plays."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import native

ROOT = Path(__file__).resolve().parents[1]


def fake_build(root: Path) -> Path:
    """A checkout under `root` with a build of its (stand-in) sources."""
    folder = native.build_dir(root)
    folder.mkdir(parents=True)
    modules = {}
    for m in native.MODULES:
        src = native.source_of(m, root)
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"# {m}\n")
        binary = Path(*m.split(".")).with_suffix(".so")
        (folder / binary).parent.mkdir(parents=True, exist_ok=True)
        (folder / binary).write_bytes(b"")
        modules[m] = {"binary": str(binary), "sha256": native.digest(src)}
    (folder / "x__mypyc.so").write_bytes(b"")
    (folder / native.MANIFEST).write_text(json.dumps({"modules": modules, "group": ["x__mypyc.so"]}))
    return folder


def test_a_build_of_these_sources_is_taken_and_an_edited_source_turns_it_off(tmp_path: Path) -> None:
    folder = fake_build(tmp_path)
    table, why = native.check(folder, tmp_path)
    assert table is not None and set(table) == set(native.MODULES) and why == ""
    src = native.source_of("game.rules.engine", tmp_path)
    src.write_text(src.read_text() + "# edited\n")
    table, why = native.check(folder, tmp_path)
    assert table is None and "game/rules/engine.py changed since the build" in why


def test_no_build_a_broken_manifest_or_a_missing_library_means_interpreted(tmp_path: Path) -> None:
    assert native.check(native.build_dir(tmp_path), tmp_path) == (
        None, "no build (python -m tools.build_native makes one)")
    folder = fake_build(tmp_path)
    (folder / "x__mypyc.so").unlink()
    assert native.check(folder, tmp_path)[1] == "the build's shared library is missing: build again"
    (folder / native.MANIFEST).write_text("{not json")
    assert "unreadable" in native.check(folder, tmp_path)[1]


def _play(env: dict[str, str]) -> dict[str, object]:
    code = (
        "import hashlib, json, random, sys\n"
        "from game import native\n"
        "from game.bench import five_player_board\n"
        "from game.content.catalog import load_catalog\n"
        "from game.content.packs import shipped_packs\n"
        "from game.lab.runner import LabConfig, load_table, play_numbered\n"
        "from game.rules import apply, legal_actions, new_game\n"
        "packs = [p.path for p in shipped_packs()]\n"
        "board, _ = five_player_board()\n"
        "cat = load_catalog(packs)\n"
        "h = hashlib.sha256()\n"
        "for seed in range(12):\n"
        "    rng = random.Random(seed)\n"
        "    s = new_game(board, ['a', 'b', 'c', 'd', 'e'], cat, rng)\n"
        "    while not s.game_over:\n"
        "        acts = legal_actions(s)\n"
        "        s, _ = apply(s, acts[rng.randrange(len(acts))], rng)\n"
        "        h.update(repr(acts).encode())\n"
        "    h.update(json.dumps(s.to_dict(), sort_keys=True).encode())\n"
        "cfg = LabConfig(players=4, level='medium', content=packs)\n"
        "b4, c4, _ = load_table(packs, None, 4)\n"
        "for g in range(3):\n"
        "    h.update(repr(play_numbered(cfg, b4, c4, g)).encode())\n"
        "print(json.dumps({'engine': native.state()[0], 'games': h.hexdigest()}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(native.check(native.build_dir(ROOT), ROOT)[0] is None,
                    reason="no build of these sources (python -m tools.build_native)")
def test_the_compiled_engine_plays_the_very_games_of_the_interpreted_one() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("SMALLWORLD_PURE", None)
    compiled = _play(env)
    interpreted = _play(dict(env, SMALLWORLD_PURE="1"))
    assert compiled["engine"] == "compiled" and interpreted["engine"] == "interpreted"
    assert compiled["games"] == interpreted["games"]
