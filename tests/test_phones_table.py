"""Phones at the table, end to end without a browser: the window serves a game to websocket
phones (`tests.phone_client`), plays their intents through its own `send` (recorded and saved
like a click), skips the hand-over for a phone seat, says the engine's own sentence to a phone
whose move is refused, never lets a seat act for another nor read its coins, stays responsive
under junk and floods, and takes a seat back on the table in one click."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Callable

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from game.match import Match, Seat  # noqa: E402
from game.rules import Conquer, EndTurn, Pick, why_illegal  # noqa: E402
from game.ui import strings  # noqa: E402
from game.ui.app import Options  # noqa: E402
from game.ui.driver import Driver  # noqa: E402
from game.ui.scenes.curtain import PassScene  # noqa: E402
from game.ui.scenes.phones import PhonesScene, open_phones  # noqa: E402
from game.ui.scenes.play import GameScene  # noqa: E402
from game.ui.scenes.start import StartScene  # noqa: E402
from game.ui.table import Table, shipped_map_path  # noqa: E402
from tests.phone_client import PhoneClient  # noqa: E402


def _table(d: Driver, home: Path) -> tuple[GameScene, Table]:
    d.app.phones_on, d.app.phones_port, d.app.phones_host = True, 0, "127.0.0.1"
    table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky"), Seat("Cy", "green")], 5, shipped_map_path(3), [],
                      home / "game.json")
    game = GameScene(d.app, table)
    d.app.switch(game)
    open_phones(d.app, game)
    return game, table


def _phone(d: Driver, seat: int) -> PhoneClient:
    url = d.app.phones.server.address(seat, "127.0.0.1").replace("http://", "ws://") + "/ws"
    return PhoneClient(url)


def _until(d: Driver, done: Callable[[], Any], limit: float = 10.0) -> Any:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        d.pump()
        got = done()
        if got:
            return got
        time.sleep(0.003)
    raise AssertionError("the table did not get there")


def _said(c: PhoneClient) -> Callable[[], Any]:
    """The phone's next answer from the table (other messages stay for `recv`)."""
    def look() -> Any:
        got = c.drain()
        said = next((m for m in got if m["t"] == "said"), None)
        for m in got:
            if m is not said:
                c.inbox.put(m)
        return said
    return look


def test_a_phone_plays_its_seat_and_the_table_records_it(home: Path) -> None:
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home)
        assert isinstance(d.scene, PhonesScene)
        ann, bob = _phone(d, 0), _phone(d, 1)
        phones += [ann, bob]
        assert ann.recv(kind="board")["regions"]
        view = ann.recv(kind="view")
        assert view["mine"] and view["coins"] == 5 and view["picks"]
        assert all("coins" not in p for p in view["players"])          # nobody's coins but one's own
        bob_view = bob.recv(kind="view")
        assert not bob_view["mine"] and "picks" not in bob_view
        # Bob may not act for Ann: refused, nothing played
        bob.send({"t": "act", "a": Pick(0).to_dict(), "n": 1})
        said = _until(d, _said(bob))
        assert said == {"t": "said", "n": 1, "ok": False, "why": "not_yours"} and not table.match.records
        assert not isinstance(d.scene, PassScene) and table.phone_seats == {0, 1}
        # a move the engine refuses: its own sentence, in the phone's language
        ann.send({"t": "lang", "lang": "fr"})
        bad = Conquer(next(iter(table.state.regions)))
        ann.send({"t": "act", "a": bad.to_dict(), "n": 2})
        said = _until(d, _said(ann))
        strings.set_language("fr")
        try:
            assert said["ok"] is False and said["text"] == strings.say(why_illegal(table.state, bad), table.state)
        finally:
            strings.set_language("en")
        ann.drain()
        ann.send({"t": "act", "a": view["picks"]["0"], "n": 3})
        said = _until(d, _said(ann))
        assert said == {"t": "said", "n": 3, "ok": True}
        assert table.match.records[-1].action == {"kind": "pick", "index": 0}
        saved = json.loads(table.save_path.read_text())
        assert saved["records"][-1]["action"] == {"kind": "pick", "index": 0}       # autosaved like a click
        after = ann.recv(kind="view")
        assert after["lang"] == "fr" and after["phase"] == "conquer" and after["targets"]
        assert isinstance(d.scene, GameScene) and game.viewer is None        # no curtain, no coins on the table
        # the phone's own undo walks back its own move... not past the pick (a new combo was shown)
        ann.send({"t": "undo", "n": 4})
        said = _until(d, _said(ann))
        assert said["ok"] is False and len(table.match.records) == 1
        # the table does not act for a phone seat: its clicks on the board do nothing
        rid = next(iter(after["targets"]))
        d.click(d.region_point(rid))
        assert len(table.match.records) == 1
        # one click takes the seat back: the phone is told, the hand-over comes back for Ann
        ann.drain()
        d.press_button("take_back")
        assert ann.recv(kind="bye")["why"] == "taken_back"
        assert table.phone_seats == {1}
        _until(d, lambda: isinstance(d.scene, PassScene))
        d.press_button("ready")
        d.click(d.region_point(rid))
        assert table.match.records[-1].action == {"kind": "conquer", "region": rid}
    finally:
        for c in phones:
            c.close()
        d.close()


