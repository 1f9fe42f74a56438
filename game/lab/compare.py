"""`--compare A.yaml B.yaml`: two versions of custom content, played on the same seeds.

The same games (same seeds, same bots, same map) are played once with content A and once with
content B. For every race and power whose definition differs between A and B, each game where it
was picked under both versions gives a pair: did its player win (B minus A, in points of win rate)
and how many coins it scored (B minus A). The mean of the pairs gets a Student's t interval (right
for small samples, and pairing by seed removes most of the luck of the draw); when several things
changed, Holm's method corrects the p values for comparing many at once before a verdict says
"stronger" or "weaker". Results go to a new report folder: summary.md, compare.csv, compare.png.
"""
from __future__ import annotations

import csv
import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from ..rules import Catalog
from ..stats import holm, paired_t
from .change import MIN_PAIRS, Change
from .runner import GameRecord, LabConfig, load_table
from .use import EntryUse, has_move, move_text, status, total

FILES = ("summary.md", "compare.csv", "compare.png", "run.json")


def changed(a: Catalog, b: Catalog) -> list[Change]:
    """The races and powers whose definitions differ between the two catalogs (or exist in one)."""
    out = []
    for kind, da, db in (("race", a.races, b.races), ("power", a.powers, b.powers)):
        for key in sorted(set(da) | set(db)):
            if da.get(key) != db.get(key):
                d = db.get(key) or da.get(key)
                out.append(Change(kind, key, getattr(d, "name", key) or key))
    return out


def _outcome(rec: GameRecord, kind: str, key: str) -> tuple[float, float, float] | None:
    """(won, coins scored, coins its power's own effects scored) of the race/power `key` in one
    game, or None when nobody picked it.
    Picked more than once in a game (by two players, or again later) counts as one observation:
    it won if any player holding it won, its coins are summed — picks in one game are not
    independent, so the game is the unit."""
    picks = [p for p in rec.picks if (p.race if kind == "race" else p.power) == key]
    if not picks:
        return None
    seats = {p.seat for p in picks}
    won = 1.0 if seats & set(rec.winners) else 0.0
    return won, float(sum(p.earned for p in picks)), float(sum(p.earned_power for p in picks))


def analyse(changes: list[Change], a: Sequence[GameRecord], b: Sequence[GameRecord]) -> list[Change]:
    by_game_b = {r.game: r for r in b}
    for c in changes:
        wa, wb, ca, cb, pa, pb = [], [], [], [], [], []
        for ra in a:
            rb = by_game_b.get(ra.game)
            oa = _outcome(ra, c.kind, c.key)
            ob = _outcome(rb, c.kind, c.key) if rb is not None else None
            if oa is not None and ob is not None:
                wa.append(oa[0])
                wb.append(ob[0])
                ca.append(oa[1])
                cb.append(ob[1])
                pa.append(oa[2])
                pb.append(ob[2])
            elif oa is not None:
                c.only_a += 1
            elif ob is not None:
                c.only_b += 1
        c.pairs = len(wa)
        if c.pairs:
            c.win_a, c.win_b = 100 * sum(wa) / c.pairs, 100 * sum(wb) / c.pairs
            c.coins_a, c.coins_b = sum(ca) / c.pairs, sum(cb) / c.pairs
            c.own_a, c.own_b = sum(pa) / c.pairs, sum(pb) / c.pairs
        c.win_diff, c.win_lo, c.win_hi, c.win_p = paired_t([100 * (y - x) for x, y in zip(wa, wb, strict=True)])
        c.coins_diff, c.coins_lo, c.coins_hi, c.coins_p = paired_t([y - x for x, y in zip(ca, cb, strict=True)])
        c.own_diff, c.own_lo, c.own_hi, _ = paired_t([y - x for x, y in zip(pa, pb, strict=True)])
    for attr in ("win", "coins"):
        adj = holm([getattr(c, f"{attr}_p") for c in changes])
        for c, p in zip(changes, adj, strict=True):
            setattr(c, f"{attr}_p_holm", p)
    for c in changes:
        c.verdict = verdict(c)
    return changes


def usage(changes: Sequence[Change], cat_a: Catalog, cat_b: Catalog, a: Sequence[GameRecord],
          b: Sequence[GameRecord]) -> None:
    """How each changed race or power was used under each version (`Change.use_a`, `use_b`): its
    move offered and taken, its effects acting, and "unused" when it was in play but never used."""
    for c in changes:
        c.use_a, c.use_b = _usage(c, cat_a, a), _usage(c, cat_b, b)


