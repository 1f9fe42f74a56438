"""`python -m game.scenario FILE_OR_DIR...` — the rules conformance runner.

Implements the format of `docs/scenario-format.md` (version 2; version 1 files read the same): a YAML file sets up a position (inline
board or a map of the project), plays intents through the public engine API — the same
`legal_actions`/`why_illegal`/`apply` the window and the bots use — and checks `expect:` blocks.
Prints `PASS name` or `FAIL name: step N: first mismatch` per file and `N passed, M failed`;
exits 0 only when every scenario passes. A file that cannot be read is a FAIL with a clear
message, never a traceback: a value of the wrong kind (`turns: ten`, `redeploy: {a: 2.5}`) names
the step or setup field and the kind expected, and a key given twice in a mapping (an `expect:`
block, for one) is refused with its line. `--content FILE.yaml` adds custom races and powers.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any, Mapping

import yaml

from . import native, resources

if __name__ == "__main__":          # the command: the compiled engine when it is built, looked for first
    native.enable()

from .content.bounded import FileRefused, check_yaml, read_bytes
from .content.catalog import ContentError, default_catalog, load_catalog
from .rules import (
    LOST_TRIBE,
    Abandon,
    Action,
    Ally,
    BerserkRoll,
    Board,
    BoardError,
    Catalog,
    Conquer,
    Decline,
    Dragon,
    Encampments,
    Enchant,
    EndTurn,
    Fortress,
    GameState,
    GhoulsConquer,
    GhoulsReinforce,
    Heroes,
    IllegalAction,
    NotImplementedRule,
    Pick,
    Redeploy,
    Reinforce,
    ScriptedDice,
    Settle,
    SetupError,
    Use,
    Withdraw,
    actor,
    apply,
    asked,
    build_position,
    events_of,
    legal_actions,
    outcome,
    why_illegal,
)
from .stopping import run_stoppable

ROOT = resources.ROOT
TOP_KEYS = {"name", "version", "board", "map", "players", "dice", "seed", "setup", "steps", "content"}
VERSION = 2          # the format's version; files of version 1 read the same
REGION_EXPECT = {"owner", "race", "tokens", "decline", "lost_tribe", "fortress", "lair",
                 "encampments", "hero", "dragon", "hole", "mountain", "empty", "marks"}
PLAYER_EXPECT = {"coins", "hand", "active", "decline", "power", "waiting", "collected", "supply", "loot",
                 "borrowed", "revive", "peace_with", "scored"}
EXPECT_KEYS = {"players", "regions", "tray", "gone", "column", "round", "current", "game_over", "winner",
               "race_stack", "power_stack", "power_discard", "attacked", "rolled", "asked"}
#: the steps a scenario may play (besides `expect` and `illegal`)
STEP_KEYS = {"pick", "abandon", "conquer", "reinforce", "settle", "berserk_roll", "dragon", "enchant",
             "ghouls", "ghouls_reinforce", "redeploy", "withdraw", "fortress", "encampments", "heroes",
             "ally", "decline", "end_turn", "use"}
REGION_INTENTS = {"abandon": Abandon, "conquer": Conquer, "reinforce": Reinforce,
                  "dragon": Dragon, "enchant": Enchant, "ghouls": GhoulsConquer,
                  "ghouls_reinforce": GhoulsReinforce,
                  "fortress": Fortress}


class ScenarioError(Exception):
    """A mismatch or an unreadable scenario: the message is the FAIL line."""


# -- reading the file: a key given twice is refused, values are checked for their kind ----------
class _Loader(yaml.SafeLoader):
    """YAML that refuses a key given twice in one mapping (YAML itself keeps the last one)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                first = seen.get(key)
            except TypeError:                 # an unhashable key: YAML's own error follows
                continue
            if first is not None:
                raise ScenarioError(f"line {key_node.start_mark.line + 1}: {key!r} is given twice (first at "
                                    f"line {first}); keep one")
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


KINDS = {"whole": "a whole number", "count": "a whole number of 0 or more", "bool": "true or false",
         "text": "a name (text)", "list": "a list", "mapping": "a mapping of key: value"}


