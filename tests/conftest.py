"""Shared test housekeeping. The tests never read or write a player's own saves and settings:
before anything is collected, `SMALLWORLD_HOME` points at a folder of the test run's own (a test
that needs another one sets its own), and the folder is removed at the end. The window's sound
mixer runs an audio thread, and a process that forks while such a thread runs (the balance lab's
worker pool) can hang, so each test module closes the mixer it opened. When the engine runs
compiled (`game.native`), the tests marked `interpreted` (they look inside the engine's Python) are
run by `tests/test_native.py` in a process with the interpreted engine, and skipped here. This
file is the tests' entry point: it looks for the build before any test imports the engine."""
from __future__ import annotations

import os
import shutil
import sys
import tempfile

import pytest

from game import native

native.enable()

_HOME: dict[str, str | None] = {}


def pytest_configure(config: pytest.Config) -> None:
    _HOME["before"] = os.environ.get("SMALLWORLD_HOME")
    _HOME["ours"] = tempfile.mkdtemp(prefix="smallworld-tests-")
    os.environ["SMALLWORLD_HOME"] = _HOME["ours"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if native.state()[0] != "compiled":
        return
    elsewhere = pytest.mark.skip(reason="looks inside the interpreted engine: tests/test_native.py runs it "
                                        "with SMALLWORLD_PURE=1")
    for item in items:
        if item.get_closest_marker("interpreted"):
            item.add_marker(elsewhere)


def pytest_unconfigure(config: pytest.Config) -> None:
    before, ours = _HOME.get("before"), _HOME.get("ours")
    if before is None:
        os.environ.pop("SMALLWORLD_HOME", None)
    else:
        os.environ["SMALLWORLD_HOME"] = before
    if ours:
        shutil.rmtree(ours, ignore_errors=True)


@pytest.fixture(autouse=True, scope="module")
def _close_the_mixer_after_each_module():
    yield
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.mixer.get_init():
        pygame.mixer.quit()


def _english_again() -> None:
    strings = sys.modules.get("game.ui.strings")
    if strings is not None:
        strings.set_language("en")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A save folder of the test's own, no language asked for by the environment, and the
    window's language back to English afterwards."""
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    monkeypatch.delenv("SMALLWORLD_LANG", raising=False)
    yield tmp_path
    _english_again()


@pytest.fixture
def d(home):
    """The window on its start screen, headless and without pauses, in the test's own home."""
    from game.ui.app import Options
    from game.ui.driver import Driver
    drv = Driver(Options(pace=0, catch_errors=False))
    drv.pump(3)
    yield drv
    drv.close()
