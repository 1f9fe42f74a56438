"""Random-game fingerprints: proof that a change to the engine left the game as it was.

`fingerprint(board, catalog, games)` plays `games` uniformly random games from seeds 0, 1, ...
and hashes everything a player or a save could see: every listing of legal intents, every record
(the intent, the die rolls and shuffles, the events) and each final state as saved. Two trees
that print the same fingerprint for the base set, every pack and the invented set play the same
games; a refactoring or a speed-up must leave it unchanged, and a rule change moves it. Run it
as `python -m game.bench --fingerprint` (with `--packs` or `--content FILE`), on each tree, and
compare the lines; it says which engine (compiled or interpreted) played, and both must agree.
`bots_fingerprint` does the same for games between the computer players, every level seated,
the searching ones with a fixed number of look-ahead games (`--fingerprint --bots`): the same
line on two trees means the bots chose the same intents.
"""
from __future__ import annotations

import hashlib
import json
import random

from .bots import LEVELS, SEARCHING, make_bot
from .bots.arena import play_game
from .rules import Board, Catalog, GameState, Record, legal_actions, new_game, play

NAMES = ["ann", "bob", "cid", "dee", "eve"]


def fingerprint(board: Board, catalog: Catalog, games: int, players: int = 5) -> str:
    """16 hex digits summing up `games` random games of `players` on `board` with `catalog`."""
    h = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(seed)
        s = new_game(board, NAMES[:players], catalog, rng)
        while not s.game_over:
            acts = legal_actions(s)
            h.update(repr(acts).encode())
            s, rec = play(s, acts[rng.randrange(len(acts))], rng)
            h.update(json.dumps(rec.to_dict(), sort_keys=True, default=repr).encode())
        h.update(json.dumps(s.to_dict(), sort_keys=True, default=repr).encode())
    return h.hexdigest()[:16]


def bot_seats(players: int) -> list[str]:
    """The levels seated in a bots' fingerprint game: every level in turn, weakest first."""
    return [LEVELS[i % len(LEVELS)] for i in range(players)]


def bots_fingerprint(board: Board, catalog: Catalog, games: int, players: int = 5, iterations: int = 8) -> str:
    """16 hex digits summing up `games` games between computer players (`bot_seats`), from
    seeds 0, 1, ..., the searching levels with `iterations` look-ahead games per decision: every
    record (each intent a bot chose, the dice, the events) and each final state as saved."""
    h = hashlib.sha256()

    def step(_before: GameState, _after: GameState, rec: Record) -> None:
        h.update(json.dumps(rec.to_dict(), sort_keys=True, default=repr).encode())

    for seed in range(games):
        bots = [make_bot(level, seat, seed=seed * 31 + seat,
                         **({"iterations": iterations} if level in SEARCHING else {}))
                for seat, level in enumerate(bot_seats(players))]
        end = play_game(board, catalog, bots, seed, on_step=step, names=NAMES[:players])
        h.update(json.dumps(end.to_dict(), sort_keys=True, default=repr).encode())
    return h.hexdigest()[:16]
