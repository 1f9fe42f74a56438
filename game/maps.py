"""The map checker: `python -m game.maps check [--compare] [--adjacency] FILE...`,
`python -m game.maps preview FILE` (the map drawn as the game draws it, `game.ui.scenes.preview`)
and `python -m game.maps draw [FILE...]` (its picture from the region polygons, `game.ui.map_art`).

This module owns the judgement of a map as a whole: a one-line summary of what is on it
(regions, terrains, features, lost tribes, degree), and the comparison with the balance of the
printed maps (`PRINTED`, the structure table of the rules digest, section 1) and its patterns.
Reading and validating a single file is `game.content.tmx`'s job; this module only reports. Exit
code 1 if any map has an error (or, with --compare, does not match the table).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from game import native

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from game.content.tmx import inspect_map, map_for_players
from game.rules import FEATURES, Board, Reason, reason
from game.stopping import run_stoppable

LAND_TERRAINS = ("farmland", "forest", "hill", "mountain", "swamp")
DEGREE_TOLERANCE = 0.10


@dataclass(frozen=True)
class Structure:
    """One column of the digest's structure table."""

    players: int
    turns: int
    regions: int
    land: int
    terrains: tuple[int, int, int, int, int]   # farmland, forest, hill, mountain, swamp
    seas: int
    lakes: int
    features: tuple[int, int, int]             # magic, mine, cavern
    lost_tribes: int
    entry: int                                 # land regions valid for a first conquest (R2)
    coastal: int                               # land regions touching a sea or lake
    pairs: int
    mean_degree: float


PRINTED: dict[int, Structure] = {s.regions: s for s in (
    Structure(2, 10, 23, 20, (4, 4, 4, 4, 4), 2, 1, (4, 4, 4), 9, 14, 10, 51, 4.4),
    Structure(3, 10, 30, 27, (5, 5, 5, 7, 5), 2, 1, (5, 5, 5), 10, 16, 13, 71, 4.7),
    Structure(4, 9, 39, 36, (7, 7, 7, 8, 7), 2, 1, (7, 7, 7), 14, 21, 17, 95, 4.9),
    Structure(5, 8, 48, 45, (9, 9, 9, 9, 9), 2, 1, (9, 9, 9), 18, 25, 20, 120, 5.0),
)}
FEATURE_ORDER = ("magic", "mine", "cavern")
assert set(FEATURE_ORDER) == set(FEATURES)


def _count(board: Board, terrain: str) -> int:
    return sum(1 for r in board.regions if r.terrain == terrain)


def _feature_count(board: Board, feature: str) -> int:
    return sum(1 for r in board.regions if feature in r.features)


def summary(board: Board) -> str:
    """One line: regions, terrains, features, lost tribes, degree, entry and coastal counts."""
    land = sum(1 for r in board.regions if not r.is_water)
    terrains = ", ".join(f"{t} {_count(board, t)}" for t in LAND_TERRAINS + ("sea", "lake"))
    features = ", ".join(f"{f} {_feature_count(board, f)}" for f in FEATURE_ORDER)
    tribes = sum(1 for r in board.regions if r.lost_tribe)
    return (f"{len(board.regions)} regions ({land} land), {board.turns} turns; {terrains}; "
            f"{features}; {tribes} lost tribes; {board.pair_count()} pairs, mean degree "
            f"{board.mean_degree():.2f}; first conquest {len(board.entry)}, coastal "
            f"{len(board.coastal)}")


def pattern_problems(board: Board) -> list[Reason]:
    """The printed maps' patterns this board breaks (empty when it keeps them all)."""
    problems = []
    for r in board.regions:
        if r.is_water and r.features:
            problems.append(reason("pattern_water_feature", id=r.id, terrain=r.terrain))
        if r.is_water and r.lost_tribe:
            problems.append(reason("pattern_water_tribe", id=r.id, terrain=r.terrain))
        if r.terrain == "mountain" and r.lost_tribe:
            problems.append(reason("pattern_mountain_tribe", id=r.id))
    both = [r.id for r in board.regions
            if r.terrain == "mountain" and {"cavern", "mine"} <= r.features]
    if len(both) != 1:
        problems.append(reason("pattern_cavern_mine", count=len(both)))
    tribes = [r for r in board.regions if r.lost_tribe]
    with_feature = sum(1 for r in tribes if r.features)
    if tribes and with_feature * 3 < len(tribes):
        problems.append(reason("pattern_tribe_features", count=with_feature, total=len(tribes)))
    return problems


