"""What the game screen remembers and the questions drawing asks of it, below the scenes.

`PlayView` is the game scene's UI memory (mode, draft, hover, the die on show, the message line)
plus the read-only questions the panels and the board ask of it: the state, the intents on
offer, the regions to mark for the current mode, the cost line of a region's tooltip. It never
changes the game; the scene (`scenes/play.py`, with its input, modes and drawing parts) builds
on it, and helpers such as `panels` read it without importing any scene.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules import (
    Abandon,
    Action,
    Conquer,
    Dragon,
    Enchant,
    Fortress,
    GameState,
    GhoulsConquer,
    GhoulsReinforce,
    Reinforce,
    Use,
    badge_of,
    cost_of,
    decline_conqueror,
    why_illegal,
)

from . import art, map_art, theme
from .app import App, Scene
from .board_view import BoardView
from .drafts import Draft
from .layout import Layout
from .motion import Motion
from .strings import cost_sum, say, t
from .table import Table
from .widgets import Button


def panels_combo_rects(L: Layout) -> list[pygame.Rect]:
    """The combo column's rows (the same arithmetic as `panels.combo_rects`)."""
    c = L.column
    top = c.y + L.px(40)
    h = L.px(54)
    return [pygame.Rect(c.x + L.px(10), top + i * h, c.w - L.px(20), h - L.px(4)) for i in range(6)]

# intents that target one region, by kind: the mode they open and the intent class
REGION_POWERS: dict[str, type[Dragon | Enchant | GhoulsConquer | GhoulsReinforce | Fortress]] = {
    "dragon": Dragon, "enchant": Enchant, "ghouls": GhoulsConquer, "ghouls_reinforce": GhoulsReinforce,
    "fortress": Fortress}
DRAFT_MODES = ("redeploy", "withdraw", "encampments")
USE_REGION = "use_region:"   # the mode of a building block's move on a region, + the block's name
USE_CHOICE = "use_choice:"   # ... and of one that chooses a combo of the column (Copycat)
BOT_DELAY = 0.9            # seconds between a computer player's steps
BOT_DELAY_FAST = 0.2
THINKING_CUE_AFTER = 0.3  # seconds of thinking before the cue shows
DIE_ROLL = 0.8             # the die tumbles, then shows its face
DIE_HOLD = 1.4


def region_choices(s: GameState, rid: str) -> tuple[str, ...]:
    """What a click on region `rid` may choose to borrow: the power of the Active race there
    (its own badge, not one it borrowed) and the race there."""
    r = s.regions[rid]
    if r.owner is None or not r.race:
        return ()
    lender = s.players[r.owner].active
    badge = None
    if lender is not None and lender.race == r.race and not r.decline:
        badge = lender.memo.get("borrowed", {}).get("badge", badge_of(lender.power))
    return tuple(x for x in (badge, r.race) if x)


@dataclass
class DieShow:
    face: int
    success: bool | None
    start: float
    label: str


