"""A board made of several copies of a map, for the bench (`python -m game.bench --regions-times N`):
`copies_board(board, n)` lays out `n` copies of `board`, each region with its terrain, features,
Lost Tribe and edge as printed, its id and name marked with the copy's number, and joins copy k
to copy k+1 through the map's edge: each region on the edge touches the same region of the next
copy. So the board is one piece, a race can spread from one copy into the next, and the board
holds n times the regions while a region's neighbourhood stays the map's own (plus at most two
across the seams), as on a bigger map of the same kind. With `ways_in="first"` only the first
copy keeps its edge as the board's edge (the way in for a race's first conquest, R2): the others'
edge regions are inland, as on a bigger map whose edge grows less than its regions do.
"""
from __future__ import annotations

from dataclasses import replace

from .rules import Board


def copy_id(rid: str, k: int) -> str:
    """Region `rid` of copy number `k` (from 1)."""
    return f"{rid}#{k}"


WAYS_IN = ("every", "first")     # which copies keep their edge as the board's edge


def copies_board(board: Board, n: int, ways_in: str = "every") -> Board:
    """`n` copies of `board` (n ≥ 1), copy k's edge joined to copy k+1's, region by region;
    the board's edge is every copy's edge, or the first copy's alone (`ways_in`)."""
    if n < 1:
        raise ValueError(f"a board of {n} copies: give 1 or more")
    if ways_in not in WAYS_IN:
        raise ValueError(f"ways in {ways_in!r}: give one of {', '.join(WAYS_IN)}")
    regions = [replace(r, id=copy_id(r.id, k), name=f"{r.display_name} {k}", names=(),
                       border=r.border and (k == 1 or ways_in == "every"))
               for k in range(1, n + 1) for r in board.regions]
    pairs = [(copy_id(a, k), copy_id(b, k))
             for k in range(1, n + 1) for a, near in board.adjacency.items() for b in near if a < b]
    pairs += [(copy_id(r.id, k), copy_id(r.id, k + 1))
              for k in range(1, n) for r in board.regions if r.border]
    return Board.build(f"{board.name} ×{n}", board.turns, regions, pairs)
