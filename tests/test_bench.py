"""`python -m game.bench` prints the figures the targets are judged by (never asserted on speed)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import bench


def test_the_summary_takes_medians_per_game_and_per_intent() -> None:
    runs = [{"game": 0.010, "legal": 0.004, "apply": 0.005, "steps": 100},
            {"game": 0.030, "legal": 0.012, "apply": 0.015, "steps": 100},
            {"game": 0.020, "legal": 0.008, "apply": 0.010, "steps": 200}]
    m = bench.summary(runs)
    assert m["game_ms"] == pytest.approx(20.0)
    assert m["action_us"] == pytest.approx(100.0)        # 100, 300 and 100 µs per intent
    assert m["legal_us"] == pytest.approx(40.0)
    assert m["apply_us"] == pytest.approx(50.0)
    assert m["games_per_s"] == pytest.approx(50.0)


def test_the_bench_prints_per_intent_figures_and_the_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "per intent: median" in out and "target ≤ 20 µs" in out
    assert "legal_actions" in out and "apply" in out and "target ≤ 5 ms" in out


def test_cpu_times_the_same_games_in_processor_time(capsys: pytest.CaptureFixture[str]) -> None:
    board, _ = bench.five_player_board()
    catalog = bench.default_catalog()
    clock, cpu = bench.timed_game(board, catalog, 3), bench.timed_game(board, catalog, 3, cpu=True)
    assert cpu["steps"] == clock["steps"] > 0 and cpu["game"] > 0 and cpu["legal"] == cpu["apply"] == 0
    assert bench.main(["--games", "2", "--cpu"]) == 0
    out = capsys.readouterr().out
    assert "; processor time" in out and "per intent: median" in out and "legal_actions" not in out


def test_compare_takes_a_checkout_folder_with_its_own_engine(capsys: pytest.CaptureFixture[str]) -> None:
    """`--compare FOLDER` times the checkout there as it is (its build too, when it has one): here
    this very checkout, so both say the same engine; `--cpu` in processor time, not split."""
    root = Path(bench.__file__).resolve().parents[1]
    assert bench.main(["--compare", str(root), "--games", "2", "--cpu"]) == 0
    out = capsys.readouterr().out
    engine = bench.native.state()[0]
    assert f"{root}: {engine}; processor time" in out, out
    assert "per intent" in out and "legal_actions" not in out and "ratio" in out


def test_a_revision_git_cannot_give_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--compare", "no-such-revision-anywhere", "--games", "1"]) == 2
    out = capsys.readouterr().out.strip()
    assert out.startswith("--compare no-such-revision-anywhere:") and "\n" not in out


@pytest.mark.slow
def test_every_pack_can_be_timed_here_and_against_another_revision(capsys: pytest.CaptureFixture[str]) -> None:
    from game.content.packs import shipped_packs
    n = len(shipped_packs())
    assert n >= 7
    assert bench.main(["--packs", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert f"the base races and powers and {n} content files" in out
    assert "per intent with this content / the base set alone (same seeds, in turn):" in out
    assert "target ≤ 1.15x" in out
    assert bench.main(["--packs", "--compare", "HEAD", "--games", "2", "--bots"]) == 0
    out = capsys.readouterr().out
    assert f"and {n} content files" in out and "ratio HEAD / this tree" in out
    assert out.count("Medium in every seat") == 2 and out.count("Expert's look-ahead on a round-1 pick") == 2
    assert "ratio this tree / HEAD: Medium lab games" in out


def test_the_content_ratio_is_the_median_per_intent_over_the_base_sets() -> None:
    slow = bench.summary([{"game": 0.013, "legal": 0.006, "apply": 0.006, "steps": 100}])
    base = bench.summary([{"game": 0.010, "legal": 0.005, "apply": 0.005, "steps": 100}])
    line = bench.content_ratio_line(slow, base)
    assert "1.30x (130.0 / 100.0 µs)" in line and "MISSED by 1.13x" in line
    assert bench.content_ratio_line(base, base).endswith("met")


def test_the_base_set_alone_prints_no_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1"]) == 0
    assert "the base set alone" not in capsys.readouterr().out


def test_the_bench_times_the_computer_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--bots"]) == 0
    out = capsys.readouterr().out
    assert "Medium in every seat, 4-player lab games:" in out and "a processor second" in out
    assert f"games a processor second ({bench.EXPERT_PLAYOUTS} a pick)" in out
    got = re.search(r"default budgets on a round-1 pick, 4 players: median (\d+) and (\d+) look-ahead games a decision "
                    r"\(1 pick each", out)
    assert got and int(got[1]) >= bench.REGISTRY["hard"].floor and int(got[2]) >= bench.REGISTRY["expert"].floor, out


def test_the_bot_figures_take_medians_and_rates() -> None:
    medium = [{"seconds": 0.02, "games": 1}, {"seconds": 0.03, "games": 1}, {"seconds": 0.05, "games": 1}]
    expert = [{"seconds": 0.5, "games": 24}, {"seconds": 0.25, "games": 24}, {"seconds": 1.0, "games": 24}]
    m = bench.bot_summary(medium, expert)
    assert m["medium_per_s"] == pytest.approx(30.0)       # 3 games in 0.1 s
    assert m["medium_ms"] == pytest.approx(30.0)
    assert m["expert_per_s"] == pytest.approx(48.0)       # 24, 48 and 96 a second
    assert bench.bot_requests(20) == [f"medium {g}" for g in range(20)] + ["expert 0", "expert 1", "expert 2"]


def test_the_fingerprint_is_the_same_games_and_moves_with_a_rule(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seeds give the same fingerprint; a changed rule (here the Ratmen with a token
    fewer) gives another, and the command prints it with the engine that played."""
    from dataclasses import replace

    from game.content.catalog import default_catalog
    from game.fingerprint import fingerprint
    from tests.boards import ring_board
    board, catalog = ring_board(), default_catalog()
    first = fingerprint(board, catalog, 3, players=3)
    assert first == fingerprint(board, catalog, 3, players=3) and len(first) == 16
    races = dict(catalog.races)
    races["ratmen"] = replace(races["ratmen"], tokens=races["ratmen"].tokens - 1)
    assert fingerprint(board, replace(catalog, races=races), 3, players=3) != first
    assert bench.main(["--fingerprint", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("fingerprint ") and "2 random games" in out and "engine" in out


def test_the_bots_fingerprint_is_the_same_choices_and_moves_with_a_rule(capsys: pytest.CaptureFixture[str]) -> None:
    """Games between every level, the searching ones with a fixed look-ahead, give the same
    fingerprint from the same seeds, another when a rule changes (the Ratmen with a token
    fewer), and `--fingerprint --bots` prints it beside the random games' line."""
    from dataclasses import replace

    from game.bots import LEVELS
    from game.content.catalog import default_catalog
    from game.fingerprint import bot_seats, bots_fingerprint
    from tests.boards import ring_board
    assert bot_seats(5)[:len(LEVELS)] == list(LEVELS) and len(bot_seats(5)) == 5
    board, catalog = ring_board(), default_catalog()
    first = bots_fingerprint(board, catalog, 1, players=4, iterations=2)
    assert first == bots_fingerprint(board, catalog, 1, players=4, iterations=2) and len(first) == 16
    races = dict(catalog.races)
    races["ratmen"] = replace(races["ratmen"], tokens=races["ratmen"].tokens - 1)
    assert bots_fingerprint(board, replace(catalog, races=races), 1, players=4, iterations=2) != first
    assert bench.main(["--fingerprint", "--bots", "--games", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("fingerprint ") and lines[1].startswith("bots fingerprint ")
    assert "1 game of easy, medium, hard, expert, easy" in lines[1] and "engine" in lines[1]


@pytest.mark.slow
def test_the_big_content_bench_prints_each_steps_medians_and_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    from game import content_bench
    assert content_bench.bench(runs=1, entries=200) == 0
    out = capsys.readouterr().out
    assert "base set: load" in out and "200 entries: load" in out and "lab game" in out
    assert "ratio 200 entries / base set:" in out


def test_copies_of_the_map_hold_n_times_its_regions_joined_in_one_piece() -> None:
    from game.big_board import copies_board, copy_id
    board, _ = bench.five_player_board()
    big = copies_board(board, 3)
    assert len(big.regions) == 3 * len(board.regions)
    assert big.turns == board.turns
    for r in board.regions:                  # each copy as printed
        for k in (1, 2, 3):
            c = big.region(copy_id(r.id, k))
            assert (c.terrain, c.features, c.lost_tribe, c.border) == (r.terrain, r.features, r.lost_tribe, r.border)
            assert {copy_id(x, k) for x in board.neighbours(r.id)} <= big.neighbours(c.id)
    edge = next(r.id for r in board.regions if r.border)
    inner = next(r.id for r in board.regions if not r.border)
    assert big.adjacent(copy_id(edge, 1), copy_id(edge, 2)) and big.adjacent(copy_id(edge, 2), copy_id(edge, 3))
    assert not big.adjacent(copy_id(edge, 1), copy_id(edge, 3))
    assert big.neighbours(copy_id(inner, 2)) == {copy_id(x, 2) for x in board.neighbours(inner)}
    seen, todo = {big.regions[0].id}, [big.regions[0].id]
    while todo:                              # one piece: every region reached from the first
        for x in big.neighbours(todo.pop()) - seen:
            seen.add(x)
            todo.append(x)
    assert len(seen) == len(big.regions)
    first = copies_board(board, 3, "first")       # only the first copy's edge is the board's edge
    assert {r.id for r in first.regions if r.border} == {copy_id(r.id, 1) for r in board.regions if r.border}
    assert len(first.entry) < len(big.entry) and first.adjacency == big.adjacency
    with pytest.raises(ValueError):
        copies_board(board, 2, "some")


def test_regions_times_plays_on_n_times_the_regions(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--regions-times", "2", "--games", "2"]) == 0
    out = capsys.readouterr().out
    counts = {label: int(n) for label, n in re.findall(r"^(the map|2 copies): (\d+) regions", out, re.M)}
    assert counts["2 copies"] == 2 * counts["the map"] > 0, out
    assert "; processor time" in out and "in legal_actions" in out
    assert re.search(r"ratio 2 copies / the map: per intent \d+\.\d\dx", out), out
    # how big a position is on each board: the intents it lists, and the conquests among them
    listed = re.findall(r"a position lists (\d+\.\d) intents, (\d+\.\d) of them conquests", out)
    assert len(listed) == 2 and all(0 < float(c) < float(n) for n, c in listed), out
    assert "target" not in out                   # the target is for 8 copies
    assert bench.main(["--regions-times", "0"]) == 2
    capsys.readouterr()
    assert bench.main(["--regions-times", "2", "--games", "1", "--ways-in", "first"]) == 0
    assert "the first copy's edge the only way in" in capsys.readouterr().out


def test_the_fingerprint_on_copies_of_the_map_is_that_of_the_games_there(capsys: pytest.CaptureFixture[str]) -> None:
    """`--fingerprint --regions-times N` fingerprints the games on N copies of the map (each
    copy's edge a way in, or the first's alone, `--ways-in`), as `game.fingerprint` gives them
    on `copies_board`; with every pack too."""
    from game.big_board import copies_board
    from game.content.catalog import default_catalog
    from game.fingerprint import fingerprint
    board, _ = bench.five_player_board()
    for ways_in in ("every", "first"):
        want = fingerprint(copies_board(board, 2, ways_in), default_catalog(), 2)
        assert bench.main(["--fingerprint", "--regions-times", "2", "--games", "2", "--ways-in", ways_in]) == 0
        out = capsys.readouterr().out
        assert out.startswith(f"fingerprint {want}: 2 random games on ") and "×2, edges joined" in out, out
    assert want != fingerprint(board, default_catalog(), 2)
    assert bench.main(["--fingerprint", "--regions-times", "2", "--games", "1", "--packs"]) == 0
    assert "7 content files" in capsys.readouterr().out
    assert bench.main(["--fingerprint", "--regions-times", "0"]) == 2
    assert "give 1 or more copies" in capsys.readouterr().out
