"""A content file of 10,000 races and powers (generated here, `big_content`): the shipped
scenarios pass with it loaded, dealing the same columns and piles as without it."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.content.catalog import load_catalog
from game.scenario import collect, run_file
from tests.big_content import write_big_content

HERE = Path(__file__).parent
ENTRIES = 10_000


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = write_big_content(tmp_path_factory.mktemp("big") / "many.yaml", ENTRIES)
    assert path.stat().st_size < 1_000_000           # within a content file's bound
    return path


def test_the_shipped_scenarios_pass_with_ten_thousand_entries_loaded(big_file: Path) -> None:
    catalog = load_catalog([big_file])
    assert len(catalog.races) + len(catalog.powers) >= ENTRIES
    failed = []
    for path in collect([str(HERE / "scenarios")]):
        ok, name, msg = run_file(path, catalog)
        if not ok:
            failed.append(f"{path.name}: {msg}")
    assert not failed, "\n".join(failed)
