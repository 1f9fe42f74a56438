"""A whole game at the table with two players on phones (two headless Chromium sessions, portrait
390×844, the page served by the game) and one in hot seat. The phones' moves are the Easy
computer player's choices made by tapping the page: the column's buttons, the lit regions, the
die, the steppers of a redeploy and of tokens got back (the out-of-turn decision), decline (and
its confirmation), end turn. Mid-game one phone reloads during its turn and carries on; later a
seat is taken back on the table with one click and finishes in hot seat. At the end the saved
game replays to the same final state. Screenshots of the phone go to $PHONE_SHOTS (docs/images
when the README's pictures are drawn again)."""
from __future__ import annotations

import io
import os
import threading
import time
import traceback
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.match import Match, Seat  # noqa: E402
from game.rules import (  # noqa: E402
    Abandon,
    Conquer,
    Decline,
    EndTurn,
    Pick,
    Redeploy,
    Reinforce,
    Withdraw,
    actor,
    legal_actions,
)
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver, scripted_step  # noqa: E402
from game.ui.scenes.final import FinalScene  # noqa: E402
from game.ui.scenes.phones import open_phones  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402
from tests.phone_browser import have_chromium, phone_browser, screenshot_png  # noqa: E402
from tools.screens import save_small  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not have_chromium(), reason="needs chromium and chromium-driver")]

#: a point inside a region's polygon, in the viewport, found by asking the page what is there
INSIDE = """
const p = document.getElementById('r-' + arguments[0]);
if (!p) return null;
p.scrollIntoView({block: 'center'});
const b = p.getBoundingClientRect();
for (const k of [6, 5, 7, 4, 8, 3, 9, 2, 10, 1, 11]) for (const i of [6, 5, 7, 4, 8, 3, 9, 2, 10, 1, 11]) {
  const x = b.left + b.width * i / 12, y = b.top + b.height * k / 12;
  if (document.elementFromPoint(x, y) === p) return [x, y];
}
return null;
"""


#: what the page drew on its board: every stack of the view from its race's picture (the side it
#: shows), every marker and feature icon from theirs, each <use> pointing at a loaded picture
BOARD = """
const v = window.__phone.view, b = window.__phone.board, svg = document.getElementById('board');
const out = {pictures: window.__phone.pictures, stacks: [], missing: [], markers: 0, features: 0, broken: 0,
             declines: 0, costs: 0};
for (const rid in v.regions) {
  const r = v.regions[rid];
  const g = svg.querySelector('g.region[data-rid="' + rid + '"]');
  if (r.tokens || r.lost_tribe) {
    const want = r.tokens ? (r.decline ? 'decline:' : 'token:') + r.rid : 'token:lost_tribe';
    if (g && g.querySelector('use[data-pic="' + want + '"]')) { out.stacks.push(want); if (r.decline) out.declines++; }
    else out.missing.push([rid, want]);
  }
  for (const [kind] of (r.markers || []).slice(0, 1))
    if (!(g && g.querySelector('use[data-pic="marker:' + kind + '"]'))) out.missing.push([rid, 'marker:' + kind]);
}
for (const r of b.regions) {
  const g = svg.querySelector('g.region[data-rid="' + r.id + '"]');
  for (const k of r.features) if (!(g && g.querySelector('use[data-pic="feature:' + k + '"]'))) out.missing.push([r.id, k]);
}
for (const u of svg.querySelectorAll('use.pic')) {
  const img = document.getElementById(u.getAttribute('href').slice(1)).querySelector('image');
  if (!img || !img.getAttribute('href').startsWith('data:image/')) out.broken++;
  const name = u.getAttribute('data-pic');
  if (name.startsWith('marker:')) out.markers++;
  if (name.startsWith('feature:')) out.features++;
}
out.costs = svg.querySelectorAll('text.cost-t').length;
return out;
"""


#: the markers the page drew in one region (the pictures' names, or a plain disc's initial), and
#: their chips ("×3")
MARKERS = """
const g = document.getElementById('board').querySelector('g.region[data-rid="' + arguments[0] + '"]');
if (!g) return [[], []];
return [[...g.querySelectorAll('use[data-pic^="marker:"]')].map((u) => u.getAttribute('data-pic').slice(7)),
        [...g.querySelectorAll('text')].map((t) => t.textContent).filter((t) => t.startsWith('×'))];
"""