def _usage(c: Change, catalog: Catalog, records: Sequence[GameRecord]) -> str:
    games = sum(1 for r in records if any((p.race if c.kind == "race" else p.power) == c.key for p in r.picks))
    if not games:
        return "not in play"
    u = total(r.uses for r in records).get(c.key) or EntryUse()
    st = status(catalog, c.key, u, games)
    did = ([move_text(u)] if has_move(catalog, c.key) else []) + ([u.details()] if u.details() else [])
    return f"{st.text} ({'; '.join(did)})" if st.word == "used" and did else st.text


def confounded(changes: Sequence[Change], a: Sequence[GameRecord], b: Sequence[GameRecord]) -> list[str]:
    """A warning for each changed race and changed power that were only ever picked together
    (under A and under B): their effects on the figures cannot be told apart."""
    out = []
    picks = [p for r in (*a, *b) for p in r.picks]
    for race in (c for c in changes if c.kind == "race"):
        for power in (c for c in changes if c.kind == "power"):
            with_race = [p for p in picks if p.race == race.key]
            with_power = [p for p in picks if p.power == power.key]
            if with_race and all(p.power == power.key for p in with_race) \
                    and all(p.race == race.key for p in with_power):
                out.append(f"{race.name} and {power.name} were only ever picked together "
                           f"({len(with_race)} picks): their figures are the same combo's and cannot "
                           f"be told apart; force each with another partner (e.g. --force "
                           f"\"{race.key}+...\" --force \"...+{power.key}\") to separate them")
    return out


def _signed(x: float) -> str:
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return f"{x:+.0f}" if abs(x) >= 1 or x == 0 else f"{x:+.1f}"


def verdict(c: Change) -> str:
    """One sentence: e.g. "B's Gnomes win 6 points more often, 95% interval +2 to +10: stronger"."""
    what = c.name
    if c.pairs < MIN_PAIRS:
        return (f"{what}: picked under both versions in only {c.pairs} game(s), too few for a "
                f"verdict (at least {MIN_PAIRS}); play more games, or force it into play with --force")
    more = "more" if c.win_diff >= 0 else "less"
    head = (f"B's {what} win {abs(c.win_diff):.0f} points {more} often, 95% interval "
            f"{_signed(c.win_lo)} to {_signed(c.win_hi)}, and score {_signed(c.coins_diff)} coins "
            f"({_signed(c.coins_lo)} to {_signed(c.coins_hi)})")
    if c.win_p_holm < 0.05 and c.win_diff != 0:
        word = "stronger" if c.win_diff > 0 else "weaker"
    elif c.coins_p_holm < 0.05 and c.coins_diff != 0:
        word = ("scores more, though the win rate has not clearly moved" if c.coins_diff > 0
                else "scores less, though the win rate has not clearly moved")
    else:
        word = "no clear difference yet (could be chance; play more games)"
    return f"{head}: {word}"


def refuse_existing(out: Path) -> str | None:
    """A sentence when `out` already holds a report's files (nothing is overwritten)."""
    if out.exists() and (not out.is_dir() or any((out / f).exists() for f in FILES)):
        return (f"{out}: a report is already there; name a new folder with --out "
                f"(nothing was overwritten)")
    return None


def load_versions(cfg: LabConfig, file_a: str, file_b: str) -> tuple[Catalog, Catalog, str]:
    _, cat_a, map_name = load_table(cfg.content + [file_a], cfg.map_path, cfg.players)
    _, cat_b, _ = load_table(cfg.content + [file_b], cfg.map_path, cfg.players)
    return cat_a, cat_b, map_name


def configs(cfg: LabConfig, file_a: str, file_b: str) -> tuple[LabConfig, LabConfig]:
    return (replace(cfg, content=cfg.content + [file_a]), replace(cfg, content=cfg.content + [file_b]))


