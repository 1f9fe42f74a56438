"""The phones' server: the page and one websocket per seat, on the home network, while phones
are on.

It runs aiohttp on an event loop of its own, in a background thread; the window's thread talks
to it through two doors only: `inbox` (a bounded thread-safe queue of `Intent`s, read by the
play scene's update, like the computer players' worker) and `publish` / `reply` / `release`
(handed to the loop with `call_soon_threadsafe`). Every request must come from a local address
(`netguard.is_local`) and carry its seat's code in its path: `/CODE/` the page, `/CODE/phone.js`
and `/CODE/phone.css` its files (the only files on disk served), `/CODE/ws` the socket. A phone
that sleeps or reloads opens the socket again and gets its seat's last view at once; a second
socket for a seat replaces the first. A phone's messages are bounded in size and rate
(`protocol`), and a socket only ever carries its own seat's view.
"""
from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from aiohttp import WSMsgType, web

from game import resources

from . import protocol
from .codes import SeatCodes
from .netguard import is_local, lan_address

PAGE_DIR = resources.PACKAGE / "phones" / "page"
PAGE_FILES = {"phone.js": "text/javascript", "phone.css": "text/css"}
WS_MAX = 16 * 1024          # a frame beyond this closes the socket (aiohttp's own limit)
INBOX = 256                 # intents waiting for the window at most
DEFAULT_PORT = 8765


@dataclass
class Intent:
    """A phone's message for the window: `kind` act | undo | lang | hello."""
    seat: int
    kind: str
    n: int = 0
    action: Any = None
    lang: str = ""
    at: float = field(default_factory=time.perf_counter)


@dataclass
class SeatLine:
    """One seat's link: its socket (None while its phone is away), last view, language."""
    socket: web.WebSocketResponse | None = None
    board: str = ""             # the map's geometry, in the seat's language
    view: str = ""
    lang: str = ""
    claimed: bool = False
    seen: float = 0.0


class PhoneServer:
    def __init__(self, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 wake: Callable[[], None] | None = None) -> None:
        self.host, self.port = host, port
        self.wake = wake or (lambda: None)      # tells the window an intent waits (a pygame event)
        self.inbox: queue.Queue[Intent] = queue.Queue(maxsize=INBOX)
        self.codes = SeatCodes()
        self.lines: dict[int, SeatLine] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self.error: str | None = None
        self.refused = 0                        # messages refused (junk, too big, too fast, not local)

    # -- the window's side ---------------------------------------------------------------------
    def open_seats(self, seats: list[int]) -> dict[int, str]:
        """Fresh codes for `seats` (a new game, or a game continued); returns seat -> code."""
        out = {}
        for seat in seats:
            out[seat] = self.codes.issue(seat)
            self.lines.setdefault(seat, SeatLine())
        return out

    def address(self, seat: int, host: str | None = None) -> str:
        """The page's address for `seat`, as the QR code and the table show it."""
        code = self.codes.code(seat) or ""
        return f"http://{host or lan_address()}:{self.port}/{code}"

    def start(self) -> None:
        """Serve in a background thread; raises OSError with the system's words when the port
        cannot be opened."""
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self.error is not None:
            raise OSError(self.error)

    def stop(self) -> None:
        loop = self.loop
        if loop is None or not loop.is_running():
            return
        fut = asyncio.run_coroutine_threadsafe(self._shutdown(), loop)
        try:
            fut.result(5)
        except Exception:  # noqa: BLE001 - leaving anyway
            pass
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(5)
        self.loop = None

    def publish(self, seat: int, view: dict[str, Any]) -> None:
        """The seat's new view: kept for a phone that comes back, sent to its phone now."""
        self._later(self._publish, seat, json.dumps(view, separators=(",", ":")))

    def set_board(self, seat: int, board: dict[str, Any]) -> None:
        """The map's geometry for the seat's phone: sent now and whenever it comes back."""
        self._later(self._set_board, seat, json.dumps(board, separators=(",", ":")))

    def reply(self, seat: int, msg: dict[str, Any]) -> None:
        self._later(self._send, seat, json.dumps(msg, separators=(",", ":")))

    def release(self, seat: int) -> None:
        """The seat is taken back on the table: its code opens nothing, its phone is told."""
        self.codes.revoke(seat)
        self._later(self._release, seat)

    def reopen(self, seat: int) -> str:
        """A seat taken back goes to a phone again: a fresh code (the old one stays dead; its line
        was emptied when the seat was released). Returns the code."""
        return self.codes.issue(seat)

    def claimed(self) -> set[int]:
        return {s for s, line in self.lines.items() if line.claimed and self.codes.code(s)}

    def connected(self, seat: int) -> bool:
        line = self.lines.get(seat)
        return line is not None and line.socket is not None

    def poll(self) -> list[Intent]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def _later(self, fn: Callable[..., Any], *args: Any) -> None:
        loop = self.loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(fn, *args)
        else:
            fn(*args)

    # -- the loop's side ------------------------------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            self._runner = web.AppRunner(make_app(self), access_log=None)
            loop.run_until_complete(self._runner.setup())
            site = web.TCPSite(self._runner, self.host, self.port)
            loop.run_until_complete(site.start())
            if self.port == 0:                                  # a free port, for the tests
                server: Any = site._server
                self.port = server.sockets[0].getsockname()[1] if server is not None else 0
        except OSError as err:
            self.error = err.strerror or str(err)
            self._ready.set()
            loop.close()
            return
        self.loop = loop
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    async def _shutdown(self) -> None:
        for seat in list(self.lines):
            await self._close(seat, "stopped")
        if self._runner is not None:
            await self._runner.cleanup()

    def _publish(self, seat: int, text: str) -> None:
        line = self.lines.setdefault(seat, SeatLine())
        line.view = text
        self._send(seat, text)

    def _set_board(self, seat: int, text: str) -> None:
        line = self.lines.setdefault(seat, SeatLine())
        line.board = text
        self._send(seat, text)

    def _send(self, seat: int, text: str) -> None:
        line = self.lines.get(seat)
        ws = line.socket if line else None
        if ws is not None and not ws.closed:
            asyncio.ensure_future(_quiet_send(ws, text))

    def _release(self, seat: int) -> None:
        line = self.lines.get(seat)
        if line is not None:
            line.claimed = False
            line.view = line.board = ""
            if line.socket is not None:
                asyncio.ensure_future(self._close(seat, "taken_back"))

    async def _close(self, seat: int, why: str) -> None:
        line = self.lines.get(seat)
        ws = line.socket if line else None
        if line is not None:
            line.socket = None
        if ws is not None and not ws.closed:
            await _quiet_send(ws, json.dumps({"t": "bye", "why": why}))
            await ws.close()

    def _push(self, intent: Intent) -> bool:
        try:
            self.inbox.put_nowait(intent)
        except queue.Full:
            return False
        self.wake()
        return True