def compare(board: Board, want: Structure) -> list[tuple[str, str, str, bool]]:
    """Rows (quantity, this map, the table, matches) of the comparison with a printed map."""
    land = sum(1 for r in board.regions if not r.is_water)
    dot = "\u00b7"
    rows = [
        ("turns", str(board.turns), str(want.turns), board.turns == want.turns),
        ("regions all/land", f"{len(board.regions)}/{land}", f"{want.regions}/{want.land}",
         (len(board.regions), land) == (want.regions, want.land)),
    ]
    got_t = tuple(_count(board, t) for t in LAND_TERRAINS)
    rows.append(("farmland" + dot + "forest" + dot + "hill" + dot + "mountain" + dot + "swamp",
                 dot.join(map(str, got_t)), dot.join(map(str, want.terrains)),
                 got_t == want.terrains))
    got_w = (_count(board, "sea"), _count(board, "lake"))
    rows.append(("seas" + dot + "lakes", dot.join(map(str, got_w)), f"{want.seas}{dot}{want.lakes}",
                 got_w == (want.seas, want.lakes)))
    got_f = tuple(_feature_count(board, f) for f in FEATURE_ORDER)
    rows.append(("magic" + dot + "mine" + dot + "cavern", dot.join(map(str, got_f)),
                 dot.join(map(str, want.features)), got_f == want.features))
    tribes = sum(1 for r in board.regions if r.lost_tribe)
    rows.append(("lost-tribe regions", str(tribes), str(want.lost_tribes), tribes == want.lost_tribes))
    rows.append(("land valid for a first conquest", str(len(board.entry)), str(want.entry),
                 len(board.entry) == want.entry))
    rows.append(("coastal land", str(len(board.coastal)), str(want.coastal),
                 len(board.coastal) == want.coastal))
    degree = board.mean_degree()
    rows.append((f"mean degree (pairs), within {DEGREE_TOLERANCE:.0%}",
                 f"{degree:.2f} ({board.pair_count()})", f"{want.mean_degree} ({want.pairs})",
                 abs(degree - want.mean_degree) <= DEGREE_TOLERANCE * want.mean_degree))
    problems = pattern_problems(board)
    rows.append(("patterns", "ok" if not problems else "; ".join(problems), "kept", not problems))
    return rows


RATIO_TOLERANCE = 0.15      # regions per player: within 15% of the printed map's
BORDER_TOLERANCE = 0.10     # border share: within 10 points of the printed map's
MIX_TOLERANCE = 0.08        # each terrain's share: within 8 points of the printed map's


def reference(board: Board, players: int | None) -> Structure:
    """The printed map to measure a map of any size against: the one for its `players`
    property, else the one whose region count is nearest."""
    by_players = {s.players: s for s in PRINTED.values()}
    if players in by_players:
        return by_players[players]
    return min(PRINTED.values(), key=lambda s: (abs(s.regions - len(board.regions)), s.regions))


@lru_cache(maxsize=None)
def _printed_border_share(players: int) -> float:
    """Share of regions on the board's edge on the shipped map for `players` (the printed
    structure table does not give it; the shipped maps keep every number it does give)."""
    board = map_for_players(players).board
    return sum(1 for r in board.regions if r.border) / len(board.regions)


def ratio_rows(board: Board, want: Structure, players: int | None) -> list[tuple[str, str, str, bool]]:
    """Rows (quantity, this map, the printed map, within tolerance) comparing shares and means,
    which mean the same on a map of any size: regions per player, mean neighbours, the share of
    regions on the board's edge, and the terrain mix."""
    count = len(board.regions)
    seats = players or want.players
    rows = []
    got, table = count / seats, want.regions / want.players
    rows.append((f"regions per player (for {seats}), within {RATIO_TOLERANCE:.0%}", f"{got:.1f}",
                 f"{table:.1f}", abs(got - table) <= RATIO_TOLERANCE * table))
    got = board.mean_degree()
    rows.append((f"mean neighbours, within {DEGREE_TOLERANCE:.0%}", f"{got:.2f}", f"{want.mean_degree:.2f}",
                 abs(got - want.mean_degree) <= DEGREE_TOLERANCE * want.mean_degree))
    got = sum(1 for r in board.regions if r.border) / count
    table = _printed_border_share(want.players)
    rows.append((f"border share, within {BORDER_TOLERANCE * 100:.0f} points", f"{got:.0%}", f"{table:.0%}",
                 abs(got - table) <= BORDER_TOLERANCE))
    printed = dict(zip(LAND_TERRAINS, want.terrains, strict=True)) | {"sea": want.seas, "lake": want.lakes}
    for terrain in LAND_TERRAINS + ("sea", "lake"):
        got = _count(board, terrain) / count
        table = printed[terrain] / want.regions
        rows.append((f"{terrain} share, within {MIX_TOLERANCE * 100:.0f} points", f"{got:.0%}", f"{table:.0%}",
                     abs(got - table) <= MIX_TOLERANCE))
    return rows


