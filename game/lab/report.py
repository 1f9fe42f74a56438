"""Writing the report folder: CSV files, full tables, charts and the one-page summary.

Everything written here depends only on the game records and the run's settings, never on the
clock, except the timing lines (`Played ... games/s`) of `summary.md` and `run.json`: the same
seed gives the same files otherwise.
"""
from __future__ import annotations

import csv
import io
import json
import re
from operator import attrgetter
from pathlib import Path
from typing import Sequence

from ..rules import Catalog
from ..stats import cluster_p, holm
from . import charts
from .runner import GameRecord, LabConfig
from .stats import Row, Tables, tabulate
from .use import EntryUse, Status, has_move, move_text, status, unseen_effects

FILES = ("summary.md", "tables.md", "games.csv", "picks.csv", "races.csv", "powers.csv", "combos.csv",
         "rounds.csv", "seats.csv", "winrate_by_race.png", "winrate_by_power.png", "coins_by_race.png",
         "coins_per_round.png", "coins_by_round_by_race.png", "active_vs_decline.png", "race_rounds.csv",
         "use.csv", "run.json")


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _name(r: Row) -> str:
    return f"**{r.name} (custom)**" if r.custom else r.name


def _md_table(rows: Sequence[Row], what: str) -> list[str]:
    out = [f"| {what} | picks | win rate [95%] | mean final coins [95%] | coins the combo scored [95%] | "
           f"picks/game | mean position | from position 0·1·2·3·4·5 |",
           "|---|---:|---|---|---|---:|---:|---|"]
    said: dict[object, str] = {}    # the figures of races never picked, said once
    for r in rows:
        figures = _said_as(r) if not r.picks else ()
        tail = said.get(figures) if not r.picks else None
        if tail is None:
            tail = said[figures] = (
                f" | {r.picks} | {pct(r.win_rate)} [{pct(r.win_lo)}–{pct(r.win_hi)}] | "
                f"{r.coins:.1f} [{r.coins_lo:.1f}–{r.coins_hi:.1f}] | "
                f"{r.earned:.1f} [{r.earned_lo:.1f}–{r.earned_hi:.1f}] | {r.pick_rate:.2f} | "
                f"{r.position:.2f} | {'·'.join(str(x) for x in r.positions)} |")
        out.append(f"| {_name(r)}{tail}")
    return out


_FIGURES = attrgetter("picks", "games", "wins", "win_rate", "win_lo", "win_hi", "coins", "coins_lo", "coins_hi",
                      "earned", "earned_lo", "earned_hi", "pick_rate", "position")


def _figures(r: Row) -> tuple[object, ...]:
    """Every figure of a row that its table and CSV lines write: the rows of races and powers
    never picked are copies of one, whose lines are written once (`stats._row`)."""
    return (*_FIGURES(r), tuple(r.positions))


def _said_as(r: Row) -> object:
    """What tells apart the figures of a row never picked: its class when it is one of the rows
    sharing their figures (`stats._row`) and holds no figure of its own, else the figures."""
    return type(r) if type(r) is not Row and len(vars(r)) == 3 else _figures(r)


def _csv_rows(path: Path, rows: Sequence[Row], what: str) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow([what, "name", "custom", "picks", "games", "wins", "win_rate", "win_lo", "win_hi",
                    "mean_final_coins", "coins_lo", "coins_hi", "mean_coins_scored", "scored_lo", "scored_hi",
                    "picks_per_game", "mean_position"] + [f"from_position_{i}" for i in range(6)])
        said: dict[object, str] = {}       # the figures of rows never picked, as the writer puts them
        line = io.StringIO()
        one = csv.writer(line)
        for r in rows:
            if r.picks:
                w.writerow([r.key, r.name, int(r.custom), *_csv_figures(r)])
                continue
            figures = _said_as(r)
            text = said.get(figures)
            if text is None:                # ",0,0,...\r\n": the writer's line, after the flag
                line.seek(0)
                line.truncate()
                one.writerow([0, *_csv_figures(r)])
                text = said[figures] = line.getvalue()[1:]
            if _PLAIN_FIELD.fullmatch(r.key) and _PLAIN_FIELD.fullmatch(r.name):
                f.write(f"{r.key},{r.name},{int(r.custom)}{text}")      # what the writer writes: no quotes needed
            else:
                line.seek(0)
                line.truncate()
                one.writerow([r.key, r.name, int(r.custom)])
                f.write(line.getvalue()[:-2] + text)


