"""Benchmark the registration desk: checking in the players of a tournament of 426 registered
(Szemud 2015: 426 players registered in about 50 minutes), in one process through the service
and through a real `baska serve DIR` as the organiser's page does it.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_desk.py                  # 426 registered, 400 checked in
    python benchmarks/bench_desk.py --players 426 --present 200

A tournament of --players full names with ids is made (`baska tournament new`, a fee set),
then:

- the service: `tournament/desk/service.check_in` for each of --present players in turn
  (wall and CPU time per check-in, the whole desk.csv rewritten each time);
- the server: for each player of another copy, the page's two requests — GET
  /api/v1/hall/desk?q=three letters of the surname and three of the first name (the search:
  bench_hall.py's names share 20 surnames), then POST
  /api/v1/hall/checkin with a client id (the tap) — over one keep-alive connection; the time
  of each, and the server's CPU over them;
- the draw then seats the players present (its time, and who is absent).

It prints p50/p95/max. The goal of issue 34: a present player checked in at most 3 taps or
keys after the search, under 5 s each, so 426 players pass one laptop in 30 minutes (the
page takes one tap after the search). No test asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_hall import players
from tests.servekit import HallServer


def baska(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "baska_cli", *args], check=True, capture_output=True)


def spread(values: list[float]) -> str:
    """p50, p95 and the slowest, in ms."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"max {ordered[-1] * 1000:.1f} ms"
    )


def cpu_of(pid: int) -> float:
    """The CPU seconds a process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=426)
    parser.add_argument("--present", type=int, default=400)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="baska-bench-desk-"))
    try:
        names = players(args.players)
        roster = home / "players.csv"
        lines = ["name,id"] + [f"{n},{1000 + i}" for i, n in enumerate(names)]
        roster.write_text("\n".join(lines) + "\n", "utf-8")
        liga = str(home / "liga")
        baska("tournament", "new", liga, "-p", str(roster), "--rounds", "5", "--deals", "16",
              "-r", "mester", "--seed", "1")  # fmt: skip
        baska("tournament", "set", liga, "fee", "25")
        other = str(home / "served")
        shutil.copytree(liga, other)
        coming = names[: args.present]

        from baska_cli.tournament.desk import service

        wall, cpu = [], []
        for name in coming:
            started, used = time.perf_counter(), time.process_time()
            service.check_in(liga, [name])
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
        print(f"service, {len(coming)} of {args.players} checked in one by one:")
        print(f"  wall {spread(wall)}; CPU {spread(cpu)}")

        import httpx

        server = HallServer(other)
        try:
            headers = {"Authorization": f"Bearer {server.organiser_key}", "Origin": server.base}
            searched, tapped = [], []
            before = cpu_of(server.process.pid)
            with httpx.Client(base_url=server.base, headers=headers, timeout=30) as client:
                for name in coming:
                    first, surname = name.split()[:2]
                    letters = f"{surname[:3]} {first[:3]}"  # (20 surnames: the first name too)
                    started = time.perf_counter()
                    found = client.get("/api/v1/hall/desk", params={"q": letters})
                    searched.append(time.perf_counter() - started)
                    assert found.status_code == 200, found.text
                    player = next(
                        p["player"] for p in found.json()["players"] if p.get("full_name") == name
                    )
                    body = {"player": player, "mark": "present", "id": uuid.uuid4().hex}
                    started = time.perf_counter()
                    done = client.post("/api/v1/hall/checkin", json=body)
                    tapped.append(time.perf_counter() - started)
                    assert done.status_code == 200, done.text
            used = cpu_of(server.process.pid) - before
            print(f"server, {len(coming)} of {args.players}: the search (GET) {spread(searched)}")
            print(f"  the tap (POST checkin) {spread(tapped)}")
            print(f"  server CPU {used / len(coming) * 1000:.1f} ms per search and tap")
        finally:
            server.stop()
        started = time.perf_counter()
        baska("tournament", "draw", other)
        print(f"the draw of the {len(coming)} present: {time.perf_counter() - started:.2f} s")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
