"""The compiled engine (`game.native`): used only when the build is of these very sources, and
then playing exactly the games the interpreted engine plays."""
from __future__ import annotations

import ast
import copy
import json
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from game import native
from game.bench import five_player_board
from game.content.catalog import load_catalog
from game.content.packs import shipped_packs
from game.rules import GameState, apply, legal_actions, new_game, pickling

ROOT = Path(__file__).resolve().parents[1]


#: a module the compiled ones read and that is not compiled itself (the blocks read its intents)
READ_NOT_COMPILED = "game/rules/actions.py"


def fake_build(root: Path) -> Path:
    """A checkout under `root` with a build of its (stand-in) sources: the compiled modules, an
    interpreted one they read, and `game.resources`."""
    folder = native.build_dir(root)
    folder.mkdir(parents=True)
    modules = {}
    for rel in [native.source_of(m, Path()).as_posix() for m in native.MODULES] + [READ_NOT_COMPILED,
                                                                                   "game/resources.py"]:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"# {rel}\n")
    for m in native.MODULES:
        binary = Path(*m.split(".")).with_suffix(".so")
        (folder / binary).parent.mkdir(parents=True, exist_ok=True)
        (folder / binary).write_bytes(b"")
        modules[m] = str(binary)
    (folder / "x__mypyc.so").write_bytes(b"")
    made = native.manifest(modules, ["x__mypyc.so"], native.fingerprint(root), native.compiler())
    (folder / native.MANIFEST).write_text(json.dumps(made))
    return folder


def test_a_build_of_these_sources_is_taken_and_an_edited_source_turns_it_off(tmp_path: Path) -> None:
    folder = fake_build(tmp_path)
    table, why = native.check(folder, tmp_path)
    assert table is not None and set(table) == set(native.MODULES) and why == ""
    src = native.source_of("game.rules.engine", tmp_path)
    src.write_text(src.read_text() + "# edited\n")
    table, why = native.check(folder, tmp_path)
    assert table is None and "game/rules/engine.py changed since the build" in why


