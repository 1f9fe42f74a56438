"""Screenshots of the window as a player sees it, written to tests/screenshots/ (not committed):
the start screen, a turn in progress (with a tooltip), the redeploy, the hand-over curtain, the
final scores, and the 5-player map in a larger window. Each is checked for its size and for
not being blank; the pictures themselves are for a person to look at."""
from __future__ import annotations

import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import pygame  # noqa: E402

from game.match import Seat  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver, play_until, scripted_step  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402

OUT = Path(__file__).parent / "screenshots"


def check_picture(path: Path, size: tuple[int, int]) -> None:
    img = pygame.image.load(str(path))
    assert img.get_size() == size
    small = pygame.transform.scale(img, (size[0] // 8, size[1] // 8))
    colours = {small.get_at((x, y))[:3] for x in range(small.get_width()) for y in range(small.get_height())}
    assert len(colours) > 40, f"{path.name} looks blank"


def new_game(d: Driver, players: int = 2) -> GameScene:
    d.pump(2)
    start = d.scene
    start.press(start.button(f"players:{players}"))
    names = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
    for i in range(players):
        start.names[i].value = names[i]
    d.press_button("start")
    assert isinstance(d.scene, PassScene)
    return d.scene.game


@pytest.mark.slow
def test_screens_of_a_two_player_game(home):
    size = (1280, 800)
    d = Driver(Options(pace=0, catch_errors=False, seed=5), size=size)
    try:
        d.pump(3)
        check_picture(d.screenshot(OUT / "start.png"), size)
        game = new_game(d)
        check_picture(d.screenshot(OUT / "pass.png"), size)
        d.press_button("ready")
        d.move(game.combo_rects[1].center)               # the combo's rules in a tooltip
        check_picture(d.screenshot(OUT / "pick.png"), size)
        # play on to round 4, in the middle of a turn with a few conquests made
        play_until(d, lambda: isinstance(d.scene, GameScene) and game.state.round >= 4
                   and len(game.state.turn.conquered) >= 1)
        target = next((a.region for a in game.legal if a.kind in ("conquer", "reinforce")), None)
        if target is not None:
            d.move(d.region_point(target))
        check_picture(d.screenshot(OUT / "turn.png"), size)
        # the redeploy: + on one stack, a token dragged
        own = game.state.active_regions(game.state.turn.seat)
        if "redeploy" in {a.kind for a in game.legal}:
            d.press_button("redeploy")
            minus, plus = game.board_view.chip_rects(own[0])
            d.click(plus.center)
            d.move(d.region_point(own[0]))
            check_picture(d.screenshot(OUT / "redeploy.png"), size)
            d.key(pygame.K_ESCAPE)
        # a curtain again, then to the end
        play_until(d, lambda: isinstance(d.scene, PassScene) and d.scene.last_score is not None)
        d.hold(d.scene.button("peek").rect.center)
        check_picture(d.screenshot(OUT / "pass_peek.png"), size)
        d.release(d.scene.button("peek").rect.center)
        play_until(d, lambda: isinstance(d.scene, PassScene) and game.state.turn.phase == "withdraw")
        check_picture(d.screenshot(OUT / "pass_withdraw.png"), size)
        d.press_button("ready")
        check_picture(d.screenshot(OUT / "withdraw.png"), size)
        play_until(d, lambda: isinstance(d.scene, FinalScene))
        check_picture(d.screenshot(OUT / "final.png"), size)
    finally:
        d.close()


@pytest.mark.slow
def test_screens_of_continue_and_of_an_unreadable_save(home):
    size = (1280, 800)
    d = Driver(Options(pace=0, catch_errors=False, seed=5), size=size)
    try:
        new_game(d)
        d.press_button("ready")
        for _ in range(12):
            scripted_step(d)
    finally:
        d.close()
    d = Driver(Options(pace=0, catch_errors=False), size=size)
    try:
        d.pump(3)
        assert d.scene.button("resume:0").enabled
        check_picture(d.screenshot(OUT / "start_continue.png"), size)
    finally:
        d.close()
    (home / "autosave.json").write_text('{"version": 1, "setup": {}}')
    d = Driver(Options(pace=0, catch_errors=False), size=size)
    try:
        d.pump(3)
        check_picture(d.screenshot(OUT / "unreadable.png"), size)
    finally:
        d.close()


@pytest.mark.slow
def test_five_players_in_a_larger_window(home):
    size = (1600, 900)
    d = Driver(Options(pace=0, catch_errors=False, seed=9), size=size)
    try:
        game = new_game(d, players=5)
        play_until(d, lambda: isinstance(d.scene, GameScene) and game.state.round >= 3
                   and game.state.turn.seat == 2 and len(game.state.turn.conquered) >= 1)
        # coins are shown only while the peek button is held
        peek = game.button("peek")
        d.hold(peek.rect.center)
        check_picture(d.screenshot(OUT / "five_players.png"), size)
        d.release(peek.rect.center)
    finally:
        d.close()


@pytest.mark.slow
def test_the_board_scales_with_the_window(home):
    d = Driver(Options(pace=0, catch_errors=False, seed=3), size=(1024, 640))
    try:
        game = new_game(d)
        d.press_button("ready")
        small = game.layout.board.size
        d.app.screen = pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000))
        d.pump(2)
        big = game.layout.board.size
        assert big[0] > small[0] and big[1] > small[1]
        assert abs(big[0] / big[1] - 1.6) < 0.02             # the map keeps its shape
        check_picture(d.screenshot(OUT / "resized.png"), (1600, 1000))
    finally:
        d.close()


