"""The start screen: a new game (2 to 5 players, names, colours, computer seats once the bots
exist, the map for that many players or the one given with --map, an optional seed) and
"Continue" for the game in progress; under them the language (English, Română, Nederlands,
Français) and the first-game hints, both remembered for next time.

The autosave is looked at after the first frame is on screen (so the window opens at once). A
save that cannot be read is moved aside (`quarantine`, never deleted) and the player is told so
in one sentence and offered a new game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.content.tmx import MapError, load_map
from game.match import SaveError, Seat, quarantine

from .. import theme
from ..app import App, Scene
from ..layout import ui_scale
from ..strings import LANGUAGES, language, language_name, map_title, say, t
from ..table import Table, bots_available, resolve, shipped_map_path
from ..widgets import Button, TextField, hit
from .common import backdrop

KINDS = ("person", "easy", "medium", "hard")


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
        self.bots = bots_available()
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.message = note
        self.save_path: Path = opts.autosave()
        self.save_exists = self.save_path.exists()
        self.saved: Any = None            # a Table once the save was read
        self.saved_error: Exception | None = None     # said in the language of the moment
        self.map_names: dict[str, str] = {}
        self._probed = False
        self._shown = False

    # -- data ----------------------------------------------------------------------------------
    def map_path(self) -> str:
        return self.app.options.map_path or shipped_map_path(self.players)

    def enter(self) -> None:
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def update(self, now: float) -> None:
        if self._shown and not self._probed:
            self._probed = True
            self.probe()

    def wake_in(self, now: float) -> float | None:
        return 0.0 if not self._probed else None

    def probe(self) -> None:
        """After the first frame: read the autosave and the map names."""
        for n in range(2, 6):
            self.map_name(shipped_map_path(n))
        if self.app.options.map_path:
            self.map_name(self.app.options.map_path)
        if self.save_exists:
            try:
                self.saved = Table.resume(self.save_path)
            except SaveError as err:
                self.saved = None
                self.save_exists = False
                try:
                    kept = quarantine(self.save_path)
                except OSError:
                    kept = self.save_path
                from .notice import NoticeScene
                self.app.switch(NoticeScene(self.app, t("save.unreadable_title"),
                                            t("save.unreadable_body", reason=say(err), kept=kept.name,
                                              folder=str(kept.parent)),
                                            [("new", t("save.new_game"), lambda: self.app.switch(StartScene(self.app)))]))
                return
            except (MapError, ValueError, OSError) as err:
                self.saved = None
                self.saved_error = err
        self.build()

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
            if self.bots:
                label = t(f"start.kind.{self.kinds[i]}")
                b.append(Button(f"kind:{i}", label, pygame.Rect(new.x + px(400), row_y, px(250), px(38)),
                                style="quiet", tip=t("start.kind_tip")))
        sy = new.y + px(430)
        self.seed.rect = pygame.Rect(new.x + px(220), sy, px(160), px(36))
        b.append(Button("start", t("start.start"), pygame.Rect(new.right - px(250), new.bottom - px(64), px(220), px(46)),
                        style="primary"))
        b.append(Button("continue", t("start.continue"), pygame.Rect(cont.x + px(30), cont.bottom - px(64),
                                                                     cont.w - px(60), px(46)),
                        style="primary", enabled=self.saved is not None))
        # the language and the first-game hints, under the two cards
        y = new.bottom + px(18)
        x = new.x + self.app.text.size(t("start.language"), px(16), "bold")[0] + px(14)
        for code in LANGUAGES:
            label = language_name(code)
            w = max(px(96), self.app.text.size(label, px(15), "bold")[0] + px(26))
            b.append(Button(f"lang:{code}", label, pygame.Rect(x, y, w, px(36)), toggled=code == language(),
                            style="quiet"))
            x += w + px(8)
        label = ("☑ " if self.app.hints else "☐ ") + t("start.hints")
        w = self.app.text.size(label, px(15), "bold")[0] + px(26)
        b.append(Button("hints", label, pygame.Rect(cont.right - w, y, w, px(36)), toggled=self.app.hints,
                        style="quiet", tip=t("start.hints_tip")))
        self.buttons = b
        self.app.dirty()

    # -- input ------------------------------------------------------------------------------------
    def fields(self) -> list[TextField]:
        return self.names[: self.players] + [self.seed]

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.MOUSEMOTION:
            b = hit(self.buttons, ev.pos)
            if (b.id if b else None) != self.hover:
                self.hover = b.id if b else None
                self.app.dirty()
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            f = next((f for f in self.fields() if f.rect.collidepoint(ev.pos)), None)
            if f is not None:
                self.focus = f
                self.app.dirty()
                return
            b = hit(self.buttons, ev.pos)
            if b is not None and b.enabled:
                self.focus = None
                self.press(b)
        elif ev.type == pygame.TEXTINPUT and self.focus is not None:
            self.focus.type(ev.text)
            self.app.dirty()
        elif ev.type == pygame.KEYDOWN:
            if self.focus is not None and ev.key == pygame.K_BACKSPACE:
                self.focus.backspace()
            elif ev.key == pygame.K_TAB:
                fs = self.fields()
                i = fs.index(self.focus) + 1 if self.focus in fs else 0
                self.focus = fs[i % len(fs)]
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.focus = None
                self.start()
            elif ev.key == pygame.K_ESCAPE:
                self.focus = None
            self.app.dirty()

    def press(self, b: Button) -> None:
        kind, _, arg = b.id.partition(":")
        if kind == "players":
            self.players = int(arg)
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
            self.kinds[i] = KINDS[(KINDS.index(self.kinds[i]) + 1) % len(KINDS)]
            self.build()
        elif kind == "lang":
            self.app.set_language(arg)
            for i, f in enumerate(self.names):          # untouched default names follow the language
                if any(f.value == t_default(code, i) for code in LANGUAGES):
                    f.value = t("start.default_name", n=i + 1)
            self.build()
        elif kind == "hints":
            self.app.set_hints(not self.app.hints)
            self.build()
        elif kind == "start":
            self.start()
        elif kind == "continue" and self.saved is not None:
            from .play import GameScene
            self.app.switch(GameScene(self.app, self.saved))

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
            table = Table.new(seats, seed, self.map_path(), self.app.options.content, self.save_path)
        except (ValueError, OSError) as err:          # MapError, ContentError, SetupError: one line
            from .notice import NoticeScene
            self.app.switch(NoticeScene(self.app, t("start.cannot_start"), say(err),
                                        [("back", t("error.back"), lambda: self.app.switch(StartScene(self.app)))]))
            return
        from .play import GameScene
        self.app.switch(GameScene(self.app, table))

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
        for key, card_ in (("start.new_game", new), ("start.in_progress", cont)):
            if text.size(t(key), px(22), "bold")[0] > card_.w - px(50):
                text.overflow(t(key))
        races = ("amazons", "dwarves", "elves", "ghouls", "giants", "halflings", "humans")
        more = ("orcs", "ratmen", "skeletons", "sorcerers", "tritons", "trolls", "wizards")
        size = px(34)
        for k, (a, b) in enumerate(zip(races, more, strict=False)):   # a row of tokens either side of the title
            y = px(44) + (k % 2) * px(10)
            surf.blit(self.app.sprites.token(a, False, size), (w // 2 - px(190) - (k + 1) * px(40), y))
            surf.blit(self.app.sprites.token(b, False, size), (w // 2 + px(190) + k * px(40) + px(6), y))
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
        if not self.app.options.map_path:
            map_label += " " + t("start.map_for", players=self.players)
        img = text.render(text.fit(map_label, px(16), new.w - px(60)), px(16), theme.INK)
        surf.blit(img, (new.x + px(30), new.y + px(390)))
        img = text.render(t("start.language"), px(16), theme.INK_LIGHT, "bold")
        lang_button = self.button(f"lang:{LANGUAGES[0]}")
        if lang_button is not None:
            surf.blit(img, (new.x, lang_button.rect.centery - img.get_height() // 2))
            last = self.button(f"lang:{LANGUAGES[-1]}")
            hints = self.button("hints")
            if last is not None and hints is not None and last.rect.right + px(8) > hints.rect.x:
                text.overflow(t("start.hints"))
        img = text.render(t("start.seed"), px(16), theme.INK)
        surf.blit(img, (new.x + px(30), new.y + px(438)))
        text.within(t("start.seed"), img.get_rect(topleft=(new.x + px(30), new.y + px(438))),
                    pygame.Rect(new.x, new.y, self.seed.rect.x - new.x - px(4), new.h))
        self.seed.draw(surf, text, ui, self.focus is self.seed, t("start.seed_placeholder"))
        if self.message:
            lines = text.wrap(self.message, px(15), new.w - px(320))
            if len(lines) > 3:
                text.overflow(self.message)
            y = new.bottom - px(70)
            for line in lines[:3]:
                img = text.render(line, px(15), theme.BAD, "bold")
                surf.blit(img, (new.x + px(30), y))
                y += img.get_height()
        # the game in progress
        img = text.render(t("start.in_progress"), px(22), theme.ACCENT, "bold")
        surf.blit(img, (cont.x + px(30), cont.y + px(22)))
        y = cont.y + px(74)
        for line in self.summary():
            for part in text.wrap(line, px(16), cont.w - px(60)):
                img = text.render(part, px(16), theme.INK)
                surf.blit(img, (cont.x + px(30), y))
                y += img.get_height() + px(4)
            if y > cont.bottom - px(70):
                text.overflow(line)
        for b in self.buttons:
            b.draw(surf, text, self.hover == b.id and b.enabled, ui)
            if b.id.startswith("colour:"):
                i = int(b.id.split(":")[1])
                pygame.draw.circle(surf, (20, 14, 10), (b.rect.centerx, b.rect.centery + 1), px(13))
                pygame.draw.circle(surf, theme.PALETTE[self.colours[i]], b.rect.center, px(12))

    def summary(self) -> list[str]:
        if not self._probed and self.save_exists:
            return [t("start.reading_save")]
        if self.saved is None:
            if self.saved_error:
                return [t("start.save_unplayable", reason=say(self.saved_error))]
            return [t("start.no_save")]
        s = self.saved.state
        lines = [t("start.save_map", name=map_title(self.saved.mapdata.name)),
                 t("start.save_players", names=", ".join(p.name for p in s.players))]
        if s.game_over:
            lines.append(t("start.save_over"))
        else:
            lines.append(t("start.save_round", round=s.round, turns=s.board.turns))
            lines.append(t("start.save_turn", name=s.players[s.turn.seat].name))
        return lines
