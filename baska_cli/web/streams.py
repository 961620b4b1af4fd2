"""The open event streams of one thing watched (a table's ledger, a tournament's board):
each stream a queue that hears every change, a watch that runs while any is open, the text
each stream sends, and their end when the server stops; how many streams the server holds,
from one address and in all (`Admission`, `capped`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from baska_cli.i18n import _
from baska_cli.web.capacity import Capacity
from baska_cli.web.requests import Refused

END = ""  # what a stream's queue gets when the server stops
PING = 1.0  # seconds between two pings of a quiet stream: a phone that hears none for 2 s
# knows it lost the server (a comment would be invisible to the page's EventSource)
PING_EVENT = "event: ping\ndata: \n\n"


def change_event(data: dict[str, Any]) -> str:
    """An event `change` of a text/event-stream, its data `data` as JSON."""
    return f"event: change\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


class Streams:
    """The queues of the open streams and the watch task: a subclass's `_watch` looks for
    changes while any queue is open and `_tell`s them."""

    def __init__(self) -> None:
        self._queues: set[asyncio.Queue[str]] = set()
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def subscribe(self) -> asyncio.Queue[str]:
        """A queue that gets each change (the watch starts with the first stream and ends
        with the last)."""
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=8)
        self._queues.add(queue)
        self._loop = asyncio.get_running_loop()
        if self._task is None or self._task.done():
            self._starting()
            self._task = self._loop.create_task(self._watch())
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str]) -> None:
        """The stream is closed: its queue hears nothing more."""
        self._queues.discard(queue)

    async def stream(
        self, first: Callable[[], Awaitable[str]], retry: int | None = None
    ) -> AsyncIterator[str]:
        """The text/event-stream of one open stream: the event `first()` makes once the
        stream hears changes (after `retry: N`, the milliseconds a browser waits before it
        opens the stream again), then each event told unless it is the one sent last, and an
        event `ping` every PING seconds of quiet (the page's heartbeat), until the server
        stops."""
        queue = self.subscribe()
        try:
            sent = await first()
            yield sent if retry is None else f"retry: {retry}\n{sent}"
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), PING)
                except TimeoutError:
                    yield PING_EVENT
                    continue
                if event == END:
                    return
                if event != sent:  # (a watch's first look may tell what the stream began with)
                    sent = event
                    yield event
        finally:
            self.unsubscribe(queue)

    def _starting(self) -> None:
        """What to do as the watch starts (a subclass looks at what it watches)."""

    async def _watch(self) -> None:
        raise NotImplementedError

    def _tell(self, event: str) -> None:
        """Every open stream gets `event` (a slow one keeps only the latest few)."""
        for queue in list(self._queues):
            if queue.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(event)

    def close_soon(self) -> None:
        """End every open stream, soon (the server is stopping: it waits for them to end);
        safe to call from a signal handler or another thread."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._close)

    def _close(self) -> None:
        for queue in list(self._queues):
            while queue.full():
                queue.get_nowait()
            queue.put_nowait(END)
        self._queues.clear()

    async def stop(self) -> None:
        """End the watch (the app is shutting down)."""
        self._queues.clear()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


class Admission:
    """The event streams open on the server, counted by the client's address: at most
    `per_client` from one address and `streams` in all, so that a flood of streams leaves
    the tables' requests their connections."""

    def __init__(self, capacity: Capacity) -> None:
        self.capacity = capacity
        self.open: Counter[str] = Counter()

    def admit(self, client: str) -> None:
        """Count a stream from `client` in, or refuse it (503, its reason)."""
        if self.open[client] >= self.capacity.per_client:
            raise Refused(503, _("too many live pages open from this device; close some"))
        if self.open.total() >= self.capacity.streams:
            raise Refused(503, _("the server holds as many live pages as it can; try later"))
        self.open[client] += 1

    def leave(self, client: str) -> None:
        """A stream of `client` ended."""
        self.open[client] -= 1
        if self.open[client] <= 0:
            del self.open[client]


class _Held(StreamingResponse):
    """An event stream counted in by an Admission, and out when it ends, however."""

    def __init__(self, body: AsyncIterator[str], admission: Admission, client: str) -> None:
        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        super().__init__(body, media_type="text/event-stream", headers=headers)
        self._admission, self._client = admission, client

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._admission.leave(self._client)


def capped(request: Request, body: AsyncIterator[str]) -> StreamingResponse:
    """The event stream `body` answering `request`, if the server's Admission lets its
    client's address open one more (else Refused, 503)."""
    admission: Admission = request.app.state.streams
    client = request.client.host if request.client else ""
    admission.admit(client)
    return _Held(body, admission, client)