class Phone:
    """One player's phone: a browser session on their seat's page."""

    def __init__(self, url: str, seat: int) -> None:
        self.seat = seat
        self.drv = phone_browser()
        self.drv.get(url)

    def js(self, script: str, *args: Any) -> Any:
        return self.drv.execute_script(script, *args)

    def version(self) -> int:
        return self.js("return window.__phone && window.__phone.view ? window.__phone.view.v : -1")

    def moves(self) -> int:
        """How many moves of the game the page shows."""
        return self.js("return window.__phone && window.__phone.view ? window.__phone.view.moves : -1")

    def tap(self, element_id: str) -> None:
        """Tap the element with this id (found again if the page drew itself anew meanwhile)."""
        from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
        from selenium.webdriver.common.by import By
        for attempt in range(40):
            try:
                el = self.drv.find_element(By.ID, element_id)
                self.js("arguments[0].scrollIntoView({block: 'center'})", el)
                el.click()
                return
            except (StaleElementReferenceException, NoSuchElementException):
                if attempt == 39:
                    ids = self.js("return [...document.querySelectorAll('button')].map(b => b.id)")
                    v = self.js("const v = window.__phone.view; return [v.v, v.mine, v.phase, v.actor, v.me]")
                    raise AssertionError(f"no {element_id} on the page: {ids} {v}") from None
                time.sleep(0.05)

    def tap_region(self, rid: str) -> None:
        """Tap the region's polygon at a point inside it (its box's centre may fall outside)."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        point = self.js(INSIDE, rid)
        assert point is not None, f"region {rid} cannot be tapped"
        box = self.js("return document.getElementById('r-' + arguments[0]).getBoundingClientRect().toJSON()", rid)
        dx = int(point[0] - (box["left"] + box["width"] / 2))
        dy = int(point[1] - (box["top"] + box["height"] / 2))
        el = self.drv.find_element(By.ID, f"r-{rid}")
        ActionChains(self.drv).move_to_element_with_offset(el, dx, dy).click().perform()

    def markers(self, rid: str) -> tuple[list[str], list[str]]:
        """The markers drawn in a region of the board, and their "×n" chips."""
        kinds, chips = self.js(MARKERS, rid)
        return kinds, chips

    def count(self, rid: str) -> int:
        got = self.js("const e = document.getElementById('count-' + arguments[0]); return e && e.textContent", rid)
        assert got is not None, (rid, self.js("return window.__phone.view.draft"))
        return int(got)

    def shot(self, path: Path, scroll: bool = True) -> None:
        """The phone's screen, in the 128 colours of the guides' pictures (`tools.screens`)."""
        if scroll:
            self.js("window.scrollTo(0, 0)")
        png = screenshot_png(self.drv, required=bool(os.environ.get("PHONE_SHOTS")))
        if png is not None:
            save_small(pygame.image.load(io.BytesIO(png), "shot.png"), path)

    def close(self) -> None:
        self.drv.quit()


class Phones:
    """The two phones' player: waits for its seat's turn, asks the Easy bot, taps its choice."""

    def __init__(self, d: Driver, table: Table, phones: dict[int, Phone], shots: Path) -> None:
        self.d, self.table, self.phones, self.shots = d, table, phones, shots
        self.link = d.app.phones
        self.bots = {seat: make_bot("easy", seat, 100 + seat) for seat in phones}
        self.done = threading.Event()
        self.error: str | None = None
        self.taps: dict[str, int] = {}
        self.reloaded = False
        self.rolled = False
        self.declined = False
        self.withdrew = False
        self.take_back: int | None = None          # the seat the table is asked to take back
        self.taken: set[int] = set()
        self.shot_names: set[str] = set()
        self.board: dict[str, Any] | None = None     # what the page drew on its board, mid-game

    def tapped(self, what: str) -> None:
        self.taps[what] = self.taps.get(what, 0) + 1

    def run(self) -> None:
        try:
            while not self.table.match.state.game_over and not self.done.is_set():
                moves = len(self.table.match.records)
                s = self.table.match.state
                who = actor(s)
                phone = self.phones.get(who)
                if phone is None or who in self.taken or not self.table.on_phone(who):
                    time.sleep(0.01)
                    continue
                if s.round >= 6 and who == 1 and 1 not in self.taken:
                    self.take_back = 1                # Bob's phone is "gone": the table takes the seat
                    self.taken.add(1)
                    continue
                if phone.moves() != moves or self.table.match.state is not s:
                    time.sleep(0.01)                  # the page shows the latest view first
                    continue
                self.move(phone, s)
        except Exception:  # noqa: BLE001 - reported by the test
            self.error = traceback.format_exc()[-3000:]
            for seat, phone in self.phones.items():
                try:
                    logs = [e["message"] for e in phone.drv.get_log("browser") if "vibrate" not in e["message"]]
                    self.error += f"\nseat {seat}'s page said: {logs[-5:]}"
                    phone.drv.save_screenshot(str(self.shots / f"failed-{seat}.png"))
                except Exception:  # noqa: BLE001
                    pass
        finally:
            self.done.set()

    def choose(self, s: Any, seat: int) -> Any:
        legal = legal_actions(s)
        if not self.rolled and any(isinstance(a, Reinforce) for a in legal) and s.turn.phase == "conquer":
            return next(a for a in legal if isinstance(a, Reinforce))
        if not self.declined and s.round >= 4 and Decline() in legal:
            return Decline()
        return self.bots[seat].choose(s)

    def move(self, phone: Phone, s: Any) -> None:
        seat = phone.seat
        before = len(self.table.match.records)
        a = self.choose(s, seat)
        name = f"{type(a).__name__}"
        if not self.reloaded and s.round == 2 and isinstance(a, Conquer) and s.turn.conquered:
            phone.drv.refresh()                     # the phone reloads mid-turn and takes its seat again
            self.reloaded = True
            self.wait_page(phone)
        if isinstance(a, Pick):
            phone.tap(f"pick-{a.index}")
            self.snap(phone, "phone-column.png", s.round >= 1 and seat == 0)
        elif isinstance(a, Conquer):
            if self.board is None and s.round >= 5 and seat == 0:
                self.board = phone.js(BOARD)          # mid-game: races, stacks In Decline, markers
                self.snap(phone, "phone-board.png", True)
            for _ in range(3):                     # a tap lost while the page drew itself anew: tap again
                phone.tap_region(a.region)
                if self.changed(before, s, 1.5):
                    break
        elif isinstance(a, Reinforce):
            phone.tap_region(a.region)
            self.snap(phone, "phone-die.png", True, scroll=False)
            phone.tap("move-reinforce")
            self.rolled = True
        elif isinstance(a, Abandon):
            phone.tap_region(a.region)
            phone.tap("move-abandon")
        elif isinstance(a, Redeploy):
            if phone.js("return document.getElementById('draft').hidden"):
                phone.tap("btn-redeploy")          # the steppers open
            self.steppers(phone, dict(a.counts), add_only=False)
            self.snap(phone, "phone-redeploy.png", True)
            phone.tap("draft-send")
        elif isinstance(a, Withdraw):
            self.steppers(phone, dict(a.counts), add_only=True)
            self.snap(phone, "phone-withdraw.png", True)
            phone.tap("draft-send")
            if not self.changed(before, s, 1.0):
                phone.tap("draft-send")            # some left in hand: the second press places them
            self.withdrew = True
        elif isinstance(a, Decline):
            phone.tap("btn-decline")
            phone.tap("btn-decline")                # "Really decline?"
            self.declined = True
        elif isinstance(a, EndTurn):
            phone.tap("btn-stout" if a.decline else "btn-end_turn")
            if self.table.match.state is s and s.turn.phase != "pick":
                time.sleep(0.05)
        else:                                        # a power's own placement the page leaves to the end of turn
            name = "EndTurn"
            phone.tap("btn-end_turn")
        self.tapped(name)
        end = time.monotonic() + 8
        while time.monotonic() < end and len(self.table.match.records) == before \
                and self.table.match.state is s:
            time.sleep(0.01)
        if len(self.table.match.records) == before and self.table.match.state is s:
            said = phone.js("return window.__phone.said.slice(-1)[0]")
            rid = getattr(a, "region", "")
            seen = phone.js("const v = window.__phone.view; return [v.v, v.mine, v.phase, v.targets && v.targets[arguments[0]], "
                            "document.getElementById('r-' + arguments[0]) && "
                            "document.getElementById('r-' + arguments[0]).getAttribute('class')]", rid)
            raise AssertionError(f"seat {seat}: {a} was not played ({said}; {seen}; {phone.js(INSIDE, rid)}; "
                                 f"{self.link.version})")

    def changed(self, before: int, s: Any, limit: float) -> bool:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if len(self.table.match.records) != before or self.table.match.state is not s:
                return True
            time.sleep(0.01)
        return False

    def steppers(self, phone: Phone, counts: dict[str, int], add_only: bool) -> None:
        """Tap − and + until each region shows what the move wants (the tokens placed, or the
        whole stack when redeploying)."""
        base = phone.js("return window.__phone.view.draft.base || {}")
        want = {rid: base.get(rid, 0) + n for rid, n in counts.items()} if add_only else counts
        order = sorted(want, key=lambda r: want[r] - phone.count(r))      # take off first, then add
        for rid in order:
            for _ in range(60):
                have = phone.count(rid)
                if have == want[rid]:
                    break
                phone.tap(("plus-" if want[rid] > have else "minus-") + rid)
            self.tapped("stepper")

    def wait_page(self, phone: Phone) -> None:
        end = time.monotonic() + 10
        while time.monotonic() < end and phone.moves() != len(self.table.match.records):
            time.sleep(0.02)

    def snap(self, phone: Phone, name: str, when: bool, scroll: bool = True) -> None:
        if when and name not in self.shot_names:
            self.shot_names.add(name)
            phone.shot(self.shots / name, scroll)


def test_a_whole_game_with_two_phones_and_a_hot_seat(home: Path) -> None:
    shots = Path(os.environ.get("PHONE_SHOTS", home))
    shots.mkdir(parents=True, exist_ok=True)
    d = Driver(Options(pace=0, catch_errors=False))
    d.app.switch(StartScene(d.app))                  # the family ticks Phones on the start screen
    d.pump(2)
    d.press_button("phones")
    d.move(d.scene.button("phones").rect.center)
    d.pump(3)
    d.screenshot(shots / "start-phones.png")
    assert d.app.phones_on
    d.app.phones_port, d.app.phones_host = 0, "127.0.0.1"
    table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky"), Seat("Cy", "green")], 11, shipped_map_path(3), [],
                      home / "game.json")
    game = GameScene(d.app, table)
    d.app.switch(game)
    open_phones(d.app, game)
    d.pump(2)
    link = d.app.phones
    phones: dict[int, Phone] = {}
    player: Phones | None = None
    on_screen: list[float] = []                 # from a phone's move coming in to the table's frame showing it
    seen = [0]

    def frame() -> None:
        now = time.perf_counter()
        on_screen.extend(now - at for at in link.played[seen[0]:])
        seen[0] = len(link.played)
    d.app.on_frame = frame
    try:
        for seat in (0, 1):
            phones[seat] = Phone(link.server.address(seat, "127.0.0.1"), seat)
        end = time.monotonic() + 20
        while link.server.claimed() != {0, 1} and time.monotonic() < end:
            d.pump()
            time.sleep(0.01)
        d.pump(2)
        d.screenshot(shots / "phones-joined.png")          # the card says which seats joined
        d.press_button("play")
        while table.phone_seats != {0, 1} and time.monotonic() < end:
            d.pump()
            time.sleep(0.01)
        assert table.phone_seats == {0, 1}
        phones[0].shot(shots / "phone-turn.png")
        player = Phones(d, table, phones, shots)
        worker = threading.Thread(target=player.run, daemon=True)
        worker.start()
        hot_moves = 0
        limit = time.monotonic() + 600
        while not isinstance(d.scene, FinalScene) and time.monotonic() < limit and not player.done.is_set():
            d.pump()
            if player.take_back is not None and table.on_phone(player.take_back) \
                    and table.actor() == player.take_back and isinstance(d.scene, GameScene):
                d.press_button("take_back")
                player.take_back = None
                continue
            who = table.actor()
            if not table.state.game_over and not table.on_phone(who) and not (who == 1 and 1 not in player.taken):
                scripted_step(d)
                hot_moves += 1
            else:
                d.app.tick(block=True)            # the window's own wait: woken by a phone's move
        while not isinstance(d.scene, FinalScene) and time.monotonic() < limit and player.error is None:
            d.pump()                              # the last moves land, the final screen comes
            if not table.state.game_over and not table.on_phone(table.actor()):
                scripted_step(d)
            time.sleep(0.005)
        player.done.set()
        worker.join(10)
        assert player.error is None, player.error
        assert isinstance(d.scene, FinalScene) and table.state.game_over
        # what the game went through
        assert player.rolled and player.declined and player.reloaded and player.withdrew, player.taps
        assert 1 in player.taken and 1 not in table.phone_seats and hot_moves > 0
        # the board drawn as the table's: every piece from its own picture, every picture loaded
        seen = player.board
        assert seen is not None and seen["missing"] == [] and seen["broken"] == 0, seen
        pics = seen["pictures"]
        assert pics["sent"] >= 30 and pics["loaded"] == pics["sent"] and pics["failed"] == 0 and pics["plain"] == 0
        assert len(set(seen["stacks"])) >= 3 and seen["declines"] >= 1 and seen["features"] >= 10, seen
        assert seen["costs"] >= 1 and pics["ms"] < 200
        assert phones[1].js("return window.__phone.bye") == "taken_back"
        assert phones[0].js("return window.__phone.turns") > 3
        end = time.monotonic() + 5
        while phones[0].js("return window.__phone.view.over") is not True and time.monotonic() < end:
            d.pump()
            time.sleep(0.02)
        phones[0].shot(shots / "phone-final.png")
        records = table.match.records
        assert any(r.action.get("kind") == "withdraw" and r.seat in (0, 1) for r in records)
        assert any(r.action.get("kind") == "decline" and r.seat in (0, 1) for r in records)
        assert any(r.rolls and r.seat in (0, 1) for r in records)
        # tap to table: the page's time from sending a move to the table's "played" (median), and the
        # table's own part, from the message's arrival to the move played and saved
        import statistics
        rtt = [x for p in phones.values() for x in p.js("return window.__phone.rtt")]
        table_ms = [x * 1000 for x in link.latency]
        waited_ms = [x * 1000 for x in link.waited]
        screen_ms = [x * 1000 for x in on_screen]
        print(f"tap to table and back: median {statistics.median(rtt):.1f} ms over {len(rtt)} moves; "
              f"the table's part: median {statistics.median(table_ms):.1f} ms to the move played, saved and "
              f"every phone's view sent (of which waiting for the window to look: median "
              f"{statistics.median(waited_ms):.1f} ms), {statistics.median(screen_ms):.1f} ms to the table's "
              f"frame showing it")
        assert statistics.median(rtt) < 250
        # the saved game replays to the same end
        again = Match.load(table.save_path)
        assert again.state.game_over and again.state.to_dict() == table.state.to_dict()
        assert [r.to_dict() for r in again.records] == [r.to_dict() for r in records]
    finally:
        if player is not None:
            player.done.set()
        for p in phones.values():
            p.close()
        d.close()


def test_heroes_and_encampments_are_placed_by_tapping_the_phone(home: Path) -> None:
    """Ann (Heroic) and Bob (Bivouacking) on their phones: the page offers the table's own buttons,
    Ann taps two of her regions on the board for her Heroes, Bob spreads his Encampments with the
    steppers (tests/test_phones_table.py checks the engine's refusals of both)."""
    from game.rules import Combo
    from game.ui import strings
    shots = Path(os.environ.get("PHONE_SHOTS", home))
    shots.mkdir(parents=True, exist_ok=True)
    d = Driver(Options(pace=0, catch_errors=False))
    d.app.phones_on, d.app.phones_port, d.app.phones_host = True, 0, "127.0.0.1"
    table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky"), Seat("Cy", "green")], 11, shipped_map_path(3), [],
                      home / "game.json")
    s = table.match.state.copy()
    s.column[0], s.column[1] = Combo("ratmen", "heroic"), Combo("amazons", "bivouacking")
    table.match.states[-1] = s
    game = GameScene(d.app, table)
    d.app.switch(game)
    open_phones(d.app, game)
    link = d.app.phones
    phones: dict[int, Phone] = {}

    def pump_until(done: Any, limit: float = 15.0) -> Any:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            d.pump()
            got = done()
            if got:
                return got
            time.sleep(0.01)
        raise AssertionError("the page did not get there")

    def conquer_twice() -> None:
        for _ in range(2):
            assert game.send(next(a for a in game.legal if isinstance(a, Conquer)))

    def shown(phone: Phone) -> bool:
        return phone.moves() == len(table.match.records)

    try:
        for seat in (0, 1):
            phones[seat] = Phone(link.server.address(seat, "127.0.0.1"), seat)
        pump_until(lambda: link.server.claimed() == {0, 1})
        d.press_button("play")
        pump_until(lambda: table.phone_seats == {0, 1})
        ann, bob = phones[0], phones[1]
        pump_until(lambda: shown(ann))
        ann.tap("pick-0")
        pump_until(lambda: len(table.match.records) == 1)
        conquer_twice()
        pump_until(lambda: shown(ann))
        ann.tap("btn-heroes")
        own = table.state.active_regions(0)
        assert ann.js("return document.getElementById('btn-heroes').textContent") == strings.t("button.heroes")
        assert ann.js("return document.getElementById('draft-send').disabled") is True
        assert not any("hero" in ann.markers(rid)[0] for rid in own)
        for k, rid in enumerate(own[:2]):             # the board shows each Hero where it is put
            ann.tap_region(rid)
            assert [("hero" in ann.markers(r)[0]) for r in own] == [i <= k for i in range(len(own))]
        assert not any(table.state.regions[r].hero for r in own)       # nothing placed yet
        assert ann.js("return document.getElementById('draft-send').textContent") == strings.t("button.place_heroes")
        ann.shot(shots / "phone-heroes.png")
        before = len(table.match.records)
        ann.tap("draft-send")
        pump_until(lambda: len(table.match.records) > before)
        assert table.match.records[-1].action == {"kind": "heroes", "regions": sorted(own[:2], key=own.index)}
        assert all(table.state.regions[r].hero for r in own[:2])
        pump_until(lambda: shown(ann))
        ann.tap("btn-end_turn")
        pump_until(lambda: table.actor() == 1 and shown(bob))
        bob.tap("pick-0")
        pump_until(lambda: table.state.turn.phase == "conquer")
        conquer_twice()
        pump_until(lambda: shown(bob))
        bob.tap("btn-encampments")
        mine = table.state.active_regions(1)
        total = 5
        start = bob.js("return window.__phone.view.camps.counts")
        assert sum(start.values()) == total and not any(table.state.regions[r].encampments for r in mine)
        for rid in mine:                          # the board shows the draft, not the empty regions
            assert bob.markers(rid) == ((["encampment"], [f"×{start[rid]}"] if start[rid] > 1 else [])
                                        if start[rid] else ([], []))
        for rid in mine:                          # all off, then every one on the first region
            while bob.count(rid) > 0:
                bob.tap("minus-" + rid)
        for _ in range(total - 1):
            bob.tap("plus-" + mine[0])
        assert bob.js("return document.getElementById('pool').textContent") == \
            strings.t("bar.pool_encampments", count=1)
        bob.tap("plus-" + mine[0])
        assert bob.markers(mine[0]) == (["encampment"], [f"×{total}"])
        assert all(bob.markers(rid) == ([], []) for rid in mine[1:])
        bob.shot(shots / "phone-encampments.png")
        before = len(table.match.records)
        bob.tap("draft-send")
        pump_until(lambda: len(table.match.records) > before)
        assert table.state.regions[mine[0]].encampments == total
        assert table.match.records[-1].action == {"kind": "encampments", "counts": {mine[0]: total}}
    finally:
        for p in phones.values():
            p.close()
        d.close()
