"""`python -m game.lab --players 4 --games 1000 [--content my_races.yaml] [--map FILE] [--seed N]
[--level medium | --seats medium,hard,easy,medium] [--force RACE+POWER ...] [--out DIR]
[--cluster ADDRESS]` — play bot games on all cores (or on a Dask cluster) and write a report folder.

`python -m game.lab --compare A.yaml B.yaml [same options]` — the same seeds with each version of
the content, the paired difference per changed race or power (`compare.py`).

`python -m game.lab match --a expert --b hard --games 200` — a match between two levels of
computer player (`versus.py`).

`python -m game.lab regret [--try directions=8]` — how much Expert's choices lose against a long
look-ahead on lab positions, for Expert as shipped and with other knobs (`regret.py`).

`python -m game.lab worth [--check]` — measure what the shipped races and powers are worth to the
computer players and write the shipped table (`worth.py`)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .. import native

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from ..bots import LEVELS
from ..content.bounded import excerpt
from ..content.catalog import ContentError
from ..rules import Catalog
from ..stopping import run_stoppable
from .cluster import ClusterError, check_address, run_on_cluster
from .report import in_play, use_status, write
from .runner import (
    SEARCHING_NAMED,
    GameRecord,
    LabConfig,
    ProgressBar,
    check_forced,
    parse_combo,
    parse_seats,
    run,
)


def play(cfg: LabConfig, progress: ProgressBar) -> tuple[list[GameRecord], float]:
    """Play the run where it was asked for: on the Dask cluster at `cfg.cluster` (`ClusterError`: one
    sentence when it cannot be used), otherwise on this machine's cores."""
    return run_on_cluster(cfg, progress) if cfg.cluster else run(cfg, progress)


