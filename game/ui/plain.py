"""The game screen's parts drawn plainly, for when a part's own drawing fails.

A saved game must always open: if the board, the top bar, the combo column, the side panel,
the log or the message line raises while it is drawn, the game scene draws that part here
instead, from the few facts every state has (names, rounds, token counts) in plain text and
flat shapes, and `notice` puts one line over the board saying so and where the details are.
Nothing here changes the game or the scene.
"""
from __future__ import annotations

from typing import Any

import pygame

from . import theme
from .strings import combo_name, race_name, t, tn

#: the parts of the game screen, in the order they are drawn, and the layout's rectangle of each
PARTS = ("board", "top", "column", "player", "log", "bar")


def part_rect(L: Any, part: str) -> pygame.Rect:
    return {"board": L.board_area, "top": L.top, "column": L.column, "player": L.player, "log": L.log,
            "bar": L.bar}[part]


def draw(scene: Any, surf: pygame.Surface, part: str) -> None:
    """`part` of the game screen in plain text and flat shapes, on its own background."""
    L = scene.layout
    rect = part_rect(L, part)
    pygame.draw.rect(surf, (52, 40, 32) if part in ("top", "bar", "board") else theme.PANEL, rect)
    clip = surf.get_clip()
    surf.set_clip(rect.clip(clip))
    try:
        {"board": _board, "top": _top, "column": _column, "player": _player, "log": _log, "bar": _bar}[part](
            scene, surf, rect)
    finally:
        surf.set_clip(clip)


def _lines(scene: Any, surf: pygame.Surface, rect: pygame.Rect, lines: list[str], colour: tuple[int, int, int],
           size: int = 14, title: bool = True) -> None:
    """`lines` wrapped in `rect` from its top left, the first in bold when it is a `title`,
    as many as fit."""
    L = scene.layout
    text = scene.app.text
    px = L.px(size)
    y = rect.y + L.px(8)
    for k, line in enumerate(lines):
        weight = "bold" if title and k == 0 else "regular"
        for part in text.wrap(line, px, rect.w - L.px(20), weight):
            if y + px > rect.bottom:
                return
            surf.blit(text.render(part, px, colour, weight), (rect.x + L.px(10), y))
            y += text.fonts.get(px, weight).get_linesize()


def _board(scene: Any, surf: pygame.Surface, rect: pygame.Rect) -> None:
    """The regions' outlines, each with its holder's colour and how many tokens stand there."""
    L = scene.layout
    view = scene.board_view
    s = scene.state
    text = scene.app.text
    cols = [theme.player_colour(seat.colour, i) for i, seat in enumerate(scene.table.seats)]
    for rid, poly in view.polygons.items():
        pts = [L.board_to_screen(p) for p in poly]
        r = s.regions.get(rid)
        owner = getattr(r, "owner", None)
        fill = cols[owner] if owner is not None and 0 <= owner < len(cols) else (150, 140, 110)
        pygame.draw.polygon(surf, fill, pts)
        pygame.draw.polygon(surf, (30, 24, 20), pts, max(1, L.px(2)))
        n = getattr(r, "tokens", 0) or getattr(r, "lost_tribe", 0)
        if n:
            x, y = L.board_to_screen(view.spots[rid])
            img = text.render(str(n), L.px(15), theme.INK_LIGHT, "bold")
            box = img.get_rect(center=(round(x), round(y))).inflate(L.px(8), L.px(2))
            pygame.draw.rect(surf, (30, 24, 20), box, border_radius=box.h // 2)
            surf.blit(img, img.get_rect(center=box.center))


def _top(scene: Any, surf: pygame.Surface, rect: pygame.Rect) -> None:
    s = scene.state
    round_label = t("top.round", round=min(s.round, s.board.turns), turns=s.board.turns)
    _lines(scene, surf, rect, [round_label + "   " + "  ·  ".join(p.name for p in s.players)], theme.INK_LIGHT,
           title=False)


def _column(scene: Any, surf: pygame.Surface, rect: pygame.Rect) -> None:
    """Each combo's name and price in a plain box where its row is, so a click still picks it."""
    L = scene.layout
    s = scene.state
    text = scene.app.text
    _lines(scene, surf, rect, [t("column.title")], theme.INK)
    size = L.px(14)
    for i, row in enumerate(scene.combo_rects[:len(s.column)]):
        c = s.column[i]
        price = t("column.free") if i == 0 else t("column.price", coins=i)
        pygame.draw.rect(surf, theme.PANEL_EDGE, row, 1, border_radius=L.px(4))
        line = text.fit(f"{combo_name(s.catalog, c.race, c.power)} — {price}", size, row.w - L.px(16), excerpt=True)
        img = text.render(line, size, theme.INK)
        surf.blit(img, (row.x + L.px(8), row.centery - img.get_height() // 2))


def _player(scene: Any, surf: pygame.Surface, rect: pygame.Rect) -> None:
    from game.rules import actor
    s = scene.state
    p = s.players[actor(s)]
    cat = s.catalog
    lines = [p.name]
    if p.active is not None:
        lines.append(combo_name(cat, p.active.race, p.active.power) + " — "
                     + tn("player.hand", p.active.hand, tokens=p.active.hand))
    else:
        lines.append(t("player.no_active"))
    if p.declines:
        lines.append(t("player.in_decline") + " " + ", ".join(race_name(cat, h.race) for h in p.declines))
    _lines(scene, surf, rect, lines, theme.INK)


def _log(scene: Any, surf: pygame.Surface, rect: pygame.Rect) -> None:
    _lines(scene, surf, rect, [t("log.title")] + list(scene.log_lines[-8:]), theme.INK)


def _bar(scene: Any, surf: pygame.Surface, rect: pygame.Rect) -> None:
    _lines(scene, surf, rect, [scene.message] if scene.message else [], theme.INK_LIGHT, title=False)


def notice(scene: Any, surf: pygame.Surface, path: str) -> pygame.Rect:
    """The line over the top of the board that says part of the screen is drawn plainly, and
    where the details are (on a small window the path may take a second and third line)."""
    L = scene.layout
    text = scene.app.text
    area = L.board_area
    size = L.px(13)
    lines = text.wrap(t("error.drawn_plainly", path=path), size, area.w - L.px(24), "bold")[:3]
    step = text.fonts.get(size, "bold").get_linesize()
    box = pygame.Rect(area.x + L.px(6), area.y + L.px(4), area.w - L.px(12), len(lines) * step + L.px(8))
    pygame.draw.rect(surf, (255, 214, 120), box, border_radius=L.px(6))
    pygame.draw.rect(surf, theme.GOLD_DARK, box, max(1, L.px(2)), border_radius=L.px(6))
    for k, line in enumerate(lines):
        surf.blit(text.render(line, size, (40, 20, 10), "bold"), (box.x + L.px(6), box.y + L.px(4) + k * step))
    return box
