"""Benchmark `baska serve`: a hand acknowledged on a quiet table, many tables at a hectic
pace with their phones following the event stream, and a burst of simultaneous posts.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_serve.py                       # 200 hands; 10 tables for 30 s
    python benchmarks/bench_serve.py --tables 100 --seconds 120 --burst 400

Everything runs on 127.0.0.1 with a bounded client in one process: asyncio and raw
keep-alive HTTP/1.1 connections (benchmarks/rawhttp.py), fixed counts, every phase ended
by --timeout. The client's own CPU time and the server's are printed for each phase (they
share the machine's cores). The N tables are one `baska serve` of N ledgers (each table
its own key), on a free port; `--servers` splits them over that many servers instead.

- quiet: one table, one phone posting --hands hands one after another; a sample is the time
  from sending the post to its 201 (parse, score, the entry kept, the locked append synced).
  The server's memory (VmRSS) before and after is printed too.
- tables: every table posts a hand every --interval seconds (on a fixed schedule,
  staggered) for --seconds, while its 4 phones follow /api/v1/events as the page does: an
  event that carries the table's state is shown as it is, else (or when its version is not
  the one shown) the phone fetches /api/v1/table. The samples are each post's
  acknowledgement and, for each phone, the time from the post being sent to the phone
  holding the new state.
- burst: --burst posts sent at once over connections opened before (phones that are on the
  table's page), spread over the tables; all must be acknowledged, and the ledgers then hold
  exactly one hand per id (none lost or doubled).

It prints p50/p99 of each and the goals of issue 25 beside them (20 ms quiet, 50 ms with
100 tables, a burst of 400 within 2 s, a new hand on the other phones within 1 s). No test
asserts a timing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baska_cli.ledger import view
from benchmarks.bench_play import HANDS  # (the ten hands of play's benchmark)
from benchmarks.rawhttp import Connection
from tests.servekit import Server, new_ledger

CONFIRM = ["same_hand", "past_plan"]  # concurrent posts may meet the guards: go on


@dataclass(frozen=True)
class Door:
    """One table of a server: where to post and with which key."""

    base: str
    key: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.key}", "Origin": self.base}

    def connection(self) -> Connection:
        where = urlsplit(self.base)
        assert where.hostname is not None and where.port is not None
        return Connection(where.hostname, where.port)


def doors(server: Server) -> list[Door]:
    """Every table of a server."""
    return [Door(server.base, key) for key in server.tables.values()]


def ms(values: list[float]) -> str:
    """p50 and p99 of samples in seconds, in milliseconds."""
    if not values:
        return "no samples"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    p50 = statistics.median(ordered)
    return f"p50 {p50 * 1000:6.1f} ms  p99 {p99 * 1000:6.1f} ms  (n={len(values)})"


def rss_kib(pid: int) -> int:
    """The process's resident memory in KiB (Linux), 0 where it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_of(pid: int) -> float:
    """The process's CPU seconds so far (user and system; Linux), 0 where unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    """This client's CPU seconds so far."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


class Meter:
    """CPU seconds of the client and the servers over a phase, and its wall time."""

    def __init__(self, servers: list[Server]) -> None:
        self.pids = [s.process.pid for s in servers]
        self.wall = time.perf_counter()
        self.client = own_cpu()
        self.server = sum(map(cpu_of, self.pids))

    def __str__(self) -> str:
        wall = time.perf_counter() - self.wall
        client = own_cpu() - self.client
        server = sum(map(cpu_of, self.pids)) - self.server
        return (
            f"CPU: server {server:.1f} s, client {client:.1f} s over {wall:.1f} s "
            f"(load average now {os.getloadavg()[0]:.2f})"
        )


async def post(connection: Connection, door: Door, hand: str, client_id: str) -> float:
    """Post a hand; the seconds to its acknowledgement (raises unless 201)."""
    start = time.perf_counter()
    body = {"hand": hand, "id": client_id, "confirm": CONFIRM}
    status, text = await connection.request("POST", "/api/v1/hands", door.headers, body)
    if status != 201:
        raise RuntimeError(f"{status}: {text!r}")
    return time.perf_counter() - start


async def quiet(door: Door, hands: int) -> list[float]:
    """One phone posting hands one after another."""
    connection = door.connection()
    await connection.open()
    try:
        await post(connection, door, HANDS[-1], "warm-up")  # the lazy imports, once
        return [await post(connection, door, HANDS[i % len(HANDS)], f"q{i}") for i in range(hands)]
    finally:
        await connection.close()


@dataclass
class Sent:
    """The time the table's last post was sent, and the number of hands posted so far."""

    at: float = 0.0
    posted: int = 0


async def phone(door: Door, sent: Sent, heard: list[float], ready: asyncio.Event) -> None:
    """One phone on the event stream, as the page does: an event's table shown, else (or
    when its version is not the one shown) the table fetched; each new state heard is
    timed from the last post sent."""
    stream, looks = door.connection(), door.connection()
    await stream.open()
    await looks.open()
    shown: str | None = None
    counted = 0  # posts already heard
    try:
        async for event in stream.events(f"/api/v1/events?key={door.key}", {}):
            if event.get("event") != "change":
                continue
            data = json.loads(event.get("data", "{}"))
            table = data.get("table")
            if table is None or data.get("version") != table.get("version"):
                if shown is not None and data.get("version") == shown:
                    continue
                status, text = await looks.request("GET", "/api/v1/table", door.headers)
                if status != 200:
                    raise RuntimeError(f"table: {status}")
                table = json.loads(text)
            shown = table["version"]
            ready.set()  # (the page is shown: its table fetched once)
            if sent.posted > counted:
                heard.append(time.perf_counter() - sent.at)
                counted = sent.posted
    finally:
        await stream.close()
        await looks.close()


