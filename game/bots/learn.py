"""Measuring what races and powers are worth: self-play games and the estimate (`worth.py`
holds the tables and what the bots read).

`measure(board, catalog, players, games)` plays fast self-play games — Medium judging conquests
and declines from the blocks (never from a table of worth, which would measure itself), the
combo picked at random among the first affordable ones, so that every race and power is played
often whatever its reputation — and records, for every own turn, the coins each race scored
Active and In Decline. `estimate` turns them into a `worth.WorthTable`:

- a turn's coins are compared with the mean of all races in the same round (Active and In
  Decline apart), and, Active, less what the bots' life model already credits a combo for its
  printed tokens (`per_token`): what is left is what the race's and power's blocks add;
- a combo's turns are split between its race and its power additively (backfitting: the
  column deals combos at random, so the two can be told apart);
- each race's and power's figure is the mean of its picks' figures (the pick is the unit: the
  turns of one pick share a board and rivals), shrunk toward the mean (zero) by its noise
  against the spread of the true figures (empirical Bayes): an entry picked a few times gets
  a figure close to the mean, one picked often its own;
- the figure of each round is shrunk the same way toward the entry's own figure.

A game's seed is `worth:SEED:GAME`, so a table is reproducible from its seed and game count.
"""
from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..rules import Action, Board, Catalog, GameState, Pick, Record, typed_event
from .arena import play_game
from .knowledge import BoardFacts, LifeModel, Traits
from .medium import MediumBot
from .worth import Entry, WorthTable, board_key, content_key, definition_key, land_of

FIRST_PICKS = 6            # the measuring seats pick at random among this many affordable combos


@dataclass
class _Pick:
    race: str
    power: str
    tokens: int
    active: list[tuple[int, int]] = field(default_factory=list)    # (round, coins) per Active turn
    decline: list[tuple[int, int]] = field(default_factory=list)   # (round, coins) per In Decline turn


class _Follow:
    """Follows one game: each pick, and each own turn's coins of the races a seat holds."""

    def __init__(self) -> None:
        self.picks: list[_Pick] = []
        self.current: dict[tuple[int, str], _Pick] = {}

    def step(self, before: GameState, after: GameState, rec: Record) -> None:
        for ev in rec.events:
            e = typed_event(ev)
            if e["type"] == "pick":
                c = before.catalog
                p = _Pick(e["race"], e["power"], c.races[e["race"]].tokens + c.powers[e["power"]].tokens)
                self.picks.append(p)
                self.current[(e["seat"], e["race"])] = p
            elif e["type"] == "score":
                seat = e["seat"]
                coins: dict[tuple[str, bool], int] = {}
                for (_, n), (race, _, in_decline) in zip(e["parts"], e["whose"], strict=True):
                    coins[(race, bool(in_decline))] = coins.get((race, bool(in_decline)), 0) + int(n)
                pl = after.players[seat]
                rnd = before.round
                if pl.active is not None:
                    got = self.current.get((seat, pl.active.race))
                    if got is not None:
                        got.active.append((rnd, coins.get((pl.active.race, False), 0)))
                for h in pl.declines:
                    got = self.current.get((seat, h.race))
                    if got is not None:
                        got.decline.append((rnd, coins.get((h.race, True), 0)))


class Explorer(MediumBot):
    """Medium, judging from the blocks alone, who picks at random among the first affordable combos."""

    learned = False

    def pick(self, s: GameState, seat: int, picks: Sequence[Pick], know: Any) -> Action:
        ok = [a for a in picks if s.column[a.index].race not in s.catalog.missing
              and s.column[a.index].power not in s.catalog.missing][:FIRST_PICKS]
        return self.rng.choice(ok or list(picks))


def measuring_bot(seat: int, seed: int) -> Any:
    """A seat of the measuring games: Medium's judgement from the blocks (never from a table of
    worth, which would measure itself), a combo picked at random among the affordable first ones."""
    return Explorer(seat, seed)


def play_measuring(board: Board, catalog: Catalog, players: int, games: Sequence[int], seed: int) -> list[list[_Pick]]:
    """The picks (with their turns' coins) of the measuring games numbered `games`."""
    out = []
    for g in games:
        follow = _Follow()
        _measuring_game(board, catalog, players, g, seed, follow.step)
        out.append(follow.picks)
    return out