def want(value: Any, kind: str, where: str) -> Any:
    """`value` if it is of `kind`, else a ScenarioError naming where, what was expected and what came."""
    is_int = isinstance(value, int) and not isinstance(value, bool)
    ok = {"whole": is_int, "count": is_int and value >= 0, "bool": isinstance(value, bool),
          "text": isinstance(value, str), "list": isinstance(value, list),
          "mapping": isinstance(value, Mapping)}[kind]
    if not ok:
        raise ScenarioError(f"{where}: expected {KINDS[kind]}, got {value!r}")
    return value


REGION_KINDS = {"owner": "text", "race": "text", "tokens": "count", "decline": "bool", "lost_tribe": "count",
                "fortress": "bool", "lair": "bool", "hero": "bool", "dragon": "bool", "hole": "bool",
                "mountain": "bool", "encampments": "count", "marks": "mapping"}


def want_list(value: Any, where: str) -> list[Any]:
    """A list of names, or one name alone."""
    return list(value) if isinstance(value, list) else [value]


def check_setup(setup: Any) -> None:
    """The kind of every value of a `setup:` block (the engine then checks the position)."""
    if setup is None:
        return
    want(setup, "mapping", "setup")
    for i, c in enumerate(want(setup.get("column") or [], "list", "setup.column")):
        where = f"setup.column[{i}]"
        want(c, "mapping", where)
        for k, kind in (("race", "text"), ("power", "text"), ("coins", "count"), ("tokens", "count")):
            if k in c:
                want(c[k], kind, f"{where}.{k}")
    for key in ("race_stack", "power_stack", "power_discard", "attacked"):
        for i, x in enumerate(want(setup.get(key) or [], "list", f"setup.{key}")):
            want(x, "text", f"setup.{key}[{i}]")
    for race, n in want(setup.get("gone") or {}, "mapping", "setup.gone").items():
        want(n, "count", f"setup.gone.{race}")
    if "round" in setup:
        want(setup["round"], "whole", "setup.round")
    if "current" in setup:
        want(setup["current"], "text", "setup.current")
    for name, pd in want(setup.get("players") or {}, "mapping", "setup.players").items():
        where = f"setup.players.{name}"
        if pd is None:
            continue
        want(pd, "mapping", where)
        if "coins" in pd:
            want(pd["coins"], "count", f"{where}.coins")
        for k, kind in (("collected", "mapping"), ("revive", "text"), ("peace_with", "text")):
            if pd.get(k) is not None:
                want(pd[k], kind, f"{where}.{k}")
        for r, n in (pd.get("collected") or {}).items():
            want(n, "count", f"{where}.collected.{r}")
        if pd.get("active") is not None:
            a = want(pd["active"], "mapping", f"{where}.active")
            for k, kind in (("race", "text"), ("power", "text"), ("hand", "count"), ("waiting", "count"),
                            ("supply", "mapping"), ("loot", "mapping"), ("borrowed", "text")):
                if k in a:
                    want(a[k], kind, f"{where}.active.{k}")
            for m, n in (a.get("supply") or {}).items():
                want(n, "count", f"{where}.active.supply.{m}")
        for j, d in enumerate(want(pd.get("decline") or [], "list", f"{where}.decline")):
            want(d, "mapping", f"{where}.decline[{j}]")
            for k in ("race", "power"):
                if d.get(k) is not None:
                    want(d[k], "text", f"{where}.decline[{j}].{k}")
    for rid, rd in want(setup.get("regions") or {}, "mapping", "setup.regions").items():
        if rd is None:
            continue
        want(rd, "mapping", f"setup.regions.{rid}")
        for k, v in rd.items():
            if k in REGION_KINDS and v is not None:
                want(v, REGION_KINDS[k], f"setup.regions.{rid}.{k}")
        for m, n in (rd.get("marks") or {}).items():
            want(n, "count", f"setup.regions.{rid}.marks.{m}")