def test_an_edit_to_an_interpreted_module_the_compiled_ones_read_turns_the_build_off(tmp_path: Path) -> None:
    """Compiled code reads the classes of an interpreted module as they were at the build (the
    blocks read the intents of `actions.py`): a build is of every module of the engine and the bots,
    compiled or not, and the program that looks for it runs interpreted and says which file."""
    fake_build(tmp_path)
    src = tmp_path / READ_NOT_COMPILED
    src.write_text(src.read_text() + "# a field added to an intent\n")
    out = subprocess.run([sys.executable, "-c", "import sys\nfrom pathlib import Path\nfrom game import native\n"
                          "print(native.enable(Path(sys.argv[1])), native.state()[1])", str(tmp_path)],
                         capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == f"interpreted {READ_NOT_COMPILED} changed since the build: build again"


def test_a_module_added_to_or_gone_from_the_engine_turns_the_build_off(tmp_path: Path) -> None:
    """The fingerprint walks the folders: a new module (the engine split in more files, say) or
    one taken away makes the build stale without any list to edit."""
    folder = fake_build(tmp_path)
    new = tmp_path / "game" / "rules" / "conquest_more.py"
    new.write_text("# new\n")
    assert native.check(folder, tmp_path) == (None, "game/rules/conquest_more.py is new since the build: build again")
    new.unlink()
    assert native.check(folder, tmp_path)[0] is not None
    (tmp_path / READ_NOT_COMPILED).unlink()
    assert native.check(folder, tmp_path) == (None, f"{READ_NOT_COMPILED} is gone since the build: build again")


def test_a_build_made_by_another_compiler_is_not_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The manifest records the Python and mypy versions: a build by another is stale, and the
    sentence says which; without mypy (the download) the build is taken as it was made."""
    folder = fake_build(tmp_path)
    made = native.compiler()
    monkeypatch.setattr(native, "compiler", lambda: dict(made, mypy="9.9.9"))
    assert native.check(folder, tmp_path) == (
        None, f"the build was made with mypy {made.get('mypy')} and mypy 9.9.9 is installed: build again")
    monkeypatch.setattr(native, "compiler", lambda: dict(made, python="cpython 3.99.0"))
    assert native.check(folder, tmp_path) == (
        None, f"the build was made by {made['python']} and this is cpython 3.99.0: build again")
    monkeypatch.setattr(native, "compiler", lambda: {"python": made["python"]})
    assert native.check(folder, tmp_path)[0] is not None


def test_the_fingerprint_covers_everything_the_compiled_modules_import() -> None:
    """Compiled modules read what they import by its layout at the build: each game module they
    reach, at any depth, must be one `native.READ` covers (else add it there)."""
    from tests.test_architecture import _game_imports
    graph = _game_imports()
    covered = {p.relative_to(ROOT).as_posix() for p in native.read_files(ROOT)}
    seen: set[str] = set()
    todo = list(native.MODULES)
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo += graph.get(m, ())
    def path(m: str) -> str:
        f = native.source_of(m, ROOT)
        return f.relative_to(ROOT).as_posix() if f.is_file() else f"{m.replace('.', '/')}/__init__.py"
    assert sorted(path(m) for m in seen if path(m) not in covered) == []
    assert READ_NOT_COMPILED in covered and "game/bots/expert.py" in covered


def test_only_a_build_out_of_step_with_the_sources_is_called_stale(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The window warns that the engine runs slower only when a build is there but not of these
    sources (`native.stale`), not when there is none or the player asked for the interpreted one."""
    folder = fake_build(tmp_path)
    src = native.source_of("game.rules.engine", tmp_path)
    src.write_text(src.read_text() + "# edited\n")
    edited = native.check(folder, tmp_path)[1]
    (folder / native.MANIFEST).write_text("{")
    broken = native.check(folder, tmp_path)[1]
    for why, stale in ((edited, True), (broken, True), (native.check(tmp_path / "none", tmp_path)[1], False),
                       ("SMALLWORLD_PURE is set", False)):
        monkeypatch.setitem(native._STATE, "engine", "interpreted")
        monkeypatch.setitem(native._STATE, "why", why)
        assert native.stale() is stale, why
    monkeypatch.setitem(native._STATE, "engine", "compiled")
    monkeypatch.setitem(native._STATE, "why", str(folder))
    assert not native.stale()


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
        "native.enable()\n"
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
        # Hard plays Medium's subclass that never declines, and the worth table's measuring
        # game an Explorer (a subclass reading its own class values): the compiled MediumBot
        # must honour both
        "from game.bots.arena import play_game\n"
        "from game.bots.hard import HardBot\n"
        "from game.bots.learn import policy_key\n"
        "b2, c2, _ = load_table([], None, 2)\n"
        "end = play_game(b2, c2, [HardBot(0, 3, iterations=6), HardBot(1, 4, iterations=6)], 'native:hard')\n"
        "h.update(json.dumps(end.to_dict(), sort_keys=True).encode())\n"
        "h.update(policy_key(b2, c2, 2, 1).encode())\n"
        "print(json.dumps({'engine': native.state()[0], 'games': h.hexdigest()}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_ci_runs_the_compiled_engine() -> None:
    """CI builds the engine before the tests (.ci/run): there, the tests must run compiled."""
    if not os.environ.get("CI"):
        pytest.skip("outside CI the build is optional")
    assert native.state() == ("compiled", str(native.build_dir(ROOT)))


#: the tests that need a build of these sources, and this process running it
compiled_only = pytest.mark.skipif(native.state()[0] != "compiled",
                                   reason=f"the engine runs interpreted here: {native.state()[1]}")
PURE = dict(os.environ, PYTHONPATH=str(ROOT), SMALLWORLD_PURE="1")


@pytest.mark.slow
@compiled_only
def test_the_compiled_engine_plays_the_very_games_of_the_interpreted_one() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("SMALLWORLD_PURE", None)
    compiled = _play(env)
    interpreted = _play(PURE)
    assert compiled["engine"] == "compiled" and interpreted["engine"] == "interpreted"
    assert compiled["games"] == interpreted["games"]


@compiled_only
def test_a_copy_of_the_checkout_runs_compiled_until_a_module_the_compiled_ones_read_is_edited(tmp_path: Path) -> None:
    """The real build, copied with the sources: taken as it is; after an edit to the interpreted
    `actions.py` (whose intents the compiled blocks read), not taken."""
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(native.build_dir(ROOT), native.build_dir(tmp_path))
    code = ("from game import native\nnative.enable()\nimport game.rules.abilities.where as w\n"
            "print(native.state()[0], w.__file__.endswith('.py'), native.state()[1])")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    env.pop("SMALLWORLD_PURE", None)

    def run() -> str:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env,
                             timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        return out.stdout.strip()

    assert run() == f"compiled False {native.build_dir(tmp_path)}"
    base = tmp_path / READ_NOT_COMPILED
    base.write_text(base.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert run() == f"interpreted True {READ_NOT_COMPILED} changed since the build: build again"


@compiled_only
def test_the_state_copies_make_their_parts_with_compiled_constructors() -> None:
    """Every intent copies a turn, and most a player and a region: a constructor that `dataclass`
    generates runs interpreted even in a compiled class, about six times slower. These must be
    written out in the class, so that they compile."""
    from types import FunctionType

    from game.rules.state import PlayerState, RaceHold, RegionState, TurnState
    for cls in (TurnState, PlayerState, RaceHold, RegionState):
        assert not isinstance(cls.__dict__["__init__"], FunctionType), cls.__name__
    t = TurnState(2, conquered=["a"])
    assert t.copy() == t and t.copy().conquered is not t.conquered and TurnState(0).used == {}


@compiled_only
def test_every_effect_block_and_the_rule_language_run_compiled() -> None:
    """The blocks are the engine's code too (a fifth of its time was theirs, interpreted): each
    registered block's class, the rule language's modules and their base `Ability` come from
    the build, not from a .py file."""
    from game.rules.abilities import REGISTRY, Ability
    modules = {cls.__module__ for cls in REGISTRY.values()} | {Ability.__module__, "game.rules.heard",
                                                             "game.rules.abilities.language"}
    assert len(REGISTRY) >= 70 and {"game.rules.abilities.trigger", "game.rules.abilities.lasting",
                                    "game.rules.abilities.replace"} <= modules
    import game.rules.heard  # noqa: F401  (the events the language hears)
    assert sorted(m for m in modules if str(sys.modules[m].__file__).endswith(".py")) == []


@pytest.mark.slow
@compiled_only
def test_the_tests_that_look_inside_the_engine_and_the_scenarios_pass_interpreted() -> None:
    """The tests marked `interpreted` (skipped in this process) and every scenario, run on the
    interpreted engine: the fallback where no build is stays tested."""
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "interpreted",
                          "tests"], capture_output=True, text=True, cwd=ROOT, env=PURE, timeout=900)
    assert out.returncode == 0, out.stdout[-3000:]
    passed = re.search(r"(\d+) passed", out.stdout)
    assert passed and int(passed.group(1)) >= 18 and " skipped" not in out.stdout.splitlines()[-1], out.stdout[-500:]
    out = subprocess.run([sys.executable, "-m", "game.scenario", "tests/scenarios"], capture_output=True,
                         text=True, cwd=ROOT, env=PURE, timeout=900)
    assert out.returncode == 0 and " 0 failed" in out.stdout, out.stdout[-3000:]