class PlayView(Scene):
    """The game screen's memory and its read-only questions; the scene's parts add the rest."""

    def __init__(self, app: App, table: Table, viewer: int | None = None) -> None:
        super().__init__(app)
        self.table = table
        md = table.mapdata
        art.CUSTOM_MARKERS.clear()          # the marker pictures this game's content names
        art.CUSTOM_MARKERS.update(getattr(table.state.catalog, "marker_pictures", {}))
        self.board_view = BoardView(md.polygons, (md.width, md.height), md.image_path, app.sprites, app.text,
                                    md.board.regions, redraw=map_art.redraw_for(md))
        app.sprites.learn(table.state.catalog)        # custom races and powers: emblems of their own
        self.layout: Layout | None = None
        self.version = 0
        self.legal: list[Action] = []
        self.mode = ""
        self.draft: Draft | None = None
        self.heroes: list[str] = []
        self.use_from: str | None = None           # a move from one region to another: where it starts
        self.confirm_decline = False
        self.confirm_die: str | None = None    # an amber region clicked once: roll for it?
        self.confirm_hand = False              # "End turn"/"Place tokens" pressed with tokens in hand
        self.message = ""
        self.message_kind = "hint"
        self.hover: str | None = None
        self.hover_combo: int | None = None
        self.hover_button: str | None = None
        self.pressed: str | None = None
        self.mouse = (0, 0)
        self.down_region: str | None = None
        self.dragging = False
        self.panning: tuple[int, int] | None = None   # the middle button drags the board from here
        self.zoom_chip: pygame.Rect | None = None     # the "whole map" chip over a zoomed board, as drawn
        self.buttons: list[Button] = []
        self.combo_rects: list[pygame.Rect] = []
        self.die: DieShow | None = None
        self.flash: tuple[str, float] | None = None
        self.bot_due: float | None = None
        self.bot_work: tuple[threading.Thread, dict, Any] | None = None
        self.bot_since = 0.0                      # when the computer player began to think
        self.fast = app.bots_fast
        self.viewer = viewer
        self.last_score: tuple[int, int, list] | None = None
        self.log_lines: list[str] = []
        self._frame: pygame.Surface | None = None
        self._frame_key: Any = None
        self._tip: tuple[Any, list] = (None, [])
        self._overlays: list[pygame.Rect] = []
        self._drawn_on: pygame.Surface | None = None
        self._dash_step = -1                # which step of the targets' marching dashes is on screen
        self._routed = False
        self.covered_at: float | None = None      # when a scene was pushed over this one (it holds still)
        self.tutorial: Any = None                 # the lesson of a first game (`tutorial.Tutorial`)
        self.plain_parts: list[str] = []          # parts of the screen drawn plainly after an error (`plain`)
        self.plain_log: Any = None                # ... and the error.log that tells why
        self.banner_hits: list[tuple[pygame.Rect, str, str | None, bool]] = []   # drawn banners
        self.chip_boxes: list[pygame.Rect] = []   # each player's chip in the top bar, as drawn
        self.motion = Motion()                     # tokens and coins on their way
        self.route_waiting = False                 # a hand-over waits for the moves to land

    @property
    def state(self) -> Any:
        return self.table.match.state

    def pace(self) -> float:
        return self.app.options.pace

    def bot_delay(self) -> float:
        return (BOT_DELAY_FAST if self.fast else BOT_DELAY) * self.pace()

    def thinking(self, now: float) -> tuple[str, float | None] | None:
        """(name, progress 0..1 or None) while a computer player has been thinking in the
        background for a moment; None otherwise (a quick one shows no cue)."""
        if self.bot_work is None or now - self.bot_since < THINKING_CUE_AFTER:
            return None
        worker, holder, asked = self.bot_work
        if not worker.is_alive():
            return None
        progress = getattr(holder.get("bot"), "progress", None)
        name = asked.players[self.table.actor()].name
        return name, (float(progress) if isinstance(progress, (int, float)) else None)

    def kinds(self) -> set[str]:
        return {a.kind for a in self.legal}

    def targets(self, mode: str | None = None) -> dict[str, tuple[int, int, int]]:
        """Regions marked on the board for the current mode, with their colour."""
        mode = mode or self.mode
        marks: dict[str, tuple[int, int, int]] = {}
        if self.table.is_bot(self.table.actor()) or self.table.on_phone(self.table.actor()):
            return marks
        if mode == "conquer":
            for a in self.legal:
                if isinstance(a, Reinforce):
                    marks[a.region] = theme.MARK_REINFORCE
            for a in self.legal:
                if isinstance(a, Conquer):
                    marks[a.region] = theme.MARK_CONQUER
        elif mode == "reinforce":
            marks = {a.region: theme.MARK_REINFORCE for a in self.legal if isinstance(a, Reinforce)}
        elif mode == "abandon":
            marks = {a.region: theme.MARK_ABANDON for a in self.legal if isinstance(a, Abandon)}
        elif mode in REGION_POWERS or mode == "pick":
            cls = REGION_POWERS.get(mode, GhoulsConquer)
            if cls in (GhoulsConquer, GhoulsReinforce):   # the Ghouls' final attempt in amber
                marks = {a.region: theme.MARK_REINFORCE for a in self.legal if isinstance(a, GhoulsReinforce)}
            colour = theme.MARK_REINFORCE if cls is GhoulsReinforce else theme.MARK_POWER
            marks.update({a.region: colour for a in self.legal if isinstance(a, cls)})
        elif mode.startswith(USE_REGION):
            effect = mode[len(USE_REGION):]
            mine = [a for a in self.legal if isinstance(a, Use) and a.effect == effect and a.region]
            if self.use_from is not None:           # a marker moved: where it may go from there
                marks = {a.choice: theme.MARK_POWER for a in mine if a.region == self.use_from and a.choice}
                marks[self.use_from] = theme.MARK_OWN
            else:
                marks = {a.region: theme.MARK_POWER for a in mine}
        elif mode.startswith(USE_CHOICE):            # borrowing from a race on the board
            effect = mode[len(USE_CHOICE):]
            chosen = {a.choice for a in self.legal if isinstance(a, Use) and a.effect == effect}
            marks = {rid: theme.MARK_POWER for rid in self.state.regions
                     if chosen & set(region_choices(self.state, rid))}
        elif mode in DRAFT_MODES and self.draft is not None:
            marks = {r: theme.MARK_OWN for r in self.draft.regions}
        elif mode == "heroes":
            s = self.state
            marks = {r: theme.MARK_OWN for r in s.active_regions(s.turn.seat)}
        return marks

    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def banner_at(self, pos: tuple[int, int]) -> tuple[str, str | None, bool] | None:
        """The race (and power) of a banner drawn at `pos`: the player's panel, the top bar."""
        for rect, race, power, in_decline in self.banner_hits:
            if rect.collidepoint(pos):
                return race, power, in_decline
        return None

    def say(self, text: Any, kind: str = "hint") -> None:
        """Show `text` on the message line: a string already in words, or a refusal (`Reason`,
        or an exception carrying one) said in the current language."""
        self.message, self.message_kind = say(text, self.state), kind
        self.app.dirty()

    def tell(self, text: str, kind: str = "hint") -> bool:
        self.say(text, kind)
        return True

    def unsaved_table(self) -> Any:
        return self.table if self.table.save_error is not None else None

    def handed_over(self, seat: int) -> None:
        """The curtain over the table was lifted by the player at `seat`: the table comes back
        for them afresh, as when it first came on screen."""
        self.viewer = seat
        self.last_score = None
        self.message = ""                 # the last player's news is not the next one's
        self.enter()

    def place_of(self, where: str) -> tuple[int, int] | None:
        """A window point for a place things travel between: "region:ID", "hand:SEAT" (the
        player's chip in the top bar), "tray" (off the board's lower left), "combo:INDEX"."""
        L = self.layout
        if L is None:
            return None
        kind, _, arg = where.partition(":")
        if kind == "region" and arg in self.board_view.spots:
            return self.board_view.spot(arg)
        if kind == "hand" and arg.isdigit() and int(arg) < len(self.chip_boxes):
            return self.chip_boxes[int(arg)].center
        if kind == "tray":
            return L.board.x + L.px(10), L.board.bottom + L.px(30)
        if kind == "combo" and arg.isdigit():
            rects = panels_combo_rects(L)
            return rects[int(arg)].center if int(arg) < len(rects) else None
        return None

    # -- what the scene's parts provide each other ------------------------------------------------
    def send(self, action: Action) -> bool:
        raise NotImplementedError

    def undo(self) -> None:
        raise NotImplementedError

    def set_default_mode(self) -> None:
        raise NotImplementedError

    def build_buttons(self) -> None:
        raise NotImplementedError

    def press(self, b: Button) -> None:
        raise NotImplementedError

    def open_help(self) -> None:
        raise NotImplementedError

    def heroes_wanted(self) -> int:
        raise NotImplementedError

    def open_menu(self) -> None:
        raise NotImplementedError