#: a CSV field the writer leaves as it is (no delimiter, quote or line end in it, not empty)
_PLAIN_FIELD = re.compile(r'[^,"\r\n]+')


def _csv_figures(r: Row) -> list[object]:
    """A row's figures as its CSV line writes them, after its id, name and flag."""
    return [r.picks, r.games, r.wins, f"{r.win_rate:.4f}", f"{r.win_lo:.4f}", f"{r.win_hi:.4f}",
            f"{r.coins:.2f}", f"{r.coins_lo:.2f}", f"{r.coins_hi:.2f}", f"{r.earned:.2f}",
            f"{r.earned_lo:.2f}", f"{r.earned_hi:.2f}", f"{r.pick_rate:.3f}", f"{r.position:.2f}", *r.positions]


def even_rate(records: Sequence[GameRecord]) -> float:
    """Win rate of the average pick (a player who picks more races wins a little less often)."""
    n = wins = 0
    for g in records:
        for p in g.picks:
            n += 1
            wins += p.seat in g.winners
    return wins / n if n else 0.0


def mark(rows: Sequence[Row], even: float, base_scored: float) -> None:
    """Each row's p values against an even race (win rate) and the base races (coins), clustered
    by game and Holm-adjusted over the whole table, since a table compares many at once."""
    ok = [r for r in rows if r.picks]
    for attr, groups, target in (("win_p", "win_groups", even), ("earned_p", "earned_groups", base_scored)):
        adj = holm([cluster_p(getattr(r, groups), target) for r in ok])
        for r, p in zip(ok, adj, strict=True):
            setattr(r, attr, p)


def verdict(r: Row, even: float, base_scored: float) -> str:
    """In words, after `mark`: 'clearly' means Holm-adjusted p < 0.05."""
    if r.picks < 30:
        return "too few picks to say (play more games)"
    up, down = r.win_p < 0.05 and r.win_rate > even, r.win_p < 0.05 and r.win_rate < even
    rich, poor = r.earned_p < 0.05 and r.earned > base_scored, r.earned_p < 0.05 and r.earned < base_scored
    if up and rich:
        return "stronger than the base races: wins and scores more than an even race"
    if down and poor:
        return "weaker than the base races: wins and scores less than an even race"
    if up:
        return "wins more often than an even race"
    if down:
        return "wins less often than an even race"
    if rich:
        return "scores more than the base races, within the noise on wins"
    if poor:
        return "scores less than the base races, within the noise on wins"
    return "within the noise of an even race"


def write(out: Path, cfg: LabConfig, catalog: Catalog, map_name: str, records: Sequence[GameRecord],
          seconds: float) -> Tables:
    out.mkdir(parents=True, exist_ok=True)
    t = tabulate(records, catalog)
    even = even_rate(records)
    _write_csvs(out, t, records)
    _write_use_csv(out, t, catalog)
    _write_charts(out, t, cfg, map_name, even)
    _write_tables(out, t, cfg, map_name, catalog)
    _write_summary(out, t, cfg, catalog, map_name, even, seconds)
    rate = len(records) / seconds if seconds > 0 else 0.0
    (out / "run.json").write_text(json.dumps({
        "players": cfg.players, "games": cfg.games, "seed": cfg.seed, "level": cfg.level, "seats": cfg.levels(),
        "forced": [f"{r}+{p}" for r, p in cfg.forced],
        "content": cfg.content, "map": cfg.map_path or map_name, "jobs": cfg.jobs, "cluster": cfg.cluster,
        "seconds": round(seconds, 2), "games_per_second": round(rate, 2),
        "unused": [r.key for _, r in in_play(t) if use_status(t, catalog, r).word == "unused"],
    }, indent=2) + "\n", encoding="utf-8")
    return t