def _load_board(sc: Mapping[str, Any], path: Path) -> Board:
    if "board" in sc and "map" in sc:
        raise ScenarioError("give either 'board' or 'map', not both")
    if "board" in sc:
        b = sc["board"]
        if not isinstance(b, Mapping) or "regions" not in b:
            raise ScenarioError("'board' needs 'turns' and 'regions'")
        try:
            turns = want(b.get("turns", 10), "whole", "board.turns")
            if not 1 <= turns <= 99:
                raise ScenarioError(f"board.turns: expected a number of rounds from 1 to 99, got {turns}")
            return Board.from_dicts(path.stem, turns, want(b["regions"], "list", "board.regions"))
        except BoardError as err:
            raise ScenarioError(str(err)) from None
    if "map" in sc:
        from .content.tmx import load_map  # only when a scenario names a map file
        want(sc["map"], "text", "map")
        for base in (Path.cwd(), path.parent, ROOT):
            f = base / str(sc["map"])
            if f.exists():
                try:
                    return load_map(f).board
                except ValueError as err:
                    raise ScenarioError(str(err)) from None
        raise ScenarioError(f"map file {sc['map']!r} not found")
    raise ScenarioError("the scenario needs a 'board' or a 'map'")


_CONTENT: dict[tuple[str, ...], Catalog] = {}


def _content(files: Any, path: Path) -> Catalog:
    """The catalog of a scenario's `content:` files (base set plus them), read once per set."""
    if isinstance(files, str):
        files = [files]
    if not isinstance(files, list):
        raise ScenarioError("'content' lists content files, e.g. [assets/content/expansions/cursed.yaml]")
    found: list[str] = []
    for f in files:
        for base in (path.parent, Path.cwd(), ROOT):
            if (base / str(f)).exists():
                found.append(str((base / str(f)).resolve()))
                break
        else:
            raise ScenarioError(f"content file {f!r} not found")
    key = tuple(found)
    if key not in _CONTENT:
        try:
            _CONTENT[key] = load_catalog(found)
        except ContentError as err:
            raise ScenarioError(str(err)) from None
    return _CONTENT[key]


def _base_ids() -> frozenset[str]:
    """The ids of the base set's races and powers."""
    base = default_catalog()
    return frozenset(base.races) | frozenset(base.powers)


def _borrowed(lent: Any) -> Any:
    """The power or race an Active race borrowed (`borrowed:` in a scenario), or None."""
    return (lent.get("power") or lent.get("race")) if lent else None


