"""The ledgers one server serves, each with its key, found by the key a request gives."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from baska_cli import i18n
from baska_cli.web.events import Watcher
from baska_cli.web.requests import in_worker
from baska_cli.web.table import TableDesk

T = TypeVar("T")


def key_digest(key: str) -> bytes:
    """What a key is looked up by: its SHA-256, so that finding it takes the same time
    whatever the key given is near (a dict lookup on the key itself would not)."""
    return hashlib.sha256(key.encode("utf-8", "replace")).digest()


class Served:
    """One ledger behind the server: the table, its key, the lock that lets one request at a
    time at it, and the watcher of its file (and of the `also` files: a tournament's, whose
    changes its phones hear of too)."""

    def __init__(self, path: str, key: str, also: tuple[str, ...] = ()) -> None:
        self.table = TableDesk(path)
        self.key = key
        self.lock = threading.Lock()
        self.watcher = Watcher(path, self.state, also)

    async def run(self, language: str, work: Callable[[], T]) -> T:
        """`work` in a worker thread, alone at the table, speaking `language`."""

        def alone() -> T:
            with self.lock:
                return work()

        try:
            return await in_worker(language, alone)
        finally:
            self.watcher.notify()

    async def state(self) -> dict[str, Any]:
        """The table's state (GET /api/v1/table's), for the event of a change."""
        return await self.run(i18n.language(), self.table.state)


@dataclass(frozen=True, slots=True)
class Access:
    """What a key given lets in: a table (None: the organiser, no table named), whether it is
    the organiser's, the table's round and number in a tournament, why it may not write
    now (None: it may), and why it may not record a hand now (its result is fixed
    otherwise: a paper sheet, a walk-out)."""

    served: Served | None
    organiser: bool = False
    round: int | None = None
    table: int | None = None
    refusal: str | None = None
    hands_refusal: str | None = None
    tournament: dict[str, Any] | None = None


class Hall:
    """Every ledger the server serves (read and checked when it is made), and the server's
    language where a request does not choose."""

    def __init__(self, keys: Mapping[str, str], language: str) -> None:
        self.tables = [Served(path, key) for path, key in keys.items()]
        self._by_key = {key_digest(served.key): served for served in self.tables}
        self.language = language

    def find(
        self, given: str, query: Mapping[str, str] | None = None, writing: bool = False
    ) -> Access | None:
        """What the key given lets in, or None for no key of this server (a ledger's key
        may always write)."""
        served = self._by_key.get(key_digest(given))
        return None if served is None else Access(served)

    def served(self) -> list[Served]:
        """The tables open now (their watchers are stopped with the server)."""
        return list(self.tables)

    def close_soon(self) -> None:
        """End every open event stream soon (the server is stopping)."""
        for served in self.served():
            served.watcher.close_soon()

    async def stop(self) -> None:
        """End the watches (the app is shutting down)."""
        for served in self.served():
            await served.watcher.stop()
