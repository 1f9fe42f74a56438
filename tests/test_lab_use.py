"""The balance lab tells an unused race or power from a weak one: for each it counts how often its
own move was offered to its holder and taken by the bots, and how often its effects acted, from
the games' own intents and events, and flags one that was in play but never used."""
from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from game.content.catalog import load_catalog
from game.content.tmx import map_for_players
from game.lab import runner
from game.lab.__main__ import main
from game.lab.runner import LabConfig, play_numbered
from game.lab.stats import tabulate
from game.lab.use import EntryUse, Watcher, has_move, mover_of, status
from game.rules import Catalog

#: a race whose move Medium never makes (a toll on a combo of the column), a power whose coins
#: need a Sea that no race of the base set can hold
INVENTED = """\
races:
  tollkeepers:
    name: Tollkeepers
    tokens: 6
    box: 11
    text: Put a toll on a combo in the column.
    effects:
      - {column_marker: {marker: toll, count: 1, price: 1, pays: placer}}
powers:
  tidelords:
    name: Tide-lords
    tokens: 4
    text: A coin for each Sea region you hold.
    effects:
      - {coins_for_regions: {where: {terrains: [sea]}}}
"""
#: the invented entries in play in every game, each beside a shipped one: Alchemist's coins and
#: the Elves' tokens kept act in every game
FORCED = [("tollkeepers", "alchemist"), ("elves", "tidelords")]


