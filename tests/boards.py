"""Inline boards for engine tests: small, hand-made, covering water, caverns, mountains."""
from __future__ import annotations

import random

from game.rules import Board


def ring_board() -> Board:
    """Ten regions around a lake, with a sea on the edge."""
    regs = [
        {"id": "sea", "terrain": "sea", "border": True, "adjacent": ["r0", "r1", "r2"]},
        {"id": "lake", "terrain": "lake", "adjacent": ["r3", "r4", "r5", "r6"]},
        {"id": "r0", "terrain": "hill", "border": True, "lost_tribe": True, "features": ["magic"], "adjacent": ["r1", "r7"]},
        {"id": "r1", "terrain": "farmland", "adjacent": ["r2", "r3"]},
        {"id": "r2", "terrain": "forest", "border": True, "features": ["cavern"], "adjacent": ["r3", "r4"]},
        {"id": "r3", "terrain": "mountain", "features": ["mine", "cavern"], "adjacent": ["r4"]},
        {"id": "r4", "terrain": "swamp", "border": True, "lost_tribe": True, "adjacent": ["r5"]},
        {"id": "r5", "terrain": "hill", "features": ["mine"], "adjacent": ["r6"]},
        {"id": "r6", "terrain": "farmland", "border": True, "lost_tribe": True, "features": ["cavern"], "adjacent": ["r7"]},
        {"id": "r7", "terrain": "mountain", "border": True, "adjacent": ["r0"]},
    ]
    return Board.from_dicts("ring", 6, regs)


def grid_board(cols: int = 6, rows: int = 5, turns: int = 8, seed: int = 5) -> Board:
    """A grid of regions with random terrains and features; the outer ring is the border."""
    rnd = random.Random(seed)
    regs = []
    for y in range(rows):
        for x in range(cols):
            i = y * cols + x
            water = (x, y) in ((0, 2), (3, 2))
            terrain = ("sea" if x == 0 else "lake") if water else rnd.choice(
                ["farmland", "forest", "hill", "mountain", "swamp"])
            adj = []
            if x + 1 < cols:
                adj.append(f"g{i + 1}")
            if y + 1 < rows:
                adj.append(f"g{i + cols}")
            regs.append({
                "id": f"g{i}", "terrain": terrain,
                "border": x in (0, cols - 1) or y in (0, rows - 1),
                "lost_tribe": (not water) and terrain != "mountain" and rnd.random() < 0.35,
                "features": [] if water else ([rnd.choice(["mine", "magic", "cavern"])] if rnd.random() < 0.45 else []),
                "adjacent": adj,
            })
    return Board.from_dicts(f"grid{cols}x{rows}", turns, regs)


BOARDS = {"ring": ring_board, "grid": grid_board, "wide": lambda: grid_board(8, 6, 9, seed=11)}
