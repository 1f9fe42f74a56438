"""One changed race or power in a `--compare` run (its paired figures and verdict), and the fewest
paired games that earn a verdict: shared by the comparison that fills them in (`compare.py`) and
the chart that draws them (`charts.py`), below both so that neither imports the other's floor."""
from __future__ import annotations

from dataclasses import dataclass

MIN_PAIRS = 10          # fewer paired games than this get figures but no verdict


@dataclass
class Change:
    kind: str               # "race" or "power"
    key: str
    name: str
    pairs: int = 0          # games where it was picked under both versions
    only_a: int = 0
    only_b: int = 0
    win_a: float = 0.0      # win rate over the paired games
    win_b: float = 0.0
    win_diff: float = 0.0   # B - A, in points (0-100)
    win_lo: float = 0.0
    win_hi: float = 0.0
    win_p: float = 1.0
    win_p_holm: float = 1.0
    coins_a: float = 0.0
    coins_b: float = 0.0
    coins_diff: float = 0.0
    coins_lo: float = 0.0
    coins_hi: float = 0.0
    coins_p: float = 1.0
    coins_p_holm: float = 1.0
    own_a: float = 0.0      # a power: the coins its own effects scored (its race's regions left out)
    own_b: float = 0.0
    own_diff: float = 0.0
    own_lo: float = 0.0
    own_hi: float = 0.0
    verdict: str = ""
    use_a: str = ""         # how it was used under A: its move offered and taken, its effects acting (`use.py`)
    use_b: str = ""
