"""The window's screens: start, the game, the hand-over curtain, the final scores, notices.

`open_app` is the one place that wires them to the window: the start screen as the app's home
and the notice shown after an unexpected error, so helpers below the scenes (the app, the panels)
never import a scene. `run` opens the window and plays until it is closed.
"""
from __future__ import annotations

from pathlib import Path

from game.saves import saves_dir

from ..app import DEFAULT_SIZE, App, Options, Scene
from ..strings import t


def _crashed(app: App, where: Path) -> Scene:
    from ..table import Table
    from .notice import NoticeScene
    tables = [table for s in app.stack if isinstance(table := getattr(s, "table", None), Table)]
    in_game = bool(tables)                      # only then was a game saved
    unsaved = tables[-1].save_error if tables else None
    saves = str(tables[-1].save_path.parent if tables else saves_dir())    # where Continue finds it
    if unsaved is not None:
        body = t("error.body_unsaved", path=str(where), error=unsaved, saves=saves)
    else:
        body = t("error.body" if in_game else "error.body_no_game", path=str(where), saves=saves)
    return NoticeScene(app, t("error.title"), body, [("continue", t("error.back"), app.go_home)])


def _home(app: App) -> Scene:
    from .start import StartScene
    return StartScene(app)


def open_app(options: Options | None = None, size: tuple[int, int] = DEFAULT_SIZE) -> App:
    """The window, on the start screen."""
    app = App(options, size=size, home=_home, crashed=_crashed)
    app.go_home()
    return app


def run(options: Options) -> int:
    """Open the window on the start screen and play until it is closed."""
    open_app(options).run()
    return 0
