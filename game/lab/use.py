"""How each race and power was used in the lab's games, so that the report can tell an entry the
bots never used from one that is merely weak. `Watcher` follows one game's intents as they are
played, reading only what the game leaves (the intents the holder could choose from, the very
`legal_actions` list the bots chose from; the intent played; the engine's events), and keeps per
race and power an `EntryUse`: how often its own move (its blocks' intents: a marker placed, a
special conquest, a `use` move, Stout's decline after scoring) was offered to its holder and
taken, and how often its effects acted — coins its blocks scored (the `score` event's parts, by
whose they are) or moved (a `coins` event naming the block), conquests whose cost it changed
(the conquest's priced parts, `cost_of`, labelled by the race or power granting them), conquests
only it made possible (a Sea or Lake, a region not adjacent, a first conquest away from the
edge), regions lost with another loss than the rule's one token, tokens brought at a redeploy.
An effect whose acting leaves none of these traces (a region made immune, tokens given at the
pick...) is not seen (`unseen_effects`), and `status` calls an entry unused only when what the
lab can see of it never happened. The bots play as always.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Iterable, Mapping

from ..rules import Catalog, GameState, Record, cost_of, legal_actions, lent_parts, typed_event
from ..rules.abilities import Ability

#: the engine's own intents; the others are a block's (`Ability.intents`), and so is the end of
#: the turn with a decline (Stout's `may_decline_after_scoring`)
CORE = frozenset({"pick", "abandon", "conquer", "reinforce", "settle", "redeploy", "withdraw", "decline",
                  "end_turn"})
#: the hooks whose acting the watcher sees (besides a block's own intents)
SEEN_HOOKS = ("score", "cost_modifier", "flat_price", "attack_strength", "defence_strength",
              "lost_when_attacked", "redeploy_bonus", "on_tokens_lost", "conquers_water", "enters_anywhere",
              "reaches", "links", "may_decline_after_scoring")
#: the parts of a conquest's cost that name a piece on the board, not the race or power that put
#: it there, with the block that puts it
PIECES = {"troll_lair": "trolls_lairs", "fortress": "fortresses", "encampment": "encampments"}
#: parts of a conquest's cost no race or power grants
PLAIN_PARTS = frozenset({"base", "mountain", "lost_tribe", "defenders"})
#: events that show a block acting without naming it, with the hooks by which a block makes
#: them: credited when one block alone, among the races the intent touched, could have
UNNAMED = {"coins": ("after_conquest", "on_region_lost", "conquest_price"), "attacker_lost": ("after_conquest",),
           "pushed": ("after_conquest",), "pushed_off": ("after_conquest",), "dwindled": ("at_turn_end",),
           "repelled": ("repels",)}
#: the events the watcher reads
WATCHED = frozenset({"score", "conquer", "reinforce", "lost", "bonus_tokens", *UNNAMED})
#: the hooks by which a conquering race's own blocks change what a conquest costs, and by which
#: they let it conquer a region the rules would refuse
PRICING = ("cost_modifier", "flat_price", "attack_strength")
REACHING = ("conquers_water", "enters_anywhere", "links", "reaches")


@dataclass
class EntryUse:
    """What one race or power did in a game (or, added up, in a run)."""

    offered: int = 0        # decisions of its holder with its own move among the legal intents
    offered_turns: int = 0  # turns in which it was offered at least once
    taken: int = 0          # decisions at which the bot played its move
    scored: int = 0         # times its effects brought coins (a scoring, a coins event naming it)
    coins: int = 0          # those coins
    priced: int = 0         # conquests whose cost it changed (its discount, its defence, its markers)
    price: int = 0          # tokens it added to those costs (negative: tokens taken off)
    reached: int = 0        # conquests only it made possible (water, afar, a first one inland)
    saved: int = 0          # regions its race lost with another loss than the rule's one token
    saved_tokens: int = 0   # tokens it kept its race in those losses (negative: lost more)
    bonus: int = 0          # times it brought tokens from the tray
    bonus_tokens: int = 0   # those tokens
    other: int = 0          # times an event naming no block showed it alone acting (tokens pushed...)

    def acted(self) -> int:
        """Times the entry did something the lab sees: its move taken, or an effect acting."""
        return self.taken + self.scored + self.priced + self.reached + self.saved + self.bonus + self.other

    def add(self, other: "EntryUse") -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def details(self) -> str:
        """What it did, in words: '12 coins in 6 scorings, 4 conquests 4 tokens cheaper'."""
        out = []
        if self.scored:
            out.append(f"{self.coins} coins in {self.scored} scoring{'s' if self.scored != 1 else ''}")
        if self.priced:
            how = (f"{-self.price} token{'s' if self.price != -1 else ''} cheaper" if self.price < 0 else
                   f"{self.price} token{'s' if self.price != 1 else ''} dearer" if self.price > 0 else
                   "at another price")
            out.append(f"{self.priced} conquest{'s' if self.priced != 1 else ''} {how}")
        if self.reached:
            out.append(f"{self.reached} conquest{'s' if self.reached != 1 else ''} only it allowed")
        if self.saved:
            n = abs(self.saved_tokens)
            out.append(f"{n} token{'s' if n != 1 else ''} {'kept' if self.saved_tokens > 0 else 'more lost'} in "
                       f"{self.saved} lost region{'s' if self.saved != 1 else ''}")
        if self.bonus:
            out.append(f"{self.bonus_tokens} token{'s' if self.bonus_tokens != 1 else ''} brought "
                       f"{self.bonus} time{'s' if self.bonus != 1 else ''}")
        if self.other:
            out.append(f"{self.other} other time{'s' if self.other != 1 else ''} (tokens pushed, lost or repelled)")
        return ", ".join(out)


def _overrides(ab: Ability, hook: str) -> bool:
    return getattr(type(ab), hook) is not getattr(Ability, hook) and hook not in ab.quiet_hooks()


def has_move(catalog: Catalog, key: str) -> bool:
    """Whether race or power `key` has a move of its own (a block with intents, or Stout's)."""
    return any(ab.intents or _overrides(ab, "may_decline_after_scoring") for ab in catalog.abilities.get(key, ()))


def _seen(ab: Ability, key: str) -> bool:
    """Whether the watcher can see block `ab` (of race or power `key`) act."""
    if ab.intents or ab.name in PIECES.values() or any(_overrides(ab, h) for h in SEEN_HOOKS):
        return True
    return any(spec.defence or spec.defence_of for spec in ab.marker_specs(key))


def unseen_effects(catalog: Catalog, key: str) -> list[str]:
    """The blocks of race or power `key` whose acting the watcher cannot see."""
    return [ab.name for ab in catalog.abilities.get(key, ()) if not _seen(ab, key)]


#: per catalog (by id, with the catalog itself so that the id stays its own): whose each block
#: is, each combo's blocks with a move, and whether a combo's blocks price or reach
_KNOWN: dict[int, tuple[Catalog, dict[int, str], dict[tuple[str, str | None, bool], tuple[tuple[Ability, str], ...]],
                        dict[tuple[str, str | None], tuple[bool, bool]]]] = {}


class Watcher:
    """Follows one game (`step` after each intent, as `play_game`'s hook) and keeps an
    `EntryUse` per race and power in `uses`."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.uses: dict[str, EntryUse] = {}
        self._turn: dict[str, tuple[int, int]] = {}       # the last turn each move was offered in
        # what the catalog says of its blocks and combos, worked out once for all its games
        kept = _KNOWN.get(id(catalog))
        if kept is None or kept[0] is not catalog:
            _KNOWN.clear()                                 # one catalog at a time (a run, a worker)
            kept = _KNOWN[id(catalog)] = (catalog, {}, {}, {})
        self._owner: dict[int, str] = kept[1]              # id of a block -> its race or power
        self._movers: dict[tuple[str, str | None, bool], tuple[tuple[Ability, str], ...]] = kept[2]
        self._combo: dict[tuple[str, str | None], tuple[bool, bool]] = kept[3]

    def use(self, key: str) -> EntryUse:
        got = self.uses.get(key)
        if got is None:
            got = self.uses[key] = EntryUse()
        return got

    # -- whose is a block -------------------------------------------------------------------
    def owner(self, ab: Ability, race: str, power: str | None) -> str:
        """The race or power of a combo whose block `ab` is."""
        got = self._owner.get(id(ab))
        if got is None:
            got = race
            for key in (race, *lent_parts(power)):
                if any(x is ab for x in self.catalog.abilities.get(key, ())):
                    got = key
                    break
            self._owner[id(ab)] = got
        return got

    def movers(self, race: str, power: str | None, in_decline: bool) -> tuple[tuple[Ability, str], ...]:
        """The blocks in force for a race with a move of their own, each with its race or power."""
        k = (race, power, in_decline)
        got = self._movers.get(k)
        if got is None:
            got = self._movers[k] = tuple(
                (ab, self.owner(ab, race, power)) for ab in self.catalog.in_force(race, power, in_decline)
                if ab.intents or (not in_decline and _overrides(ab, "may_decline_after_scoring")))
        return got

    # -- one intent ---------------------------------------------------------------------------
    def step(self, before: GameState, after: GameState, rec: Record) -> None:
        seat = rec.seat
        p = before.players[seat]
        movers: tuple[tuple[Ability, str], ...] = ()
        if p.active is not None:
            movers = self.movers(p.active.race, p.active.power, False)
        for h in p.declines:
            more = self.movers(h.race, h.power, True)
            if more:
                movers += more
        if movers:
            self._moves(before, rec, movers)
        unnamed: list[Mapping[str, Any]] = []
        for ev in rec.events:
            kind = ev["type"]
            if kind not in WATCHED:
                continue
            if kind in UNNAMED and "effect" not in ev:
                unnamed.append(ev)
                continue
            e = typed_event(ev)
            if e["type"] == "conquer" or e["type"] == "reinforce":
                self._conquest(before, e["seat"], e["race"], e["region"])
            elif e["type"] == "lost":
                gone = e["discarded"]
                if gone != 1 and (gone or e["back"]) and e["seat"] != seat:   # not the rule's one token
                    self._lost(before, e["seat"], e["race"], gone, e["back"])
            elif e["type"] == "score":
                self._score(before, e["seat"], e["parts"], e["whose"])
            elif e["type"] == "bonus_tokens":
                self._bonus(before, e["seat"], e["race"], e["tokens"])
            elif e["type"] == "coins":
                self._coins(before, str(e.get("effect", "")), e["coins"])
        if unnamed:
            self._unnamed(before, rec, unnamed)

    def _moves(self, s: GameState, rec: Record, movers: tuple[tuple[Ability, str], ...]) -> None:
        """Whose moves were offered at this decision, and whose was taken."""
        offered: set[str] = set()
        for x in legal_actions(s):
            kind = x.kind
            if kind in CORE and (kind != "end_turn" or not getattr(x, "decline", False)):
                continue
            key = mover_of(kind, getattr(x, "effect", ""), getattr(x, "decline", False), movers)
            if key is not None:
                offered.add(key)
        turn = (s.round, s.turn.seat)
        for key in offered:
            u = self.use(key)
            u.offered += 1
            if self._turn.get(key) != turn:
                self._turn[key] = turn
                u.offered_turns += 1
        a = rec.action
        key = mover_of(str(a["kind"]), str(a.get("effect", "")), bool(a.get("decline", False)), movers)
        if key is not None:
            self.use(key).taken += 1

    def _score(self, s: GameState, seat: int, parts: Iterable[Any], whose: Iterable[Any]) -> None:
        got: dict[str, int] = {}
        for (name, coins), (race, source, _) in zip(parts, whose, strict=True):
            if name == f"{race}_regions" or not coins:
                continue
            key = race if source == "race" else self._power_with(s, seat, str(race), str(name))
            if key:
                got[key] = got.get(key, 0) + int(coins)
        for key, coins in got.items():
            u = self.use(key)
            u.scored += 1
            u.coins += coins

    def _power_with(self, s: GameState, seat: int, race: str, name: str) -> str | None:
        """The power (or race lent) of `seat`'s race `race` that has a block named `name`."""
        hold, _ = s.players[seat].hold(race)
        parts = lent_parts(hold.power) if hold is not None else ()
        for key in parts:
            if any(ab.name == name for ab in self.catalog.abilities.get(key, ())):
                return key
        return parts[0] if parts else None

    def _conquest(self, s: GameState, seat: int, race: str, rid: str) -> None:
        hold = s.players[seat].active
        if hold is None or hold.race != race or rid not in s.regions:
            return
        pricing, reaching = self._hooks(hold.race, hold.power)
        if reaching:
            reacher = self._reacher(s, seat, hold.race, hold.power, rid)
            if reacher is not None:
                self.use(reacher).reached += 1
        r = s.regions[rid]
        if not (pricing or r.marks or r.lair or r.fortress or r.encampments
                or (r.tokens and "defence_strength" in self.catalog.hooked)):
            return                  # nothing but the rule's own parts in its cost
        changed: dict[str, int] = {}
        for label, n in cost_of(s, seat, rid).parts:
            if label in PLAIN_PARTS:
                continue
            key = self._piece_owner(s, rid, PIECES[label]) if label in PIECES else label
            if key is not None:
                changed[key] = changed.get(key, 0) + n
        for key, n in changed.items():
            u = self.use(key)
            u.priced += 1
            u.price += n

    def _hooks(self, race: str, power: str | None) -> tuple[bool, bool]:
        """Whether an Active race with this power has blocks that change a conquest's cost, and
        blocks that let it conquer further."""
        k = (race, power)
        got = self._combo.get(k)
        if got is None:
            abil = self.catalog.in_force(race, power, False)
            got = self._combo[k] = (any(_overrides(ab, h) for ab in abil for h in PRICING),
                                    any(_overrides(ab, h) for ab in abil for h in REACHING))
        return got

    def _piece_owner(self, s: GameState, rid: str, block: str) -> str | None:
        """The race or power of the holder of `rid` with the block that put a piece there."""
        r = s.regions[rid]
        if r.owner is None or r.race is None:
            return None
        hold, _ = s.players[r.owner].hold(r.race)
        if hold is None:
            return None
        for ab in self.catalog.effects_of(hold.race, hold.power):
            if ab.name == block:
                return self.owner(ab, hold.race, hold.power)
        return None

    def _reacher(self, s: GameState, seat: int, race: str, power: str | None, rid: str) -> str | None:
        """The race or power that alone let the Active race conquer `rid`: a Sea or Lake, a
        region next to none of its own, a first conquest away from the edge."""
        board = s.board
        abil = self.catalog.in_force(race, power, False)
        own = s.regions_of(seat, race)
        if board.region(rid).is_water:
            asks = [ab for ab in abil if _overrides(ab, "conquers_water") and ab.conquers_water(s, seat, rid)]
        elif not own:
            if rid in board.entry:
                return None
            asks = [ab for ab in abil if _overrides(ab, "enters_anywhere") and ab.enters_anywhere(s, seat)]
        else:
            near = board.adjacency[rid]
            if any(o in near for o in own):
                return None
            asks = [ab for ab in abil if _overrides(ab, "links") and any(ab.links(s, seat, o, rid) for o in own)]
            asks = asks or [ab for ab in abil if _overrides(ab, "reaches") and ab.reaches(s, seat, rid)]
        return self.owner(asks[0], race, power) if asks else None

    def _lost(self, s: GameState, seat: int, race: str, discarded: int, back: int) -> None:
        """A region lost: the rule discards one token (R8); a block that changed that acted."""
        kept = min(1, discarded + back) - discarded
        if not kept:
            return
        hold, in_dec = s.players[seat].hold(race)
        if hold is None:
            return
        for ab in self.catalog.in_force(hold.race, hold.power, in_dec):
            if _overrides(ab, "lost_when_attacked") and ab.lost_when_attacked(s, seat) is not None:
                u = self.use(self.owner(ab, hold.race, hold.power))
                u.saved += 1
                u.saved_tokens += kept
                return

    def _bonus(self, s: GameState, seat: int, race: str, tokens: int) -> None:
        hold, in_dec = s.players[seat].hold(race)
        if hold is None:
            return
        abil = self.catalog.in_force(hold.race, hold.power, in_dec)
        asks = [ab for ab in abil if _overrides(ab, "redeploy_bonus") and ab.redeploy_bonus(s, seat) > 0] or \
            [ab for ab in abil if _overrides(ab, "on_tokens_lost")]
        for ab in asks[:1]:
            u = self.use(self.owner(ab, hold.race, hold.power))
            u.bonus += 1
            u.bonus_tokens += int(tokens)

    def _unnamed(self, s: GameState, rec: Record, unnamed: list[Mapping[str, Any]]) -> None:
        """Events that name no block: each is credited to the one block, among the races the
        intent touched (the player's, those whose regions it conquered, the event's), that makes
        such events (`UNNAMED`); to none when several could have."""
        touched: set[tuple[int, str]] = set()
        p = s.players[rec.seat]
        touched.update((rec.seat, h.race) for h in ([p.active] if p.active else []) + list(p.declines))
        for ev in rec.events:
            e = typed_event(ev)
            if e["type"] in ("conquer", "reinforce", "dragon", "enchant", "ghouls") and e["defender"]:
                touched.add((int(e["defender"][0]), str(e["defender"][1])))
            elif e["type"] == "repelled" and e["region"] in s.regions and s.regions[e["region"]].race:
                touched.add((e["defender"], str(s.regions[e["region"]].race)))
            elif e["type"] in ("attacker_lost", "pushed", "pushed_off", "dwindled"):
                touched.add((e["seat"], e["race"]))
        blocks: list[tuple[Ability, str]] = []
        for seat, race in sorted(touched):
            hold, in_dec = s.players[seat].hold(race)
            if hold is not None:
                blocks += [(ab, self.owner(ab, hold.race, hold.power))
                           for ab in self.catalog.in_force(hold.race, hold.power, in_dec)]
        for said in unnamed:
            kind = str(said["type"])
            could = {id(ab): key for ab, key in blocks if any(_overrides(ab, h) for h in UNNAMED[kind])}
            if len(could) != 1:
                continue
            u = self.use(next(iter(could.values())))
            if kind == "coins":
                u.scored += 1
                u.coins += int(said["coins"])
            else:
                u.other += 1

    def _coins(self, s: GameState, name: str, coins: int) -> None:
        """Coins moved by the block `name`: credited to the race or power in play that has it."""
        for p in s.players:
            for h, in_dec in ([(p.active, False)] if p.active else []) + [(h, True) for h in p.declines]:
                for ab in self.catalog.in_force(h.race, h.power, in_dec):
                    if ab.name == name:
                        u = self.use(self.owner(ab, h.race, h.power))
                        u.scored += 1
                        u.coins += int(coins)
                        return


def mover_of(kind: str, effect: str, decline: bool, movers: tuple[tuple[Ability, str], ...]) -> str | None:
    """The race or power whose move an intent is (the first block in force that handles it, as
    the engine judges it), or None for the engine's own intents."""
    if kind == "end_turn" and decline:
        for ab, key in movers:
            if _overrides(ab, "may_decline_after_scoring"):
                return key
        return None
    if kind in CORE:
        return None
    for ab, key in movers:
        if kind in ab.intents and (kind != "use" or ab.name == effect):
            return key
    return None


def total(uses: Iterable[Mapping[str, EntryUse]]) -> dict[str, EntryUse]:
    """The uses of many games added up, per race and power."""
    out: dict[str, EntryUse] = {}
    for game in uses:
        for key, u in game.items():
            got = out.get(key)
            if got is None:
                got = out[key] = EntryUse()
            got.add(u)
    return out


@dataclass
class Status:
    """What a run says of an entry in play: `word` is "unused", "unseen" (the lab cannot see its
    effects act), "plain" (it has none) or "used"; `text` the sentence for the report."""

    word: str
    text: str


def status(catalog: Catalog, key: str, u: EntryUse | None, games: int) -> Status:
    """How race or power `key` was used in the `games` games where it was in play."""
    u = u or EntryUse()
    where = f"in {games} game{'s' if games != 1 else ''} where it was in play"
    acted = u.acted()
    besides = f"; its effects acted {acted} time{'s' if acted != 1 else ''} without it" if acted else ""
    if has_move(catalog, key):
        if not u.offered:
            return Status("unused", f"unused: its move was never offered to its holder {where}{besides}")
        if not u.taken:
            return Status("unused", f"unused: the bots never used its move {where} "
                                    f"(offered at {u.offered} decisions in {u.offered_turns} turns){besides}")
    if not acted and not catalog.abilities.get(key):
        return Status("plain", "no effect of its own: only its tokens")
    if not acted:
        unseen = unseen_effects(catalog, key)
        if not unseen:
            return Status("unused", f"unused: its effects never acted {where}")
        seen = len(catalog.abilities.get(key, ())) - len(unseen)
        also = "; its other effects never acted" if seen else ""
        return Status("unseen", f"not seen acting: the lab cannot see {', '.join(unseen)} act{also}")
    return Status("used", f"used {acted} time{'s' if acted != 1 else ''} {where}")


def move_text(u: EntryUse) -> str:
    """'its move offered at 40 decisions in 12 turns, taken 9 times'."""
    return (f"its move offered at {u.offered} decision{'s' if u.offered != 1 else ''} in {u.offered_turns} "
            f"turn{'s' if u.offered_turns != 1 else ''}, taken {u.taken} time{'s' if u.taken != 1 else ''}")
