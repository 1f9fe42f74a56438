"""The computer players value races and powers from play (`game/bots/worth.py`, `learn.py`,
`game/worth_cache.py`): a copy of a race is valued as the original, a change of blocks changes
the worth, the shipped table is in step with the shipped content, the cache survives a damaged
file, and every level reads the table."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.bots import make_bot, worth
from game.bots.knowledge import Knowledge
from game.bots.learn import measure, shrink
from game.content.catalog import default_catalog, load_catalog
from game.content.tmx import map_for_players
from game.rules import Pick, legal_actions, new_game

# Humans, a copy of them under another id, and Humans whose every region pays a coin more
COPIES = """
races:
  humans_again:
    name: Humans Again
    tokens: 5
    box: 10
    text: One bonus coin for each Farmland region you hold.
    effects: [{coins_for_regions: {where: {terrains: [farmland]}}}]
  humans_rich:
    name: Rich Humans
    tokens: 5
    box: 10
    text: One bonus coin for each Farmland region you hold, and one for every region.
    effects: [{coins_for_regions: {where: {terrains: [farmland]}}}, {coins_for_regions: {amount: 1}}]
"""

_MEASURED: dict[str, tuple[worth.WorthTable, object]] = {}


def _copies_measured(tmp_path_factory: pytest.TempPathFactory) -> tuple[worth.WorthTable, object]:
    if "t" not in _MEASURED:
        f = tmp_path_factory.mktemp("worth") / "copies.yaml"
        f.write_text(COPIES, encoding="utf-8")
        catalog = load_catalog([f])
        board = map_for_players(2).board
        _MEASURED["t"] = (measure(board, catalog, 2, games=500, seed=3), catalog)
    return _MEASURED["t"]


def _apart(a: worth.Entry, b: worth.Entry, what: str) -> tuple[float, float]:
    """The difference of two entries' figures and three standard errors of it."""
    diff = getattr(a, what) - getattr(b, what)
    return diff, 3 * math.sqrt(getattr(a, what + "_se") ** 2 + getattr(b, what + "_se") ** 2)


@pytest.mark.slow
def test_a_race_copied_under_a_new_id_is_valued_as_the_original(tmp_path_factory: pytest.TempPathFactory) -> None:
    table, catalog = _copies_measured(tmp_path_factory)
    orig, copy = table.entries["humans"], table.entries["humans_again"]
    assert orig.definition == copy.definition            # the same blocks: the same definition
    assert orig.picks >= 60 and copy.picks >= 60          # both measured from play, in the same run
    for what in ("active", "decline"):
        diff, noise = _apart(copy, orig, what)
        assert abs(diff) <= noise, f"{what}: copy {getattr(copy, what):+.2f}, original {getattr(orig, what):+.2f}"
    assert orig.active > 0.3                              # Humans' Farmland coins show: not all shrunk away


def test_the_worth_changes_when_a_race_s_blocks_change(tmp_path_factory: pytest.TempPathFactory) -> None:
    table, catalog = _copies_measured(tmp_path_factory)
    orig, rich = table.entries["humans"], table.entries["humans_rich"]
    assert orig.definition != rich.definition
    diff, noise = _apart(rich, orig, "active")
    assert diff > max(noise, 1.5), f"a coin more for every region, yet {diff:+.2f} coins a turn"


def test_shrinking_pulls_a_rarely_seen_entry_toward_the_mean_more() -> None:
    got = shrink({"often": [2.0, 3.0, 1.0, 2.5, 1.5] * 20, "rare": [1.5, 2.5],
                  "zero": [0.5, -0.5, 0.0, 1.0, -1.0] * 20, "minus": [-2.0, -1.0, -3.0] * 20})
    assert 1.8 < got["often"][0] < 2.0                   # many values: almost its own mean (2.0)
    assert 0.0 < got["rare"][0] < got["often"][0]        # two values, the same mean: pulled further toward zero
    assert got["rare"][1] > got["often"][1]              # and its standard error is the larger


@pytest.mark.slow
def test_the_shipped_table_is_in_step_with_the_shipped_content_and_maps() -> None:
    from game.lab.worth import stale
    missing = stale(worth.shipped_tables())
    assert missing == [], (f"assets/bots/worth.json is stale or missing for {missing}: run "
                           f"`python -m game.lab worth` and commit the file")