def test_positions_boards_and_catalogs_cross_to_another_process() -> None:
    """The lab pickles positions, boards and catalogs for its worker processes and its cluster:
    compiled classes are rebuilt through their constructors (`game.rules.pickling`), and a
    position plays on the same after the trip."""
    cat = load_catalog([p.path for p in shipped_packs()])
    board, _ = five_player_board()
    rng = random.Random(5)
    s = new_game(board, ["a", "b", "c", "d", "e"], cat, rng)
    for _ in range(120):
        acts = legal_actions(s)
        s, _rec = apply(s, acts[rng.randrange(len(acts))], rng)
    assert pickling.native(GameState) == (native.state()[0] == "compiled")
    legal_actions(s)
    assert s._listed is not None         # noted by the identities of its intents: not sent along
    board2, cat2, s2 = pickle.loads(pickle.dumps((board, cat, s)))
    assert s2._listed is None and copy.deepcopy(s)._listed is None
    assert board2 == board and cat2.races == cat.races and cat2.powers == cat.powers
    assert s2.to_dict() == s.to_dict() and s2.board == board and s2.turn == s.turn
    first = _trail(s)
    assert _trail(s2) == first and _trail(copy.deepcopy(s)) == first
    while s._prior is None:              # the conquests judged before a conquest cross too
        acts = legal_actions(s)
        s, _rec = apply(s, acts[rng.randrange(len(acts))], rng)
    back = pickle.loads(pickle.dumps(s))._prior
    assert back is not None and back.fits(s._prior) and s._prior.fits(back) and back.options == s._prior.options


