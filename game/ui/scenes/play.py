"""The game itself: the board, the side panels, the action bar, and what each click does.

One click, end to end: the point becomes a region id (or a combo, a chip, a button); the scene
looks for the matching intent of the current mode (conquer, reinforce, abandon, a power's
region, a draft's +/−) in `legal_actions`; a legal one goes to `Table.play` (which autosaves),
anything else is left alone and the engine's reason (`why_illegal`) is shown. After each
intent the scene syncs: log, marks, buttons; then it routes the turn: the final screen, the
"pass to NAME" curtain when another person must act (a new turn, or a defender placing the
tokens they got back), or a computer player's next step at a readable pace.

The scene's own memory (mode, draft, hover, animations) is UI state only; drawing reads it
and the game state and never changes either. A frame is cached whole and rebuilt only when
its key changes; mouse moves over the board only add the hover highlight and the tooltip.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules import IllegalAction, NotImplementedRule, cost_of, legal_actions, why_illegal
from game.rules.actions import (
    Abandon,
    Action,
    Ally,
    BerserkRoll,
    Conquer,
    Decline,
    Dragon,
    Enchant,
    EndTurn,
    Fortress,
    GhoulsConquer,
    Heroes,
    Pick,
    Reinforce,
    Withdraw,
)
from game.rules.state import CONQUER, PICK, REDEPLOY, WITHDRAW

from .. import panels, theme
from ..app import App, Scene
from ..board_view import BoardPicture, BoardView
from ..drafts import Draft, encampments_draft, heroes_start, power_kinds, redeploy_draft, withdraw_draft
from ..help import Overlay, help_columns, rules_lines
from ..layout import Layout, compute
from ..logtext import recent_lines, record_lines
from ..strings import cost_sum, say, t, tn
from ..table import Table
from ..widgets import Button, hit, tooltip

# intents that target one region, by kind: the mode they open and the intent class
REGION_POWERS: dict[str, type] = {"dragon": Dragon, "enchant": Enchant, "ghouls": GhoulsConquer,
                                  "fortress": Fortress}
DRAFT_MODES = ("redeploy", "withdraw", "encampments")
BOT_DELAY = 0.9            # seconds between a computer player's steps
BOT_DELAY_FAST = 0.2
DIE_ROLL = 0.8             # the die tumbles, then shows its face
DIE_HOLD = 1.4


@dataclass
class DieShow:
    face: int
    success: bool | None
    start: float
    label: str


class GameScene(Scene):
    def __init__(self, app: App, table: Table, viewer: int | None = None) -> None:
        super().__init__(app)
        self.table = table
        md = table.mapdata
        self.board_view = BoardView(md.polygons, (md.width, md.height), md.image_path, app.sprites, app.text)
        self.layout: Layout | None = None
        self.version = 0
        self.legal: list[Action] = []
        self.mode = ""
        self.draft: Draft | None = None
        self.heroes: list[str] = []
        self.confirm_decline = False
        self.message = ""
        self.message_kind = "hint"
        self.hover: str | None = None
        self.hover_combo: int | None = None
        self.hover_button: str | None = None
        self.pressed: str | None = None
        self.mouse = (0, 0)
        self.down_region: str | None = None
        self.dragging = False
        self.buttons: list[Button] = []
        self.combo_rects: list[pygame.Rect] = []
        self.die: DieShow | None = None
        self.flash: tuple[str, float] | None = None
        self.bot_due: float | None = None
        self.bot_work: tuple[threading.Thread, dict, Any] | None = None
        self.fast = False
        self.viewer = viewer
        self.last_score: tuple[int, int, list] | None = None
        self.log_lines: list[str] = []
        self._frame: pygame.Surface | None = None
        self._frame_key: Any = None
        self._tip: tuple[Any, list] = (None, [])
        self._overlays: list[pygame.Rect] = []
        self._drawn_on: pygame.Surface | None = None
        self._routed = False
        self.overlay: Overlay | None = None       # the help or a rules card, over everything
        self.overlay_hover: str | None = None
        self.banner_hits: list[tuple[pygame.Rect, str, str | None, bool]] = []   # drawn banners

    # -- lifecycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self._drawn_on = None             # another scene drew on the window meanwhile
        self.sync(reset_mode=True)
        self._routed = False

    def resize(self) -> None:
        w, h = self.app.size()
        self.layout = compute(w, h, self.table.mapdata.width, self.table.mapdata.height)
        self.board_view.set_layout(self.layout)
        self.build_buttons()
        self._frame = None
        self._drawn_on = None

    @property
    def state(self) -> Any:
        return self.table.match.state

    def pace(self) -> float:
        return self.app.options.pace

    # -- after every change -------------------------------------------------------------------
    def sync(self, reset_mode: bool = False) -> None:
        s = self.state
        self.version += 1
        self.legal = legal_actions(s)
        m = self.table.match
        self.log_lines = recent_lines(m.records, m.states, limit=60)
        if reset_mode:
            self.set_default_mode()
        self.build_buttons()
        self._tip = (None, [])
        self.app.dirty()

    def set_default_mode(self) -> None:
        s = self.state
        self.draft = None
        self.heroes = []
        self.confirm_decline = False
        phase = s.turn.phase
        if phase == PICK:
            self.mode = "pick"
        elif phase == CONQUER:
            self.mode = "conquer"
        elif phase == REDEPLOY:
            self.mode = "redeploy"
            self.draft = redeploy_draft(s, self.legal)
        elif phase == WITHDRAW:
            self.mode = "withdraw"
            self.draft = withdraw_draft(s, self.legal)
        else:
            self.mode = ""

    def route(self) -> None:
        """Whose move is it now: the final screen, a hand-over, a computer player, or go on."""
        s = self.state
        if s.game_over:
            if self.die is None:
                from .final import FinalScene
                self.app.switch(FinalScene(self.app, self.table))
            return
        who = self.table.actor()
        if self.table.is_bot(who):
            if self.bot_due is None:
                self.bot_due = self.app.clock() + self.bot_delay()
            return
        self.bot_due = None
        if self.viewer != who and len(self.table.humans()) > 1:
            from .curtain import PassScene
            self.app.switch(PassScene(self.app, self, who, self.last_score))
            return
        self.viewer = who

    def handed_over(self, seat: int) -> None:
        """The curtain was lifted by the player at `seat`."""
        self.viewer = seat
        self.last_score = None
        self.overlay = None
        self.message = ""                 # the last player's news is not the next one's
        self.app.switch(self)

    def bot_delay(self) -> float:
        return (BOT_DELAY_FAST if self.fast else BOT_DELAY) * self.pace()

    # -- playing intents ----------------------------------------------------------------------
    def send(self, action: Action) -> bool:
        """Check, play, autosave, sync and route; on a refusal show the reason and change nothing."""
        why = why_illegal(self.state, action)
        if why is not None:
            self.say(why, "bad")
            return False
        try:
            rec = self.table.play(action)
        except IllegalAction as err:
            self.say(err, "bad")
            return False
        except NotImplementedRule as err:
            self.say(t("msg.not_implemented", name=err.name), "bad")
            return False
        self.after_play(rec)
        return True

    def after_play(self, rec: Any) -> None:
        lines = record_lines(rec.events, self.state)
        self.message, self.message_kind = (lines[-1] if lines else ""), "log"
        for ev in rec.events:
            if ev.get("type") == "score" and not self.table.is_bot(ev.get("seat", -1)):
                self.last_score = (ev["seat"], ev.get("coins", 0), ev.get("parts", []))
                if len(self.table.humans()) == 1:
                    n = ev.get("coins", 0)
                    self.message, self.message_kind = tn("msg.you_scored", n, coins=n), "good"
        if rec.rolls:
            die_ev = next((e for e in rec.events if e.get("type") == "die"), None)
            face = die_ev.get("face", rec.rolls[-1]) if die_ev else rec.rolls[-1]
            ok = die_ev.get("success") if die_ev else None
            self.die = DieShow(face, ok, self.app.clock(), lines[-1] if lines else "")
            if self.pace() <= 0:
                self.die = None
        self.sync(reset_mode=True)
        self.route()

    def say(self, text: Any, kind: str = "hint") -> None:
        """Show `text` on the message line: a string already in words, or a refusal (`Reason`,
        or an exception carrying one) said in the current language."""
        self.message, self.message_kind = say(text, self.state), kind
        self.app.dirty()

    def undo(self) -> None:
        if not self.table.match.can_undo() or self.table.is_bot(self.table.actor()):
            self.say(t("msg.nothing_to_undo"), "bad")
            return
        self.table.undo()
        self.sync(reset_mode=True)
        self.say(t("msg.undone"), "hint")

    # -- the computer players ------------------------------------------------------------------
    def bot_step(self) -> None:
        """Ask the computer player for its move: in a worker thread (the window stays alive
        while a strong bot thinks), or at once when animations are off (tests)."""
        self.bot_due = None
        s = self.state
        bot = self.table.bots.get(self.table.actor())
        if bot is None or self.bot_work is not None:
            return
        if self.pace() <= 0:
            self.bot_play(s, _ask(bot, s))
            return
        holder: dict[str, Any] = {}
        worker = threading.Thread(target=lambda: holder.update(choice=_ask(bot, s)), daemon=True)
        self.bot_work = (worker, holder, s)
        worker.start()

    def bot_poll(self) -> None:
        if self.bot_work is None:
            return
        worker, holder, asked = self.bot_work
        if worker.is_alive():
            return
        self.bot_work = None
        if asked is self.state:
            self.bot_play(asked, holder.get("choice"))

    def bot_play(self, s: Any, choice: Action | None) -> None:
        who = self.table.actor()
        tries: list[Action] = [choice] if choice is not None else []
        tries += [a for a in self.legal if isinstance(a, (Withdraw, Pick, Conquer))]
        tries += [a for a in self.legal if isinstance(a, EndTurn) and not a.decline]
        for a in tries:
            try:
                rec = self.table.play(a)
            except (IllegalAction, NotImplementedRule):
                continue
            region = getattr(a, "region", None)
            if region:
                self.flash = (region, self.app.clock() + 2 * self.bot_delay() + 0.01)
            self.after_play(rec)
            return
        self.say(t("msg.bot_stuck", name=s.players[who].name), "bad")

    # -- modes ----------------------------------------------------------------------------------
    def kinds(self) -> set[str]:
        return {a.kind for a in self.legal}

    def targets(self, mode: str | None = None) -> dict[str, tuple[int, int, int]]:
        """Regions marked on the board for the current mode, with their colour."""
        mode = mode or self.mode
        marks: dict[str, tuple[int, int, int]] = {}
        if self.table.is_bot(self.table.actor()):
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
            marks = {a.region: theme.MARK_POWER for a in self.legal if isinstance(a, cls)}
        elif mode in DRAFT_MODES and self.draft is not None:
            marks = {r: theme.MARK_OWN for r in self.draft.regions}
        elif mode == "heroes":
            s = self.state
            marks = {r: theme.MARK_OWN for r in s.active_regions(s.turn.seat)}
        return marks

    def toggle_mode(self, mode: str) -> None:
        if self.mode == mode:
            self.set_default_mode()
            self.say("")
        else:
            s = self.state
            self.mode = mode
            self.confirm_decline = False
            if mode == "redeploy":
                self.draft = redeploy_draft(s, self.legal)
            elif mode == "encampments":
                self.draft = encampments_draft(s, self.legal)
            elif mode == "heroes":
                self.heroes = heroes_start(s, self.legal)
                self.draft = None
            else:
                self.draft = None
            self.say(t(f"hint.mode.{mode}"))
        self.build_buttons()
        self.app.dirty()

    # -- buttons --------------------------------------------------------------------------------
    def button(self, bid: str) -> Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def build_buttons(self) -> None:
        if self.layout is None:
            return
        L = self.layout
        s = self.state
        who = self.table.actor()
        human = not self.table.is_bot(who)
        kinds = self.kinds()
        specs: list[tuple[str, str, dict]] = []      # id, label, options
        can_undo = human and self.table.match.can_undo()
        if human and not s.game_over:
            phase = s.turn.phase
            if phase == WITHDRAW:
                specs.append(("reset", t("button.reset"), {"style": "quiet"}))
                specs.append(("place", t("button.place_tokens"), {"style": "primary"}))
            else:
                if "reinforce" in kinds and self.mode in ("conquer", "reinforce"):
                    specs.append(("reinforce", t("button.reinforce"), {"toggled": self.mode == "reinforce"}))
                if "abandon" in kinds and self.mode in ("conquer", "abandon"):
                    specs.append(("abandon", t("button.abandon"), {"toggled": self.mode == "abandon"}))
                if "berserk_roll" in kinds:
                    specs.append(("berserk_roll", t("button.berserk_roll"), {}))
                for kind in ("ghouls", "dragon", "enchant", "fortress"):
                    if kind in kinds:
                        specs.append((kind, t(f"button.{kind}"), {"toggled": self.mode == kind}))
                placing = phase in (CONQUER, REDEPLOY) and s.players[s.turn.seat].active is not None \
                    and bool(s.active_regions(s.turn.seat))
                own_kinds = power_kinds(s) if placing else set()
                if "encampments" in kinds or "encampments" in own_kinds:
                    specs.append(("encampments", t("button.encampments"), {"toggled": self.mode == "encampments"}))
                if "heroes" in kinds or "heroes" in own_kinds:
                    specs.append(("heroes", t("button.heroes"), {"toggled": self.mode == "heroes"}))
                if "ally" in kinds:
                    specs.append(("ally", t("button.ally"), {"toggled": self.mode == "ally"}))
                if self.mode == "ally":
                    for a in self.legal:
                        if isinstance(a, Ally):
                            specs.append((f"ally:{a.player}", s.players[a.player].name, {"data": a}))
                if self.mode == "heroes":
                    specs.append(("place_heroes", t("button.place_heroes"),
                                  {"style": "primary", "enabled": bool(self.heroes)}))
                if self.mode == "encampments":
                    specs.append(("place_encampments", t("button.place_encampments"), {"style": "primary"}))
                if phase == CONQUER and "redeploy" in kinds:
                    specs.append(("redeploy", t("button.redeploy"), {"toggled": self.mode == "redeploy"}))
                if self.mode == "redeploy" and self.draft is not None:
                    specs.append(("reset", t("button.reset"), {"style": "quiet", "enabled": self.draft.changed()}))
                if "decline" in kinds:
                    label = t("button.confirm_decline") if self.confirm_decline else t("button.decline")
                    specs.append(("decline", label, {"toggled": self.confirm_decline}))
                if any(isinstance(a, EndTurn) and a.decline for a in self.legal):
                    specs.append(("stout", t("button.stout_decline"), {}))
                if any(isinstance(a, EndTurn) and not a.decline for a in self.legal):
                    specs.append(("end_turn", t("button.end_turn"), {"style": "primary"}))
            specs.insert(0, ("undo", t("button.undo"), {"style": "quiet", "enabled": can_undo,
                                                        "tip": "" if can_undo else t("tip.undo_off")}))
        bar = L.bar
        h = L.px(40)
        gap = L.px(8)
        y = bar.bottom - h - L.px(12)
        x = bar.x + L.px(12)
        buttons: list[Button] = []
        for bid, label, opt in specs:
            w = max(L.px(88), self.app.text.size(label, L.px(15), "bold")[0] + L.px(26))
            buttons.append(Button(bid, label, pygame.Rect(x, y, w, h), enabled=opt.get("enabled", True),
                                  toggled=opt.get("toggled", False), style=opt.get("style", "normal"),
                                  tip=opt.get("tip", ""), data=opt.get("data")))
            x += w + gap
        overflow = x - gap - (bar.right - L.px(12))
        if overflow > 0 and buttons:              # squeeze the labels rather than leave the bar
            shrink = overflow / len(buttons)
            x = bar.x + L.px(12)
            for b in buttons:
                b.rect.w = max(L.px(50), int(b.rect.w - shrink))
                b.rect.x = x
                x += b.rect.w + gap
        end = next((b for b in buttons if b.id in ("end_turn", "place")), None)
        if end is not None and overflow <= 0:
            end.rect.right = bar.right - L.px(12)
        buttons += panels.top_buttons(self)
        buttons += panels.panel_buttons(self)
        self.buttons = buttons
        self.combo_rects = panels.combo_rects(L)
        self._frame = None

    def press(self, b: Button) -> None:
        if not b.enabled:
            if b.tip:
                self.say(b.tip, "bad")
            return
        bid = b.id
        if bid == "fullscreen":
            self.app.toggle_fullscreen()
            return
        if bid == "speed":
            self.fast = not self.fast
            self.build_buttons()
            self.app.dirty()
            return
        if bid == "undo":
            self.undo()
            return
        if bid == "help":
            self.open_help()
            return
        if self.table.is_bot(self.table.actor()):
            return
        if bid in ("reinforce", "abandon", "redeploy", "encampments", "heroes", "ally") or bid in REGION_POWERS:
            self.toggle_mode(bid)
        elif bid == "berserk_roll":
            self.send(BerserkRoll())
        elif bid.startswith("ally:"):
            self.send(b.data)  # type: ignore[arg-type]
        elif bid == "place_heroes":
            self.send(Heroes(tuple(self.heroes)))
        elif bid == "place_encampments" and self.draft is not None:
            self.send(self.draft.action())
        elif bid == "decline":
            if self.confirm_decline:
                self.send(Decline())
            else:
                self.confirm_decline = True
                self.say(t("hint.confirm_decline"), "warn")
                self.build_buttons()
        elif bid == "stout":
            self.end_turn(decline=True)
        elif bid == "end_turn":
            self.end_turn()
        elif bid == "reset" and self.draft is not None:
            self.draft.reset()
            self.build_buttons()
            self.app.dirty()
        elif bid == "place" and self.draft is not None:
            self.send(self.draft.action())

    def end_turn(self, decline: bool = False) -> None:
        """End the turn; a redeploy the player arranged is sent first."""
        d = self.draft
        if self.mode == "redeploy" and d is not None and d.changed():
            a = d.action()
            why = why_illegal(self.state, a)
            if why is not None:
                self.say(why, "bad")
                return
            if not self.send(a):
                return
        self.send(EndTurn(decline=decline))

    # -- help and rules cards --------------------------------------------------------------------
    def open_help(self) -> None:
        self.overlay = Overlay("help", list(help_columns(self.state)))
        self.overlay_hover = None
        self.app.dirty()

    def open_rules(self, race: str, power: str | None, in_decline: bool = False) -> None:
        self.overlay = Overlay("rules", [rules_lines(self.state.catalog, race, power, in_decline)])
        self.overlay_hover = None
        self.app.dirty()

    def close_overlay(self) -> None:
        self.overlay = None
        self.overlay_hover = None
        self._drawn_on = None
        self.app.dirty()

    def handle_overlay(self, ev: pygame.event.Event) -> None:
        ov = self.overlay
        assert ov is not None and self.layout is not None
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.close_overlay()
        elif ev.type == pygame.MOUSEWHEEL:
            ov.wheel(ev.y, self.layout.ui)
            self.app.dirty()
        elif ev.type == pygame.MOUSEMOTION:
            b = ov.hit(ev.pos)
            if (b.id if b else None) != self.overlay_hover:
                self.overlay_hover = b.id if b else None
                self.app.dirty()
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 3):
            b = ov.hit(ev.pos)
            if b is not None and b.id == "hints":
                self.app.set_hints(not self.app.hints)
            elif b is not None and b.id == "close":
                self.close_overlay()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3) and ov.hit(ev.pos) is None:
            if ov.kind == "rules" or not ov.box.collidepoint(ev.pos):
                self.close_overlay()          # a click anywhere closes a card (the help: outside)

    def banner_at(self, pos: tuple[int, int]) -> tuple[str, str | None, bool] | None:
        """The race (and power) of a banner drawn at `pos`: the player's panel, the top bar."""
        for rect, race, power, in_decline in self.banner_hits:
            if rect.collidepoint(pos):
                return race, power, in_decline
        return None

    # -- input ----------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if self.overlay is not None:
            self.handle_overlay(ev)
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
            self.open_help()
            return
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            self.track_hover(ev.pos)
            if self.down_region is not None and not self.dragging:
                self.dragging = True
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            self.mouse = ev.pos
            self.track_hover(ev.pos)
            self.on_down(ev.pos, ev.button)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 3):
            self.mouse = ev.pos
            self.on_up(ev.pos, ev.button)
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_z and ev.mod & pygame.KMOD_CTRL:
                self.undo()
            elif ev.key == pygame.K_ESCAPE:
                self.set_default_mode()
                self.build_buttons()
                self.say("")
        elif ev.type == pygame.WINDOWLEAVE:
            self.hover = self.hover_combo = self.hover_button = None
            self.app.dirty()

    def track_hover(self, pos: tuple[int, int]) -> None:
        b = hit(self.buttons, pos)
        hb = b.id if b else None
        rid = None if b else self.board_view.region_at(pos)
        combo = None
        if b is None and rid is None:
            combo = next((i for i, r in enumerate(self.combo_rects) if r.collidepoint(pos)), None)
            if combo is not None and combo >= len(self.state.column):
                combo = None
        if (hb, rid, combo) != (self.hover_button, self.hover, self.hover_combo):
            self.hover_button, self.hover, self.hover_combo = hb, rid, combo
            self.app.dirty()
        elif rid is not None or combo is not None or (b is not None and b.tip):
            self.app.dirty()         # the tooltip follows the mouse

    def on_down(self, pos: tuple[int, int], button: int) -> None:
        b = hit(self.buttons, pos)
        if b is not None:
            self.pressed = b.id
            if b.id == "peek":
                self.app.dirty()
            return
        if self.die is not None and self.app.clock() - self.die.start < DIE_ROLL * self.pace():
            return
        if self.mode in DRAFT_MODES and self.draft is not None:
            chip = self.board_view.chip_at(pos, self.draft.regions)
            if chip is not None:
                rid, step = chip
                self.step_draft(rid, step)
                return
            rid = self.board_view.region_at(pos)
            if rid in self.draft.counts:
                self.down_region = rid
                self.dragging = False
                return
        rid = self.board_view.region_at(pos)
        if rid is not None:
            self.click_region(rid, button)
            return
        combo = next((i for i, r in enumerate(self.combo_rects) if r.collidepoint(pos)), None)
        if combo is not None and combo < len(self.state.column):
            c = self.state.column[combo]
            if button == 3 or panels.combo_icon_rect(self.layout, self.combo_rects[combo]).collidepoint(pos):
                self.open_rules(c.race, c.power)     # right-click, or the token: the rules card
            else:
                self.click_combo(combo)
            return
        banner = self.banner_at(pos)
        if banner is not None:
            self.open_rules(*banner)

    def on_up(self, pos: tuple[int, int], button: int) -> None:
        pressed, self.pressed = self.pressed, None
        if pressed == "peek":
            self.app.dirty()
            return
        if pressed is not None:
            b = hit(self.buttons, pos)
            if b is not None and b.id == pressed:
                self.press(b)
            return
        src, self.down_region = self.down_region, None
        dragged, self.dragging = self.dragging, False
        if src is None or self.draft is None:
            return
        dst = self.board_view.region_at(pos)
        if dragged and dst is not None and dst != src:
            if dst in self.draft.counts:
                if not self.draft.move(src, dst):
                    self.say(t("msg.draft_keep_one"), "bad")
                self.build_buttons()
                self.app.dirty()
            else:
                self.say(t("msg.draft_not_yours"), "bad")
            return
        self.step_draft(src, -1 if button == 3 else +1)

    def step_draft(self, rid: str, step: int) -> None:
        d = self.draft
        assert d is not None
        ok = d.add(rid) if step > 0 else d.remove(rid)
        if not ok:
            if step > 0:
                self.say(t("msg.encampments_pool_empty" if d.kind == "encampments" else "msg.draft_pool_empty"),
                         "bad")
            else:
                self.say(t("msg.draft_keep_one") if d.minimum else t("msg.draft_none_here"), "bad")
        else:
            self.say("")
        self.build_buttons()
        self.app.dirty()

    def click_region(self, rid: str, button: int) -> None:
        s = self.state
        if s.game_over or self.table.is_bot(self.table.actor()):
            return
        mode = self.mode
        if mode == "pick":
            if any(isinstance(a, GhoulsConquer) and a.region == rid for a in self.legal):
                self.send(GhoulsConquer(rid))
            else:
                self.say(t("hint.pick_first"), "bad")
        elif mode == "conquer":
            a = Conquer(rid)
            if a in self.legal:
                self.send(a)
                return
            if Reinforce(rid) in self.legal:
                c = cost_of(s, s.turn.seat, rid)
                self.say(t("msg.use_reinforce", region=s.board.region(rid).display_name, cost=c.total,
                           hand=s.players[s.turn.seat].active.hand), "warn")
                return
            why = why_illegal(s, a)
            self.say(why or t("msg.cannot_here"), "bad")
        elif mode == "reinforce":
            self.send(Reinforce(rid))
        elif mode == "abandon":
            self.send(Abandon(rid))
        elif mode in REGION_POWERS:
            self.send(REGION_POWERS[mode](rid))
        elif mode == "heroes":
            if rid in self.heroes:
                self.heroes.remove(rid)
            elif rid in s.active_regions(s.turn.seat):
                self.heroes.append(rid)
                want = max(2, len(heroes_start(s, self.legal)))
                self.heroes = self.heroes[-want:]
            else:
                self.say(t("msg.heroes_own_region"), "bad")
            self.build_buttons()
            self.app.dirty()
        elif mode in DRAFT_MODES:
            self.say(t("msg.draft_not_yours"), "bad")

    def click_combo(self, i: int) -> None:
        s = self.state
        if self.table.is_bot(self.table.actor()) or s.game_over:
            return
        a = Pick(i)
        self.send(a)

    # -- time -----------------------------------------------------------------------------------
    def update(self, now: float) -> None:
        if self.die is not None and now - self.die.start > (DIE_ROLL + DIE_HOLD) * self.pace():
            self.die = None
            self.app.dirty()
            if self.state.game_over:
                self.route()
                return
        if self.flash is not None and now > self.flash[1]:
            self.flash = None
            self.app.dirty()
        if not self._routed:
            self._routed = True
            self.route()
            return
        self.bot_poll()
        if self.bot_due is not None and now >= self.bot_due and self.die is None:
            self.bot_step()

    def wake_in(self, now: float) -> float | None:
        waits = []
        if self.die is not None or self.flash is not None:
            waits.append(1 / 30)
            self.app.dirty()
        if self.bot_due is not None:
            waits.append(max(0.0, self.bot_due - now))
        if self.bot_work is not None:
            waits.append(0.05)
        if not self._routed:
            waits.append(0.0)
        return min(waits) if waits else None

    # -- drawing --------------------------------------------------------------------------------
    def picture(self) -> BoardPicture:
        s = self.state
        d = self.draft
        counts = added = camps = None
        chips: list[str] = []
        if d is not None and self.mode in DRAFT_MODES:
            if d.kind == "redeploy":
                counts = dict(d.counts)
            elif d.kind == "encampments":
                camps = dict(d.counts)
            else:
                added = dict(d.counts)
            chips = d.regions
        colours = [theme.player_colour(seat.colour, i) for i, seat in enumerate(self.table.seats)]
        key = (self.version, self.mode, tuple(sorted((d.counts if d else {}).items())), tuple(self.heroes),
               self.layout.board.size if self.layout else None)
        return BoardPicture(key=key, state=s, marks=self.targets(), counts=counts, added=added, chips=chips,
                            selected=list(self.heroes) if self.mode == "heroes" else [], colours=colours,
                            encampments=camps)

    def frame_key(self) -> Any:
        d = self.draft
        ov = self.overlay
        return (self.version, self.mode, self.message, self.message_kind, self.hover_button, self.hover_combo,
                self.pressed == "peek", self.fast, self.app.size(), tuple(self.heroes),
                tuple(sorted((d.counts if d else {}).items())), self.confirm_decline, self.app.hints,
                (id(ov), ov.scroll, self.overlay_hover) if ov is not None else None)

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the frame; returns the rectangles that changed (None: all of it)."""
        assert self.layout is not None
        key = self.frame_key()
        full = False
        if self._frame is None or self._frame_key != key or self._frame.get_size() != surf.get_size():
            if self._frame is None or self._frame.get_size() != surf.get_size():
                self._frame = pygame.Surface(surf.get_size()).convert() if pygame.display.get_surface() else \
                    pygame.Surface(surf.get_size())
            self._draw_static(self._frame)
            self._frame_key = key
            full = True
        previous = self._overlays
        if full or self._drawn_on is not surf:
            surf.blit(self._frame, (0, 0))
        else:                                   # only wipe where the last overlays were
            for r in previous:
                surf.blit(self._frame, r, r)
        now = self.app.clock()
        drawn: list[pygame.Rect] = []
        if self.hover is not None and not self.dragging and self.overlay is None:
            drawn.append(self.board_view.draw_hover(surf, self.hover))
        if self.flash is not None:
            drawn.append(self.board_view.draw_flash(surf, self.flash[0], now * 1.5))
        if self.dragging and self.down_region is not None:
            a = self.board_view.spot(self.down_region)
            drawn.append(pygame.draw.line(surf, theme.GOLD, a, self.mouse, max(2, self.layout.px(4))))
            drawn.append(pygame.draw.circle(surf, theme.GOLD, self.mouse, self.layout.px(8)))
        if self.die is not None:
            drawn.append(panels.draw_die(self, surf, now))
        tip = self._draw_tooltip(surf)
        if tip is not None:
            drawn.append(tip)
        pad = self.layout.px(8)
        self._overlays = [r.inflate(pad, pad).clip(surf.get_rect()) for r in drawn if r.w and r.h]
        self._drawn_on = surf
        if full:
            return None
        return previous + self._overlays

    def _draw_static(self, surf: pygame.Surface) -> None:
        L = self.layout
        assert L is not None
        surf.fill(theme.BG)
        pygame.draw.rect(surf, (28, 22, 18), L.board_area)
        self.board_view.draw(surf, self.picture())
        pygame.draw.rect(surf, (20, 14, 10), L.board.inflate(4, 4), 2)
        panels.draw_top(self, surf)
        panels.draw_column(self, surf)
        panels.draw_player(self, surf)
        panels.draw_log(self, surf)
        panels.draw_bar(self, surf)
        for b in self.buttons:
            if b.id == "peek" and self.pressed == "peek":
                continue                  # the coins show in its place while it is held
            b.draw(surf, self.app.text, b.id == self.hover_button and b.enabled, L.ui,
                   pressed=(self.pressed == b.id))
        if self.overlay is not None:
            self.overlay.draw(surf, self.app.text, L.ui, self.app.hints, self.overlay_hover)

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
        if lines and self.pressed is None and self.overlay is None:
            return tooltip(surf, self.app.text, lines, self.mouse, L.ui)
        return None


def _ask(bot: Any, state: Any) -> Action | None:
    try:
        return bot.choose(state)
    except Exception:  # noqa: BLE001 - a confused bot must not stop the family's game
        return None


def tip_cost_line(scene: GameScene, rid: str) -> tuple[str, str] | None:
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