@pytest.fixture(scope="module")
def invented(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("use") / "invented.yaml"
    path.write_text(INVENTED, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def played(invented: Path) -> tuple[Catalog, dict[str, EntryUse], dict[str, int]]:
    """Four games with the invented entries forced, the bots valuing them from their blocks."""
    catalog = load_catalog([str(invented)])
    board = map_for_players(4).board
    cfg = LabConfig(games=4, seed=7, forced=FORCED)
    records = [play_numbered(cfg, board, catalog, g) for g in range(4)]
    t = tabulate(records, catalog)
    games = {r.key: r.games for r in t.races + t.powers}
    return catalog, t.uses, games


def test_a_move_the_bots_never_make_is_unused(played) -> None:
    catalog, uses, games = played
    u = uses["tollkeepers"]
    assert games["tollkeepers"] == 4
    assert u.offered > 0 and u.offered_turns > 0 and u.taken == 0
    st = status(catalog, "tollkeepers", u, games["tollkeepers"])
    assert st.word == "unused"
    assert st.text.startswith("unused: the bots never used its move in 4 games where it was in play")


def test_an_effect_whose_condition_never_holds_is_unused(played) -> None:
    catalog, uses, games = played
    assert games["tidelords"] == 4
    assert uses.get("tidelords", EntryUse()).acted() == 0
    st = status(catalog, "tidelords", uses.get("tidelords"), 4)
    assert (st.word, st.text) == ("unused", "unused: its effects never acted in 4 games where it was in play")


def test_shipped_entries_that_act_are_used(played) -> None:
    catalog, uses, games = played
    alchemist, elves = uses["alchemist"], uses["elves"]
    assert alchemist.coins >= 2 * alchemist.scored > 0          # two coins a turn while Active
    assert elves.saved > 0 and elves.saved_tokens == elves.saved  # one token kept each time
    for key in ("alchemist", "elves"):
        assert status(catalog, key, uses[key], games[key]).word == "used", key
    # a shipped move the bots make, and a race with no effect of its own, are not unused either
    moved = [k for k, u in uses.items() if has_move(catalog, k) and u.taken]
    assert moved, "no shipped move was made in four games"
    assert status(catalog, "ratmen", None, 3).word == "plain"


def test_the_end_of_the_turn_is_stouts_move_only_with_its_decline(played) -> None:
    catalog = played[0]
    movers = Watcher(catalog).movers("ratmen", "stout", False)
    assert mover_of("end_turn", "", True, movers) == "stout"
    assert mover_of("end_turn", "", False, movers) is None      # every race ends its turn
    assert mover_of("conquer", "", False, movers) is None
    assert mover_of("use", "column_marker", False, Watcher(catalog).movers("tollkeepers", "stout", False)) \
        == "tollkeepers"


def test_the_report_flags_the_unused_and_not_the_used(invented: Path, tmp_path: Path, monkeypatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(runner, "learn_worth", lambda *a: None)   # the bots value them from their blocks
    out = tmp_path / "r"
    args = ["--games", "4", "--seed", "7", "--jobs", "1", "--content", str(invented), "--out", str(out)]
    for race, power in FORCED:
        args += ["--force", f"{race}+{power}"]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "Tollkeepers: unused: the bots never used its move in 4 games" in printed
    assert "Tide-lords: unused: its effects never acted in 4 games" in printed
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "**Unused: the bots never used its move in 4 games where it was in play" in summary
    assert "**Unused: its effects never acted in 4 games where it was in play.**" in summary
    assert "its move offered at " in summary
    assert "Races and powers the bots never used" in summary and "**Tollkeepers (custom)**" in summary
    with (out / "use.csv").open(encoding="utf-8") as f:
        rows = {r["id"]: r for r in csv.DictReader(f)}
    assert rows["tollkeepers"]["status"] == "unused" and int(rows["tollkeepers"]["move_taken"]) == 0
    assert int(rows["tollkeepers"]["move_offered"]) > 0
    assert rows["tidelords"]["status"] == "unused" and rows["tidelords"]["custom"] == "1"
    assert rows["alchemist"]["status"] == "used" and int(rows["alchemist"]["coins"]) > 0
    assert rows["elves"]["status"] == "used"
    assert json.loads((out / "run.json").read_text(encoding="utf-8"))["unused"] == ["tollkeepers", "tidelords"]
    tables = (out / "tables.md").read_text(encoding="utf-8")
    assert "## Own moves and effects" in tables and "| **Tollkeepers (custom)** | 4 |" in tables


def test_compare_says_how_each_version_was_used(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(runner, "learn_worth", lambda *a: None)
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(INVENTED, encoding="utf-8")
    b.write_text(INVENTED.replace("{column_marker: {marker: toll, count: 1, price: 1, pays: placer}}",
                                  "{coins_if: {amount: 1}}"), encoding="utf-8")
    out = tmp_path / "cmp"
    assert main(["--compare", str(a), str(b), "--games", "3", "--seed", "7", "--jobs", "1",
                 "--force", "tollkeepers+alchemist", "--out", str(out)]) == 0
    summary = (out / "summary.md").read_text(encoding="utf-8")
    line = next(x for x in summary.splitlines() if x.startswith("- **Tollkeepers**: A: "))
    said_a, said_b = line.split("; B: ")
    assert "A: unused: the bots never used its move in 3 games where it was in play" in said_a
    assert said_b.startswith("used ") and "coins in" in said_b
    with (out / "compare.csv").open(encoding="utf-8") as f:
        row = next(r for r in csv.DictReader(f) if r["key"] == "tollkeepers")
    assert row["use_a"].startswith("unused") and row["use_b"].startswith("used")


def test_coins_an_event_does_not_name_go_to_the_one_block_that_pays_them() -> None:
    """Ransacking's coins (an opponent pays for a region taken from his Active race) come as a
    `coins` event naming no block: the one block of the races touched that pays on a conquest."""
    root = Path(__file__).resolve().parents[1]
    catalog = load_catalog([str(root / "assets" / "content" / "expansions" / "cursed.yaml")])
    cfg = LabConfig(games=3, seed=2, forced=[("ratmen", "ransacking")])
    board = map_for_players(4).board
    t = tabulate([play_numbered(cfg, board, catalog, g) for g in range(3)], catalog)
    u = t.uses["ransacking"]
    assert u.coins == u.scored > 0                   # a coin each time
    assert status(catalog, "ransacking", u, 3).word == "used"
    assert "ratmen" not in t.uses                     # the race beside it has no block to credit
