"""Drawing the story of a finished game: the coins chart, the races and powers each player led,
the coins by source, the best turn, and the final board; and writing them to a PNG.

The ending screen (`scenes/final.py`) calls these with a `Story` from `game.story` and the table.
`export_png` draws the story page and the board page on one picture off screen and writes it
where people look for their pictures (`pictures_dir`: the Pictures folder of the system, in a
`Small World` folder of its own) under a name that is free (`story-DATE-GAME.png`, then `-2`,
`-3`...): a temporary file first, then a hard link to the final name (which fails rather than
replace a file that appeared meanwhile), so an existing picture is never overwritten and a crash
never leaves half a PNG under the real name.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pygame

from game.bots import REGISTRY
from game.rules import START_COINS
from game.story import SOURCES, Story

from . import colour_vision, theme
from .board_view import BoardPicture, BoardView
from .layout import Layout, ui_scale
from .strings import combo_name, map_title, t, tn


def seat_tag(table: Any, seat: int) -> str:
    """"Computer: hard" for a computer seat, "" for a person."""
    seats = getattr(table, "seats", [])
    bot = seats[seat].bot if seat < len(seats) else None
    if not bot:
        return ""
    level = REGISTRY.get(bot)
    return t(level.label) if level is not None else t("story.computer")


def _colours(table: Any) -> list[tuple[int, int, int]]:
    return [theme.player_colour(s.colour, i) for i, s in enumerate(table.seats)]


PAGE = theme.INK_LIGHT          # the story's cream page


def _casing(col: tuple[int, int, int]) -> tuple[int, int, int] | None:
    """A darker edge for a player colour that alone fades into the cream page (under 3:1, as
    light yellow, sky blue and orange do); the darker colours need none."""
    if colour_vision.contrast(col, PAGE) >= 3.0:
        return None
    for step in range(1, 10):
        edge = (round(col[0] * (1 - step / 10)), round(col[1] * (1 - step / 10)), round(col[2] * (1 - step / 10)))
        if colour_vision.contrast(edge, PAGE) >= 3.0:
            return edge
    return theme.INK


def _dot(surf: pygame.Surface, col: tuple[int, int, int], centre: tuple[int, int], rad: int) -> None:
    """A player's dot, with a dark rim when the colour is light."""
    edge = _casing(col)
    if edge is not None:
        pygame.draw.circle(surf, edge, centre, rad + 1)
    pygame.draw.circle(surf, col, centre, rad)


