"""Computer players: they send only intents the engine accepts, finish whole games at every
level, never change the state they are shown, and decide without seeing hidden coins."""
from __future__ import annotations

import random
import threading
import time

import pytest

from game.bots import LEVELS, SEARCHING, make_bot
from game.bots.arena import play_game
from game.bots.view import estimate_coins, public_view
from game.content.catalog import default_catalog
from game.content.tmx import map_for_players
from game.rules import GameState, Pick, actor, apply, legal_actions, new_game, why_illegal
from game.rules.invariants import check


def _bots(levels: list[str], seed: int) -> list:
    return [make_bot(lv, i, seed * 10 + i, **({"budget": 0.05, "iterations": 3} if lv in SEARCHING else {}))
            for i, lv in enumerate(levels)]


def _checked_game(levels: list[str], seed: int, players: int | None = None) -> GameState:
    board = map_for_players(players or len(levels)).board
    bots = _bots(levels, seed)
    steps = 0

    def on_step(before: GameState, after: GameState, rec) -> None:
        nonlocal steps
        steps += 1
        if steps % 25 == 0:
            assert not check(after, round_trip=False), check(after, round_trip=False)

    class Checked:
        def __init__(self, bot) -> None:
            self.bot = bot

        def choose(self, s: GameState):
            before = s.to_dict()
            a = self.bot.choose(s)
            assert s.to_dict() == before, f"{self.bot.level} changed the state it was shown"
            assert why_illegal(s, a) is None, f"{self.bot.level} sent {a}: {why_illegal(s, a)}"
            return a

    end = play_game(board, default_catalog(), [Checked(b) for b in bots], f"test:{seed}", on_step=on_step)
    assert end.game_over and end.round == board.turns
    return end


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_whole_four_player_games_with_legal_intents(level: str) -> None:
    games = 1 if level in SEARCHING else 3
    for seed in range(games):
        _checked_game([level] * 4, seed)


def test_mixed_tables_of_two_three_and_five_players_finish() -> None:
    _checked_game(["easy", "medium"], 1)
    _checked_game(["medium", "hard", "easy"], 2)
    _checked_game(["expert", "easy"], 4)
    _checked_game(["medium", "easy", "medium", "easy", "medium"], 3)


def test_medium_beats_easy_in_a_short_series() -> None:
    board = map_for_players(4).board
    wins = 0.0
    for g in range(12):
        levels = ["medium", "easy"] * 2 if g % 2 == 0 else ["easy", "medium"] * 2
        end = play_game(board, default_catalog(), _bots(levels, g), f"series:{g}")
        wins += sum(1 / len(end.winners) for w in end.winners if levels[w] == "medium")
    assert wins >= 8, f"medium won only {wins} of 12 games against easy"


def _positions(n: int = 6) -> list[GameState]:
    """States from the middle of a game: starts of turns (where Hard looks ahead: a pick, or
    whether to decline) and moments in the middle of a turn."""
    board = map_for_players(4).board
    bots = _bots(["medium"] * 4, 7)
    rng = random.Random(7)
    s = new_game(board, ["ann", "bob", "cid", "dee"], default_catalog(), rng)
    out: list[GameState] = []
    turn = None
    while not s.game_over and len(out) < n:
        start = (s.round, s.turn.seat) != turn
        turn = (s.round, s.turn.seat)
        if s.round >= 2 and len(legal_actions(s)) > 1 and (start and len(out) % 2 == 0 or rng.random() < 0.05):
            out.append(s)
        s, _ = apply(s, bots[actor(s)].choose(s), rng)
    return out


def _pick_position() -> GameState:
    """The first turn from round 2 on that starts with a pick of a combo (a seat that declined
    last turn, and no In Decline conquest to make first), in a game of Medium bots."""
    board = map_for_players(4).board
    bots = _bots(["medium"] * 4, 7)
    rng = random.Random(7)
    s = new_game(board, ["ann", "bob", "cid", "dee"], default_catalog(), rng)
    while not s.game_over:
        if s.round >= 2 and s.turn.phase == "pick" and not s.turn.acted:
            picks = [a for a in legal_actions(s) if isinstance(a, Pick)]
            if len(picks) > 1 and isinstance(bots[actor(s)].decide(public_view(s, actor(s))), Pick):
                return s
        s, _ = apply(s, bots[actor(s)].choose(s), rng)
    raise AssertionError("no turn started with a pick in the game")


