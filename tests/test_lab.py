"""The balance lab: a small run writes every report file, the same seed gives the same report,
and a custom race shows up next to the base races, flagged as custom."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from game.lab.__main__ import main
from game.lab.report import FILES
from game.stats import mean_ci, wilson
from tests.lab_files import same_apart_from_timing

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "custom_races.yaml"
OWN_RACE = """\
races:
  moles:
    name: Moles
    tokens: 6
    box: 11
    text: Cavern regions cost one token less to conquer.
    effects:
      - {cost_change: {amount: -1, where: {features: [cavern]}}}
"""


def _run(out: Path, *extra: str, games: int = 8, seed: int = 3) -> None:
    assert main(["--games", str(games), "--seed", str(seed), "--out", str(out), *extra]) == 0


def test_a_small_run_writes_every_file_and_is_the_same_for_the_same_seed(tmp_path: Path, capsys) -> None:
    _run(tmp_path / "one", "--jobs", "2")
    _run(tmp_path / "two", "--jobs", "1")
    out = capsys.readouterr()
    assert "games per second" in out.out
    assert "games/s" in out.err                      # the progress bar
    for name in FILES:
        assert (tmp_path / "one" / name).stat().st_size > 0, name
    same_apart_from_timing(tmp_path / "one", tmp_path / "two", "two runs with the same seed")
    with (tmp_path / "one" / "games.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 8 * 4
    assert sum(int(r["won"]) for r in rows) >= 8
    assert (tmp_path / "one" / "winrate_by_race.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_another_seed_gives_other_games(tmp_path: Path) -> None:
    _run(tmp_path / "a", games=4, seed=1)
    _run(tmp_path / "b", games=4, seed=2)
    assert (tmp_path / "a" / "games.csv").read_text() != (tmp_path / "b" / "games.csv").read_text()


@pytest.mark.slow
@pytest.mark.parametrize("source", ["guide example", "own file"])
def test_a_custom_race_shows_up_in_the_report(tmp_path: Path, source: str) -> None:
    if source == "guide example":
        if not EXAMPLE.exists():
            pytest.skip("docs/examples/custom_races.yaml is not there yet")
        content, race, name = EXAMPLE, "gnomes", "Gnomes"
    else:
        content = tmp_path / "moles.yaml"
        content.write_text(OWN_RACE)
        race, name = "moles", "Moles"
    _run(tmp_path / "r", "--content", str(content), games=24, seed=5)
    with (tmp_path / "r" / "races.csv").open() as f:
        rows = {r["race"]: r for r in csv.DictReader(f)}
    assert rows[race]["custom"] == "1" and rows["ratmen"]["custom"] == "0"
    assert int(rows[race]["picks"]) > 0, "the custom race was never picked"
    summary = (tmp_path / "r" / "summary.md").read_text()
    assert f"**{name}**" in summary and "Verdict" in summary
    assert "The bots value content from play" in summary and "never pay for" in summary
    assert f"{name} (custom)" in (tmp_path / "r" / "tables.md").read_text()


def test_a_bad_content_file_is_one_line_not_a_traceback(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("races:\n  blobs: {tokens: 5, effects: [no_such_effect]}\n")
    assert main(["--games", "1", "--content", str(bad), "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert "no_such_effect" in err and "Traceback" not in err


def test_intervals() -> None:
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and lo < 2.5 < hi


def test_the_lab_plays_expert_games_reproducibly(tmp_path: Path) -> None:
    for name in ("x", "y"):
        _run(tmp_path / name, "--level", "expert", "--iterations", "2", "--players", "2", "--jobs", "1",
             games=1, seed=4)
    assert (tmp_path / "x" / "games.csv").read_text() == (tmp_path / "y" / "games.csv").read_text()


def test_a_forced_combo_is_on_the_table_in_every_game(tmp_path: Path) -> None:
    _run(tmp_path / "f", "--force", "Trolls+Flying", "--force", "elves+swamp", games=10, seed=6)
    with (tmp_path / "f" / "combos.csv").open() as f:
        picks = {r["combo"]: int(r["picks"]) for r in csv.DictReader(f)}
    # Laid on top of the column for free, the forced combos are taken in most games.
    assert picks.get("trolls+flying", 0) >= 6, picks
    with (tmp_path / "f" / "picks.csv").open() as f:
        first = [r for r in csv.DictReader(f) if r["round"] == "1" and r["seat"] == "1"]
    assert len(first) == 10        # the first player meets the column as it was laid out
    for r in first:
        forced_here = {"0": ("trolls", "flying"), "1": ("elves", "swamp")}.get(r["position"])
        assert forced_here is None or (r["race"], r["power"]) == forced_here, r
    assert "forced trolls+flying, elves+swamp" in (tmp_path / "f" / "summary.md").read_text()


def test_each_seat_gets_its_own_level(tmp_path: Path) -> None:
    import json
    _run(tmp_path / "s", "--seats", "easy,expert,medium", "--iterations", "2", "--jobs", "1", games=2)
    run = json.loads((tmp_path / "s" / "run.json").read_text())
    assert run["seats"] == ["easy", "expert", "medium"] and run["players"] == 3
    assert "easy, expert, medium bots" in (tmp_path / "s" / "summary.md").read_text()


@pytest.mark.parametrize("args, words", [
    (["--force", "trols+flying"], "unknown race 'trols'; did you mean 'trolls'?"),
    (["--force", "trolls+flyng"], "unknown power 'flyng'; did you mean 'flying'?"),
    (["--force", "trolls"], "write a combo as race+power"),
    (["--force", "trolls+flying", "--force", "trolls+swamp"], "'trolls' is forced twice"),
    (["--seats", "easy,hardd"], "unknown level 'hardd'; did you mean 'hard'?"),
    (["--seats", "easy,hard", "--players", "3"], "2 levels for 3 players"),
])
def test_a_bad_force_or_seat_is_one_line(tmp_path: Path, capsys, args: list[str], words: str) -> None:
    assert main(["--games", "1", "--out", str(tmp_path / "x"), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and not (tmp_path / "x").exists()


GNOMES_A = """\
races:
  gnomes:
    name: Gnomes
    tokens: 5
    box: 10
    text: Hill regions cost one token less to conquer.
    effects:
      - {cost_change: {amount: -1, where: {terrains: [hill]}}}
