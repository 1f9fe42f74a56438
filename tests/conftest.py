"""Shared test housekeeping: the window's sound mixer runs an audio thread, and a process that
forks while such a thread runs (the balance lab's worker pool) can hang, so each test module
closes the mixer it opened."""
from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True, scope="module")
def _close_the_mixer_after_each_module():
    yield
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.mixer.get_init():
        pygame.mixer.quit()
