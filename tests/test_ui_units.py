"""The window's pure parts: every on-screen string has a key in en.yaml, the layout keeps the
map's shape, drafts of tokens follow the rules, the log tells events in words."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.catalog import default_catalog  # noqa: E402
from game.content.tmx import map_for_players  # noqa: E402
from game.rules import (  # noqa: E402  # noqa: E402  # noqa: E402
    FEATURES,
    TERRAINS,
    Conquer,
    Pick,
    Redeploy,
    cost_of,
    legal_actions,
    new_game,
    why_illegal,
)
from game.ui import strings  # noqa: E402
from game.ui.drafts import redeploy_draft  # noqa: E402
from game.ui.layout import compute  # noqa: E402
from game.ui.logtext import event_line  # noqa: E402
from game.ui.strings import cost_sum, t  # noqa: E402

UI = Path(__file__).resolve().parents[1] / "game" / "ui"


def test_every_string_key_the_window_uses_is_in_the_english_table():
    table = strings.table("en")
    used: set[str] = set()
    for path in list(UI.rglob("*.py")):
        src = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\btn?\(\"([a-z_.]+)\"", src))
    missing = sorted(k for k in used if k not in table)
    assert not missing, f"keys used but not in en.yaml: {missing}"
    cat = default_catalog()
    dynamic = ([f"race.{r}" for r in cat.races] + [f"power.{p}" for p in cat.powers]
               + [f"terrain.{x}" for x in TERRAINS] + [f"feature.{f}" for f in FEATURES]
               + [f"cost.{c}" for c in ("base", "mountain", "troll_lair", "fortress", "encampment",
                                        "lost_tribe", "defenders")]
               + [f"hint.mode.{m}" for m in ("pick", "conquer", "reinforce", "abandon", "redeploy", "withdraw",
                                             "encampments", "heroes", "ally", "dragon", "enchant", "ghouls",
                                             "ghouls_reinforce", "fortress")]
               + [f"tip.power_ok.{m}" for m in ("dragon", "enchant", "ghouls", "ghouls_reinforce", "fortress")]
               + [f"button.{m}" for m in ("dragon", "enchant", "ghouls", "ghouls_reinforce", "fortress")]
               + [f"phase.{p}" for p in ("pick", "conquer", "redeploy", "withdraw", "game_over")]
               + [f"start.kind.{k}" for k in ("person", "easy", "medium", "hard", "expert")]
               + [f"marker.{m}" for m in ("lair", "fortress", "hole", "hero", "dragon", "encampments")])
    assert not [k for k in dynamic if k not in table]


def test_an_unknown_key_shows_itself_and_placeholders_are_filled():
    assert t("no.such.key") == "no.such.key"
    assert t("top.round", round=3, turns=10) == "Round 3/10"


def test_the_cost_reads_as_a_sum_a_player_can_check():
    md = map_for_players(2)
    s = new_game(md.board, ["Ann", "Bob"], default_catalog(), random.Random(3))
    i = next(a.index for a in legal_actions(s) if isinstance(a, Pick))
    from game.rules import apply
    s, _ = apply(s, Pick(i), random.Random(1))
    hold = s.players[0].active
    mountain_tribe = next((r.id for r in md.board.regions if s.regions[r.id].lost_tribe), None)
    c = cost_of(s, 0, mountain_tribe)
    text = cost_sum(c, s.catalog, hold.race, hold.power)
    assert text.startswith("2 + 1 lost tribe") and text.endswith(f"= {c.total} tokens")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600), (1920, 1080), (800, 1000)])
def test_the_board_keeps_its_shape_inside_its_area(size):
    L = compute(*size, 1600, 1000)
    assert L.board_area.contains(L.board)
    assert abs(L.board.w / L.board.h - 1.6) < 0.02
    assert not L.board.colliderect(L.panel) and not L.board.colliderect(L.bar)
    x, y = L.board_to_screen((800, 500))
    assert L.screen_to_board((x, y)) == pytest.approx((800, 500))


@pytest.mark.parametrize("size", [(640, 400), (800, 480), (1000, 650), (1280, 800), (1920, 1080), (800, 1000)])
def test_every_part_of_the_window_lies_inside_it(size):
    """The top bar, board, action bar and the side panel's combo column, player box and log each
    lie inside the window, the panel's three one under the other (at 640×400, the smallest
    window, the player box once reached 5 pixels below its bottom edge, its frame cut off)."""
    L = compute(*size, 1600, 1000)
    window = pygame.Rect(0, 0, *size)
    for name in ("top", "board_area", "board", "bar", "panel", "column", "player", "log"):
        r = getattr(L, name)
        empty_at_the_bottom = name == "log" and r.h == 0 and r.y == size[1]     # no room left for the log
        assert window.contains(r) or empty_at_the_bottom, f"{size}: the {name} leaves the window: {r}"
    assert L.column.bottom <= L.player.top and L.player.bottom <= L.log.top
    assert L.player.h >= round(150 * L.ui), f"{size}: the player box is too short to hold its banners"


def test_a_redeploy_draft_keeps_a_token_everywhere_and_counts_the_hand():
    md = map_for_players(2)
    s = new_game(md.board, ["Ann", "Bob"], default_catalog(), random.Random(3))
    from game.rules import apply
    s, _ = apply(s, next(a for a in legal_actions(s) if isinstance(a, Pick)), random.Random(1))
    for _ in range(2):
        a = next(a for a in legal_actions(s) if isinstance(a, Conquer))
        s, _ = apply(s, a, random.Random(1))
    d = redeploy_draft(s, legal_actions(s))
    assert d is not None and d.pool() == s.players[0].active.hand
    a, b = d.regions[:2]
    assert d.add(a) and d.counts[a] == s.regions[a].tokens + 1
    while d.can_remove(b):
        d.remove(b)
    assert d.counts[b] == 1 and not d.remove(b)
    assert d.move(a, b)
    while d.pool() > 0:
        d.add(a)
    act = d.action()
    assert isinstance(act, Redeploy) and why_illegal(s, act) is None


def test_the_log_tells_a_conquest_in_words():
    md = map_for_players(2)
    s = new_game(md.board, ["Ann", "Bob"], default_catalog(), random.Random(3))
    from game.rules import apply
    s, rec = apply(s, Pick(0), random.Random(1))
    a = next(a for a in legal_actions(s) if isinstance(a, Conquer))
    s, rec = apply(s, a, random.Random(1))
    line = event_line(next(e for e in rec.events if e["type"] == "conquer"), s)
    hold = s.players[0].active
    name = s.board.region(a.region).display_name
    assert line.startswith("Ann's ") and f"conquered {name} (" in line
    assert strings.power_name(s.catalog, hold.power) in line
    score = event_line({"type": "score", "seat": 0, "coins": 7, "parts": []}, s)
    assert "7" not in score                         # scores stay secret in the log


def test_the_final_screen_explains_a_tie_broken_by_tokens_and_a_shared_victory():
    from game.rules import outcome
    from game.ui.scenes.final import tie_note
    md = map_for_players(2)
    s = new_game(md.board, ["Ann", "Bob"], default_catalog(), random.Random(3))
    rids = [r.id for r in md.board.regions if not r.is_water][:2]
    for seat, rid, n in ((0, rids[0], 3), (1, rids[1], 5)):
        reg = s.reg_w(rid)                      # (a write the state sees, as the engine's are)
        reg.owner, reg.race, reg.tokens = seat, "ratmen", n
    s.players[0].coins = s.players[1].coins = 40
    s.winners = [1]
    assert [x.seat for x in outcome(s).standings] == [1, 0]     # the screen's rows: the engine's ranking
    assert "Bob wins with more race tokens on the board (5)" in tie_note(s)
    s.reg_w(rids[0]).tokens = 5
    s.winners = [0, 1]
    assert "share the victory" in tie_note(s)
    s.players[0].coins = 41
    s.winners = [0]
    assert tie_note(s) == ""


@pytest.mark.slow
def test_fullscreen_toggles_and_comes_back(tmp_path, monkeypatch):
    monkeypatch.setenv("SMALLWORLD_HOME", str(tmp_path))
    from game.ui.app import Options
    from game.ui.driver import Driver
    d = Driver(Options(pace=0, catch_errors=False), size=(1100, 700))
    try:
        d.pump(2)
        import pygame
        d.key(pygame.K_F11)
        d.key(pygame.K_F11)
        assert not d.app.fullscreen and d.app.size() == (1100, 700)
    finally:
        d.close()


def test_every_picture_the_art_script_draws_is_shipped():
    from game.ui.art import art_files
    from game.ui.theme import ART_DIR
    missing = [name for name in art_files() if not (ART_DIR / name).is_file()]
    assert not missing, f"run python -m game.ui.art to draw: {missing}"


def test_an_amazon_redeploy_draft_may_empty_regions_when_it_must():
    """R19: seven regions (the seventh just taken with 2 tokens), 2 more in hand and four to set
    aside: six stay on the board, so the draft lets a region go empty, and what it sends after
    the player moves the empty spot is accepted."""
    from game.rules import Board, apply, build_position
    ids = [f"r{i}" for i in range(8)]
    board = Board.from_dicts("line", 10, [
        {"id": rid, "terrain": "hill", "border": i in (0, 7),
         "adjacent": [x for x in (f"r{i - 1}", f"r{i + 1}") if x in ids]} for i, rid in enumerate(ids)])
    s = build_position(board, ["ann", "bob"], default_catalog(), random.Random(0), {
        "round": 2,
        "players": {"ann": {"active": {"race": "amazons", "power": "hill", "hand": 0}},
                    "bob": {"active": {"race": "ratmen", "power": "swamp"}}},
        "regions": {**{rid: {"owner": "ann", "race": "amazons", "tokens": 1} for rid in ids[:6]},
                    "r7": {"owner": "bob", "race": "ratmen", "tokens": 2}}})
    s, _ = apply(s, Conquer("r6"), random.Random(0))
    d = redeploy_draft(s, legal_actions(s))
    assert d is not None and d.total == 6 and len(d.counts) == 7 and d.minimum == 0
    assert d.remove("r0") and d.add("r6") and d.counts["r0"] == 0
    a = d.action()
    assert isinstance(a, Redeploy) and why_illegal(s, a) is None


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_the_log_tells_a_final_conquest_by_the_die_in_plain_words(lang):
    """The die's line says what was rolled ("a 2", "a blank") and the conquest's line how many
    tokens went in, in words: never a bare number in brackets beside "the die"."""
    md = map_for_players(2)
    s = new_game(md.board, ["Ann", "Bob"], default_catalog(), random.Random(3))
    from game.rules import apply
    s, _ = apply(s, Pick(0), random.Random(1))
    race, rid = s.players[0].active.race, md.board.regions[0].id
    words = {"en": ("a 2", "a blank", "1 token", "3 tokens"), "fr": ("un 2", "une face vide", "1 pion", "3 pions"),
             "nl": ("een 2", "een blanco", "1 fiche", "3 fiches"),
             "ro": ("un 2", "o față goală", "1 jeton", "3 jetoane")}[lang]
    try:
        strings.set_language(lang)
        rolled = event_line({"type": "die", "seat": 0, "face": 2, "region": rid, "needed": 1, "success": True}, s)
        blank = event_line({"type": "die", "seat": 0, "face": 0, "region": rid, "needed": 1, "success": False}, s)
        took = [event_line({"type": "reinforce", "seat": 0, "race": race, "region": rid, "tokens": n,
                            "defender": None, "nonempty": False}, s) for n in (1, 3)]
    finally:
        strings.set_language("en")
    assert words[0] in rolled and words[1] in blank, (rolled, blank)
    assert words[2] in took[0] and words[3] in took[1], took
    assert not any(re.search(r"\(\d+\)", line) for line in took), took