class Runner:
    def __init__(self, sc: Mapping[str, Any], path: Path, catalog: Catalog) -> None:
        bad = set(sc) - TOP_KEYS
        if bad:
            raise ScenarioError(f"unknown top-level key {sorted(bad)[0]!r}; known keys: {', '.join(sorted(TOP_KEYS))}")
        if "name" not in sc:
            raise ScenarioError("the scenario needs a 'name'")
        want(sc["name"], "text", "name")
        if want(sc.get("version", VERSION), "whole", "version") not in (1, VERSION):
            raise ScenarioError(f"version: this runner reads versions 1 and {VERSION}, not {sc['version']}")
        self.board = _load_board(sc, path)
        # the piles are dealt from the scenario's own box: the base set, or its own `content:`
        # with it; races and powers that `--content` adds join only where the scenario names them,
        # so loading more content does not change what it deals
        dealt: frozenset[str] | None = _base_ids()
        if "content" in sc:
            catalog = _content(sc["content"], path)
            dealt = None
        names = sc.get("players")
        if not isinstance(names, list) or not names:
            raise ScenarioError("'players' must list the players in seat order")
        self.names = [want(n, "text", f"players[{i}]") for i, n in enumerate(names)]
        if len(set(self.names)) != len(self.names):
            raise ScenarioError("players: two players have the same name")
        seed = want(sc.get("seed", 0), "whole", "seed")
        self.rng = random.Random(seed)
        for i, f in enumerate(want(sc.get("dice") or [], "list", "dice")):
            want(f, "whole", f"dice[{i}]")
        check_setup(sc.get("setup"))
        try:
            self.dice = ScriptedDice(sc.get("dice") or [], self.rng)
        except ValueError as err:
            raise ScenarioError(f"dice: {err}") from None
        try:
            self.s: GameState = build_position(self.board, self.names, catalog, self.rng, sc.get("setup"), dealt)
        except SetupError as err:
            raise ScenarioError(f"setup refused: {err}") from None
        self.scored: dict[int, dict[str, int]] = {}
        self.steps = sc.get("steps") or []
        if not isinstance(self.steps, list):
            raise ScenarioError("'steps' must be a list")

    # -- names <-> seats ----------------------------------------------------------------
    def seat(self, name: Any) -> int:
        if name not in self.names:
            raise ScenarioError(f"{name!r} is not one of the players ({', '.join(self.names)})")
        return self.names.index(name)

    def region(self, rid: Any) -> str:
        if str(rid) not in self.s.regions:
            raise ScenarioError(f"the board has no region {rid!r}")
        return str(rid)

    def counts(self, d: Any, what: str) -> dict[str, int]:
        if not isinstance(d, Mapping):
            raise ScenarioError(f"'{what}' takes a mapping of region: tokens")
        return {self.region(k): want(v, "count", f"{what}.{k}") for k, v in d.items()}

    # -- steps -> intents -----------------------------------------------------------------
    def intent(self, step: Any) -> tuple[Action, int | None]:
        """The intent of a step, and the seat it names (`player:`), if any."""
        if isinstance(step, str):
            key, val, who = step, None, None
        elif isinstance(step, Mapping):
            rest = {k: v for k, v in step.items() if k not in ("player", "reason")}
            if len(rest) != 1:
                raise ScenarioError(f"a step has one intent, not {sorted(rest) or 'none'}")
            (key, val), = rest.items()
            who = self.seat(step["player"]) if "player" in step else None
        else:
            raise ScenarioError(f"cannot read step {step!r}")
        if key not in STEP_KEYS:
            raise ScenarioError(f"unknown step {key!r}; known steps: {', '.join(sorted(STEP_KEYS))}")
        if key in REGION_INTENTS:
            return REGION_INTENTS[key](self.region(val)), who
        if key == "pick":
            if not isinstance(val, int) or isinstance(val, bool) or val < 0:
                raise ScenarioError("'pick' takes a column position: 0 is the top")
            return Pick(val), who
        if key == "redeploy":
            return Redeploy.of(self.counts(val, key)), who
        if key == "withdraw":
            if not isinstance(val, Mapping) or "player" not in val or "regions" not in val:
                raise ScenarioError("'withdraw' takes {player: NAME, regions: {region: tokens}}")
            return Withdraw.of(self.seat(val["player"]), self.counts(val["regions"], key)), None
        if key == "encampments":
            return Encampments.of(self.counts(val, key)), who
        if key == "heroes":
            if not isinstance(val, list):
                raise ScenarioError("'heroes' takes a list of regions")
            return Heroes(tuple(self.region(r) for r in val)), who
        if key == "ally":
            return Ally(self.seat(val)), who
        if key == "decline" and val is None:
            return Decline(), who
        if key == "berserk_roll" and val is None:
            return BerserkRoll(), who
        if key == "settle" and val is None:
            return Settle(), who
        if key == "use":                     # an effect's own move: `use: marauding`
            if isinstance(val, str):
                return Use(val), who
            if isinstance(val, Mapping) and "effect" in val and set(val) <= {"effect", "region", "choice"}:
                return Use(str(val["effect"]), self.region(val["region"]) if "region" in val else "",
                             str(val.get("choice", ""))), who
            raise ScenarioError("'use' takes an effect name or {effect: NAME, region: REGION} "
                                "or {effect: NAME, choice: WHAT}")
        if key == "end_turn":
            if val is None:
                return EndTurn(), who
            if isinstance(val, Mapping) and set(val) <= {"decline"}:
                return EndTurn(decline=want(val.get("decline", False), "bool", "end_turn.decline")), who
            raise ScenarioError("'end_turn' takes nothing or {decline: true}")
        raise ScenarioError(f"unknown step {key!r}")

    def play(self, a: Action, who: int | None) -> None:
        if who is not None and not isinstance(a, Withdraw) and who != actor(self.s):
            raise ScenarioError(f"refused {a.kind}: it is {self.names[actor(self.s)]}'s turn, not {self.names[who]}'s")
        if not self.s.game_over:         # listed first, as the window and the bots list it: a
            legal_actions(self.s)         # played conquest then costs what the listing priced
        try:
            self.s, rec = apply(self.s, a, self.dice)
        except IllegalAction as err:
            raise ScenarioError(f"refused {a.kind}: {err}") from None
        for ev in events_of(rec.events, "score"):     # each player's last score, by where its coins came from
            parts: dict[str, int] = {}
            for label, c in ev["parts"]:
                parts[label] = parts.get(label, 0) + c
            self.scored[ev["seat"]] = parts

    def illegal(self, spec: Any) -> None:
        reason = spec.get("reason") if isinstance(spec, Mapping) else None
        a, who = self.intent(spec)
        before = self.s.to_dict()
        dice_before = list(self.dice.faces)
        if who is not None and who != actor(self.s) and not isinstance(a, Withdraw):
            why: str | None = f"it is {self.names[actor(self.s)]}'s turn"
        else:
            why = why_illegal(self.s, a)
        if why is None:
            raise ScenarioError(f"{a.kind} should be refused, but the engine accepts it")
        try:
            apply(self.s, a, self.dice)
            raise ScenarioError(f"{a.kind} should be refused, but apply() played it")
        except IllegalAction:
            pass
        if self.s.to_dict() != before or self.dice.faces != dice_before:
            raise ScenarioError(f"refused {a.kind} changed the state")
        if reason is not None and str(reason).lower() not in why.lower():
            raise ScenarioError(f"{a.kind} was refused with {why!r}, which does not mention {reason!r}")

    # -- expectations --------------------------------------------------------------------
    def expect(self, e: Mapping[str, Any]) -> None:
        if not isinstance(e, Mapping):
            raise ScenarioError("'expect' takes a mapping")
        bad = set(e) - EXPECT_KEYS
        if bad:
            raise ScenarioError(f"unknown expect key {sorted(bad)[0]!r}; known keys: {', '.join(sorted(EXPECT_KEYS))}")
        s = self.s
        for name, want in (e.get("players") or {}).items():
            p = s.players[self.seat(name)]
            bad = set(want) - PLAYER_EXPECT
            if bad:
                raise ScenarioError(f"unknown player key {sorted(bad)[0]!r}; known keys: {', '.join(sorted(PLAYER_EXPECT))}")
            got: dict[str, Any] = {"coins": p.coins, "hand": p.active.hand if p.active else 0,
                   "active": p.active.race if p.active else None,
                   "power": p.active.power if p.active else None,
                   "decline": sorted(h.race for h in p.declines)}
            got.update(self.off_board(self.seat(name)))
            for k, v in want.items():
                g = got[k]
                if k == "decline":
                    v = sorted(v or [])
                if k in ("supply", "collected", "scored", "loot") and isinstance(v, Mapping):
                    g = {m: g.get(m, 0 if k != "loot" else None) for m in v}   # only what it names
                if g != v:
                    raise ScenarioError(f"{name} {k}: expected {v!r}, got {g!r}")
        for rid, want in (e.get("regions") or {}).items():
            r = s.regions[self.region(rid)]
            bad = set(want) - REGION_EXPECT
            if bad:
                raise ScenarioError(f"unknown region key {sorted(bad)[0]!r}; known keys: {', '.join(sorted(REGION_EXPECT))}")
            got = {"owner": self.names[r.owner] if r.owner is not None and r.tokens else None,
                   "race": r.race if r.tokens else None, "tokens": r.tokens, "decline": r.decline and bool(r.tokens),
                   "lost_tribe": r.lost_tribe, "fortress": r.fortress, "lair": r.lair,
                   "encampments": r.encampments, "hero": r.hero, "dragon": r.dragon, "hole": r.hole,
                   "mountain": r.mountain, "empty": r.empty, "marks": dict(r.marks)}
            for k, v in want.items():
                g = got[k]
                if isinstance(g, bool) and not isinstance(v, bool) and v in (0, 1, None):
                    v = bool(v)
                if g != v:
                    raise ScenarioError(f"region {rid} {k}: expected {v!r}, got {g!r}")
        for race, n in (e.get("tray") or {}).items():
            key = LOST_TRIBE if race in ("lost_tribe", "lost_tribes") else race
            if key not in s.tray:
                raise ScenarioError(f"tray: unknown race {race!r}")
            if s.tray[key] != n:
                raise ScenarioError(f"tray {race}: expected {n}, got {s.tray[key]}")
        for race, n in (e.get("gone") or {}).items():        # tokens out of the game for good
            if race not in s.catalog.races:
                raise ScenarioError(f"gone: unknown race {race!r}")
            if s.gone.get(race, 0) != n:
                raise ScenarioError(f"gone {race}: expected {n}, got {s.gone.get(race, 0)}")
        if "column" in e:
            for i, want in enumerate(e["column"]):
                if i >= len(s.column):
                    raise ScenarioError(f"column[{i}]: expected {want}, but the column has {len(s.column)} combos")
                c = s.column[i]
                got = {"race": c.race, "power": c.power, "coins": c.coins, "tokens": c.tokens}
                for k, v in want.items():
                    if k not in got:
                        raise ScenarioError(f"column[{i}]: unknown key {k!r}; known keys: race, power, coins, tokens")
                    if got[k] != v:
                        raise ScenarioError(f"column[{i}] {k}: expected {v!r}, got {got[k]!r}")
        for key in ("race_stack", "power_stack", "power_discard"):
            if key in e:
                have = list(getattr(s, key))
                spec = e[key]
                if isinstance(spec, Mapping) and key != "power_discard":   # {top: [...], bottom: [...]}
                    bottom = list(want_list(spec.get("bottom", []), key))
                    if bottom and have[-len(bottom):] != bottom:
                        raise ScenarioError(f"{key}: expected {bottom} at the bottom, got {have}")
                    spec = spec.get("top", [])
                top = list(want_list(spec, key))
                if key == "power_discard":
                    ok, what = sorted(have) == sorted(top), "the discarded badges"
                else:
                    ok, what = have[:len(top)] == top, f"the top of {key}"
                if not ok:
                    raise ScenarioError(f"{key}: expected {top} as {what}, got {have}")
        if "attacked" in e:
            exp = sorted(want_list(e["attacked"], "attacked"))
            got_a = sorted(self.names[i] for i in s.turn.attacked)
            if exp != got_a:
                raise ScenarioError(f"attacked: expected {exp}, got {got_a}")
        if "rolled" in e:
            rolled = s.turn.used.get("rolled")
            got_r = None if rolled is None else {k: v for k, v in rolled.items() if k != "again"}
            exp_r = e["rolled"]
            if exp_r is not None and got_r is not None:
                got_r = {k: v for k, v in got_r.items() if k in exp_r}
            if got_r != exp_r:
                raise ScenarioError(f"rolled: expected {exp_r!r}, got {got_r!r}")
        if "round" in e and s.round != e["round"]:
            raise ScenarioError(f"round: expected {e['round']}, got {s.round}")
        if "current" in e and self.names[s.turn.seat] != e["current"]:
            raise ScenarioError(f"current: expected {e['current']}, got {self.names[s.turn.seat]}")
        if "asked" in e:                     # whose decision out of turn is awaited (or none)
            waits = asked(s)
            who_asked = self.names[int(waits[0])] if waits else None
            if who_asked != e["asked"]:
                raise ScenarioError(f"asked: expected {e['asked']!r}, got {who_asked!r}")
        if "game_over" in e and s.game_over != bool(e["game_over"]):
            raise ScenarioError(f"game_over: expected {e['game_over']}, got {s.game_over}")
        if "winner" in e:
            want = sorted(e["winner"] if isinstance(e["winner"], list) else [e["winner"]])
            got_w = sorted(self.names[i] for i in s.winners) if s.game_over else []
            if want != got_w:
                raise ScenarioError(f"winner: expected {want}, got {got_w}")
            ranked = sorted(self.names[i] for i in outcome(s).winners) if s.game_over else []
            if ranked != got_w:
                raise ScenarioError(f"winner: the game declared {got_w}, but outcome() ranks {ranked} first")

    def off_board(self, seat: int) -> dict[str, Any]:
        """What a player holds off the board and out of sight, as `expect:` reads it."""
        s = self.s
        p = s.players[seat]
        h = p.active
        supply: dict[str, int] = {}
        loot: dict[str, Any] = {}
        if h is not None:
            for ab in s.catalog.effects_of(h.race, h.power):
                supply.update(ab.supply(h))
                hidden = getattr(ab, "hidden", None)
                if hidden is not None:
                    loot.update(hidden(h))
        peace = p.memo.get("until_next_turn", {}).get("peace_with")
        return {"waiting": int(h.memo.get("set_aside", 0)) if h else 0,
                "collected": dict(p.memo.get("collected", {})), "supply": supply, "loot": loot,
                "borrowed": _borrowed(h.memo.get("borrowed")) if h else None,
                "revive": p.memo.get("revive"),
                "peace_with": self.names[peace] if peace is not None else None,
                "scored": self.scored.get(seat, {})}

    def run(self) -> None:
        for i, step in enumerate(self.steps, 1):
            try:
                if isinstance(step, Mapping) and "expect" in step:
                    if len(step) != 1:
                        raise ScenarioError("an expect step holds only 'expect'")
                    self.expect(step["expect"])
                elif isinstance(step, Mapping) and "illegal" in step:
                    self.illegal(step["illegal"])
                else:
                    self.play(*self.intent(step))
            except ScenarioError as err:
                raise ScenarioError(f"step {i}: {err}") from None
            except NotImplementedRule as err:
                raise ScenarioError(f"step {i}: {err}") from None