async def _quiet_send(ws: web.WebSocketResponse, text: str) -> None:
    try:
        await ws.send_str(text)
    except (ConnectionError, RuntimeError):
        pass


def make_app(server: PhoneServer) -> web.Application:
    """The aiohttp application: the guard, the page, its two files, the socket."""

    @web.middleware
    async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
        if not is_local(request.remote):
            server.refused += 1
            return web.Response(status=403, text="Only the home network may join this game.\n")
        if request.method != "GET":
            return web.Response(status=405, text="Only GET.\n")
        return await handler(request)

    def seat_of(request: web.Request) -> int:
        seat = server.codes.seat_of(request.match_info.get("code", ""))
        if seat is None:
            raise web.HTTPForbidden(text="This code opens no seat: scan the code the table shows now.\n")
        return seat

    async def page(request: web.Request) -> web.StreamResponse:
        seat_of(request)
        if not request.path.endswith("/"):                # the page's files are beside it: /CODE/
            raise web.HTTPFound(f"/{request.match_info['code']}/")
        return web.FileResponse(PAGE_DIR / "index.html", headers=_NO_STORE)

    async def asset(request: web.Request) -> web.StreamResponse:
        seat_of(request)
        name = request.match_info["name"]
        if name not in PAGE_FILES:
            raise web.HTTPNotFound()
        return web.FileResponse(PAGE_DIR / name, headers={**_NO_STORE, "Content-Type": PAGE_FILES[name]})

    async def socket(request: web.Request) -> web.StreamResponse:
        seat = seat_of(request)
        code = request.match_info["code"]
        ws = web.WebSocketResponse(max_msg_size=WS_MAX, heartbeat=20)
        await ws.prepare(request)
        line = server.lines.setdefault(seat, SeatLine())
        old, line.socket = line.socket, ws
        if old is not None and not old.closed:           # the same phone reloaded, or another took over
            await _quiet_send(old, json.dumps({"t": "bye", "why": "replaced"}))
            await old.close()
        line.claimed, line.seen = True, time.monotonic()
        server._push(Intent(seat, "hello"))
        if line.board:
            await _quiet_send(ws, line.board)
        if line.view:
            await _quiet_send(ws, line.view)
        bucket = protocol.Bucket()
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.BINARY:
                        server.refused += 1
                        await _quiet_send(ws, json.dumps({"t": "said", "ok": False, "why": "junk"}))
                        continue
                    break
                if server.codes.seat_of(code) != seat:     # taken back meanwhile (and perhaps given a new code)
                    break
                line.seen = time.monotonic()
                if not bucket.take():
                    server.refused += 1
                    await _quiet_send(ws, json.dumps({"t": "said", "ok": False, "why": "too_fast"}))
                    continue
                got = protocol.read(msg.data)
                if isinstance(got, protocol.Refusal):
                    server.refused += 1
                    await _quiet_send(ws, json.dumps({"t": "said", "n": got.n, "ok": False, "why": got.why}))
                    continue
                if got.kind == "ping":
                    await _quiet_send(ws, json.dumps({"t": "pong", "n": got.n}))
                    continue
                if not server._push(Intent(seat, got.kind, got.n, got.action, got.lang)):
                    await _quiet_send(ws, json.dumps({"t": "said", "n": got.n, "ok": False, "why": "busy"}))
        finally:
            if line.socket is ws:
                line.socket = None
        return ws

    app = web.Application(middlewares=[guard], client_max_size=4096)
    app.router.add_get("/{code}", page)
    app.router.add_get("/{code}/", page)
    app.router.add_get("/{code}/ws", socket)
    app.router.add_get("/{code}/{name}", asset)
    return app


_NO_STORE = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
             "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:"}
