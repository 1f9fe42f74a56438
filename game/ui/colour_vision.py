"""How colours look to eyes that miss one kind of cone, and how far apart two colours are.

`simulate(rgb, kind)` applies the Machado, Oliveira and Fernandes (2009) model at full severity
for protanopia, deuteranopia and tritanopia (matrices on linear RGB); `delta_e(a, b)` is the
CIEDE2000 difference of two sRGB colours (about 2.3 is the smallest difference one notices side
by side; the tests ask for much more). The board's colour sets are checked with these: every two
players' colours and every two races' fields must stay apart under each simulation. Pure
arithmetic: no pygame here.
"""
from __future__ import annotations

import math

RGB = tuple[int, int, int]

#: Machado et al. 2009, severity 1.0, applied to linear-light sRGB
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO)


def _lin(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _enc(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


def contrast(one: RGB, two: RGB) -> float:
    """WCAG contrast ratio of two colours, 1 (same light) to 21 (black on white)."""
    def light(c: RGB) -> float:
        return 0.2126 * _lin(c[0]) + 0.7152 * _lin(c[1]) + 0.0722 * _lin(c[2])
    hi, lo = sorted((light(one), light(two)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def simulate(rgb: RGB, kind: str) -> RGB:
    """`rgb` as seen with `kind` ("normal", "protanopia", "deuteranopia", "tritanopia")."""
    if kind == "normal":
        return (rgb[0], rgb[1], rgb[2])
    m = MACHADO[kind]
    lin = [_lin(v) for v in rgb[:3]]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return (_enc(out[0]), _enc(out[1]), _enc(out[2]))


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_lin(v) for v in rgb[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(c1: RGB, c2: RGB) -> float:
    """CIEDE2000 difference of two sRGB colours."""
    return delta_e_lab(lab(c1), lab(c2))


def delta_e_lab(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """CIEDE2000 difference of two L*a*b* colours (Sharma, Wu and Dalal 2005)."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb ** 7 / (cb ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lb, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hb = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hb = (h1p + h2p) / 2
    else:
        hb = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hb - 30)) + 0.24 * math.cos(math.radians(2 * hb))
         + 0.32 * math.cos(math.radians(3 * hb + 6)) - 0.20 * math.cos(math.radians(4 * hb - 63)))
    d_theta = 30 * math.exp(-(((hb - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbp ** 7 / (cbp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lb - 50) ** 2 / math.sqrt(20 + (lb - 50) ** 2)
    sc = 1 + 0.045 * cbp
    sh = 1 + 0.015 * cbp * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


def closest_pair(colours: dict[str, RGB], kind: str) -> tuple[float, str, str]:
    """The two colours of `colours` nearest each other as seen with `kind`, and their distance."""
    seen = {k: simulate(c, kind) for k, c in colours.items()}
    keys = list(seen)
    best = (math.inf, "", "")
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            d = delta_e(seen[a], seen[b])
            if d < best[0]:
                best = (d, a, b)
    return best
