"""Benchmark a draw reaching every player's own page: 400 pages polling `GET /api/v1/me` as
static/player.js does, a round drawn, the time until every page has seen it.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_player_pages.py                 # 400 pages, a look every 3 s
    python benchmarks/bench_player_pages.py --look 0.5      # what a shorter look would cost
    python benchmarks/bench_player_pages.py --pages 100 --draws 1

A tournament of --pages players is made (`baska tournament new`, round 1 drawn) and one
`baska serve DIR` serves it on 127.0.0.1. The client is one asyncio process (bench_serve.py's
keep-alive connection, one for each page, from a loopback address of its own, 127.0.2.1 on,
as each phone is another address to the server): every page asks /api/v1/me with the ETag of
its last answer (304 while unchanged), then waits --look seconds after the answer, as
player.js does; the pages start spread over one look. With --events each page also holds
the board's event stream, as banner.js does on the page, and asks at once when it tells of
a round drawn (then every 0.5 s until it holds it), as player.js does. After --warm seconds
`baska tournament draw DIR --anyway` draws the next round (--draws times); from the moment
the draw's seating is written, the time until each page held an answer with the new round.
It prints p50/p95/max of that time, the answers and the 304s per second, and the server's
CPU. The goal of issue 34: a draw reaches all 400 player pages within 1 s. No test asserts
a timing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_desk import cpu_of
from benchmarks.bench_hall import players
from benchmarks.rawhttp import Connection
from tests.servekit import HallServer, new_tournament
from tests.tournamentkit import player_key

SOON = 0.5  # seconds between two looks while the stream told of a round not held (player.js)


class From(Connection):
    """A keep-alive connection from a loopback address of its own (127.0.0.2 on: each page
    is another phone to the server, which holds PER_CLIENT streams per address)."""

    def __init__(self, host: str, port: int, source: str) -> None:
        super().__init__(host, port)
        self.source = source

    async def open(self) -> None:
        self._reader, self._writer = await asyncio.open_connection(
            self.host, self.port, local_addr=(self.source, 0)
        )


class Page:
    """One player's page: its key, its address, its ETag, the round drawn last it holds and
    the one the board's stream told of, and when it first held each round."""

    def __init__(self, key: str, number: int) -> None:
        self.headers = {"Authorization": f"Bearer {key}", "Accept-Language": "pl"}
        self.source = f"127.0.{2 + number // 250}.{1 + number % 250}"
        self.tag: str | None = None
        self.held = self.heard = 0
        self.ask = asyncio.Event()  # set by the stream's news of a round not held
        self.seen: dict[int, float] = {}  # round drawn -> time.perf_counter() it was held
        self.told: dict[int, float] = {}  # round drawn -> when the stream told of it


class Count:
    """The answers the server gave: 200s and 304s."""

    def __init__(self) -> None:
        self.full = self.same = 0


async def follow(page: Page, host: str, port: int, look: float, count: Count) -> None:
    """Ask /api/v1/me with the ETag, then wait `look` seconds after the answer (SOON while
    the stream told of a round not held yet, or until it tells), for ever, as player.js
    does, over one keep-alive connection (opened again when the server closed it)."""
    connection = From(host, port, page.source)
    await connection.open()
    await asyncio.sleep(random.uniform(0, look))  # (the phones opened their pages at random)
    while True:
        more = {"If-None-Match": page.tag} if page.tag else {}
        try:
            connection.send("GET", "/api/v1/me", {**page.headers, **more})
            status, found = await connection.head()
            body = b"" if status == 304 else await connection.body(found)  # (a 304 has none)
        except (asyncio.IncompleteReadError, ConnectionError):
            await connection.close()  # (the server closed it while idle: a browser opens
            await connection.open()  # another and asks again)
            continue
        if status == 200:
            count.full += 1
            page.tag = found.get("etag")
            page.held = json.loads(body)["drawn"]
            page.seen.setdefault(page.held, time.perf_counter())
        elif status == 304:
            count.same += 1
        else:
            raise RuntimeError(f"/api/v1/me: {status} {body[:200]!r}")
        page.ask.clear()
        wait = SOON if page.held < page.heard else look
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(page.ask.wait(), wait)


