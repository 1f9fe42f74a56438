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


def _imports(path: Path) -> list[str]:
    """Absolute names of the game modules `path` imports (relative imports resolved)."""
    rel = path.relative_to(ROOT).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append(mod)
    return out


def test_the_computer_players_stand_on_the_engine_alone() -> None:
    """Bots read the rules and nothing above them: no lab, no window, no loading of maps or
    content files (a match between levels is the lab's business)."""
    offenders = []
    for path in (ROOT / "game" / "bots").rglob("*.py"):
        for mod in _imports(path):
            if mod.startswith(("game.lab", "game.ui", "game.content", "game.match", "game.maps")):
                offenders.append(f"{path.relative_to(ROOT).as_posix()} imports {mod}")
    assert offenders == []


def test_the_interval_arithmetic_sits_below_bots_and_lab() -> None:
    assert [m for m in _imports(ROOT / "game" / "stats.py") if m.startswith("game")] == []
