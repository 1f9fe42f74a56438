"""The window and its loop: a stack of scenes, the top one shown, drawn only when something changed.

`App` opens the (resizable) window, owns the shared fonts, text cache and sprites, and runs a
stack of `Scene`s: `switch` starts afresh with one scene, `push` lays one over the top (the help,
the menu, a rules card or the hand-over curtain over the table; the sound panel, the expansions
chooser or a notice over the start screen), `pop` takes it away and `replace` swaps the top. Only the
top scene gets events and `update`; the one it covers is told (`covered`, `uncovered`) and holds
still meanwhile, so a computer player waits while the family reads the help. The loop sleeps in `pygame.event.wait` until an event arrives or the scene asks
to be woken (an animation frame, a computer player's next step), so an idle window costs almost
no CPU; a frame is drawn only after `App.dirty()`. Scenes get the app and the things they show
passed in (a `Table` for a game); there is no global session. An unexpected error is written to
`error.log` beside the autosave and shown as a notice rather than a traceback (tests turn that
off to see the error).
"""
from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game.saves import data_dir  # noqa: E402

from . import settings  # noqa: E402
from .art import Sprites  # noqa: E402
from .icon import WINDOW_CLASS, window_icon  # noqa: E402
from .sound import Sound  # noqa: E402
from .strings import set_language, t  # noqa: E402
from .theme import Fonts, Text  # noqa: E402

DEFAULT_SIZE = (1280, 800)
#: animation speed settings and the pace each gives (1 normal; "off" leaves a blink, so a
#: computer player still thinks in the background)
ANIMATION: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.05}
#: how often a sleeping window looks for events (seconds): soon after the player's last
#: event, and once the table has been quiet a while
BUSY_LOOK, IDLE_LOOK = 0.008, 0.02


@dataclass
class Options:
    """What the command line asked for."""
    map_path: str | None = None
    players: int | None = None
    seed: int | None = None
    content: list[str] = field(default_factory=list)
    fullscreen: bool = False
    save_path: Path | None = None   # a fixed save file (tools); else each game gets its own
    pace: float = 1.0               # animations and computer players: 1 normal, 0 instant
    catch_errors: bool = True
    lang: str | None = None         # --lang: en | ro | nl | fr (remembered for next time)


class Scene:
    """A screen with a lifecycle: `enter`, events, `update`, `draw`, `leave`; and, on the stack,
    `covered` when another scene is pushed over it and `uncovered` when that one is gone.

    What the app asks of any scene besides: `tell` (a line on its message line, if it has one)
    and `unsaved_table` (the game it holds whose last save failed). A `private` scene hides
    everything under it (the hand-over curtain): the app never takes it away to show what it covers."""

    private = False

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None: ...
    def leave(self) -> None: ...
    def covered(self) -> None: ...
    def uncovered(self) -> None: ...
    def resize(self) -> None: ...
    def handle(self, ev: pygame.event.Event) -> None: ...
    def update(self, now: float) -> None: ...

    def wake_in(self, now: float) -> float | None:
        """Seconds until `update` must run again without any event (None: sleep)."""
        return None

    def pending_in(self, now: float) -> float | None:
        """Seconds until something that moves the game on is due (None: nothing); unlike
        `wake_in` it leaves out decorations that run for as long as the screen shows."""
        return self.wake_in(now)

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw; return the rectangles that changed, or None when the whole window did."""
        ...

    def tell(self, text: str, kind: str = "hint") -> bool:
        """Show `text` on this scene's message line ("hint", "good" or "bad"); False when it has none."""
        return False

    def unsaved_table(self) -> Any:
        """The game on this scene (a `table.Table`) when its last save failed, else None."""
        return None


