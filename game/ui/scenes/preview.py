"""The map preview: a map file drawn the way the game draws it, read again whenever it is saved.

`PreviewScene` is the map author's window beside Tiled. It reads the file with the checker's own
reader (`inspect_map`), sets up the opening position (Lost Tribes and mountain markers, as a game
starts) and draws it with the game's `BoardView` (region names and feature icons as in a game);
over it go each region's terrain beside its name (and its id when the name does not give it), a line between
every pair of neighbours, and the checker's errors and warnings, numbered
on the map where they happen and listed in the side panel. Every half second it looks at the
file's (and the picture's) modification time and reads it again when either changed. A version
with errors is drawn as far as it could be read (each region in its terrain colour with its id,
the errors numbered where they are) instead of the game's drawing, which needs a playable board.
Each reading is also reported as one line on standard output (then its errors, warnings and
notes), so a terminal (or Tiled's console) follows along.
Keys: A shows or hides the adjacency lines, P the picture, Esc or Q closes. `run_preview` opens
the window on it.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import TextIO

import pygame

from game.content import geometry
from game.content.catalog import default_catalog
from game.content.tmx import MapData, MapReport, MapSketch, inspect_map
from game.rules import GameState, Reason, new_game

from .. import theme
from ..app import App, Options, Scene
from ..board_view import BoardPicture, BoardView
from ..layout import Layout, compute
from ..strings import say, t, tn

POLL_SECONDS = 0.5
TERRAIN_COLOURS: dict[str, tuple[int, int, int]] = {
    "farmland": (214, 196, 112), "forest": (74, 128, 70), "hill": (160, 176, 96),
    "mountain": (150, 140, 132), "swamp": (104, 120, 92), "sea": (64, 112, 170), "lake": (96, 152, 200),
}
LINE = (255, 250, 235)
LINE_EDGE = (30, 24, 20)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _count(n: int, word: str) -> str:
    """`1 error`, `2 errors`: the terminal lines are English, as the checker's are."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _names(problem: Reason) -> set[str]:
    """Every region id a problem names (an overlap names two)."""
    found: set[str] = set()
    todo: list[Reason] = [problem]
    while todo:
        r = todo.pop()
        if r.key == "map_object_label" and r.params.get("name"):
            found.add(str(r.params["name"]))
        todo.extend(v for v in r.params.values() if isinstance(v, Reason))
    return found


def _where(problem: Reason) -> tuple[str | None, tuple[float, float] | None]:
    """The region id a problem names (if any) and the map point it gives (if any)."""
    point = None
    if "x" in problem.params and "y" in problem.params:
        try:
            point = (float(problem.params["x"]), float(problem.params["y"]))
        except (TypeError, ValueError):
            point = None
    todo: list[Reason] = [problem]
    while todo:
        r = todo.pop()
        if r.key == "map_object_label":
            return str(r.params.get("name") or "") or None, point
        todo.extend(v for v in r.params.values() if isinstance(v, Reason))
    return None, point