def _with_other_coins(s: GameState, seat: int, rng: random.Random) -> GameState:
    t = s.copy()
    for i in range(len(s.players)):
        if i != seat:
            t.player_w(i).coins = rng.randrange(0, 120)
    t.race_stack = list(s.race_stack)
    rng.shuffle(t.race_stack)          # the hidden stacks are unknown too
    t.seal()
    return t


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_decides_the_same_whatever_the_opponents_hidden_coins(level: str) -> None:
    rng = random.Random(3)
    for s in _positions():
        seat = actor(s)
        opts = {"iterations": 4} if level in SEARCHING else {}
        first = make_bot(level, seat, 11, **opts).choose(s)
        for _ in range(2):
            other = _with_other_coins(s, seat, rng)
            assert make_bot(level, seat, 11, **opts).choose(other) == first


def test_the_public_view_hides_coins_and_stacks_but_keeps_your_own() -> None:
    s = _positions(1)[0]
    seat = actor(s)
    v = public_view(s, seat)
    assert v.players[seat].coins == s.players[seat].coins
    for i in range(len(s.players)):
        if i != seat:
            assert v.players[i].coins == estimate_coins(s, i)
    assert v.race_stack == sorted(s.race_stack)
    assert v.regions == s.regions and v.column == s.column


def test_hard_looks_ahead_at_the_start_of_a_turn() -> None:
    starts = [s for s in _positions(8) if not s.turn.acted and s.turn.phase in ("pick", "conquer")]
    searched = 0
    for s in starts:
        bot = make_bot("hard", actor(s), 2, iterations=6)
        a = bot.choose(s)
        assert why_illegal(s, a) is None
        if bot.last_search:                  # more than one plan to compare
            assert sum(n for _, n in bot.last_search.values()) == 6
            searched += 1
    assert searched >= 2


def _processor_seconds_beside_a_busy_thread(bot, s: GameState):
    """(intent, processor seconds of this thread) for `bot.choose(s)` while another Python
    thread keeps the interpreter busy (as the window's drawing thread or a loaded machine does:
    the decision gets about half of the clock)."""
    stop = threading.Event()

    def busy() -> None:
        while not stop.is_set():
            sum(range(200))
    other = threading.Thread(target=busy, daemon=True)
    other.start()
    try:
        c0 = time.thread_time()
        a = bot.choose(s)
        return a, time.thread_time() - c0
    finally:
        stop.set()
        other.join()


def test_hard_keeps_to_its_budget_in_processor_time_beside_a_busy_thread() -> None:
    s = _positions(1)[0]
    bot = make_bot("hard", actor(s), 5, budget=0.5, floor=0)     # the budget alone
    a, used = _processor_seconds_beside_a_busy_thread(bot, s)
    assert why_illegal(s, a) is None and bot.searched
    # a budget on the clock would give the decision only about half of its 0.5 s
    assert 0.35 < used < 0.5 + 0.2


def test_levels_and_budgets_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", 0, 1)
    with pytest.raises(ValueError, match="at most 2"):
        make_bot("hard", 0, 1, budget=5)
    with pytest.raises(ValueError, match="at most 10"):
        make_bot("expert", 0, 1, budget=60)
    with pytest.raises(ValueError, match="at least 1"):
        make_bot("expert", 0, 1, iterations=0)


def test_expert_searches_whole_turn_plans_at_the_start_of_a_turn() -> None:
    starts = [s for s in _positions(8) if not s.turn.acted and s.turn.phase in ("pick", "conquer")]
    searched = 0
    for s in starts:
        bot = make_bot("expert", actor(s), 2, iterations=8)
        a = bot.choose(s)
        assert why_illegal(s, a) is None
        if bot.searched:
            assert sum(n for _, n in bot.last_search.values()) == 8 == bot.playouts
            assert len(bot.last_search) >= 2 and bot.progress == 1.0
            searched += 1
    assert searched >= 2


