"""Every saved game opens again in the window. Random games (every expansion pack, some with the
invented set of docs/examples/invented.yaml too; 2 to 5 players; plain, warlike and crowding
play, the last declining whenever it may and picking Spirit and Stout, so that late rounds hold
many races In Decline and markers) are saved at several points, from the second round to the
last and the end. Each save is continued from the start screen as a player would (Continue,
the hand-over screen, the table), in the language and with the names the game was started
with, and drawn at 1000×650 and at 640×400 (the smallest window the layout draws for), with the
pointer over a combo and over the board for their tips: no error, and no part of the screen had
to be drawn plainly. A game of two with every pack saved in round 4 once could not be continued
at all (the side panel ran out of room); it is among the cases."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.content.packs import shipped_packs  # noqa: E402
from game.content.tmx import MapData, load_map  # noqa: E402
from game.match import Match, MatchSetup, Seat  # noqa: E402
from game.rules import Action, EndTurn, GameState, Pick, actor, legal_actions  # noqa: E402
from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.strings import t  # noqa: E402
from game.ui.table import resolve, shipped_map_path  # noqa: E402

INVENTED = "docs/examples/invented.yaml"
SIZES = ((1000, 650), (640, 400))
NAMES = {"short": ("Ann", "Bob", "Cid", "Dee", "Eve"),
         "long": ("Alexandra-Maria", "Bartholomew Ray", "Cleopatra Jones", "Maximilian Ode", "Evangelina Rose")}
COLOURS = ("orange", "sky", "green", "purple", "red")
LAST = 99                   # a stop at the game's last round; END: the game played to its end
END = 100


@dataclass(frozen=True)
class Case:
    seed: int
    players: int
    play: str               # "any" (every intent alike), "war" (conquests first), "crowd" (declines)
    lang: str
    names: str = "short"
    computers: bool = False  # every seat but the first a computer player (packs only: no measuring)
    invented: bool = False
    stops: tuple[int, ...] = (3, 6, LAST)

    def __str__(self) -> str:
        return (f"seed {self.seed}, {self.players} players, {self.play} play, {self.lang}, {self.names} names"
                f"{', computers' if self.computers else ''}{', invented' if self.invented else ''}")


CASES = (
    Case(1145, 2, "crowd", "en", stops=(4, 7, LAST)),     # 2 players, every pack, round 4: two In Decline
    Case(4, 2, "crowd", "fr", "long", computers=True, stops=(2, 5, END)),
    Case(2, 3, "war", "nl", "long", stops=(2, 5, LAST)),
    Case(3, 4, "any", "ro"),
    Case(5, 5, "crowd", "en", "long", computers=True, stops=(4, 8, LAST)),
    Case(6, 2, "war", "en", invented=True, stops=(3, 6, LAST)),
    Case(7, 3, "crowd", "fr", invented=True, stops=(4, 7, LAST)),
    Case(8, 4, "crowd", "nl", "long", invented=True, stops=(5, LAST)),
    Case(9, 5, "war", "ro", invented=True, stops=(3, LAST, END)),
)


def _choose(play: str, s: GameState, acts: list[Action], rng: random.Random) -> Action:
    if play == "any":
        return acts[rng.randrange(len(acts))]
    if play == "crowd" and actor(s) == 0:   # the first seat gathers races In Decline (Spirit, Stout)
        p = s.players[0]
        keeps = p.active is not None and (p.active.power == "spirit" or not p.declines
                                          or any(h.power == "spirit" for h in p.declines))
        conquering = any(a.kind == "conquer" for a in acts)          # Stout declines once it has regions
        decline = [a for a in acts if a.kind == "decline" or (isinstance(a, EndTurn) and a.decline and not conquering)]
        if decline and keeps:
            return decline[0]
        picks = [a for a in acts if isinstance(a, Pick)]
        if picks:                           # Spirit and Stout bring more races In Decline, then markers
            return max(picks, key=lambda a: (s.column[a.index].power in ("spirit", "stout"),
                                             _holds_markers(s, a.index), len(s.column[a.index].race), -a.index))
    weights = {"conquer": 6, "pick": 3, "use": 2, "end_turn": 1, "decline": 1}
    return rng.choices(acts, [weights.get(a.kind, 2) for a in acts])[0]


def _holds_markers(s: GameState, index: int) -> bool:
    """Whether the combo at `index` keeps markers to spend (a pool of the invented set's)."""
    c = s.column[index]
    return any(getattr(ab, "held_markers", False) for ab in s.catalog.effects_of(c.race, c.power))


def _crowded(s: GameState) -> bool:
    """The player at the screen holds an Active race, mid-turn: the side panel shows everything."""
    p = s.players[actor(s)]
    return p.active is not None and s.turn.phase == "conquer"


def write_saves(case: Case, folder: Path, maps: dict[int, MapData]) -> list[Path]:
    """Play the case's game and save it at each of its stops: in round `stop`, the first time the
    acting player is conquering with an Active race (else as the next round begins); `END` and
    a last round that never came so, once the game is over."""
    content = [p.path for p in shipped_packs()] + ([INVENTED] if case.invented else [])
    map_path = shipped_map_path(case.players)
    if case.players not in maps:
        maps[case.players] = load_map(resolve(map_path))
    seats = [Seat(NAMES[case.names][i], COLOURS[i], "easy" if case.computers and i else None)
             for i in range(case.players)]
    m = Match(MatchSetup(seats, case.seed, map_path=map_path, content=content), board=maps[case.players].board)
    rng = random.Random(case.seed)
    stops = sorted({min(r, m.board.turns) if r != END else END for r in case.stops})
    out: list[Path] = []

    def save() -> None:
        path = folder / f"game-{case.seed}-{len(out)}.json"
        m.save(path)
        out.append(path)

    while stops and stops[0] != END and not m.state.game_over:
        m.play(_choose(case.play, m.state, legal_actions(m.state), rng))
        s = m.state
        if s.round > stops[0] or (s.round == stops[0] and _crowded(s)):
            save()
            stops.pop(0)
    if stops:                                   # the end, or a last round never seen mid-turn
        while not m.state.game_over:
            m.play(_choose(case.play, m.state, legal_actions(m.state), rng))
        save()
    return out


def _resize(d: Driver, size: tuple[int, int]) -> None:
    d.app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    d.pump(2)


def continue_save(d: Driver, start: StartScene, path: Path, shots: Path | None = None) -> None:
    """Continue `path` from the start screen `start` (the one save it lists) and draw it at each
    size, the window's own first, pointing at a combo, the side panel and the board; asserts the
    window shows the game and drew every part of it."""
    d.app.switch(start)
    start.refresh()
    assert [g.path for g in start.shelf.games] == [path], start.shelf
    d.pump()
    d.press_button("resume:0")
    if isinstance(d.scene, PassScene):
        d.press_button("ready")
    scene = d.scene
    assert isinstance(scene, (GameScene, FinalScene)), f"{path.name}: {type(scene).__name__} shown"
    for size in sorted(SIZES, key=lambda size: size != d.app.size()):
        if size != d.app.size():
            _resize(d, size)
        if isinstance(scene, GameScene) and d.scene is scene:
            L = scene.layout
            assert L is not None
            d.move(scene.combo_rects[0].center)
            d.move(L.player.center)
            d.move(L.board.center)
            assert not scene.plain_parts, f"{path.name} at {size}: drawn plainly: {scene.plain_parts}"
        d.app.dirty()
        d.pump()
        if shots is not None:
            d.screenshot(shots / f"{path.stem}-{size[0]}x{size[1]}.png")


def home_screen(d: Driver) -> StartScene:
    """The start screen, shown once (it reads the maps' names then) and kept for every save."""
    d.app.go_home()
    d.pump(3)
    assert isinstance(d.scene, StartScene)
    return d.scene


def test_every_save_of_random_games_continues_in_the_window(home) -> None:
    folder = home / "saves"
    folder.mkdir()
    done = home / "continued"
    done.mkdir()
    maps: dict[int, MapData] = {}
    d = Driver(Options(pace=0, catch_errors=False), size=SIZES[0])
    opened = 0
    try:
        start = home_screen(d)
        for case in CASES:
            saves = write_saves(case, done, maps)
            assert len(saves) >= len(case.stops) - 1, f"{case}: {len(saves)} saves"
            strings.set_language(case.lang)
            for path in saves:
                here = folder / path.name                 # the start screen lists this one alone
                path.rename(here)
                try:
                    continue_save(d, start, here)
                except Exception as err:
                    raise AssertionError(f"{case}, {path.name}: {type(err).__name__}: {err}") from err
                here.rename(path)
                opened += 1
    finally:
        strings.set_language("en")
        d.close()
    assert opened >= 25


def _continued(d: Driver, home: Path) -> GameScene:
    """A game of two saved in round 3, continued from the start screen."""
    folder = home / "saves"
    folder.mkdir(exist_ok=True)
    (path,) = write_saves(Case(3, 2, "war", "en", stops=(3,)), folder, {})
    d.pump(2)
    d.app.go_home()
    d.pump(2)
    d.press_button("resume:0")
    if isinstance(d.scene, PassScene):
        d.press_button("ready")
    assert isinstance(d.scene, GameScene)
    return d.scene


def test_a_part_that_fails_to_draw_is_drawn_plainly_with_one_line_and_the_game_goes_on(home, monkeypatch) -> None:
    import game.ui.panels as panels
    from game.ui.driver import scripted_step

    def broken(*_: object) -> None:
        raise RuntimeError("a bug in the side panel")
    monkeypatch.setattr(panels, "draw_player", broken)
    monkeypatch.setattr(panels, "draw_column", broken)
    monkeypatch.setattr(panels, "region_tip", broken)
    d = Driver(Options(pace=0, catch_errors=True), size=SIZES[0])
    try:
        game = _continued(d, home)
        for size in SIZES:
            _resize(d, size)
            d.move(game.board_view.click_point(sorted(game.state.regions)[0]))
        assert d.scene is game and game.plain_parts == ["column", "player", "tips"]
        log = (home / "error.log").read_text()
        assert log.count("RuntimeError: a bug in the side panel") == 3          # once a part, not once a frame
        L = game.layout
        assert L is not None
        d.screenshot(Path(os.environ.get("REOPEN_SHOTS", home)) / "plain.png")
        corner = (L.board_area.right - L.px(12), L.board_area.y + L.px(9))   # the line that says so
        assert tuple(d.app.screen.get_at(corner))[:3] == (255, 214, 120)
        assert "error.log" in str(game.plain_log)
        moves = len(game.table.match.records)
        for _ in range(6):                                                   # and the game goes on
            scripted_step(d)
        assert len(game.table.match.records) > moves
    finally:
        d.close()


def test_the_crash_screen_says_the_game_is_saved_where_continue_takes_it_up_and_what_to_send(home,
                                                                                             monkeypatch) -> None:
    from game.ui.scenes.notice import NoticeScene

    d = Driver(Options(pace=0, catch_errors=True), size=SIZES[0])
    try:
        game = _continued(d, home)

        def broken(*_: object) -> None:
            raise RuntimeError("a bug")
        monkeypatch.setattr(type(game), "update", broken)
        d.pump(2)
        assert isinstance(d.scene, NoticeScene)
        body = d.scene.body
        assert str(home / "saves") in body and "after every move" in body and "Continue" in body
        assert str(home / "error.log") in body and "send the file" in body
        long_home = Path("/home/alexandra-maria/.local/share/smallworld-table")
        for lang in strings.LANGUAGES:                  # each of its sentences fits its card, everywhere
            strings.set_language(lang)
            for key in ("error.body", "error.body_no_game", "error.body_unsaved"):
                body = t(key, path=str(long_home / "error.log"), saves=str(long_home / "saves"),
                         error="No space left on device")
                d.app.switch(NoticeScene(d.app, t("error.title"), body, [("continue", t("error.back"), d.app.go_home)]))
                for size in SIZES:
                    d.app.text.overflows.clear()
                    _resize(d, size)
                    d.app.dirty()
                    d.pump()
                    assert not d.app.text.overflows, (lang, key, size, d.app.text.overflows)
    finally:
        strings.set_language("en")
        d.close()