def test_copies_sent_together_are_still_written_apart() -> None:
    """Copies of a position share its regions until one writes them (`GameState.reg_w`); sent
    to another process together they still share them there, and a region written in one of
    them after the trip is written in that one alone, compiled or not."""
    cat = load_catalog([p.path for p in shipped_packs()])
    board, _ = five_player_board()
    rng = random.Random(8)
    s = new_game(board, ["a", "b", "c"], cat, rng)
    for _ in range(40):
        acts = legal_actions(s)
        s, _rec = apply(s, acts[rng.randrange(len(acts))], rng)
    rid = next(r.id for r in board.regions if not r.is_water)
    for first in (s.copy(), s.successor()):
        sent = (s, first, s.copy())
        before = [json.dumps(x.to_dict(), sort_keys=True) for x in sent]
        home, one, other = pickle.loads(pickle.dumps(sent))
        assert one.regions is home.regions is other.regions       # (shared across the trip)
        one.reg_w(rid).lost_tribe += 3
        assert one.regions[rid].lost_tribe == s.regions[rid].lost_tribe + 3
        assert [json.dumps(x.to_dict(), sort_keys=True) for x in (home, other)] == [before[0], before[2]]


def _trail(s: GameState) -> list[str]:
    r = random.Random(9)
    out = []
    for _ in range(60):
        if s.game_over:
            break
        acts = legal_actions(s)
        out.append(repr(acts))
        s, _rec = apply(s, acts[r.randrange(len(acts))], r)
    return out + [json.dumps(s.to_dict(), sort_keys=True)]


