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

This module keeps the turn's flow (sync, route, send, the computer players, time); its parts
are `play_input` (mouse and keys), `play_modes` (modes and the action bar's buttons) and
`play_draw` (the frame), all on `playview.PlayView`, the memory the panels read.
"""
from __future__ import annotations

import math
import threading
from typing import Any

from game.rules import (
    Action,
    Conquer,
    EndTurn,
    IllegalAction,
    NotImplementedRule,
    Pick,
    Record,
    Use,
    Withdraw,
    events_of,
    legal_actions,
    why_illegal,
)

from ..app import App
from ..board_view import DASH_RATE
from ..layout import compute
from ..logtext import recent_lines, record_lines
from ..motion import moves_between
from ..playview import DIE_HOLD, DIE_ROLL, USE_REGION, DieShow
from ..strings import t, tn
from ..table import Table
from .phones import PhonesScene
from .play_draw import PlayDrawing
from .play_input import PlayInput
from .play_modes import PlayModes


class GameScene(PlayInput, PlayModes, PlayDrawing):
    """The game screen: its input, modes and drawing parts on the shared `PlayView` memory."""

    def __init__(self, app: App, table: Table, viewer: int | None = None) -> None:
        super().__init__(app, table, viewer)

    # -- lifecycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self.choose_piece()
        self._drawn_on = None             # another scene drew on the window meanwhile
        self.sync(reset_mode=True)
        self._routed = False
        self.warn_unsaved()

    def covered(self) -> None:
        """A scene was pushed over the table (the help, a card, the menu): hold still. No intent
        is applied, the computer player's next step and the animations wait (`uncovered`)."""
        self.covered_at = self.app.clock()
        self.hover = self.hover_combo = self.hover_button = None
        self.pressed = None
        self.down_region, self.dragging = None, False
        self._drawn_on = None

    def uncovered(self) -> None:
        """The scene over the table is gone: go on where the table stopped, the clocks of the
        computer player, the die and the moves put back by the time it was covered."""
        if self.covered_at is None:
            return
        held = max(0.0, self.app.clock() - self.covered_at)
        self.covered_at = None
        if self.bot_due is not None:
            self.bot_due += held
        self.bot_since += held
        if self.die is not None:
            self.die.start += held
        if self.flash is not None:
            self.flash = (self.flash[0], self.flash[1] + held)
        self.motion.delay(held)
        self.fast = self.app.bots_fast          # the menu may have changed the computer's speed
        self._drawn_on = None
        self.sync()                             # the language or the hints may have changed too
        self.warn_unsaved()

    def resize(self) -> None:
        w, h = self.app.size()
        self.layout = compute(w, h, self.table.mapdata.width, self.table.mapdata.height)
        self.board_view.set_layout(self.layout)
        self.build_buttons()
        self._frame = None
        self._drawn_on = None

    # -- after every change -------------------------------------------------------------------
    def sync(self, reset_mode: bool = False) -> None:
        s = self.state
        self.version += 1
        self.legal = legal_actions(s)
        m = self.table.match
        self.log_lines = recent_lines(m.records, m.states, limit=60)
        if self.tutorial is not None:
            self.tutorial.check(self)
        if reset_mode:
            self.set_default_mode()
        self.build_buttons()
        self._tip = (None, [])
        self.choose_piece()
        self.app.dirty()
        if self.app.phones is not None:
            self.app.phones.publish()            # every phone seat sees the move as it lands

    def choose_piece(self) -> None:
        """The table's music, and the last rounds' from the start of the last two rounds."""
        s = self.state
        self.app.audio.set_piece("last" if s.round >= s.board.turns - 1 else "table")

    def route(self) -> None:
        """Whose move is it now: the final screen, a hand-over, a computer player, or go on."""
        s = self.state
        if self.motion.busy(self.app.clock()) and (s.game_over or (
                not self.table.is_bot(self.table.actor()) and self.viewer != self.table.actor()
                and len(self.table.humans()) > 1)):
            self.route_waiting = True        # the moves land (a decline flips) before the hand-over
            return
        if s.game_over:
            if self.die is None:
                from .final import FinalScene  # (it plays the fanfare)
                self.app.switch(FinalScene(self.app, self.table))
            return
        who = self.table.actor()
        if self.table.is_bot(who):
            if self.tutorial is not None and self.tutorial.holds_computer():
                self.bot_due = None              # the lesson's card first; Next lets it play
                return
            if self.bot_due is None:
                self.bot_due = self.app.clock() + self.bot_delay()
            return
        self.bot_due = None
        if self.table.on_phone(who):            # played from its phone: no hand-over, no coins on the table
            self.say(t("phone.playing", name=s.players[who].name))
            return
        if self.viewer != who and len(self.table.humans()) > 1:
            from .curtain import PassScene
            self.app.audio.play("pass")
            self.app.push(PassScene(self.app, self, who, self.last_score))
            return
        if self.viewer != who:                  # the player at the screen: their coins button
            self.viewer = who
            self.build_buttons()
            self.app.dirty()

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

    def after_play(self, rec: Record) -> None:
        lines = record_lines(rec.events, self.state)
        self.message, self.message_kind = (lines[-1] if lines else ""), "log"
        for ev in events_of(rec.events, "score"):
            if not self.table.is_bot(ev["seat"]) and not self.table.on_phone(ev["seat"]):
                self.last_score = (ev["seat"], ev["coins"], list(ev["parts"]))
                if len(self.table.humans()) == 1:
                    n = ev["coins"]
                    self.message, self.message_kind = tn("msg.you_scored", n, coins=n), "good"
        self.warn_unsaved()
        if rec.rolls:
            die_ev = next(iter(events_of(rec.events, "die")), None)
            face = die_ev.get("face", rec.rolls[-1]) if die_ev else rec.rolls[-1]
            ok = die_ev.get("success") if die_ev and not die_ev.get("choice") else None   # (undecided yet)
            self.die = DieShow(face, ok, self.app.clock(), lines[-1] if lines else "")
            if die_ev is not None and die_ev.get("choice") and not self.table.is_bot(rec.seat):
                again = any(isinstance(a, Use) and a.effect == "reroll" for a in legal_actions(self.state))
                self.message = t("msg.die_choice_reroll" if again else "msg.die_choice", face=face)
                self.message_kind = "warn"
            if self.pace() <= 0:
                self.die = None
        m = self.table.match
        if len(m.states) >= 2 and m.states[-1] is self.state:
            moves = moves_between(m.states[-2], self.state, rec.action)
            pace = self.pace()
            pace *= 0.4 if self.fast and self.table.is_bot(m.states[-2].turn.seat) else 1.0
            self.motion.play(moves, self.place_of, self.app.clock(), pace)
            self.sound_for(m.states[-2], moves, rec)
        keep = self.mode if self.mode.startswith(USE_REGION) else ""
        self.sync(reset_mode=True)
        if keep and any(isinstance(a, Use) and a.effect == keep[len(USE_REGION):] and a.region for a in self.legal):
            self.mode = keep                 # more of the same to place (Pots of Gold, Winter markers)
            self.build_buttons()
        self.route()

    def sound_for(self, before: Any, moves: list, rec: Record) -> None:
        """The sounds of one intent: a conquest (and a region lost by someone), the die, coins,
        a decline."""
        sound = self.app.audio
        kind = rec.action.get("kind", "")
        gained = any(mv.kind == "token" and mv.target.startswith("region:") and mv.source.startswith("hand:")
                     for mv in moves)
        if rec.rolls:
            sound.play("die")
        elif gained and kind not in ("redeploy", "withdraw", "encampments"):
            sound.play("conquest")
        if any(mv.target == "tray" and mv.race != "lost_tribe" for mv in moves):
            sound.play("lost")
        if any(mv.kind == "flip" for mv in moves) or kind == "decline":
            sound.play("decline")
        if any(mv.kind == "coin" for mv in moves) or any(
                e["coins"] and not self.table.is_bot(e["seat"]) for e in events_of(rec.events, "score")):
            sound.play("coins")

    def undo(self) -> None:
        if not self.table.match.can_undo() or self.table.is_bot(self.table.actor()) \
                or self.table.on_phone(self.table.actor()):
            self.say(t("msg.nothing_to_undo"), "bad")
            return
        self.table.undo()
        self.motion.skip()
        self.route_waiting = False
        self.sync(reset_mode=True)
        self.say(t("msg.undone"), "hint")
        self.warn_unsaved()

    def warn_unsaved(self) -> None:
        """When the last save could not be written, say so on the message line (it outranks the log):
        the game goes on and the next move tries again; the last good save is untouched."""
        if self.table.save_error is not None:
            self.say(t("msg.save_failed", error=self.table.save_error, path=str(self.table.save_path)), "bad")

    # -- the phones (game.ui.phone_link) -------------------------------------------------------------
    def phone_undo(self, seat: int) -> bool:
        """A phone's undo: its own moves of this turn only, as the table's button would."""
        if self.table.actor() != seat or not self.table.match.can_undo() or self.table.is_bot(seat):
            return False
        self.table.undo()
        self.motion.skip()
        self.route_waiting = False
        self.sync(reset_mode=True)
        self.say(t("msg.undone"), "hint")
        return True

    def phone_joined(self, seat: int) -> None:
        """A phone opened its seat's page: the seat is played there from now on."""
        self.say(t("phone.joined", name=self.state.players[seat].name), "good")
        if self.viewer == seat:
            self.viewer = None                   # its coins leave the table
        self.build_buttons()
        if self.table.actor() == seat:
            self.route()

    def take_back(self, seat: int) -> None:
        """The seat's phone is gone: the seat is played on the table again (hot seat)."""
        link = self.app.phones
        if link is None or not self.table.on_phone(seat):
            return
        link.take_back(seat)
        self.sync(reset_mode=True)
        self.say(t("phone.taken_back_table", name=self.state.players[seat].name), "hint")
        self.route()

    def to_phone(self, seat: int) -> None:
        """The seat played here goes (back) to a phone: the phones' card shows its code, a fresh
        one for a seat taken back, and closes when the phone opens the page."""
        link = self.app.phones
        if link is None or self.table.on_phone(seat) or self.table.is_bot(seat):
            return
        link.reopen(seat)
        self.app.push(PhonesScene(self.app, self.table, seat=seat))

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
        holder: dict[str, Any] = {"bot": bot}
        # the worker only reads the state and returns an intent; the match is changed here, by
        # `bot_poll`, and only if the game has not moved on meanwhile
        worker = threading.Thread(target=lambda: holder.update(choice=_ask(bot, s)), daemon=True)
        self.bot_work = (worker, holder, s)
        self.bot_since = self.app.clock()
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

    # -- time -----------------------------------------------------------------------------------
    def update(self, now: float) -> None:
        if self.board_view.poll():              # the zoomed map's sharp picture is drawn
            self.app.dirty()
        if self.app.phones is not None and self.die is None:
            self.app.phones.handle(self)          # what the phones sent, judged by the engine
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
        if self.route_waiting and not self.motion.busy(now):
            self.route_waiting = False
            self.motion.tidy(now)
            self.app.dirty()
            self.route()
            return
        if self.motion.flights and not self.motion.busy(now):
            self.motion.tidy(now)
            self.app.dirty()
        if self._dash_step >= 0 and self.dash_step(now) != self._dash_step and self.marching() is not None:
            self.app.dirty()                    # the next step of the targets' marching dashes
        self.bot_poll()
        why, self.table.worth_error = self.table.worth_error, None      # said once, on whoever's screen
        if why is not None:
            self.say(t("msg.worth_failed", why=why), "warn")
        if self.bot_due is not None and now >= self.bot_due and self.die is None and not self.motion.busy(now):
            self.bot_step()

    def wake_in(self, now: float) -> float | None:
        waits = []
        if self.die is not None or self.flash is not None:
            waits.append(1 / 30)
            self.app.dirty()
        if self.motion.flights:
            waits.append(1 / 60)
            self.app.dirty()
        if self.board_view.drawing():
            waits.append(0.1)                    # look again for the zoomed map's picture
        if self.bot_due is not None:
            waits.append(max(0.0, self.bot_due - now))
        if self.bot_work is not None:
            waits.append(0.05)
            if self.thinking(now) is not None:
                self.app.dirty()                 # the thinking cue moves
        if not self._routed:
            waits.append(0.0)
        pending = min(waits) if waits else None
        if self._dash_step >= 0 and self.marching() is not None:     # the targets' dashes march on
            step = (math.floor(now * DASH_RATE) + 1) / DASH_RATE - now
            return step if pending is None else min(pending, step)
        return pending

    def pending_in(self, now: float) -> float | None:
        """Like `wake_in`, but only for what moves the game on (the targets' dashes march forever)."""
        if self._dash_step >= 0 and self.marching() is not None:
            saved, self._dash_step = self._dash_step, -1
            try:
                return self.wake_in(now)
            finally:
                self._dash_step = saved
        return self.wake_in(now)


def _ask(bot: Any, state: Any) -> Action | None:
    try:
        return bot.choose(state)
    except Exception:  # noqa: BLE001 - a confused bot must not stop the family's game
        return None
