"""The game window (pygame-ce): the only package that imports pygame.

`app` runs scenes (`scenes/`): the start screen, the game (`scenes/play.py`), the "pass to NAME"
curtain, the final scores. The board is drawn by `board_view`, the side panels by `panels`;
every word comes from `strings.t` (English, Romanian, Dutch or French; the engine's refusals
through `strings.say`); `help` draws the help overlay, the rules cards and the first-game hints;
the pictures are made by `art`. A click becomes a region id
(`board_view.region_at`), then an intent found in `legal_actions` or refused with the engine's
reason (`why_illegal`), then `Table.play` applies and autosaves it. Drawing never changes state.
"""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