def test_junk_and_floods_never_stall_the_table(home: Path) -> None:
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home)
        ann = _phone(d, 0)
        phones.append(ann)
        d.press_button("play")
        _until(d, lambda: 0 in table.phone_seats)
        for k in range(300):
            ann.send_text("junk" if k % 2 else json.dumps({"t": "act", "a": EndTurn().to_dict()}))
        worst = 0.0
        for _ in range(50):
            t0 = time.perf_counter()
            d.pump()
            worst = max(worst, time.perf_counter() - t0)
        assert worst < 0.5
        assert d.app.phones.server.refused > 200
        assert table.match.records == [] or all(r.seat == 0 for r in table.match.records)
    finally:
        for c in phones:
            c.close()
        d.close()


def test_the_start_screen_offers_phones_and_a_continued_game_gets_new_codes(home: Path) -> None:
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        d.app.switch(StartScene(d.app))
        d.pump(2)
        assert not d.app.phones_on
        d.press_button("phones")
        assert d.app.phones_on and d.scene.button("phones").toggled
        game, table = _table(d, home)
        first = d.app.phones.server.codes.code(0)
        d.app.switch(StartScene(d.app))                     # back at the start: the phones stop
        assert d.app.phones is None
        d.app.switch(StartScene(d.app))
        from game.saves import SaveInfo  # noqa: F401
        again = Table.resume(table.save_path)
        g2 = GameScene(d.app, again)
        d.app.switch(g2)
        open_phones(d.app, g2)
        assert d.app.phones.server.codes.code(0) not in (None, first)
        assert isinstance(d.scene, PhonesScene)
        Match.load(table.save_path)
    finally:
        d.close()


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_the_phone_speaks_every_language(lang: str) -> None:
    table = strings.table(lang)
    english = strings.table("en")
    keys = [k for k in english if k.startswith("phone.")]
    assert keys and all(k in table for k in keys)


def test_a_decision_out_of_turn_is_asked_on_the_defenders_phone(home: Path) -> None:
    """Bob, at the table, takes a region of Ann's Sentinels; Ann plays on her phone: her page is
    asked (her receiving regions lit, "Leave them" offered), her tap moves the tokens, and Bob's turn
    goes on at the table with no hand-over either way."""
    from game.rules import asked
    from tests.test_ui_out_of_turn import _bob_attacks
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        scene, lone, stack, other = _bob_attacks(d, home)
        d.app.phones_on, d.app.phones_port, d.app.phones_host = True, 0, "127.0.0.1"
        open_phones(d.app, scene)
        ann = _phone(d, 0)
        phones.append(ann)
        d.press_button("play")
        _until(d, lambda: 0 in scene.table.phone_seats)
        assert scene.send(Conquer(lone))
        d.pump(3)
        assert asked(scene.state) is not None and d.app.scene is scene       # no hand-over: Ann has her phone
        view = _until(d, lambda: next((m for m in ann.drain() if m["t"] == "view" and m["mine"]), None))
        assert view["asked"] and view["words"]["asked_line"] == t_en("phone.asked", attacker="Bob")
        assert set(view["targets"]) == {other} and view["targets"][other][0]["kind"] == "use"
        assert [b["label"] for b in view["buttons"]] == [t_en("button.leave_as_is")]
        ann.send({"t": "act", "a": view["targets"][other][0]["a"], "n": 1})
        assert _until(d, _said(ann))["ok"]
        s = scene.state
        assert asked(s) is None and s.regions[other].tokens == 3 and s.regions[stack].tokens == 1
        d.pump(3)
        assert d.app.scene is scene and scene.viewer == 1                   # Bob carries on at once
    finally:
        for c in phones:
            c.close()
        d.close()


