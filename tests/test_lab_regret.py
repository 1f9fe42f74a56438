"""The lab's measure of Expert's choices against a long look-ahead (`python -m game.lab regret`)."""
from __future__ import annotations

import re

import pytest

from game.lab.__main__ import main
from game.lab.regret import parse_try

SMALL = ["regret", "--positions", "3", "--oracle", "3", "--tries", "2", "--iterations", "3", "--jobs", "1"]


def _losses(out: str) -> dict[str, float]:
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"^  (.+?): (-?\d+\.\d\d) \(95%", out, re.M)}


def test_the_measure_reports_each_expert_reproducibly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SMALL, "--try", "directions=0,carry_styles=medium"]) == 0
    first = capsys.readouterr()
    assert main([*SMALL, "--try", "directions=0,carry_styles=medium"]) == 0
    again = capsys.readouterr()
    body = [line for line in first.out.splitlines() if " s in all on " not in line]
    assert body == [line for line in again.out.splitlines() if " s in all on " not in line]
    losses = _losses(first.out)
    assert set(losses) == {"Medium's favourite plan", "Expert as shipped",
                           "Expert with directions=0, carry_styles=medium"}
    assert all(v >= 0 for v in losses.values())        # nothing beats the best plan's worth
    assert "positions from 3 games of Medium players" in first.err


def test_a_try_that_is_the_shipped_expert_differs_by_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    # the same seeds decide every Expert at a position, so the same knobs choose the same plans
    from game.bots.expert import ExpertBot
    same = f"directions={ExpertBot(0).directions},max_plans={ExpertBot(0).max_plans}"
    assert main([*SMALL, "--try", same]) == 0
    out = capsys.readouterr().out
    assert "minus as shipped, position by position: +0.00 (95% +0.00 to +0.00)" in out
    losses = _losses(out)
    assert losses["Expert as shipped"] == losses[f"Expert with {same.replace(',', ', ')}"]


@pytest.mark.parametrize("bad, says", [
    ("speed=3", "the knobs are directions"),
    ("directions", "give knob=value pairs"),
    ("directions=-1", "directions takes a whole number, 0 or more"),
    ("max_plans=0", "max_plans takes a whole number, 1 or more"),
    ("horizon=0", "horizon takes a whole number, 1 or more"),
    ("carry_styles=medium+wild", "carry_styles takes styles joined by +"),
])
def test_a_bad_try_is_refused_in_one_line(bad: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        parse_try(bad)
    assert main(["regret", "--try", bad]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"error: --try {bad!r}") and says in err and "\n" not in err
