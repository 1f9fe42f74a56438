"""From game records to tables: per race, per power, per combo, per round, per seat.

A row counts every time a combo was picked ("picks"). For each it gives: the win rate of the
player who picked it (a shared victory counts as a win) with a 95% Wilson interval; the mean
final coins of that player; the mean coins the combo itself scored (its regions and bonuses,
Active and then In Decline) — the figure that says most about the combo, since a player's
final total mixes three or four races — each with a 95% interval (mean ± 1.96 standard
errors); how often it is picked per game; and the mean column position it was picked from.
Custom races and powers (from `--content` files) are flagged. `Tables.uses` adds up, per race
and power, how its own move was offered and taken and how often its effects acted (`use.py`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Iterable, Mapping, Sequence

from ..rules import Catalog
from ..stats import clustered_mean_ci, clustered_wilson
from .runner import GameRecord, PickRecord
from .use import EntryUse, total


@dataclass
class Row:
    key: str                      # race id, power id, or "race+power"
    name: str
    custom: bool
    picks: int = 0
    games: int = 0                # games in which it was picked at least once
    wins: int = 0
    win_rate: float = 0.0
    win_lo: float = 0.0
    win_hi: float = 0.0
    coins: float = 0.0            # mean final coins of the player who picked it
    coins_lo: float = 0.0
    coins_hi: float = 0.0
    earned: float = 0.0           # mean coins the combo scored itself
    earned_lo: float = 0.0
    earned_hi: float = 0.0
    pick_rate: float = 0.0        # picks per game
    position: float = 0.0         # mean column position picked from
    positions: list[int] = field(default_factory=list)   # picks from position 0, 1, ... 5
    win_groups: list[tuple[float, int]] = field(default_factory=list, repr=False)     # per game
    earned_groups: list[tuple[float, int]] = field(default_factory=list, repr=False)
    earned_decline: float = 0.0   # of `earned`, the mean coins scored In Decline
    by_round: list[float] = field(default_factory=list)   # mean coins scored in each round of the game, per pick
    win_p: float = 1.0            # vs an even race, Holm-adjusted over its table (see report)
    earned_p: float = 1.0         # vs the base races' coins, Holm-adjusted


@dataclass
class Tables:
    games: int
    players: int
    rounds: int
    races: list[Row]
    powers: list[Row]
    combos: list[Row]
    seats: list[Row]                       # win rate and coins by seat (turn order)
    income: list[tuple[float, float, float]]       # per round: mean coins gained by a player, CI
    cumulative: list[list[float]]          # per round: mean coins at the end of the round, per seat
    winner_cumulative: list[float]         # per round: mean coins of the eventual winner
    mean_winner_coins: float
    mean_coins: float
    baseline: float                        # 1 / players: the win rate of an even race
    uses: dict[str, EntryUse] = field(default_factory=dict)   # per race and power: its move and effects (use.py)


#: per number of games: the class of the rows of races and powers never picked, whose figures
#: (all the same) are its class attributes, each row holding only its key, name and flag: a
#: catalog of thousands of entries mostly never picked makes one small object for each, not a
#: row with its lists (and the cycle collector's passes they would bring)
_UNPICKED: dict[int, type[Row]] = {}


def _unpicked(games: int) -> type[Row]:
    cls = _UNPICKED.get(games)
    if cls is None:
        blank = vars(_picked_row("", "", False, [], games))
        figures = {k: v for k, v in blank.items() if k not in ("key", "name", "custom")}
        # its lists are shared by every such row: read, never changed in place (a figure set
        # on a row, as `mark` and the seats' pick rate do, is the row's own)
        cls = _UNPICKED[games] = type("UnpickedRow", (Row,), {"__doc__": Row.__doc__, **figures})
    return cls


def _row(key: str, name: str, custom: bool, items: list[tuple[GameRecord, PickRecord]], games: int,
         rounds: int = 0) -> Row:
    if not items:             # a race or power never picked: the same figures for each of thousands
        cls = _unpicked(games)
        r = cls.__new__(cls)
        r.key, r.name, r.custom = key, name, custom
        return r
    return _picked_row(key, name, custom, items, games, rounds)


def _picked_row(key: str, name: str, custom: bool, items: list[tuple[GameRecord, PickRecord]], games: int,
                rounds: int = 0) -> Row:
    r = Row(key, name, custom)
    r.picks = len(items)
    r.games = len({g.game for g, _ in items})
    won = [1.0 if p.seat in g.winners else 0.0 for g, p in items]
    r.wins = int(sum(won))
    r.win_rate = r.wins / r.picks if r.picks else 0.0
    # Picks in one game are not independent: intervals count each game once (clustered).
    per_game: dict[int, list[tuple[GameRecord, PickRecord]]] = {}
    for g, p in items:
        per_game.setdefault(g.game, []).append((g, p))
    r.win_groups = [(sum(1.0 for g, p in v if p.seat in g.winners), len(v)) for v in per_game.values()]
    r.earned_groups = [(float(sum(p.earned for _, p in v)), len(v)) for v in per_game.values()]
    coin_groups = [(float(sum(g.coins[p.seat] for g, p in v)), len(v)) for v in per_game.values()]
    r.win_lo, r.win_hi = clustered_wilson(r.win_groups)
    r.coins, r.coins_lo, r.coins_hi = clustered_mean_ci(coin_groups)
    r.earned, r.earned_lo, r.earned_hi = clustered_mean_ci(r.earned_groups)
    r.pick_rate = r.picks / games if games else 0.0
    if r.picks:
        r.earned_decline = sum(p.earned_decline for _, p in items) / r.picks
        r.by_round = [sum(p.by_round.get(k + 1, 0) for _, p in items) / r.picks for k in range(rounds)]
    r.position = sum(p.position for _, p in items) / r.picks if r.picks else 0.0
    pos = [0] * 6
    for _, p in items:
        if 0 <= p.position < 6:
            pos[p.position] += 1
    r.positions = pos
    return r


def _sort(rows: Iterable[Row]) -> list[Row]:
    """By win rate, then coins scored, both highest first, then by key: sorted by key, then
    stably by the figures (a sort that reverses keeps the order of equals), two sorts on
    attributes read without a Python function for each of thousands of rows."""
    out = sorted(rows, key=attrgetter("key"))
    out.sort(key=attrgetter("win_rate", "earned"), reverse=True)
    return out


def _rows(defs: Mapping[str, Any], picked: dict[str, list[tuple[GameRecord, PickRecord]]],
          games: int, rounds: int = 0) -> list[Row]:
    """A row for each race (or power) of the catalog, and for each picked one it does not hold,
    named by its id; looked up once for each, where thousands are never picked."""
    rows = [_row(k, d.name, bool(d.custom), picked.get(k, []), games, rounds) for k, d in defs.items()]
    rows += [_row(k, k, False, v, games, rounds) for k, v in picked.items() if k not in defs]
    return rows


def tabulate(records: Sequence[GameRecord], catalog: Catalog, min_combo_picks: int = 1) -> Tables:
    games = len(records)
    players = len(records[0].coins) if records else 0
    by_race: dict[str, list[tuple[GameRecord, PickRecord]]] = {}      # the picked ones
    by_power: dict[str, list[tuple[GameRecord, PickRecord]]] = {}
    by_combo: dict[str, list] = {}
    for g in records:
        for p in g.picks:
            by_race.setdefault(p.race, []).append((g, p))
            by_power.setdefault(p.power, []).append((g, p))
            by_combo.setdefault(f"{p.race}+{p.power}", []).append((g, p))

    def rname(k: str) -> str:
        return catalog.races[k].name if k in catalog.races else k

    def pname(k: str) -> str:
        return catalog.powers[k].name if k in catalog.powers else k

    def rcustom(k: str) -> bool:
        return bool(k in catalog.races and catalog.races[k].custom)

    def pcustom(k: str) -> bool:
        return bool(k in catalog.powers and catalog.powers[k].custom)

    rounds = max((len(g.round_coins) for g in records), default=0)
    races = _sort(_rows(catalog.races, by_race, games, rounds))
    powers = _sort(_rows(catalog.powers, by_power, games))
    combos = []
    for k, v in by_combo.items():
        if len(v) < min_combo_picks:
            continue
        race, power = k.split("+", 1)
        combos.append(_row(k, f"{rname(race)} {pname(power)}", rcustom(race) or pcustom(power), v, games))
    combos = _sort(combos)

    seats = []
    for i in range(players):
        items = [(g, PickRecord(i, 0, "", "", 0, 0, 0)) for g in records]
        row = _row(f"seat{i + 1}", f"Seat {i + 1}", False, items, games)
        row.pick_rate = sum(1 for g in records for p in g.picks if p.seat == i) / games if games else 0.0
        seats.append(row)

    income = []
    cumulative = []
    winner_cum = []
    for r in range(rounds):
        gained: list[tuple[float, int]] = []          # per game: the players' gains (clustered)
        per_seat = [0.0] * players
        wsum = 0.0
        for g in records:
            now = g.round_coins[r]
            prev = g.round_coins[r - 1] if r else [5] * players
            gains = [float(a - b) for a, b in zip(now, prev, strict=False)]
            gained.append((sum(gains), len(gains)))
            for i in range(players):
                per_seat[i] += now[i] / games
            wsum += sum(now[w] for w in g.winners) / max(1, len(g.winners))
        income.append(clustered_mean_ci(gained))
        cumulative.append(per_seat)
        winner_cum.append(wsum / games if games else 0.0)
    mean_winner = (sum(sum(g.coins[w] for w in g.winners) / max(1, len(g.winners)) for g in records) / games
                   if games else 0.0)
    mean_coins = sum(sum(g.coins) for g in records) / (games * players) if games else 0.0
    return Tables(games, players, rounds, races, powers, combos, seats, income, cumulative, winner_cum,
                  mean_winner, mean_coins, 1.0 / players if players else 0.0, total(g.uses for g in records))