def test_the_set_up_says_in_one_line_when_it_cannot_compile_and_goes_on(monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from tools import build_native

    def no_compiler(root: Path, quiet: bool = True) -> Path:
        raise RuntimeError("mypyc failed: error: command 'gcc' failed: No such file or directory")

    monkeypatch.setattr(build_native, "build", no_compiler)
    monkeypatch.setattr(native, "check", lambda folder, root=ROOT: (None, "no build"))
    assert build_native.main(["--if-possible"]) == 0          # the README's set-up goes on to start the game
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'gcc' failed" in err and "The game runs interpreted" in err
    assert build_native.main([]) == 1                         # CI's build must not fail quietly


def test_a_build_of_these_sources_is_kept(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tools import build_native

    def never(root: Path, quiet: bool = True) -> Path:
        raise AssertionError("built again")

    monkeypatch.setattr(build_native, "build", never)
    monkeypatch.setattr(native, "check", lambda folder, root=ROOT: ({}, ""))
    assert build_native.main([]) == 0
    assert "already compiled from these sources" in capsys.readouterr().out


def _first_import_before_enable(body: list[ast.stmt], module: str, reaches: Callable[[str], bool]) -> str | None:
    """The first import among `body`'s statements (and those of its `if`s and `try`s) that brings
    in a compiled module before a statement calling `enable()`, or, with no such statement, any
    import that does (in a function too: it runs later, still with no build looked for); None
    when there is none."""
    package = module.rsplit(".", 1)[0]

    def reaching(stmt: ast.stmt) -> str | None:
        for node in [n for n in ast.walk(stmt) if isinstance(n, (ast.Import, ast.ImportFrom))]:
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            if any(reaches(n) for n in names):
                return ast.unparse(node)
        return None

    defined: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.append(stmt)                       # runs when called, after what follows
            continue
        calls = [n for n in ast.walk(stmt) if isinstance(n, ast.Call)]
        if any(getattr(c.func, "attr", getattr(c.func, "id", "")) == "enable" for c in calls):
            return None
        found = reaching(stmt)
        if found:
            return found
    return next((f for f in map(reaching, defined) if f), None)


def test_every_program_looks_for_the_build_before_it_imports_the_engine() -> None:
    """Importing `game` loads nothing: each program's entry point (a module run as `__main__`, and
    `game.cli.main`, the `smallworld` command) calls `native.enable()` before any import that
    brings in a compiled module, or it would run interpreted beside a fresh build."""
    from tests.test_architecture import _game_imports, _module_name
    graph = _game_imports()
    compiled = set(native.MODULES)
    memo: dict[str, bool] = {}

    def reaches(start: str) -> bool:
        if start not in memo:
            seen, todo = set(), [start]
            while todo:
                m = todo.pop()
                if m not in seen:
                    seen.add(m)
                    todo += graph.get(m, ())
            memo[start] = bool(seen & compiled)
        return memo[start]

    offenders = []
    programs = sorted(p for p in [*(ROOT / "game").rglob("*.py"), *(ROOT / "tools").rglob("*.py"), ROOT / "main.py"]
                      if '__name__ == "__main__"' in p.read_text(encoding="utf-8"))
    for path in programs:
        module = _module_name(path)
        module = module + ".__main__" if path.name == "__main__.py" else module
        found = _first_import_before_enable(ast.parse(path.read_text(encoding="utf-8")).body, module, reaches)
        if found:
            offenders.append(f"{path.relative_to(ROOT).as_posix()}: {found}")
    cli = ast.parse((ROOT / "game" / "cli.py").read_text(encoding="utf-8"))
    main = next(n for n in cli.body if isinstance(n, ast.FunctionDef) and n.name == "main")
    found = _first_import_before_enable(main.body, "game.cli", reaches)
    if found:
        offenders.append(f"game/cli.py main: {found}")
    assert len(programs) >= 10 and offenders == [], "imports the engine before enable():\n" + "\n".join(offenders)
    assert _first_import_before_enable(ast.parse("import sys\nfrom game.rules import apply\n").body,
                                       "tools.x", reaches) == "from game.rules import apply"
    assert _first_import_before_enable(ast.parse("def main():\n    from game.bots import medium\n").body,
                                       "tools.x", reaches) == "from game.bots import medium"


def test_importing_game_alone_loads_nothing() -> None:
    code = "import sys, game\nprint(sorted(m for m in sys.modules if m.startswith('game')), len(sys.meta_path))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    bare = subprocess.run([sys.executable, "-c", "import sys\nprint(len(sys.meta_path))"], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert out.stdout.split("] ")[0] + "]" == "['game']"
    assert out.stdout.split("] ")[1].strip() == bare.stdout.strip()
