"""The published expansions as content: every file loads next to the base set, every race and
power in them has a scenario in tests/scenarios/expansions that names it, random games with all
of them in keep every invariant, and the block reference in docs/custom-races.md is the one
the code generates."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from game.content import vocab
from game.content.catalog import default_catalog, load_catalog
from game.rules import Record, new_game, replay
from game.rules.invariants import check
from game.rules.playout import random_playout
from tests.boards import BOARDS

ROOT = Path(__file__).resolve().parents[1]
PACKS = sorted((ROOT / "assets" / "content" / "expansions").glob("*.yaml"))
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "expansions").glob("*.yaml"))


def test_every_pack_loads_with_all_its_effects() -> None:
    base = default_catalog()
    cat = load_catalog(PACKS)
    assert cat.missing == {}
    assert len(cat.races) > len(base.races) and len(cat.powers) > len(base.powers)
    for f in PACKS:
        one = load_catalog([f])
        assert one.missing == {}, f.name


@pytest.mark.parametrize("pack", PACKS, ids=[p.stem for p in PACKS])
def test_every_entry_has_a_scenario_using_it(pack: Path) -> None:
    data = yaml.safe_load(pack.read_text(encoding="utf-8"))
    used: set[str] = set()
    for sc in SCENARIOS:
        text = sc.read_text(encoding="utf-8")
        d = yaml.safe_load(text)
        if pack.name in " ".join(d.get("content", [])):
            used |= {w.strip("{},:[]") for w in text.split()}
    for kind in ("races", "powers"):
        for eid in data.get(kind) or {}:
            assert eid in used, f"{pack.name}: no scenario plays {eid}"


def test_random_games_with_every_expansion_keep_every_invariant() -> None:
    cat = load_catalog(PACKS)
    for seed in range(12):
        rng = random.Random(1000 + seed)
        board = BOARDS[["ring", "grid", "wide"][seed % 3]]()
        start = new_game(board, [f"p{i}" for i in range(2 + seed % 4)], cat, rng)
        records: list[Record] = []

        def on_step(before, after, rec, seed=seed, records=records) -> None:  # type: ignore[no-untyped-def]
            records.append(rec)
            bad = check(after)
            assert not bad, f"seed {seed}, step {len(records)} ({rec.action}): {bad}"

        end, _ = random_playout(start, rng, on_step)
        assert end.game_over
        if seed < 2:
            assert replay(start, records) == end


def test_the_block_reference_in_the_docs_is_the_generated_one() -> None:
    text = vocab.DOC.read_text(encoding="utf-8")
    assert vocab.in_doc(text, vocab.markdown()) == text, \
        "docs/custom-races.md is stale: run python -m game.content.vocab --write"
