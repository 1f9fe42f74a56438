"""The game scene's input: the mouse over the board, the combo column, the banners and the buttons,
drags between regions in a draft, the board's zoom and pan (the wheel, + − 0, the arrow keys, a
drag with the middle button), the keys (Esc, F1, Ctrl+Z), the help and rules cards, and the way
to the in-game menu."""
from __future__ import annotations

import pygame

from game.rules import (
    Abandon,
    Conquer,
    GhoulsConquer,
    GhoulsReinforce,
    Pick,
    Reinforce,
    Use,
    cost_of,
    decline_conqueror,
    why_illegal,
)

from .. import panels
from ..help import Overlay, help_columns, rules_lines
from ..playview import DIE_ROLL, DRAFT_MODES, REGION_POWERS, USE_CHOICE, USE_REGION, PlayView, region_choices
from ..strings import region_name, t, tn
from ..widgets import hit
from .cover import CardScene
from .menu import MenuScene
from .play_modes import use_label

PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class PlayInput(PlayView):
    # -- help, rules cards and the menu: scenes pushed over the table, which holds still under them --
    def open_help(self) -> None:
        self.app.push(CardScene(self.app, Overlay("help", list(help_columns(self.state, self.table.seats)))))

    def open_rules(self, race: str, power: str | None, in_decline: bool = False) -> None:
        self.app.push(CardScene(self.app, Overlay("rules", [rules_lines(self.state.catalog, race, power,
                                                                         in_decline)])))

    def open_menu(self) -> None:
        """The in-game menu, over this scene (Esc or the Menu button)."""
        self.app.push(MenuScene(self.app, self.table))

    def something_to_cancel(self) -> bool:
        """Esc first cancels a mode, a draft or a pending decline; only then opens the menu."""
        d = self.draft
        default = {"pick": "pick", "conquer": "conquer", "redeploy": "redeploy", "withdraw": "withdraw"}
        return (self.confirm_decline or self.mode != default.get(self.state.turn.phase)
                or (d is not None and d.changed()) or bool(self.heroes))

    # -- input ----------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
            self.open_help()
            return
        if ev.type == pygame.MOUSEMOTION and self.panning is not None:
            self.mouse = ev.pos
            self.board_view.pan_by(self.panning[0] - ev.pos[0], self.panning[1] - ev.pos[1])
            self.panning = ev.pos
            self.app.dirty()
        elif ev.type == pygame.MOUSEWHEEL:
            if self.layout is not None and self.layout.board.collidepoint(self.mouse):
                self.zoom(ev.y, self.mouse)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 2:
            if self.layout is not None and self.layout.board.collidepoint(ev.pos):
                self.panning = ev.pos         # the middle button drags the board
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 2 and self.panning is not None:
            self.panning = None
            self.after_view_change()
        elif ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            self.track_hover(ev.pos)
            if self.down_region is not None and not self.dragging:
                self.dragging = True
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3) and self.motion.flights:
            self.motion.skip()                # a click lands everything at once
            self.app.dirty()
            if self.route_waiting:
                return                        # the hand-over comes next; this click was the skip
            self.mouse = ev.pos
            self.track_hover(ev.pos)
            self.on_down(ev.pos, ev.button)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            self.mouse = ev.pos
            self.track_hover(ev.pos)
            self.on_down(ev.pos, ev.button)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 3):
            self.mouse = ev.pos
            self.on_up(ev.pos, ev.button)
        elif ev.type == pygame.KEYDOWN:
            if self.tutorial is not None and self.tutorial.active and self.tutorial.key(self, ev):
                return
            if ev.key == pygame.K_z and ev.mod & pygame.KMOD_CTRL:
                self.undo()
            elif ev.key == pygame.K_m:
                self.app.set_sound(not self.app.sound)
                self.say(t("msg.sound_on") if self.app.sound else t("msg.sound_off"))
            elif ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom(-1 if ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS) else 1, self.mouse)
            elif ev.key in (pygame.K_0, pygame.K_KP_0):
                self.reset_zoom()
            elif ev.key in PAN_KEYS and self.layout is not None:
                dx, dy = PAN_KEYS[ev.key]
                step = self.layout.board.w // 6
                if self.board_view.pan_by(dx * step, dy * step):
                    self.after_view_change()
            elif ev.key == pygame.K_ESCAPE:
                if self.something_to_cancel():
                    self.set_default_mode()
                    self.build_buttons()
                    self.say("")
                else:
                    self.open_menu()
        elif ev.type == pygame.WINDOWLEAVE:
            self.hover = self.hover_combo = self.hover_button = None
            self.app.dirty()

    # -- zoom and pan -------------------------------------------------------------------------------
    def zoom(self, steps: int, at: tuple[int, int]) -> None:
        """The board `steps` zoom levels in (or out), around the window point `at`."""
        if self.board_view.zoom_step(steps, at):
            self.after_view_change()

    def reset_zoom(self) -> None:
        if self.board_view.reset_view():
            self.after_view_change()

    def after_view_change(self) -> None:
        self.track_hover(self.mouse)             # another region may lie under the pointer now
        self.app.dirty()

    def track_hover(self, pos: tuple[int, int]) -> None:
        b = hit(self.buttons, pos)
        hb = b.id if b else None
        over_chip = self.zoom_chip is not None and self.zoom_chip.collidepoint(pos)
        rid = None if b or over_chip else self.board_view.region_at(pos)
        combo = None
        if b is None and rid is None and not (self.tutorial is not None and self.tutorial.covers(pos)):
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
        if self.zoom_chip is not None and self.zoom_chip.collidepoint(pos):
            self.reset_zoom()                        # the "whole map" chip over a zoomed board
            return
        if self.die is not None and self.app.clock() - self.die.start < DIE_ROLL * self.pace():
            return
        if self.mode in DRAFT_MODES and self.draft is not None and not self.table.is_bot(self.table.actor()) \
                and not self.table.on_phone(self.table.actor()):
            chip = self.board_view.chip_at(pos, self.draft.regions)
            if chip is not None:
                chip_rid, step = chip
                self.step_draft(chip_rid, step)
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
        if self.tutorial is not None and self.tutorial.covers(pos):
            return                                   # the lesson's card, over the column
        combo = next((i for i, r in enumerate(self.combo_rects) if r.collidepoint(pos)), None)
        if combo is not None and combo < len(self.state.column):
            c = self.state.column[combo]
            assert self.layout is not None
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

    def say_ghouls_reinforce(self, rid: str) -> None:
        """The In Decline Ghouls need the die for `rid`: say which button tries it."""
        s = self.state
        found = decline_conqueror(s, s.turn.seat)
        if found is None:
            return
        hold, abil = found
        c = cost_of(s, s.turn.seat, rid, abil, hold)
        self.say(t("msg.use_ghouls_reinforce", region=region_name(s.board, rid), cost=c.total,
                   hand=hold.hand), "warn")

    def click_region(self, rid: str, button: int) -> None:
        s = self.state
        if s.game_over or self.table.is_bot(self.table.actor()) or self.table.on_phone(self.table.actor()):
            return
        mode = self.mode
        if mode in ("pick", "ghouls") and GhoulsReinforce(rid) in self.legal:
            self.say_ghouls_reinforce(rid)
        elif mode == "pick":
            if any(isinstance(a, GhoulsConquer) and a.region == rid for a in self.legal):
                self.send(GhoulsConquer(rid))
            else:
                self.say(t("hint.pick_first"), "bad")
        elif mode == "conquer":
            a = Conquer(rid)
            if a in self.legal:
                self.send(a)
                return
            if Reinforce(rid) in self.legal:        # the die in one step: ask, then roll
                if self.confirm_die == rid:
                    self.send(Reinforce(rid))
                    return
                c = cost_of(s, s.turn.seat, rid)
                need = max(1, c.total - s.players[s.turn.seat].active.hand)
                self.confirm_die = rid
                self.say(tn("msg.confirm_die", need, count=need, region=region_name(s.board, rid)), "warn")
                self.build_buttons()
                self.app.dirty()
                return
            if self.confirm_die is not None:
                self.confirm_die = None
                self.build_buttons()
            why = why_illegal(s, a)
            self.say(why or t("msg.cannot_here"), "bad")
        elif mode == "reinforce":
            self.send(Reinforce(rid))
        elif mode == "abandon":
            self.send(Abandon(rid))
        elif mode in REGION_POWERS:
            self.send(REGION_POWERS[mode](rid))
        elif mode.startswith(USE_REGION):                 # a block's move on a region (Lava)
            self.click_use_region(mode[len(USE_REGION):], rid)
        elif mode.startswith(USE_CHOICE):                 # borrow from another player's race there
            self.send_choice(region_choices(s, rid))
        elif mode == "heroes":
            if rid in self.heroes:
                self.heroes.remove(rid)
            elif rid in s.active_regions(s.turn.seat):
                self.heroes.append(rid)
                self.heroes = self.heroes[-max(1, self.heroes_wanted()):]
            else:
                self.say(t("msg.heroes_own_region"), "bad")
            self.build_buttons()
            self.app.dirty()
        elif mode in DRAFT_MODES:
            self.say(t("msg.draft_not_yours"), "bad")

    def send_choice(self, ids: tuple[str | None, ...]) -> None:
        """The block's choice (`Use(effect, choice=...)`) among `ids` (a combo's or a region's
        power and race) that is legal now; else the first, so that its refusal is said."""
        effect = self.mode[len(USE_CHOICE):]
        tries = [Use(effect, choice=cid) for cid in ids if cid]
        for a in tries:
            if a in self.legal:
                self.send(a)
                return
        if tries:
            self.send(tries[-1] if any(a.choice in self.state.catalog.races for a in self.legal
                                       if isinstance(a, Use) and a.effect == effect) else tries[0])
        else:
            self.say(t("msg.cannot_here"), "bad")

    def click_use_region(self, effect: str, rid: str) -> None:
        """A block's move on a region: sent at once (Lava), or, for a move from one region to
        another (a marker moved), the first click picks where it starts and the second where it
        goes (a click on the first again, or on no target, starts over)."""
        mine = [a for a in self.legal if isinstance(a, Use) and a.effect == effect and a.region]
        if not any(a.choice for a in mine):
            self.send(Use(effect, rid))
            return
        start = self.use_from
        if start is not None and any(a.region == start and a.choice == rid for a in mine):
            self.use_from = None
            self.send(Use(effect, start, rid))
            return
        self.use_from = rid if any(a.region == rid for a in mine) and rid != start else None
        if self.use_from is None:
            self.say(t("msg.cannot_here"), "bad")
        else:
            self.say(t("hint.mode.use_region_to", name=use_label(self.state, effect)))
        self.app.dirty()

    def click_combo(self, i: int) -> None:
        s = self.state
        if self.table.is_bot(self.table.actor()) or self.table.on_phone(self.table.actor()) or s.game_over:
            return
        if self.mode.startswith(USE_CHOICE) and i < len(s.column):   # Copycat: borrow its power (or race)
            self.send_choice((s.column[i].power, s.column[i].race))
            return
        a = Pick(i)
        self.send(a)
