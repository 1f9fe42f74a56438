"""Stopping long work cleanly: SIGTERM and Ctrl+C end a command with one line, never a traceback.

The command-line tools (`game.maps`, `game.lab`, `game.scenario`, `game.bench`, `tools/*.py`) run
their `main` through `run_stoppable`: SIGTERM is turned into the same interruption as Ctrl+C
(so `finally` blocks still clear temporary files, and an atomic write is never left half done),
and either ends the command with one line on stderr and the shell's usual status (130 for
Ctrl+C, 143 for SIGTERM). Worker processes of a pool call `quiet_worker` first: Ctrl+C reaches
every process of the terminal, and only the parent should answer it. Nothing from the game here.
"""
from __future__ import annotations

import signal
import sys
import threading
from typing import Any, Callable


class _Terminated(KeyboardInterrupt):
    """SIGTERM, carried as a KeyboardInterrupt so every handler of Ctrl+C handles it too."""


def _on_term(signum: int, frame: Any) -> None:
    raise _Terminated()


def run_stoppable(main: Callable[[], int], name: str) -> int:
    """`main()`, or one line (`name: stopped`) and status 130/143 when interrupted."""
    old: Any = None
    if threading.current_thread() is threading.main_thread():
        old = signal.signal(signal.SIGTERM, _on_term)
    try:
        return main()
    except KeyboardInterrupt as err:
        term = isinstance(err, _Terminated)
        try:
            print(f"{name}: stopped ({'SIGTERM' if term else 'Ctrl+C'})",
                  file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
        return 143 if term else 130
    finally:
        if old is not None:
            signal.signal(signal.SIGTERM, old)


def quiet_worker() -> None:
    """In a worker process: leave Ctrl+C to the parent (which stops the pool), and let SIGTERM
    end the worker at once without a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