async def table(
    door: Door, number: int, args: argparse.Namespace, acked: list[float], heard: list[float]
) -> None:
    """A table: a hand every interval on a fixed schedule (the first staggered), its 4
    phones following."""
    sent = Sent()
    readies = [asyncio.Event() for _ in range(4)]
    phones = [asyncio.create_task(phone(door, sent, heard, ready)) for ready in readies]
    connection = door.connection()
    await connection.open()
    try:
        await asyncio.gather(*(ready.wait() for ready in readies))
        start = time.perf_counter() + 0.5 + args.interval * number / max(args.tables, 1)
        for i in range(int(args.seconds / args.interval)):
            await asyncio.sleep(max(0.0, start + i * args.interval - time.perf_counter()))
            sent.at, sent.posted = time.perf_counter(), i + 1
            acked.append(await post(connection, door, HANDS[i % len(HANDS)], f"t{number}-{i}"))
        await asyncio.sleep(1.0)  # the last change reaches the phones
    finally:
        await connection.close()
        for task in phones:
            task.cancel()
        await asyncio.gather(*phones, return_exceptions=True)


async def burst(
    tables: list[Door], count: int, hands: Sequence[str] = HANDS, prefix: str = "b"
) -> tuple[float, int]:
    """`count` posts of `hands` at once over the tables, each on its own connection opened
    first (ids `prefix` and a number); the seconds until the last is acknowledged, and how
    many were."""
    spread = [tables[i % len(tables)] for i in range(count)]
    connections = [door.connection() for door in spread]
    await asyncio.gather(*(c.open() for c in connections))
    try:
        start = time.perf_counter()
        tasks = [
            post(connection, door, hands[i % len(hands)], f"{prefix}{i}")
            for i, (connection, door) in enumerate(zip(connections, spread, strict=True))
        ]
        done = await asyncio.gather(*tasks, return_exceptions=True)
        took = time.perf_counter() - start
    finally:
        await asyncio.gather(*(c.close() for c in connections))
    return took, sum(1 for d in done if isinstance(d, float))


def hands_in(ledger: str) -> int:
    """How many hands (counted or void) the ledger holds, read and checked."""
    return view.read(ledger).tally.slots


async def main_async(args: argparse.Namespace, folder: Path) -> None:
    ledger = new_ledger(folder, "quiet.csv", deals=None)
    server = Server(ledger)
    try:
        before, meter = rss_kib(server.process.pid), Meter([server])
        samples = await asyncio.wait_for(quiet(doors(server)[0], args.hands), args.timeout)
        after = rss_kib(server.process.pid)
        print(f"quiet table, {args.hands} hands:  {ms(samples)}   goal p99 ≤ 20 ms")
        print(f"  server memory: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB after")
        print(f"  {meter}")
    finally:
        server.stop()
    if args.tables == 0:
        return
    first = new_ledger(folder, "table0.csv", deals=None)  # (the others: copies of it)
    ledgers = [first] + [str(folder / f"table{n}.csv") for n in range(1, args.tables)]
    for path in ledgers[1:]:
        shutil.copyfile(first, path)
    count = max(1, min(args.servers, args.tables))
    shares = [ledgers[i::count] for i in range(count)]
    with ThreadPoolExecutor(8) as starting:  # (each start waits for its links)
        servers = list(starting.map(lambda share: Server(share[0], more=tuple(share[1:])), shares))
    tables = [door for s in servers for door in doors(s)]
    try:
        before, meter = sum(rss_kib(s.process.pid) for s in servers), Meter(servers)
        acked: list[float] = []
        heard: list[float] = []
        playing = [table(door, n, args, acked, heard) for n, door in enumerate(tables)]
        await asyncio.wait_for(asyncio.gather(*playing), args.seconds + args.timeout)
        after = sum(rss_kib(s.process.pid) for s in servers)
        print(
            f"{args.tables} tables on {count} server(s), a hand every {args.interval:g} s each "
            f"for {args.seconds:g} s, 4 phones each:"
        )
        print(f"  acknowledged:       {ms(acked)}   goal p99 ≤ 50 ms (100 tables)")
        print(f"  heard by 4 phones:  {ms(heard)}   goal ≤ 1 s ({len(acked) * 4} expected)")
        print(f"  server memory: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB after")
        print(f"  {meter}")
        counts = {path: hands_in(path) for path in ledgers}
        meter = Meter(servers)
        took, done = await asyncio.wait_for(burst(tables, args.burst), args.timeout)
        print(f"burst of {args.burst} posts over {args.tables} tables: {meter}")
        added = sum(hands_in(path) - counts[path] for path in ledgers)
        print(
            f"  {done} acknowledged in {took:.2f} s, {added} hands added "
            "(goal: all within 2 s, none lost or doubled)"
        )
    finally:
        for s in servers:
            s.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands on the quiet table")
    parser.add_argument("--tables", type=int, default=10, help="tables (ledgers); 0: quiet only")
    parser.add_argument("--servers", type=int, default=1, help="servers the tables share")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between hands")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the tables play")
    parser.add_argument("--burst", type=int, default=400, help="simultaneous posts")
    parser.add_argument("--timeout", type=float, default=120.0, help="bound of each phase")
    args = parser.parse_args()
    os.environ.setdefault("BASKA_LANG", "en")
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as folder:
        asyncio.run(main_async(args, Path(folder)))


if __name__ == "__main__":
    main()
