"""Drawing the game screen around the board: the top bar (turn track, players), the combo
column, the acting player's banners and hand (coins only while the peek button is held), the
game log, the message line and the die; plus the tooltips' lines for regions and combos.

Functions take the game screen (`PlayView`) and read its state and UI memory; none of them changes
anything. Text goes through `strings.t`; pictures through `Sprites`.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules import PICK, Pick, actor, asked, column_marks, pick_price

from . import theme
from .layout import Layout
from .legend import marker_name, marker_what
from .playview import DIE_ROLL, REGION_POWERS, PlayView, panels_combo_rects, tip_cost_line, tip_ghoul_line
from .strings import (
    combo_name,
    feature_name,
    has,
    power_text,
    power_title,
    race_name,
    race_text,
    region_name,
    say,
    t,
    terrain_name,
    tn,
)
from .widgets import Button, marker_chip, panel, player_mark

Line = tuple[str, int, tuple, str]


def colours(scene: PlayView) -> list[tuple[int, int, int]]:
    return [theme.player_colour(s.colour, i) for i, s in enumerate(scene.table.seats)]


def name_lines(text: Any, name: str, width: int, L: Layout, sizes: tuple[int, ...] = (15, 14, 13),
               wrap_size: int = 12, weight: str = "bold") -> tuple[list[str], int]:
    """A name set in `width`: one line at the largest of `sizes` that fits, else two lines at
    `wrap_size` (long combo names in Dutch or Romanian: "Handeldrijvende Rattenmensen")."""
    for size in sizes:
        if text.size(name, L.px(size), weight)[0] <= width:
            return [name], L.px(size)
    size = L.px(wrap_size)
    lines = text.wrap(name, size, width, weight)
    if len(lines) > 2:
        lines = [lines[0], text.fit(" ".join(lines[1:]), size, width, weight)]
    return lines, size


# -- rectangles -----------------------------------------------------------------------------
def combo_rects(L: Layout) -> list[pygame.Rect]:
    return panels_combo_rects(L)


def combo_icon_rect(L: Layout, rect: pygame.Rect) -> pygame.Rect:
    """The race token drawn at the left of a combo row (a click there opens the rules card)."""
    icon = rect.h - L.px(10)
    return pygame.Rect(rect.x + L.px(5), rect.y + L.px(5), icon, icon)


def top_buttons(scene: PlayView) -> list[Button]:
    """Menu, help, full screen and the computer players' speed, at the top bar's right. When the
    players' chips would not fit beside them, Menu and Full screen show a sign instead of words
    (the words stay in their tips)."""
    full = _top_buttons(scene, False)
    L = scene.layout
    assert L is not None
    if _chip_layout(scene, _round_label_end(scene), min(b.rect.x for b in full) - L.px(10)).fits:
        return full
    return _top_buttons(scene, True)


def _top_buttons(scene: PlayView, compact: bool) -> list[Button]:
    L = scene.layout
    assert L is not None
    out = []
    size = L.px(34)
    y = L.top.centery - size // 2
    label = "☰" if compact else t("button.menu")
    w = max(size, scene.app.text.size(label, L.px(15), "bold")[0] + L.px(20))
    menu = Button("menu", label, pygame.Rect(L.top.right - w - L.px(8), y, w, size), style="quiet",
                  tip=t("button.menu") + " — " + t("tip.menu") if compact else t("tip.menu"))
    out.append(Button("help", t("button.help"), pygame.Rect(menu.rect.x - size - L.px(8), y, size, size),
                      style="quiet", tip=t("tip.help")))
    words = t("button.window") if scene.app.fullscreen else t("button.fullscreen")
    label = ("▣" if scene.app.fullscreen else "□") if compact else words
    w = max(size, scene.app.text.size(label, L.px(15), "bold")[0] + L.px(20))
    out.append(Button("fullscreen", label, pygame.Rect(out[0].rect.x - w - L.px(8), y, w, size), style="quiet",
                      tip=words + " — " + t("tip.fullscreen") if compact else t("tip.fullscreen")))
    x = out[1].rect.x - L.px(8)
    if scene.table.bots:                  # the computer players' speed: what a press does, in words ("▶" read as "play")
        keys = ("button.speed_fast_short", "button.speed_normal_short") if compact else \
            ("button.speed_fast", "button.speed_normal")
        label = t(keys[0]) if scene.fast else t(keys[1])
        words = t("button.bots_fast") if scene.fast else t("button.bots_normal")
        w = max(size, max(scene.app.text.size(t(k), L.px(15), "bold")[0] for k in keys) + L.px(20))
        out.append(Button("speed", label, pygame.Rect(x - w, y, w, size), style="quiet",
                          tip=words + " — " + t("tip.speed")))
    out.append(menu)
    return out


def peek_rect(L: Layout) -> pygame.Rect:
    p = L.player
    return pygame.Rect(p.x + L.px(14), p.bottom - L.px(44), p.w - L.px(28), L.px(34))


def panel_buttons(scene: PlayView) -> list[Button]:
    L = scene.layout
    assert L is not None
    who = actor(scene.state)
    if scene.state.game_over or scene.table.is_bot(who) or scene.viewer != who:
        return []
    return [Button("peek", t("button.peek"), peek_rect(L), style="quiet", tip=t("tip.peek"))]


#: the name sizes and faces tried, largest first, until every chip fits the top bar's one row
CHIP_FONTS = ((14, "bold"), (13, "bold"), (13, "condensed-bold"), (12, "condensed-bold"), (11, "condensed-bold"),
              (10, "condensed-bold"))


@dataclass
class Chips:
    """Where each player's chip goes in the top bar's single row: the rectangles, the name's size
    and face, the size of the race tokens, how far apart the tokens stand, and whether the
    tokens go under the name (a chip of two lines) or after it."""
    rects: list[pygame.Rect]
    size: int
    weight: str
    icon: int
    step: int
    stacked: bool
    fits: bool = True


def _round_label_end(scene: PlayView) -> int:
    """Where the chips may start when the round is told by its label alone."""
    L = scene.layout
    assert L is not None
    s = scene.state
    label = t("top.round", round=min(s.round, s.board.turns), turns=s.board.turns)
    return L.top.x + L.px(12) + scene.app.text.size(label, L.px(15), "bold")[0] + L.px(10)


def _chip_layout(scene: PlayView, left: int, right: int) -> Chips:
    """One row of chips, never two and never a cut name: the first of these that fits — name and
    tokens side by side, then the tokens under the name — each with the names in ever smaller
    or narrower letters (`CHIP_FONTS`), the In Decline tokens overlapping. Room is kept for an
    Active race and two In Decline ones from the start, so the row never moves as races
    decline."""
    L = scene.layout
    assert L is not None
    s = scene.state
    text = scene.app.text
    top = L.top
    n = len(s.players)
    gap = L.px(6)
    avail = right - left - gap * (n - 1)
    h = top.h - L.px(12)
    slots = [max(3, (1 if p.active is not None else 0) + len(p.declines)) for p in s.players]
    mark = L.px(20)
    for stacked in (False, True):
        icon = L.px(24) if not stacked else max(12, h // 2 - L.px(1))
        step = icon + L.px(2) if not stacked else round(icon * 0.7)
        for size_1280, weight in CHIP_FONTS:
            size = L.px(size_1280)
            widths = []
            for p, k in zip(s.players, slots, strict=True):
                name_w = text.size(p.name, size, weight)[0]
                tokens_w = icon + (k - 1) * step
                if stacked:
                    widths.append(L.px(6) + max(mark + name_w, tokens_w) + L.px(6))
                else:
                    widths.append(L.px(6) + mark + name_w + L.px(6) + tokens_w + L.px(6))
            if sum(widths) <= avail:
                rects, x = [], left
                for w in widths:
                    rects.append(pygame.Rect(x, top.y + L.px(6), w, h))
                    x += w + gap
                return Chips(rects, size, weight, icon, step, stacked)
    # nothing fits: the smallest letters, each chip an equal share (the name is cut, and noted)
    share = avail // max(1, n)
    rects = [pygame.Rect(left + i * (share + gap), top.y + L.px(6), share, h) for i in range(n)]
    icon = max(12, h // 2 - L.px(1))
    return Chips(rects, L.px(CHIP_FONTS[-1][0]), CHIP_FONTS[-1][1], icon, round(icon * 0.7), True, False)


# -- the top bar ------------------------------------------------------------------------------
def draw_top(scene: PlayView, surf: pygame.Surface) -> None:
    L = scene.layout
    assert L is not None
    s = scene.state
    text = scene.app.text
    top = L.top
    pygame.draw.rect(surf, (58, 44, 34), top)
    pygame.draw.line(surf, (96, 74, 52), top.bottomleft, (top.right, top.bottom - 1), max(1, L.px(2)))
    x = top.x + L.px(12)
    cy = top.centery
    label = text.render(t("top.round", round=min(s.round, s.board.turns), turns=s.board.turns), L.px(15),
                        theme.INK_LIGHT, "bold")
    surf.blit(label, (x, cy - label.get_height() // 2))
    x += label.get_width() + L.px(10)
    right = min(b.rect.x for b in top_buttons(scene)) - L.px(10)
    r = L.px(7)
    track = s.board.turns * (2 * r + L.px(4)) + L.px(12)
    chips = _chip_layout(scene, x + track, right)
    if chips.stacked or chips.size < L.px(CHIP_FONTS[0][0]):
        chips = _chip_layout(scene, x, right)          # short of room: "Round 3/8" alone tells the round
    else:
        for i in range(1, s.board.turns + 1):
            cx = x + r
            if i < s.round or s.game_over:
                pygame.draw.circle(surf, (120, 100, 80), (cx, cy), r)
            elif i == s.round:
                pygame.draw.circle(surf, theme.GOLD, (cx, cy), r + L.px(2))
                pygame.draw.circle(surf, theme.GOLD_DARK, (cx, cy), r + L.px(2), max(1, L.px(2)))
            else:
                pygame.draw.circle(surf, (90, 72, 58), (cx, cy), r, max(1, L.px(2)))
            x += 2 * r + L.px(4)
    cols = colours(scene)
    current = actor(s)
    scene.banner_hits = []
    scene.chip_boxes = list(chips.rects)
    size, weight, icon = chips.size, chips.weight, chips.icon
    for i, p in enumerate(s.players):
        box = chips.rects[i]
        is_current = i == current and not s.game_over
        fill = (92, 70, 52) if is_current else (70, 54, 42)
        pygame.draw.rect(surf, fill, box, border_radius=L.px(8))
        if is_current:
            pygame.draw.rect(surf, theme.GOLD, box, max(1, L.px(2)), border_radius=L.px(8))
        seat = scene.table.seats[i]
        line_y = box.y + L.px(3) + L.px(7) if chips.stacked else box.centery
        dot = L.px(7) if chips.stacked else max(L.px(6), min(L.px(9), box.h // 2 - L.px(2)))
        player_mark(surf, theme.player_symbol(seat.colour, i), (box.x + L.px(6) + dot, line_y), dot, cols[i])
        tx = box.x + L.px(6) + L.px(20)
        space = box.right - tx - L.px(4)
        if not chips.stacked:
            space -= icon + max(0, len(p.declines) + (1 if p.active else 0) - 1) * chips.step + L.px(6)
        name = text.fit(p.name, size, max(L.px(20), space), weight)
        img = text.render(name, size, theme.INK_LIGHT, weight)
        surf.blit(img, (tx, line_y - img.get_height() // 2))
        if chips.stacked:
            ix, iy = box.x + L.px(6), box.bottom - icon - L.px(2)
        else:
            ix, iy = tx + img.get_width() + L.px(6), box.centery - icon // 2
        if p.active is not None:
            surf.blit(scene.app.sprites.token(p.active.race, False, icon), (ix, iy))
            scene.banner_hits.append((pygame.Rect(ix, iy, icon, icon), p.active.race, p.active.power, False))
            ix += chips.step
        for hold in p.declines:
            surf.blit(scene.app.sprites.token(hold.race, True, icon), (ix, iy))
            scene.banner_hits.append((pygame.Rect(ix, iy, icon, icon), hold.race, hold.power, True))
            ix += chips.step


# -- the combo column ----------------------------------------------------------------------------
def draw_column(scene: PlayView, surf: pygame.Surface) -> None:
    L = scene.layout
    assert L is not None
    s = scene.state
    text = scene.app.text
    cat = s.catalog
    pygame.draw.rect(surf, theme.BG, L.panel)
    area = L.column.inflate(-L.px(8), -L.px(8))
    panel(surf, area, L.ui)
    title = text.render(text.fit(t("column.title"), L.px(16), area.w - L.px(20), "bold"), L.px(16), theme.ACCENT,
                        "bold")
    surf.blit(title, (area.x + L.px(10), area.y + L.px(8)))
    who = actor(s)
    picking = s.turn.phase == PICK and not scene.table.is_bot(who) and scene.viewer == who
    for i, rect in enumerate(scene.combo_rects):
        if i >= len(s.column):
            pygame.draw.rect(surf, theme.PANEL_DARK, rect, 1, border_radius=L.px(6))
            continue
        c = s.column[i]
        legal = Pick(i) in scene.legal
        hover = scene.hover_combo == i
        fill = (248, 240, 222) if hover else (240, 230, 208)
        if picking and not legal:
            fill = (222, 212, 194)
        pygame.draw.rect(surf, fill, rect, border_radius=L.px(6))
        edge = theme.GOOD if (picking and legal and hover) else theme.PANEL_EDGE
        pygame.draw.rect(surf, edge, rect, max(1, L.px(2 if hover else 1)), border_radius=L.px(6))
        icon = rect.h - L.px(10)
        surf.blit(scene.app.sprites.token(c.race, False, icon), (rect.x + L.px(5), rect.y + L.px(5)))
        badge = round(icon * 0.5)              # the power's badge on the token's lower right
        surf.blit(scene.app.sprites.power(c.power, badge), (rect.x + L.px(5) + icon - badge + L.px(4),
                                                            rect.bottom - badge - L.px(2)))
        _column_markers(scene, surf, c.race, (rect.x + L.px(5) + icon, rect.y + L.px(4)), badge)
        tx = rect.x + icon + L.px(12)
        price_w = L.px(52)
        name_w = rect.right - price_w - tx - L.px(4)
        ink = theme.INK if not (picking and not legal) else theme.INK_SOFT
        lines, size = name_lines(text, combo_name(cat, c.race, c.power), name_w, L)
        two = len(lines) > 1                      # a long name: two smaller lines, a smaller count
        y = rect.y + (L.px(2) if two else L.px(6))
        for line in lines:
            img = text.render(line, size, ink, "bold")
            surf.blit(img, (tx, y))
            y += text.fonts.get(size, "bold").get_linesize()
        tokens = cat.races[c.race].tokens + cat.powers[c.power].tokens if c.race in cat.races and \
            c.power in cat.powers else 0
        small = L.px(11 if two else 13)
        low = L.px(3 if two else 6)
        sub = text.render(tn("column.tokens", tokens, tokens=tokens), small, theme.INK_SOFT)
        surf.blit(sub, (tx, rect.bottom - sub.get_height() - low))
        sx = tx + sub.get_width() + L.px(10)
        if c.coins:
            cs = L.px(13 if two else 16)
            for k in range(min(c.coins, 4)):
                surf.blit(scene.app.sprites.coin(cs), (sx + k * L.px(7), rect.bottom - cs - low))
            more = text.render(t("column.coins_on", coins=c.coins), small, theme.GOLD_DARK, "bold")
            surf.blit(more, (sx + min(c.coins, 4) * L.px(7) + cs + L.px(2), rect.bottom - more.get_height() - low))
        price = pygame.Rect(rect.right - price_w, rect.y + L.px(6), price_w - L.px(6), rect.h - L.px(12))
        pygame.draw.rect(surf, (232, 216, 180), price, border_radius=L.px(5))
        cost = pick_price(s, i)
        label = t("column.free") if cost == 0 else t("column.price", coins=cost)
        img = text.render(label, L.px(13 if i else 12), theme.INK, "bold")
        surf.blit(img, img.get_rect(center=price.center))


def held_markers(cat: Any, hold: Any) -> list[tuple[str, int]]:
    """The markers a race and its power hold to spend (`Ability.held_markers`), by name."""
    out: list[tuple[str, int]] = []
    for ab in cat.effects_of(hold.race, hold.power):
        if getattr(ab, "held_markers", False):
            out.extend((k, n) for k, n in ab.supply(hold).items() if n > 0)
    return out


def _column_markers(scene: PlayView, surf: pygame.Surface, race: str, corner: tuple[int, int], m: int) -> None:
    """The markers lying on a combo (`column_marker`), on the race token's upper right: the
    first, with how many there are in all when more than one (on its lower left, over the
    token, clear of the combo's name)."""
    marks = column_marks(scene.state, race)
    if not marks:
        return
    total = sum(n for _, _, n in marks)
    img = scene.app.sprites.marker(marks[0][1], m)
    centre = (corner[0] - m // 2, corner[1] + m // 2 + 2)
    surf.blit(img, img.get_rect(center=centre))
    if total > 1:
        label = f"×{total}" if len({k for _, k, _ in marks}) == 1 else f"+{total - 1}"
        marker_chip(surf, scene.app.text, (centre[0] - m // 2, centre[1] + m // 2), m, label)


def _marker_tip_lines(cat: Any, marks: list[tuple[str, int]], L: Layout) -> list[Line]:
    """A tooltip line for each marker of the races and powers: its name, how many, what it does."""
    out: list[Line] = []
    for kind, count in marks:
        name = marker_name(kind) + (f" ×{count}" if count > 1 else "")
        what = marker_what(cat, kind)
        out.append((t("tip.marker", name=name, what=what) if what else name, L.px(13), theme.INK_SOFT, "regular"))
    return out


def combo_tip(scene: PlayView, i: int) -> list[Line]:
    L = scene.layout
    assert L is not None
    s = scene.state
    cat = s.catalog
    c = s.column[i]
    lines: list[Line] = [(combo_name(cat, c.race, c.power), L.px(16), theme.ACCENT, "bold")]
    rt, pt = race_text(cat, c.race), power_text(cat, c.power)
    r = cat.races.get(c.race)
    p = cat.powers.get(c.power)
    lines.append((tn("tip.race_line", r.tokens if r else 0, race=race_name(cat, c.race), tokens=r.tokens if r else 0), L.px(14),
                  theme.INK, "bold"))
    if rt:
        lines.append((rt, L.px(13), theme.INK, "regular"))
    lines.append((tn("tip.power_line", p.tokens if p else 0, power=power_title(cat, c.power), tokens=p.tokens if p else 0), L.px(14),
                  theme.INK, "bold"))
    if pt:
        lines.append((pt, L.px(13), theme.INK, "regular"))
    price = t("tip.price_free") if i == 0 else tn("tip.price", i, coins=i)
    lines.append((price + ("" if not c.coins else " " + tn("tip.coins_on", c.coins, coins=c.coins)), L.px(13),
                  theme.GOLD_DARK, "bold"))
    on_it = column_marks(s, c.race)
    if on_it:                             # markers on the combo: what they add, and the price in all
        lines.extend(_marker_tip_lines(cat, [(k, n) for _, k, n in on_it], L))
        cost = pick_price(s, i)
        lines.append((tn("tip.price_in_all", cost, coins=cost), L.px(13), theme.GOLD_DARK, "bold"))
    lines.append((t("tip.rules_click"), L.px(12), theme.INK_SOFT, "regular"))
    missing = [x for x in (c.race, c.power) if x in cat.missing]
    if missing:
        lines.append((t("tip.not_implemented"), L.px(13), theme.BAD, "bold"))
    elif s.turn.phase == PICK:
        why = None if Pick(i) in scene.legal else _why(scene, Pick(i))
        if why:
            lines.append((why, L.px(13), theme.BAD, "regular"))
    return lines


def _why(scene: PlayView, a: Any) -> str | None:
    """Why `a` is refused now, in the player's language (None when it is legal)."""
    from game.rules import why_illegal
    why = why_illegal(scene.state, a)
    return None if why is None else say(why, scene.state)


# -- the acting player's banners -----------------------------------------------------------------
PHASE_KEYS = {"pick": "phase.pick", "conquer": "phase.conquer", "redeploy": "phase.redeploy",
              "withdraw": "phase.withdraw", "game_over": "phase.game_over"}


def draw_player(scene: PlayView, surf: pygame.Surface) -> None:
    L = scene.layout
    assert L is not None
    s = scene.state
    text = scene.app.text
    cat = s.catalog
    area = L.player.inflate(-L.px(8), -L.px(4))
    panel(surf, area, L.ui)
    who = actor(s)
    p = s.players[who]
    col = colours(scene)[who]
    x, y = area.x + L.px(12), area.y + L.px(10)
    seat = scene.table.seats[who]
    player_mark(surf, theme.player_symbol(seat.colour, who), (x + L.px(8), y + L.px(10)), L.px(9), col)
    bot = scene.table.is_bot(who)
    level = f"start.kind.{seat.bot}"          # "(Computer: hard)": the level, as the start screen says it
    name = p.name + ((f" ({t(level)})" if has(level) else " " + t("player.computer")) if bot else "")
    phase = t("phase.asked") if asked(s) is not None else t(PHASE_KEYS.get(s.turn.phase, "phase.conquer"))
    ph = text.render(phase, L.px(13), theme.INK_SOFT, "bold")
    room = area.w - L.px(40)
    fonts = ((17, "bold"), (15, "bold"), (15, "condensed-bold"), (13, "condensed-bold"))
    # the name and the phase on one line in the largest letters that hold both; else the phase
    # goes under the name, never cutting either
    one = next(((L.px(sz), wt) for sz, wt in fonts if text.size(name, L.px(sz), wt)[0] + ph.get_width() + L.px(8)
                <= room), None)
    size, weight = one or next(((L.px(sz), wt) for sz, wt in fonts if text.size(name, L.px(sz), wt)[0] <= room),
                               (L.px(13), "condensed-bold"))
    img = text.render(text.fit(name, size, room, weight), size, theme.INK, weight)
    surf.blit(img, (x + L.px(22), y + (L.px(17) - size) // 2))
    if one is not None:
        surf.blit(ph, (area.right - ph.get_width() - L.px(12), y + L.px(3)))
        y += L.px(30)
    else:
        surf.blit(ph, (area.right - ph.get_width() - L.px(12), y + img.get_height()))
        y += img.get_height() + ph.get_height() + L.px(6)
    icon = L.px(34)
    rect = peek_rect(L)
    limit = rect.y - L.px(6)                 # what the panel holds ends above the coins' button
    kept = surf.get_clip()
    surf.set_clip(pygame.Rect(area.x, area.y, area.w, max(0, limit + L.px(2) - area.y)).clip(kept))
    small = L.px(24)                         # the In Decline tokens
    decline_h = small + L.px(6) if p.declines else 0
    if p.active is not None:
        surf.blit(scene.app.sprites.token(p.active.race, False, icon), (x, y))
        lines, size = name_lines(text, combo_name(cat, p.active.race, p.active.power), area.w - icon - L.px(30), L)
        ny = y
        wide = 0
        for line in lines:
            nm = text.render(line, size, theme.INK, "bold")
            surf.blit(nm, (x + icon + L.px(8), ny))
            ny += nm.get_height()
            wide = max(wide, nm.get_width())
        scene.banner_hits.append((pygame.Rect(x, y, icon + L.px(8) + wide, max(icon, ny - y)), p.active.race,
                                  p.active.power, False))
        hand = p.active.hand
        key = "player.hand"
        if scene.draft is not None and scene.draft.kind == "redeploy":
            hand, key = scene.draft.pool(), "player.to_place"
        elif s.turn.phase == "withdraw":
            wseat, wrace = s.turn.withdraw[0] if s.turn.withdraw else (who, None)
            h, _ = p.hold(wrace) if wrace else (None, False)
            hand = scene.draft.pool() if scene.draft is not None else (h.hand if h else 0)
            key = "player.to_place"
        sub = text.render(tn(key, hand, tokens=hand), L.px(13), theme.INK_SOFT)
        surf.blit(sub, (x + icon + L.px(8), ny))
        held = held_markers(cat, p.active)
        m = L.px(16)
        if held and ny + sub.get_height() + m + L.px(10) + decline_h > limit:
            _held_inline(scene, surf, held, (x + icon + L.px(16) + sub.get_width(), ny + sub.get_height() // 2),
                         area.right - L.px(8))          # short of room: beside the hand, "×2" each
            held = []
        ny += sub.get_height()
        if held:                             # markers held to spend (Fireballs, a pool's)
            mx = x + icon + L.px(8)
            for kind, n in held:
                surf.blit(scene.app.sprites.marker(kind, m), (mx, ny))
                img = text.render(tn("player.held", n, name=marker_name(kind), count=n), L.px(13), theme.INK_SOFT)
                surf.blit(img, (mx + m + L.px(3), ny + (m - img.get_height()) // 2))
                mx += m + img.get_width() + L.px(10)
            ny += m + L.px(2)
        y = max(y + icon, ny) + L.px(8)
    else:
        nm = text.render(t("player.no_active"), L.px(14), theme.INK_SOFT)
        surf.blit(nm, (x, y + icon // 2 - nm.get_height() // 2))
        y += icon + L.px(8)
    if p.declines:
        label = text.render(t("player.in_decline"), L.px(13), theme.INK_SOFT, "bold")
        surf.blit(label, (x, y + L.px(4)))
        left = x + label.get_width() + L.px(8)
        rows = _decline_rows(scene, p.declines, left, area.right - L.px(8), small)
        if y + len(rows) * (small + L.px(4)) + L.px(2) > limit:
            y = _declines_in_a_row(scene, surf, p.declines, (left, y), area.right - L.px(8), max(L.px(14),
                                   min(small, limit - y - L.px(2))))       # short of room: the tokens alone
        else:
            for row in rows:
                for h, ix, nm in row:
                    surf.blit(scene.app.sprites.token(h.race, True, small), (ix, y))
                    surf.blit(nm, (ix + small + L.px(4), y + L.px(4)))
                    scene.banner_hits.append((pygame.Rect(ix, y, small + L.px(4) + nm.get_width(), small), h.race,
                                              h.power, True))
                y += small + L.px(4)
            y += L.px(2)
    if y > limit + L.px(2):                  # what is left over is cut at the button; noted for the tests
        text.overflow(f"{p.name}: the side panel")
    if p.active is not None:                 # the rules of the Active race and power, as room allows
        size = L.px(12)
        line_h = text.fonts.get(size).get_linesize()
        room = max(0, (limit - y) // line_h)
        words = " ".join(part for part in (power_text(cat, p.active.power or ""), race_text(cat, p.active.race)) if part)
        lines = text.wrap(words, size, area.w - L.px(24)) if room > 0 else []
        if len(lines) > room > 0:
            lines = lines[:room]
            lines[-1] = text.fit(lines[-1] + " …", size, area.w - L.px(24), excerpt=True)
        for line in lines:
            surf.blit(text.render(line, size, theme.INK_SOFT), (x, y))
            y += line_h
    surf.set_clip(kept)
    # coins: only for the player whose eyes are on the screen, only while the button is held
    if s.game_over or bot or scene.viewer != who:
        msg = t("player.coins_secret")
        img = text.render(msg, L.px(13), theme.INK_SOFT)
        surf.blit(img, img.get_rect(center=rect.center))
    elif scene.pressed == "peek":
        pygame.draw.rect(surf, (250, 236, 180), rect, border_radius=L.px(8))
        pygame.draw.rect(surf, theme.GOLD_DARK, rect, max(1, L.px(2)), border_radius=L.px(8))
        cs = L.px(22)
        surf.blit(scene.app.sprites.coin(cs), (rect.x + L.px(10), rect.centery - cs // 2))
        img = text.render(tn("player.coins", p.coins, coins=p.coins), L.px(16), theme.INK, "bold")
        surf.blit(img, (rect.x + cs + L.px(18), rect.centery - img.get_height() // 2))


def _decline_rows(scene: PlayView, declines: Any, left: int, right: int,
                  small: int) -> list[list[tuple[Any, int, pygame.Surface]]]:
    """The In Decline races with their names, as many to a line as fit between `left` and
    `right`: each race's hold, where its token goes and its name."""
    L = scene.layout
    assert L is not None
    rows: list[list[tuple[Any, int, pygame.Surface]]] = [[]]
    ix = left
    for h in declines:
        nm = scene.app.text.render(race_name(scene.state.catalog, h.race), L.px(13), theme.INK)
        if ix + small + L.px(4) + nm.get_width() > right and rows[-1]:
            rows.append([])                              # no room: the next race on a new line
            ix = left
        rows[-1].append((h, ix, nm))
        ix += small + nm.get_width() + L.px(12)
    return rows


def _declines_in_a_row(scene: PlayView, surf: pygame.Surface, declines: Any, at: tuple[int, int], right: int,
                       size: int) -> int:
    """The In Decline races' tokens alone, in one row from `at` (closer together when many; the
    names are in their cards and in the top bar); returns where the row ends below."""
    L = scene.layout
    assert L is not None
    x, y = at
    n = len(declines)
    step = size + L.px(4) if n < 2 else max(size // 3, min(size + L.px(4), (right - x - size) // (n - 1)))
    for h in declines:
        surf.blit(scene.app.sprites.token(h.race, True, size), (x, y))
        scene.banner_hits.append((pygame.Rect(x, y, size, size), h.race, h.power, True))
        x += step
    return y + size + L.px(2)


def _held_inline(scene: PlayView, surf: pygame.Surface, held: list[tuple[str, int]], at: tuple[int, int],
                 right: int) -> None:
    """The markers held to spend, each as its picture and "×N", on one line from `at` (its left
    and middle) when the panel has no room for a line of their names."""
    L = scene.layout
    assert L is not None
    text = scene.app.text
    m = L.px(14)
    x, cy = at
    for kind, n in held:
        img = text.render(f"×{n}", L.px(12), theme.INK_SOFT, "bold")
        if x + m + L.px(2) + img.get_width() > right:
            text.overflow(marker_name(kind))
            return
        surf.blit(scene.app.sprites.marker(kind, m), (x, cy - m // 2))
        surf.blit(img, (x + m + L.px(2), cy - img.get_height() // 2))
        x += m + img.get_width() + L.px(8)


# -- the log -----------------------------------------------------------------------------------------
def draw_log(scene: PlayView, surf: pygame.Surface) -> None:
    L = scene.layout
    assert L is not None
    if L.log.h < L.px(40):
        return
    text = scene.app.text
    area = L.log.inflate(-L.px(8), -L.px(8))
    lesson = getattr(scene, "tutorial", None)
    if lesson is not None and lesson.active:  # the lesson's card: the bottom of the log, or the column's
        card = lesson.draw(scene, surf, L)
        if card.colliderect(area):
            area = pygame.Rect(area.x, area.y, area.w, max(0, card.y - L.px(6) - area.y))
        if area.h < L.px(40):
            return
    hint = first_hint_text(scene) if lesson is None or not lesson.active else ""
    if hint:                                  # the first-game hint sits on top of the log
        box = draw_hint(scene, surf, hint, area)
        area = pygame.Rect(area.x, box.bottom + L.px(6), area.w, max(0, area.bottom - box.bottom - L.px(6)))
        if area.h < L.px(40):
            return
    panel(surf, area, L.ui, fill=(228, 216, 190))
    title = text.render(text.fit(t("log.title"), L.px(15), area.w - L.px(20), "bold"), L.px(15), theme.ACCENT, "bold")
    surf.blit(title, (area.x + L.px(10), area.y + L.px(6)))
    top = area.y + L.px(10) + title.get_height()
    size = L.px(13)
    width = area.w - L.px(20)
    wrapped: list[str] = []
    for line in scene.log_lines[-24:]:
        parts = text.wrap(line, size, width - L.px(10))
        wrapped += [parts[0]] + ["  " + q for q in parts[1:]]
    line_h = text.fonts.get(size).get_linesize()
    room = max(0, (area.bottom - L.px(6) - top) // line_h)
    shown = wrapped[-room:] if room else []
    while len(shown) > 1 and shown[0].startswith("  "):      # no entry cut in half at the top
        shown = shown[1:]
    y = top
    for k, line in enumerate(shown):
        fade = len(shown) - 1 - k
        colour = theme.INK if fade < 3 else theme.INK_SOFT
        img = text.render(line, size, colour)
        surf.blit(img, (area.x + L.px(10), y))
        y += line_h


def first_hint_text(scene: PlayView) -> str:
    """The first-game hint for the player at the screen, or "" (hints off, a computer's turn...)."""
    from .help import first_hint
    s = scene.state
    who = actor(s)
    if not scene.app.hints or s.game_over or scene.table.is_bot(who) or scene.viewer != who:
        return ""
    return first_hint(s, who, scene.legal, scene.mode)


def hint_height(text: Any, L: Layout, hint: str, width: int) -> int:
    """How tall the hint card is for a log panel `width` wide."""
    pad = L.px(10)
    inner = width - 2 * pad
    return (pad + text.fonts.get(L.px(14), "bold").get_linesize()
            + len(text.wrap(hint, L.px(13), inner)) * text.fonts.get(L.px(13)).get_linesize()
            + len(text.wrap(t("first.how_off"), L.px(11), inner)) * text.fonts.get(L.px(11)).get_linesize() + pad)


def draw_hint(scene: PlayView, surf: pygame.Surface, hint: str, area: pygame.Rect) -> pygame.Rect:
    """The hint card at the top of `area`; returns the rectangle it took."""
    L = scene.layout
    assert L is not None
    text = scene.app.text
    pad = L.px(10)
    width = area.w - 2 * pad
    size = L.px(13)
    title = text.render(t("first.title"), L.px(14), theme.GOLD_DARK, "bold")
    lines = text.wrap(hint, size, width)
    foot = text.wrap(t("first.how_off"), L.px(11), width)
    line_h = text.fonts.get(size).get_linesize()
    foot_h = text.fonts.get(L.px(11)).get_linesize()
    h = hint_height(text, L, hint, area.w)
    if h > area.h - L.px(60):                  # the log keeps a few lines under the hint
        text.overflow(hint)
    box = pygame.Rect(area.x, area.y, area.w, min(h, area.h))
    panel(surf, box, L.ui, fill=(252, 240, 196), edge=theme.GOLD_DARK)
    y = box.y + pad // 2 + L.px(2)
    surf.blit(title, (box.x + pad, y))
    y += title.get_height()
    for line in lines:
        surf.blit(text.render(line, size, theme.INK), (box.x + pad, y))
        y += line_h
    for line in foot:
        surf.blit(text.render(line, L.px(11), theme.INK_SOFT), (box.x + pad, y))
        y += foot_h
    return box


# -- the message line -----------------------------------------------------------------------------------
KIND_COLOUR = {"bad": theme.BAD, "warn": theme.WARN, "good": theme.GOOD, "log": theme.INK_LIGHT,
               "hint": (232, 220, 196)}


def message_lines(text: Any, msg: str, L: Layout, width: int, weight: str) -> list[tuple[str, int, int]]:
    """The message line's text as (line, size, y in the bar): one line at the normal size when
    it fits, else two smaller lines above the buttons (a longer one ends with "…")."""
    size = L.px(15)
    if text.size(msg, size, weight)[0] <= width:
        return [(msg, size, L.px(10))]
    size = L.px(13)
    lines = text.wrap(msg, size, width, weight)
    if len(lines) > 2:
        lines = [lines[0], text.fit(" ".join(lines[1:]), size, width, weight)]
    step = text.fonts.get(size, weight).get_linesize()
    return [(line, size, L.px(4) + k * step) for k, line in enumerate(lines)]


def draw_bar(scene: PlayView, surf: pygame.Surface) -> None:
    L = scene.layout
    assert L is not None
    s = scene.state
    text = scene.app.text
    bar = L.bar
    pygame.draw.rect(surf, (52, 40, 32), bar)
    pygame.draw.line(surf, (96, 74, 52), bar.topleft, (bar.right, bar.top), max(1, L.px(2)))
    msg, kind = scene.message, scene.message_kind
    who = actor(s)
    if not msg:
        if scene.table.is_bot(who):
            msg, kind = t("hint.bot_playing", name=s.players[who].name), "hint"
        elif scene.mode:
            msg, kind = t(f"hint.mode.{scene.mode}"), "hint"
    if scene.draft is not None and scene.mode in ("redeploy", "withdraw", "encampments") \
            and not scene.table.is_bot(who):
        pool = scene.draft.pool()
        extra = t("bar.pool", tokens=pool) if pool >= 0 else tn("bar.pool_over", -pool, tokens=-pool)
        if scene.draft.kind == "encampments":
            extra = t("bar.pool_encampments", count=pool)
        img = text.render(extra, L.px(15), theme.GOLD, "bold")
        surf.blit(img, (bar.right - img.get_width() - L.px(14), bar.y + L.px(10)))
        width = bar.w - img.get_width() - L.px(40)
        if width < bar.w // 3:
            text.overflow(extra)
    else:
        width = bar.w - L.px(28)
    if msg:
        colour = KIND_COLOUR.get(kind, theme.INK_LIGHT)
        if kind == "bad":
            colour = (255, 140, 120)
        elif kind == "warn":
            colour = (255, 200, 100)
        elif kind == "good":
            colour = (150, 230, 150)
        weight = "bold" if kind != "hint" else "regular"
        lines = message_lines(text, msg, L, width, weight)
        for line, size, yy in lines:
            img = text.render(line, size, colour, weight)
            surf.blit(img, (bar.x + L.px(14), bar.y + yy))


# -- the die ---------------------------------------------------------------------------------------------
def draw_die(scene: PlayView, surf: pygame.Surface, now: float) -> pygame.Rect:
    L = scene.layout
    die = scene.die
    assert L is not None and die is not None
    pace = max(0.01, scene.pace())
    age = (now - die.start) / pace
    rolling = age < DIE_ROLL
    size = L.px(96)
    box = pygame.Rect(0, 0, L.px(300), L.px(190))
    box.center = L.board.center
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (20, 14, 10, 200), shade.get_rect(), border_radius=L.px(14))
    surf.blit(shade, box)
    if rolling:
        face = random.Random(int(age * 14)).choice([0, 1, 2, 3])
        img = scene.app.sprites.die(face, size)
        img = pygame.transform.rotate(img, math.sin(age * 19) * 25)
        bounce = int(abs(math.sin(age * 9)) * L.px(14))
        surf.blit(img, img.get_rect(center=(box.centerx, box.y + L.px(70) - bounce)))
    else:
        img = scene.app.sprites.die(die.face, size)
        surf.blit(img, img.get_rect(center=(box.centerx, box.y + L.px(70))))
        label = t("die.result", face=die.face)
        if die.success is True:
            label += " " + t("die.success")
        elif die.success is False:
            label += " " + t("die.failure")
        colour = (150, 230, 150) if die.success else ((255, 160, 130) if die.success is False else theme.INK_LIGHT)
        txt = scene.app.text.render(scene.app.text.fit(label, L.px(16), box.w - L.px(16), "bold"), L.px(16), colour,
                                    "bold")
        surf.blit(txt, txt.get_rect(center=(box.centerx, box.bottom - L.px(30))))
    return box


def draw_thinking(scene: PlayView, surf: pygame.Surface, now: float, name: str,
                  progress: float | None) -> pygame.Rect:
    """The cue of a computer player thinking in the background: its name, three dots that
    pulse, and a bar that fills as its thinking time runs out (a stripe that slides when the
    player does not say how far it is)."""
    L = scene.layout
    assert L is not None
    text = scene.app.text
    box = pygame.Rect(0, 0, L.px(360), L.px(64))
    box.midtop = (L.board.centerx, L.board.y + L.px(12))
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (20, 14, 10, 210), shade.get_rect(), border_radius=L.px(12))
    surf.blit(shade, box)
    label = text.fit(t("hint.bot_thinking", name=name), L.px(16), box.w - L.px(70), "bold")
    img = text.render(label, L.px(16), theme.INK_LIGHT, "bold")
    surf.blit(img, (box.x + L.px(16), box.y + L.px(10)))
    for k in range(3):                               # three dots pulsing in turn
        glow = 0.5 + 0.5 * math.sin(now * 6.0 - k * 0.9)
        colour = tuple(int(60 + (c - 60) * glow) for c in theme.GOLD)
        pygame.draw.circle(surf, colour, (box.right - L.px(46) + k * L.px(14), box.y + L.px(20)), L.px(4))
    track = pygame.Rect(box.x + L.px(16), box.bottom - L.px(20), box.w - L.px(32), L.px(8))
    pygame.draw.rect(surf, (70, 56, 42), track, border_radius=L.px(4))
    if progress is not None:
        fill = track.copy()
        fill.w = max(L.px(8), int(track.w * min(1.0, max(0.0, progress))))
    else:
        fill = pygame.Rect(0, track.y, track.w // 4, track.h)
        fill.x = track.x + int((math.sin(now * 2.5) * 0.5 + 0.5) * (track.w - fill.w))
    pygame.draw.rect(surf, theme.GOLD, fill, border_radius=L.px(4))
    return box


# -- the region tooltip ---------------------------------------------------------------------------------
def region_tip(scene: PlayView, rid: str) -> list[Line]:
    L = scene.layout
    assert L is not None
    s = scene.state
    cat = s.catalog
    reg = s.board.region(rid)
    r = s.regions[rid]
    lines: list[Line] = [(region_name(s.board, rid), L.px(16), theme.ACCENT, "bold")]
    what = terrain_name(reg.terrain)
    feats = [feature_name(f) for f in sorted(reg.features)]
    if feats:
        what += " · " + ", ".join(feats)
    lines.append((what, L.px(13), theme.INK_SOFT, "regular"))
    n = r.tokens
    d = scene.draft
    if d is not None and scene.mode in ("redeploy",) and rid in d.counts:
        n = d.counts[rid]
    if r.tokens and r.race:
        owner = s.players[r.owner].name if r.owner is not None else "?"
        key = "tip.held_decline" if r.decline else "tip.held"
        lines.append((tn(key, n, name=owner, race=race_name(cat, r.race), tokens=n), L.px(14), theme.INK,
                      "regular"))
        if d is not None and d.kind == "withdraw" and d.counts.get(rid):
            lines.append((t("tip.adding", tokens=d.counts[rid]), L.px(14), theme.GOOD, "bold"))
    elif r.lost_tribe:
        lines.append((tn("tip.lost_tribe", r.lost_tribe, tokens=r.lost_tribe), L.px(14), theme.INK, "regular"))
    else:
        lines.append((t("tip.empty"), L.px(14), theme.INK, "regular"))
    marks = [t(f"marker.{k}") for k in ("lair", "fortress", "hole", "hero", "dragon") if getattr(r, k)]
    if r.encampments:
        marks.append(tn("marker.encampments", r.encampments, count=r.encampments))
    if marks:
        lines.append((", ".join(marks), L.px(13), theme.INK_SOFT, "regular"))
    lines.extend(_marker_tip_lines(cat, sorted(getattr(r, "marks", {}).items()), L))  # the races' and powers'
    who = actor(s)
    if scene.table.is_bot(who) or s.game_over:
        return lines
    mode = scene.mode
    if mode in ("conquer", "reinforce"):
        c = tip_cost_line(scene, rid)
        if c is not None:
            colour = {"good": theme.GOOD, "warn": theme.WARN, "bad": theme.BAD}[c[1]]
            lines.append((c[0], L.px(14), colour, "bold"))
    elif mode in ("redeploy", "withdraw", "encampments") and scene.draft is not None:
        if rid in scene.draft.counts:
            lines.append((t("tip.draft_controls"), L.px(13), theme.GOOD, "regular"))
    elif mode == "abandon":
        from game.rules import Abandon
        why = _why(scene, Abandon(rid))
        lines.append((why or t("tip.abandon_ok"), L.px(14), theme.BAD if why else theme.WARN, "bold"))
    elif mode in ("ghouls", "ghouls_reinforce") or (mode == "pick" and "ghouls_reinforce" in scene.kinds()):
        c = tip_ghoul_line(scene, rid)
        if c is not None:
            colour = {"good": theme.GOOD, "warn": theme.WARN, "bad": theme.BAD}[c[1]]
            lines.append((c[0], L.px(14), colour, "bold"))
            if mode in REGION_POWERS and _why(scene, REGION_POWERS[mode](rid)) is None:
                lines.append((t(f"tip.power_ok.{mode}"), L.px(13), theme.GOOD, "regular"))
    elif mode in ("dragon", "enchant", "fortress"):
        why = _why(scene, REGION_POWERS[mode](rid))
        lines.append((why or t(f"tip.power_ok.{mode}"), L.px(14), theme.BAD if why else theme.GOOD, "bold"))
    return lines