def test_expert_is_reproducible_for_a_seed_and_a_number_of_playouts() -> None:
    s = _pick_position()
    runs = []
    for _ in range(2):
        bot = make_bot("expert", actor(s), 9, iterations=10)
        runs.append((bot.choose(s), bot.last_search))
    assert runs[0] == runs[1]
    other = make_bot("expert", actor(s), 10, iterations=10)
    other.choose(s)
    assert other.last_search != runs[0][1]          # another seed samples other games


def test_where_medium_would_decline_expert_and_hard_weigh_carrying_on_too() -> None:
    from game.bots.expert import ExpertBot
    from game.bots.knowledge import Knowledge
    from game.rules import Decline
    board = map_for_players(4).board
    bots = _bots(["medium"] * 4, 3)
    rng = random.Random(3)
    s = new_game(board, ["ann", "bob", "cid", "dee"], default_catalog(), rng)
    found = 0
    while not s.game_over and found < 2:
        seat = actor(s)
        v = public_view(s, seat)
        if (v.turn.seat == seat and v.turn.phase == "conquer" and not v.turn.acted and not v.turn.picked
                and Decline() in (acts := legal_actions(v))
                and bots[seat].should_decline(v, seat, acts, Knowledge.of(v.board, v.catalog, 4))):
            expert = ExpertBot(seat, 1, iterations=6)
            plans = {p.key: p for p in expert.distinct(v, expert.plans(v, seat, acts))}
            assert "decline" in plans and "carry on steadily" in plans
            carrying = expert.turn_intents(v, plans["carry on steadily"], random.Random(0))
            assert Decline() not in carrying
            hard = make_bot("hard", seat, 1, iterations=9)      # Hard too: carrying on is played out
            hard.choose(v)
            assert hard.last_search["decline"][0] != hard.last_search["carry on (medium)"][0]
            found += 1
        s, _ = apply(s, bots[seat].choose(s), rng)
    assert found == 2


def test_expert_weighs_other_first_conquests_than_mediums() -> None:
    """Where a turn's conquests begin is a plan of its own: after a pick, and at the start of
    an Active race's turn, Expert also plays the turn on from the regions Medium ranks next."""
    from game.bots.expert import ExpertBot
    from game.rules import Conquer
    board = map_for_players(4).board
    bots = _bots(["medium"] * 4, 5)
    rng = random.Random(5)
    s = new_game(board, ["ann", "bob", "cid", "dee"], default_catalog(), rng)
    seen = {"picked": 0, "carrying": 0}
    while not s.game_over and min(seen.values()) < 2:
        seat = actor(s)
        v = public_view(s, seat)
        t = v.turn
        if t.seat == seat and t.phase == "conquer" and not t.acted and not t.conquered:
            acts = legal_actions(v)
            if sum(isinstance(a, Conquer) for a in acts) >= 3:
                expert = ExpertBot(seat, 1, iterations=6)
                plans = expert.distinct(v, expert.plans(v, seat, acts))
                keys = [p.key for p in plans]
                assert "carry on steadily" in keys
                medium_first = expert.turn_intents(v, plans[keys.index("carry on steadily")], random.Random(0))[0]
                others = [p for p in plans if p.key.startswith("carry on from ")]
                assert others, keys
                for p in others:
                    assert isinstance(p.first, Conquer) and p.first != medium_first
                    assert p.key == f"carry on from {p.first.region}" and why_illegal(v, p.first) is None
                a = expert.choose(s)
                assert expert.searched and why_illegal(s, a) is None
                assert set(expert.last_search) == set(keys)
                seen["picked" if t.picked else "carrying"] += 1
        s, _ = apply(s, bots[seat].choose(s), rng)
    assert min(seen.values()) >= 2, seen


def test_expert_keeps_to_its_budget_in_processor_time_beside_a_busy_thread() -> None:
    s = _pick_position()
    bot = make_bot("expert", actor(s), 5, budget=0.5, floor=0)   # the budget alone
    a, used = _processor_seconds_beside_a_busy_thread(bot, s)
    assert why_illegal(s, a) is None and bot.searched and bot.progress == 1.0
    assert 0.35 < used < 0.5 + 0.2


