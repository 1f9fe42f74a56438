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


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-12:
            break
    return f


def beta_inc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(ln) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(ln) * _beta_fraction(b, a, 1 - x) / b


def t_two_sided_p(t: float, df: int) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    return beta_inc(df / 2, 0.5, df / (df + t * t)) if df > 0 else 1.0


def t_quantile(level: float, df: int) -> float:
    """The t value with a two-sided `level` (e.g. 0.95 gives 2.776 for df 4), by bisection."""
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_two_sided_p(mid, df) > 1 - level:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def paired_t(diffs: Sequence[float], level: float = 0.95) -> tuple[float, float, float, float]:
    """Mean of paired differences, its t interval and the two-sided p of 'no difference'
    (Student's t on n-1 degrees of freedom, right for small samples)."""
    n = len(diffs)
    if n == 0:
        return 0.0, 0.0, 0.0, 1.0
    m = sum(diffs) / n
    if n == 1:
        return m, -math.inf, math.inf, 1.0
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1))
    if sd == 0:
        return m, m, m, (1.0 if m == 0 else 0.0)
    se = sd / math.sqrt(n)
    half = t_quantile(level, n - 1) * se
    return m, m - half, m + half, t_two_sided_p(m / se, n - 1)


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of p values for comparing many things at once."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out = [1.0] * len(ps)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(ps) - rank) * ps[i]))
        out[i] = running
    return out


def cluster_ratio(groups: Sequence[tuple[float, int]]) -> tuple[float, float, int]:
    """Mean per item when items come in dependent groups (e.g. the picks of one game): each group
    gives (sum of its values, number of items). Returns the mean, its standard error counting
    each group as one independent draw (the cluster-robust 'sandwich' estimate), and the number
    of groups (degrees of freedom: groups - 1)."""
    groups = [(s, n) for s, n in groups if n > 0]
    g = len(groups)
    total = sum(n for _, n in groups)
    if g == 0:
        return 0.0, 0.0, 0
    m = sum(s for s, _ in groups) / total
    if g == 1:
        return m, math.inf, 1
    var = g / (g - 1) * sum((s - m * n) ** 2 for s, n in groups) / (total * total)
    return m, math.sqrt(var), g


def clustered_wilson(groups: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """95% Wilson interval of a proportion whose trials come in dependent groups: the count of
    trials is shrunk by the design effect (clustered variance / independent variance)."""
    m, se, g = cluster_ratio(groups)
    n = sum(k for _, k in groups)
    if n == 0:
        return 0.0, 1.0
    plain = m * (1 - m) / n
    deff = max(1.0, (se * se) / plain) if plain > 0 and math.isfinite(se) else 1.0
    n_eff = n / deff
    return wilson(m * n_eff, max(1, round(n_eff)))


def clustered_mean_ci(groups: Sequence[tuple[float, int]], level: float = 0.95) -> tuple[float, float, float]:
    """Mean and its t interval on groups - 1 degrees of freedom (see `cluster_ratio`)."""
    m, se, g = cluster_ratio(groups)
    if g < 2:
        return m, m, m
    half = t_quantile(level, g - 1) * se
    return m, m - half, m + half


def cluster_p(groups: Sequence[tuple[float, int]], target: float) -> float:
    """Two-sided p of 'the clustered mean equals `target`' (Student's t, groups - 1 df)."""
    m, se, g = cluster_ratio(groups)
    if g < 2 or not math.isfinite(se):
        return 1.0
    if se == 0:
        return 1.0 if m == target else 0.0
    return t_two_sided_p((m - target) / se, g - 1)