class App:
    def __init__(self, options: Options | None = None, size: tuple[int, int] = DEFAULT_SIZE,
                 clock: Callable[[], float] = time.monotonic, home: Callable[[App], Scene] | None = None,
                 crashed: Callable[[App, Path], Scene] | None = None) -> None:
        self.options = options or Options()
        self.home = home                  # the start screen, made by whoever opens the window
        self.crashed = crashed            # the notice shown after an unexpected error
        prefs = settings.load()
        if self.options.lang:
            settings.save(lang=self.options.lang)
        set_language(self.options.lang or prefs.get("lang") or os.environ.get("SMALLWORLD_LANG") or "en")
        self.hints = bool(prefs.get("hints", True))     # the first-game hints
        self.expert_seconds = settings.expert_seconds(prefs)   # the Expert's thinking time
        self.animation = str(prefs.get("animation") or "normal")
        if self.animation not in ANIMATION:
            self.animation = "normal"
        if self.options.pace == 1.0:                    # not chosen on the command line (or by a test)
            self.options.pace = ANIMATION[self.animation]
        self.bots_fast = bool(prefs.get("bots_fast", False))
        self.phones_on = False            # "Phones" on the start screen: the next game serves the phones
        self.phones: Any = None           # the game's `phone_link.PhoneLink` while phones are on
        self.phones_port = 8765           # where the phones' page is served (the next free one if taken)
        self.phones_host = "0.0.0.0"      # every address of this machine; only local peers are answered
        self.sound = bool(prefs.get("sound", True))     # remembered; the M key and the menu switch it
        for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
            # the menu entry's name, so the desktop shows its icon; pygame's import sets the X11 one
            # to the script's name, which gives way, but one the user set stays
            if os.environ.get(hint) in (None, os.path.basename(sys.argv[0])):
                os.environ[hint] = WINDOW_CLASS
        pygame.display.init()
        _plain_framebuffer()
        pygame.font.init()
        pygame.display.set_caption(t("app.title"))
        icon = window_icon()                            # drawn by game.ui.icon; set before the window opens
        if icon is not None:
            pygame.display.set_icon(icon)
        self.windowed_size = size
        self.fullscreen = False
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        if self.options.fullscreen:
            self.toggle_fullscreen()
        self.fonts = Fonts()
        self.text = Text(self.fonts)
        self.sprites = Sprites()
        self.audio = Sound(prefs)                       # the effects and the music (silent if no device)
        self.clock = clock
        self.stack: list[Scene] = []
        self.unsaved: list[Any] = []      # tables whose last save failed (a full disk): see hold_unsaved
        self.close_warned = False         # the close button was pressed once with a game's end nowhere kept
        self.running = True
        self.frames = 0
        self._dirty = True
        self._last_event = time.monotonic()
        self._nudged = threading.Event()      # another thread has put something in for the window
        self.on_frame: Callable[[], None] | None = None     # the bench listens here
        pygame.key.set_repeat(400, 40)

    # -- scenes -----------------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        """The scene on top: the one shown, that gets the events."""
        return self.stack[-1] if self.stack else None

    def below(self, scene: Scene) -> Scene | None:
        """The scene `scene` covers on the stack (None: it covers nothing, or is not there)."""
        for i, s in enumerate(self.stack):
            if s is scene:
                return self.stack[i - 1] if i else None
        return None

    def switch(self, scene: Scene) -> None:
        """Leave every scene on the stack and start afresh with `scene` (a game whose last save
        failed is kept and tried again: a change of screen never drops it)."""
        while self.stack:
            self._leave(self.stack.pop())
        self.retry_unsaved()
        self._start(scene)

    def push(self, scene: Scene) -> None:
        """Lay `scene` over the top one, which holds still until it is uncovered."""
        if self.stack:
            self.stack[-1].covered()
        self._start(scene)

    def pop(self) -> None:
        """Take the top scene away; the one below goes on where it was."""
        if not self.stack:
            return
        self._leave(self.stack.pop())
        if self.stack:
            top = self.stack[-1]
            top.resize()
            top.uncovered()
        self.dirty()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`; the one below stays covered."""
        if self.stack:
            self._leave(self.stack.pop())
            self.retry_unsaved()
        self._start(scene)

    def _start(self, scene: Scene) -> None:
        """`scene` on top of the stack, entered and laid out."""
        self.stack.append(scene)
        scene.enter()
        scene.resize()
        self.dirty()

    def _leave(self, scene: Scene) -> None:
        """A scene taken off the stack: its table is held first if its last save failed."""
        self.hold_unsaved(scene)
        scene.leave()

    def resize_all(self) -> None:
        """Every scene on the stack lays itself out again, the lowest first (an overlay pictures
        the scene below it)."""
        for s in list(self.stack):
            s.resize()

    def go_home(self) -> None:
        """Back to the start screen (the scenes never import each other to get there)."""
        if self.home is not None:
            self.switch(self.home(self))

    def dirty(self) -> None:
        self._dirty = True

    # -- games not yet written (a full disk) ----------------------------------------------------
    def hold_unsaved(self, scene: Scene | None) -> None:
        """Keep the scene's table while its last save failed: it is tried again on every change
        of screen and when the window closes, never dropped with the scene."""
        table = scene.unsaved_table() if scene is not None else None
        if table is not None and table not in self.unsaved:
            self.unsaved.append(table)

    def retry_unsaved(self) -> bool:
        """Try to write every game held unsaved; True when none is left."""
        self.unsaved = [t for t in self.unsaved if not t.save()]
        return not self.unsaved

    def close_unsaved(self) -> list[Path | None]:
        """As the window closes: a last try, then whatever is still unwritten is kept where the
        next start puts it back. The places kept (None: could not be kept anywhere)."""
        for scene in self.stack:              # the table under a menu or the help counts too
            self.hold_unsaved(scene)
        if self.retry_unsaved():
            return []
        kept = [t.keep_elsewhere() for t in self.unsaved]
        self.unsaved = []
        return kept

    def close_would_lose(self) -> bool:
        """As the window's close button is pressed: a last try at every unwritten game, then at
        keeping it for the next start; True when one could be neither written nor kept."""
        for scene in self.stack:
            self.hold_unsaved(scene)
        if self.retry_unsaved():
            return False
        return any(table.keep_elsewhere() is None for table in self.unsaved)

    def close(self) -> None:
        """The window's close button. Like Quit on the ranking page: when a game's end can be
        neither written nor kept anywhere, the first press says so on the nearest scene that has a
        message line (the scenes covering it are taken away, but never a private one) and the
        window stays; a second press leaves without it."""
        if self.close_warned or not self.close_would_lose():
            self.quit()
            return
        self.close_warned = True
        said = t("app.close_unsaved")
        while self.stack and not self.stack[-1].tell(said, "bad"):
            if len(self.stack) == 1 or self.stack[-1].private:
                print(said, file=sys.stderr)
                break
            self.pop()
        self.dirty()

    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = False
        else:
            self.windowed_size = self.screen.get_size()
            try:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
            except pygame.error:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.resize_all()
        self.dirty()

    def set_hints(self, on: bool) -> None:
        """Show the first-game hints or not, and remember it."""
        self.hints = on
        settings.save(hints=on)
        self.dirty()

    def set_animation(self, speed: str) -> None:
        """How fast the die, the flashes and the computer players go ("slow" ... "off"); remembered."""
        if speed in ANIMATION:
            self.animation = speed
            self.options.pace = ANIMATION[speed]
            settings.save(animation=speed)
            self.dirty()

    def set_bots_fast(self, on: bool) -> None:
        self.bots_fast = on
        settings.save(bots_fast=on)
        self.dirty()

    def set_sound(self, on: bool) -> None:
        self.sound = on
        settings.save(sound=on)
        self.audio.set_muted(not on)
        self.dirty()

    def set_volume(self, volume: float) -> None:
        """The effects' and the music's volume, 0 to 1 (in tenths), remembered; a sample sounds
        at the new level. Turning it up while the sound is off turns the sound on."""
        self.audio.set_volume(round(max(0.0, min(1.0, volume)) * 10) / 10)
        if self.audio.volume > 0 and not self.sound:
            self.set_sound(True)
        self.audio.play("coins")
        self.dirty()

    def step_volume(self, step: int) -> None:
        """One tenth up (+1) or down (-1)."""
        self.set_volume(self.audio.volume + step / 10)

    def set_music(self, on: bool) -> None:
        """The music on or off, remembered."""
        self.audio.set_music(on)
        self.dirty()

    def set_language(self, lang: str) -> None:
        """Speak `lang` from now on, and remember it."""
        set_language(lang)
        settings.save(lang=lang)
        pygame.display.set_caption(t("app.title"))
        self.resize_all()
        self.dirty()

    def quit(self) -> None:
        self.running = False
        if self.phones is not None:           # the phones' server stops with the window
            link, self.phones = self.phones, None
            link.stop()

    # -- the loop -----------------------------------------------------------------------------
    def tick(self, block: bool = True) -> None:
        """Wait for events (or the scene's wake-up), handle them, update, draw if needed."""
        scene = self.scene
        assert scene is not None
        events = pygame.event.get()
        if block and not events:
            wake = scene.wake_in(self.clock())
            events = self._wait(1.0 if wake is None else max(0.0, min(1.0, wake)))
        if events:
            self._last_event = time.monotonic()
        self._guard(lambda: self._events(events))
        if self.scene is not None:
            live = self.scene
            self._guard(lambda: live.update(self.clock()))
        if self._dirty and self.running and self.scene is not None:
            self._dirty = False
            changed: list = []
            shown = self.scene
            self._guard(lambda: changed.append(shown.draw(self.screen)))
            rects = changed[0] if changed else None
            if rects is None:
                pygame.display.flip()
            elif rects:
                pygame.display.update(rects)
            self.frames += 1
            if self.on_frame is not None:
                self.on_frame()

    def nudge(self) -> None:
        """From another thread, after posting its event: the window looks now rather than at its
        next look (a phone's move waits no 8 or 20 ms for it)."""
        self._nudged.set()

    def _wait(self, seconds: float) -> list[pygame.event.Event]:
        """Sleep up to `seconds` until an event comes, looking every few milliseconds.

        pygame's own `event.wait` looks every millisecond, which alone costs 3-4 % of a core
        in an idle window. Here the window looks every 8 ms while the player is busy and every
        20 ms after two quiet seconds: a pointer's move shows at most a frame later, and an idle
        window costs a fraction of a percent."""
        end = time.monotonic() + seconds
        while True:
            now = time.monotonic()
            if now >= end:
                return []
            step = IDLE_LOOK if now - self._last_event > 2.0 else BUSY_LOOK
            if self._nudged.wait(min(step, end - now)):     # a phone's move: looked at at once
                self._nudged.clear()
            events = pygame.event.get()
            if events:
                return events

    def _events(self, events: list[pygame.event.Event]) -> None:
        for ev in events:
            if ev.type == pygame.QUIT:
                self.close()
                return
            if ev.type == pygame.VIDEORESIZE and not self.fullscreen:
                self.screen = pygame.display.get_surface() or self.screen
                self.resize_all()
                self.dirty()
                continue
            if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN,
                           pygame.WINDOWSIZECHANGED):
                self.screen = pygame.display.get_surface() or self.screen
                self.resize_all()
                self.dirty()
                continue
            if ev.type == pygame.KEYDOWN and (ev.key == pygame.K_F11 or
                                              (ev.key == pygame.K_RETURN and ev.mod & pygame.KMOD_ALT)):
                self.toggle_fullscreen()
                continue
            assert self.scene is not None
            self.scene.handle(ev)

    def _guard(self, fn: Callable[[], None]) -> None:
        if not self.options.catch_errors:
            fn()
            return
        try:
            fn()
        except Exception:  # noqa: BLE001 - a player must never see a traceback
            where = write_error_log(traceback.format_exc())
            if self.crashed is None:
                raise
            self.switch(self.crashed(self, where))

    def run(self) -> None:
        while self.running:
            self.tick(block=True)
        for kept in self.close_unsaved():
            if kept is not None:
                print(t("final.kept_for_next_start", path=str(kept)), file=sys.stderr)
        self.audio.close()
        pygame.display.quit()


def _plain_framebuffer() -> None:
    """Show frames through X11's shared-memory images, not an OpenGL texture.

    Left to itself SDL copies the whole window into an OpenGL texture on every update, even
    when only a tooltip changed; where OpenGL is software (Xvfb, virtual machines, remote
    desktops, machines without a graphics driver) that costs 8 ms or more a frame. The plain
    X11 path sends only the changed rectangles (0.1 ms for a hover). A player's own
    SDL_FRAMEBUFFER_ACCELERATION still wins; other drivers (Wayland, Windows, macOS) are left
    as SDL sets them up.
    """
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def write_error_log(text: str) -> Path:
    path = data_dir() / "error.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as f:
            f.write(time.strftime("%Y-%m-%d %H:%M:%S ") + text + "\n")
    except OSError:
        pass
    return path