def t_en(key: str, **fmt: Any) -> str:
    return strings.t(key, **fmt)


def _latest_view(d: Driver, c: PhoneClient, ok: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The phone's newest view once it satisfies `ok` (older ones are skipped)."""
    box: dict[str, Any] = {}

    def look() -> Any:
        for m in c.drain():
            if m["t"] == "view":
                box["v"] = m
        return box.get("v") if box.get("v") is not None and ok(box["v"]) else None
    return _until(d, look)


def test_heroes_and_encampments_are_placed_from_the_phone(home: Path) -> None:
    """Ann (Heroic) and Bob (Bivouacking) play on their phones: each is offered the table's own
    button words, places the pieces with the intent the page builds, and a placement the engine
    refuses comes back in the engine's sentence."""
    from game.rules import Combo, Encampments, Heroes
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home)
        s = table.match.state.copy()
        s.column[0], s.column[1] = Combo("ratmen", "heroic"), Combo("amazons", "bivouacking")
        table.match.states[-1] = s
        game.sync(reset_mode=True)
        ann, bob = _phone(d, 0), _phone(d, 1)
        phones += [ann, bob]
        d.press_button("play")
        _until(d, lambda: table.phone_seats == {0, 1})
        assert game.send(Pick(0)) and game.send(Conquer(next(a.region for a in game.legal if isinstance(a, Conquer))))
        assert game.send(Conquer(next(a.region for a in game.legal if isinstance(a, Conquer))))
        view = _latest_view(d, ann, lambda v: v["mine"] and "heroes" in v)
        own = table.state.active_regions(0)
        heroes = view["heroes"]
        assert heroes["label"] == t_en("button.heroes") and heroes["place"] == t_en("button.place_heroes")
        assert heroes["want"] == 2 and heroes["order"] == own and "camps" not in view
        # a region not Ann's: the engine's own sentence
        foreign = next(r for r in table.state.regions if r not in own)
        bad = Heroes((own[0], foreign))
        ann.send({"t": "act", "a": bad.to_dict(), "n": 1})
        said = _until(d, _said(ann))
        assert said["ok"] is False and said["text"] == strings.say(why_illegal(table.state, bad), table.state)
        ann.send({"t": "act", "a": {"kind": "heroes", "regions": own[:2]}, "n": 2})
        assert _until(d, _said(ann))["ok"]
        assert table.match.records[-1].action == {"kind": "heroes", "regions": own[:2]}
        assert all(table.state.regions[r].hero for r in own[:2])
        game.send(EndTurn())
        d.pump(3)
        # Bob: the Encampments, spread with steppers, all five on one region
        assert game.send(Pick(0)) and game.send(Conquer(next(a.region for a in game.legal if isinstance(a, Conquer))))
        view = _latest_view(d, bob, lambda v: v["mine"] and "camps" in v)
        camps = view["camps"]
        assert camps["label"] == t_en("button.encampments") and camps["place"] == t_en("button.place_encampments")
        assert camps["pool_line"] == t_en("bar.pool_encampments", count="{count}") and camps["total"] == 5
        where = table.state.active_regions(1)[0]
        too_many = Encampments.of({where: 6})
        bob.send({"t": "act", "a": too_many.to_dict(), "n": 1})
        said = _until(d, _said(bob))
        assert said["ok"] is False and said["text"] == strings.say(why_illegal(table.state, too_many), table.state)
        bob.send({"t": "act", "a": {"kind": "encampments", "counts": {where: 5}}, "n": 2})
        assert _until(d, _said(bob))["ok"]
        assert table.state.regions[where].encampments == 5
        assert table.match.records[-1].action == {"kind": "encampments", "counts": {where: 5}}
    finally:
        for c in phones:
            c.close()
        d.close()


