"""`python -m game.bench` — engine speed figures, printed, never asserted.

Prints the median time of a full random 5-player game (on the 5-player map when it loads,
otherwise a 48-region inline grid), the median time of one `legal_actions` call, and games per
second on one core. Targets (issue: rules engine): a full random 5-player game ≤ 20 ms median.
`--ui` runs the window benchmark instead (`game.ui.bench`). `--content FILE.yaml` adds custom
races and powers to the mix.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from .content.catalog import ContentError, default_catalog, load_catalog
from .rules import legal_actions, new_game
from .rules.board import Board
from .rules.playout import random_playout

ROOT = Path(__file__).resolve().parents[1]


def five_player_board() -> tuple[Board, str]:
    path = ROOT / "maps" / "five_players.tmx"
    try:
        from .content.tmx import load_map
        return load_map(path).board, str(path.relative_to(ROOT))
    except Exception:  # the bench still runs without maps
        regs = []
        for y in range(6):
            for x in range(8):
                i = y * 8 + x
                adj = ([f"g{i + 1}"] if x < 7 else []) + ([f"g{i + 8}"] if y < 5 else [])
                regs.append({"id": f"g{i}", "terrain": ["farmland", "forest", "hill", "mountain", "swamp"][i % 5],
                             "border": x in (0, 7) or y in (0, 5), "lost_tribe": i % 3 == 0 and i % 5 != 3,
                             "adjacent": adj})
        return Board.from_dicts("grid", 8, regs), "inline 48-region grid"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.bench")
    ap.add_argument("--ui", action="store_true", help="benchmark the window instead")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--content", action="append", default=[])
    args = ap.parse_args(argv)
    if args.ui:
        from .ui import bench as ui_bench
        return int(ui_bench.main([]) or 0)
    try:
        catalog = load_catalog(args.content) if args.content else default_catalog()
    except ContentError as err:
        print(err)
        return 2
    board, where = five_player_board()
    names = ["ann", "bob", "cid", "dee", "eve"]
    times: list[float] = []
    steps: list[int] = []
    states = []
    for seed in range(args.games):
        rng = random.Random(seed)
        t0 = time.perf_counter()
        s = new_game(board, names, catalog, rng)
        end, n = random_playout(s, rng, on_step=(lambda a, b, r: states.append(b)) if seed < 5 else None)
        times.append(time.perf_counter() - t0)
        steps.append(n)
    la: list[float] = []
    for s in states[:: max(1, len(states) // 400)]:
        t0 = time.perf_counter()
        for _ in range(20):
            legal_actions(s)
        la.append((time.perf_counter() - t0) / 20)
    med = statistics.median(times)
    print(f"board: {where} ({len(board.regions)} regions, {board.turns} rounds), 5 players, {args.games} games")
    print(f"full random 5-player game: median {med * 1000:.2f} ms "
          f"(p90 {sorted(times)[int(len(times) * 0.9)] * 1000:.2f} ms, {statistics.median(steps):.0f} intents)"
          f"  target ≤ 20 ms: {'met' if med <= 0.020 else 'MISSED'}")
    print(f"legal_actions: median {statistics.median(la) * 1e6:.1f} µs per call")
    print(f"games per second on one core: {len(times) / sum(times):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
