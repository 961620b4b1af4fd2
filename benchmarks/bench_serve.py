"""Benchmark `baska serve`: a hand acknowledged on a quiet table, many tables at a hectic
pace with their phones following the event stream, and a burst of simultaneous posts.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_serve.py                       # 200 hands; 10 tables for 30 s
    python benchmarks/bench_serve.py --tables 100 --seconds 120 --burst 400

Everything runs on 127.0.0.1 with a bounded client (asyncio and httpx: fixed counts, and
every phase ends by --timeout). The N tables are one `baska serve` of N ledgers (each
table its own key), on a free port; `--servers` splits them over that many servers
instead (the old way: one server per table, with `--servers` equal to `--tables`).

- quiet: one table, one phone posting --hands hands one after another; a sample is the time
  from sending the post to its 201 (parse, score, the journal's fsync, the locked append
  with fsync, read back). The server's memory (VmRSS) before and after is printed too.
- tables: every table posts a hand every --interval seconds (staggered) for --seconds,
  while its 4 phones follow /api/v1/events; the samples are the post's acknowledgement
  and, for each phone, the time from the post being sent to the phone hearing the change.
- burst: --burst posts sent at once, spread over the tables; all must be acknowledged, and
  the ledgers then hold exactly one hand per id (none lost or doubled).

It prints p50/p99 of each and the goals of issue 25 beside them (20 ms quiet, 50 ms with
100 tables, a burst of 400 within 2 s, a new hand on the other phones within 1 s). No test
asserts a timing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_play import HANDS  # (the same ten hands as play's benchmark)
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


async def post(client: httpx.AsyncClient, server: Door, hand: str, client_id: str) -> float:
    """Post a hand; the seconds to its acknowledgement (raises unless 201)."""
    start = time.perf_counter()
    done = await client.post(
        f"{server.base}/api/v1/hands",
        json={"hand": hand, "id": client_id, "confirm": CONFIRM},
        headers=server.headers,
    )
    if done.status_code != 201:
        raise RuntimeError(f"{done.status_code}: {done.text}")
    return time.perf_counter() - start


async def quiet(server: Door, hands: int) -> list[float]:
    """One phone posting hands one after another."""
    async with httpx.AsyncClient(timeout=10) as client:
        await post(client, server, HANDS[-1], "warm-up")  # the lazy imports, once
        return [await post(client, server, HANDS[i % len(HANDS)], f"q{i}") for i in range(hands)]


async def follow(
    server: Door, sent: dict[str, float], heard: list[float], stop: asyncio.Event
) -> None:
    """One phone on the event stream: for each change, the time since the last post sent."""
    async with (
        httpx.AsyncClient(timeout=None) as client,
        client.stream("GET", f"{server.base}/api/v1/events", params={"key": server.key}) as events,
    ):
        first = True
        async for line in events.aiter_lines():
            if stop.is_set():
                return
            if line.startswith("data:"):
                if not first and "at" in sent:
                    heard.append(time.perf_counter() - sent["at"])
                first = False


async def table(
    server: Door, number: int, args: argparse.Namespace, acked: list[float], heard: list[float]
) -> None:
    """A table: a hand every interval (the first staggered), its 4 phones following."""
    stop, sent = asyncio.Event(), {}
    async with httpx.AsyncClient(timeout=30) as client:  # a server's first requests pay
        await client.get(f"{server.base}/api/v1/table", headers=server.headers)  # its imports
        await client.post(
            f"{server.base}/api/v1/preview", json={"hand": ""}, headers=server.headers
        )
    phones = [asyncio.create_task(follow(server, sent, heard, stop)) for _ in range(4)]
    await asyncio.sleep(0.5 + args.interval * number / max(args.tables, 1))
    end = time.perf_counter() + args.seconds
    async with httpx.AsyncClient(timeout=30) as client:
        i = 0
        while time.perf_counter() < end:
            sent["at"] = time.perf_counter()
            acked.append(await post(client, server, HANDS[i % len(HANDS)], f"t{number}-{i}"))
            i += 1
            await asyncio.sleep(args.interval)
    await asyncio.sleep(1.0)  # the last change reaches the phones
    stop.set()
    for phone in phones:
        phone.cancel()
    await asyncio.gather(*phones, return_exceptions=True)


async def burst(servers: list[Door], count: int) -> tuple[float, int]:
    """`count` posts at once over the servers; the seconds until the last is acknowledged,
    and how many were."""
    limits = httpx.Limits(max_connections=count, max_keepalive_connections=count)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        start = time.perf_counter()
        tasks = [
            post(client, servers[i % len(servers)], HANDS[i % len(HANDS)], f"b{i}")
            for i in range(count)
        ]
        done = await asyncio.gather(*tasks, return_exceptions=True)
        took = time.perf_counter() - start
    return took, sum(1 for d in done if isinstance(d, float))


def hands_in(ledger: str) -> int:
    """How many hands the ledger holds (`baska ledger --format json`)."""
    out = subprocess.run(
        [sys.executable, "-m", "baska_cli", "ledger", ledger, "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return len(json.loads(out)["hands"])


async def main_async(args: argparse.Namespace, folder: Path) -> None:
    ledger = new_ledger(folder, "quiet.csv", deals=None)
    server = Server(ledger)
    try:
        before = rss_kib(server.process.pid)
        samples = await asyncio.wait_for(quiet(doors(server)[0], args.hands), args.timeout)
        after = rss_kib(server.process.pid)
        print(f"quiet table, {args.hands} hands:  {ms(samples)}   goal p99 ≤ 20 ms")
        print(f"  server memory: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB after")
    finally:
        server.stop()
    ledgers = [new_ledger(folder, f"table{n}.csv", deals=None) for n in range(args.tables)]
    count = max(1, min(args.servers, args.tables))
    shares = [ledgers[i::count] for i in range(count)]
    with ThreadPoolExecutor(8) as starting:  # (each start waits for its links)
        servers = list(starting.map(lambda share: Server(share[0], more=tuple(share[1:])), shares))
    tables = [door for s in servers for door in doors(s)]
    try:
        before = sum(rss_kib(s.process.pid) for s in servers)
        acked: list[float] = []
        heard: list[float] = []
        playing = [table(door, n, args, acked, heard) for n, door in enumerate(tables)]
        await asyncio.wait_for(asyncio.gather(*playing), args.seconds + args.timeout)
        after = sum(rss_kib(s.process.pid) for s in servers)
        print(
            f"{args.tables} tables on {count} server(s), a hand every {args.interval:g} s each "
            f"for {args.seconds:g} s:"
        )
        print(f"  acknowledged:       {ms(acked)}   goal p99 ≤ 50 ms (100 tables)")
        print(f"  heard by 4 phones:  {ms(heard)}   goal ≤ 1 s")
        print(f"  server memory: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB after")
        counts = {path: hands_in(path) for path in ledgers}
        took, done = await asyncio.wait_for(burst(tables, args.burst), args.timeout)
        added = sum(hands_in(path) - counts[path] for path in ledgers)
        print(
            f"burst of {args.burst} posts over {args.tables} tables: {done} acknowledged in "
            f"{took:.2f} s, {added} hands added (goal: all within 2 s, none lost or doubled)"
        )
    finally:
        for s in servers:
            s.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands on the quiet table")
    parser.add_argument("--tables", type=int, default=10, help="tables (ledgers)")
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
