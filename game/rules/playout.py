"""Random playouts: play a game to the end with uniformly random legal intents.

Used by the random-game harness (tests check invariants after every step through `on_step`),
by `python -m game.bench`, and as a baseline for the computer players.
"""
from __future__ import annotations

import random
from typing import Callable

from .engine import Record, apply, legal_actions, play
from .state import GameState

StepHook = Callable[[GameState, GameState, Record], None]


def random_playout(s: GameState, rng: random.Random, on_step: StepHook | None = None,
                   max_steps: int = 100_000) -> tuple[GameState, int]:
    """Play `s` to the end; returns the final state and the number of intents played. With
    `on_step`, which reads each state and the next, every state is kept (`apply`); without, each
    is left behind (`play`), but `s`, which the caller keeps."""
    steps = 0
    step = apply
    while not s.game_over:
        acts = legal_actions(s)
        if not acts:
            raise RuntimeError(f"no legal intent in phase {s.turn.phase} of round {s.round}")
        new, rec = step(s, acts[rng.randrange(len(acts))], rng)
        if on_step is not None:
            on_step(s, new, rec)
        else:
            step = play
        s = new
        steps += 1
        if steps > max_steps:
            raise RuntimeError("the game did not end")
    return s, steps