def run_file(path: Path, catalog: Catalog) -> tuple[bool, str, str]:
    """(passed, name, message) for one scenario file."""
    name = path.name
    raw = b""
    try:
        raw = read_bytes(path, "scenario")
        text = raw.decode("utf-8")
        check_yaml(text, path, "scenario")         # depth, aliases, size: before anything is built
        sc = yaml.load(text, Loader=_Loader)       # a SafeLoader that refuses repeated keys
    except FileRefused as err:
        return False, name, f"the file is refused: {err.problem}"
    except OSError as err:
        return False, name, f"cannot read the file: {err.strerror or err}"
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        return False, name, (f"line {line}: the file is not UTF-8 text (byte 0x{raw[err.start]:02x}); "
                             "save it as UTF-8")
    except ScenarioError as err:
        return False, name, str(err)
    except RecursionError:
        return False, name, "not valid YAML: nested too deeply"
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        return False, name, f"not valid YAML{where}: {getattr(err, 'problem', err)}"
    if not isinstance(sc, Mapping):
        return False, name, "a scenario is a YAML mapping with name, board, players and steps"
    name = str(sc.get("name", name))
    try:
        Runner(sc, path, catalog).run()
    except ScenarioError as err:
        return False, name, str(err)
    except NotImplementedRule as err:
        return False, name, str(err)
    except Exception as err:  # an engine bug must not hide the other scenarios
        return False, name, f"engine error {type(err).__name__}: {err}"
    return True, name, ""


def collect(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        q = Path(p)
        if q.is_dir():
            files.extend(sorted(x for x in q.rglob("*") if x.suffix in (".yaml", ".yml")))
        else:
            files.append(q)
    return files


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.scenario", description="Run rules scenarios.")
    ap.add_argument("paths", nargs="+", help="scenario files or folders")
    ap.add_argument("--content", action="append", default=[], help="custom races/powers YAML file")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only failures and the total")
    args = ap.parse_args(argv)
    try:
        catalog = load_catalog(args.content) if args.content else default_catalog()
    except ContentError as err:
        print(err, file=sys.stderr)
        return 2
    passed = failed = 0
    for f in collect(args.paths):
        if not f.exists():
            print(f"FAIL {f}: no such file")
            failed += 1
            continue
        ok, name, msg = run_file(f, catalog)
        if ok:
            passed += 1
            if not args.quiet:
                print(f"PASS {name}")
        else:
            failed += 1
            print(f"FAIL {name}: {msg}  [{f}]")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(run_stoppable(main, "game.scenario"))