def _write_csvs(out: Path, t: Tables, records: Sequence[GameRecord]) -> None:
    with (out / "games.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["game", "seed", "seat", "won", "rank", "final_coins", "tokens_on_board", "combos",
                    "positions"] + [f"coins_round_{i + 1}" for i in range(t.rounds)])
        for g in records:
            for seat, coins in enumerate(g.coins):
                picks = [p for p in g.picks if p.seat == seat]
                w.writerow([g.game, g.seed, seat + 1, int(seat in g.winners), g.places[seat], coins,
                            g.tokens[seat], ";".join(f"{p.race}+{p.power}" for p in picks),
                            ";".join(str(p.position) for p in picks)]
                           + [row[seat] for row in g.round_coins])
    with (out / "picks.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["game", "seat", "round", "race", "power", "position", "paid", "collected",
                    "coins_scored", "seat_won", "seat_final_coins", "coins_scored_in_decline"])
        for g in records:
            for p in g.picks:
                w.writerow([g.game, p.seat + 1, p.round, p.race, p.power, p.position, p.paid, p.collected,
                            p.earned, int(p.seat in g.winners), g.coins[p.seat], p.earned_decline])
    _csv_rows(out / "races.csv", t.races, "race")
    _csv_rows(out / "powers.csv", t.powers, "power")
    _csv_rows(out / "combos.csv", t.combos, "combo")
    _csv_rows(out / "seats.csv", t.seats, "seat")
    with (out / "race_rounds.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["race", "custom", "picks", "coins_scored", "coins_in_decline"]
                   + [f"coins_round_{i + 1}" for i in range(t.rounds)])
        for r in t.races:
            if r.picks:
                w.writerow([r.key, int(r.custom), r.picks, f"{r.earned:.2f}", f"{r.earned_decline:.2f}"]
                           + [f"{x:.2f}" for x in r.by_round])
    with (out / "rounds.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["round", "mean_coins_gained", "gained_lo", "gained_hi", "winner_mean_coins"]
                   + [f"seat{i + 1}_mean_coins" for i in range(t.players)])
        for i, (m, lo, hi) in enumerate(t.income):
            w.writerow([i + 1, f"{m:.2f}", f"{lo:.2f}", f"{hi:.2f}", f"{t.winner_cumulative[i]:.2f}"]
                       + [f"{x:.2f}" for x in t.cumulative[i]])


def _write_charts(out: Path, t: Tables, cfg: LabConfig, map_name: str, even: float) -> None:
    sub = f"{t.games} games, {t.players} players, {cfg.bots_label()}, {map_name}, seed {cfg.seed}"
    charts.bar_chart(t.races, out / "winrate_by_race.png", "Win rate by race",
                     sub + " - the player who picked it won", "win", even)
    charts.bar_chart(t.powers, out / "winrate_by_power.png", "Win rate by power",
                     sub + " - the player who picked it won", "win", even)
    base = [r.earned for r in t.races if not r.custom and r.picks >= 10]
    band = (min(base), max(base)) if base else None
    charts.bar_chart(t.races, out / "coins_by_race.png", "Coins a race scores",
                     sub + " - its regions and bonuses, Active and In Decline", "earned", None, band)
    charts.rounds_chart(t, out / "coins_per_round.png", "Coins per round", sub)
    charts.race_rounds_chart(t.races, out / "coins_by_round_by_race.png", "When each race scores", sub)
    charts.decline_chart(t.races, out / "active_vs_decline.png", "Coins a race scores Active and In Decline", sub)