def test_a_seat_taken_back_goes_to_a_phone_again_with_a_new_code(home: Path) -> None:
    """Ann's seat, taken back on the table, goes back to a phone from her own turn's bar: the card
    shows a fresh code for her seat alone and closes when the phone opens it; the old code opens
    nothing and its old socket acts no more; the game goes on from the phone."""
    import urllib.error
    import urllib.request

    import aiohttp
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home)
        link = d.app.phones
        ann = _phone(d, 0)
        phones.append(ann)
        d.press_button("play")
        _until(d, lambda: 0 in table.phone_seats)
        old_url = link.server.address(0, "127.0.0.1")
        assert game.button("to_phone") is None                   # on the phone already: nothing to offer
        d.press_button("take_back")
        assert ann.recv(kind="bye")["why"] == "taken_back"
        _until(d, lambda: isinstance(d.scene, PassScene))
        d.press_button("ready")
        d.pump(2)
        assert game.button("to_phone").label == t_en("phone.to_phone")
        d.press_button("to_phone")
        assert isinstance(d.scene, PhonesScene) and d.scene.seat == 0
        new_url = link.server.address(0, "127.0.0.1")
        assert new_url != old_url and 0 not in table.phone_seats
        with pytest.raises(urllib.error.HTTPError) as refused:         # the old code opens nothing
            urllib.request.urlopen(old_url + "/", timeout=5)
        assert refused.value.code == 403
        with pytest.raises(aiohttp.WSServerHandshakeError):
            PhoneClient(old_url.replace("http://", "ws://") + "/ws")
        again = PhoneClient(new_url.replace("http://", "ws://") + "/ws")
        phones.append(again)
        _until(d, lambda: isinstance(d.scene, GameScene) and 0 in table.phone_seats)   # the card closes itself
        view = _latest_view(d, again, lambda v: v["mine"] and bool(v.get("picks")))
        assert view["me"] == 0 and game.viewer is None
        again.send({"t": "act", "a": view["picks"]["0"], "n": 1})
        assert _until(d, _said(again))["ok"]
        assert table.match.records[-1].action == {"kind": "pick", "index": 0} and table.match.records[-1].seat == 0
    finally:
        for c in phones:
            c.close()
        d.close()


