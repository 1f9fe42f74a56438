"""A board made of several copies of a map, for the bench (`python -m game.bench --regions-times N`):
`copies_board(board, n)` lays out `n` copies of `board`, each region with its terrain, features,
Lost Tribe and edge as printed, its id and name marked with the copy's number, and joins copy k
to copy k+1 through the map's edge: each region on the edge touches the same region of the next
copy. So the board is one piece, a race can spread from one copy into the next, and the board
holds n times the regions while a region's neighbourhood stays the map's own (plus at most two
across the seams), as on a bigger map of the same kind.
"""
from __future__ import annotations

from dataclasses import replace

from .rules import Board


def copy_id(rid: str, k: int) -> str:
    """Region `rid` of copy number `k` (from 1)."""
    return f"{rid}#{k}"


def copies_board(board: Board, n: int) -> Board:
    """`n` copies of `board` (n ≥ 1), copy k's edge joined to copy k+1's, region by region."""
    if n < 1:
        raise ValueError(f"a board of {n} copies: give 1 or more")
    regions = [replace(r, id=copy_id(r.id, k), name=f"{r.display_name} {k}", names=())
               for k in range(1, n + 1) for r in board.regions]
    pairs = [(copy_id(a, k), copy_id(b, k))
             for k in range(1, n + 1) for a, near in board.adjacency.items() for b in near if a < b]
    pairs += [(copy_id(r.id, k), copy_id(r.id, k + 1))
              for k in range(1, n) for r in board.regions if r.border]
    return Board.build(f"{board.name} ×{n}", board.turns, regions, pairs)
