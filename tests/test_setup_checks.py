"""The set-up's first commands work or say why, at once: `tools/check_python.py` refuses a Python
older than pyproject's `requires-python` in one line (with a real old Python when the machine has
one), and `tools.build_native` says in one line that the C compiler or Python.h is missing before
any compiling, shows a line at each step while it compiles, and says a failed compile in one
line naming the log that holds the whole output."""
from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from game import native
from tools import build_native, check_python

ROOT = Path(__file__).resolve().parent.parent


def test_the_minimum_python_is_the_one_pyproject_gives() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^requires-python = ">=3\.11"$', text, re.M)
    assert check_python.minimum(str(ROOT)) == (3, 11) <= sys.version_info[:2]


def test_an_old_python_is_told_the_minimum_and_what_to_do() -> None:
    [line] = check_python.problems((3, 10, 13), "/usr/bin/python3", True, (3, 11))
    assert line.startswith("Small World needs Python 3.11 or newer; /usr/bin/python3 is Python 3.10.13.")
    assert "sudo apt install python3.11 python3.11-venv" in line and "the download" in line
    assert check_python.problems((3, 11, 0), "python3", True, (3, 11)) == []
    assert check_python.problems((3, 13, 1), "python3", True, (3, 11)) == []
    [line] = check_python.problems((3, 12, 3), "python3", False, (3, 11))      # Debian without python3-venv
    assert "sudo apt install python3-venv" in line


def _old_python() -> str | None:
    """A Python older than 3.11 on this machine, if there is one (not a pyenv shim, which may
    refuse to run a version that is not selected)."""
    found = [shutil.which(f"python3.{minor}") for minor in (10, 9, 8)]
    found += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.10*/bin/python3")))
    real = [f for f in found if f and "shims" not in Path(f).parts]
    return real[0] if real else None


@pytest.mark.skipif(_old_python() is None, reason="no Python older than 3.11 on this machine")
def test_a_real_old_python_hears_it_in_one_line_at_once() -> None:
    old = _old_python()
    assert old is not None
    t0 = time.monotonic()
    out = subprocess.run([old, "tools/check_python.py"], cwd=ROOT, capture_output=True, text=True,
                         check=False, timeout=60)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "Small World needs Python 3.11 or newer" in out.stderr
    assert time.monotonic() - t0 < 20


def test_this_python_passes() -> None:
    out = subprocess.run([sys.executable, "tools/check_python.py"], cwd=ROOT, capture_output=True,
                         text=True, check=False, timeout=60)
    assert out.returncode == 0 and out.stderr == ""
    assert "new enough for Small World (3.11 or newer)" in out.stdout


def test_elsewhere_it_says_where_to_run_it(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "check_python.py")], cwd=tmp_path,
                         capture_output=True, text=True, check=False, timeout=60)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "run it in the game's folder" in out.stderr


def _build_native(env: dict[str, str], *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    t0 = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "tools.build_native", "--again", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=False, timeout=120)
    return out, time.monotonic() - t0


@pytest.mark.skipif(os.name == "nt", reason="setuptools finds the Windows compiler itself")
@pytest.mark.parametrize("how", ["CC", "PATH"])
def test_no_c_compiler_is_said_in_one_line_before_compiling(tmp_path: Path, how: str) -> None:
    env = dict(os.environ)
    if how == "CC":
        env["CC"] = str(tmp_path / "no-such-cc")
    else:                                   # no CC, and a PATH with nothing on it
        env.pop("CC", None)
        env["PATH"] = str(tmp_path)
    out, took = _build_native(env, "--if-possible")
    assert out.returncode == 0, out.stderr                   # the set-up goes on and starts the game
    assert out.stderr.count("\n") == 1
    assert re.match(r"tools\.build_native: no C compiler found \(\S+ is not on PATH; install gcc and "
                    r"python3-dev", out.stderr)
    assert "; the game runs without the compiled engine" in out.stderr
    assert "Compiling" not in out.stdout and took < 60
    out, _ = _build_native(env)
    assert out.returncode == 1                               # CI's build must not fail quietly


