"""Comparing two balance-lab output folders: every file the same but for the timing (run.json
and the games-per-second lines of summary.md)."""
from __future__ import annotations

from pathlib import Path

from game.lab.report import FILES


def same_apart_from_timing(a: Path, b: Path, what: str) -> None:
    for name in FILES:
        if name == "run.json":
            continue
        x, y = (a / name).read_bytes(), (b / name).read_bytes()
        if name == "summary.md":
            x = b"\n".join(line for line in x.splitlines() if b"games/s" not in line)
            y = b"\n".join(line for line in y.splitlines() if b"games/s" not in line)
        assert x == y, f"{name} differs between {what}"
