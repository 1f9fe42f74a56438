"""The ranking page of a five-player game with four computer seats, in every language, at the
smallest and the usual window: each player's name and computer level are written whole (the
level in lighter letters after the name), nothing on the page is cut."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import pytest  # noqa: E402

from game.content.tmx import load_map  # noqa: E402
from game.match import Match, MatchSetup, Seat  # noqa: E402
from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.table import resolve, shipped_map_path  # noqa: E402

OUT = Path(__file__).parent / "screenshots" / "final-fit"
NAMES = ("Ana", "Bogdan", "Claire", "Daan", "Eliza")
LEVELS = (None, "easy", "medium", "hard", "expert")


@pytest.mark.slow
@pytest.mark.parametrize("lang", strings.LANGUAGES)
@pytest.mark.parametrize("size", [(1000, 650), (1280, 800)])
def test_the_ranking_writes_every_name_and_computer_level_whole(home, lang: str, size: tuple[int, int]) -> None:
    d = Driver(Options(pace=0, catch_errors=False, seed=3, lang=lang), size=size)
    try:
        d.pump(2)
        path = shipped_map_path(5)
        seats = [Seat(n, bot=b) for n, b in zip(NAMES, LEVELS, strict=True)]
        mapdata = load_map(resolve(path))
        match = Match(MatchSetup(seats, 3, map_path=path), board=mapdata.board)
        s = match.state.copy()
        for i in range(len(s.players)):          # a copy shares its players until player_w
            s.player_w(i).coins = 40 + 7 * i
        fitted: list[tuple[str, str]] = []
        text = d.app.text
        fit = text.fit

        def spy(t: str, *a, **k) -> str:
            out = fit(t, *a, **k)
            fitted.append((t, out))
            return out
        text.fit = spy  # type: ignore[method-assign]
        text.overflows.clear()
        d.app.switch(FinalScene(d.app, SimpleNamespace(state=s, seats=seats, match=match,
                                                       mapdata=mapdata)))
        d.pump(3)
        d.screenshot(OUT / f"{lang}-{size[0]}.png")
        levels = {strings.t(f"start.kind.{b}") for b in LEVELS if b}
        shown = {t for t, out in fitted if t == out}
        assert levels <= shown, f"{lang} {size}: levels cut or missing: {levels - shown}"
        assert text.overflows == [], f"{lang} {size}: cut: {text.overflows}"
    finally:
        d.close()
