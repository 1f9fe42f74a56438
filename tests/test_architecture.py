"""The shape the project promises: the rules engine is pure (no pygame, no pytmx), and only
the window imports pygame — plus the balance lab's chart drawing, which renders PNG charts
with pygame's surfaces rather than adding a plotting library."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_engine_imports_neither_pygame_nor_pytmx() -> None:
    code = ("import sys, random\n"
            "import game.rules, game.scenario\n"
            "from game.content.catalog import default_catalog\n"
            "from game.rules.playout import random_playout\n"
            "from tests.boards import ring_board\n"
            "s = game.rules.new_game(ring_board(), ['a', 'b'], default_catalog(), random.Random(1))\n"
            "random_playout(s, random.Random(1))\n"
            "bad = [m for m in ('pygame', 'pytmx') if m in sys.modules]\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_only_the_window_and_art_scripts_import_pygame() -> None:
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("game/ui/", "game/lab/charts")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n.split(".")[0] == "pygame" for n in names):
                offenders.append(rel)
    assert offenders == []
