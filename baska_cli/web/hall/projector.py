"""The tournament's board for the projector: made once for each state of the files it is made
of (known by their stat identity), and one watch for every open event stream; the round's
clock gets its seconds left at each answer, and its start and the announcement reach the
streams within a look (POLL), past the board's pace (GAP)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import threading
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

from anyio import to_thread

from baska_cli.errors import BaskaError
from baska_cli.files.replace import identity
from baska_cli.render.tournament.board import at, board_record, news_record
from baska_cli.tournament.board.service import BoardNow, board_now
from baska_cli.tournament.clock.service import hall_files
from baska_cli.tournament.clock.timing import utc_now
from baska_cli.tournament.folder import ROUND_DIR
from baska_cli.web.streams import Streams, change_event

POLL = 0.25  # seconds between two looks at the files of the round being played
FULL = 4  # every FULL-th look is at every file (a correction of an earlier round)
GAP = 1.0  # seconds at least between two boards made again by the watch (a busy round
# writes a hand somewhere every few hundredths of a second: the board follows once a second)
Stamp = tuple[tuple[int, ...] | None, ...]


def stamp(files: Sequence[str]) -> Stamp:
    """Each file's identity and change time now (None for a file that is not there): any
    write to a file changes it."""
    found: list[tuple[int, ...] | None] = []
    for name in files:
        try:
            st = os.stat(name)
        except OSError:
            found.append(None)
        else:
            found.append((*identity(st), st.st_ctime_ns))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Shown:
    """The board made: its facts, its record (render/tournament/board.py), its JSON (bytes,
    as served) and its version."""

    facts: BoardNow
    data: dict[str, Any]
    body: bytes
    version: str


def _json(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def shown(found: BoardNow) -> Shown:
    """The board with its JSON and a version that changes whenever the JSON does."""
    record = board_record(found)
    body = _json(record)
    return Shown(found, record, body, hashlib.sha256(body).hexdigest()[:16])


def body_now(found: Shown) -> bytes:
    """The board's JSON as answered now: with a running clock, its seconds left now (a page
    counts down from them by its own clock, whatever time its device keeps)."""
    if found.facts.clock is None:
        return found.body
    return _json(at(found.data, found.facts, utc_now()))


def hall_news(found: Shown) -> dict[str, Any]:
    """What a change event carries besides the version (render/tournament/board.py's
    `news_record`, its clock's seconds left now), so that a page shows them without asking
    for the board."""
    return news_record(found.facts, utc_now())


class Projector(Streams):
    """The board of one tournament directory, made again only when a file it is made of
    changed, and watched (while any stream is open) for a change of the board itself."""

    def __init__(self, folder: str) -> None:
        super().__init__()
        self.folder = folder
        self._lock = threading.Lock()  # one board made at a time
        self._watched: tuple[str, ...] = ()
        self._stamp: Stamp | None = None
        self._shown: Shown | None = None

    def now(self) -> Shown:
        """The board as the files are now (blocking: call it in a worker thread). The files
        are looked at before they are read, so a write during the reading is seen next
        time; when the files themselves change (a round drawn), it is made again."""
        with self._lock:
            for _attempt in range(3):
                files = self._watched
                before = stamp(files)
                if self._shown is not None and before == self._stamp:
                    return self._shown
                found = board_now(self.folder)
                self._shown = shown(found)
                if found.watched == files:
                    self._stamp = before
                    return self._shown
                self._watched, self._stamp = found.watched, None
            assert self._shown is not None
            return self._shown

    async def current(self) -> Shown:
        """The board now, made in a worker thread if it must be made."""
        return await to_thread.run_sync(self.now)

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        told, look, lively, due = "", 0, None, False
        last: Shown | None = None
        made = -GAP  # when the board was last made again (not merely looked up)
        urgent = await to_thread.run_sync(stamp, hall_files(self.folder))
        while self._queues:
            seen = await to_thread.run_sync(stamp, self._lively_files())
            news = await to_thread.run_sync(stamp, hall_files(self.folder))
            if seen != lively or look % FULL == 0:
                lively, due = seen, True
            if (due and loop.time() - made >= GAP) or news != urgent:
                due, urgent = False, news  # (the clock or the announcement: at once)
                with contextlib.suppress(BaskaError):  # (a broken file: the page keeps the last)
                    found = await self.current()
                    if found is not last:
                        last, made = found, loop.time()
                    if found.version != told:
                        told = found.version
                        self._tell(change_event({"version": told, **hall_news(found)}))
            look += 1
            await asyncio.sleep(POLL)

    def _lively_files(self) -> tuple[str, ...]:
        """The files a write is most likely to change: the directory's own, every round's
        directory (a file replaced changes its directory), the newest round's files and the
        next round's seating (a hand appended changes only its ledger)."""
        top, by_round = [], []
        for name in self._watched:
            inside = os.path.relpath(name, self.folder)
            found = ROUND_DIR.fullmatch(inside.split(os.sep)[0])
            if found and os.sep in inside:
                by_round.append((int(found[1]), name))
            elif os.sep not in inside:
                top.append(name)
        newest = max((n for n, _name in by_round), default=1) - 1  # (the next is watched too)
        dirs = sorted({os.path.dirname(name) for _n, name in by_round})
        return (self.folder, *dirs, *top, *(name for n, name in by_round if n >= newest))


def stream(projector: Projector) -> AsyncIterator[str]:
    """The text/event-stream of one screen: the board's version first, then an event
    `change` for each new one, and an event `ping` every PING seconds of quiet."""

    async def first() -> str:
        try:
            found = await projector.current()
        except BaskaError:  # (a broken file: the page keeps what it shows)
            return change_event({"version": ""})
        return change_event({"version": found.version, **hall_news(found)})

    return projector.stream(first, retry=2000)
