"""Intervals for measured proportions and means: the arithmetic the balance lab and the matches
between computer players print next to every win rate. Plain math, standard library only, so
that any floor of the program may use it without reaching up.
"""
from __future__ import annotations

import math
from typing import Sequence

Z95 = 1.96


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (`wins` may be fractional: shared victories)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def mean_ci(xs: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, m, m
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return m, m - half, m + half


def median(xs: Sequence[float]) -> float:
    """The middle value (mean of the two middle ones for an even count); 0 for none."""
    if not xs:
        return 0.0
    v = sorted(xs)
    k = len(v) // 2
    return v[k] if len(v) % 2 else (v[k - 1] + v[k]) / 2
