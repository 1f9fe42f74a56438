"""The game scene's drawing: the board picture for the current mode, a frame cached whole and
rebuilt only when its key changes, and over it the hover, the flash, a drag, the die and the
tooltip. Drawing reads the state and the scene's memory and never changes either. A part that
raises while drawn (the board, a panel, the column) is drawn plainly instead (`plain`), with a
line saying so, so that a game always opens; the error goes once to error.log."""
from __future__ import annotations

import traceback
from typing import Any, Callable

import pygame

from game.rules import Conquer, cost_of

from .. import panels, plain, theme
from ..app import write_error_log
from ..board_view import DASH_PHASES, DASH_RATE, BoardPicture
from ..playview import DRAFT_MODES, PlayView
from ..strings import t
from ..widgets import tooltip


class PlayDrawing(PlayView):
    def picture(self) -> BoardPicture:
        s = self.state
        d = self.draft
        counts = added = camps = None
        chips: list[str] = []
        if d is not None and self.mode in DRAFT_MODES:
            if not self.table.is_bot(self.table.actor()):
                chips = d.regions            # the − and + only for the person who moves them
            if d.kind == "redeploy":
                counts = dict(d.counts)
            elif d.kind == "encampments":
                camps = dict(d.counts)
            else:
                added = dict(d.counts)
        colours = [theme.player_colour(seat.colour, i) for i, seat in enumerate(self.table.seats)]
        symbols = [theme.player_symbol(seat.colour, i) for i, seat in enumerate(self.table.seats)]
        marks = self.targets()
        hatch: set[str] = set()
        costs: dict[str, int] = {}
        if self.mode in ("conquer", "reinforce") and marks:
            conquer = {a.region for a in self.legal if isinstance(a, Conquer)}
            hatch = {rid for rid in marks if rid not in conquer}
            seat = s.turn.seat
            costs = {rid: cost_of(s, seat, rid).total for rid in marks}
        key = (self.version, self.mode, tuple(sorted((d.counts if d else {}).items())), tuple(self.heroes),
               self.confirm_die,
               self.layout.board.size if self.layout else None)
        return BoardPicture(key=key, state=s, marks=marks, counts=counts, added=added, chips=chips,
                            selected=list(self.heroes) if self.mode == "heroes" else
                            ([self.confirm_die] if self.confirm_die else []), colours=colours,
                            encampments=camps, symbols=symbols, hatch=hatch, costs=costs)

    def frame_key(self) -> Any:
        d = self.draft
        return (self.version, self.mode, self.message, self.message_kind, self.hover_button, self.hover_combo,
                self.pressed == "peek", self.fast, self.app.size(), tuple(self.heroes), self.confirm_die,
                tuple(sorted((d.counts if d else {}).items())), self.confirm_decline, self.app.hints,
                self.covered_at is not None,
                (self.tutorial.index, self.tutorial.active) if self.tutorial is not None else None)

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the frame; returns the rectangles that changed (None: all of it)."""
        assert self.layout is not None
        key = (self.frame_key(), self.board_view.view_key())
        full = False
        moved: list[pygame.Rect] = []
        frame = self._frame
        if frame is not None and self._frame_key is not None and self._frame_key[0] == key[0] \
                and self._frame_key[1] != key[1] and frame.get_size() == surf.get_size():
            self._draw_part(frame, "board", lambda: self._draw_board(frame))   # zoomed or panned: the
            self._frame_key = key                                              # board alone is drawn again
            moved = [self.layout.board.inflate(6, 6).clip(surf.get_rect())]
        if self._frame is None or self._frame_key != key or self._frame.get_size() != surf.get_size():
            if self._frame is None or self._frame.get_size() != surf.get_size():
                self._frame = pygame.Surface(surf.get_size()).convert() if pygame.display.get_surface() else \
                    pygame.Surface(surf.get_size())
            self._draw_static(self._frame)
            self._frame_key = key
            full = True
        previous = self._overlays
        now = self.app.clock()
        dashes = self._guarded("board", self.marching)
        step = self.dash_step(now) if dashes is not None else -1
        marched: list[pygame.Rect] = []
        if full or self._drawn_on is not surf:
            full = True
            surf.blit(self._frame, (0, 0))
            wiped = [surf.get_rect()]
        else:                                   # only wipe where the last overlays were
            if dashes is not None and step != self._dash_step:
                marched = dashes.boxes          # the dashes moved on: their boxes too
            wiped = previous + marched + moved
            for r in wiped:
                surf.blit(self._frame, r, r)
        if dashes is not None:                  # the dashes lie on the frame, under everything else
            layer = dashes.layers[step]
            for r in wiped:
                part = r.clip(dashes.rect)
                if part.w and part.h:
                    surf.blit(layer, part.topleft, part.move(-dashes.origin[0], -dashes.origin[1]))
        self._dash_step = step
        drawn: list[pygame.Rect] = []           # (kept when one of them fails: wiped at the next frame)
        self._guarded("tips", lambda: self._draw_overlays(surf, now, drawn))
        pad = self.layout.px(8)
        self._overlays = [r.inflate(pad, pad).clip(surf.get_rect()) for r in drawn if r.w and r.h]
        self._drawn_on = surf
        if full:
            return None
        return previous + marched + moved + self._overlays

    def _draw_overlays(self, surf: pygame.Surface, now: float, drawn: list[pygame.Rect]) -> None:
        """What lies over the frame: the hover, the flash, a drag, flying tokens, the die, a
        computer player's thinking and the tooltip; each rectangle drawn goes into `drawn`."""
        assert self.layout is not None
        if self.hover is not None and not self.dragging and self.covered_at is None:
            drawn.append(self.board_view.draw_hover(surf, self.hover))
        if self.flash is not None:
            drawn.append(self.board_view.draw_flash(surf, self.flash[0], now * 1.5))
        if self.dragging and self.down_region is not None:
            a = self.board_view.spot(self.down_region)
            drawn.append(pygame.draw.line(surf, theme.GOLD, a, self.mouse, max(2, self.layout.px(4))))
            drawn.append(pygame.draw.circle(surf, theme.GOLD, self.mouse, self.layout.px(8)))
        if self.motion.flights:
            drawn += self.motion.draw(surf, self.app.sprites, self.board_view.token_size(), now)
        if self.die is not None:
            drawn.append(panels.draw_die(self, surf, now))
        thinking = self.thinking(now) if self.covered_at is None else None    # help and cards stay on top
        if thinking is not None:
            drawn.append(panels.draw_thinking(self, surf, now, *thinking))
        tip = self._draw_tooltip(surf)
        if tip is not None:
            drawn.append(tip)

    def _guarded(self, part: str, fn: Callable[[], Any]) -> Any:
        """`fn()`, or None when it raises (the error in error.log, once a part): what lies over
        the frame is left out rather than the game failing. Tests see the error itself."""
        try:
            return fn()
        except Exception:  # noqa: BLE001 - a drawing error must never keep a game from opening
            if not self.app.options.catch_errors:
                raise
            if part not in self.plain_parts:
                self.plain_parts.append(part)
                self.plain_log = write_error_log(traceback.format_exc())
            return None

    def marching(self) -> Any:
        """The marching dashes round the targets, or None: no targets, animations off, a scene
        over the table (the help, a card, the menu), or a drag under way."""
        if self.app.animation == "off" or self.covered_at is not None or self.dragging or self.layout is None:
            return None
        return self.board_view.dashes()

    def dash_step(self, now: float) -> int:
        return int(now * DASH_RATE) % DASH_PHASES

    def _draw_static(self, surf: pygame.Surface) -> None:
        L = self.layout
        assert L is not None
        surf.fill(theme.BG)
        pygame.draw.rect(surf, (28, 22, 18), L.board_area)

        parts = {"board": lambda: self._draw_board(surf), "top": lambda: panels.draw_top(self, surf),
                 "column": lambda: panels.draw_column(self, surf), "player": lambda: panels.draw_player(self, surf),
                 "log": lambda: panels.draw_log(self, surf), "bar": lambda: panels.draw_bar(self, surf)}
        for part in plain.PARTS:
            self._draw_part(surf, part, parts[part])
        for b in self.buttons:
            if b.id == "peek" and self.pressed == "peek":
                continue                  # the coins show in its place while it is held
            b.draw(surf, self.app.text, b.id == self.hover_button and b.enabled, L.ui,
                   pressed=(self.pressed == b.id))
        if self.plain_parts:
            plain.notice(self, surf, str(self.plain_log))

    def _draw_board(self, surf: pygame.Surface) -> None:
        L = self.layout
        assert L is not None
        self.board_view.draw(surf, self.picture())
        pygame.draw.rect(surf, (20, 14, 10), L.board.inflate(4, 4), 2)
        self._draw_zoom_chip(surf)

    def _draw_zoom_chip(self, surf: pygame.Surface) -> None:
        """Over a zoomed board, at its top right: how far it is zoomed and that 0 (or a click here)
        shows the whole map again."""
        L = self.layout
        assert L is not None
        z = self.board_view.zoom
        if z == 1.0:
            self.zoom_chip = None
            return
        img = self.app.text.render(t("bar.zoom", zoom=f"{z:g}"), L.px(14), theme.INK, "bold")
        box = img.get_rect().inflate(L.px(16), L.px(8))
        box.topright = (L.board.right - L.px(8), L.board.y + L.px(8))
        pygame.draw.rect(surf, (20, 14, 10), box.move(1, 2), border_radius=L.px(8))
        pygame.draw.rect(surf, (250, 242, 222), box, border_radius=L.px(8))
        pygame.draw.rect(surf, theme.BUTTON, box, max(1, L.px(2)), border_radius=L.px(8))
        surf.blit(img, img.get_rect(center=box.center))
        self.zoom_chip = box

    def _draw_part(self, surf: pygame.Surface, part: str, draw: Callable[[], None]) -> None:
        """Draw one part of the screen; if it raises, the error goes to error.log (once a part)
        and the part is drawn plainly (`plain`), so the game stays open and playable. Tests
        (`catch_errors` off) see the error itself."""
        def drawn() -> bool:
            draw()
            return True
        if self._guarded(part, drawn):
            return
        surf.set_clip(None)
        try:
            plain.draw(self, surf, part)
        except Exception:  # noqa: BLE001 - even the plain part: its rectangle stays empty
            surf.set_clip(None)
            pygame.draw.rect(surf, theme.BG, plain.part_rect(self.layout, part))

    def _draw_tooltip(self, surf: pygame.Surface) -> pygame.Rect | None:
        L = self.layout
        assert L is not None
        key = (self.version, self.mode, self.hover, self.hover_combo, self.hover_button,
               tuple(sorted((self.draft.counts if self.draft else {}).items())))
        if self._tip[0] != key:
            lines: list = []
            if self.hover_button is not None:
                b = self.button(self.hover_button)
                if b is not None and b.tip:
                    lines = [(b.tip, L.px(14), theme.INK, "regular")]
            elif self.hover is not None and not self.dragging:
                lines = panels.region_tip(self, self.hover)
            elif self.hover_combo is not None:
                lines = panels.combo_tip(self, self.hover_combo)
            self._tip = (key, lines)
        lines = self._tip[1]
        if lines and self.pressed is None and self.covered_at is None:
            return tooltip(surf, self.app.text, lines, self.mouse, L.ui,
                           avoid=[b.rect for b in self.buttons])
        return None

