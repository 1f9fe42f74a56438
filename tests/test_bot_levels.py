"""The one list of computer levels: `game.bots.REGISTRY` is what the start screen, the saves, the
lab and the help read, and a level whose module cannot be imported stops the program with an error
naming that module instead of leaving it with fewer levels."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.bots import LEVELS, REGISTRY, SEARCHING, make_bot
from game.match import Seat

ROOT = Path(__file__).resolve().parents[1]


def _broken(module: str, then: str) -> subprocess.CompletedProcess[str]:
    """`then` run in a fresh Python in which `module` cannot be imported."""
    code = f"import sys\nsys.modules[{module!r}] = None\n{then}\n"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("then", ["import game.match", "import game.bots"])
def test_a_level_that_cannot_be_imported_stops_the_program_naming_its_module(then: str) -> None:
    out = _broken("game.bots.expert", then)
    assert out.returncode != 0, "the program went on without the Expert"
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError") and "game.bots.expert" in last and "game/bots/expert.py" in last, last


def test_a_save_with_a_level_is_read_against_the_registry_alone() -> None:
    from game.match import _shape_problem
    setup = {"seats": [{"name": "Ann"}, {"name": "Bob", "bot": "expert"}], "seed": 1}
    fine = _shape_problem({"setup": setup, "records": []})
    assert fine is None or fine.key != "save_p_level"
    setup["seats"][1]["bot"] = "grandmaster"
    problem = _shape_problem({"setup": setup, "records": []})
    assert problem is not None and problem.key == "save_p_level"


def test_the_start_screen_offers_every_level_of_the_registry_in_its_order() -> None:
    from game.ui.scenes.start import KINDS
    assert KINDS == ("person", *REGISTRY) and tuple(REGISTRY) == LEVELS


def test_every_level_has_its_name_and_its_line_in_every_language() -> None:
    from game.ui import strings
    for lang in strings.LANGUAGES:
        words = strings.table(lang)
        for level in REGISTRY.values():
            assert words.get(level.label) and words.get(level.about), (lang, level.name)


def test_a_searching_level_thinks_for_its_own_budget_unless_given_one() -> None:
    assert SEARCHING == tuple(n for n, lv in REGISTRY.items() if lv.budget is not None)
    for name in SEARCHING:
        bot = make_bot(name, 0, 1)
        assert bot.budget == REGISTRY[name].budget
        assert make_bot(name, 0, 1, budget=0.5).budget == 0.5
    assert make_bot("EASY", 1, 2).level == "easy"
    with pytest.raises(ValueError, match="choose one of easy, medium, hard, expert"):
        make_bot("grandmaster", 0)


def test_the_help_says_how_each_computer_player_at_the_table_plays() -> None:
    from game.ui import strings
    from game.ui.help import bot_lines
    strings.set_language("en")
    lines = [line[0] for line in bot_lines([Seat("Ann"), Seat("Rufus", "sky", "hard")])]
    assert lines[1] == strings.t("help.bots_title")
    assert "Rufus · Computer: hard" in lines and strings.t(REGISTRY["hard"].about) in lines
    assert bot_lines([Seat("Ann"), Seat("Bob")]) == []


class _SlowClock:
    """The processor clock of a very slow machine: every reading is a second later, so the
    budget is spent before a single look-ahead game ends."""

    def __init__(self, step: float = 1.0) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _first_pick():
    """A four-player game's first decision (a pick: several combos to weigh)."""
    import random

    from game.content.catalog import default_catalog
    from game.content.tmx import map_for_players
    from game.rules import new_game
    return new_game(map_for_players(4).board, ["a", "b", "c", "d"], default_catalog(), random.Random("game:3"))


def _looked_ahead(bot) -> int:
    """Look-ahead games the bot's last decision played."""
    return bot.playouts if bot.level == "expert" else bot.rollouts


def test_a_searching_levels_floor_and_cap_are_its_own_unless_given() -> None:
    for name in SEARCHING:
        level = REGISTRY[name]
        assert level.floor > 0 and level.cap >= 2 * level.budget
        bot = make_bot(name, 0, 1)
        assert (bot.floor, bot.cap) == (level.floor, level.cap)
        assert make_bot(name, 0, 1, floor=5, cap=3.0).floor == 5
    assert REGISTRY["expert"].floor > REGISTRY["hard"].floor
    assert make_bot("expert", 0, 1, budget=7.5).cap == 15.0 == REGISTRY["expert"].cap_for(7.5)
    with pytest.raises(ValueError, match="floor"):
        make_bot("expert", 0, 1, floor=-1)


@pytest.mark.parametrize("name", SEARCHING)
def test_on_a_slow_machine_a_level_still_plays_its_floor_of_look_ahead_games(name, monkeypatch) -> None:
    import importlib

    from game.rules import actor, why_illegal
    module = importlib.import_module(f"game.bots.{name}")
    s = _first_pick()
    monkeypatch.setattr(module, "clock", _SlowClock())
    bot = make_bot(name, actor(s), 1, floor=12)
    a = bot.choose(s)
    assert why_illegal(s, a) is None and bot.searched
    assert _looked_ahead(bot) == 12               # the time is long spent: the floor holds it
    bare = make_bot(name, actor(s), 1, floor=0)   # the budget alone: the slow machine plays weaker
    bare.choose(s)
    assert _looked_ahead(bare) < 4


@pytest.mark.parametrize("name", SEARCHING)
def test_the_cap_on_the_clock_stops_a_level_short_of_its_floor(name, monkeypatch) -> None:
    import importlib

    from game.rules import actor, why_illegal
    module = importlib.import_module(f"game.bots.{name}")
    s = _first_pick()
    monkeypatch.setattr(module, "clock", _SlowClock())
    monkeypatch.setattr(module, "wall", _SlowClock(2.0))     # the window has waited 2 s more at each look
    bot = make_bot(name, actor(s), 1, floor=50)
    a = bot.choose(s)
    assert why_illegal(s, a) is None
    assert 1 <= _looked_ahead(bot) < 10, "the window would have waited past the cap"


@pytest.mark.parametrize("name", SEARCHING)
def test_with_a_fixed_count_a_level_plays_exactly_that_many_look_ahead_games(name, monkeypatch) -> None:
    import importlib

    from game.rules import actor
    module = importlib.import_module(f"game.bots.{name}")
    s = _first_pick()
    monkeypatch.setattr(module, "clock", _SlowClock())
    monkeypatch.setattr(module, "wall", _SlowClock(2.0))     # neither the budget nor the cap counts
    for n in (7, 20):
        bot = make_bot(name, actor(s), 1, iterations=n)
        bot.choose(s)
        assert _looked_ahead(bot) == n