def _measuring_game(board: Board, catalog: Catalog, players: int, game: int, seed: int,
                    on_step: Callable[[GameState, GameState, Record], None]) -> None:
    bots = [measuring_bot(i, seed * 1_000_003 + game * 10 + i) for i in range(players)]
    play_game(board, catalog, bots, f"worth:{seed}:{game}", on_step=on_step)


def policy_key(board: Board, catalog: Catalog, players: int, seed: int) -> str:
    """A fingerprint of the measuring play itself: every intent and its outcome in the first
    measuring game of this seed. A table keeps the one it was measured with, so a change to how
    the bots play (which changes what a race earns in their games) shows the table is out of
    date, while a change that only makes them faster does not."""
    h = hashlib.sha256()

    def step(before: GameState, after: GameState, rec: Record) -> None:
        h.update(json.dumps(rec.to_dict(), sort_keys=True, separators=(",", ":")).encode("utf-8"))
    _measuring_game(board, catalog, players, 0, seed, step)
    return h.hexdigest()[:16]


def measure(board: Board, catalog: Catalog, players: int, games: int = 600, seed: int = 1,
            progress: Callable[[int, int], None] | None = None,
            played: Sequence[list[_Pick]] | None = None) -> WorthTable:
    """Play `games` measuring games and estimate every race's and power's worth (see the module
    docstring). `played`: the games' picks, already played (by `play_measuring`, on other cores)."""
    t0 = time.process_time()
    if played is None:
        done: list[list[_Pick]] = []
        step = max(1, games // 20)
        for g0 in range(0, games, step):
            done += play_measuring(board, catalog, players, range(g0, min(games, g0 + step)), seed)
            if progress:
                progress(len(done), games)
        played = done
    picks = [p for game in played for p in game]
    table = estimate(picks, catalog, board, players, len(played), seed)
    table.policy = policy_key(board, catalog, players, seed)
    table.seconds = round(time.process_time() - t0, 2)
    return table


def _pooled_var(groups: Mapping[Any, list[float]]) -> float:
    ss, df = 0.0, 0
    for v in groups.values():
        if len(v) > 1:
            m = sum(v) / len(v)
            ss += sum((x - m) ** 2 for x in v)
            df += len(v) - 1
    return ss / df if df else 1.0


def shrink(groups: Mapping[Any, list[float]]) -> dict[Any, tuple[float, float]]:
    """Each group's mean shrunk toward zero (empirical Bayes), with its standard error before
    shrinking: a mean m of n values becomes m * tau2 / (tau2 + s2/n), where s2 is the pooled
    spread of the values within groups and tau2 the spread of the true group means (the spread
    of the groups' means less their noise, at least a hundredth of the noise)."""
    s2 = _pooled_var(groups)
    means = {k: (sum(v) / len(v), s2 / len(v)) for k, v in groups.items() if v}
    if not means:
        return {k: (0.0, 0.0) for k in groups}
    m_all = list(means.values())
    spread = sum(m * m for m, _ in m_all) / len(m_all)
    noise = sum(se2 for _, se2 in m_all) / len(m_all)
    tau2 = max(spread - noise, noise / 100, 1e-9)
    out = {}
    for k in groups:
        if k not in means:
            out[k] = (0.0, 0.0)
            continue
        m, se2 = means[k]
        out[k] = (m * tau2 / (tau2 + se2), math.sqrt(se2))
    return out


def estimate(picks: Sequence[_Pick], catalog: Catalog, board: Board, players: int, games: int,
             seed: int) -> WorthTable:
    """The table of worth from measured picks (see the module docstring)."""
    rounds = board.turns
    # 1. each Active turn against the round's mean and the printed tokens' slope
    base_a = _round_means([x for p in picks for x in p.active], rounds)
    base_d = _round_means([x for p in picks for x in p.decline], rounds)
    obs = [p.tokens for p in picks for _ in p.active]
    tok_mean = sum(obs) / len(obs) if obs else 0.0
    slope = per_token(board, players, tok_mean)
    act: dict[int, list[tuple[int, float]]] = {}
    for p in picks:
        act[id(p)] = [(r, c - base_a[r - 1] - slope * (p.tokens - tok_mean)) for r, c in p.active]
    dec = {id(p): [(r, c - base_d[r - 1]) for r, c in p.decline] for p in picks}
    a_fig, a_se = _backfit(picks, act, catalog)
    d_fig, d_se = _backfit(picks, dec, catalog)
    by_round = _by_round(picks, act, a_fig)
    table = WorthTable("", "", players, land_of(board), rounds, games, seed, 0.0, round(slope, 4))
    table.content, table.board = content_key(catalog), board_key(board)
    count: dict[str, list[int]] = {}
    for p in picks:
        for rid in (p.race, p.power):
            c = count.setdefault(rid, [0, 0, 0])
            c[0] += 1
            c[1] += len(p.active)
            c[2] += len(p.decline)
    for rid in sorted(catalog.races) + sorted(catalog.powers):
        kind = "race" if rid in catalog.races else "power"
        n, ta, td = count.get(rid, [0, 0, 0])
        fig = a_fig.get(rid, 0.0)
        table.entries[rid] = Entry(
            kind, definition_key(catalog, rid), n, round(fig, 3), round(a_se.get(rid, 0.0), 3),
            round(d_fig.get(rid, 0.0), 3), round(d_se.get(rid, 0.0), 3),
            [round(by_round.get((rid, r), fig), 3) for r in range(1, rounds + 1)], ta, td)
    return table


def per_token(board: Board, players: int, tokens: float) -> float:
    """Coins per Active turn one more printed token brings in the bots' life model
    (`knowledge.LifeModel`: the regions a plain race of that many tokens holds over its first
    three turns, in every round): what the model already credits a combo for its tokens, and
    so is taken out of the measured coins before they are put down to its blocks."""
    model = LifeModel(BoardFacts.of(board), players)

    def per_turn(k: float) -> float:
        plain = Traits(tokens=k)
        total, n = 0.0, 0
        for rnd in range(1, max(2, board.turns - 1)):
            r = min(model.cap, k / model.cost(rnd, plain) * model.first_turn_eff, k)
            kk = k
            for turn in range(3):
                if turn:
                    r += model.gain(rnd + turn, r, kk, plain)
                total += r
                n += 1
                r, kk = model.after_losses(r, kk, plain)
        return total / max(1, n)

    return (per_turn(tokens + 1) - per_turn(tokens - 1)) / 2


def _round_means(turns: Sequence[tuple[int, int]], rounds: int) -> list[float]:
    tot = [0.0] * rounds
    n = [0] * rounds
    for r, c in turns:
        if 1 <= r <= rounds:
            tot[r - 1] += c
            n[r - 1] += 1
    overall = sum(tot) / max(1, sum(n))
    return [tot[i] / n[i] if n[i] else overall for i in range(rounds)]


def _backfit(picks: Sequence[_Pick], turns: Mapping[int, list[tuple[int, float]]],
             catalog: Catalog) -> tuple[dict[str, float], dict[str, float]]:
    """Race and power figures such that a pick's mean residual is about race + power, each
    shrunk (the pick is the unit); a few rounds of backfitting."""
    rows = [(p.race, p.power, sum(y for _, y in turns[id(p)]) / len(turns[id(p)])) for p in picks if turns[id(p)]]
    race: dict[str, float] = {}
    power: dict[str, float] = {}
    se: dict[str, float] = {}
    for _ in range(6):
        g: dict[str, list[float]] = {}
        for r, pw, y in rows:
            g.setdefault(r, []).append(y - power.get(pw, 0.0))
        sr = shrink(g)
        race = {k: v for k, (v, _) in sr.items()}
        g = {}
        for r, pw, y in rows:
            g.setdefault(pw, []).append(y - race.get(r, 0.0))
        sp = shrink(g)
        power = {k: v for k, (v, _) in sp.items()}
        se = {k: s for k, (_, s) in list(sr.items()) + list(sp.items())}
    return {**race, **power}, se


def _by_round(picks: Sequence[_Pick], act: Mapping[int, list[tuple[int, float]]],
              fig: Mapping[str, float]) -> dict[tuple[str, int], float]:
    """Each entry's figure in each round: the turns' residuals of that round (less the partner's
    figure) against the entry's own figure, shrunk toward it."""
    g: dict[tuple[str, int], list[float]] = {}
    for p in picks:
        for r, y in act[id(p)]:
            g.setdefault((p.race, r), []).append(y - fig.get(p.power, 0.0) - fig.get(p.race, 0.0))
            g.setdefault((p.power, r), []).append(y - fig.get(p.race, 0.0) - fig.get(p.power, 0.0))
    return {k: fig.get(k[0], 0.0) + dev for k, (dev, _) in shrink(g).items()}


__all__ = ["Explorer", "estimate", "measure", "play_measuring", "shrink"]