async def listen(page: Page, host: str, port: int) -> None:
    """The banner's stream of the board's events: a round drawn not held asks at once."""
    connection = From(host, port, page.source)
    await connection.open()
    async for event in connection.events("/api/v1/board/events", {}):
        if event.get("event") != "change":
            continue
        drawn = json.loads(event["data"]).get("round") or 0
        if drawn > page.heard:
            page.heard = drawn
            page.told[drawn] = time.perf_counter()
            if page.held < drawn:
                page.ask.set()
    raise RuntimeError("the stream ended")


def spread(values: list[float]) -> str:
    """p50, p95 and the slowest, in seconds."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s"


async def measure(server: HallServer, pages: list[Page], args: argparse.Namespace) -> None:
    """The pages following while --draws rounds are drawn; each draw's figures printed."""
    host, port = server.base.removeprefix("http://").split(":")
    count = Count()
    tasks = [asyncio.create_task(follow(p, host, int(port), args.look, count)) for p in pages]
    if args.events:
        tasks += [asyncio.create_task(listen(p, host, int(port))) for p in pages]
    try:
        await asyncio.sleep(args.warm)
        if not all(1 in p.seen for p in pages):
            raise RuntimeError("not every page holds round 1 after the warm-up")
        for number in range(2, args.draws + 2):
            full, same = count.full, count.same
            cpu, began = cpu_of(server.process.pid), time.perf_counter()
            seating = Path(server.folder, f"r{number}", "seating.csv")
            draw = [sys.executable, "-m", "baska_cli", "tournament", "draw", server.folder]
            run = subprocess.run
            drawing = asyncio.create_task(
                asyncio.to_thread(run, [*draw, "--anyway"], check=True, capture_output=True)
            )
            while not seating.exists():  # (the draw's seating written: the round is drawn)
                await asyncio.sleep(0.005)
            drawn = time.perf_counter()
            await drawing
            done = time.perf_counter()
            while not all(number in p.seen for p in pages):
                if failed := [t.exception() for t in tasks if t.done()]:
                    raise RuntimeError(f"{len(failed)} pages failed: {failed[0]!r}")
                if time.perf_counter() - drawn > 5 * args.look + 30:
                    raise RuntimeError(f"round {number} did not reach every page")
                await asyncio.sleep(0.02)
            took = time.perf_counter() - began
            delays = [p.seen[number] - drawn for p in pages]
            if args.events:
                told = [p.told[number] - drawn for p in pages if number in p.told]
                print(f"  the stream told {len(told)} pages of it: {spread(told)}")
            print(f"round {number}: drawn (its seating.csv written) {drawn - began:.2f} s after "
                  f"the command began (it ended {done - drawn:.2f} s later); from the seating "
                  f"written, the {len(pages)} pages held it: {spread(delays)}")  # fmt: skip
            print(f"  {(count.full - full) / took:.0f} answers/s with a body, "
                  f"{(count.same - same) / took:.0f} 304s/s; server CPU "
                  f"{(cpu_of(server.process.pid) - cpu) / took * 100:.0f} % of a core")  # fmt: skip
            await asyncio.sleep(args.look)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=400, help="players, one page each")
    parser.add_argument("--look", type=float, default=3.0, help="seconds between two looks")
    parser.add_argument("--warm", type=float, default=8.0, help="seconds before the draw")
    parser.add_argument("--draws", type=int, default=2, help="rounds drawn one after another")
    parser.add_argument("--events", action="store_true", help="each page hears the board's stream")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * args.pages)), hard))
    home = Path(tempfile.mkdtemp(prefix="baska-bench-pages-"))
    try:
        folder = new_tournament(str(home / "liga"), players(args.pages), 16, args.draws + 1)
        server = HallServer(folder)
        try:
            from baska_cli.tournament.folder import load

            found = load(folder).players
            pages = [Page(player_key(folder, p.name), n) for n, p in enumerate(found)]
            asyncio.run(measure(server, pages, args))
        finally:
            server.stop()
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
