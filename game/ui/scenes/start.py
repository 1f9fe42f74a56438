"""The start screen: a new game (2 to 5 players, names, colours, computer seats at each level of
`game.bots.REGISTRY`, the map for that many players or the one given with --map, an optional seed) and
the saved games (map, players, round, date; each can be resumed (a finished one opens on its
final screen), or deleted after a
confirmation); under them the language (English, Română, Nederlands, Français), the sound
(`sound`: on or off, music, volume) and the first-game hints, all remembered for next time. The last table (names, seats, colours,
computer levels) is seated again, so the same family starts with one click on Start; the name
fields select their text on a click and take Ctrl+A, Ctrl+C, Ctrl+V, Home/End and the arrows.
"Expansions" opens the chooser of the shipped content packs (`packs`); the packs chosen are
remembered with the last table, and a new game records them in its save, so Continue plays
with the same races and powers. Content files given with --content (other than a pack's) are
named under the seed, with how many races and powers they bring. "First game, with a guide" starts the lesson (`tutorial`) on a saved game of its own.
The version (`game.__version__`) is written small in the top right corner, for a bug report or
to see that an update took.

Every new game gets a file of its own (`game.saves`), so starting one never replaces another.
The saves are listed after the first frame is on screen (so the window opens at once). A save
that cannot be read or resumed is moved aside (`quarantine`, never deleted) and the player is
told so in one sentence, and can go on with another game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

import game
from game import savelock
from game.bots import LEVELS, REGISTRY
from game.content.packs import Pack, pack_ids, shipped_packs
from game.content.tmx import MapError, load_map
from game.match import Seat
from game.saves import (
    HomeError,
    SaveInfo,
    Shelf,
    delete_save,
    list_saves,
    new_save_path,
    prepare_home,
    quarantine,
)

from .. import settings, theme
from ..app import App, Scene
from ..layout import ui_scale
from ..strings import LANGUAGES, language, language_name, map_title, say, t, tn
from ..table import Table, resolve, shipped_map_path
from ..widgets import (
    Button,
    TextField,
    clipboard_text,
    hit,
    player_mark,
    put_clipboard,
    tooltip,
    track_hover,
    typing,
)
from .common import backdrop

KINDS = ("person", *LEVELS)      # what a seat button goes through: a person, then each computer level
EDIT_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_LEFT, pygame.K_RIGHT,
             pygame.K_a, pygame.K_c, pygame.K_v)


FADED = (110, 100, 88)   # the lines of a finished game
VERSION_INK = (150, 136, 112)   # the version in the corner: readable, never in the way
ROWS = 4                 # saved games shown at once on the right card


def version_line() -> str:
    """"version 1.1.0", in the player's language: the corner of the start screen."""
    return t("start.version", version=game.__version__)


def kind_label(kind: str) -> str:
    """A seat's button: "Person", or the computer level's name ("Computer: hard")."""
    return t(REGISTRY[kind].label) if kind in REGISTRY else t("start.kind.person")


def kind_tip(kind: str, expert_seconds: float | None = None) -> str:
    """What a click on a seat's button does, and how every computer level plays (the one shown
    first marked): for a level that looks ahead, also how far and how long it thinks at least
    (Expert's time is the window's setting) and what a slow machine does to it: it answers
    later, and plays weaker only past its cap."""
    lines = [t("start.kind_tip"), t("start.kind_levels")]
    for name, level in REGISTRY.items():
        line = ("▸ " if name == kind else "• ") + t(level.about)
        seconds = expert_seconds if name == "expert" and expert_seconds else level.budget
        if seconds is not None:
            line += " " + t("start.kind_time", seconds=number_text(seconds), games=level.floor,
                            cap=number_text(level.cap_for(seconds)))
        lines.append(line)
    return "\n".join(lines)


def number_text(x: float) -> str:
    """A number of seconds as the player's language writes it ("1.5", "1,5")."""
    return f"{x:g}" if language() == "en" else f"{x:g}".replace(".", ",")


def custom_content(files: list[str]) -> tuple[str, int, int] | None:
    """The names of the content files given with --content and how many races and powers they
    bring (None for no file); a file that cannot be read any more (the command line checked
    it) counts -1."""
    if not files:
        return None
    from game.content.catalog import load_catalog
    names = ", ".join(Path(f).name for f in files)
    try:
        cat = load_catalog(files)
    except Exception:                          # (a file changed since the start): its name alone
        return names, -1, -1
    return (names, sum(1 for r in cat.races.values() if r.custom),
            sum(1 for p in cat.powers.values() if p.custom))


