"""Help at hand: the help overlay (F1 or "?"), the rules card of a race and power, and the
first-game hints.

`help_columns` writes the help in words: the turn step by step (the role of the printed player
summary sheet, in our own words), what to do in the current phase, and the rules of every race
and power in play, player by player, how each computer player at the table plays (its level's
line in `game.bots.REGISTRY`), and the legend of the board's symbols (`legend`).
`rules_lines` is the card opened by right-clicking a combo
in the column or clicking a race on a banner. `first_hint` picks the hint for a new player, shown
at the top of the log while the hints are on. `Overlay` draws a modal card with wrapped text in
one or two columns that scrolls with the mouse wheel, a close button and, for the help, the
hints switch. Everything goes through `strings.t`; nothing here changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from game.bots import REGISTRY
from game.rules import CONQUER, GAME_OVER, PICK, REDEPLOY, WITHDRAW, Decline, asked, badge_of, lent_parts

from . import legend, theme
from .rule_text import rule_sentences
from .strings import combo_name, power_text, power_title, race_name, race_text, t, tn
from .theme import Text
from .widgets import Button

Line = tuple[str, int, tuple, str]          # text, size at 1280×800, colour, weight
TURN_STEPS = [f"help.turn.s{i}" for i in range(1, 11)]
PHASES = {PICK: "pick", CONQUER: "conquer", REDEPLOY: "redeploy", WITHDRAW: "withdraw", GAME_OVER: "game_over"}


def phase_key(phase: str) -> str:
    return PHASES.get(phase, "conquer")


def help_columns(state: Any, seats: Sequence[Any] = ()) -> tuple[list[Line], list[Line]]:
    """The help's two columns: the turn step by step; the phase now, the rules in play and the
    computer players among `seats` (the table's `Seat`s)."""
    left: list[Line] = [(t("help.turn_title"), 17, theme.ACCENT, "bold")]
    for i, key in enumerate(TURN_STEPS, 1):
        left.append((f"{i}. {t(key)}", 14, theme.INK, "regular"))
        left.append(("", 3, theme.INK, "regular"))
    left.append(("", 8, theme.INK, "regular"))
    left.append((t("help.keys"), 13, theme.INK_SOFT, "regular"))
    left.append(("", 10, theme.INK, "regular"))
    left.append((t("legend.title"), 17, theme.ACCENT, "bold"))
    for pic, line in legend.lines() + legend.marker_lines(state):
        left.append((line, 13, theme.INK, f"icon:{pic}"))
    phase = phase_key(state.turn.phase)
    right: list[Line] = [(t("help.phase_title", phase=t(f"phase.{phase}")), 17, theme.ACCENT, "bold"),
                         (t(f"help.phase.{phase}"), 14, theme.INK, "regular"),
                         ("", 8, theme.INK, "regular"),
                         (t("help.in_play_title"), 17, theme.ACCENT, "bold")]
    cat = state.catalog
    any_race = False
    for p in state.players:
        holds = ([(p.active, False)] if p.active is not None else []) + [(h, True) for h in p.declines]
        if not holds:
            continue
        if any_race:
            right.append(("", 6, theme.INK, "regular"))
        any_race = True
        right.append((t("help.player_line", name=p.name), 14, theme.INK, "bold"))
        for hold, in_decline in holds:
            right += rules_lines(cat, hold.race, hold.power, in_decline, compact=True)
    if not any_race:
        right.append((t("help.in_play_none"), 14, theme.INK_SOFT, "regular"))
    right += bot_lines(seats)
    return left, right


def bot_lines(seats: Sequence[Any]) -> list[Line]:
    """The computer players at the table, each with its level and a line on how that level plays."""
    out: list[Line] = []
    for seat in seats:
        level = REGISTRY.get(seat.bot or "")
        if level is None:
            continue
        if not out:
            out += [("", 8, theme.INK, "regular"), (t("help.bots_title"), 17, theme.ACCENT, "bold")]
        out.append((f"{seat.name} · {t(level.label)}", 14, theme.INK, "bold"))
        out.append((t(level.about), 13, theme.INK, "regular"))
    return out


def rules_lines(catalog: Any, race: str, power: str | None, in_decline: bool = False,
                compact: bool = False) -> list[Line]:
    """The rules of a race and its power: names, tokens, texts (a card, or a block of the help)."""
    out: list[Line] = []
    lent = [x for x in lent_parts(power) if x != badge_of(power)]    # a race's ability borrowed
    name_power = power
    power = badge_of(power)
    r = catalog.races.get(race)
    p = catalog.powers.get(power) if power else None
    if compact:
        name = combo_name(catalog, race, name_power)
        if in_decline:
            name = t("help.decline_line", race=name)
        out.append((name, 14, theme.GOLD_DARK, "bold"))
    else:
        out.append((combo_name(catalog, race, name_power), 22, theme.ACCENT, "bold"))
        if in_decline:
            out.append((t("rules.in_decline"), 13, theme.INK_SOFT, "regular"))
    if not compact:
        out.append((tn("tip.race_line", r.tokens if r else 0, race=race_name(catalog, race), tokens=r.tokens if r else 0), 16,
                    theme.INK, "bold"))
    if race_text(catalog, race):
        out.append((race_text(catalog, race), 14 if not compact else 13, theme.INK, "regular"))
    out += _as_played(catalog, "race", race, compact)
    if power:
        if not compact:
            out.append((tn("tip.power_line", p.tokens if p else 0, power=power_title(catalog, power), tokens=p.tokens if p else 0), 16,
                        theme.INK, "bold"))
        if power_text(catalog, power):
            out.append((power_text(catalog, power), 14 if not compact else 13, theme.INK, "regular"))
        out += _as_played(catalog, "power", power, compact)
    for x in lent:                   # borrowed until the next turn: its own rules
        out.append((t("help.borrowed_line", name=race_name(catalog, x)), 14 if compact else 16, theme.INK, "bold"))
        if race_text(catalog, x):
            out.append((race_text(catalog, x), 14 if not compact else 13, theme.INK, "regular"))
        out += _as_played(catalog, "race", x, compact)
    return out


def _as_played(catalog: Any, kind: str, cid: str, compact: bool) -> list[Line]:
    """Under the author's text, the rule as the blocks make it (`rule_text`), one line each."""
    said = rule_sentences(catalog, kind, cid)
    if not said:
        return []
    size = 12 if compact else 13
    return [(t("rules.as_played"), size, theme.INK_SOFT, "bold")] + [
        ("• " + line, size, theme.INK_SOFT, "regular") for line in said]


def first_hint(state: Any, seat: int, legal: Sequence[Any], mode: str) -> str:
    """What a new player should do now, in a sentence or two ("" when there is nothing to say)."""
    phase = state.turn.phase
    if asked(state) is not None:             # a decision out of turn
        return t("first.asked")
    if phase == PICK:
        return t("first.pick")
    if phase == WITHDRAW:
        return t("first.withdraw")
    if phase == REDEPLOY or mode == "redeploy":
        return t("first.redeploy")
    if phase == CONQUER:
        hold = state.players[seat].active
        first = hold is not None and not state.regions_of(seat, hold.race)
        anywhere = first and hold is not None and any(
            ab.enters_anywhere(state, seat) for ab in state.catalog.effects_of(hold.race, hold.power))
        text = t("first.conquer_anywhere") if anywhere else t("first.conquer_first") if first else t("first.conquer")
        if Decline() in legal and not first:
            text += " " + t("first.decline")
        return text
    return ""


@dataclass
class Overlay:
    """A modal card over the game: the help (`kind` "help") or a rules card ("rules")."""

    kind: str
    columns: list[list[Line]]
    scroll: int = 0
    max_scroll: int = 0
    buttons: list[Button] = field(default_factory=list)
    box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def hit(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons if b.rect.collidepoint(pos)), None)

    def hit_id(self, bid: str) -> Button:
        """The card's button `bid` ("close", "hints"), as last drawn."""
        return next(b for b in self.buttons if b.id == bid)

    def wheel(self, dy: int, ui: float) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll - dy * round(40 * ui)))

    def layout(self, size: tuple[int, int], text: Text, ui: float, hints: bool) -> list[list[pygame.Surface]]:
        """Place the card and its buttons for a window of `size`; returns each column's lines."""
        sw, sh = size
        px = lambda v: max(1, round(v * ui))  # noqa: E731
        ncol = len(self.columns)
        w = min(sw - px(40), px(1160 if ncol > 1 else 620))
        pad = px(24)
        gap = px(28)
        col_w = (w - 2 * pad - (ncol - 1) * gap) // ncol
        rendered = [[img for s, size_, colour, weight in col for img in
                     _lines(text, s, px(size_), colour, weight, col_w)] for col in self.columns]
        content_h = max(sum(i.get_height() for i in col) for col in rendered)
        head = px(14)
        foot = px(64) if self.kind == "help" else px(40)
        h = min(sh - px(40), content_h + head + foot + pad)
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (sw // 2, sh // 2)
        view_h = h - head - foot - pad // 2
        self.max_scroll = max(0, content_h - view_h)
        self.scroll = min(self.scroll, self.max_scroll)
        b = self.box
        self.buttons = []
        label = t("help.close")
        bw = max(px(110), text.size(label, px(15), "bold")[0] + px(30))
        self.buttons.append(Button("close", label, pygame.Rect(b.right - bw - pad, b.bottom - px(52), bw, px(38)),
                                   style="primary"))
        if self.kind == "help":
            label = ("☑ " if hints else "☐ ") + t("help.hints")
            hw = text.size(label, px(15), "bold")[0] + px(30)
            self.buttons.append(Button("hints", label, pygame.Rect(b.x + pad, b.bottom - px(52), hw, px(38)),
                                       style="quiet", toggled=hints))
        return rendered

    def draw(self, surf: pygame.Surface, text: Text, ui: float, hints: bool, hover: str | None) -> None:
        px = lambda v: max(1, round(v * ui))  # noqa: E731
        rendered = self.layout(surf.get_size(), text, ui, hints)
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((10, 6, 4, 170))
        surf.blit(shade, (0, 0))
        b = self.box
        pygame.draw.rect(surf, (16, 10, 8), b.move(px(5), px(7)), border_radius=px(14))
        pygame.draw.rect(surf, theme.PANEL, b, border_radius=px(14))
        pygame.draw.rect(surf, theme.PANEL_EDGE, b, max(2, px(3)), border_radius=px(14))
        pad = px(24)
        ncol = len(rendered)
        col_w = (b.w - 2 * pad - (ncol - 1) * px(28)) // ncol
        top = b.y + px(14)
        bottom = b.bottom - (px(64) if self.kind == "help" else px(40)) - pad // 4
        clip = pygame.Rect(b.x + pad // 2, top, b.w - pad, max(0, bottom - top))
        old = surf.get_clip()
        surf.set_clip(clip)
        for k, col in enumerate(rendered):
            x = b.x + pad + k * (col_w + px(28))
            y = top - self.scroll
            for img in col:
                if y + img.get_height() >= top and y <= bottom:
                    surf.blit(img, (x, y))
                y += img.get_height()
        surf.set_clip(old)
        if self.max_scroll:                   # where the view is in the text
            track = pygame.Rect(b.right - px(12), top, px(5), clip.h)
            pygame.draw.rect(surf, theme.PANEL_DARK, track, border_radius=px(3))
            frac = clip.h / (clip.h + self.max_scroll)
            knob = pygame.Rect(track.x, track.y + int((track.h - track.h * frac) * self.scroll / self.max_scroll),
                               track.w, max(px(20), int(track.h * frac)))
            pygame.draw.rect(surf, theme.PANEL_EDGE, knob, border_radius=px(3))
        if self.kind == "rules":
            img = text.render(t("rules.close"), px(12), theme.INK_SOFT)
            surf.blit(img, (b.x + pad, b.bottom - px(33) - img.get_height() // 2))
        for btn in self.buttons:
            btn.draw(surf, text, hover == btn.id, ui)


def _lines(text: Text, s: str, size: int, colour: tuple, weight: str, width: int) -> list[pygame.Surface]:
    if weight.startswith("icon:"):
        return [_icon_line(text, s, size, colour, weight[len("icon:"):], width)]
    if not s:
        return [pygame.Surface((1, size), pygame.SRCALPHA)]
    return [text.render(part, size, colour, weight) for part in text.wrap(s, size, width, weight)]


def _icon_line(text: Text, s: str, size: int, colour: tuple, pic: str, width: int) -> pygame.Surface:
    """A legend entry: its picture at the left, the sentence wrapped beside it."""
    icon = round(size * 2.2)
    gap = max(4, size // 2)
    parts = [text.render(p, size, colour) for p in text.wrap(s, size, width - icon - gap)]
    body = sum(p.get_height() for p in parts)
    h = max(icon, body) + max(2, size // 3)
    out = pygame.Surface((width, h), pygame.SRCALPHA)
    out.blit(legend.picture(pic, icon), (0, (h - icon) // 2))
    y = (h - body) // 2
    for p in parts:
        out.blit(p, (icon + gap, y))
        y += p.get_height()
    return out
