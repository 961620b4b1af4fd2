"""Live events: one task per app watches the ledger's stat, and each open stream hears of
every change (a write by the server, by `baska play` or by another command alike)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
from collections.abc import AsyncIterator

from baska_cli.ledger.filebytes import identity

POLL = 0.25  # seconds between two looks at the ledger's stat
PING = 15.0  # seconds between two comments that keep a quiet stream open
END = ""  # what a stream's queue gets when the server stops


def version_of(found: tuple[int, ...] | None) -> str:
    """An opaque version for a file identity: it changes on every write of the ledger."""
    return hashlib.sha256(repr(found).encode()).hexdigest()[:16]


def ledger_version(path: str) -> str:
    """The ledger's version now (a look at its stat, not a read)."""
    try:
        return version_of(identity(os.stat(path)))
    except OSError:
        return version_of(None)


class Watcher:
    """The ledger's version, looked at every POLL seconds while any stream is open, and the
    queues of the open streams, each told the new version when it changes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.version = ledger_version(path)
        self._queues: set[asyncio.Queue[str]] = set()
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def subscribe(self) -> asyncio.Queue[str]:
        """A queue that gets each new version (the watch starts with the first)."""
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=8)
        self._queues.add(queue)
        self._loop = asyncio.get_running_loop()
        if self._task is None or self._task.done():
            self.version = ledger_version(self.path)
            self._task = asyncio.get_running_loop().create_task(self._watch())
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str]) -> None:
        """The stream is closed: its queue hears nothing more."""
        self._queues.discard(queue)

    def notify(self) -> None:
        """Look at the ledger now (after a write by this server) and tell of a change."""
        now = ledger_version(self.path)
        if now != self.version:
            self.version = now
            for queue in list(self._queues):
                if queue.full():
                    with contextlib.suppress(asyncio.QueueEmpty):
                        queue.get_nowait()  # a slow phone needs only the latest
                queue.put_nowait(now)

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

    async def _watch(self) -> None:
        while self._queues:
            self.notify()
            await asyncio.sleep(POLL)

    async def stop(self) -> None:
        """End the watch (the app is shutting down)."""
        self._queues.clear()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


async def stream(watcher: Watcher) -> AsyncIterator[str]:
    """The text/event-stream of one phone: the version first, then an event `change` for
    each new one, and a `: ping` comment every PING seconds of quiet."""
    queue = watcher.subscribe()
    try:
        yield _event(watcher.version)
        while True:
            try:
                version = await asyncio.wait_for(queue.get(), PING)
            except TimeoutError:
                yield ": ping\n\n"
                continue
            if version == END:
                return
            yield _event(version)
    finally:
        watcher.unsubscribe(queue)


def _event(version: str) -> str:
    return f"event: change\ndata: {json.dumps({'version': version})}\n\n"