def _print_rows(rows: list[tuple[str, str, str, bool]], head: str, path: str, out) -> bool:  # type: ignore[no-untyped-def]
    """Print a comparison table under `head`; True if every row agrees."""
    print(head, file=out)
    width = max(len(r[0]) for r in rows)
    print(f"    {'':{width}}  {'this map':>12}  {'table':>12}", file=out)
    ok_all = True
    for label, got, table, ok in rows:
        print(f"    {label:{width}}  {got:>12}  {table:>12}  {'ok' if ok else 'MISMATCH'}", file=out)
    for label, got, table, ok in rows:
        if not ok:
            ok_all = False
            name, _, within = label.partition(", within ")
            margin = f" (within {within})" if within else ""
            print(f"error: {path}: {name} is {got}, the printed map has {table}; "
                  f"edit the map until they agree{margin}", file=out)
    return ok_all


def adjacency_lines(board: Board) -> list[str]:
    """One line per region: its id and the ids of its neighbours, alphabetically."""
    return [f"{r.id}: {', '.join(sorted(board.neighbours(r.id)))}"
            for r in sorted(board.regions, key=lambda r: r.id)]


def check(paths: Sequence[str], with_compare: bool = False, out=None, adjacency: bool = False) -> int:
    """Check each map, print what was found; return the exit code (1 if any map failed)."""
    out = out or sys.stdout
    failed = False
    for path in paths:
        report = inspect_map(path)
        for line in report.errors:
            print(f"error: {line}", file=out)
        for line in report.warnings:
            print(f"warning: {line}", file=out)
        for line in report.skipped:
            print(f"note: {line}", file=out)
        if report.errors or report.data is None:
            failed = True
            continue
        board = report.data.board
        print(f"{path}: {summary(board)}", file=out)
        if adjacency:
            print(f"  adjacency ({board.pair_count()} pairs):", file=out)
            for pair in adjacency_lines(board):
                print(f"    {pair}", file=out)
        if not with_compare:
            continue
        players = report.data.players
        want = PRINTED.get(len(board.regions))
        if want is not None:        # a printed size: count for count
            rows = compare(board, want)
            if players is not None:     # the map says which player count it is for
                rows.insert(0, ("players property", str(players), str(want.players), players == want.players))
            if not _print_rows(rows, f"  compared with the printed {want.players}-player map:", str(path), out):
                failed = True
            continue
        # another size: shares and means, which mean the same on a map of any size
        ref = reference(board, players)
        head = (f"  compared by ratios with the printed {ref.players}-player map "
                f"({len(board.regions)} regions against {ref.regions}):")
        if not _print_rows(ratio_rows(board, ref, players), head, str(path), out):
            failed = True
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.maps",
                                     description="Check Small World maps made in Tiled.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="check TMX maps and print one line per map")
    p_check.add_argument("files", nargs="+", metavar="FILE")
    p_check.add_argument("--compare", action="store_true",
                         help="compare each map with the printed map of the same size")
    p_check.add_argument("--adjacency", action="store_true",
                         help="also list each region's neighbours")
    p_preview = sub.add_parser("preview", help="show a map as the game draws it, read again on every save")
    p_preview.add_argument("file", metavar="FILE")
    p_preview.add_argument("--screenshot", metavar="PNG", help="also save the window to PNG after each reading")
    sub.add_parser("draw", add_help=False,
                   help="draw a map's picture from its region polygons (python -m game.maps draw --help)")
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["draw"]:
        return draw(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "preview":
        return preview(args.file, args.screenshot)
    return check(args.files, with_compare=args.compare, adjacency=args.adjacency)


def preview(path: str, screenshot: str | None = None) -> int:
    """Open the preview window (the only part of this module that needs the window's code)."""
    if not Path(path).is_file():
        print(f"error: {reason('map_no_file', path=path)}", file=sys.stderr)
        return 1
    from game.ui.scenes.preview import run_preview
    return run_preview(path, sys.stdout, screenshot)


def draw(argv: Sequence[str]) -> int:
    """Draw map pictures (`game.ui.map_art`, which needs the window's drawing code)."""
    from game.ui.map_art import main as draw_main
    return draw_main(argv)


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "game.maps"))