def _nice_top(v: int) -> int:
    for step in (10, 20, 25, 50, 100, 200, 500):
        if v <= step * 5:
            return max(step, -(-v // step) * step)
    return -(-v // 1000) * 1000


def draw_chart(surf: pygame.Surface, rect: pygame.Rect, app: Any, table: Any, story: Story) -> None:
    """Each player's coins after every round, one line per player in their colour."""
    ui = ui_scale(*surf.get_size())
    text = app.text
    small = round(12 * ui)
    top = _nice_top(max(max(ps.coins) for ps in story.players))
    steps = 5
    label_w = text.size(str(top), small)[0] + round(8 * ui)
    name_w = round(130 * ui)
    plot = pygame.Rect(rect.x + label_w, rect.y + round(8 * ui), rect.w - label_w - name_w,
                       rect.h - round(8 * ui) - round(26 * ui))
    pygame.draw.rect(surf, (246, 238, 218), plot)
    for k in range(steps + 1):
        y = plot.bottom - plot.h * k // steps
        pygame.draw.line(surf, (214, 200, 172), (plot.x, y), (plot.right, y), 1)
        img = text.render(str(top * k // steps), small, theme.INK_SOFT)
        surf.blit(img, (plot.x - img.get_width() - round(5 * ui), y - img.get_height() // 2))
    rounds = max(1, story.rounds)

    def px(r: int, coins: int) -> tuple[int, int]:
        return (plot.x + plot.w * r // rounds, plot.bottom - round(plot.h * coins / top))

    for r in range(rounds + 1):
        x = px(r, 0)[0]
        pygame.draw.line(surf, (214, 200, 172), (x, plot.y), (x, plot.bottom), 1)
        img = text.render(str(r), small, theme.INK_SOFT)
        surf.blit(img, (x - img.get_width() // 2, plot.bottom + round(3 * ui)))
    axis = text.render(t("story.round_axis"), small, theme.INK_SOFT, "bold")
    surf.blit(axis, axis.get_rect(midtop=(plot.centerx, plot.bottom + round(3 * ui) + img.get_height())))
    pygame.draw.rect(surf, theme.PANEL_EDGE, plot, 1)
    colours = _colours(table)
    ends: list[list[Any]] = []
    for ps in story.players:
        pts = [px(r, c) for r, c in enumerate(ps.coins)]
        col = colours[ps.seat]
        width = max(2, round(3 * ui))
        edge = _casing(col)
        if len(pts) > 1:
            if edge is not None:                        # a light line gets a darker edge right under it
                pygame.draw.lines(surf, edge, False, pts, width + 2)
            pygame.draw.lines(surf, col, False, pts, width)   # one line each, no shadow twin
        for p in pts:
            _dot(surf, col, p, width)
        ends.append([pts[-1][1], ps])
    # the names at the right end of the lines, nudged apart so they never overlap
    ends.sort(key=lambda e: e[0])
    gap = text.fonts.get(small, "bold").get_linesize()
    for i in range(1, len(ends)):
        ends[i][0] = max(ends[i][0], ends[i - 1][0] + gap)
    for y, ps in ends:
        label = f"{ps.coins[-1]}  {table.state.players[ps.seat].name}"
        label = text.fit(label, small, name_w - round(12 * ui), "bold", excerpt=True)
        img = text.render(label, small, theme.INK, "bold")
        x = plot.right + round(8 * ui)
        _dot(surf, colours[ps.seat], (x, round(y)), round(4 * ui))
        surf.blit(img, (x + round(7 * ui), round(y) - img.get_height() // 2))


def reign_lines(table: Any, story: Story, seat: int) -> list[str]:
    cat = table.state.catalog
    out = []
    for r in story.players[seat].reigns:
        n = r.active_rounds(story.rounds)
        rounds = tn("story.rounds", n, count=n)
        key = "story.reign_declined" if r.declined is not None else "story.reign"
        out.append(t(key, combo=combo_name(cat, r.race, r.power), rounds=rounds))
    return out


def draw_sources(surf: pygame.Surface, rect: pygame.Rect, app: Any, table: Any, story: Story) -> int:
    """The table of coins by source; returns the y under it."""
    ui = ui_scale(*surf.get_size())
    text = app.text
    size = round(13 * ui)
    # `other` (coins won or paid outside scoring and picks) only in games where something did
    shown = [k for k in SOURCES if k != "other" or any(ps.sources[k] for ps in story.players)]
    heads = [t(f"story.source.{k}") for k in shown] + [t("story.total")]
    col_w = max(max(text.size(h, size, "bold")[0] for h in heads) + round(10 * ui), round(64 * ui))
    name_w = rect.w - col_w * len(heads)
    if name_w < round(90 * ui):
        text.overflow(" ".join(heads))
    y = rect.y
    for i, h in enumerate(heads):
        img = text.render(h, size, theme.INK_SOFT, "bold")
        surf.blit(img, (rect.x + name_w + i * col_w + col_w - img.get_width() - round(6 * ui), y))
    y += round(22 * ui)
    colours = _colours(table)
    for ps in story.players:
        row = pygame.Rect(rect.x, y, rect.w, round(24 * ui))
        pygame.draw.rect(surf, (240, 230, 208), row, border_radius=round(5 * ui))
        _dot(surf, colours[ps.seat], (row.x + round(11 * ui), row.centery), round(6 * ui))
        name = text.fit(table.state.players[ps.seat].name, size, name_w - round(26 * ui), "bold", excerpt=True)
        img = text.render(name, size, theme.INK, "bold")
        surf.blit(img, (row.x + round(22 * ui), row.centery - img.get_height() // 2))
        values = [ps.sources[k] for k in shown] + [story.source_total(ps.seat) + START_COINS]
        for i, v in enumerate(values):
            weight = "bold" if i == len(values) - 1 else "regular"
            img = text.render(str(v), size, theme.INK if v >= 0 else theme.BAD, weight)
            surf.blit(img, (rect.x + name_w + i * col_w + col_w - img.get_width() - round(6 * ui),
                            row.centery - img.get_height() // 2))
        y = row.bottom + round(4 * ui)
    note = t("story.sources_note") + (" " + t("story.other_note") if "other" in shown else "")
    for line in text.wrap(note, round(12 * ui), rect.w):
        img = text.render(line, round(12 * ui), theme.INK_SOFT)
        surf.blit(img, (rect.x, y))
        y += img.get_height()
    return y


def draw_story_page(surf: pygame.Surface, rect: pygame.Rect, app: Any, table: Any, story: Story) -> None:
    ui = ui_scale(*surf.get_size())
    text = app.text
    title = text.render(t("story.title"), round(28 * ui), theme.ACCENT, "bold")
    surf.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + round(16 * ui))))
    pad = round(28 * ui)
    left = pygame.Rect(rect.x + pad, rect.y + round(62 * ui), rect.w * 56 // 100 - pad, 0)
    right = pygame.Rect(left.right + pad, left.y, rect.right - pad - left.right - pad, 0)
    head = round(16 * ui)
    img = text.render(t("story.chart"), head, theme.INK, "bold")
    surf.blit(img, (left.x, left.y))
    chart = pygame.Rect(left.x, left.y + round(26 * ui), left.w, round(270 * ui))
    draw_chart(surf, chart, app, table, story)
    y = chart.bottom + round(14 * ui)
    img = text.render(t("story.sources"), head, theme.INK, "bold")
    surf.blit(img, (left.x, y))
    bottom = draw_sources(surf, pygame.Rect(left.x, y + round(26 * ui), left.w, 0), app, table, story)
    if bottom > rect.bottom:
        text.overflow(t("story.sources"))
    # right: who played what, then the best turn
    img = text.render(t("story.reigns"), head, theme.INK, "bold")
    surf.blit(img, (right.x, right.y))
    y = right.y + round(28 * ui)
    colours = _colours(table)
    size = round(13 * ui)
    line_h = text.fonts.get(size).get_linesize()
    best_h = round(96 * ui)
    for ps in story.players:
        name = table.state.players[ps.seat].name
        tag = seat_tag(table, ps.seat)
        _dot(surf, colours[ps.seat], (right.x + round(8 * ui), y + round(10 * ui)), round(7 * ui))
        img = text.render(text.fit(name, round(15 * ui), right.w // 2, "bold", excerpt=True), round(15 * ui),
                          theme.INK, "bold")
        surf.blit(img, (right.x + round(22 * ui), y))
        if tag:
            small = text.render(text.fit(tag, round(12 * ui), right.w - img.get_width() - round(40 * ui)),
                                round(12 * ui), theme.INK_SOFT)
            surf.blit(small, (right.x + round(32 * ui) + img.get_width(), y + img.get_height() - small.get_height()))
        y += img.get_height() + round(2 * ui)
        for line in reign_lines(table, story, ps.seat):
            for part in text.wrap(line, size, right.w - round(22 * ui)):
                if y + line_h > rect.bottom - best_h:
                    text.overflow(part)
                    break
                surf.blit(text.render(part, size, theme.INK), (right.x + round(22 * ui), y))
                y += line_h
        y += round(8 * ui)
    best = story.best
    box = pygame.Rect(right.x, rect.bottom - best_h, right.w, best_h - round(8 * ui))
    pygame.draw.rect(surf, (250, 236, 180), box, border_radius=round(8 * ui))
    pygame.draw.rect(surf, theme.GOLD_DARK, box, max(1, round(2 * ui)), border_radius=round(8 * ui))
    img = text.render(t("story.best_title"), head, theme.ACCENT, "bold")
    surf.blit(img, (box.x + round(12 * ui), box.y + round(8 * ui)))
    if best is not None and best.coins > 0:
        combo = combo_name(table.state.catalog, best.race, best.power) if best.race else "—"
        line = tn("story.best", best.coins, name=table.state.players[best.seat].name, round=best.round,
                  combo=combo, coins=best.coins)
    else:
        line = t("story.best_none")
    yy = box.y + round(12 * ui) + img.get_height()
    for part in text.wrap(line, round(14 * ui), box.w - round(24 * ui)):
        im = text.render(part, round(14 * ui), theme.INK)
        if yy + im.get_height() > box.bottom:
            text.overflow(part)
            break
        surf.blit(im, (box.x + round(12 * ui), yy))
        yy += im.get_height()


def draw_board_page(surf: pygame.Surface, rect: pygame.Rect, app: Any, table: Any, cache: dict[str, Any]) -> None:
    """The board as the game left it, as large as the card allows."""
    ui = ui_scale(*surf.get_size())
    text = app.text
    title = text.render(t("story.board_title"), round(28 * ui), theme.ACCENT, "bold")
    surf.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + round(16 * ui))))
    md = getattr(table, "mapdata", None)
    if md is None:
        return
    area = pygame.Rect(rect.x + round(24 * ui), rect.y + round(60 * ui), rect.w - round(48 * ui),
                       rect.h - round(64 * ui))
    scale = min(area.w / md.width, area.h / md.height)
    board = pygame.Rect(0, 0, int(md.width * scale), int(md.height * scale))
    board.center = area.center
    view = cache.get("view")
    if view is None:
        view = BoardView(md.polygons, (md.width, md.height), md.image_path, app.sprites, app.text)
        cache["view"] = view
    w, h = surf.get_size()
    view.set_layout(Layout(w, h, ui, area, area, board, scale, area, area, area, area, area))
    view.draw(surf, BoardPicture(key=("final", board.size, id(table.state)), state=table.state,
                                 colours=_colours(table)))
    pygame.draw.rect(surf, theme.PANEL_EDGE, board, max(1, round(2 * ui)))


def story_picture(app: Any, table: Any, story: Story, size: tuple[int, int] = (1280, 800)) -> pygame.Surface:
    """The story page above the board page, drawn off screen for the PNG."""
    w, h = size
    band = 56
    pic = pygame.Surface((w, band + 2 * h))
    pic.fill(theme.PANEL)
    s = table.state
    names = [s.players[i].name for i in story.result.winners]
    who = t("final.winner", name=names[0]) if len(names) == 1 else t("final.winners", names=", ".join(names))
    md = getattr(table, "mapdata", None)
    line = who + (f"  ·  {map_title(md.name)}" if md is not None else "") + f"  ·  {time.strftime('%Y-%m-%d')}"
    img = app.text.render(app.text.fit(line, 22, w - 40, "bold", excerpt=True), 22, theme.INK, "bold")
    pic.blit(img, img.get_rect(center=(w // 2, band // 2 + 6)))
    top = pygame.Surface((w, h))
    top.fill(theme.PANEL)
    draw_story_page(top, top.get_rect(), app, table, story)
    pic.blit(top, (0, band))
    bottom = pygame.Surface((w, h))
    bottom.fill(theme.PANEL)
    draw_board_page(bottom, bottom.get_rect(), app, table, {})
    pic.blit(bottom, (0, band + h))
    pygame.draw.line(pic, theme.PANEL_EDGE, (0, band + h), (w, band + h), 2)
    return pic


#: the folder of the game's pictures inside the user's Pictures folder
PICTURES = "Small World"


def pictures_dir() -> Path:
    """Where the story pictures go: the user's Pictures folder as the system names it
    (`platformdirs`: XDG's `user-dirs.dirs` or `~/Pictures` on Linux, `~/Pictures` on macOS,
    the Pictures library on Windows), in a `Small World` folder of its own."""
    import platformdirs
    return Path(platformdirs.user_pictures_dir()) / PICTURES


def short_path(path: Path) -> str:
    """`path` with the home folder written as ~ (`~/Pictures/Small World/story-….png`), so that
    it fits on the message line."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def free_name(folder: Path, stem: str) -> Path:
    """`folder/stem.png`, or `stem-2.png`, `stem-3.png`... whichever does not exist yet."""
    path = folder / f"{stem}.png"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.png"
        n += 1
    return path


def export_png(app: Any, table: Any, story: Story, folder: Path) -> Path:
    """Write the story picture to a new file in `folder` and return its path; never replaces a
    file. Raises OSError / pygame.error with nothing left behind under the final name."""
    folder.mkdir(parents=True, exist_ok=True)
    seed = getattr(getattr(getattr(table, "match", None), "setup", None), "seed", 0)
    stem = f"story-{time.strftime('%Y-%m-%d')}-{seed}"
    pic = story_picture(app, table, story)
    tmp = folder / f".{stem}.{os.getpid()}.tmp.png"
    pygame.image.save(pic, str(tmp))
    try:
        while True:
            path = free_name(folder, stem)
            try:
                os.link(tmp, path)               # fails if the name was taken meanwhile
                return path
            except FileExistsError:
                continue
            except OSError:                      # a file system without hard links
                if path.exists():
                    continue
                os.replace(tmp, path)
                return path
    finally:
        if tmp.exists():
            tmp.unlink()