def write(out: Path, cfg: LabConfig, file_a: str, file_b: str, map_name: str, changes: list[Change],
          seconds: float, warnings: Sequence[str] = ()) -> None:
    from .charts import compare_chart
    out.mkdir(parents=True, exist_ok=True)
    sub = (f"{cfg.games} games with each version, {cfg.players} players, {cfg.bots_label()}, {map_name}, "
           f"seed {cfg.seed}")
    compare_chart(changes, out / "compare.png", f"B ({Path(file_b).name}) minus A ({Path(file_a).name})", sub)
    with (out / "compare.csv").open("w", newline="", encoding="utf-8") as f:
        cols = [k for k in Change.__dataclass_fields__]
        w = csv.writer(f)
        w.writerow(cols)
        for c in changes:
            w.writerow([f"{v:.4f}" if isinstance(v, float) else v for v in (getattr(c, k) for k in cols)])
    L = [f"# Compare: {Path(file_a).name} (A) against {Path(file_b).name} (B)", "",
         f"{sub}. The same seeds were played with each version, so each game gives a pair.", "",
         "## Verdicts", ""]
    if not changes:
        L.append("A and B define every race and power the same way: nothing to compare.")
    L += [f"- {c.verdict}." for c in changes]
    L += [f"- **Warning:** {w}." for w in warnings]
    if any(c.use_a or c.use_b for c in changes):
        L += ["", "## How each was used", "",
              "Its own move offered to its holder and taken by the bots, and its effects acting, under each "
              "version (see the balance lab's `use.csv`): a change that leaves it unused shows here first.", ""]
        L += [f"- **{c.name}**: A: {c.use_a}; B: {c.use_b}." for c in changes]
    powers = [c for c in changes if c.kind == "power" and c.pairs]
    if powers:
        L += ["", "## A power's own coins", "",
              "The coins above are the combo's (a power's figures include its race's regions). The coins "
              "the power's own effects scored, B − A, paired the same way:", ""]
        L += [f"- **{c.name}**: {c.own_a:.1f} → {c.own_b:.1f}, {_signed(c.own_diff)} coins "
              f"[{_signed(c.own_lo)}, {_signed(c.own_hi)}]" for c in powers]
    L += ["", "## Figures", "",
          "| | paired games | win A | win B | B − A (points) [95%] | Holm p | coins A | coins B | "
          "B − A coins [95%] | Holm p |",
          "|---|---|---|---|---|---|---|---|---|---|"]
    for c in changes:
        L.append(f"| {c.kind} **{c.name}** | {c.pairs} (+{c.only_a} only A, +{c.only_b} only B) | "
                 f"{c.win_a:.0f}% | {c.win_b:.0f}% | {_signed(c.win_diff)} [{_signed(c.win_lo)}, "
                 f"{_signed(c.win_hi)}] | {c.win_p_holm:.3f} | {c.coins_a:.1f} | {c.coins_b:.1f} | "
                 f"{_signed(c.coins_diff)} [{_signed(c.coins_lo)}, {_signed(c.coins_hi)}] | "
                 f"{c.coins_p_holm:.3f} |")
    L += ["", "## How to read it", "",
          "- **Pairs.** Game *n* is dealt and played from the same seed under A and under B; a race "
          "or power counts in a game when a player picked it under both versions. The game, not "
          "the pick, is the unit: picks within one game are not independent (a race taken twice "
          "counts once: it won if any holder won; its coins are summed). Games where it was picked "
          "under only one version are counted above but not paired. `--force` makes it appear in "
          "every game.",
          "- **Intervals.** The mean of the paired differences with a Student's t interval on "
          "n − 1 degrees of freedom (the right width for small samples). Under "
          f"{MIN_PAIRS} paired games there is no verdict.",
          "- **Many at once.** With more than one changed race or power, the p values are adjusted "
          f"with Holm's step-down method before a verdict says stronger or weaker ({len(changes)} "
          "compared here). The intervals shown are the unadjusted 95% ones.",
          "- **Coins** are the coins the combo scored (its race's regions and both bonuses, "
          "Active and In Decline), not the player's final total; for a power, the part its own "
          "effects scored is given separately.",
          "", f"Played in {seconds:.1f} s.", ""]
    (out / "summary.md").write_text("\n".join(L), encoding="utf-8")
    (out / "run.json").write_text(json.dumps({
        "a": file_a, "b": file_b, "players": cfg.players, "games": cfg.games, "seed": cfg.seed,
        "seats": cfg.levels(), "forced": [f"{r}+{p}" for r, p in cfg.forced],
        "map": cfg.map_path or map_name, "seconds": round(seconds, 2)}, indent=2), encoding="utf-8")
