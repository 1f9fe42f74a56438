"""Driving the window as a player would, without a screen: for the tests and the bench.

`Driver` opens the app (set SDL_VIDEODRIVER=dummy before importing pygame for a headless run),
posts real mouse events to pygame's queue (motion, press, release at window points) and lets
the app handle them with `App.tick`, exactly as in play. Points come from the layout: a
region's token spot scaled to the window, a button's rectangle. It also saves screenshots.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pygame

from .app import Options
from .playview import PlayView


class Driver:
    def __init__(self, options: Options, size: tuple[int, int] = (1280, 800)) -> None:
        from .scenes import open_app
        self.app = open_app(options, size=size)

    @property
    def scene(self) -> Any:
        return self.app.scene

    @property
    def card(self) -> Any:
        """The help or rules card on show over the table (`help.Overlay`), or None."""
        from .scenes.cover import CardScene
        return self.scene.overlay if isinstance(self.scene, CardScene) else None

    def pump(self, ticks: int = 1) -> None:
        for _ in range(ticks):
            self.app.tick(block=False)

    def settle(self, limit: float = 20.0) -> None:
        """Tick (sleeping as the app would) until the scene has nothing scheduled: animations,
        a computer player's next step; at most `limit` seconds."""
        import time
        end = time.monotonic() + limit
        self.app.tick(block=False)
        while time.monotonic() < end:
            wake = self.app.scene.pending_in(self.app.clock()) if self.app.scene else None
            if wake is None:
                return
            self.app.tick(block=True)

    def move(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.pump()

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.pump()

    def drag(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        self.pump()

    def press_button(self, bid: str) -> None:
        b = self.scene.button(bid)
        if b is None:
            raise LookupError(f"no button {bid!r} on {type(self.scene).__name__}; "
                              f"buttons: {[x.id for x in self.scene.buttons]}")
        self.click(b.rect.center)

    def end_turn(self) -> None:
        """Press "End turn"; when it asks about tokens still in hand, press it again."""
        scene = self.scene
        self.press_button("end_turn")
        if self.scene is scene and isinstance(scene, PlayView) and scene.confirm_hand and scene.button("end_turn") is not None:
            self.press_button("end_turn")

    def hold(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.pump()

    def release(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.pump()

    def type_text(self, s: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
        self.pump()

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        self.pump()

    def screenshot(self, path: str | Path) -> Path:
        self.app.dirty()
        self.pump()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.app.screen, str(path))
        return path

    def region_point(self, rid: str) -> tuple[int, int]:
        """A window point inside region `rid`: its token spot, from the polygon and the layout."""
        return self.scene.board_view.click_point(rid)

    def close(self) -> None:
        from .scenes.phones import close_phones
        close_phones(self.app)
        self.app.audio.close()
        pygame.display.quit()


def scripted_step(d: Driver) -> str:
    """One plain move by whoever must act, through the mouse: lift a curtain, place tokens got back,
    pick the first playable combo, conquer the cheapest region (an opponent's stack first), else end
    the turn; a decision out of turn is made by clicking the first region offered. Returns what
    it did ("pass", "asked", "withdraw", "pick", "conquer", "end_turn", "final")."""
    from game.rules import PICK, WITHDRAW, Conquer, Pick, Use, asked, cost_of

    from .scenes.curtain import PassScene
    from .scenes.final import FinalScene

    scene = d.scene
    if isinstance(scene, FinalScene):
        return "final"
    if isinstance(scene, PassScene):
        d.press_button("ready")
        return "pass"
    s = scene.state
    if scene.table.is_bot(scene.table.actor()) or scene.die is not None:
        d.settle()
        return "bot"
    if asked(s) is not None:                    # a decision out of turn: the first region offered
        first = next((a for a in scene.legal if isinstance(a, Use)), None)
        if first is not None and first.region:
            d.click(d.region_point(first.region))
        elif first is not None:
            d.press_button(f"use:{first.effect}")
        return "asked"
    if s.turn.phase == WITHDRAW:
        d.press_button("place")                 # the tokens start in hand: it asks first...
        if d.scene is scene and scene.state.turn.phase == WITHDRAW:
            d.press_button("place")             # ...and places them as the game suggests
        return "withdraw"
    if s.turn.phase == PICK:
        cat = s.catalog
        for a in scene.legal:
            if isinstance(a, Pick):
                c = s.column[a.index]
                if c.race not in cat.missing and c.power not in cat.missing:
                    d.click(scene.combo_rects[a.index].center)
                    return "pick"
        d.end_turn()
        return "end_turn"
    seat = s.turn.seat
    options = [a.region for a in scene.legal if isinstance(a, Conquer)] if scene.mode == "conquer" else []
    if options:
        attacks = [r for r in options if s.regions[r].owner not in (None, seat) and s.regions[r].tokens >= 2]
        target = min(attacks or options, key=lambda r: (cost_of(s, seat, r).total, r))
        d.click(d.region_point(target))
        return "conquer"
    final = [a.region for a in scene.legal if a.kind == "reinforce"] if scene.mode == "conquer" else []
    if final and s.round % 2 == 0:
        d.click(d.region_point(final[0]))        # asks "roll the die for N more?"...
        d.click(d.region_point(final[0]))        # ...and a second click rolls it
        d.settle()
        return "reinforce"
    d.end_turn()
    return "end_turn"


def play_until(d: Driver, done: Callable[[], bool], limit: int = 3000) -> None:
    """Play plain moves (`scripted_step`) until `done()` is true; an AssertionError when the game
    ends or `limit` steps pass first."""
    for _ in range(limit):
        if done():
            return
        if scripted_step(d) == "final":
            break
    if not done():
        raise AssertionError("the condition was never met")
