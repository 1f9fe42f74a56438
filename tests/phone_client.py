"""A phone for the tests: a websocket client on a loop of its own thread, with blocking `send`
and `recv`, so a test can drive the table's loop and a phone side by side."""
from __future__ import annotations

import asyncio
import json
import queue
import threading
from typing import Any

import aiohttp


class PhoneClient:
    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.url = url
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.ws: Any = None
        self.session: Any = None
        self.closed = threading.Event()
        asyncio.run_coroutine_threadsafe(self._open(), self.loop).result(10)

    async def _open(self) -> None:
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(self.url, max_msg_size=0)
        asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.inbox.put(json.loads(msg.data))
        self.closed.set()

    def send_text(self, text: str) -> None:
        asyncio.run_coroutine_threadsafe(self.ws.send_str(text), self.loop).result(10)

    def send(self, msg: dict[str, Any]) -> None:
        self.send_text(json.dumps(msg))

    def recv(self, timeout: float = 5.0, kind: str | None = None) -> dict[str, Any]:
        """The next message (of `kind`, skipping others)."""
        import time
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind or 'message'} from the table")
            msg = self.inbox.get(timeout=left)
            if kind is None or msg.get("t") == kind:
                return msg

    def drain(self) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        async def shut() -> None:
            if self.ws is not None:
                await self.ws.close()
            if self.session is not None:
                await self.session.close()
        try:
            asyncio.run_coroutine_threadsafe(shut(), self.loop).result(5)
        except Exception:  # noqa: BLE001
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
