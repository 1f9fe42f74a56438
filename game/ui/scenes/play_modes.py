"""The game scene's modes and buttons: which mode a phase opens, switching modes, the action bar's
buttons for what is on offer, and what pressing each one does."""
from __future__ import annotations

from typing import Sequence

import pygame

from game.rules import (
    CONQUER,
    PICK,
    REDEPLOY,
    WITHDRAW,
    Ally,
    BerserkRoll,
    Decline,
    EndTurn,
    Heroes,
    Reinforce,
    Settle,
    Use,
    actor,
    asked,
    default_region,
    lent_parts,
    why_illegal,
)

from .. import panels
from ..drafts import (
    encampments_draft,
    heroes_start,
    pieces_offered,
    redeploy_draft,
    withdraw_draft,
    withdraw_suggestion,
)
from ..playview import REGION_POWERS, USE_CHOICE, USE_REGION, PlayView
from ..strings import has, power_name, power_text, race_name, race_text, region_name, t, tn
from ..widgets import Button


class PlayModes(PlayView):
    def set_default_mode(self) -> None:
        s = self.state
        self.draft = None
        self.heroes = []
        self.confirm_decline = False
        self.confirm_die = None
        self.confirm_hand = False
        phase = s.turn.phase
        waiting = asked(s)
        if waiting is not None:                  # a decision out of turn: click where tokens go
            effect = str(waiting[2])
            self.mode = USE_REGION + effect
            self.say(t("hint.mode.asked", name=use_label(s, effect),
                       attacker=s.players[s.turn.seat].name))
        elif phase == PICK:
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

    def heroes_wanted(self) -> int:
        """How many Heroes the player places: as many as the engine's own placement has."""
        return len(heroes_start(self.state, self.legal))

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
                self.heroes = []                         # the player clicks where they go, as asked
                self.draft = None
            else:
                self.draft = None
            self.use_from = None
            if mode.startswith(USE_REGION):              # a block's move on a region (Lava)
                effect = mode[len(USE_REGION):]
                key = f"hint.mode.use_region_{effect}"     # a block's own hint, if it has one
                self.say(t(key if has(key) else "hint.mode.use_region", name=use_label(s, effect)))
            elif mode.startswith(USE_CHOICE):            # a choice in the column (Copycat) or on the board
                effect = mode[len(USE_CHOICE):]
                key = f"hint.mode.use_choice_{effect}"     # a block's own hint, if it has one
                self.say(t(key if has(key) else choice_hint(s, self.legal, effect), name=use_label(s, effect)))
            else:
                self.say(t(f"hint.mode.{mode}"))
        self.build_buttons()
        self.app.dirty()

    # -- buttons --------------------------------------------------------------------------------
    def build_buttons(self) -> None:
        if self.layout is None:
            return
        L = self.layout
        s = self.state
        who = self.table.actor()
        human = not self.table.is_bot(who) and not self.table.on_phone(who)
        kinds = self.kinds()
        specs: list[tuple[str, str, dict]] = []      # id, label, options
        can_undo = human and self.table.match.can_undo()
        if human and not s.game_over:
            phase = s.turn.phase
            if phase == WITHDRAW:
                specs.append(("reset", t("button.reset"), {"style": "quiet"}))
                specs.append(("place", t("button.place_tokens"), {"style": "primary"}))
            else:
                if self.confirm_die is not None and self.mode == "conquer":
                    specs.append(("roll_die", t("button.roll_die"), {"style": "primary"}))
                if "settle" in kinds:                    # the die waits for a choice after the roll
                    specs.append(("settle", t("button.settle"), {"style": "primary"}))
                if "abandon" in kinds and self.mode in ("conquer", "abandon"):
                    specs.append(("abandon", t("button.abandon"), {"toggled": self.mode == "abandon"}))
                if "berserk_roll" in kinds:
                    specs.append(("berserk_roll", t("button.berserk_roll"), {}))
                waiting = asked(s) is not None           # a decision out of turn: leaving as is
                for a in self.legal:                     # building blocks' own moves (Marauding...)
                    if isinstance(a, Use) and not a.region and not a.choice:
                        specs.append((f"use:{a.effect}", t("button.leave_as_is") if waiting else use_button_label(s, a.effect),
                                      {"data": a, "tip": use_tip(s, a.effect),
                                       "style": "primary" if waiting else "normal"}))
                for a in self.legal:                     # a trigger's question: a button for each answer
                    if waiting and isinstance(a, Use) and a.effect == "trigger" and a.choice:
                        specs.append((f"use:{a.effect}:{a.choice}", a.choice, {"data": a, "style": "primary"}))
                for effect in sorted({a.effect for a in self.legal if isinstance(a, Use) and a.choice and not a.region
                                      and not (waiting and a.effect == "trigger")}):
                    mode = USE_CHOICE + effect         # a choice among the column's combos (Copycat)
                    specs.append((mode, use_button_label(s, effect), {"toggled": self.mode == mode,
                                                               "tip": use_tip(s, effect)}))
                for effect in sorted({a.effect for a in self.legal if isinstance(a, Use) and a.region}):
                    mode = USE_REGION + effect         # a block's move on a region: click it (Lava)
                    specs.append((mode, use_button_label(s, effect), {"toggled": self.mode == mode,
                                                               "tip": use_tip(s, effect)}))
                for kind in ("ghouls", "ghouls_reinforce", "dragon", "enchant", "fortress"):
                    if kind in kinds:
                        specs.append((kind, t(f"button.{kind}"), {"toggled": self.mode == kind}))
                for piece in pieces_offered(s, self.legal):     # encampments, heroes
                    specs.append((piece, t(f"button.{piece}"), {"toggled": self.mode == piece}))
                if "ally" in kinds:
                    specs.append(("ally", t("button.ally"), {"toggled": self.mode == "ally"}))
                if self.mode == "ally":
                    for a in self.legal:
                        if isinstance(a, Ally):
                            specs.append((f"ally:{a.player}", s.players[a.player].name, {"data": a}))
                if self.mode == "heroes":
                    specs.append(("place_heroes", t("button.place_heroes"),
                                  {"style": "primary", "enabled": len(self.heroes) == self.heroes_wanted()}))
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
            if self.app.phones is not None:          # this seat may go (back) to a phone
                specs.insert(1, ("to_phone", t("phone.to_phone"), {"style": "quiet",
                                                                   "tip": t("phone.to_phone_tip")}))
        elif self.table.on_phone(who) and not s.game_over:     # played from a phone: one click takes it back
            specs.append(("take_back", t("phone.take_back", name=s.players[who].name),
                          {"tip": t("phone.take_back_tip")}))
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
        if self.tutorial is not None and self.tutorial.active:
            buttons = self.tutorial.layout(self, L)[1] + buttons     # the lesson's card, over the log
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
        if bid.startswith("tut:") and self.tutorial is not None:
            self.tutorial.press(self, bid)
            return
        if bid == "fullscreen":
            self.app.toggle_fullscreen()
            return
        if bid == "speed":
            self.fast = not self.fast
            self.app.set_bots_fast(self.fast)
            self.build_buttons()
            self.app.dirty()
            return
        if bid == "undo":
            self.undo()
            return
        if bid == "help":
            self.open_help()
            return
        if bid == "menu":
            self.open_menu()
            return
        if bid == "take_back":
            self.take_back(self.table.actor())  # type: ignore[attr-defined]  # (GameScene's)
            return
        if bid == "to_phone":
            self.to_phone(self.table.actor())  # type: ignore[attr-defined]  # (GameScene's)
            return
        if self.table.is_bot(self.table.actor()) or self.table.on_phone(self.table.actor()):
            return
        if bid in ("reinforce", "abandon", "redeploy", "encampments", "heroes", "ally") or bid in REGION_POWERS \
                or bid.startswith(USE_REGION) or bid.startswith(USE_CHOICE):
            self.toggle_mode(bid)
        elif bid == "roll_die" and self.confirm_die is not None:
            self.send(Reinforce(self.confirm_die))
        elif bid == "berserk_roll":
            self.send(BerserkRoll())
        elif bid == "settle":
            self.send(Settle())
        elif bid.startswith("ally:") or bid.startswith("use:"):
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
            d = self.draft
            if d.kind == "withdraw" and d.pool() > 0:
                if not self.confirm_hand:       # the tokens start in hand: ask before placing them
                    self.confirm_hand = True
                    self.say(tn("msg.withdraw_in_hand", d.pool(), tokens=d.pool()), "warn")
                    return
                for rid, n in withdraw_suggestion(self.state, self.legal).items():
                    d.counts[rid] = d.counts.get(rid, 0) + min(n, d.pool())
            self.send(d.action())

    def end_turn(self, decline: bool = False) -> None:
        """End the turn; a redeploy the player arranged is sent first."""
        d = self.draft
        s = self.state
        hold = s.players[s.turn.seat].active
        drafting = self.mode == "redeploy" and d is not None
        in_hand = (d.pool() if drafting and d is not None else hold.hand) if hold is not None else 0
        where = default_region(s, s.turn.seat, hold.race) if hold is not None and in_hand > 0 else None
        if not decline and in_hand > 0 and where is not None:
            if not self.confirm_hand:           # say where the tokens in hand will go, once
                self.confirm_hand = True
                self.say(tn("msg.end_with_hand", in_hand, tokens=in_hand,
                            region=region_name(s.board, where)), "warn")
                return
            if drafting and d is not None and where in d.counts:
                d.counts[where] += in_hand      # the draft sends them where the game would
        if self.mode == "redeploy" and d is not None and d.changed():
            a = d.action()
            why = why_illegal(self.state, a)
            if why is not None:
                self.say(why, "bad")
                return
            if not self.send(a):
                return
        self.send(EndTurn(decline=decline))


