"""Live events: one task per table watches the ledger's stat while any stream is open, and
each open stream hears of every change (a write by the server, by `baska play` or by another
command alike), with the table's new state made once for all its streams."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from baska_cli.errors import BaskaError
from baska_cli.files.replace import identity
from baska_cli.web.streams import Streams, change_event

POLL = 0.25  # seconds between two looks at the ledger's stat

State = Callable[[], Awaitable[dict[str, Any]]]


def version_of(found: tuple[int, ...] | None) -> str:
    """An opaque version for a file identity: it changes on every write of the ledger."""
    return hashlib.sha256(repr(found).encode()).hexdigest()[:16]


def ledger_version(path: str) -> str:
    """The ledger's version now (a look at its stat, not a read)."""
    try:
        return version_of(identity(os.stat(path)))
    except OSError:
        return version_of(None)


class Watcher(Streams):
    """The ledger's version, looked at every POLL seconds while any stream is open (and at
    once when `notify` says the server wrote it), and the queues of the open streams: at each
    change every queue gets the same event, made once, with the table's state from `state`
    (GET /api/v1/table's JSON; without `state`, or when it fails, the version alone)."""

    def __init__(self, path: str, state: State | None = None, also: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.path = path
        self.version = ledger_version(path)
        self._also = also  # files whose change the table's phones hear of too
        self.files_version = self._others()  # (their versions, as last looked at)
        self._state = state
        self._poke: asyncio.Event | None = None

    def _starting(self) -> None:
        """The watch starts: the versions as they are now, and a fresh wake-up."""
        self.version = ledger_version(self.path)
        self.files_version = self._others()
        self._poke = asyncio.Event()

    def notify(self) -> None:
        """Look at the ledger soon (this server may have written it): the watch wakes now."""
        if self._poke is not None:
            self._poke.set()

    async def _look(self) -> None:
        """Tell every stream of a change since the last look, the new state with it."""
        now, others = ledger_version(self.path), self._others()
        if now == self.version and others == self.files_version:
            return
        self.version, self.files_version = now, others
        # ("files": the other files' version, so that a change of theirs alone — a player's
        # word, paper totals — is an event of its own, not taken for the one sent last)
        event = change_event({"version": now, "files": others})
        if self._state is not None and self._queues:
            with contextlib.suppress(BaskaError):  # (a phone then asks, and hears why)
                table = await self._state()
                event = change_event(
                    {"version": str(table["version"]), "files": others, "table": table}
                )
        self._tell(event)

    def _others(self) -> str:
        """The version of the other files watched (a tournament's results, confirmations
        and walk-outs: a table's paper totals or a player's word are heard of at once)."""
        if not self._also:
            return ""
        return "".join(ledger_version(path) for path in self._also)

    async def _watch(self) -> None:
        poke = self._poke
        assert poke is not None
        while self._queues:
            await self._look()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(poke.wait(), POLL)
            poke.clear()


def stream(watcher: Watcher) -> AsyncIterator[str]:
    """The text/event-stream of one phone: the version first, then an event `change` for
    each new one (with the table's state), and an event `ping` every PING seconds of
    quiet."""

    async def first() -> str:
        return change_event({"version": watcher.version, "files": watcher.files_version})

    return watcher.stream(first)