def test_custom_races_from_a_content_file(home, tmp_path):
    content = tmp_path / "mine.yaml"
    content.write_text(
        "races:\n"
        "  gnomes:\n"
        "    name: Gnomes\n"
        "    tokens: 7\n"
        "    box: 12\n"
        "    text: Hill regions cost one token less to conquer.\n"
        "    effects:\n"
        "      - {cost_change: {amount: -1, where: {terrains: [hill]}}}\n")
    size = (1280, 800)
    d = Driver(Options(pace=0, catch_errors=False, seed=2, content=[str(content)]), size=size)
    try:
        game = new_game(d)
        from game.rules import Combo
        s = game.table.match.state.copy()
        s.column[0] = Combo("gnomes", "commando")
        game.table.match.states[-1] = s
        d.press_button("ready")
        d.move(game.combo_rects[0].center)
        from game.ui.strings import combo_name
        assert combo_name(s.catalog, "gnomes", "commando") == "Commando Gnomes"
        d.click(game.combo_rects[0].center)
        assert game.state.players[0].active.race == "gnomes"
        for _ in range(2):
            scripted_step(d)
        check_picture(d.screenshot(OUT / "custom_race.png"), size)
    finally:
        d.close()


def _shape_pixels(surf: pygame.Surface, centre: tuple[int, int], r: int, colour: tuple[int, int, int]) -> int:
    """How many pixels of a player's shape ink lie within `r` of `centre`."""
    ink = theme.readable_on(colour)
    return sum(1 for x in range(centre[0] - r, centre[0] + r + 1) for y in range(centre[1] - r, centre[1] + r + 1)
               if surf.get_at((x, y))[:3] == ink)


def test_the_colour_swatches_show_the_colours_shape_on_the_start_and_final_screens(home) -> None:
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        start = d.scene
        d.press_button("players:5")
        for i in range(5):
            key = start.colours[i]
            b = start.button(f"colour:{i}")
            assert _shape_pixels(d.app.screen, b.rect.center, 8, theme.PALETTE[key]) >= 12, \
                f"no {theme.player_symbol(key)} on the {key} swatch"
        table = Table.new([Seat(n, c) for n, c in zip(("Ann", "Bob", "Cleo"), ("orange", "sky", "green"), strict=True)],
                          3, shipped_map_path(3), [], home / "s.json")
        s = table.state.copy()
        s.winners = [0]
        d.app.switch(FinalScene(d.app, SimpleNamespace(state=s, seats=table.seats, match=table.match,
                                                       mapdata=table.mapdata)))
        d.pump(2)
        surf = d.app.screen
        for seat in table.seats:
            colour = theme.PALETTE[seat.colour]
            marks = [(x, y) for x in range(300, 460) for y in range(330, 520)    # the rows, under the podium
                     if surf.get_at((x, y))[:3] == colour]
            assert marks, f"no {seat.colour} mark on the final screen"
            cx = sum(x for x, _ in marks) // len(marks)
            cy = sum(y for _, y in marks) // len(marks)
            assert _shape_pixels(surf, (cx, cy), 8, colour) >= 12, \
                f"the {seat.colour} mark on the final screen has no shape"
    finally:
        d.close()
