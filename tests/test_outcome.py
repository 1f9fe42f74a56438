"""`outcome(state)`, the engine's ranking by R13: most coins; tied on coins, most race tokens on the
board (Active and In Decline, not the tokens in hand); still tied, a shared victory and a shared
place. The ending, the story, the lab and the bots read it; here it is checked on positions built
for each case and against the winners the engine records at the end of random games."""
from __future__ import annotations

import random
from typing import Any

import pytest

from game.content.catalog import default_catalog
from game.rules import BY_COINS, BY_TOKENS, SHARED, Board, build_position, outcome
from game.rules.playout import random_playout
from game.rules.ranking import winners
from tests.boards import grid_board

PLAYERS = ["ann", "bob", "cid", "dot"]


def _board() -> Board:
    regs: list[dict[str, Any]] = [{"id": f"r{i}", "terrain": "farmland", "border": True} for i in range(8)]
    return Board.from_dicts("outcome", 3, regs)


def position(coins: dict[str, int], regions: dict[str, tuple[str, int, bool]],
             hands: dict[str, int] | None = None) -> Any:
    """Four players with `coins`; `regions` maps a region to (owner, tokens, In Decline). Each
    player holds an Active race and one In Decline."""
    races = {"ann": ("ratmen", "humans"), "bob": ("amazons", "dwarves"), "cid": ("giants", "elves"),
             "dot": ("orcs", "wizards")}
    players: dict[str, Any] = {}
    for name in PLAYERS:
        active, declined = races[name]
        players[name] = {"coins": coins.get(name, 5), "decline": [{"race": declined}],
                         "active": {"race": active, "power": ["hill", "swamp", "forest", "flying"][
                             PLAYERS.index(name)], "hand": (hands or {}).get(name, 0)}}
    regs = {rid: {"owner": who, "race": races[who][1 if dec else 0], "tokens": n, "decline": dec}
            for rid, (who, n, dec) in regions.items()}
    # the player to move has no Active region (a turn begins by lifting the Active tokens)
    current = next(n for n in PLAYERS if not any(w == n and not d for w, _, d in regions.values()))
    return build_position(_board(), PLAYERS, default_catalog(), random.Random(0),
                          {"round": 3, "current": current, "players": players, "regions": regs})


def test_the_most_coins_win_alone() -> None:
    s = position({"ann": 30, "bob": 31, "cid": 12, "dot": 30},
                 {"r0": ("ann", 4, False), "r1": ("bob", 1, False), "r2": ("dot", 9, False)})
    res = outcome(s)
    assert res.winners == (1,) and res.decided_by == BY_COINS
    assert [x.seat for x in res.standings] == [1, 3, 0, 2]       # Dot before Ann on tokens (9 to 4)
    assert [x.place for x in res.standings] == [1, 2, 3, 4]
    assert [x.won for x in res.standings] == [True, False, False, False]
    assert res.tied_on_coins == (1,) and res.top_coins == 31
    assert not res.final                                           # the game is not over yet


def test_a_tie_on_coins_goes_to_the_most_tokens_on_the_board_active_and_in_decline() -> None:
    # Ann and Cid tie on coins; Cid has 2 Active + 3 In Decline = 5 tokens on the board, Ann 4
    # Active and 6 in hand (the hand does not count); Bob has more tokens but fewer coins
    s = position({"ann": 20, "bob": 19, "cid": 20, "dot": 3},
                 {"r0": ("cid", 2, False), "r1": ("cid", 3, True), "r2": ("ann", 4, False),
                  "r3": ("bob", 9, False)}, hands={"ann": 6})
    res = outcome(s)
    assert res.winners == (2,) and res.decided_by == BY_TOKENS
    assert res.tied_on_coins == (0, 2)
    assert [(x.seat, x.coins, x.tokens, x.place) for x in res.standings] == [
        (2, 20, 5, 1), (0, 20, 4, 2), (1, 19, 9, 3), (3, 3, 0, 4)]
    assert res.of(0).tokens == 4 and not res.of(0).won


