"""Benchmark `baska serve DIR`: a tournament's round in the hall, every table entering its
series at a hectic pace with its 4 phones and the projector following live, then a burst.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_hall.py                        # 100 tables, 24 deals, burst 400
    python benchmarks/bench_hall.py --tables 10 --deals 4 --burst 40   # a short run
    python benchmarks/bench_hall.py --repeat 3             # the spread of three rounds

A tournament of 4 × --tables players is made (`baska tournament new`, --rules, a series of
--deals) and its first round drawn; one `baska serve DIR` serves it on 127.0.0.1. The client
is one asyncio process with bench_serve.py's light pieces (its keep-alive connections, its
post and its phone, which follows /api/v1/events as the page does):

- the round: each table posts a hand every --interval seconds on a fixed schedule
  (staggered) until its series is complete, with a client id; its 4 phones follow the
  table's events, and the projector follows /api/v1/board/events and fetches the board at
  each change (where the server has one). The samples: each post's acknowledgement; each
  phone's time from the post sent to it holding the new state; the time from the round's
  last hand acknowledged to the projector's board with every table in.
- then: every table's ledger holds exactly its series (none lost or doubled), `baska
  tournament check` is clean, and the CLI's standings are the board's.
- the burst: --burst posts sent at once over connections opened before, spread over the
  tables (past the series: confirmed as a phone would); all acknowledged, and the ledgers
  then hold exactly one more hand per post.

It prints p50/p95/p99, the server's memory (VmRSS) after the phones connected, after the
round and after the burst, and the CPU of the server and of the client. The goals of issue 26
beside them (p99 ≤ 50 ms with 100 tables, a burst of 400 within 2 s, the projector within
1 s). No test asserts a timing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_serve import Door, Meter, Sent, burst, hands_in, phone, post, rss_kib
from tests.servekit import SEAT_HANDS, HallServer, new_tournament

FIRST = [
    "Adam",
    "Anna",
    "Bogdan",
    "Barbara",
    "Cezary",
    "Celina",
    "Damian",
    "Dorota",
    "Edward",
    "Ewa",
    "Filip",
    "Felicja",
    "Grzegorz",
    "Grażyna",
    "Henryk",
    "Halina",
    "Igor",
    "Irena",
    "Jerzy",
    "Joanna",
]
SURNAMES = [
    "Nowak",
    "Wójcik",
    "Kowalczyk",
    "Woźniak",
    "Mazur",
    "Krawczyk",
    "Kaczmarek",
    "Zając",
    "Król",
    "Wieczorek",
    "Jabłoński",
    "Majewski",
    "Olszewski",
    "Stępień",
    "Malinowski",
    "Pawlak",
    "Górski",
    "Witkowski",
    "Walczak",
    "Sikora",
]


def players(count: int) -> list[str]:
    """`count` different full names (first name and surname; numbered past 400)."""
    names = [f"{first} {last}" for last in SURNAMES for first in FIRST]
    more = [f"{name} {n}" for n in range(2, count // len(names) + 2) for name in names]
    return (names + more)[:count]


@dataclass
class Round:
    """What the round measured: acknowledgements, phones' delays, posts that failed, the
    projector's board changes (when, and with how many tables in) and the boards it was
    refused, the last hand's acknowledgement."""

    acked: list[float] = field(default_factory=list)
    heard: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    boards: list[tuple[float, int]] = field(default_factory=list)
    failed_boards: list[str] = field(default_factory=list)
    last_ack: float = 0.0


def percentiles(values: list[float]) -> str:
    """p50, p95 and p99 of samples in seconds, in milliseconds."""
    if not values:
        return "no samples"
    ordered = sorted(values)

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000

    return (
        f"p50 {at(0.50):6.1f} ms  p95 {at(0.95):6.1f} ms  p99 {at(0.99):6.1f} ms  "
        f"max {ordered[-1] * 1000:6.1f} ms  (n={len(values)})"
    )