def tip_cost_line(scene: PlayView, rid: str) -> tuple[str, str] | None:
    """The cost sum of conquering `rid` now, or the engine's refusal: (text, kind)."""
    s = scene.state
    seat = s.turn.seat
    hold = s.players[seat].active
    if hold is None:
        return None
    r = s.regions[rid]
    if r.owner == seat and r.race == hold.race and r.tokens:
        return None                      # one's own region: nothing to pay
    a = Conquer(rid)
    c = cost_of(s, seat, rid)
    text = cost_sum(c, s.catalog, hold.race, hold.power)
    if a in scene.legal:
        return text, "good"
    if Reinforce(rid) in scene.legal:
        return text + " — " + t("tip.reinforce_needed", need=c.total - hold.hand, hand=hold.hand), "warn"
    why = why_illegal(s, a)
    if why is None:
        return text, "good"
    return say(why, s), "bad"



def tip_ghoul_line(scene: PlayView, rid: str) -> tuple[str, str] | None:
    """For the In Decline Ghouls' modes: the cost sum of `rid` for them, or why they may not
    take it: (text, kind); None without such a race."""
    s = scene.state
    seat = s.turn.seat
    found = decline_conqueror(s, seat)
    if found is None:
        return None
    hold, abil = found
    c = cost_of(s, seat, rid, abil, hold)
    text = cost_sum(c, s.catalog, hold.race, hold.power)
    if GhoulsConquer(rid) in scene.legal:
        return text, "good"
    if GhoulsReinforce(rid) in scene.legal:
        if scene.mode == "ghouls_reinforce":      # the button is pressed already
            return text, "warn"
        return text + " — " + t("tip.ghouls_reinforce_needed", need=c.total - hold.hand, hand=hold.hand), "warn"
    why = why_illegal(s, GhoulsConquer(rid))
    return (say(why, s), "bad") if why is not None else (text, "good")