def in_play(t: Tables) -> list[tuple[str, Row]]:
    """The races and powers picked in the run, as ("race" or "power", its row), by id."""
    return sorted([("race", r) for r in t.races if r.picks] + [("power", r) for r in t.powers if r.picks],
                  key=lambda x: (x[0] != "race", x[1].key))


def use_status(t: Tables, catalog: Catalog, r: Row) -> Status:
    """How the race or power of row `r` was used in the games where it was in play."""
    return status(catalog, r.key, t.uses.get(r.key), r.games)


def use_verdict(t: Tables, catalog: Catalog, r: Row, even: float, base_scored: float) -> str:
    """The summary's word on how a custom entry was used: "unused: ...", or "weak: used X times
    ..., win share Y" when the bots used it and it wins or scores less, or "used X times ..."."""
    st = use_status(t, catalog, r)
    if st.word != "used":
        return st.text
    weak = verdict(r, even, base_scored).startswith(("weaker", "wins less", "scores less"))
    return f"{'weak: ' if weak else ''}{st.text}, win share {pct(r.win_rate)}"


def use_figures(catalog: Catalog, key: str, u: EntryUse) -> str:
    """Its move offered and taken, and what its effects did, in words."""
    said = [move_text(u)] if has_move(catalog, key) else []
    did = u.details()
    if did:
        said.append(f"its effects: {did}")
    elif not catalog.abilities.get(key):
        said.append("no effect of its own")
    elif not has_move(catalog, key):
        said.append("its effects never seen acting")
    return "; ".join(said)


def _write_use_csv(out: Path, t: Tables, catalog: Catalog) -> None:
    with (out / "use.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["id", "kind", "name", "custom", "picks", "games_in_play", "has_move", "move_offered",
                    "move_offered_turns", "move_taken", "coin_times", "coins", "conquests_priced",
                    "price_tokens", "conquests_reached", "losses_changed", "tokens_kept", "bonus_times",
                    "bonus_tokens", "acted", "status", "effects_not_seen"])
        for kind, r in in_play(t):
            u = t.uses.get(r.key) or EntryUse()
            w.writerow([r.key, kind, r.name, int(r.custom), r.picks, r.games, int(has_move(catalog, r.key)),
                        u.offered, u.offered_turns, u.taken, u.scored, u.coins, u.priced, u.price, u.reached,
                        u.saved, u.saved_tokens, u.bonus, u.bonus_tokens, u.acted(),
                        use_status(t, catalog, r).word, ";".join(unseen_effects(catalog, r.key))])