def test_expert_plays_composed_custom_races_without_knowing_them() -> None:
    from pathlib import Path

    from game.content.catalog import load_catalog
    example = Path(__file__).resolve().parents[1] / "docs" / "examples" / "custom_races.yaml"
    catalog = load_catalog([str(example)])
    custom = {k for k, r in catalog.races.items() if r.custom}
    assert custom
    bots = _bots(["expert", "medium", "expert"], 6)
    picked: set[str] = set()

    def on_step(before: GameState, after: GameState, rec) -> None:
        picked.update(e["race"] for e in rec.events if e.get("type") == "pick")

    end = play_game(map_for_players(3).board, catalog, bots, "custom:6", on_step=on_step)
    assert end.game_over
    assert picked, "nobody picked a combo"


def test_a_match_between_levels_prints_its_table(capsys) -> None:
    from game.lab.__main__ import main
    assert main(["match", "--a", "medium", "--b", "easy", "--games", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "medium" in out and "easy" in out and "win share" in out
    assert "searched decisions" not in out                 # neither level searches
    assert main(["match", "--a", "hard", "--b", "medium", "--games", "1", "--iterations", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "hard: " in out and "searched decisions, seconds per decision median" in out and "processor time" in out


def test_a_match_at_three_and_five_players_seats_each_level_in_each_seat_equally(tmp_path, capsys) -> None:
    from game.lab.__main__ import main
    from game.lab.versus import arrangements
    for players, cycle in ((2, 2), (3, 6), (4, 6), (5, 20)):
        seatings = arrangements(players)
        assert len(seatings) == cycle and len(set(seatings)) == cycle
        for seat in range(players):
            assert sum(x[seat] == "A" for x in seatings) * 2 == cycle, (players, seat)
        assert sum(x.count("A") for x in seatings) * 2 == cycle * players      # as many seats each
    saved = tmp_path / "three.jsonl"
    assert main(["match", "--a", "medium", "--b", "easy", "--players", "3", "--games", "2", "--jobs", "1",
                 "--save", str(saved)]) == 0
    got = capsys.readouterr()
    assert "3 players (medium x1 vs easy x2 and the mirror in turn" in got.err
    assert "2 three-player games" in got.out and "wins by seat 1/2/3 " in got.out
    assert main(["match", "--table", str(saved)]) == 0
    assert "2 three-player games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["match", "--a", "medium", "--b", "easy", "--players", "6", "--games", "1"])
    assert "--players: invalid choice: 6" in capsys.readouterr().err


def test_a_match_played_in_parts_gives_the_table_of_the_whole(tmp_path, capsys) -> None:
    import json

    from game.lab.__main__ import main
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    assert main(["match", "--a", "medium", "--b", "easy", "--games", "4", "--jobs", "1", "--save", str(whole)]) == 0
    for first in (0, 2):
        assert main(["match", "--a", "medium", "--b", "easy", "--first", str(first), "--games", "2",
                     "--jobs", "1", "--save", str(parts)]) == 0
    capsys.readouterr()
    assert main(["match", "--table", str(whole)]) == 0
    one = capsys.readouterr().out
    assert main(["match", "--table", str(parts)]) == 0
    assert capsys.readouterr().out == one and "4 four-player games" in one and "(games 0–3)" in one
    assert all(json.loads(line)["seed"] == 1 for line in whole.read_text().splitlines())
    assert main(["match", "--table", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read the match file" in capsys.readouterr().err


def test_two_versions_of_a_match_are_compared_game_by_game(tmp_path, capsys) -> None:
    import json

    from game.lab.__main__ import main

    def game(g: int, seats: str, coins: list[int], winners: list[int]) -> str:
        return json.dumps({"game": g, "seats": seats, "winners": winners, "coins": coins, "seconds": 1.0,
                           "levels": {"A": "expert", "B": "hard"}, "thinking": {}, "cpu": {}})
    new, old = tmp_path / "new.jsonl", tmp_path / "old.jsonl"
    # A's coin lead a game, new: game 0 +10, game 1 -4, game 2 +1; old: game 1 +6, game 2 -1, game 3 0
    new.write_text("\n".join([game(0, "ABAB", [80, 70, 80, 70], [0, 2]), game(1, "BABA", [70, 66, 74, 70], [2]),
                              game(2, "AABB", [81, 81, 80, 80], [0])]) + "\n")
    old.write_text("\n".join([game(1, "BABA", [70, 76, 70, 76], [1]), game(2, "AABB", [79, 79, 80, 80], [3]),
                              game(3, "ABBA", [70, 70, 70, 70], [0])]) + "\n")
    assert main(["match", "--table", str(new), "--against", str(old)]) == 0
    out = capsys.readouterr().out
    assert "expert's coins a game minus hard's (two seats each): +2.33" in out
    # games 1 and 2 are in both: A won 0 and 1 here, 1 and 0 there; leads -4 - 6 = -10 and 1 - (-1) = +2
    assert "on the 2 games both hold: expert won 50.0% here, 50.0% there" in out
    assert "coin lead a game here minus there -4.00 (95% -15.76 to +7.76)" in out
    other = tmp_path / "other.jsonl"
    other.write_text(game(7, "ABAB", [1, 2, 3, 4], [3]) + "\n")
    assert main(["match", "--table", str(new), "--against", str(other)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: the two sets of match files share no game") and "\n" not in err
    other.write_text(game(1, "AABB", [1, 2, 3, 4], [3]) + "\n")
    assert main(["match", "--table", str(new), "--against", str(other)]) == 2
    assert "game 1 was seated BABA in one file and AABB in the other" in capsys.readouterr().err
    assert main(["match", "--against", str(old)]) == 2
    assert "--against compares with the games given to --table" in capsys.readouterr().err
    other.write_text(game(1, "BABA", [1, 2, 3], [2]) + "\n")     # a seat without coins
    assert main(["match", "--table", str(other)]) == 2
    assert "other.jsonl:1: not a game of a match" in capsys.readouterr().err


def test_runs_with_different_seeds_pool_into_one_longer_match(tmp_path, capsys) -> None:
    import json

    from game.lab.__main__ import main

    def game(g: int, seed: int | None, lead: int) -> str:
        d = {"game": g, "seats": "ABAB", "winners": [0 if lead > 0 else 1], "coins": [80 + lead, 80, 80 + lead, 80],
             "seconds": 1.0, "levels": {"A": "expert", "B": "hard"}, "thinking": {}, "cpu": {}}
        if seed is not None:
            d["seed"] = seed
        return json.dumps(d)
    one, two, old = tmp_path / "one.jsonl", tmp_path / "two.jsonl", tmp_path / "old.jsonl"
    one.write_text(game(0, 7, 4) + "\n" + game(1, 7, -2) + "\n")
    two.write_text(game(0, 8, 6) + "\n" + game(1, 8, 4) + "\n")
    assert main(["match", "--table", str(one), str(two)]) == 0
    got = capsys.readouterr()
    # the same game numbers with other seeds are other games: all four count
    assert "4 four-player games" in got.out and "(seed 7: games 0–1; seed 8: games 0–1)" in got.out
    assert "expert's coins a game minus hard's (two seats each): +3.00" in got.out and got.err == ""
    with one.open("a") as f:                    # game 1 of seed 7 again (a part played twice)
        f.write(game(1, 7, 10) + "\n")
    assert main(["match", "--table", str(one), str(two)]) == 0
    got = capsys.readouterr()
    assert "4 four-player games" in got.out and "+6.00" in got.out        # the last one read counts
    assert "1 game was found more than once" in got.err
    # a file saved before games carried their seed is compared by game number
    old.write_text(game(0, None, 2) + "\n" + game(1, None, 2) + "\n")
    assert main(["match", "--table", str(two), "--against", str(old)]) == 0
    assert "on the 2 games both hold" in capsys.readouterr().out
    assert main(["match", "--table", str(one), str(two), "--against", str(old)]) == 0
    assert "on the 2 games both hold" in capsys.readouterr().out      # each old game pairs once
    bad = tmp_path / "bad.jsonl"
    bad.write_text(game(0, 7, 1).replace('"seed": 7', '"seed": "seven"') + "\n")
    assert main(["match", "--table", str(bad)]) == 2
    assert "bad.jsonl:1: not a game of a match" in capsys.readouterr().err


def test_a_match_gives_each_side_its_own_amount_of_look_ahead(capsys) -> None:
    from game.lab.__main__ import main
    from game.lab.versus import bot_options, per_side
    assert per_side("32,24", int, "iterations") == (32, 24) and per_side("2", float, "budget") == (2.0, 2.0)
    assert bot_options("medium", 2.0, None) == {}
    assert main(["match", "--a", "expert", "--b", "hard", "--games", "1", "--iterations", "3,2", "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    assert "Expert: 3 look-ahead games per decision; Hard: 2 look-ahead games per decision" in captured.err
    assert "expert: " in captured.out and "hard: " in captured.out
    for bad in ("3,0", "three", "1,2,3", "2.5"):
        assert main(["match", "--a", "expert", "--b", "hard", "--games", "1", "--iterations", bad]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"error: --iterations {bad}: give one positive number") and "\n" not in err


def _ghouls_one_short() -> GameState:
    """Ann holds no Active race; her In Decline Ghouls have 1 token in hand, next to an empty
    forest (2 tokens): only the final attempt with the die is open to them."""
    from game.rules import Board, build_position
    board = Board.from_dicts("ghouls", 10, [
        {"id": "g", "terrain": "farmland", "border": True, "adjacent": ["e"]},
        {"id": "e", "terrain": "forest", "adjacent": ["g"]},
        {"id": "x", "terrain": "hill", "border": True},
    ])
    return build_position(board, ["ann", "bob"], default_catalog(), random.Random(0), {
        "round": 2,
        "players": {"ann": {"decline": [{"race": "ghouls"}]},
                    "bob": {"active": {"race": "ratmen", "power": "hill"}}},
        "regions": {"g": {"owner": "ann", "race": "ghouls", "tokens": 2},
                    "x": {"owner": "bob", "race": "ratmen", "tokens": 2}}})


def test_the_bots_try_the_in_decline_ghouls_final_die() -> None:
    from game.rules import GhoulsConquer, GhoulsReinforce
    s = _ghouls_one_short()
    acts = legal_actions(s)
    assert GhoulsReinforce("e") in acts and not any(isinstance(a, GhoulsConquer) for a in acts)
    assert make_bot("medium", 0, 1).choose(s) == GhoulsReinforce("e")
    easy = {make_bot("easy", 0, seed).choose(s) for seed in range(12)}
    assert GhoulsReinforce("e") in easy


def test_expert_plays_the_best_plan_on_the_luck_all_its_contenders_saw() -> None:
    s = _pick_position()
    for n in (7, 10, 16):                     # budgets that cut the last round short
        bot = make_bot("expert", actor(s), 3, iterations=n, lead=0.0)
        a = bot.choose(s)
        rivals = bot.last_contenders
        assert len(rivals) >= 2 and sum(c for _, c in bot.last_search.values()) == n
        shared = set.intersection(*(set(r) for r in rivals.values()))
        assert shared
        paired = {k: sum(r[x] for x in shared) / len(shared) for k, r in rivals.items()}
        assert paired[bot.last_choice] == max(paired.values())
        c = s.column[a.index]
        assert bot.last_choice.startswith(f"pick {c.race}+{c.power}")


@pytest.mark.slow
def test_expert_leaves_mediums_move_only_on_a_clear_lead() -> None:
    from game.bots.expert import clear_lead
    assert clear_lead({0: 0.6, 1: 0.7, 2: 0.65}, {0: 0.5, 1: 0.6, 2: 0.56}, 2.0)
    assert not clear_lead({0: 0.6, 1: 0.4, 2: 0.65}, {0: 0.5, 1: 0.6, 2: 0.56}, 2.0)   # noisy
    assert not clear_lead({0: 0.9}, {0: 0.1}, 2.0)                  # one round shows nothing
    assert not clear_lead({0: 0.9, 1: 0.9}, {2: 0.1, 3: 0.1}, 0.5)  # no luck in common
    with pytest.raises(ValueError, match="lead"):
        make_bot("expert", 0, 1, lead=-1)
    verdicts = set()
    s = _pick_position()
    for seed in range(16):
        loose = make_bot("expert", actor(s), seed, iterations=30, lead=0.0)
        strict = make_bot("expert", actor(s), seed, iterations=30, lead=1.5)
        loose.choose(s)
        strict.choose(s)
        assert strict.last_luck == loose.last_luck                # the same search, maybe another verdict
        medium = next(iter(loose.last_luck))                      # plans in order of prior: Medium's first
        if loose.last_choice == medium:
            assert strict.last_choice == medium
            continue
        clear = clear_lead(loose.last_luck[loose.last_choice], loose.last_luck[medium], 1.5)
        assert strict.last_choice == (loose.last_choice if clear else medium)
        verdicts.add(clear)
    assert verdicts == {True, False}                            # both cases were seen


def test_expert_looks_at_every_combo_and_halves_the_field_on_shared_luck() -> None:
    s = _pick_position()
    bot = make_bot("expert", actor(s), 4, iterations=16)
    bot.choose(s)
    affordable = {f"pick {s.column[a.index].race}+{s.column[a.index].power}"
                  for a in legal_actions(s) if a.__class__.__name__ == "Pick"}
    assert len(affordable) >= 4
    tried = {k for k, (_, n) in bot.last_search.items() if n}
    assert tried == affordable                      # Medium's ranking does not hide any combo
    counts = sorted((n for _, n in bot.last_search.values()), reverse=True)
    assert counts[0] >= 3 * counts[-1]              # the time went to the plans that stayed in
    finalists = bot.last_contenders
    assert 1 <= len(finalists) <= 2 and bot.last_choice in finalists


def test_expert_with_a_horizon_stops_its_playouts_there_and_values_the_leaf(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.bots.expert as expert_mod
    s = _pick_position()
    seat = actor(s)
    ends: list[GameState] = []
    real = expert_mod.play_out

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        end = real(*args, **kwargs)
        ends.append(end)
        return end
    monkeypatch.setattr(expert_mod, "play_out", recording)
    for horizon in (None, 2):
        ends.clear()
        bot = make_bot("expert", seat, 3, iterations=6, horizon=horizon)
        assert why_illegal(s, bot.choose(s)) is None and bot.searched
        assert len(ends) == 6
        if horizon is None:
            assert all(e.game_over for e in ends)
        else:                                # stopped as the seat's turn comes round again, twice
            assert all(not e.game_over and (e.round, e.turn.seat) == (s.round + 2, seat) for e in ends)
    leaf = ends[0]
    base = expert_mod.leaf_reward(leaf, seat)
    assert 0.0 < base < 1.0
    richer = leaf.copy()
    richer.player_w(seat).coins += 6
    richer.seal()
    assert expert_mod.leaf_reward(richer, seat) == pytest.approx(base + 6 / (2 * expert_mod.MARGIN_CLIP))
    with pytest.raises(ValueError, match="horizon is 1 round or more"):
        make_bot("expert", seat, 3, horizon=0)


def test_in_the_look_ahead_the_other_seats_pick_by_shares_on_shared_luck() -> None:
    """Expert's look-ahead games do not assume every other seat picks Medium's favourite combo:
    they pick it, the second or the third by `PICK_SHARES`, drawn from the game's luck, so two
    plans compared on the same luck meet the same picks."""
    from game.bots.expert import PICK_SHARES, VariedPicks
    from game.bots.knowledge import Knowledge
    from game.bots.medium import MediumBot
    s = _pick_position()
    seat = actor(s)
    v = public_view(s, seat)
    picks = [a for a in legal_actions(v) if isinstance(a, Pick)]
    know = Knowledge.of(v.board, v.catalog, len(v.players))
    ranked = [a for _, a in MediumBot(seat, 1).pick_values(v, seat, picks, know)]
    assert len(ranked) >= 3
    bot = VariedPicks(seat, 1)
    counts = [0, 0, 0]
    for n in range(1500):
        bot.luck = f"luck{n}"
        a = bot.pick(v, seat, picks, know)
        counts[ranked.index(a)] += 1
        assert bot.pick(v, seat, picks, know) == a          # the same luck, the same pick
    for got, share in zip(counts, PICK_SHARES, strict=True):
        assert abs(got / 1500 - share) < 0.05, counts
    other_seat = VariedPicks(seat, 1)                         # not drawn from the seat's own seed
    other_seat.luck = "luck0"
    bot.luck = "luck0"
    assert other_seat.pick(v, seat, picks, know) == bot.pick(v, seat, picks, know)


def test_expert_plays_its_own_later_turns_as_medium_and_the_others_by_shares() -> None:
    from game.bots.expert import ExpertBot, VariedPicks
    from game.bots.medium import MediumBot
    s = _pick_position()
    seat = actor(s)
    seen: list[list[type]] = []
    varied = ExpertBot(seat, 3, iterations=6)
    real = varied.iterate

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append([type(b) for b in args[3]])
        return real(*args, **kwargs)
    varied.iterate = recording  # type: ignore[method-assign]
    varied.choose(s)
    plain = ExpertBot(seat, 3, iterations=6, varied_picks=False)
    plain.choose(s)
    assert varied.searched and plain.searched and len(seen) == 6
    assert all(kinds[seat] is MediumBot and all(k is VariedPicks for i, k in enumerate(kinds) if i != seat)
               for kinds in seen)
    assert varied.last_luck.keys() == plain.last_luck.keys()
    assert varied.last_search != plain.last_search            # the other seats' picks changed the playouts


def test_medium_spreads_its_redeploy_flatter_than_the_threats() -> None:
    """Medium's redeploy gives each region a claim by its threat to the power `redeploy_sharpness`
    (0.5): flatter than in proportion to the threat, which lost about a coin a game (measured in
    docs/balance-lab.md). On the same positions the proportional spread piles more tokens on
    the most threatened region, never fewer."""
    from game.bots.knowledge import Knowledge
    from game.bots.medium import MediumBot, MediumStyle
    from game.rules import Redeploy
    board = map_for_players(4).board
    rng = random.Random(5)
    s = new_game(board, ["ann", "bob", "cid", "dee"], default_catalog(), rng)
    bots = _bots(["medium"] * 4, 5)
    flatter = 0
    while not s.game_over:
        seat = actor(s)
        a = bots[seat].choose(s)
        if isinstance(a, Redeploy):
            view = public_view(s, seat)
            listed = next(x for x in legal_actions(view) if isinstance(x, Redeploy))
            hold = s.players[seat].active
            assert hold is not None
            bonus = Knowledge.of(s.board, s.catalog, 4).region_bonus(hold.race, hold.power)
            steep = MediumBot(seat, 5, MediumStyle(redeploy_sharpness=1.0)).redeploy(view, seat, listed, bonus)
            mine, theirs = dict(a.counts), dict(steep.counts)
            assert sum(mine.values()) == sum(theirs.values())
            assert max(mine.values()) <= max(theirs.values())
            flatter += max(mine.values()) < max(theirs.values())
        s, _ = apply(s, a, rng)
    assert flatter >= 3


def test_medium_redeploys_where_a_region_bonus_is_below_minus_one() -> None:
    """A region's bonus below -1 (as some packs' content gives) makes its defence weight
    negative; its root must not turn complex and stop the game (it did, with every pack)."""
    from game.bots.medium import MediumBot
    from game.rules import Redeploy
    board = map_for_players(4).board
    rng = random.Random(5)
    s = new_game(board, ["ann", "bob", "cid", "dee"], default_catalog(), rng)
    bots = _bots(["medium"] * 4, 5)
    tried = 0
    while not s.game_over and tried < 3:
        seat = actor(s)
        a = bots[seat].choose(s)
        if isinstance(a, Redeploy):
            view = public_view(s, seat)
            listed = next(x for x in legal_actions(view) if isinstance(x, Redeploy))
            got = MediumBot(seat, 5).redeploy(view, seat, listed, {r: -3.0 for r in view.regions})
            assert why_illegal(view, got) is None
            tried += 1
        s, _ = apply(s, a, rng)
    assert tried == 3