async def projector(base: str, measured: Round) -> None:
    """The projector's page: the board's events, and the board fetched at each change."""
    stream, looks = Door(base, "").connection(), Door(base, "").connection()
    await stream.open()
    await looks.open()
    try:
        async for event in stream.events("/api/v1/board/events", {}):
            if event.get("event") != "change":
                continue
            status, text = await looks.request("GET", "/api/v1/board", {})
            if status == 200:
                measured.boards.append((time.perf_counter(), json.loads(text)["tables_in"]))
            else:
                measured.failed_boards.append(f"{status}: {text[:200]!r}")
    finally:
        await stream.close()
        await looks.close()


async def table(
    door: Door,
    number: int,
    args: argparse.Namespace,
    measured: Round,
    readies: list[asyncio.Event],
    go: asyncio.Event,
) -> None:
    """A table's series: a hand every interval on a fixed schedule (the first staggered),
    each with its client id; its 4 phones following (each sets its `readies` once its
    table is shown); the first hand waits for `go`."""
    sent = Sent()
    phones = [asyncio.create_task(phone(door, sent, measured.heard, r)) for r in readies]
    connection = door.connection()
    await connection.open()
    try:
        await go.wait()  # (every table's phones are on its page)
        start = time.perf_counter() + 0.5 + args.interval * (number - 1) / args.tables
        for i in range(args.deals):
            await asyncio.sleep(max(0.0, start + i * args.interval - time.perf_counter()))
            sent.at, sent.posted = time.perf_counter(), i + 1
            hand = SEAT_HANDS[(i + number) % len(SEAT_HANDS)]
            try:
                measured.acked.append(await post(connection, door, hand, f"r1t{number}-{i + 1}"))
            except (RuntimeError, OSError, asyncio.IncompleteReadError) as error:
                measured.failed.append(f"table {number}, hand {i + 1}: {error}")
            measured.last_ack = max(measured.last_ack, time.perf_counter())
        await asyncio.sleep(1.5)  # the last change reaches the phones and the projector
    finally:
        await connection.close()
        for task in phones:
            task.cancel()
        await asyncio.gather(*phones, return_exceptions=True)


def baska(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "baska_cli", *args], capture_output=True, text=True, check=False
    )


def standings_agree(folder: str, base: str) -> str:
    """Whether `baska tournament standings` is the projector's board, line by line."""
    import httpx

    listed = baska("tournament", "standings", folder, "--format", "json")
    found = httpx.get(f"{base}/api/v1/board", timeout=60)
    if listed.returncode != 0 or found.status_code != 200:
        return f"not compared ({listed.returncode}, board {found.status_code})"
    fields = ("place", "player", "place_points_exact", "total", "tables_won")
    cli = [[row[f] for f in fields] for row in json.loads(listed.stdout)["standings"]]
    board = [[row[f] for f in fields] for row in found.json()["standings"]]
    return "equal to the board's" if cli == board else "NOT the board's"


async def one_round(args: argparse.Namespace, workdir: Path) -> None:
    folder = new_tournament(str(workdir / "liga"), players(4 * args.tables), args.deals,
                            rules=args.rules)  # fmt: skip
    server = HallServer(folder)
    try:
        await measure(args, folder, server)
    finally:
        server.stop()
        if server.errors.strip():
            print(f"  the server's stderr (its end): {server.errors[-1500:]}")


PROJECTOR_WAIT = 30.0  # seconds the projector is waited for after the round's last hand


def board_complete(measured: Round, args: argparse.Namespace) -> list[float]:
    """When the projector's board showed every table in (empty: not yet)."""
    return [at for at, tables_in in measured.boards if tables_in == args.tables]