def _use_table(t: Tables, catalog: Catalog) -> list[str]:
    """tables.md's section on how each race and power in play was used."""
    L = ["", "## Own moves and effects", "",
         "For each race and power in play: its own move (a marker placed, a special conquest, a block's "
         "`use` move) offered to its holder (decisions · turns) and taken by the bots, and how often its "
         "effects acted: coins they brought (times), conquests whose cost they changed (tokens, negative: "
         "cheaper), conquests only they allowed, tokens kept when a region was lost, tokens brought from "
         "the tray. \"unused\": its move was never taken, or none of its effects ever acted; \"unseen\": "
         "the lab cannot see its effects act (see `use.csv`); \"plain\": it has no effect of its own.", "",
         "| race or power | games in play | move offered | taken | coins (times) | conquests priced (tokens) | "
         "only it allowed | tokens kept (losses) | tokens brought (times) | acted | status |",
         "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for _, r in in_play(t):
        u = t.uses.get(r.key) or EntryUse()
        move = has_move(catalog, r.key)
        L.append(f"| {_name(r)} | {r.games} | {f'{u.offered} · {u.offered_turns}' if move else '—'} | "
                 f"{u.taken if move else '—'} | {u.coins} ({u.scored}) | {u.priced} ({u.price:+d}) | {u.reached} | "
                 f"{u.saved_tokens} ({u.saved}) | {u.bonus_tokens} ({u.bonus}) | {u.acted()} | "
                 f"{use_status(t, catalog, r).word} |")
    return L


def unused_line(t: Tables, catalog: Catalog) -> str:
    """The summary's line on the races and powers in play that the bots never used."""
    unused = [(r, use_status(t, catalog, r)) for _, r in in_play(t)]
    unused = [(r, st) for r, st in unused if st.word == "unused"]
    said = "; ".join(f"{_name(r)}: {st.text.removeprefix('unused: ')}" for r, st in unused) or "none"
    return (f"Races and powers the bots never used (in play, but their own move never taken or their effects "
            f"never acting), of {len(in_play(t))} in play: {said}.")


def _write_tables(out: Path, t: Tables, cfg: LabConfig, map_name: str, catalog: Catalog) -> None:
    lines = ["# Balance lab: full tables", "",
             f"{t.games} games of {t.players} players, {cfg.bots_label()}, map {map_name}, seed {cfg.seed}.",
             "Win rate: the player who picked it won the game (shared victories count). Coins the combo "
             "scored: its regions and bonuses while Active and then In Decline. Intervals are 95%.", "",
             "## Races", ""] + _md_table(t.races, "race") + ["", "## Powers", ""] + _md_table(t.powers, "power")
    lines += ["", "## Seats (turn order)", "", "| seat | win rate [95%] | mean final coins [95%] |", "|---|---|---|"]
    for r in t.seats:
        lines.append(f"| {r.name} | {pct(r.win_rate)} [{pct(r.win_lo)}–{pct(r.win_hi)}] | "
                     f"{r.coins:.1f} [{r.coins_lo:.1f}–{r.coins_hi:.1f}] |")
    lines += ["", "## Coins per round", "", "| round | coins gained by a player [95%] | winner's coins so far | "
              + " | ".join(f"seat {i + 1} so far" for i in range(t.players)) + " |",
              "|---:|---|---:|" + "---:|" * t.players]
    for i, (m, lo, hi) in enumerate(t.income):
        lines.append(f"| {i + 1} | {m:.1f} [{lo:.1f}–{hi:.1f}] | {t.winner_cumulative[i]:.1f} | "
                     + " | ".join(f"{x:.1f}" for x in t.cumulative[i]) + " |")
    lines += _use_table(t, catalog)
    lines += ["", "## Combos", "", "Sorted by win rate; combos picked fewer than 10 times have wide intervals.", ""]
    lines += _md_table(t.combos, "combo")
    (out / "tables.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def never_paid(t: Tables) -> tuple[list[Row], list[Row]]:
    """The races and powers picked only from the top of the column (free), and those never picked."""
    rows = t.races + t.powers
    free = [r for r in rows if r.picks and not sum(r.positions[1:])]
    return free, [r for r in rows if not r.picks]


def never_paid_line(t: Tables) -> str:
    """The summary's line on the races and powers the bots never pay for."""
    free, unpicked = never_paid(t)
    n = len(t.races) + len(t.powers)
    line = (f"Races and powers the bots never pay for (picked in this run, but only free from the top of "
            f"the column): {', '.join(f'{_name(r)} ({r.picks} picks)' for r in free) if free else 'none'}, "
            f"of {n}")
    if unpicked:
        line += f"; never picked: {', '.join(_name(r) for r in unpicked)}"
    return line + "."


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _write_summary(out: Path, t: Tables, cfg: LabConfig, catalog: Catalog, map_name: str, even: float,
                   seconds: float) -> None:
    base_races = [r for r in t.races if not r.custom and r.picks]
    base_scored = (sum(r.earned * r.picks for r in base_races) / max(1, sum(r.picks for r in base_races)))
    mark(t.races, even, base_scored)
    mark(t.powers, even, base_scored)
    content = ", ".join(cfg.content) if cfg.content else "the base races and powers only"
    L = [f"# Balance lab: {t.games} games, {t.players} players, {cfg.bots_label()}", "",
         f"Map **{map_name}** · content: {content} · seed {cfg.seed}. "
         f"Read this page first; `tables.md` has every figure and the CSV files have every game.", ""]
    custom = [r for r in t.races + t.powers if r.custom]
    customs_defined = any(d.custom for d in catalog.races.values()) or any(d.custom for d in catalog.powers.values())
    L += ["## Your custom races and powers", ""]
    if not customs_defined:
        L += ["None in this run: add yours with `--content my_races.yaml`.", ""]
    else:
        L += [f"An even race wins {pct(even)} of the time it is picked, and a base race scores "
              f"{base_scored:.1f} coins over its life.", ""]
        for r in custom:
            if not r.picks:
                L.append(f"- **{r.name}**: never picked in {t.games} games (is it ever in the column? play more games)")
                continue
            L.append(f"- **{r.name}** ({'race' if r.key in catalog.races else 'power'}): picked {r.picks} times; "
                     f"its player won {pct(r.win_rate)} [{pct(r.win_lo)}–{pct(r.win_hi)}]; it scored "
                     f"{r.earned:.1f} coins [{r.earned_lo:.1f}–{r.earned_hi:.1f}]; picked from position "
                     f"{r.position:.1f} on average. **Verdict: {verdict(r, even, base_scored)}.**")
            L.append(f"  - Use: {use_figures(catalog, r.key, t.uses.get(r.key) or EntryUse())}. "
                     f"**{_sentence(use_verdict(t, catalog, r, even, base_scored))}.**")
        L.append("")
    L += ["## Races and powers at a glance", ""]

    def line(rows: list[Row], what: str) -> None:
        ok = [r for r in rows if r.picks >= 10]
        if not ok:
            return
        by = sorted(ok, key=lambda r: (-r.earned, r.key))
        top = ", ".join(f"{_name(r)} {r.earned:.1f}" for r in by[:3])
        low = ", ".join(f"{_name(r)} {r.earned:.1f}" for r in by[-3:][::-1])
        wins = sorted(ok, key=lambda r: (-r.win_rate, r.key))
        L.append(f"- {what} scoring the most coins: {top}; the fewest: {low}.")
        L.append(f"- {what} whose player wins most often: "
                 + ", ".join(f"{_name(r)} {pct(r.win_rate)}" for r in wins[:3])
                 + "; least often: " + ", ".join(f"{_name(r)} {pct(r.win_rate)}" for r in wins[-3:][::-1]) + ".")
        strong = [r for r in ok if verdict(r, even, base_scored).startswith("stronger")]
        weak = [r for r in ok if verdict(r, even, base_scored).startswith("weaker")]
        if strong:
            L.append(f"- Clearly strong {what.lower()} (wins and coins both clearly above, Holm-adjusted): " + ", ".join(_name(r) for r in strong) + ".")
        if weak:
            L.append(f"- Clearly weak {what.lower()} (wins and coins both clearly below, Holm-adjusted): " + ", ".join(_name(r) for r in weak) + ".")

    line(t.races, "Races")
    late = sorted([r for r in t.races if r.picks >= 10 and r.earned > 0],
                  key=lambda r: (-r.earned_decline / r.earned, r.key))
    if late:
        L.append("- Races that score the biggest share of their coins In Decline: " + ", ".join(
            f"{_name(r)} {100 * r.earned_decline / r.earned:.0f}%" for r in late[:3]) + "; the smallest: "
            + ", ".join(f"{_name(r)} {100 * r.earned_decline / r.earned:.0f}%" for r in late[-3:][::-1]) + ".")
    line(t.powers, "Powers")
    most = sorted(t.races, key=attrgetter("key"))          # then most picked first, stably
    most.sort(key=attrgetter("pick_rate"), reverse=True)
    L.append("- Most picked races: " + ", ".join(f"{_name(r)} {r.pick_rate:.2f}/game (position {r.position:.1f})"
                                                 for r in most[:3])
             + "; least picked: " + ", ".join(f"{_name(r)} {r.pick_rate:.2f}/game" for r in most[-3:][::-1]) + ".")
    L.append("- " + never_paid_line(t))
    L.append("- " + unused_line(t, catalog))
    L += ["", "## The game as a whole", ""]
    L.append(f"- Mean final coins {t.mean_coins:.1f}; the winner's {t.mean_winner_coins:.1f}.")
    L.append("- Wins by seat (turn order): " + ", ".join(
        f"seat {i + 1} {pct(r.win_rate)} [{pct(r.win_lo)}–{pct(r.win_hi)}]" for i, r in enumerate(t.seats))
        + f" (even: {pct(t.baseline)}).")
    if t.income:
        L.append("- Coins gained per round: " + " · ".join(f"{m:.1f}" for m, _, _ in t.income) + ".")
    L += ["", "## How the figures are computed", "",
          "- **The game is the unit.** Picks within one game are not independent (the same seeds, "
          "board and rivals), so every interval is clustered by game: a race's win rate uses a "
          "Wilson interval on the effective number of picks (the picks shrunk by the design "
          "effect of the clustering), its coins a cluster-robust standard error.",
          "- **Student's t.** Means (coins, coins per round) use a t interval on games − 1 degrees "
          "of freedom, which is wider than the normal one for small samples.",
          f"- **Many races at once.** The verdicts test every race (and every power) against an "
          f"even race ({pct(even)}) and the base races' coins ({base_scored:.1f}) and adjust the "
          f"p values with Holm's step-down method over the whole table before saying 'clearly'; "
          f"the intervals shown are the unadjusted 95% ones.",
          "- **The bots value content from play.** What a race, a power and a combo are worth to the "
          "computer players (for picks, declines and look-ahead) was measured in self-play games of this "
          "content on this map (`python -m game.lab worth`; custom content is measured before the run and "
          "cached), not read from the names of its blocks: a race the bots do not understand is still "
          "valued at what it scores.",
          "- **Unused or weak.** Each game's intents are followed as they are played: a race's or power's "
          "own move counts as offered when it was among the intents its holder could choose from, and as "
          "taken when the bot chose it; its effects act when the engine's events or the conquest's priced "
          "parts show them (coins scored, a conquest's cost changed, a conquest only it allowed, tokens "
          "kept or brought). An entry is unused when its move was never taken, or when none of its effects "
          "ever acted though the lab can see them all; an effect that leaves no such trace is named in "
          "`use.csv` and never makes an entry unused.",
          "- **Coins chart.** The grey band is the range of the base races' mean coins: a custom "
          "race inside it scores like one of the base game's races.",
          "", "## Charts", "", "![Win rate by race](winrate_by_race.png)", "",
          "![Win rate by power](winrate_by_power.png)", "", "![Coins a race scores](coins_by_race.png)", "",
          "![Coins per round](coins_per_round.png)", "",
          "![When each race scores](coins_by_round_by_race.png)", "",
          "![Coins a race scores Active and In Decline](active_vs_decline.png)", "",
          "## Files", "",
          "`tables.md` (every race, power, combo, seat and round with intervals) · `races.csv` · `powers.csv` · "
          "`combos.csv` · `seats.csv` · `rounds.csv` · `games.csv` (one row per player per game) · "
          "`picks.csv` (one row per combo picked) · `race_rounds.csv` (each race's coins round by round, Active "
          "and In Decline) · `use.csv` (each race's and power's own move offered and taken, and its effects "
          "acting) · `run.json` (settings and timing).", "",
          "## Run", ""]
    rate = t.games / seconds if seconds > 0 else 0.0
    where = f" on the Dask cluster at {cfg.cluster}" if cfg.cluster else ""
    L.append(f"- Played {t.games} games in {seconds:.1f} s ({rate:.1f} games/s){where}.")
    (out / "summary.md").write_text("\n".join(L) + "\n", encoding="utf-8")
