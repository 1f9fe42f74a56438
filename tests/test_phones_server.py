"""The phones' server on its own (no window): who gets in (the local network only, a seat's code
in every path, only the page's own files), what a socket carries (its own seat's view alone), and
what is refused (junk, oversized and too-frequent messages) without stopping the others."""
from __future__ import annotations

import asyncio
import json
from typing import Any, Awaitable, Callable

import pytest
from aiohttp import WSMsgType, WSServerHandshakeError, web
from aiohttp.test_utils import TestClient, TestServer

from game.phones import protocol
from game.phones.codes import SeatCodes
from game.phones.netguard import is_local
from game.phones.server import WS_MAX, PhoneServer, make_app
from game.rules import Conquer, EndTurn, Redeploy, Withdraw


def run(test: Callable[[TestClient, PhoneServer], Awaitable[None]], remote: str | None = None) -> None:
    async def main() -> None:
        server = PhoneServer()
        server.open_seats([0, 1])
        server.publish(0, {"t": "view", "me": 0, "coins": 7})
        server.publish(1, {"t": "view", "me": 1, "coins": 11})
        app = make_app(server)
        if remote is not None:                       # a peer from elsewhere: its address faked
            @web.middleware
            async def elsewhere(request: web.Request, handler: Any) -> web.StreamResponse:
                return await handler(request.clone(remote=remote))
            app.middlewares.insert(0, elsewhere)
        async with TestClient(TestServer(app)) as client:
            await test(client, server)
    asyncio.run(main())


def test_the_page_opens_with_its_seat_code_only() -> None:
    async def test(client: TestClient, server: PhoneServer) -> None:
        code = server.codes.code(0)
        r = await client.get(f"/{code}")
        assert r.status == 200 and "<script src=\"phone.js\">" in await r.text()
        assert r.headers["Cache-Control"] == "no-store"
        for name in ("phone.js", "phone.css"):
            assert (await client.get(f"/{code}/{name}")).status == 200
        assert (await client.get("/abcdef")).status == 403                     # no such code
        assert (await client.get("/abcdef/phone.js")).status == 403
        assert (await client.get(f"/{code}/index.html")).status == 404         # only the page's files
        assert (await client.get(f"/{code}/..%2Fserver.py")).status in (403, 404)
        assert (await client.get(f"/{code}/%2e%2e/%2e%2e/codes.py")).status in (403, 404)
        assert (await client.get("/")).status in (403, 404)
        assert (await client.post(f"/{code}", data="x")).status == 405
    run(test)


def test_a_request_from_a_public_address_is_refused() -> None:
    async def test(client: TestClient, server: PhoneServer) -> None:
        code = server.codes.code(0)
        r = await client.get(f"/{code}")
        assert r.status == 403 and "home network" in await r.text()
        assert (await client.get(f"/{code}/phone.js")).status == 403
        with pytest.raises(WSServerHandshakeError):
            await client.ws_connect(f"/{code}/ws")
        assert server.refused >= 3
    run(test, remote="203.0.113.9")


def test_the_home_network_and_this_machine_are_local_and_nothing_else() -> None:
    for ok in ("127.0.0.1", "::1", "192.168.1.20", "10.0.0.5", "172.16.3.4", "169.254.1.1", "fe80::1", "fd00::5",
               "::ffff:192.168.0.3"):
        assert is_local(ok), ok
    for bad in ("8.8.8.8", "203.0.113.9", "2001:4860::8888", "100.64.0.1", "0.0.0.0", "224.0.0.1", "", None,
                "localhost", "::ffff:8.8.8.8"):
        assert not is_local(bad), bad


def test_each_socket_carries_its_own_seat_alone_and_a_code_opens_one_seat() -> None:
    async def test(client: TestClient, server: PhoneServer) -> None:
        a = await client.ws_connect(f"/{server.codes.code(0)}/ws")
        view = json.loads((await a.receive()).data)
        assert view == {"t": "view", "me": 0, "coins": 7}
        b = await client.ws_connect(f"/{server.codes.code(1)}/ws")
        assert json.loads((await b.receive()).data)["coins"] == 11
        await a.send_str(json.dumps({"t": "act", "a": EndTurn().to_dict(), "n": 1}))
        await asyncio.sleep(0.05)
        got = server.poll()
        assert [(i.seat, i.kind) for i in got] == [(0, "hello"), (1, "hello"), (0, "act")]
        assert got[-1].action == EndTurn()                   # the seat is the socket's, never the message's
        server.publish(1, {"t": "view", "me": 1, "coins": 12})
        assert json.loads((await b.receive()).data)["coins"] == 12
        with pytest.raises(asyncio.TimeoutError):
            await a.receive(timeout=0.2)                     # seat 0 never hears seat 1's coins
        await a.close()
        await b.close()
    run(test)


