"""`tokens_lost_at_redeploy` (the Embers): a token back to the tray at the end of each turn of
the Active race, the banner discarded when the last goes. The computer players play it to the
end of a game, every invariant kept (tokens conserved: the lost ones are in the tray), and a
race that fades away leaves its player to pick a new combo."""
from __future__ import annotations

import random
from pathlib import Path

from game.bots import make_bot
from game.content.catalog import load_catalog
from game.content.tmx import map_for_players
from game.rules import Pick, actor, apply, new_game
from game.rules.invariants import check

INVENTED = Path(__file__).resolve().parents[1] / "docs" / "examples" / "invented.yaml"


def test_computer_players_play_a_dwindling_race_to_the_end() -> None:
    cat = load_catalog([INVENTED])
    board = map_for_players(2).board
    faded = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = new_game(board, ["ann", "bob"], cat, rng, forced=[("embers", "stout")])
        s, _ = apply(s, Pick(0), rng)                  # ann takes the Embers
        bots = [make_bot(level, i, seed) for i, level in enumerate(("medium", "easy"))]
        dwindled = 0
        while not s.game_over:
            before = s
            s, rec = apply(s, bots[actor(s)].choose(s), rng)
            assert not check(s, round_trip=False)
            types = [ev.get("type") for ev in rec.events]
            if "dwindled" in types:
                dwindled += 1
                gone = [ev for ev in rec.events[types.index("dwindled"):] if ev.get("type") == "vanished"]
                if gone:                 # the last token faded: no Active race, a pick next time
                    faded += 1
                    assert before.players[gone[0]["seat"]].active is not None
                    assert s.players[gone[0]["seat"]].active is None
        assert dwindled > 0
    print("embers gone in", faded, "of 4 games")