def test_a_tie_on_coins_and_tokens_is_a_shared_victory_and_a_shared_place() -> None:
    s = position({"ann": 20, "bob": 20, "cid": 20, "dot": 7},
                 {"r0": ("ann", 1, False), "r1": ("ann", 2, True), "r2": ("bob", 3, False),
                  "r3": ("cid", 2, False), "r4": ("dot", 1, True)})
    res = outcome(s)
    assert res.winners == (0, 1) and res.decided_by == SHARED
    assert res.tied_on_coins == (0, 1, 2)
    assert [(x.seat, x.place, x.won) for x in res.standings] == [(0, 1, True), (1, 1, True), (2, 3, False),
                                                                 (3, 4, False)]


def test_players_tied_below_the_top_share_their_place() -> None:
    s = position({"ann": 30, "bob": 10, "cid": 12, "dot": 10},
                 {"r0": ("bob", 2, False), "r1": ("dot", 2, True)})
    res = outcome(s)
    assert res.decided_by == BY_COINS
    assert [(x.seat, x.place) for x in res.standings] == [(0, 1), (2, 2), (1, 3), (3, 3)]
    with pytest.raises(KeyError):
        res.of(7)


@pytest.mark.parametrize("seed", range(6))
def test_the_outcome_names_the_winners_the_engine_records_at_the_end(seed: int) -> None:
    """At the end of random games (with the scores pushed into ties, as late games often are
    not), the ranking's first place is who the engine's last turn declared winner."""
    from game.rules import new_game
    rng = random.Random(seed)
    start = new_game(grid_board(turns=4, seed=seed), PLAYERS[:3], default_catalog(), rng)
    end, _ = random_playout(start, rng)
    assert end.game_over
    res = outcome(end)
    assert res.final and list(res.winners) == sorted(end.winners)
    assert [x.place for x in res.standings] == sorted(x.place for x in res.standings)
    best = max(p.coins for p in end.players)
    assert all(end.players[w].coins == best for w in res.winners)


@pytest.mark.parametrize("coins, regions", [
    ({"ann": 30, "bob": 31, "cid": 12, "dot": 30}, {"r0": ("ann", 4, False), "r2": ("dot", 9, False)}),
    ({"ann": 20, "bob": 19, "cid": 20, "dot": 3}, {"r0": ("cid", 2, False), "r1": ("cid", 3, True),
                                                    "r2": ("ann", 4, False), "r3": ("bob", 9, False)}),
    ({"ann": 20, "bob": 20, "cid": 20, "dot": 7}, {"r0": ("ann", 1, False), "r1": ("ann", 2, True),
                                                    "r2": ("bob", 3, False), "r3": ("cid", 2, False)}),
    ({"ann": 8, "bob": 8, "cid": 8, "dot": 8}, {"r0": ("bob", 1, True)}),
])
def test_the_winners_the_engine_records_are_the_outcomes_first_place(coins: dict[str, int],
                                                                     regions: dict[str, tuple[str, int, bool]]) -> None:
    """`winners`, which the engine's last turn records, names the ranking's first place: by coins,
    by tokens, and shared."""
    s = position(coins, regions)
    assert winners(s) == list(outcome(s).winners)


def test_the_ending_tells_the_tie_break_the_engine_settled(home: Any) -> None:
    """The ending's note under the ranking is the engine's outcome in words: the player with more
    tokens on the board when coins tie, a shared victory when tokens tie too, nothing otherwise."""
    from game.ui.scenes.final import tie_note
    broken = position({"ann": 20, "bob": 19, "cid": 20, "dot": 3},
                      {"r0": ("cid", 2, False), "r1": ("cid", 3, True), "r2": ("ann", 4, False)})
    assert tie_note(broken) == "ann, cid tie on 20 coins; cid wins with more race tokens on the board (5)."
    shared = position({"ann": 20, "bob": 20, "cid": 2, "dot": 7},
                      {"r0": ("ann", 3, False), "r1": ("bob", 3, False)})
    assert tie_note(shared) == "ann, bob tie on 20 coins and on tokens on the board: they share the victory."
    alone = position({"ann": 21, "bob": 20}, {"r0": ("bob", 9, False)})
    assert tie_note(alone) == ""
