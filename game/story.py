"""The story of a finished game, told from its records: coins round by round, the races and
powers each player led and for how long, where the coins came from, and the best turn.

Nothing here is stored in the save: a `Match` keeps the state after every intent (`states`) and
the record of each intent (`records`, with the engine's events), and `tell` reads them in order.
Most coins change hands at a pick (the coins lying on a combo, minus one per combo skipped) and
at scoring (the engine's `score` event lists its parts: `<race>_regions` and one part per effect
by name); `tell` sorts those parts into sources. An effect's part is counted as the race's bonus
when the race holding the coins lists an effect of that name, else as the power's. Whatever else
a move changes in a player's coins (pots of gold cashed, a toll paid to a defender, a discount
bought, a price paid to another player for a combo) is counted as `other`, so the sources always
add up to the coins. Who won, and
the ranking, are the engine's `outcome` of the last state (`Story.result`). Pure Python:
no pygame, so the balance lab and tests can read a game's story too.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from .rules import START_COINS, GameState, Outcome, outcome, typed_event
from .rules.abilities import REGISTRY

#: where coins come from, in the order the ending lists them
SOURCES: tuple[str, ...] = ("regions", "race", "power", "decline", "column", "other")


@dataclass
class Reign:
    """One race a player led: picked in `picked`, sent into decline in `declined` (None: still
    Active at the end), gone from the board in `gone` (None: still there)."""
    race: str
    power: str
    picked: int
    declined: int | None = None
    gone: int | None = None

    def active_rounds(self, last_round: int) -> int:
        """Rounds in which this race was the Active one (the round of the decline not counted
        when the decline took the whole turn)."""
        end = self.declined if self.declined is not None else last_round + 1
        return max(1, end - self.picked)


@dataclass
class BestTurn:
    seat: int
    round: int
    coins: int
    race: str | None
    power: str | None


@dataclass
class PlayerStory:
    seat: int
    coins: list[int] = field(default_factory=list)      # coins[r]: after round r (coins[0]: the start)
    reigns: list[Reign] = field(default_factory=list)
    sources: dict[str, int] = field(default_factory=lambda: {k: 0 for k in SOURCES})
    turns: list[tuple[int, int]] = field(default_factory=list)  # (round, coins scored) per turn


@dataclass
class Story:
    rounds: int                     # rounds played
    players: list[PlayerStory]
    best: BestTurn | None
    result: Outcome                 # the ranking and the winners by R13, as the engine settles them

    def source_total(self, seat: int) -> int:
        return sum(self.players[seat].sources.values())


def _classify_part(name: str, left: Counter[str], active_race: str | None, declined: set[str]) -> str:
    """The source of one part of a score event."""
    if name.endswith("_regions") and name not in REGISTRY:     # not a block (`coins_for_regions`)
        race = name[: -len("_regions")]
        return "regions" if race == active_race and race not in declined else "decline"
    if left[name] > 0:
        left[name] -= 1
        return "race"
    return "power"


def tell(states: Sequence[GameState], records: Sequence[Any]) -> Story:
    """The story of a game from its states (`states[i + 1]` follows `records[i]`)."""
    first = states[0]
    n = len(first.players)
    players = [PlayerStory(i, [first.players[i].coins]) for i in range(n)]
    best: BestTurn | None = None
    for i, rec in enumerate(records):
        before, after = states[i], states[i + 1]
        rnd = before.round
        declined: set[str] = set()
        told: Counter[int] = Counter()          # the coins each seat's events account for
        for ev in rec.events:
            e = typed_event(ev)
            if e["type"] == "pick":
                seat = e["seat"]
                ps = players[seat]
                ps.reigns.append(Reign(e["race"], e["power"], rnd))
                ps.sources["column"] += e["collected"] - e["paid"]
                told[seat] += e["collected"] - e["paid"]
            elif e["type"] == "decline":
                declined.add(e["race"])
                for r in players[e["seat"]].reigns:
                    if r.race == e["race"] and r.declined is None:
                        r.declined = rnd
            elif e["type"] in ("removed", "vanished"):
                for r in players[e["seat"]].reigns:
                    if r.race == e["race"] and r.gone is None:
                        r.gone = rnd
            elif e["type"] == "score":
                seat = e["seat"]
                ps = players[seat]
                p = before.players[seat]
                active = p.active.race if p.active else None
                left: Counter[str] = Counter()
                for h in ([p.active] if p.active else []) + list(p.declines):
                    left.update(a.name for a in before.catalog.abilities.get(h.race, ()))
                for name, c in e["parts"]:
                    ps.sources[_classify_part(str(name), left, active, declined)] += int(c)
                    told[seat] += int(c)
                total = e["coins"]
                ps.turns.append((rnd, total))
                if best is None or total > best.coins:
                    best = BestTurn(seat, rnd, total, active, p.active.power if p.active else None)
        for ps in players:
            ps.sources["other"] += after.players[ps.seat].coins - before.players[ps.seat].coins - told[ps.seat]
        if after.round != before.round or (after.game_over and not before.game_over):
            for ps in players:
                ps.coins.append(after.players[ps.seat].coins)
    last = states[-1]
    rounds = last.round
    for ps in players:       # a game stopped mid-round still shows where everyone stands
        if len(ps.coins) <= rounds:
            ps.coins.append(last.players[ps.seat].coins)
    return Story(rounds, players, best, outcome(last))


def check(story: Story, final: GameState) -> list[str]:
    """What does not add up (empty when the story agrees with the final coins)."""
    bad = []
    for ps in story.players:
        want = final.players[ps.seat].coins - START_COINS
        if story.source_total(ps.seat) != want:
            bad.append(f"seat {ps.seat}: sources add to {story.source_total(ps.seat)}, coins moved {want}")
        if ps.coins[-1] != final.players[ps.seat].coins:
            bad.append(f"seat {ps.seat}: last round shows {ps.coins[-1]}, has {final.players[ps.seat].coins}")
    return bad
