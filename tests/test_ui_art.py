"""The pieces on the table: every race of the base game and of each shipped pack has its token,
Active and In Decline, every power its badge and every marker its plate; each is drawn at the
size asked, fills it, and no two emblems, tokens, badges or marker outlines are the same
picture. A custom race or power gets an emblem made from what it does, unlike every shipped one
and unlike another custom one; the board never draws a marker under 18 pixels."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from itertools import combinations  # noqa: E402
from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.catalog import CONTENT_DIR, load_catalog  # noqa: E402
from game.ui import art, emblems  # noqa: E402

PACKS = sorted((CONTENT_DIR / "expansions").glob("*.yaml"))
SIZE = 48


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture(scope="module")
def shipped():
    cat = load_catalog(PACKS)
    return sorted(cat.races) + ["lost_tribe"], sorted(cat.powers)


def _grey(img: pygame.Surface) -> list[float]:
    """The picture as coverage-weighted lightness, pixel by pixel (its alpha matters)."""
    out = []
    for y in range(img.get_height()):
        for x in range(img.get_width()):
            r, g, b, a = img.get_at((x, y))
            out.append((0.3 * r + 0.59 * g + 0.11 * b) * a / 255)
    return out


def _apart(a: list[float], b: list[float]) -> float:
    return sum(abs(p - q) for p, q in zip(a, b, strict=True)) / len(a)


def _extent(img: pygame.Surface) -> pygame.Rect:
    return img.get_bounding_rect(min_alpha=40)


def test_every_shipped_race_and_power_has_its_own_picture(shipped) -> None:
    races, powers = shipped
    assert len(races) >= 40 and len(powers) >= 55          # the base game and all seven packs
    for race in races:
        assert race in emblems.RACE_COLOURS, f"{race} has no field colour"
        assert race in art.EMBLEMS or race in emblems.RACE_RECIPES, f"{race} has no emblem"
    for power in powers:
        assert power in emblems.POWER_RECIPES, f"{power} has no emblem"


def test_tokens_badges_and_markers_fill_the_size_asked(shipped) -> None:
    races, powers = shipped
    pics = [(f"{r} token", art.race_token(r, False, SIZE)) for r in races]
    pics += [(f"{r} decline", art.race_token(r, True, SIZE)) for r in races]
    pics += [(f"{p} badge", art.power_badge(p, SIZE)) for p in powers]
    pics += [(f"{m} marker", art.marker(m, 18)) for m in art.MARKERS]
    for what, img in pics:
        w = img.get_width()
        assert img.get_size() == (w, w) and w in (SIZE, 18), what
        box = _extent(img)
        assert box.w >= 0.8 * w and box.h >= 0.7 * w, f"{what} fills only {box.size} of {w}"


def test_no_two_emblems_are_the_same_picture(shipped) -> None:
    races, powers = shipped
    ink = art.LIGHT
    seen = {f"race {r}": _grey(pygame.transform.smoothscale(art._emblem(r, ink, SIZE, None), (SIZE, SIZE)))
            for r in races if r != "lost_tribe"}
    seen |= {f"power {p}": _grey(pygame.transform.smoothscale(art._emblem(p, ink, SIZE, None, power=True),
                                                               (SIZE, SIZE))) for p in powers}
    close = [(a, b, round(_apart(seen[a], seen[b]), 1)) for a, b in combinations(seen, 2)
             if _apart(seen[a], seen[b]) < 6]
    assert not close, f"emblems too alike: {close}"


def test_no_two_tokens_badges_or_decline_sides_are_the_same(shipped) -> None:
    races, powers = shipped
    for pics in ({r: art.race_token(r, False, 32) for r in races},
                 {r: art.race_token(r, True, 32) for r in races if r != "lost_tribe"},
                 {p: art.power_badge(p, 32) for p in powers}):
        grey = {k: _grey(v) for k, v in pics.items()}
        close = [(a, b) for a, b in combinations(grey, 2) if _apart(grey[a], grey[b]) < 4]
        assert not close, f"too alike: {close}"


@pytest.mark.slow
def test_a_decline_side_is_its_race_turned_over(shipped) -> None:
    """The same emblem on sepia: a decline token is nearer its own race's emblem than any other's."""
    races, _ = shipped

    def emblem_mask(img: pygame.Surface) -> set[tuple[int, int]]:
        dark = set()
        for y in range(8, 24):
            for x in range(8, 24):
                r, g, b, a = img.get_at((x, y))
                if a > 200 and r + g + b < 330:
                    dark.add((x, y))
        return dark
    light = {r: {(x, y) for y in range(8, 24) for x in range(8, 24)
                 if abs(sum(art.race_token(r, False, 32).get_at((x, y))[:3]) -
                        sum(emblems.race_colour(r))) > 120} for r in races if r != "lost_tribe"}
    for r in races:
        if r == "lost_tribe":
            continue
        mine = emblem_mask(art.race_token(r, True, 32))

        def score(other: str, mine: set[tuple[int, int]] = mine) -> float:
            o = light[other]
            return len(mine & o) / max(1, len(mine | o))
        best = max(light, key=score)
        assert best == r or score(best) - score(r) < 0.05, f"{r}'s decline side looks most like {best}"


def test_each_marker_has_its_own_outline() -> None:
    masks = {m: pygame.mask.from_surface(art.marker(m, 40), 60) for m in art.MARKERS}
    for a, b in combinations(masks, 2):
        both = masks[a].overlap_area(masks[b], (0, 0))
        either = masks[a].count() + masks[b].count() - both
        assert both / either < 0.93, f"the {a} and {b} markers have the same outline"


def test_custom_entries_get_emblems_unlike_any_other(shipped) -> None:
    races, powers = shipped
    c1 = art.Custom(("cost_change", "coins_for_regions"))
    mine = _grey(art.race_token("gnomes", False, 32, c1))
    other = _grey(art.race_token("moles", False, 32, c1))           # the same blocks, another id
    assert _apart(mine, other) >= 4
    for r in races:
        assert _apart(mine, _grey(art.race_token(r, False, 32))) >= 4, r
    badge = _grey(art.power_badge("shiny", 32, art.Custom(("extra_tokens",))))
    for p in powers:
        assert _apart(badge, _grey(art.power_badge(p, 32))) >= 4, p
    # blocks make the glyphs: other blocks, another picture
    a = _grey(pygame.transform.smoothscale(art._emblem("x", art.LIGHT, SIZE, art.Custom(("cost_change",))), (SIZE,) * 2))
    b = _grey(pygame.transform.smoothscale(art._emblem("x", art.LIGHT, SIZE, art.Custom(("extra_tokens",))), (SIZE,) * 2))
    assert _apart(a, b) >= 4


def test_sprites_learn_custom_entries_and_keep_two_apart() -> None:
    blocks = (("cost_change", {}),)
    cat = SimpleNamespace(races={"gnomes": SimpleNamespace(effects=blocks, art=""),
                                 "moles": SimpleNamespace(effects=blocks, art=""),
                                 "elves": SimpleNamespace(effects=(), art="")}, powers={})
    sp = art.Sprites()
    sp.learn(cat)
    assert set(sp.custom) == {"gnomes", "moles"}                    # a shipped race keeps its art
    a, b = sp.token("gnomes", False, 32), sp.token("moles", False, 32)
    assert _apart(_grey(a), _grey(b)) >= 4


def test_the_board_draws_no_marker_under_18_pixels() -> None:
    from game.content import geometry
    from game.content.tmx import SHIPPED_MAPS, load_map
    from game.ui.board_view import BoardView
    from game.ui.layout import compute
    from game.ui.theme import Fonts, Text

    sizes: list[int] = []

    class Recording(art.Sprites):
        def marker(self, kind: str, size: int) -> pygame.Surface:
            sizes.append(size)
            return super().marker(kind, size)

    md = load_map(SHIPPED_MAPS[5])
    for w, h in ((1280, 800), (1000, 650)):
        view = BoardView(md.polygons, (md.width, md.height), None, Recording(), Text(Fonts()), md.board.regions)
        view.set_layout(compute(w, h, md.width, md.height))
        rid = next(iter(md.polygons))
        region = SimpleNamespace(lair=True, fortress=True, hole=True, hero=True, dragon=False,
                                 marks={"winter": 1, "catapult": 1})
        surf = pygame.Surface(view.layout.board.size)
        view._markers(surf, rid, view.token_size(), region, 3)
    assert sizes and min(sizes) >= 18, sizes
    assert geometry is not None


def test_the_art_script_writes_every_picture(tmp_path: Path) -> None:
    written = art.write_all(tmp_path)
    names = {p.relative_to(tmp_path).as_posix() for p in written}
    assert {f"powers/{p}.png" for p in emblems.POWER_RECIPES} <= names
    assert {f"markers/{m}.png" for m in art.MARKERS} <= names
    assert {f"tokens/{r}_decline.png" for r in emblems.RACE_COLOURS if r != "lost_tribe"} <= names


def _salts_at_once(races: dict) -> dict[str, int]:
    taken: dict = {}
    full: dict = {}
    return {k: art._free_salt(k, tuple(n for n, _ in d.effects), taken, full) for k, d in races.items()}


def test_salts_follow_the_catalogs_order_whichever_emblem_is_drawn_first() -> None:
    blocks = (("cost_change", {}),)
    races = {f"r{i}": SimpleNamespace(effects=blocks, art="") for i in range(9)}
    races["odd"] = SimpleNamespace(effects=(("flying", {}),), art="")
    sp = art.Sprites()
    sp.learn(SimpleNamespace(races=races, powers={}))
    want = _salts_at_once(races)
    asked = ["r4", "r2", "odd", "r8", *races]                             # worked out when first asked
    assert {k: sp.custom[k].salt for k in asked} == want
    dots = {emblems.generated(f"r{i}", ("cost_change",), want[f"r{i}"])[1] for i in range(9)}
    assert len(dots) == 9                                                # none alike
    sp.token("r3", False, 32)
    del races["r0"]                                                      # the others' salts may change
    sp.learn(SimpleNamespace(races=races, powers={}))
    assert {k: sp.custom[k].salt for k in races} == _salts_at_once(races)
    assert ("custom/r3.race", 32) not in sp._scaled                      # drawn again