def test_junk_oversized_and_flooding_messages_are_refused_and_others_go_on() -> None:
    async def test(client: TestClient, server: PhoneServer) -> None:
        a = await client.ws_connect(f"/{server.codes.code(0)}/ws")
        await a.receive()
        for junk in ("not json", "[1, 2]", '{"t": "act", "a": {"kind": "launch_missiles"}}',
                     '{"t": "act", "a": {"kind": "conquer", "region": 5}}',
                     '{"t": "act", "a": {"kind": "conquer", "region": "x", "extra": 1}}', '{"t": "shout"}'):
            await a.send_str(junk)
            said = json.loads((await a.receive(timeout=2)).data)
            assert said["ok"] is False and said["why"] == "junk", junk
        await a.send_str(json.dumps({"t": "ping", "pad": "x" * (protocol.MAX_TEXT + 10)}))
        assert json.loads((await a.receive(timeout=2)).data)["why"] == "too_big"
        await a.send_bytes(b"\x00" * 10)
        assert json.loads((await a.receive(timeout=2)).data)["why"] == "junk"
        whys = []
        for _ in range(60):                                  # a flood: refused past the burst
            await a.send_str('{"t": "ping"}')
        for _ in range(60):
            whys.append(json.loads((await a.receive(timeout=2)).data).get("why"))
        assert whys.count("too_fast") >= 30
        b = await client.ws_connect(f"/{server.codes.code(1)}/ws")     # another seat is served meanwhile
        assert json.loads((await b.receive(timeout=2)).data)["me"] == 1
        await a.send_str("x" * (WS_MAX + 1))                  # beyond the socket's limit: that socket closes
        msg = await a.receive(timeout=2)
        assert msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
        await b.send_str('{"t": "ping", "n": 3}')
        assert json.loads((await b.receive(timeout=2)).data) == {"t": "pong", "n": 3}
        assert [i.kind for i in server.poll()] == ["hello", "hello"]   # nothing refused reached the table
        await b.close()
    run(test)


def test_a_reloaded_page_takes_its_seat_back_and_a_released_seat_is_closed() -> None:
    async def test(client: TestClient, server: PhoneServer) -> None:
        code = server.codes.code(0)
        a = await client.ws_connect(f"/{code}/ws")
        await a.receive()
        again = await client.ws_connect(f"/{code}/ws")          # the phone reloaded
        assert json.loads((await again.receive(timeout=2)).data)["coins"] == 7
        assert json.loads((await a.receive(timeout=2)).data) == {"t": "bye", "why": "replaced"}
        assert server.claimed() == {0}
        server.release(0)
        assert json.loads((await again.receive(timeout=2)).data) == {"t": "bye", "why": "taken_back"}
        assert (await client.get(f"/{code}")).status == 403     # the code opens nothing now
        assert server.claimed() == set()
    run(test)


def test_intents_are_read_with_the_fields_the_engine_has() -> None:
    assert protocol.read_action(Conquer("r1").to_dict()) == Conquer("r1")
    assert protocol.read_action(Redeploy.of({"a": 2, "b": 1}).to_dict()) == Redeploy.of({"a": 2, "b": 1})
    assert protocol.read_action(Withdraw.of(1, {"a": 2}).to_dict()) == Withdraw.of(1, {"a": 2})
    for bad in ({"kind": "conquer"}, {"kind": "conquer", "region": ""}, {"kind": "redeploy", "counts": {"a": -1}},
                {"kind": "redeploy", "counts": [1]}, {"kind": "pick", "index": True}, {"kind": "__class__"},
                {"kind": "end_turn", "decline": "yes"}, "conquer", None):
        assert protocol.read_action(bad) is None, bad


def test_codes_are_fresh_and_compared_whole() -> None:
    codes = SeatCodes()
    first = codes.issue(0)
    assert codes.seat_of(first) == 0 and codes.seat_of(first[:-1]) is None and codes.seat_of("") is None
    second = codes.issue(0)
    assert second != first and codes.seat_of(first) is None
    assert len({codes.issue(k) for k in range(1, 6)}) == 5


def test_the_phones_stand_beside_the_match_not_on_the_window() -> None:
    """game.phones reads the engine (and game.resources for its page), never the window nor pygame."""
    from tests.test_architecture import ROOT, _imports
    offenders = []
    for path in (ROOT / "game" / "phones").rglob("*.py"):
        for mod in _imports(path):
            if mod.startswith(("game.ui", "pygame", "game.lab", "game.bots")):
                offenders.append(f"{path.relative_to(ROOT).as_posix()} imports {mod}")
    assert offenders == []
