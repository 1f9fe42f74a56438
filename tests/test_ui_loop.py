"""The window's loop costs nothing when nothing happens: a sleeping window wakes for an event at
once, sleeps to the scene's wake-up otherwise, draws no frame for nothing, and on X11 shows
frames through plain shared-memory images rather than a whole-window OpenGL texture."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import app as app_module  # noqa: E402
from game.ui.app import App, Options, Scene  # noqa: E402


class _Quiet(Scene):
    def __init__(self, app: App, wake: float | None) -> None:
        super().__init__(app)
        self.wake = wake
        self.seen: list[int] = []

    def wake_in(self, now: float) -> float | None:
        return self.wake

    def handle(self, ev: pygame.event.Event) -> None:
        self.seen.append(ev.type)

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        return []


def _app(wake: float | None) -> tuple[App, _Quiet]:
    app = App(Options(pace=0, catch_errors=False))
    scene = _Quiet(app, wake)
    app.switch(scene)
    app.tick(block=False)
    return app, scene


def test_an_idle_window_sleeps_until_the_scene_wants_it_and_draws_nothing() -> None:
    app, scene = _app(0.12)
    frames = app.frames
    c0, w0 = time.process_time(), time.perf_counter()
    app.tick(block=True)
    wall = time.perf_counter() - w0
    assert 0.1 <= wall < 0.6, f"slept {wall:.3f} s for a wake-up in 0.12 s"
    assert app.frames == frames, "a frame was drawn with nothing changed"
    assert time.process_time() - c0 < wall * 0.5, "the window spun instead of sleeping"


def test_an_event_wakes_a_sleeping_window_at_once() -> None:
    app, scene = _app(None)
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, code=7))
    w0 = time.perf_counter()
    app.tick(block=True)
    assert time.perf_counter() - w0 < 0.5, "a waiting event did not end the sleep"
    assert pygame.USEREVENT in scene.seen


@pytest.mark.parametrize("driver, wanted", [("x11", "0"), ("wayland", None), ("windows", None)])
def test_frames_go_through_x11_images_only_on_x11(monkeypatch: pytest.MonkeyPatch, driver: str,
                                                  wanted: str | None) -> None:
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    app_module._plain_framebuffer()
    assert os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == wanted


def test_a_players_own_framebuffer_choice_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    app_module._plain_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