def test_a_pack_subset_is_served_by_the_every_pack_table_entry_by_entry() -> None:
    from game.content.packs import PACKS_DIR
    one = sorted(PACKS_DIR.glob("*.yaml"))[:1]
    catalog = load_catalog(one)
    board = map_for_players(4).board
    got = worth.for_game(board, catalog, 4)
    assert got is not None and not got.exact
    assert set(got.entries) == set(catalog.races) | set(catalog.powers)


def test_a_damaged_cache_is_kept_aside_and_measured_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game import worth_cache
    catalog = load_catalog([_write(tmp_path, COPIES)])
    board = map_for_players(2).board
    path = worth_cache.cache_path(board, catalog, tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    assert worth_cache.load_cached(board, catalog, tmp_path) is None
    assert "kept as" in capsys.readouterr().err
    kept = [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"     # never deleted
    table = measure(board, catalog, 2, games=20, seed=1)
    assert worth_cache.save_cached(table, board, catalog, tmp_path) == path
    back = worth_cache.load_cached(board, catalog, tmp_path)
    assert back is not None and back.to_dict() == table.to_dict()


def test_custom_content_is_measured_once_then_read_from_the_cache(tmp_path: Path) -> None:
    from game import worth_cache
    catalog = load_catalog([_write(tmp_path, COPIES)])
    board = map_for_players(2).board
    try:
        first = worth_cache.ready(board, catalog, 2, games=20, home=tmp_path)
        assert first.startswith("measured now")
        worth.uninstall_all()
        assert worth.for_game(board, catalog, 2) is None         # not covered by the shipped table
        assert worth_cache.ready(board, catalog, 2, games=20, home=tmp_path).startswith("the cache")
        assert worth.for_game(board, catalog, 2) is not None
    finally:
        worth.uninstall_all()


def test_every_level_reads_the_table_for_picks() -> None:
    """With the table the bots value a combo from play; without it from its blocks: Medium's
    (and so Hard's and Expert's) pick values and Easy's choice read it."""
    catalog = default_catalog()
    board = map_for_players(4).board
    assert worth.find(board, catalog) is not None                # the shipped table covers the base set
    s = new_game(board, ["a", "b", "c", "d"], catalog, __import__("random").Random(2))
    picks = [a for a in legal_actions(s) if isinstance(a, Pick)]
    learned = Knowledge.of(board, catalog, 4)
    blocks = Knowledge.of(board, catalog, 4, learned=False)
    assert learned.worth is not None and blocks.worth is None
    medium = make_bot("medium", 0, 1)
    with_table = medium.pick_values(s, 0, picks, learned)      # type: ignore[attr-defined]
    without = medium.pick_values(s, 0, picks, blocks)          # type: ignore[attr-defined]
    assert [round(v, 6) for v, _ in with_table] != [round(v, 6) for v, _ in without]
    c = s.column[0]
    tr = learned.traits(c.race, c.power)
    assert tr.by_round and tr.by_round[0] == pytest.approx(
        learned.worth.active(c.race, 1) + learned.worth.active(c.power, 1))
    easy = [make_bot("easy", 0, seed).choose(s) for seed in range(200)]
    firsts = [a for a in easy if isinstance(a, Pick)]
    best = max(range(4), key=lambda i: learned.worth.combo(s.column[i].race, s.column[i].power))
    worst = min(range(4), key=lambda i: learned.worth.combo(s.column[i].race, s.column[i].power))
    assert sum(a.index == best for a in firsts) > sum(a.index == worst for a in firsts)


def _write(folder: Path, text: str) -> Path:
    f = folder / "copies.yaml"
    f.write_text(text, encoding="utf-8")
    return f


@pytest.mark.slow
def test_the_window_measures_new_content_in_another_process_and_the_bots_read_it_when_ready(tmp_path: Path) -> None:
    from game import worth_cache
    catalog = load_catalog([_write(tmp_path, COPIES)])
    board = map_for_players(2).board
    try:
        worth.uninstall_all()
        before = Knowledge.of(board, catalog, 2)
        assert before.worth is None                              # meanwhile: valued from the blocks
        thread = worth_cache.prepare_in_background(board, catalog, 2, games=20, home=tmp_path)
        assert thread is not None
        thread.join(120)
        assert worth_cache.cache_path(board, catalog, tmp_path).is_file()
        after = Knowledge.of(board, catalog, 2)
        assert after is not before and after.worth is not None and after.worth.exact
        assert worth_cache.prepare_in_background(board, catalog, 2, games=20, home=tmp_path) is None
    finally:
        worth.uninstall_all()


@pytest.mark.slow
def test_a_change_to_the_bots_play_makes_the_shipped_table_stale_and_a_faster_same_play_does_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.bots import learn
    from game.lab.worth import stale
    board = map_for_players(2).board
    catalog = default_catalog()
    key = learn.policy_key(board, catalog, 2, 1)
    assert key == learn.policy_key(board, catalog, 2, 1)              # the fingerprint is repeatable
    first_pick = learn.Explorer.pick
    monkeypatch.setattr(learn.Explorer, "pick", lambda self, s, seat, picks, know: first_pick(self, s, seat, picks, know))
    assert learn.policy_key(board, catalog, 2, 1) == key             # the same play by other code
    monkeypatch.setattr(learn.Explorer, "pick", lambda self, s, seat, picks, know: picks[-1])
    assert learn.policy_key(board, catalog, 2, 1) != key             # other play
    monkeypatch.undo()
    tables = [worth.WorthTable.from_dict(t.to_dict()) for t in worth.shipped_tables()]
    tables[0].policy = "0" * 16
    said = stale(tables)
    assert len(said) == 1 and "played otherwise" in said[0]


def test_a_cached_table_measured_while_the_bots_played_otherwise_is_measured_again(tmp_path: Path) -> None:
    from game import worth_cache
    catalog = load_catalog([_write(tmp_path, COPIES)])
    board = map_for_players(2).board
    table = measure(board, catalog, 2, games=20, seed=1)
    assert table.policy
    assert worth_cache.save_cached(table, board, catalog, tmp_path) is not None
    assert worth_cache.load_cached(board, catalog, tmp_path) is not None
    table.policy = "0" * 16
    assert worth_cache.save_cached(table, board, catalog, tmp_path) is not None
    assert worth_cache.load_cached(board, catalog, tmp_path) is None
    assert worth_cache.cache_path(board, catalog, tmp_path).exists()      # replaced when measured, never deleted


# A race whose discount reads the list form of `next_to_own` and of `occupant` that the docs show
NEXT_TO_OWN = """
races:
  hillfolk:
    name: Hillfolk
    tokens: 6
    box: 12
    text: Conquests next to your Hills or Mountains cost 1 token less; so do empty or Lost Tribe regions.
    effects:
      - {cost_change: {amount: -1, where: {next_to_own: [hill, mountain]}}}
      - {cost_change: {amount: -1, where: {occupant: [empty, lost_tribe]}}}
"""


def test_the_list_forms_of_next_to_own_and_occupant_are_valued_and_measured(tmp_path: Path) -> None:
    """`next_to_own: [hill, mountain]` stopped the lab and the window's measuring with a
    TypeError (a list looked up in a set); a list of occupants was valued as an unknown word."""
    from game.bots.knowledge import where_matches
    near = frozenset({"hill"})
    land = ("farmland", frozenset(), False, False, near)
    assert where_matches({"next_to_own": ["hill", "mountain"]}, land) == where_matches({"next_to_own": "hill"}, land) > 0
    assert where_matches({"next_to_own": ["swamp", "mountain"]}, land) == 0.0
    assert where_matches({"occupant": ["empty", "lost_tribe"]}, land) == where_matches({"occupant": "empty"}, land)
    catalog = load_catalog([_write(tmp_path, NEXT_TO_OWN)])
    table = measure(map_for_players(2).board, catalog, 2, games=4, seed=1)
    assert "hillfolk" in table.entries


def test_a_failed_measurement_in_the_background_is_said_not_swallowed(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The measuring process leaves no table (here its data folder is a file, so the cache
    cannot be written): the watching thread says so on stderr and to the window's callback."""
    from game import worth_cache
    catalog = load_catalog([_write(tmp_path, COPIES)])
    board = map_for_players(2).board
    home = tmp_path / "not-a-folder"
    home.write_text("a file where the data folder should be", encoding="utf-8")
    told: list[str] = []
    try:
        worth.uninstall_all()
        thread = worth_cache.prepare_in_background(board, catalog, 2, games=4, home=home, on_failure=told.append)
        assert thread is not None
        thread.join(120)
        assert told == ["no table was written"]
        assert "could not measure this content's worth (no table was written)" in capsys.readouterr().err
    finally:
        worth.uninstall_all()
