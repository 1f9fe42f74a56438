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


# -- the window's floors: helpers below the scenes, no import circle ----------------------------------
UI = ROOT / "game" / "ui"
# the two modules that open the whole window, as a player or the bench does: the floor above the scenes
WINDOW_OPENERS = {"game.ui.driver", "game.ui.bench"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _ui_imports() -> dict[str, set[str]]:
    """Every game.ui module and the game.ui modules it imports anywhere in its text: at the top,
    inside a function, or for type checking only (a circle is a circle however it is hidden)."""
    graph: dict[str, set[str]] = {}
    for path in UI.rglob("*.py"):
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(max(0, node.level - 1)):
                    base = base.rsplit(".", 1)[0]
                mod = (base + ("." + node.module if node.module else "")) if node.level else (node.module or "")
                found.add(mod)
                found |= {mod + "." + a.name for a in node.names}     # `from . import theme`
        graph[name] = found
    modules = set(graph)
    return {m: {d for d in deps if d in modules and d != m} for m, deps in graph.items()}


def test_no_window_helper_imports_a_scene() -> None:
    graph = _ui_imports()
    offenders = sorted(f"{m} imports {d}" for m, deps in graph.items() for d in deps
                       if d.startswith("game.ui.scenes") and not m.startswith("game.ui.scenes")
                       and m not in WINDOW_OPENERS)
    assert offenders == [], "a helper below the scenes imports a scene: " + "; ".join(offenders)


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph` (Tarjan's strongly connected parts bigger than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(m: str) -> None:
        index[m] = low[m] = len(index)
        stack.append(m)
        for d in sorted(graph.get(m, ())):
            if d not in index:
                visit(d)
                low[m] = min(low[m], low[d])
            elif d in stack:
                low[m] = min(low[m], index[d])
        if low[m] == index[m]:
            part = []
            while True:
                x = stack.pop()
                part.append(x)
                if x == m:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for m in sorted(graph):
        if m not in index:
            visit(m)
    return circles


def test_the_window_has_no_import_circle() -> None:
    graph = _ui_imports()
    graph = {m: {d for d in deps if d != "game.ui"} for m, deps in graph.items()}   # the package's own file
    assert _circles(graph) == [], f"import circles in game/ui: {_circles(graph)}"


def test_the_import_checks_can_fail() -> None:
    """The checkers see a circle, and they see the panels' imports (below the scenes)."""
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []
    graph = _ui_imports()
    assert "game.ui.playview" in graph["game.ui.panels"]
    assert "game.ui.scenes.start" in graph["game.ui.scenes"]


def _game_imports(skip_engine_types: bool = False) -> dict[str, set[str]]:
    """Every game module and the game modules it imports anywhere in its text: at the top, inside a
    function, or under `if TYPE_CHECKING:`. A module's own enclosing package is no edge (running
    `game/lab/__init__.py` before `game.lab.runner` is Python's doing, not an import). With
    `skip_engine_types`, the engine's imports under `if TYPE_CHECKING:` are left out."""
    graph: dict[str, set[str]] = {}
    for path in (ROOT / "game").rglob("*.py"):
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = (_imports_that_run(tree) if skip_engine_types and name.startswith("game.rules")
                 else [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))])
        found: set[str] = set()
        for node in nodes:
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
                continue
            base = package
            for _ in range(max(0, node.level - 1)):
                base = base.rsplit(".", 1)[0]
            mod = (base + ("." + node.module if node.module else "")) if node.level else (node.module or "")
            found.add(mod)
            found |= {mod + "." + a.name for a in node.names}     # `from . import theme`
        graph[name] = found
    modules = set(graph)
    return {m: {d for d in deps if d in modules and d != m and not m.startswith(d + ".")}
            for m, deps in graph.items()}


#: the one circle allowed: the engine's circle of types, named for annotations only (the state holds
#: the catalog whose effects are called with the state), never an import that runs
ENGINE_TYPE_CIRCLE = ["game.rules.abilities", "game.rules.abilities.base", "game.rules.abilities.declared",
                      "game.rules.abilities.when", "game.rules.abilities.where", "game.rules.catalog",
                      "game.rules.state"]


def test_the_program_has_no_import_circle() -> None:
    """The parts depend one way, however an import is hidden (inside a function, or for type checking
    only): rules <- content <- match/bots <- lab/ui <- main. The single exception is the engine's
    circle of annotation types above, and only as it stands: leave out the engine's
    `if TYPE_CHECKING:` imports and no circle is left anywhere."""
    graph = _game_imports()
    assert "game.lab.cluster" in graph["game.lab.__main__"]                  # imports at the top...
    assert "game.ui.bench" in graph["game.bench"]                            # ...inside a function
    assert "game.rules.catalog" in graph["game.rules.state"]                 # ...for type checking
    assert _circles(graph) == [ENGINE_TYPE_CIRCLE], f"import circles in game/: {_circles(graph)}"
    assert _circles(_game_imports(skip_engine_types=True)) == []


def _rules_modules() -> dict[str, Path]:
    """Every module of the rules engine by dotted name (a package by its own name)."""
    out: dict[str, Path] = {}
    for path in (ROOT / "game" / "rules").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports_that_run(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Import statements at any depth, except under `if TYPE_CHECKING:` (names for annotations
    only, never executed)."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child)

    walk(tree)
    return found


def _rules_import_graph() -> dict[str, set[str]]:
    """Module -> rules modules its import statements load. Importing `a.b.c` from outside the
    package `a.b` also runs `a.b/__init__.py`, so that package is an edge too. The effects are
    loaded by name (`importlib.import_module`), which no import statement shows: a module that
    loads modules by name counts as importing every effect module."""
    mods = _rules_modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    effect_modules = [m for m in mods if m.startswith("game.rules.abilities.")]
    for mod, path in mods.items():
        is_pkg = path.name == "__init__.py"
        package = mod if is_pkg else mod.rsplit(".", 1)[0]
        source = path.read_text(encoding="utf-8")
        targets: list[str] = list(effect_modules) if "import_module(" in source else []
        for node in _imports_that_run(ast.parse(source)):
            if isinstance(node, ast.Import):
                targets += [a.name for a in node.names]
                continue
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets.append(base)
            targets += [f"{base}.{a.name}" for a in node.names]
        for t in targets:
            if t not in mods or t == mod or mod.startswith(t + "."):
                continue                           # itself, or a package it sits in
            graph[mod].add(t)
            parts = t.split(".")
            for i in range(3, len(parts)):        # enclosing packages below game.rules
                pkg = ".".join(parts[:i])
                if pkg in mods and not mod.startswith(pkg + ".") and pkg != mod:
                    graph[mod].add(pkg)
    return graph


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_rules_engine_has_no_import_circle() -> None:
    """The rules read top-down: reasons, board, actions -> state -> the effects' extension points
    -> common -> the conquest (pricing, targets, listing, resolution, die, conquest) -> the effects
    -> catalog -> setup -> turn -> engine. (An annotation may name a type from a higher floor
    under `if TYPE_CHECKING:`: the state holds the catalog whose effects are called with the
    state, a circle of types, not of imports.)"""
    graph = _rules_import_graph()
    assert "game.rules.state" in graph["game.rules.conquest"]        # the graph sees imports
    assert "game.rules.abilities" in graph["game.rules.common"]      # ...and the package they run
    cycle = _find_cycle(graph)
    assert cycle is None, "import circle in game/rules: " + " -> ".join(cycle or [])


def test_the_import_circle_check_can_fail() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _find_cycle(graph) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


# -- the engine's face: outside game/rules, engine names come from `game.rules` alone ----------------
#: second faces a module outside the engine may import besides `game.rules`, each with its reason
SECOND_FACES: dict[str, str] = {
    "game.rules.abilities": "the content authors' face: the effect blocks by name (REGISTRY), the class "
                            "a block extends and the when:/where: vocabulary; content loading builds "
                            "effects from it, the block reference is generated from it, the bots read a "
                            "block's parameters and the story tells a block's coins from a race's",
    "game.rules.pickling": "the build's plumbing, not the rules: the bots' compiled modules register their own "
                           "classes for pickling with `when_compiled`, as the engine's modules do",
}


def _outside_engine() -> list[Path]:
    """The program outside the engine: game/ but game/rules, the tools, main.py (tests may reach
    in where they test the engine's inside)."""
    files = [p for p in (ROOT / "game").rglob("*.py") if "rules" not in p.relative_to(ROOT / "game").parts[:1]]
    return sorted(files + list((ROOT / "tools").rglob("*.py")) + [ROOT / "main.py"])


def _face_names(module: str) -> set[str]:
    """The names a face lists in its `__all__` (read from its text, not by importing it)."""
    path = ROOT / Path(*module.split(".")) / "__init__.py"
    if not path.is_file():
        path = path.parent.with_suffix(".py")                    # a face that is a module
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"{module} has no __all__")


def _reaching_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """The imports in `source` (the text of `module`), at any depth, that reach past the engine's
    face: a submodule of game.rules not named in SECOND_FACES, or a name a face does not list."""
    package = module if is_package else module.rsplit(".", 1)[0]
    submodules = set(_rules_modules())
    faces = {"game.rules"} | set(SECOND_FACES)
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [f"import {a.name}" for a in node.names if a.name.startswith("game.rules.")
                    and a.name not in SECOND_FACES]
            continue
        if not isinstance(node, ast.ImportFrom):
            continue
        mod = node.module or ""
        if node.level:
            base = package.split(".")
            base = base[:len(base) - (node.level - 1)]
            mod = ".".join(base + ([mod] if mod else []))
        if mod != "game.rules" and not mod.startswith("game.rules."):
            continue
        if mod not in faces:
            out.append(f"from {mod} import {', '.join(a.name for a in node.names)}")
            continue
        listed = _face_names(mod)
        for a in node.names:
            sub = f"{mod}.{a.name}"
            if sub in submodules and sub not in SECOND_FACES:
                out.append(f"from {mod} import {a.name} (a submodule)")
            elif sub not in SECOND_FACES and a.name not in listed:
                out.append(f"from {mod} import {a.name} (not in its __all__)")
    return out


def test_outside_the_engine_imports_only_its_face() -> None:
    """Nothing outside game/rules reaches into its submodules (or imports a name the face does not
    list): the window, bots, lab, match, story, scenario runner, content loading, tools and main
    read the engine through `game.rules` (plus the documented second faces)."""
    offenders = []
    for path in _outside_engine():
        rel = path.relative_to(ROOT)
        module = _module_name(path)
        for imp in _reaching_imports(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            offenders.append(f"{rel.as_posix()}: {imp}")
    assert offenders == [], "imports past the engine's face:\n" + "\n".join(offenders)


def test_the_face_check_can_fail() -> None:
    src = ("from game.rules.state import GameState\n"
           "from ..rules import actions as A\n"
           "import game.rules.engine\n"
           "def f():\n    from ..rules.abilities.where import KEYS\n"
           "from ..rules import apply, winners_of_my_own\n"
           "from ..rules.abilities import REGISTRY\n"
           "from .rules import legal_actions\n")
    assert sorted(_reaching_imports(src, "game.bots.x")) == sorted([
        "from game.rules.state import GameState",
        "from game.rules import actions (a submodule)",
        "import game.rules.engine",
        "from game.rules import winners_of_my_own (not in its __all__)",
        "from game.rules.abilities.where import KEYS",
    ])
    assert ROOT / "game" / "ui" / "scenes" / "final.py" in _outside_engine()
    assert not any(p.relative_to(ROOT).parts[:2] == ("game", "rules") for p in _outside_engine())


def test_the_face_says_what_an_outsider_may_use() -> None:
    """The face lists the turn's machinery, the chance source, the typed events and the outcome,
    every name it lists exists, and the package ships `py.typed`."""
    import game.rules
    import game.rules.abilities
    names = set(game.rules.__all__)
    assert {"PICK", "CONQUER", "REDEPLOY", "WITHDRAW", "GAME_OVER", "legal_actions", "why_illegal", "apply",
            "ScriptedDice", "Replay", "events_of", "ScoreEvent", "outcome", "Outcome",
            "GameState", "Action", "Record"} <= names
    assert [n for n in names if not hasattr(game.rules, n)] == []
    assert [n for n in game.rules.abilities.__all__ if not hasattr(game.rules.abilities, n)] == []
    assert _face_names("game.rules") == names
    assert (ROOT / "game" / "rules" / "py.typed").is_file()


def _face_users(module: str, paths: list[Path]) -> dict[str, list[str]]:
    """Each name the files among `paths` import from the face `module` (or read as an attribute of
    the module: `game.rules.X`, `rules.X`), with the files that do."""
    users: dict[str, list[str]] = {}
    short = module.rsplit(".", 1)[-1]
    for path in paths:
        this = _module_name(path)
        package = this if path.name == "__init__.py" else this.rsplit(".", 1)[0]
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                    mod = ".".join(base + ([mod] if mod else []))
                if mod == module:
                    names |= {a.name for a in node.names}
            elif isinstance(node, ast.Attribute) and ast.unparse(node.value).rsplit(".", 1)[-1] == short:
                names.add(node.attr)
        for name in names:
            users.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    return users


def test_every_name_the_face_lists_is_used_outside_the_engine() -> None:
    """The face lists only what the program (window, bots, lab, scenario runner, tools), its tests
    or its guides use: a name no one outside game/rules reads is the engine's own business, and an
    import from the engine's own module where it is needed."""
    import re
    users = _face_users("game.rules", _outside_engine() + sorted((ROOT / "tests").rglob("*.py")))
    guides = "\n".join(p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
    unused = sorted(n for n in _face_names("game.rules") if n not in users
                    and not re.search(rf"\b{re.escape(n)}\b", guides))
    assert unused == [], f"listed in game.rules.__all__ and used by no one outside the engine: {unused}"
    assert "game/scenario.py" in users["apply"] and "Standing" not in users
