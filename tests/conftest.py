"""Shared test housekeeping. The tests never read or write a player's own saves and settings:
before anything is collected, `SMALLWORLD_HOME` points at a folder of the test run's own (a test
that needs another one sets its own), and the folder is removed at the end. The window's sound
mixer runs an audio thread, and a process that forks while such a thread runs (the balance lab's
worker pool) can hang, so each test module closes the mixer it opened."""
from __future__ import annotations

import os
import shutil
import sys
import tempfile

import pytest

_HOME: dict[str, str | None] = {}


def pytest_configure(config: pytest.Config) -> None:
    _HOME["before"] = os.environ.get("SMALLWORLD_HOME")
    _HOME["ours"] = tempfile.mkdtemp(prefix="smallworld-tests-")
    os.environ["SMALLWORLD_HOME"] = _HOME["ours"]


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