def test_no_python_h_is_said_in_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    paths = dict(sysconfig.get_paths(), include=str(tmp_path))
    monkeypatch.setattr(build_native.sysconfig, "get_paths", lambda: paths)

    def never(root: Path, quiet: bool = True) -> Path:
        raise AssertionError("compiled without Python.h")

    monkeypatch.setattr(build_native, "build", never)
    assert build_native.main(["--again", "--if-possible"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"Python's C header Python.h is missing ({tmp_path}" in err
    assert "sudo apt install python3-dev" in err and "the game runs without the compiled engine" in err


def test_a_failed_compile_is_one_line_naming_the_log(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("", encoding="utf-8")   # none of the modules to compile
    with pytest.raises(RuntimeError) as failed:
        build_native.build(tmp_path)
    message = str(failed.value)
    log = build_native.log_path(tmp_path)
    assert "\n" not in message and message.startswith("mypyc failed: ")
    assert message.endswith(f"(the whole output: {log})") and log.is_file()
    assert not native.build_dir(tmp_path).exists()           # nothing half-built in its place


@pytest.mark.slow
@pytest.mark.skipif(build_native.missing_tools() is not None, reason="no C compiler or Python.h here")
def test_compiling_says_each_step_and_how_long_a_long_one_takes(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "one.py").write_text("def double(x: int) -> int:\n    return 2 * x\n", encoding="utf-8")
    monkeypatch.setattr(build_native, "BEAT", 0.5)
    said: list[str] = []
    log = tmp_path / "mypyc.log"
    with open(log, "w", encoding="utf-8") as out:
        assert build_native.run_mypyc([str(tmp_path / "one.py")], tmp_path, out, said.append) == 0
    assert said[0] == "  checking the types and writing C..."
    assert any(re.fullmatch(r"  compiling \S+\.c \(\d+ s\)", line) for line in said)
    assert any(line.startswith("  still ") for line in said)          # a step longer than BEAT is not silent
    assert "running build_ext" in log.read_text(encoding="utf-8")


class _Child:
    def __init__(self, pid: int) -> None:
        self.pid = pid


def test_background_compile_starts_and_the_command_ends_at_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The README's Play: the checks at once, then the compile in a process of its own, and the
    game starts; a second start while it runs does not start another."""
    started: list[list[str]] = []

    def popen(args: list[str], **kw: object) -> _Child:
        started.append(args)
        return _Child(os.getppid())      # a process that is alive, as the compile would be
    monkeypatch.setattr(build_native.native, "ROOT", tmp_path)
    monkeypatch.setattr(build_native, "missing_tools", lambda: None)
    monkeypatch.setattr(build_native.subprocess, "Popen", popen)
    monkeypatch.setattr(build_native, "build", lambda root, quiet=True: (_ for _ in ()).throw(
        AssertionError("compiled in the foreground")))
    t0 = time.monotonic()
    assert build_native.main(["--if-possible", "--background"]) == 0
    assert time.monotonic() - t0 < 5
    out = capsys.readouterr().out
    assert "Compiling the engine in the background" in out and "runs compiled from its next start" in out
    assert started and started[0][1:] == ["-m", "tools.build_native", "--again", "--if-possible"]
    assert build_native.under_way(tmp_path)
    assert build_native.main(["--if-possible", "--background"]) == 0
    assert "being compiled in the background already" in capsys.readouterr().out
    assert len(started) == 1
    build_native._lock(tmp_path).write_text("999999999", encoding="utf-8")    # a compile that died
    assert not build_native.under_way(tmp_path)
    assert build_native.main(["--if-possible", "--background"]) == 0
    assert len(started) == 2


@pytest.mark.skipif(os.name == "nt", reason="setuptools finds the Windows compiler itself")
def test_background_without_a_compiler_says_so_at_once_and_starts_nothing(tmp_path: Path) -> None:
    env = dict(os.environ, CC=str(tmp_path / "no-such-cc"))
    out, took = _build_native(env, "--if-possible", "--background")
    assert out.returncode == 0 and "no C compiler found" in out.stderr and "background" not in out.stdout
    assert took < 60
