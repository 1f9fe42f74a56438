"""The window's side of the phones: starts `game.phones.server` for a game, hands each phone seat
its view after every change (in that player's language), and plays the phones' intents on the
table, judged by the engine like a click.

`PhoneLink.handle(scene)` runs in the play scene's update (the window's thread): each intent of
the inbox is checked (the seat must be the one the engine awaits, and still on its phone), then
`why_illegal`, then sent through the scene's own `send`, which plays, autosaves, animates and
sounds it as any move. The phone gets the engine's sentence when it is refused. A seat is on its
phone (`Table.phone_seats`) from the moment its phone opens the page until it is taken back on
the table (`take_back`). No pygame here but the one event that wakes the window when an intent
waits.
"""
from __future__ import annotations

import contextlib
import json
import time
from typing import Any, Callable, Iterator

import pygame

from game.phones.server import DEFAULT_PORT, PhoneServer
from game.phones.views import board_view, seat_view
from game.rules import actor, asked, legal_actions, why_illegal

from .. import strings, theme
from ..drafts import encampments_draft, heroes_start, pieces_offered
from ..logtext import recent_lines
from ..phone_pictures import Pictures, features, needed, region_colours
from ..region_plan import feature_kinds
from ..svg_art import hexc

WAKE = pygame.event.custom_type()        # an intent waits in the inbox: the window's loop looks now


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The strings in `lang` for a moment (the window's thread only), then the table's again."""
    before = strings.language()
    strings.set_language(lang)
    try:
        yield
    finally:
        strings.set_language(before)


class TableWords:
    """`game.phones.views.Words` from the window's strings, for one game, in the language in force."""

    def __init__(self, table: Any, lang: str) -> None:
        self.table = table
        self.lang = lang

    @property
    def state(self) -> Any:
        return self.table.match.state

    def t(self, key: str, **fmt: Any) -> str:
        return strings.t(key, **fmt)

    def race(self, race: str | None) -> str:
        return strings.race_name(self.state.catalog, race)

    def power(self, power: str | None) -> str:
        return strings.power_name(self.state.catalog, power)

    def combo(self, race: str, power: str | None) -> str:
        return strings.combo_name(self.state.catalog, race, power)

    def race_text(self, race: str) -> str:
        return strings.race_text(self.state.catalog, race)

    def power_text(self, power: str) -> str:
        return strings.power_text(self.state.catalog, power)

    def region(self, rid: str) -> str:
        return strings.region_name(self.state.board, rid)

    def use_label(self, effect: str) -> str:
        from .play_modes import use_button_label
        return use_button_label(self.state, effect)

    def log(self, limit: int) -> list[str]:
        m = self.table.match
        return recent_lines(m.records, m.states, limit=limit)


def placing(s: Any, legal: list[Any]) -> dict[str, Any]:
    """The Heroes and Encampments the player whose turn it is may place, as the window offers them:
    the Heroes' count and the regions they may go in, the Encampments as they stand (plus the
    engine's placement of those still in supply)."""
    if asked(s) is not None:
        return {}
    out: dict[str, Any] = {}
    for piece in pieces_offered(s, legal):
        if piece == "heroes":
            out["heroes"] = {"want": len(heroes_start(s, legal)), "regions": s.active_regions(s.turn.seat)}
        else:
            d = encampments_draft(s, legal)
            if d is not None:
                out["encampments"] = {"counts": d.counts, "total": d.total}
    return out


def _waker(nudge: Callable[[], None]) -> Callable[[], None]:
    """What the server calls when an intent waits: a pygame event for the window's loop, and
    `nudge` so that a loop asleep between two looks wakes at once."""
    def wake() -> None:
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass
        nudge()
    return wake


class PhoneLink:
    """The phones of one game (a new game or a game continued: always fresh codes)."""

    def __init__(self, table: Any, port: int = DEFAULT_PORT, host: str = "0.0.0.0",
                 nudge: Callable[[], None] = lambda: None) -> None:
        self.table = table
        self.wake = _waker(nudge)
        self.server = PhoneServer(host=host, port=port, wake=self.wake)
        self.langs: dict[int, str] = {}
        self.version = 0
        self.boards: dict[int, str] = {}       # the language each seat's board was sent in
        self.pictures: Pictures | None = None  # the pieces' pictures, each made once
        self.colours: dict[str, str] = {}      # each region's colour on the table
        self.pictured: set[str] = set()        # the pictures the boards carry
        self.latency: list[float] = []         # seconds from a phone's message to its move played
        self.waited: list[float] = []          # ... of which the message waited for the window to look
        self.played: list[float] = []          # when each move played came in (perf_counter)
        self.last: dict[int, str] = {}         # each seat's last view sent (without its number)
        self.sent: dict[int, int] = {}         # ... and its number
        self.holding = False                   # a phone's move is being played: its answer goes first
        self.due = False                       # ... and the views after it

    def start(self, tries: int = 10) -> None:
        """Serve on the first free port from the one asked; fresh codes for every person's seat."""
        first = self.server.port
        for k in range(tries if first else 1):
            self.server.port = first + k if first else 0
            try:
                self.server.start()
                break
            except OSError:
                if k == tries - 1:
                    raise
                self.server = PhoneServer(host=self.server.host, port=first + k + 1, wake=self.wake)
        self.server.open_seats(self.table.humans())
        self.table.phone_seats.clear()

    def stop(self) -> None:
        self.server.stop()
        self.table.phone_seats.clear()

    def seats(self) -> list[int]:
        return self.server.codes.seats()

    def address(self, seat: int) -> str:
        return self.server.address(seat)

    def lang(self, seat: int) -> str:
        return self.langs.get(seat) or strings.language()

    def publish(self, scene: Any = None) -> None:
        """Every coded seat's view, in its player's language (after every change)."""
        if self.holding:
            self.due = True
            return
        s = self.table.match.state
        self.version += 1
        legal = legal_actions(s) if not s.game_over else []
        pieces = placing(s, legal) if not s.game_over else {}
        faces = [{"name": seat.name, "colour": hexc(theme.player_colour(seat.colour, i)),
                  "symbol": theme.player_symbol(seat.colour, i), "bot": seat.bot is not None,
                  "phone": i in self.table.phone_seats}
                 for i, seat in enumerate(self.table.seats)]
        names = self.picture_names(s)
        for seat in self.seats():
            lang = self.lang(seat)
            with speaking(lang):
                words = TableWords(self.table, lang)
                if self.boards.get(seat) != lang:
                    self.server.set_board(seat, {"t": "board", **self.board(words, names)})
                    self.boards[seat] = lang
                can_undo = self.table.match.can_undo()
                view = seat_view(s, seat, legal, words, faces, can_undo, 0,
                                 pieces if seat == actor(s) else None)
                view["moves"] = len(self.table.match.records)       # which move of the game it shows
            same = json.dumps(view, sort_keys=True)
            if self.last.get(seat) == same:
                continue                          # nothing new for this phone: it is not drawn again
            self.last[seat] = same
            view["v"] = self.sent[seat] = self.version
            self.server.publish(seat, view)

    def picture_names(self, s: Any) -> list[str]:
        """The pieces' pictures the boards carry: those the game may show (`phone_pictures.needed`)
        and the map's feature icons; when the game comes to need one the boards lack (a marker
        or a race an effect brought), every board is sent again with it."""
        names = needed(s) + features(self.table.mapdata)
        if not set(names) <= self.pictured:
            self.pictured |= set(names)
            self.boards.clear()
        return names

    def board(self, words: TableWords, names: list[str]) -> dict[str, Any]:
        """The board's view, its colours and pictures made once for the game."""
        md = self.table.mapdata
        if self.pictures is None:
            self.pictures = Pictures(self.table.match.state.catalog)
            self.colours = region_colours(md)
        pictures = self.pictures
        return board_view(md, words, colours=self.colours,
                          features={r.id: feature_kinds(r) for r in md.board.regions},
                          pictures=[(name, pictures.get(name)) for name in names])

    def handle(self, scene: Any) -> bool:
        """Play what the phones sent; True when anything changed on the table."""
        changed = False
        for it in self.server.poll():
            if it.kind == "act":
                self.waited.append(time.perf_counter() - it.at)
            seat = it.seat
            if seat not in self.seats():
                continue                                 # taken back meanwhile
            if it.kind == "hello":
                if seat not in self.table.phone_seats:
                    self.table.phone_seats.add(seat)
                    changed = True
                    scene.phone_joined(seat)
                self.publish()
                continue
            if it.kind == "lang":
                self.langs[seat] = it.lang
                self.publish()
                continue
            self.table.phone_seats.add(seat)
            if it.kind == "undo":
                ok = scene.phone_undo(seat)
                self.server.reply(seat, {"t": "said", "n": it.n, "ok": ok,
                                         **({} if ok else {"why": "refused", "text": self.said(seat, "msg.nothing_to_undo")})})
                changed = changed or ok
                continue
            if it.kind != "act" or it.action is None:
                continue
            s = self.table.match.state
            if s.game_over or self.table.actor() != seat:
                self.server.reply(seat, {"t": "said", "n": it.n, "ok": False, "why": "not_yours"})
                continue
            try:
                why = why_illegal(s, it.action)
            except Exception:  # noqa: BLE001 - a shape the engine cannot even judge: refused
                self.server.reply(seat, {"t": "said", "n": it.n, "ok": False, "why": "junk"})
                continue
            if why is not None:
                with speaking(self.lang(seat)):
                    text = strings.say(why, s)
                self.server.reply(seat, {"t": "said", "n": it.n, "ok": False, "why": "refused", "text": text})
                continue
            ok = self.play(scene, seat, it.n, it.action)
            if ok:
                self.latency.append(time.perf_counter() - it.at)
                self.played.append(it.at)
            changed = changed or ok
        return changed

    def play(self, scene: Any, seat: int, n: int, action: Any) -> bool:
        """Play a phone's move through the scene's own `send`; the phone hears "played" as soon as it
        is (played and saved), before the views of the new state are made and sent to every phone."""
        self.holding, self.due = True, False
        try:
            ok = bool(scene.send(action))
        finally:
            self.holding = False
        self.server.reply(seat, {"t": "said", "n": n, "ok": ok})
        if self.due:
            self.publish()
        return ok

    def said(self, seat: int, key: str) -> str:
        with speaking(self.lang(seat)):
            return strings.t(key)

    def reopen(self, seat: int) -> str:
        """A seat played on the table goes back to a phone: a seat taken back gets a fresh code
        (the one its old phone had opens nothing), a seat whose phone never came keeps its own.
        The seat stays on the table until a phone opens the page."""
        if self.server.codes.code(seat) is None:
            self.server.reopen(seat)
            self.boards.pop(seat, None)
            self.last.pop(seat, None)
            self.publish()
        return self.address(seat)

    def take_back(self, seat: int) -> None:
        """The seat is played on the table from now on: its phone is told and its code opens nothing."""
        self.server.release(seat)
        self.table.phone_seats.discard(seat)
        self.boards.pop(seat, None)
        self.last.pop(seat, None)