powers:
  tunnelling:
    name: Tunnelling
    tokens: 3
    text: Cavern regions cost one token less to conquer.
    effects:
      - {cost_change: {amount: -1, where: {features: [cavern]}}}
"""


@pytest.mark.slow
def test_compare_pairs_the_same_seeds_and_gives_a_verdict_per_change(tmp_path: Path, capsys) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(GNOMES_A)
    b.write_text(GNOMES_A.replace("tokens: 5", "tokens: 9").replace("tokens: 3", "tokens: 1"))
    out = tmp_path / "cmp"
    # 16 games: the bots value each version from play, and take the forced combo in some games only
    args = ["--compare", str(a), str(b), "--players", "2", "--games", "16", "--jobs", "1",
            "--force", "gnomes+tunnelling", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    verdicts = [x for x in printed.splitlines() if not x.startswith("warning:")]
    assert "\n".join(verdicts).count("Gnomes") == 1 and "\n".join(verdicts).count("Tunnelling") == 1
    # Forced together, the changed race and power were never picked apart: said, not hidden.
    warning = [x for x in printed.splitlines() if x.startswith("warning:")]
    assert len(warning) == 1 and "Gnomes and Tunnelling were only ever picked together" in warning[0]
    with (out / "compare.csv").open() as f:
        rows = {r["key"]: r for r in csv.DictReader(f)}
    assert set(rows) == {"gnomes", "tunnelling"}           # only what changed
    g = rows["gnomes"]
    assert int(g["pairs"]) >= 1 and int(g["pairs"]) + int(g["only_a"]) <= 16 and int(g["pairs"]) + int(g["only_b"]) <= 16
    diff = float(rows["gnomes"]["win_diff"])
    assert diff == pytest.approx(float(rows["gnomes"]["win_b"]) - float(rows["gnomes"]["win_a"]))
    assert float(rows["gnomes"]["win_lo"]) <= diff <= float(rows["gnomes"]["win_hi"])
    assert float(rows["gnomes"]["win_p_holm"]) >= float(rows["gnomes"]["win_p"])
    summary = (out / "summary.md").read_text()
    assert "Holm" in summary and "Student's t" in summary and "paired" in summary
    assert "**Warning:** Gnomes and Tunnelling" in summary and "A power's own coins" in summary
    assert float(rows["tunnelling"]["own_a"]) <= float(rows["tunnelling"]["coins_a"])
    assert (out / "compare.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    before = {f: (out / f).read_bytes() for f in ("summary.md", "compare.csv")}
    # The same folder again: refused in one line, nothing overwritten.
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "already there" in err and "--out" in err and "\n" not in err
    assert before == {f: (out / f).read_bytes() for f in before}


@pytest.mark.slow
def test_compare_of_two_identical_files_says_there_is_nothing_to_compare(tmp_path: Path, capsys) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(GNOMES_A)
    b.write_text(GNOMES_A)
    assert main(["--compare", str(a), str(b), "--games", "1", "--out", str(tmp_path / "c")]) == 2
    assert "define every race and power the same way" in capsys.readouterr().err


def test_paired_t_and_holm() -> None:
    from game.stats import holm, paired_t, t_quantile
    assert t_quantile(0.95, 4) == pytest.approx(2.776, abs=1e-3)      # a small sample: wider than 1.96
    assert t_quantile(0.95, 10_000) == pytest.approx(1.960, abs=1e-3)
    m, lo, hi, p = paired_t([1, 2, 3, 4, 5])
    assert m == 3 and lo == pytest.approx(3 - 2.776 * 0.7071, abs=1e-3) and p == pytest.approx(0.0132, abs=1e-3)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_the_verdict_says_stronger_only_when_the_paired_interval_clears_zero() -> None:
    from game.lab.compare import Change, analyse
    from game.lab.runner import GameRecord, PickRecord

    def games(wins: list[int]) -> list[GameRecord]:
        return [GameRecord(g, f"s{g}", [0] if w else [1], [50, 60], [0, 0], [],
                           [PickRecord(0, 1, "gnomes", "flying", 0, 0, 0, 20 + 5 * w)], 0, [1, 2] if w else [2, 1])
                for g, w in enumerate(wins)]
    a = games([0, 1] * 10)
    up = analyse([Change("race", "gnomes", "Gnomes")], a, games([1] * 19 + [0]))[0]
    assert up.pairs == 20 and up.win_diff == pytest.approx(45) and up.win_lo > 0
    assert up.verdict.startswith("B's Gnomes win 45 points more often, 95% interval +") and up.verdict.endswith(": stronger")
    same = analyse([Change("race", "gnomes", "Gnomes")], a, games([1, 0] * 10))[0]
    assert same.win_lo < 0 < same.win_hi and same.verdict.endswith("play more games)")
    down = analyse([Change("race", "gnomes", "Gnomes"), Change("power", "flying", "Flying")], a, games([0] * 20))
    assert all(c.verdict.endswith(": weaker") and c.win_p_holm >= c.win_p for c in down)


def test_picks_in_one_game_count_as_one_draw() -> None:
    from game.stats import cluster_ratio, clustered_mean_ci, clustered_wilson
    # The same 20 picks, independent (one per game) or in lockstep pairs (two per game, equal):
    alone = [(float(v), 1) for v in [0, 1] * 10]
    paired = [(2.0 * v, 2) for v in [0, 1] * 5]
    assert cluster_ratio(alone)[0] == cluster_ratio(paired)[0] == 0.5
    lo_a, hi_a = clustered_wilson(alone)
    lo_p, hi_p = clustered_wilson(paired)
    assert hi_p - lo_p > hi_a - lo_a              # dependent picks: a wider interval
    assert lo_a == pytest.approx(wilson(10, 20)[0], abs=0.01)      # one pick per game: as before
    m, lo, hi = clustered_mean_ci([(3.0, 1), (5.0, 1)])
    assert m == 4 and hi - m == pytest.approx(12.706, abs=1e-2)    # t on 1 degree of freedom


def test_the_report_says_how_it_counts_and_draws_the_base_band(tmp_path: Path) -> None:
    import pygame
    _run(tmp_path / "r", games=40, seed=2)
    summary = (tmp_path / "r" / "summary.md").read_text()
    assert "clustered by game" in summary and "Holm" in summary and "Student's t" in summary
    img = pygame.image.load(str(tmp_path / "r" / "coins_by_race.png"))
    from game.lab.charts import BAND
    assert any(tuple(img.get_at((x, 97)))[:3] == BAND for x in range(0, img.get_width(), 2))


def test_each_race_s_coins_are_split_by_round_and_by_active_or_in_decline(tmp_path: Path) -> None:
    from game.lab.runner import LabConfig, run
    records, _ = run(LabConfig(players=3, games=20, seed=2, jobs=1))
    picks = [p for g in records for p in g.picks]
    assert all(sum(p.by_round.values()) == p.earned for p in picks)
    assert all(0 <= p.earned_decline <= p.earned for p in picks)
    assert any(p.earned_decline > 0 for p in picks) and any(p.earned_decline < p.earned for p in picks)
    assert all(min(p.by_round, default=p.round) >= p.round for p in picks)   # nothing before it was picked
    _run(tmp_path / "r", "--players", "3", "--jobs", "1", games=20, seed=2)
    with (tmp_path / "r" / "race_rounds.csv").open() as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        per_round = sum(float(v) for k, v in row.items() if k.startswith("coins_round_"))
        assert abs(per_round - float(row["coins_scored"])) < 0.05 * len(row), row["race"]
        assert float(row["coins_in_decline"]) <= float(row["coins_scored"]) + 1e-9
    import pygame

    from game.lab.charts import BAND, DECLINE
    band = pygame.image.load(str(tmp_path / "r" / "coins_by_round_by_race.png"))
    split = pygame.image.load(str(tmp_path / "r" / "active_vs_decline.png"))
    colours = lambda img: {tuple(img.get_at((x, y)))[:3] for x in range(0, img.get_width(), 3)  # noqa: E731
                           for y in range(0, img.get_height(), 3)}
    assert BAND in colours(band) and DECLINE in colours(split)
    summary = (tmp_path / "r" / "summary.md").read_text(encoding="utf-8")
    assert "In Decline:" in summary and "active_vs_decline.png" in summary


def test_compare_does_not_warn_when_the_changed_race_and_power_meet_other_partners() -> None:
    from game.lab.compare import Change, confounded
    from game.lab.runner import GameRecord, PickRecord

    def game(n: int, *combos: tuple[str, str]) -> GameRecord:
        return GameRecord(n, "s", [0], [10, 8], [1, 1], [], [PickRecord(i % 2, 1, r, p, 0, 0, 0)
                                                            for i, (r, p) in enumerate(combos)], 0, [1, 2])
    changes = [Change("race", "gnomes", "Gnomes"), Change("power", "tunnelling", "Tunnelling")]
    together = [game(0, ("gnomes", "tunnelling"), ("orcs", "hill"))]
    assert len(confounded(changes, together, together)) == 1
    apart = together + [game(1, ("gnomes", "hill"), ("orcs", "tunnelling"))]
    assert confounded(changes, together, apart) == []
    assert confounded([changes[0]], together, together) == []       # a race alone: nothing to confound


def test_a_power_s_own_coins_are_counted_apart_from_its_race_s(tmp_path: Path) -> None:
    from game.lab.runner import LabConfig, run
    records, _ = run(LabConfig(players=3, games=10, seed=3, jobs=1, forced=[("humans", "merchant")]))
    merchant = [p for g in records for p in g.picks if p.power == "merchant"]
    assert merchant and all(0 <= p.earned_power <= p.earned for p in merchant)
    assert sum(p.earned_power for p in merchant) > 0                 # Merchant's coin per region
    assert all(p.earned_power == 0 for g in records for p in g.picks if p.power in ("flying", "mounted"))


def test_the_summary_names_the_races_and_powers_the_bots_never_pay_for() -> None:
    from game.lab.report import never_paid, never_paid_line
    from game.lab.stats import Row, Tables

    def row(key: str, positions: list[int]) -> Row:
        r = Row(key, key.title(), False)
        r.picks, r.positions = sum(positions), positions
        return r

    t = Tables(10, 4, 10, [row("paid", [3, 1, 0, 0, 0, 0]), row("free", [4, 0, 0, 0, 0, 0]), row("unseen", [0] * 6)],
               [row("wealthy", [0, 0, 2, 0, 0, 0])], [], [], [], [], [], 0.0, 0.0, 0.25)
    free, unpicked = never_paid(t)
    assert [r.key for r in free] == ["free"] and [r.key for r in unpicked] == ["unseen"]
    line = never_paid_line(t)
    assert "Free (4 picks)" in line and "never picked: Unseen" in line and "Paid" not in line
    t.races = t.races[:1]
    assert "top of the column): none, of 2." in never_paid_line(t)


def test_rows_never_picked_share_their_figures_and_are_written_as_full_rows(tmp_path: Path) -> None:
    from dataclasses import astuple

    from game.lab import report, stats

    shared = [stats._row(k, k.title(), k == "b", [], 7) for k in ("a", "b")]
    full = [stats._picked_row(k, k.title(), k == "b", [], 7) for k in ("a", "b")]
    assert type(shared[0]) is type(shared[1]) is not stats.Row
    assert [astuple(r) for r in shared] == [astuple(r) for r in full]
    shared[1].pick_rate = 0.5                               # a figure set on one row is its own
    full[1].pick_rate = 0.5
    assert shared[0].pick_rate == 0.0
    shared[0].name = full[0].name = 'A, "the first"'           # a name the writer quotes
    report._csv_rows(tmp_path / "shared.csv", shared, "race")
    with (tmp_path / "full.csv").open("w", newline="", encoding="utf-8") as f:   # as csv writes them
        w = csv.writer(f)
        w.writerow(next(csv.reader((tmp_path / "shared.csv").open(encoding="utf-8"))))
        for r in full:
            w.writerow([r.key, r.name, int(r.custom), r.picks, r.games, r.wins, f"{r.win_rate:.4f}",
                        f"{r.win_lo:.4f}", f"{r.win_hi:.4f}", f"{r.coins:.2f}", f"{r.coins_lo:.2f}",
                        f"{r.coins_hi:.2f}", f"{r.earned:.2f}", f"{r.earned_lo:.2f}", f"{r.earned_hi:.2f}",
                        f"{r.pick_rate:.3f}", f"{r.position:.2f}", *r.positions])
    assert (tmp_path / "shared.csv").read_bytes() == (tmp_path / "full.csv").read_bytes()
    assert report._md_table(shared, "race") == report._md_table(full, "race")