def test_a_seat_taken_back_goes_to_a_phone_from_the_menu_when_it_is_not_its_turn(home: Path) -> None:
    """Ann's seat, taken back on the table, goes back to a phone during Bob's turn: her turn's bar
    is not there then, the in-game menu's phones card is; it covers the table (no coins shown),
    offers "Play on a phone" for her seat alone, shows her fresh code and closes when her phone
    opens it. Her phone then sees Bob's turn without his moves, and Bob's turn goes on."""
    from game.ui.scenes.menu import MenuScene
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home)
        link = d.app.phones
        ann, bob = _phone(d, 0), _phone(d, 1)
        phones += [ann, bob]
        d.press_button("play")
        _until(d, lambda: table.phone_seats == {0, 1})
        old_url = link.server.address(0, "127.0.0.1")
        d.press_button("take_back")
        assert ann.recv(kind="bye")["why"] == "taken_back"
        _until(d, lambda: isinstance(d.scene, PassScene))
        d.press_button("ready")
        assert game.send(Pick(0)) and game.send(EndTurn())         # Ann plays her turn on the table
        _until(d, lambda: table.actor() == 1 and isinstance(d.scene, GameScene))
        assert game.button("to_phone") is None and game.button("peek") is None   # Bob's turn: no bar, no coins
        d.press_button("menu")
        assert isinstance(d.scene, MenuScene) and d.scene.button("phones").label == t_en("menu.phones")
        d.press_button("phones")
        assert isinstance(d.scene, PhonesScene) and d.scene.seat is None
        d.pump()
        card = d.scene
        assert [b.id for b in card.buttons if b.id.startswith("to_phone")] == ["to_phone:0"]   # Bob's is on his phone
        assert card.button("to_phone:0").label == t_en("phone.to_phone")
        d.press_button("to_phone:0")
        d.pump()
        new_url = link.server.address(0, "127.0.0.1")
        assert new_url != old_url and 0 not in table.phone_seats and d.scene is card
        assert card.button("to_phone:0") is None                  # her code is on the card now
        assert table.actor() == 1 and len(table.match.records) == 2        # nothing else moved
        again = PhoneClient(new_url.replace("http://", "ws://") + "/ws")
        phones.append(again)
        _until(d, lambda: isinstance(d.scene, GameScene) and 0 in table.phone_seats)   # the card closes itself
        assert game.viewer is None                 # the table no longer counts Ann as the one at the screen
        view = _latest_view(d, again, lambda v: v["me"] == 0)
        assert not view["mine"] and "picks" not in view and "targets" not in view and view["turn"] == 1
        bview = _latest_view(d, bob, lambda v: v["mine"] and bool(v.get("picks")))
        bob.send({"t": "act", "a": bview["picks"]["0"], "n": 1})    # Bob's turn goes on from his phone
        assert _until(d, _said(bob))["ok"] and table.match.records[-1].seat == 1
    finally:
        for c in phones:
            c.close()
        d.close()


def test_the_menu_offers_the_phones_card_only_while_phones_are_on(home: Path) -> None:
    from game.ui.scenes.menu import MenuScene
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        table = Table.new([Seat("Ann", "orange"), Seat("Bob", "sky")], 5, shipped_map_path(2), [], home / "game.json")
        d.app.switch(GameScene(d.app, table, viewer=0))
        d.pump()
        d.press_button("menu")
        assert isinstance(d.scene, MenuScene) and d.scene.button("phones") is None
        assert "phones" not in d.scene.targets()
    finally:
        d.close()


def _texts(v: Any, key: str = "") -> list[str]:
    """Every line of words in a message to a phone (not the intents, ids, nor the map's points)."""
    if key in ("a", "id", "rid", "points", "kind", "t", "lang", "phase", "terrain", "symbol", "colour", "order"):
        return []
    if isinstance(v, str):
        return [v]
    if isinstance(v, dict):
        return [x for k, w in v.items() for x in _texts(w, k)]
    if isinstance(v, list):
        return [x for w in v for x in _texts(w, key)]
    return []


def test_french_on_the_phone_keeps_a_non_breaking_space_before_its_double_signs(home: Path) -> None:
    """French puts a non-breaking space before : ; ! ? (and inside « »): every line the page shows
    in French has it, the lines the page puts together itself too (their separator is the phone's
    `sep` word)."""
    import re
    bad = re.compile(r"(?<![\u00a0\u202f])[:;!?»](?=\s|$)|«(?![\u00a0\u202f])")
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home)
        ann = _phone(d, 0)
        phones.append(ann)
        ann.send({"t": "lang", "lang": "fr"})
        d.press_button("play")
        _until(d, lambda: 0 in table.phone_seats)
        view = _latest_view(d, ann, lambda v: v["lang"] == "fr" and v["mine"])
        ann.send({"t": "act", "a": view["picks"]["1"], "n": 1})
        assert _until(d, _said(ann))["ok"]
        view = _latest_view(d, ann, lambda v: v["phase"] == "conquer")
        bad_move = Conquer(next(r for r in table.state.regions if r not in view["targets"]))
        ann.send({"t": "act", "a": bad_move.to_dict(), "n": 2})
        said = _until(d, _said(ann))
        lines = _texts(view) + [said["text"]]
        assert view["words"]["sep"] == "\u00a0: " and any("\u00a0:" in x for x in lines)
        assert len(lines) > 40
        wrong = [x for x in lines if bad.search(x)]
        assert not wrong, wrong[:5]
    finally:
        for c in phones:
            c.close()
        d.close()