def custom_content_note(custom: tuple[str, int, int]) -> str:
    """"Custom content: gnomes.yaml — 2 races, 0 powers", in the current language."""
    names, races, powers = custom
    return t("start.content", files=names,
             races=tn("start.content_races", races, count=races) if races >= 0 else "?",
             powers=tn("start.content_powers", powers, count=powers) if powers >= 0 else "?")


def t_in(lang: str, key: str) -> str:
    """The text of `key` in `lang` (English if that language lacks it)."""
    from ..strings import table
    return table(lang).get(key) or table("en").get(key, key)


def t_default(lang: str, i: int) -> str:
    """Player `i`'s default name in `lang` ("Jucătorul 2")."""
    from ..strings import table
    text = table(lang).get("start.default_name") or table("en").get("start.default_name", "Player {n}")
    return text.format(n=i + 1)


class StartScene(Scene):
    def __init__(self, app: App, note: str = "") -> None:
        super().__init__(app)
        opts = app.options
        self.players = max(2, min(5, opts.players or 2))
        self.names = [TextField(f"name{i}", t("start.default_name", n=i + 1)) for i in range(5)]
        self.colours = list(theme.PALETTE_ORDER[:5])
        self.kinds = ["person"] * 5
        self.seed = TextField("seed", str(opts.seed) if opts.seed is not None else "", max_len=9, digits_only=True)
        self.focus: TextField | None = None
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.mouse = (0, 0)                           # where the pointer came onto the hovered button
        self.message = note
        self.shelf = Shelf()              # the saved games, once listed
        self.page = 0
        if opts.players is None:
            self.recall_table()
        self.packs: list[Pack] = []       # the shipped content packs, once read
        self.pack_choice = self.recall_packs()
        self.map_names: dict[str, str] = {}
        self.custom: tuple[str, int, int] | None = None     # the --content files and their counts, once read
        self.map_choice: str | None = opts.map_path     # None: the shipped map for the player count
        self.map_players: int | None = None             # the count the chosen map is made for
        self._probed = False
        self._shown = False

    # -- data ----------------------------------------------------------------------------------
    def recall_table(self) -> None:
        """Seat the last table again: its players, names, colours and computer levels, so the same
        family starts its next game with one click on Start. A hand-edited or damaged memory is
        ignored seat by seat."""
        last = settings.load().get("table")
        seats = last.get("seats") if isinstance(last, dict) else None
        if not isinstance(seats, list) or not 2 <= len(seats) <= 5:
            return
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                return
            name, colour, kind = seat.get("name"), seat.get("colour"), seat.get("bot") or "person"
            if isinstance(name, str) and name.strip():
                self.names[i].value = name.strip()[: self.names[i].max_len]
            if colour in theme.PALETTE and colour not in self.colours[:i]:
                if colour in self.colours:
                    j = self.colours.index(colour)
                    self.colours[j] = self.colours[i]
                self.colours[i] = colour
            if kind in KINDS:
                self.kinds[i] = kind
        self.players = len(seats)

    def recall_packs(self) -> list[str]:
        """The expansions last played (a damaged memory: none)."""
        last = settings.load().get("table")
        ids = last.get("packs") if isinstance(last, dict) else None
        chosen = [x for x in ids if isinstance(x, str)] if isinstance(ids, list) else []
        return chosen

    def remember_table(self, seats: list[Seat]) -> None:
        settings.save(table={"seats": [s.to_dict() for s in seats], "packs": list(self.pack_choice)})

    def content(self) -> list[str]:
        """The content files of a new game: the chosen packs (as paths relative to the
        repository), then the --content files that are not one of them."""
        chosen = [p for p in self.packs if p.id in self.pack_choice]
        given = [c for c in self.app.options.content if not pack_ids([c], chosen)]
        return [p.path for p in chosen] + given

    def choose_packs(self) -> None:
        from .packs import PacksScene

        def done(ids: list[str]) -> None:
            self.pack_choice = ids
            self.build()
        self.app.push(PacksScene(self.app, self.packs, self.pack_choice, done))

    def map_path(self) -> str:
        return self.map_choice or shipped_map_path(self.players)

    def choose_map(self) -> None:
        """The map chooser, over this screen."""
        from .maps import MapScene
        self.app.push(MapScene(self.app, self.map_path(), self.map_chosen))

    def map_chosen(self, path: str, players: int | None) -> None:
        """A map was chosen: a shipped one is the map for its player count (the count follows);
        a map file is kept as chosen, and sets the count when it says one."""
        if players is not None and 2 <= players <= 5:
            self.players = players
        shipped = any(path == shipped_map_path(n) for n in range(2, 6))
        self.map_choice = None if shipped else path
        self.map_players = None if shipped else players
        self.map_name(path)
        self.message = ""
        self.build()

    def bot_names(self, lang: str | None = None) -> list[str]:
        """The computer players' own names in `lang` (the current language by default)."""
        return [n.strip() for n in t_in(lang or language(), "start.bot_names").split(",") if n.strip()]

    def name_seat(self, i: int, before: str) -> None:
        """Seat `i` changed from `before` to its kind now: a computer seat still under a plain
        "Player N" gets a name of its own; a person under a computer's name gets "Player N" back."""
        field, kind = self.names[i], self.kinds[i]
        default = any(field.value == t_default(code, i) for code in LANGUAGES) or not field.value.strip()
        bot_name = any(field.value in self.bot_names(code) for code in LANGUAGES)
        if kind != "person" and before == "person" and default:
            used = {f.value.lower() for k, f in enumerate(self.names[: self.players]) if k != i}
            field.value = next((n for n in self.bot_names() if n.lower() not in used), field.value)
        elif kind == "person" and bot_name:
            field.value = t("start.default_name", n=i + 1)

    def enter(self) -> None:
        self.app.audio.set_piece("title")
        typing(self.focus)                             # the system's text input only for a field
        savelock.release()                             # no game is open in this window now
        from .phones import close_phones
        close_phones(self.app)                         # nor served to any phone

    def leave(self) -> None:
        typing(None)

    def set_focus(self, field: TextField | None) -> None:
        """Type into `field` (None: into no field), with the system's text input on only then."""
        if field is not self.focus or field is None:
            typing(field)
        self.focus = field

    def covered(self) -> None:
        self.hover = None                              # pictured under a panel without a button's tip

    def tell(self, text: str, kind: str = "hint") -> bool:
        self.message = text
        self.app.dirty()
        return True

    def update(self, now: float) -> None:
        if self._shown and not self._probed:
            self._probed = True
            self.probe()

    def wake_in(self, now: float) -> float | None:
        return 0.0 if not self._probed else None

    def probe(self) -> None:
        """After the first frame: list the saved games and read the map names."""
        for n in range(2, 6):
            self.map_name(shipped_map_path(n))
        if self.app.options.map_path:
            self.map_name(self.app.options.map_path)
        self.packs = shipped_packs()
        given = pack_ids(self.app.options.content, self.packs)       # --content with a pack's file
        self.pack_choice = [p.id for p in self.packs if p.id in self.pack_choice or p.id in given]
        self.custom = custom_content([c for c in self.app.options.content if not pack_ids([c], self.packs)])
        self.refresh()

    def refresh(self) -> None:
        """List the saves again; a save that cannot be read is moved aside and the player told."""
        from .notice import NoticeScene
        try:
            prepare_home()
        except HomeError as err:
            self.build()
            self.app.push(NoticeScene(self.app, t("save.home_title"), say(err),
                                      [("back", t("error.back"), self.app.pop)]))
            return
        self.shelf = list_saves()
        self.page = min(self.page, max(0, (len(self.shelf.games) - 1) // ROWS))
        self.build()
        if self.shelf.kept_aside:
            kept, why = self.shelf.kept_aside[0]
            self.kept_notice(kept, why, len(self.shelf.kept_aside) - 1)

    def kept_notice(self, kept: Path, err: Any, more: int = 0) -> None:
        """Tell the player a save was moved aside; back to this screen."""
        from .notice import NoticeScene
        body = t("save.unreadable_body", reason=say(err), kept=kept.name, folder=str(kept.parent))
        if more:
            body += " " + tn("save.more_kept", more, count=more)
        self.app.push(NoticeScene(self.app, t("save.unreadable_title"), body,
                                  [("new", t("save.back_to_games"), self.app.pop)]))

    def open_elsewhere(self, info: SaveInfo) -> None:
        """Tell the player this game is open in another window; back to this screen."""
        from .notice import NoticeScene
        body = "\n".join(self.describe(info)) + "\n" + t("start.open_elsewhere_body")
        self.app.push(NoticeScene(self.app, t("start.open_elsewhere_title"), body,
                                  [("new", t("save.back_to_games"), self.app.pop)]))

    def resume(self, info: SaveInfo) -> None:
        """Open a saved game; one that cannot be resumed is moved aside with one sentence, one
        open in another window is left alone."""
        try:
            table = Table.resume(info.path, self.app.expert_seconds)
        except savelock.OpenElsewhere:
            self.open_elsewhere(info)
            return
        except (ValueError, OSError) as err:          # SaveError, MapError, ContentError: one line
            try:
                kept = quarantine(info.path)
            except OSError:
                kept = info.path
            self.shelf.games = [g for g in self.shelf.games if g.path != info.path]
            self.build()
            self.kept_notice(kept, err)
            return
        if table.state.game_over:
            from .final import FinalScene
            self.app.switch(FinalScene(self.app, table))
            return
        from ..tutorial import Tutorial
        from .play import GameScene
        game = GameScene(self.app, table)
        game.tutorial = Tutorial.restore(table.match.lesson, len(table.match.records))  # a lesson goes on
        self.app.switch(game)
        if game.tutorial is None:
            from .phones import open_phones
            open_phones(self.app, game)                # a game continued: new codes for its phones

    def ask_delete(self, info: SaveInfo) -> None:
        """Delete a saved game only after the player confirms, naming the game; never one that
        another window has open."""
        from .notice import NoticeScene
        if savelock.held_elsewhere(info.path):
            self.open_elsewhere(info)
            return

        def delete() -> None:
            self.app.pop()                             # the question goes
            try:
                delete_save(info.path)
            except savelock.OpenElsewhere:
                self.open_elsewhere(info)              # opened elsewhere while the question was shown
                return
            except OSError:
                pass                                   # already gone, or read-only: the list says which
            self.refresh()
        body = "\n".join(self.describe(info)) + "\n" + t("start.delete_body")
        self.app.push(NoticeScene(self.app, t("start.delete_title"), body,
                                  [("keep", t("start.delete_keep"), self.app.pop),
                                   ("delete", t("start.delete_yes"), delete)]))

    def map_name(self, path: str) -> str:
        if path not in self.map_names:
            try:
                self.map_names[path] = load_map(resolve(path)).name
            except (MapError, OSError, ValueError):
                self.map_names[path] = Path(path).name
        return self.map_names[path]

    # -- layout ----------------------------------------------------------------------------------
    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def resize(self) -> None:
        self.build()

    def geometry(self) -> tuple[float, pygame.Rect, pygame.Rect]:
        w, h = self.app.size()
        ui = ui_scale(w, h)
        new = pygame.Rect(0, 0, round(700 * ui), round(560 * ui))
        cont = pygame.Rect(0, 0, round(380 * ui), round(560 * ui))
        gap = round(24 * ui)
        total = new.w + gap + cont.w
        new.topleft = (w // 2 - total // 2, round(150 * ui))
        cont.topleft = (new.right + gap, new.y)
        return ui, new, cont

    def build(self) -> None:
        ui, new, cont = self.geometry()
        px = lambda v: round(v * ui)  # noqa: E731
        b: list[Button] = []
        x = new.x + px(150)
        y = new.y + px(70)
        for n in range(2, 6):
            b.append(Button(f"players:{n}", str(n), pygame.Rect(x + (n - 2) * px(52), y, px(44), px(38)),
                            toggled=n == self.players, style="quiet"))
        y += px(62)
        for i in range(self.players):
            row_y = y + i * px(50)
            b.append(Button(f"colour:{i}", "", pygame.Rect(new.x + px(30), row_y, px(40), px(38)), style="quiet",
                            tip=t("start.colour_tip")))
            self.names[i].rect = pygame.Rect(new.x + px(84), row_y, px(300), px(38))
            b.append(Button(f"kind:{i}", kind_label(self.kinds[i]), pygame.Rect(new.x + px(400), row_y, px(250), px(38)),
                            style="quiet", tip=kind_tip(self.kinds[i], self.app.expert_seconds)))
        sy = new.y + px(430)
        seed_w = max(self.app.text.size(t_in(code, "start.seed"), px(16))[0] for code in LANGUAGES)
        self.seed.rect = pygame.Rect(new.x + px(30) + max(px(190), seed_w + px(12)), sy, px(160), px(36))
        label = t("tutorial.start")
        w = self.app.text.size(label, px(15), "bold")[0] + px(26)
        b.append(Button("tutorial", label, pygame.Rect(new.right - px(30) - w, new.y + px(16), w, px(36)),
                        style="quiet", tip=t("tutorial.start_tip")))
        if self.packs:
            label = t("start.packs", count=len(self.pack_choice), total=len(self.packs))
            w = max(px(200), self.app.text.size(label, px(15), "bold")[0] + px(26))
            x0 = self.seed.rect.right + px(16)
            rect = pygame.Rect(max(x0, new.right - px(30) - w), sy, min(w, new.right - px(30) - x0), px(36))
            b.append(Button("packs", label, rect, style="quiet", toggled=bool(self.pack_choice),
                            tip=t("start.packs_tip")))
        label = t("start.choose_map")
        w = self.app.text.size(label, px(15), "bold")[0] + px(26)
        b.append(Button("map", label, pygame.Rect(new.right - px(30) - w, new.y + px(382), w, px(34)),
                        style="quiet", tip=t("start.choose_map_tip")))
        b.append(Button("start", t("start.start"), pygame.Rect(new.right - px(250), new.bottom - px(64), px(220), px(46)),
                        style="primary"))
        games = self.shelf.games
        first = self.page * ROWS
        for k, info in enumerate(games[first:first + ROWS]):
            i = first + k
            top = cont.y + px(66) + k * px(112)
            if not info.game_over:
                b.append(Button(f"resume:{i}", t("start.continue"), pygame.Rect(cont.x + px(24), top + px(64),
                                                                               px(180), px(32)), style="primary"))
            else:                                      # a finished game opens on its final screen
                b.append(Button(f"resume:{i}", t("start.see_result"), pygame.Rect(cont.x + px(24), top + px(64),
                                                                                 px(180), px(32)),
                                tip=t("start.see_result_tip")))
            b.append(Button(f"delete:{i}", t("start.delete"), pygame.Rect(cont.right - px(24) - px(120), top + px(64),
                                                                          px(120), px(32)), style="quiet",
                            tip=t("start.delete_tip")))
        if len(games) > ROWS:
            pages = (len(games) - 1) // ROWS + 1
            y = cont.bottom - px(44)
            b.append(Button("page:-1", "◀", pygame.Rect(cont.centerx - px(90), y, px(44), px(32)),
                            style="quiet", enabled=self.page > 0))
            b.append(Button("page:1", "▶", pygame.Rect(cont.centerx + px(46), y, px(44), px(32)),
                            style="quiet", enabled=self.page < pages - 1))
        # the language and the first-game hints, under the two cards
        y = new.bottom + px(18)
        label_w = max(self.app.text.size(t_in(code, "start.language"), px(16), "bold")[0] for code in LANGUAGES)
        x = new.x + label_w + px(14)                 # the same place in every language: the buttons never move
        for code in LANGUAGES:
            label = language_name(code)
            w = max(px(96), self.app.text.size(label, px(15), "bold")[0] + px(26))
            b.append(Button(f"lang:{code}", label, pygame.Rect(x, y, w, px(36)), toggled=code == language(),
                            style="quiet"))
            x += w + px(8)
        label = t("start.sound")                     # the sound settings, as in the in-game menu
        w = self.app.text.size(label, px(15), "bold")[0] + px(26)
        b.append(Button("sound", label, pygame.Rect(x + px(16), y, w, px(36)), style="quiet", tip=t("start.sound_tip")))
        label = ("☑ " if self.app.hints else "☐ ") + t("start.hints")
        w = self.app.text.size(label, px(15), "bold")[0] + px(26)
        b.append(Button("hints", label, pygame.Rect(cont.right - w, y, w, px(36)), toggled=self.app.hints,
                        style="quiet", tip=t("start.hints_tip")))
        label = ("☑ " if self.app.phones_on else "☐ ") + t("phone.start")   # the family opts in
        pw = self.app.text.size(label, px(15), "bold")[0] + px(26)
        b.append(Button("phones", label, pygame.Rect(new.x + px(30), new.bottom - px(59), pw, px(36)),
                        toggled=self.app.phones_on, style="quiet", tip=t("phone.start_tip")))
        self.buttons = b
        self.app.dirty()

    # -- input ------------------------------------------------------------------------------------
    def fields(self) -> list[TextField]:
        return self.names[: self.players] + [self.seed]

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            track_hover(self, ev.pos)                 # the tip shows where the pointer came onto it
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            f = next((f for f in self.fields() if f.rect.collidepoint(ev.pos)), None)
            if f is not None:                         # a new field: its text selected, typing replaces it;
                f.click(ev.pos[0], self.app.text, self.geometry()[0], self.focus is f)   # else the caret
                self.set_focus(f)
                self.app.dirty()
                return
            if self.focus is not None:                # a click elsewhere ends the typing and acts at once
                self.set_focus(None)
                self.app.dirty()
            b = hit(self.buttons, ev.pos)
            if b is not None and b.enabled:
                self.press(b)
        elif ev.type == pygame.TEXTINPUT and self.focus is not None:
            self.focus.type(ev.text)
            self.app.dirty()
        elif ev.type == pygame.KEYDOWN:
            if self.focus is not None and ev.key in EDIT_KEYS:
                copied = self.focus.key(ev, paste=clipboard_text() if ev.key == pygame.K_v else None)
                if copied:
                    put_clipboard(copied)
            elif ev.key == pygame.K_TAB:
                fs = self.fields()
                i = fs.index(self.focus) + (-1 if ev.mod & pygame.KMOD_SHIFT else 1) if self.focus in fs else 0
                self.set_focus(fs[i % len(fs)])
                fs[i % len(fs)].select_all()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.set_focus(None)
                self.start()
            elif ev.key == pygame.K_ESCAPE:
                self.set_focus(None)
            elif ev.key == pygame.K_F2:
                self.start_lesson()
                return
            self.app.dirty()

    def press(self, b: Button) -> None:
        kind, _, arg = b.id.partition(":")
        if kind == "players":
            self.players = int(arg)
            if self.map_players is not None and self.map_players != self.players:
                self.map_choice = self.map_players = None     # a map made for another count: the shipped one
            self.message = ""
            self.build()
        elif kind == "colour":
            i = int(arg)
            used = set(self.colours[: self.players]) - {self.colours[i]}
            order = theme.PALETTE_ORDER
            k = order.index(self.colours[i])
            for step in range(1, len(order) + 1):
                cand = order[(k + step) % len(order)]
                if cand not in used:
                    self.colours[i] = cand
                    break
            self.app.dirty()
        elif kind == "kind":
            i = int(arg)
            before = self.kinds[i]
            self.kinds[i] = KINDS[(KINDS.index(self.kinds[i]) + 1) % len(KINDS)]
            self.name_seat(i, before)
            self.build()
        elif kind == "map":
            self.choose_map()
        elif kind == "lang":
            before = language()
            self.app.set_language(arg)
            old_bots, new_bots = self.bot_names(before), self.bot_names()
            for i, f in enumerate(self.names):          # untouched default names follow the language
                if any(f.value == t_default(code, i) for code in LANGUAGES):
                    f.value = t("start.default_name", n=i + 1)
                elif f.value in old_bots and old_bots.index(f.value) < len(new_bots):
                    f.value = new_bots[old_bots.index(f.value)]     # and so do the computers' names
            self.build()
        elif kind == "hints":
            self.app.set_hints(not self.app.hints)
            self.build()
        elif kind == "phones":
            self.app.phones_on = not self.app.phones_on
            self.build()
        elif kind == "sound":
            from .sound import SoundScene
            self.app.push(SoundScene(self.app))
        elif kind == "start":
            self.start()
        elif kind == "tutorial":
            self.start_lesson()
        elif kind == "packs":
            self.choose_packs()
        elif kind == "resume" and int(arg) < len(self.shelf.games):
            self.resume(self.shelf.games[int(arg)])
        elif kind == "delete" and int(arg) < len(self.shelf.games):
            self.ask_delete(self.shelf.games[int(arg)])
        elif kind == "page":
            self.page = max(0, self.page + int(arg))
            self.build()

    def start(self) -> None:
        names = [f.value.strip() for f in self.names[: self.players]]
        if any(not n for n in names):
            self.message = t("start.need_names")
            self.app.dirty()
            return
        if len({n.lower() for n in names}) != len(names):
            self.message = t("start.unique_names")
            self.app.dirty()
            return
        seats = [Seat(names[i], self.colours[i], None if self.kinds[i] == "person" else self.kinds[i])
                 for i in range(self.players)]
        seed = int(self.seed.value) if self.seed.value else None
        try:
            save_path = self.app.options.save_path or new_save_path()    # a file of its own: never replaces a game
            table = Table.new(seats, seed, self.map_path(), self.content(), save_path,
                              self.app.expert_seconds)
        except (ValueError, OSError) as err:          # MapError, ContentError, SetupError: one line
            from .notice import NoticeScene
            self.app.push(NoticeScene(self.app, t("start.cannot_start"), say(err),
                                      [("back", t("error.back"), lambda: self.app.switch(StartScene(self.app)))]))
            return
        self.remember_table(seats)
        if table.state.game_over:
            from .final import FinalScene
            self.app.switch(FinalScene(self.app, table))
            return
        from .phones import open_phones
        from .play import GameScene
        game = GameScene(self.app, table)
        self.app.switch(game)
        open_phones(self.app, game)

    def start_lesson(self) -> None:
        """The first game that teaches: the map for two, the first name here against an easy
        computer player, the same game number every time; a new saved game of its own."""
        from ..tutorial import SEED, Tutorial
        name = self.names[0].value.strip() or t("start.default_name", n=1)
        other = t("tutorial.computer")
        if other.lower() == name.lower():
            other += " 2"
        colour = next(c for c in theme.PALETTE_ORDER if c != self.colours[0])
        seats = [Seat(name, self.colours[0]), Seat(other, colour, "easy")]
        try:
            table = Table.new(seats, SEED, shipped_map_path(2), [], new_save_path(), self.app.expert_seconds)
        except (ValueError, OSError) as err:
            self.message = say(err)
            self.app.dirty()
            return
        from .play import GameScene
        game = GameScene(self.app, table, viewer=0)
        game.tutorial = Tutorial(0)
        self.app.switch(game)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        self._shown = True
        backdrop(surf)
        ui, new, cont = self.geometry()
        px = lambda v: round(v * ui)  # noqa: E731
        text = self.app.text
        w, _ = surf.get_size()
        title = text.render(t("app.title"), px(40), theme.GOLD, "bold")
        surf.blit(title, title.get_rect(midtop=(w // 2, px(36))))
        sub = text.render(t("start.subtitle"), px(17), (220, 204, 176))
        surf.blit(sub, sub.get_rect(midtop=(w // 2, px(36) + title.get_height() + px(6))))
        if sub.get_width() > cont.right - new.x:
            text.overflow(t("start.subtitle"))
        tag = text.render(version_line(), px(13), VERSION_INK)
        surf.blit(tag, tag.get_rect(topright=(w - px(10), px(8))))
        for key, card_ in (("start.new_game", new), ("start.in_progress", cont)):
            if text.size(t(key), px(22), "bold")[0] > card_.w - px(50):
                text.overflow(t(key))
        races = ("amazons", "dwarves", "elves", "ghouls", "giants", "halflings", "humans")
        more = ("orcs", "ratmen", "skeletons", "sorcerers", "tritons", "trolls", "wizards")
        size = px(34)
        for k, (a, other) in enumerate(zip(races, more, strict=False)):   # a row of tokens either side of the title
            y = px(44) + (k % 2) * px(10)
            surf.blit(self.app.sprites.token(a, False, size), (w // 2 - px(190) - (k + 1) * px(40), y))
            surf.blit(self.app.sprites.token(other, False, size), (w // 2 + px(190) + k * px(40) + px(6), y))
        for rect in (new, cont):
            pygame.draw.rect(surf, (16, 10, 8), rect.move(px(5), px(7)), border_radius=px(14))
            pygame.draw.rect(surf, theme.PANEL, rect, border_radius=px(14))
            pygame.draw.rect(surf, theme.PANEL_EDGE, rect, max(2, px(2)), border_radius=px(14))
        img = text.render(t("start.new_game"), px(22), theme.ACCENT, "bold")
        surf.blit(img, (new.x + px(30), new.y + px(22)))
        img = text.render(t("start.players"), px(16), theme.INK, "bold")
        surf.blit(img, (new.x + px(30), new.y + px(78)))
        text.within(t("start.players"), img.get_rect(topleft=(new.x + px(30), new.y + px(78))),
                    pygame.Rect(new.x, new.y, px(146), new.h))
        for i in range(self.players):
            self.names[i].draw(surf, text, ui, self.focus is self.names[i], t("start.name_placeholder"))
        map_label = t("start.map", name=map_title(self.map_name(self.map_path())) if self._probed else "…")
        if self.map_choice is None or self.map_players is not None:
            map_label += " " + t("start.map_for", players=self.players)
        chooser = self.button("map")
        room = (chooser.rect.x if chooser is not None else new.right - px(30)) - px(10) - (new.x + px(30))
        if text.size(map_label, px(16))[0] > room:
            text.overflow(map_label)
        img = text.render(text.fit(map_label, px(16), room), px(16), theme.INK)
        surf.blit(img, (new.x + px(30), new.y + px(390)))
        img = text.render(t("start.language"), px(16), theme.INK_LIGHT, "bold")
        lang_button = self.button(f"lang:{LANGUAGES[0]}")
        if lang_button is not None:
            surf.blit(img, (new.x, lang_button.rect.centery - img.get_height() // 2))
            last = self.button("sound")
            hints = self.button("hints")
            if last is not None and hints is not None and last.rect.right + px(8) > hints.rect.x:
                text.overflow(t("start.hints"))
        img = text.render(t("start.seed"), px(16), theme.INK)
        surf.blit(img, (new.x + px(30), new.y + px(438)))
        text.within(t("start.seed"), img.get_rect(topleft=(new.x + px(30), new.y + px(438))),
                    pygame.Rect(new.x, new.y, self.seed.rect.x - new.x - px(4), new.h))
        self.seed.draw(surf, text, ui, self.focus is self.seed, t("start.seed_placeholder"))
        if self.custom is not None:                      # the --content files, under the seed
            note = custom_content_note(self.custom)
            start = self.button("start")
            right = start.rect.x if start is not None else new.right - px(30)
            lines = text.wrap(note, px(14), right - px(12) - (new.x + px(30)))
            if len(lines) > 2:
                text.overflow(note)
            for k, line in enumerate(lines[:2]):
                surf.blit(text.render(line, px(14), theme.INK_SOFT), (new.x + px(30), new.y + px(482) + k * px(18)))
        if self.message:
            lines = text.wrap(self.message, px(15), new.w - px(320))
            if len(lines) > 3:
                text.overflow(self.message)
            y = new.bottom - px(70)
            for line in lines[:3]:
                img = text.render(line, px(15), theme.BAD, "bold")
                surf.blit(img, (new.x + px(30), y))
                y += img.get_height()
        self.draw_saves(surf, cont, ui)
        for b in self.buttons:
            b.draw(surf, text, self.hover == b.id and b.enabled, ui)
            if b.id.startswith("colour:"):
                key = self.colours[int(b.id.split(":")[1])]      # the colour and its shape, as on the stacks
                player_mark(surf, theme.player_symbol(key), b.rect.center, px(12), theme.PALETTE[key])
        tip = next((b for b in self.buttons if b.id == self.hover and b.tip and b.enabled), None)
        if tip is not None:
            start = self.button("start")                  # Start counts most: it is never hidden
            tooltip(surf, text, [(tip.tip, px(14), theme.INK, "regular")], self.mouse, ui,
                    max_w=px(520) if tip.id.startswith("kind:") else None, avoid=[b.rect for b in self.buttons] + ([start.rect] * 4 if start is not None else []))

    def draw_saves(self, surf: pygame.Surface, cont: pygame.Rect, ui: float) -> None:
        """The saved games: newest first, those still in progress before the finished ones."""
        px = lambda v: round(v * ui)  # noqa: E731
        text = self.app.text
        title = t("start.in_progress")
        if text.size(title, px(22), "bold")[0] > cont.w - px(54):
            text.overflow(title)
        img = text.render(title, px(22), theme.ACCENT, "bold")
        surf.blit(img, (cont.x + px(30), cont.y + px(22)))
        games = self.shelf.games
        if not games:
            line = t("start.reading_save") if not self._probed else t("start.no_save")
            y = cont.y + px(74)
            for part in text.wrap(line, px(16), cont.w - px(60)):
                img = text.render(part, px(16), theme.INK)
                surf.blit(img, (cont.x + px(30), y))
                y += img.get_height() + px(4)
            return
        first = self.page * ROWS
        if len(games) > ROWS:
            pages = (len(games) - 1) // ROWS + 1
            img = text.render(f"{self.page + 1} / {pages}", px(15), theme.INK, "bold")
            surf.blit(img, img.get_rect(center=(cont.centerx, cont.bottom - px(28))))
        for k, info in enumerate(games[first:first + ROWS]):
            top = cont.y + px(66) + k * px(112)
            row = pygame.Rect(cont.x + px(14), top - px(6), cont.w - px(28), px(106))
            pygame.draw.rect(surf, theme.PANEL_DARK, row, border_radius=px(8))
            y = top
            for n, line in enumerate(self.describe(info)):
                weight = "bold" if n == 0 else "regular"
                colour = FADED if info.game_over and n else theme.INK
                fitted = text.fit(line, px(15), row.w - px(20), weight, excerpt=n == 1 and bool(info.content))
                img = text.render(fitted, px(15), colour, weight)
                surf.blit(img, (row.x + px(10), y))
                y += px(21)

    def describe(self, info: SaveInfo) -> list[str]:
        """Three lines about a saved game: the map, the players (and the expansions it was started
        with: one by name, several counted), the round (or result) and when."""
        import time as _time
        name = map_title(info.board or (self.map_name(info.map_path) if info.map_path else "?"))
        first = t("start.save_map", name=name)
        second = ", ".join(info.players)
        if len(info.content) == 1:                   # the expansions it was started with
            from .packs import pack_short
            ids = pack_ids(info.content, self.packs)
            one = pack_short(next(p for p in self.packs if p.id == ids[0])) if ids else Path(info.content[0]).stem
            second += " · " + t("start.save_packs", names=one)
        elif info.content:
            second += " · " + tn("start.save_packs_n", len(info.content), count=len(info.content))
        when = _time.strftime("%Y-%m-%d %H:%M", _time.localtime(info.saved_at))
        if info.game_over:
            third = t("start.save_finished", names=", ".join(info.winners) or "?", when=when)
        else:
            third = t("start.save_round", round=info.round, turns=info.turns) + " · " + when
        return [first, second, third]