def choice_hint(s: object, legal: Sequence[object], effect: str) -> str:
    """The hint's key for a block's choice: a power or a race's ability (`_race`), borrowed from
    the column or from another player's race on the board (`_board`)."""
    chosen = [a.choice for a in legal if isinstance(a, Use) and a.effect == effect and a.choice]
    column = {cid for c in s.column for cid in (c.race, c.power)}  # type: ignore[attr-defined]
    races = s.catalog.races  # type: ignore[attr-defined]
    kind = "_race" if chosen and all(c in races for c in chosen) else ""
    where = "" if all(c in column for c in chosen) else "_board"
    return f"hint.mode.use_choice{kind}{where}"


def _use_owner(s: object, effect: str) -> tuple[str, str] | None:
    """Whose a block's own move is: ("power", id) or ("race", id) of the combo of the player
    who acts now (Active first, then In Decline), or None."""
    p = s.players[actor(s)]  # type: ignore[arg-type, attr-defined]
    cat = s.catalog  # type: ignore[attr-defined]
    for hold in ([p.active] if p.active is not None else []) + list(p.declines):
        for cid in lent_parts(hold.power):          # its badge, and a race's ability borrowed
            if any(a.name == effect for a in cat.abilities.get(cid, ())):
                return ("power" if cid in cat.powers else "race"), cid
        if any(a.name == effect for a in cat.abilities.get(hold.race, ())):
            return "race", hold.race
    return None


def use_tip(s: object, effect: str) -> str:
    """What the race or power with a block's own move does (its rules text), for the button's tooltip."""
    owner = _use_owner(s, effect)
    if owner is None:
        return ""
    text = power_text if owner[0] == "power" else race_text
    return text(s.catalog, owner[1])  # type: ignore[attr-defined]


def use_button_label(s: object, effect: str) -> str:
    """A block's move on its button: its race's or power's name, with what the move does when
    the block says it (a power with two moves: "Shepherds: spend a marker", "...: move a marker")."""
    key = f"button.use_{effect}"
    return t(key, name=use_label(s, effect)) if has(key) else use_label(s, effect)


def use_label(s: object, effect: str) -> str:
    """A block's own move is named after the race or power that has it (Marauding, Mercenary)."""
    owner = _use_owner(s, effect)
    if owner is None:
        return effect.replace("_", " ").capitalize()
    name = power_name if owner[0] == "power" else race_name
    return name(s.catalog, owner[1])  # type: ignore[attr-defined]