def main(argv: list[str] | None = None) -> int:
    args_in = sys.argv[1:] if argv is None else list(argv)
    if args_in[:1] == ["match"]:
        from .versus import main as match_main
        return match_main(args_in[1:])
    if args_in[:1] == ["regret"]:
        from .regret import main as regret_main
        return regret_main(args_in[1:])
    if args_in[:1] == ["worth"]:
        from .worth import main as worth_main
        return worth_main(args_in[1:])
    ap = argparse.ArgumentParser(prog="python -m game.lab", description=(
        "Play many games between computer players and write a balance report: win rate and coins "
        "per race, power and combo with 95% intervals, coins per round, picks, a CSV of every game, "
        "PNG charts and a one-page summary."))
    ap.add_argument("--players", type=int, default=None,
                    help="players per game, 2 to 5 (default 4, or one per level given to --seats)")
    ap.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    ap.add_argument("--content", action="append", default=[], metavar="FILE.yaml",
                    help="custom races and powers to add (may be given more than once)")
    ap.add_argument("--map", dest="map_path", metavar="FILE.tmx", help="a Tiled map (default: the shipped map "
                    "for the number of players)")
    ap.add_argument("--seed", type=int, default=1, help="the same seed gives the same report (default 1)")
    ap.add_argument("--level", choices=LEVELS, default="medium",
                    help="the computer players (default medium)")
    ap.add_argument("--seats", metavar="LEVEL,LEVEL,...",
                    help="a level per seat instead of --level, e.g. medium,hard,easy,medium")
    ap.add_argument("--force", action="append", default=[], metavar="RACE+POWER",
                    help="lay this combo on top of the column in every game (may be given more than once)")
    ap.add_argument("--compare", nargs=2, metavar=("A.yaml", "B.yaml"),
                    help="play the same seeds with content A and with content B and report, per "
                         "changed race or power, the paired difference with a verdict")
    ap.add_argument("--out", default=None, help="report folder (default ./lab-report, or "
                    "./lab-compare with --compare)")
    ap.add_argument("--jobs", type=int, default=0, help="processes (default: all cores)")
    ap.add_argument("--cluster", metavar="ADDRESS", default=None,
                    help="play the games on the Dask cluster whose scheduler is at ADDRESS, e.g. "
                         "tcp://10.0.0.5:8786 (needs: pip install \"dask[distributed]\"); the same "
                         "seed gives the same report as a local run")
    ap.add_argument("--iterations", type=int, default=48,
                    help=f"{SEARCHING_NAMED}: look-ahead games per decision (default 48; reproducible)")
    ap.add_argument("--budget", type=float, default=None,
                    help=f"{SEARCHING_NAMED}: think for this many processor seconds per decision, and at least "
                         "the level's floor of look-ahead games, instead of --iterations (not reproducible)")
    args = ap.parse_args(args_in)
    if args.players is None and args.seats:
        count = len(args.seats.split(","))
        if not 2 <= count <= 5:
            return _refuse(f"--seats {excerpt(args.seats)!r}: {count} level{'s' if count != 1 else ''}; give "
                           f"one level per seat for 2 to 5 players, e.g. medium,hard,easy,medium")
        args.players = count
    if args.players is None:
        args.players = 4
    if not 2 <= args.players <= 5:
        ap.error("--players must be 2 to 5")
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.iterations < 1:
        return _refuse(f"--iterations {args.iterations}: give a whole number of look-ahead games, at least 1")
    if args.budget is not None and not 0 < args.budget <= 3600:
        return _refuse(f"--budget {args.budget:g}: give the seconds per decision, more than 0 (at most 3600)")
    if args.cluster is not None and check_address(args.cluster):
        return _refuse(str(check_address(args.cluster)))
    cfg = LabConfig(players=args.players, games=args.games, seed=args.seed, level=args.level,
                    content=list(args.content), map_path=args.map_path, jobs=args.jobs,
                    iterations=None if args.budget is not None else args.iterations,
                    budget=args.budget if args.budget is not None else 0.25, cluster=args.cluster)
    if args.compare:
        return _compare(cfg, args)
    out = Path(args.out or "lab-report")
    try:
        board, catalog, map_name = cfg.load()
        _choose(cfg, args, catalog)
        _check_out(out)                     # before any game is played: a report that cannot be written
    except (ContentError, ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if cfg.map_path:
        cfg.players = cfg.players  # the map decides the rounds; the players are the option
    print(f"Playing {cfg.games} games: {cfg.players} players, {cfg.bots_label()} on {map_name}, seed {cfg.seed}",
          file=sys.stderr)
    try:
        records, seconds = play(cfg, ProgressBar())
    except ClusterError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    tables = write(out, cfg, catalog, map_name, records, seconds)
    rate = len(records) / seconds if seconds > 0 else 0.0
    print(f"{len(records)} games in {seconds:.1f} s: {rate:.1f} games per second")
    for _, row in in_play(tables):
        said = use_status(tables, catalog, row)
        if row.custom and said.word == "unused":
            print(f"{row.name}: {said.text}")
    print(f"Report: {out / 'summary.md'}")
    return 0


def _refuse(message: str) -> int:
    """One line on stderr and the status of a bad option."""
    print(f"error: {message}", file=sys.stderr)
    return 2


def _check_out(out: Path) -> None:
    """The report folder can be made and written, checked before the games are played (a
    ValueError: one sentence); nothing is created here, and an existing folder is used as it is."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out}: a file is already there, not a folder; name a folder for the report "
                         f"(the file was left as it is)")
    base = out
    while not base.exists() and base != base.parent:
        base = base.parent
    if not base.is_dir():
        raise ValueError(f"--out {out}: {base} is a file, not a folder; name a folder for the report")
    if not os.access(base, os.W_OK | os.X_OK):
        raise ValueError(f"--out {out}: the folder {base} cannot be written; name another folder")


def _choose(cfg: LabConfig, args: argparse.Namespace, catalog: Catalog) -> None:
    """The per-seat levels and forced combos, checked against `catalog` (ValueError: a sentence)."""
    if args.seats:
        cfg.seats = parse_seats(args.seats, cfg.players, tuple(LEVELS))
    cfg.forced = [parse_combo(text, catalog) for text in args.force]
    check_forced(cfg.forced)


def _compare(cfg: LabConfig, args: argparse.Namespace) -> int:
    from . import compare
    file_a, file_b = args.compare
    out = Path(args.out or "lab-compare")
    refusal = compare.refuse_existing(out)
    if refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return 2
    try:
        cat_a, cat_b, map_name = compare.load_versions(cfg, file_a, file_b)
        _choose(cfg, args, cat_a)
        for race, power in cfg.forced:
            if race not in cat_b.races or power not in cat_b.powers:
                raise ValueError(f"--force {race}+{power}: {file_b} has no such "
                                 f"{'race' if race not in cat_b.races else 'power'}")
    except (ContentError, ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    changes = compare.changed(cat_a, cat_b)
    if not changes:
        print(f"error: {file_a} and {file_b} define every race and power the same way; "
              f"change one of them to compare", file=sys.stderr)
        return 2
    cfg_a, cfg_b = compare.configs(cfg, file_a, file_b)
    names = ", ".join(c.name for c in changes)
    print(f"Comparing {names}: {cfg.games} games with each version, {cfg.players} players, "
          f"{cfg.bots_label()} on {map_name}, seed {cfg.seed}", file=sys.stderr)
    try:
        rec_a, sec_a = play(cfg_a, ProgressBar())
        rec_b, sec_b = play(cfg_b, ProgressBar())
    except ClusterError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    compare.analyse(changes, rec_a, rec_b)
    compare.usage(changes, cat_a, cat_b, rec_a, rec_b)
    warnings = compare.confounded(changes, rec_a, rec_b)
    compare.write(out, cfg, file_a, file_b, map_name, changes, sec_a + sec_b, warnings)
    for c in changes:
        print(c.verdict)
    for w in warnings:
        print(f"warning: {w}")
    print(f"Report: {out / 'summary.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "game.lab"))