def test_a_phones_move_wakes_the_window_at_once(home: Path) -> None:
    """The window sleeps between its looks for events (every 20 ms when nobody touches it, as at a
    table played on phones); a phone's move nudges it awake at once rather than at its next look."""
    import statistics
    import threading

    from game.ui.scenes.phone_link import PhoneLink
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        game, table = _table(d, home)
        wake = PhoneLink(table, nudge=d.app.nudge).wake           # what the server calls
        delays = []
        for _ in range(15):
            d.app._last_event = time.monotonic() - 10                 # idle: looks every 20 ms
            fired: list[float] = []

            def later(fired: list[float] = fired) -> None:
                time.sleep(0.013)
                fired.append(time.perf_counter())
                wake()
            th = threading.Thread(target=later)
            th.start()
            got = d.app._wait(1.0)
            back = time.perf_counter()
            th.join()
            assert got
            delays.append(back - fired[0])
        assert statistics.median(delays) < 0.004, delays
    finally:
        d.close()


def test_a_phone_hears_its_move_played_before_the_new_views(home: Path) -> None:
    """The answer to a move goes out as soon as the move is played and saved; the views of the
    new state follow (the page does not wait behind drawing its own view to hear it)."""
    d = Driver(Options(pace=0, catch_errors=False))
    phones: list[PhoneClient] = []
    try:
        game, table = _table(d, home)
        ann = _phone(d, 0)
        phones.append(ann)
        d.press_button("play")
        _until(d, lambda: 0 in table.phone_seats)
        view = _latest_view(d, ann, lambda v: v["mine"] and bool(v.get("picks")))
        ann.send({"t": "act", "a": view["picks"]["0"], "n": 1})
        got: list[dict[str, Any]] = []
        # (a view of the state before the move may still be on its way: the first view of the
        # new state is the one the answer must come before)
        _until(d, lambda: got.extend(ann.drain()) or any(m["t"] == "view" and m["moves"] == 1 for m in got))
        kinds = [m["t"] for m in got]
        first_new = next(k for k, m in enumerate(got) if m["t"] == "view" and m["moves"] == 1)
        assert "said" in kinds and kinds.index("said") < first_new and got[kinds.index("said")]["ok"]
        assert all(m["moves"] == 0 for m in got[:first_new] if m["t"] == "view")
        assert len(table.match.records) == 1
    finally:
        for c in phones:
            c.close()
        d.close()


def test_a_marker_moved_and_a_triggers_answer_have_their_own_words(home: Path) -> None:
    """A move from one region to another (a marker moved) is offered on its first region with the
    region it goes to; a trigger's question is answered with the answer's own words, as the
    table's buttons say them."""
    from game.phones.views import seat_view
    from game.rules import Use
    from game.ui.scenes.phone_link import TableWords
    d = Driver(Options(pace=0, catch_errors=False))
    try:
        game, table = _table(d, home)
        s = table.state
        a, b, c = list(s.regions)[:3]
        words = TableWords(table, "en")
        faces = [{"name": p.name, "colour": "#000000", "symbol": "", "bot": False, "phone": True} for p in s.players]
        moved = [Use("guard_marker", a, b), Use("guard_marker", a, c)]
        view = seat_view(s, 0, moved, words, faces, False, 1)
        labels = [m["label"] for m in view["targets"][a]]
        name = words.use_label("guard_marker")
        assert labels == [f"{name}: → {words.region(b)}", f"{name}: → {words.region(c)}"]
        assert [m["a"] for m in view["targets"][a]] == [x.to_dict() for x in moved]
        answers = [Use("trigger", choice="Pay 2 coins"), Use("trigger", choice="Refuse")]
        s2 = s.copy()
        s2.turn_w().used = {**s.turn.used, "waiting": [[0, "", "trigger", {}]]}     # a question for Ann
        s2.seal()
        view = seat_view(s2, 0, answers, words, faces, False, 1)
        assert [x["label"] for x in view["buttons"]] == ["Pay 2 coins", "Refuse"]
    finally:
        d.close()
