"""Playing whole games between computer players: the loop the matches between levels and the balance lab
share. The game's own random source (die, shuffles) is seeded from the game's seed and kept
apart from the bots' own seeds, so a game is reproducible from its seed and its bots.
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from ..rules import Board, Catalog, GameState, Record, actor, apply, new_game
from . import Bot

StepHook = Callable[[GameState, GameState, Record], None]


class BotLoop(RuntimeError):
    """A bot kept the game from ending (a bug in a bot, never a normal outcome)."""


def play_game(board: Board, catalog: Catalog, bots: Sequence[Bot], seed: int | str,
              on_step: StepHook | None = None, names: Sequence[str] | None = None,
              max_steps: int = 20_000, forced: Sequence[tuple[str, str]] = ()) -> GameState:
    """Play a game to the end with `bots[i]` in seat i; returns the final state. `forced` combos
    start on top of the column (see `new_game`)."""
    rng = random.Random(f"game:{seed}")
    names = list(names or [f"seat{i + 1}" for i in range(len(bots))])
    s = new_game(board, names, catalog, rng, forced=forced)
    steps = 0
    while not s.game_over:
        seat = actor(s)
        a = bots[seat].choose(s)
        new, rec = apply(s, a, rng)
        if on_step is not None:
            on_step(s, new, rec)
        s = new
        steps += 1
        if steps > max_steps:
            raise BotLoop(f"the game with seed {seed} did not end after {max_steps} intents")
    return s