class PreviewScene(Scene):
    def __init__(self, app: App, path: Path, out: TextIO | None = None,
                 screenshot: Path | None = None) -> None:
        super().__init__(app)
        self.path = path
        self.out = out
        self.screenshot = screenshot
        self.report: MapReport | None = None
        self.data: MapData | None = None          # the last version that loaded
        self.state: GameState | None = None
        self.view: BoardView | None = None
        self.layout: Layout | None = None
        self.sketch: MapSketch | None = None      # the version with errors, drawn as read
        self._sketch_pic: tuple[tuple[int, int, bool], pygame.Surface] | None = None
        self.stamps: tuple[object, object] = (None, None)
        self.next_poll = 0.0
        self.loaded_at = ""
        self.loads = 0
        self.lines = True
        self.picture = True
        self._shot_pending = False
        self.load()

    # -- reading the file --------------------------------------------------------------------------
    def _stamps(self) -> tuple[object, object]:
        image = self.data.image_path if self.data is not None else None
        if self.sketch is not None:
            image = self.sketch.image_path
        return _stamp(self.path), _stamp(image) if image is not None else None

    def load(self) -> None:
        report = inspect_map(self.path)
        self.report = report
        self.sketch = None
        if report.data is not None:
            self.data = report.data
            names = ["a", "b", "c", "d", "e"][: max(2, report.data.players or 2)]
            self.state = new_game(report.data.board, names, default_catalog(), random.Random(0))
            self.view = None
        elif report.sketch is not None and report.sketch.polygons:
            self.sketch = report.sketch
            self._sketch_pic = None
        self.stamps = self._stamps()
        self.loads += 1
        self.loaded_at = time.strftime("%H:%M:%S")
        self._shot_pending = self.screenshot is not None
        if self.out is not None:
            regions = (_count(len(report.data.board.regions), "region") if report.data
                       else "not loaded" if self.sketch is None
                       else f"not playable, {_count(len(self.sketch.polygons), 'region')} drawn as read")
            print(f"preview {self.loads}: {self.path}: {regions}, {_count(len(report.errors), 'error')}, "
                  f"{_count(len(report.warnings), 'warning')}", file=self.out, flush=True)
            for line in report.errors:
                print(f"error: {line}", file=self.out, flush=True)
            for line in report.warnings:
                print(f"warning: {line}", file=self.out, flush=True)
            for line in report.skipped:
                print(f"note: {line}", file=self.out, flush=True)
        self.resize()
        self.app.dirty()

    def wake_in(self, now: float) -> float | None:
        return max(0.0, self.next_poll - now)

    def update(self, now: float) -> None:
        if now < self.next_poll:
            return
        self.next_poll = now + POLL_SECONDS
        if self._stamps() != self.stamps:
            self.load()

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type != pygame.KEYDOWN:
            return
        if ev.key in (pygame.K_ESCAPE, pygame.K_q):
            self.app.quit()
        elif ev.key == pygame.K_a:
            self.lines = not self.lines
            self.app.dirty()
        elif ev.key == pygame.K_p:
            self.picture = not self.picture
            self.view = None
            self.resize()
            self.app.dirty()

    # -- drawing -------------------------------------------------------------------------------------
    def resize(self) -> None:
        if self.sketch is not None:
            w, h = self.app.size()
            self.layout = compute(w, h, self.sketch.width, self.sketch.height)
            return
        if self.data is None:
            return
        w, h = self.app.size()
        self.layout = compute(w, h, self.data.width, self.data.height)
        if self.view is None:
            image = self.data.image_path if self.picture and self.data.image_path is not None else None
            view = BoardView(self.data.polygons, (self.data.width, self.data.height), image,
                             self.app.sprites, self.app.text, self.data.board.regions)
            if view.image is None:
                view.image = self._terrain_picture(self.data)
            self.view = view
        self.view.set_layout(self.layout)

    def _terrain_picture(self, data: MapData) -> pygame.Surface:
        """The regions in flat terrain colours, for a map without (or with its picture hidden)."""
        surf = pygame.Surface((data.width, data.height))
        surf.fill((40, 36, 34))
        for region in data.board.regions:
            poly = data.polygons[region.id]
            pygame.draw.polygon(surf, TERRAIN_COLOURS.get(region.terrain, (180, 180, 180)), poly)
            pygame.draw.polygon(surf, (40, 30, 24), poly, 3)
        return surf

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(theme.BG)
        if self.sketch is not None and self.layout is not None:
            self._draw_sketch(surf, self.sketch, self.layout)
        elif self.data is None or self.view is None or self.layout is None or self.state is None:
            self._draw_unloaded(surf)
        else:
            lay = self.layout
            self.view.draw(surf, BoardPicture(key=("preview", self.loads, self.picture), state=self.state))
            if self.lines:
                self._draw_adjacency(surf)
            self._draw_labels(surf)
            self._draw_markers(surf)
            self._draw_top(surf, lay)
            self._draw_panel(surf, lay.panel, lay.px)
            self._draw_bar(surf, lay)
        if self._shot_pending and self.screenshot is not None:
            self._shot_pending = False
            pygame.image.save(surf, str(self.screenshot))

    def _draw_sketch(self, surf: pygame.Surface, sketch: MapSketch, lay: Layout) -> None:
        """A map with errors as far as it could be read: regions in terrain colours (or over the
        picture), each with its id, and the errors numbered where they are."""
        key = (lay.board.w, lay.board.h, self.picture)
        if self._sketch_pic is None or self._sketch_pic[0] != key:
            pic = pygame.Surface(lay.board.size)
            pic.fill((40, 36, 34))
            picture = None
            if self.picture and sketch.image_path is not None:
                try:
                    picture = pygame.transform.smoothscale(pygame.image.load(str(sketch.image_path)),
                                                           lay.board.size)
                except (pygame.error, OSError):
                    picture = None
            if picture is not None:
                pic.blit(picture, (0, 0))
            shapes = {rid: [(x * lay.scale, y * lay.scale) for x, y in poly]
                      for rid, poly in sketch.polygons.items()}
            if picture is None:         # every fill first, so no region hides another's outline
                for rid, points in shapes.items():
                    colour = TERRAIN_COLOURS.get(sketch.terrains.get(rid, ""), (180, 180, 180))
                    pygame.draw.polygon(pic, colour, points)
            named = {rid for kind, problem in self._problems() if kind == "error" for rid in _names(problem)}
            for rid, points in sorted(shapes.items(), key=lambda item: item[0] in named):
                bad = rid in named          # a region named in an error is outlined red, on top
                pygame.draw.polygon(pic, theme.BAD if bad else (40, 30, 24), points,
                                    max(1, lay.px(3 if bad else 2)))
            self._sketch_pic = (key, pic)
        surf.blit(self._sketch_pic[1], lay.board.topleft)
        spots = {rid: lay.board_to_screen(geometry.interior_point(poly, 2.0))
                 for rid, poly in sketch.polygons.items()}
        small = lay.px(12)
        placed: list[pygame.Rect] = []
        for rid, (x, y) in spots.items():
            words = f"{rid} · {sketch.terrains.get(rid) or '?'}"
            img = self.app.text.render(words, small, theme.INK)
            box = img.get_rect(center=(round(x), round(y) + lay.px(16))).inflate(6, 0)
            box.clamp_ip(lay.board)
            while box.collidelist(placed) != -1 and box.bottom < lay.board.bottom:
                box.y += box.h + 1          # a region drawn inside another: its label goes below
            placed.append(box)
            pygame.draw.rect(surf, theme.PANEL, box, border_radius=3)
            surf.blit(img, img.get_rect(center=box.center))
        self._mark_problems(surf, lay, {rid: (round(x), round(y)) for rid, (x, y) in spots.items()})
        title = f"{sketch.name} — {self.path}"
        img = self.app.text.render(self.app.text.fit(title, lay.px(20), lay.top.w - lay.px(24)), lay.px(20),
                                   theme.GOLD, "bold")
        surf.blit(img, img.get_rect(midleft=(lay.top.x + lay.px(12), lay.top.centery)))
        self._draw_panel(surf, lay.panel, lay.px)
        lines = [(t("preview.broken", time=self.loaded_at), theme.WARN), (t("preview.keys"), (200, 190, 170))]
        y = lay.bar.y + lay.px(8)
        for line, colour in lines:
            img = self.app.text.render(self.app.text.fit(line, lay.px(15), lay.bar.w - lay.px(24)), lay.px(15),
                                       colour)
            surf.blit(img, (lay.bar.x + lay.px(12), y))
            y += img.get_height() + lay.px(3)

    def _draw_unloaded(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        px = lambda v: max(1, round(v * min(w / 1280, h / 800)))  # noqa: E731
        panel = pygame.Rect(px(60), px(60), w - px(120), h - px(120))
        self._draw_panel(surf, panel, px)

    def _draw_adjacency(self, surf: pygame.Surface) -> None:
        assert self.view is not None and self.data is not None and self.layout is not None
        width = self.layout.px(2)
        board = self.data.board
        overlay = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for a in sorted(board.adjacency):
            for b in sorted(board.adjacency[a]):
                if a < b:
                    pa, pb = self.view.spot(a), self.view.spot(b)
                    pygame.draw.line(overlay, LINE_EDGE + (150,), pa, pb, width + 2)
                    pygame.draw.line(overlay, LINE + (210,), pa, pb, width)
        surf.blit(overlay, (0, 0))

    def _draw_labels(self, surf: pygame.Surface) -> None:
        """Each region's terrain (and id) in small type beside the name plate the game draws."""
        assert self.view is not None and self.data is not None and self.layout is not None
        text = self.app.text
        small = self.layout.px(11)
        ox, oy = self.layout.board.topleft
        for region in self.data.board.regions:
            plan = self.view.plans.get(region.id)
            words = region.terrain if region.id == (region.name or region.id).lower() else \
                f"{region.terrain} · {region.id}"
            img = text.render(words, small, theme.INK)
            if plan is not None:        # beside the name plate, clear of the stack and the icons
                box = img.get_rect(midleft=(ox + plan.name.right + 3, oy + plan.name.centery)).inflate(6, 0)
                if box.right > self.layout.board.right:             # no room on the right: left
                    box.midright = (ox + plan.name.left - 3, oy + plan.name.centery)
            else:
                box = img.get_rect(midtop=self.view.spot(region.id)).inflate(6, 0)
            box.clamp_ip(self.layout.board)
            pygame.draw.rect(surf, theme.PANEL, box, border_radius=3)
            pygame.draw.rect(surf, theme.PANEL_EDGE, box, 1, border_radius=3)
            surf.blit(img, img.get_rect(center=box.center))

    def _problems(self) -> list[tuple[str, Reason]]:
        if self.report is None:
            return []
        return [("error", p) for p in self.report.errors] + [("warning", p) for p in self.report.warnings]

    def _draw_markers(self, surf: pygame.Surface) -> None:
        assert self.view is not None and self.layout is not None and self.data is not None
        self._mark_problems(surf, self.layout, {rid: self.view.spot(rid) for rid in self.view.spots})

    def _mark_problems(self, surf: pygame.Surface, lay: Layout, spots: dict[str, tuple[int, int]]) -> None:
        """Each problem's number at the point it gives, or on the region it names."""
        r = lay.px(11)
        for n, (kind, problem) in enumerate(self._problems(), start=1):
            rid, point = _where(problem)
            if point is not None:
                at = lay.board_to_screen(point)
                pos = round(at[0]), round(at[1])
            elif rid is not None and rid in spots:
                pos = spots[rid]
            else:
                continue
            colour = theme.BAD if kind == "error" else theme.WARN
            pygame.draw.circle(surf, (20, 14, 10), pos, r + 2)
            pygame.draw.circle(surf, colour, pos, r)
            num = self.app.text.render(str(n), lay.px(12), theme.INK_LIGHT, "bold")
            surf.blit(num, num.get_rect(center=pos))

    def _draw_top(self, surf: pygame.Surface, lay: Layout) -> None:
        assert self.data is not None
        title = f"{self.data.name} — {self.path}"
        img = self.app.text.render(self.app.text.fit(title, lay.px(20), lay.top.w - lay.px(24)), lay.px(20),
                                   theme.GOLD, "bold")
        surf.blit(img, img.get_rect(midleft=(lay.top.x + lay.px(12), lay.top.centery)))

    def _draw_bar(self, surf: pygame.Surface, lay: Layout) -> None:
        assert self.data is not None
        board = self.data.board
        stale = self.report is not None and self.report.data is None
        first = (t("preview.summary", regions=len(board.regions), pairs=board.pair_count(), turns=board.turns)
                 + (t("preview.for_players", players=self.data.players) if self.data.players else ""))
        lines = [(first, theme.INK_LIGHT),
                 (t("preview.stale" if stale else "preview.fresh", time=self.loaded_at),
                  theme.WARN if stale else (200, 190, 170)),
                 (t("preview.keys"), (200, 190, 170))]
        y = lay.bar.y + lay.px(8)
        for line, colour in lines:
            img = self.app.text.render(self.app.text.fit(line, lay.px(15), lay.bar.w - lay.px(24)), lay.px(15),
                                       colour)
            surf.blit(img, (lay.bar.x + lay.px(12), y))
            y += img.get_height() + lay.px(3)

    def _draw_panel(self, surf: pygame.Surface, panel: pygame.Rect, px) -> None:  # type: ignore[no-untyped-def]
        text = self.app.text
        pygame.draw.rect(surf, theme.PANEL, panel)
        x, y, w = panel.x + px(14), panel.y + px(14), panel.w - px(28)
        problems = self._problems()
        errors = sum(1 for kind, _ in problems if kind == "error")
        warnings = len(problems) - errors
        head = (t("preview.no_problems") if not problems else
                t("preview.problems", errors=tn("preview.errors", errors, count=errors),
                  warnings=tn("preview.warnings", warnings, count=warnings)))
        img = text.render(head, px(18), theme.GOOD if not problems else theme.ACCENT, "bold")
        surf.blit(img, (x, y))
        y += img.get_height() + px(10)
        shown = str(self.path)
        for n, (kind, problem) in enumerate(problems, start=1):
            line = say(problem)
            for lead in (shown + ": ", shown + " : "):         # French puts a space before the colon
                if line.startswith(lead):
                    line = line[len(lead):]
            colour = theme.BAD if kind == "error" else theme.WARN
            for k, part in enumerate(text.wrap(f"{n}. {line}", px(14), w)):
                if y > panel.bottom - px(24):
                    more = text.render("…", px(14), theme.INK_SOFT)
                    surf.blit(more, (x, y))
                    return
                img = text.render(part, px(14), colour if k == 0 else theme.INK)
                surf.blit(img, (x + (0 if k == 0 else px(14)), y))
                y += img.get_height() + px(1)
            y += px(6)


def run_preview(path: str | Path, out: TextIO | None = None, screenshot: str | Path | None = None,
                size: tuple[int, int] = (1280, 800)) -> int:
    """Open the preview window on the map at `path` until it is closed; exit code 0."""
    app = App(Options(), size=size)
    pygame.display.set_caption(t("preview.caption", name=Path(path).name))
    app.switch(PreviewScene(app, Path(path), out if out is not None else sys.stdout,
                            Path(screenshot) if screenshot else None))
    app.run()
    return 0