async def measure(args: argparse.Namespace, folder: str, server: HallServer) -> None:
    import httpx

    pid = server.process.pid
    doors = [Door(server.base, server.table_key(1, t)) for t in range(1, args.tables + 1)]
    ledgers = [os.path.join(folder, "r1", f"t{t}.csv") for t in range(1, args.tables + 1)]
    has_board = httpx.get(f"{server.base}/api/v1/board", timeout=60).status_code == 200
    measured, go = Round(), asyncio.Event()
    readies = [[asyncio.Event() for _phone in range(4)] for _door in doors]
    watching = asyncio.create_task(projector(server.base, measured)) if has_board else None
    playing = asyncio.gather(
        *(table(d, n, args, measured, readies[n - 1], go) for n, d in enumerate(doors, 1))
    )
    every_phone = (ready.wait() for four in readies for ready in four)
    await asyncio.wait_for(asyncio.gather(*every_phone), args.timeout)
    start_rss, meter = rss_kib(pid), Meter([server])  # type: ignore[list-item]
    go.set()
    await asyncio.wait_for(playing, args.deals * args.interval + args.timeout)
    end_rss = rss_kib(pid)
    waited = time.perf_counter() + PROJECTOR_WAIT
    while has_board and time.perf_counter() < waited and not board_complete(measured, args):
        await asyncio.sleep(0.05)  # (the projector's board may follow after the phones)
    print(
        f"{args.tables} tables × 4 phones, a round of {args.deals} deals ({args.rules}), "
        f"a hand every {args.interval:g} s per table"
        + (", the projector following" if has_board else ", no projector on this server")
        + ":"
    )
    print(f"  acknowledged:       {percentiles(measured.acked)}   goal p99 ≤ 50 ms")
    print(f"  heard by 4 phones:  {percentiles(measured.heard)}   goal ≤ 1 s")
    if has_board:
        complete = board_complete(measured, args)
        late = (
            f"{(complete[0] - measured.last_ack) * 1000:.0f} ms"
            if complete
            else f"not within {PROJECTOR_WAIT:g} s"
        )
        print(
            f"  projector: {len(measured.boards)} boards fetched; every table in {late} after "
            "the round's last hand was acknowledged   goal ≤ 1 s"
        )
        if measured.failed_boards:
            print(f"  {len(measured.failed_boards)} boards refused: {measured.failed_boards[0]}")
    print(f"  server memory: {start_rss / 1024:.1f} MiB at start, {end_rss / 1024:.1f} MiB at end")
    print(f"  {meter}")
    counts = [hands_in(path) for path in ledgers]
    wrong = sum(1 for n in counts if n != args.deals)
    print(
        f"  {len(measured.acked)} of {args.tables * args.deals} hands acknowledged, "
        f"{len(measured.failed)} failed; ledgers not holding exactly {args.deals}: {wrong}"
        + (f" (first failure: {measured.failed[0]})" if measured.failed else "")
    )
    checked = baska("tournament", "check", folder)
    print(
        f"  tournament check: {'clean' if checked.returncode == 0 else 'PROBLEMS'}; "
        f"the CLI's standings: {standings_agree(folder, server.base) if has_board else '-'}"
    )
    if watching is not None:
        if watching.done():  # (the stream should have stayed open)
            print(f"  the projector's stream ended: {watching.exception()!r}")
        watching.cancel()
    meter = Meter([server])  # type: ignore[list-item]
    bursting = burst(doors, args.burst, SEAT_HANDS, "burst-")
    took, done = await asyncio.wait_for(bursting, args.timeout)
    added = sum(hands_in(path) for path in ledgers) - sum(counts)
    print(f"burst of {args.burst} posts over {args.tables} tables: {meter}")
    print(
        f"  {done} acknowledged in {took:.2f} s, {added} hands added "
        "(goal: all within 2 s, none lost or doubled)"
    )
    print(f"  server memory after the burst: {rss_kib(pid) / 1024:.1f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables of the round")
    parser.add_argument("--deals", type=int, default=24, help="the series' length")
    parser.add_argument("--rules", default="mester", help="rule system (mester plays 24)")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between hands")
    parser.add_argument("--burst", type=int, default=400, help="simultaneous posts")
    parser.add_argument("--timeout", type=float, default=120.0, help="bound of each phase")
    parser.add_argument("--repeat", type=int, default=1, help="rounds measured, one by one")
    args = parser.parse_args()
    os.environ.setdefault("BASKA_LANG", "en")
    for number in range(1, args.repeat + 1):
        print(f"--- run {number} of {args.repeat}, load average {os.getloadavg()[0]:.2f}")
        with tempfile.TemporaryDirectory(prefix="bench-hall-") as workdir:
            asyncio.run(one_round(args, Path(workdir)))


if __name__ == "__main__":
    main()
