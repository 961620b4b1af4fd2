"""The ledgers one server serves, each with its key, found by the key a request gives."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import TypeVar

from anyio import to_thread

from baska_cli.i18n import speaking
from baska_cli.web.events import Watcher
from baska_cli.web.security import same_key
from baska_cli.web.table import Table

T = TypeVar("T")


class Served:
    """One ledger behind the server: the table, its key, the lock that lets one request at a
    time at it, and the watcher of its file."""

    def __init__(self, path: str, key: str) -> None:
        self.table = Table(path)
        self.key = key
        self.lock = threading.Lock()
        self.watcher = Watcher(path)

    async def run(self, language: str, work: Callable[[], T]) -> T:
        """`work` in a worker thread, alone at the table, speaking `language`."""

        def alone() -> T:
            with self.lock, speaking(language):
                return work()

        try:
            return await to_thread.run_sync(alone)
        finally:
            self.watcher.notify()


class Hall:
    """Every ledger the server serves (read and checked when it is made), and the server's
    language where a request does not choose."""

    def __init__(self, keys: Mapping[str, str], language: str) -> None:
        self.tables = [Served(path, key) for path, key in keys.items()]
        self.language = language

    def find(self, given: str) -> Served | None:
        """The ledger whose key was given, or None; every key is compared, each in constant
        time, so the time taken tells nothing of which key is near."""
        found = None
        for served in self.tables:
            if same_key(given, served.key):
                found = served
        return found

    def close_soon(self) -> None:
        """End every open event stream soon (the server is stopping)."""
        for served in self.tables:
            served.watcher.close_soon()

    async def stop(self) -> None:
        """End the watches (the app is shutting down)."""
        for served in self.tables:
            await served.watcher.stop()
