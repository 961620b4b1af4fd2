"""Benchmark a league's season and rating list: 50 events × 400 players (a pool of 600 in
the register), 5 rounds of 100 tables each (25,000 table-rounds), every table's result a
paper sheet's random totals.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_league.py                       # 50 events, 400 players
    python benchmarks/bench_league.py --events 10 --keep /tmp/liga

The events are built directly with the tournament's own folder functions (folder.create,
folder.write_round with a shuffled seating, folder.save_results): drawing 250 rounds of 400
players with `baska tournament draw` would time the draw, not the league. Each round still
has its 100 table ledgers (empty: the sheets count), as a drawn round has. First the floor: a
Python process reading every file of the league and of its events once (no parsing); every
figure is also given as a ratio to it. With `--site` (or `--site-only`), `baska league
publish LIGA OUT` into a new folder, again (nothing changed), after one table of the first
event corrected (the kept league is changed: a result corrected each run), and again. Then
`baska league standings LIGA --format json` cold (every event's `.checked.csv` and
`.standings.json` removed first: every table ledger checked, every event's standings made
and kept), then, alternating, it and `baska league ratings LIGA --format json` warm. Each
command's wall and CPU time and its own peak memory (`/usr/bin/time`). Goals (issue 40):
standings cold at most 3 s, ratings at most 5 s, the first publish at most 30 s, again with
nothing changed at most 3 s, after one event corrected at most 8 s, memory flat. No test
asserts a timing.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from baska_cli.league import folder as league_folder
from baska_cli.league.register import Member, Register
from baska_cli.league.regulations import Regulations
from baska_cli.league.settings import Event, League
from baska_cli.ledger.format import rules_lines
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament import folder
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.settings import Plan

FIRST = ["Jan", "Anna", "Piotr", "Żaneta", "Łukasz", "Ewa", "Grzegorz", "Małgorzata"]
LAST = ["Kowalski", "Nowak", "Wiśniewska", "Wójcik", "Kamiński", "Lewandowska", "Zieliński"]


def members(pool: int) -> list[Member]:
    """The register: full names (many alike, told apart by ids), clubs, teams, categories."""
    rng = random.Random(35)
    return [
        Member(
            str(10000 + i),
            f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            f"KS {i % 17}",
            f"Drużyna {i // 5 + 1}",
            ("M", "K", "J")[i % 3],
        )
        for i in range(pool)
    ]


def make(base: str, events: int, players: int, pool: int, rounds: int) -> str:
    """The league folder and its events (see the module's docstring): the league's path."""
    register = members(pool)
    rules = builtin("mester")
    rng = random.Random(5)
    dated = []
    for n in range(events):
        path = os.path.join(base, f"gp{n + 1:02d}")
        chosen = rng.sample(register, players)
        entrants = [
            Entrant(
                f"P.{m.id}", m.club, full_name=m.name, id=m.id, team=m.team, category=m.category
            )
            for m in chosen
        ]
        plan = Plan(rounds, 16, tuple(rules_lines(rules)), str(n), league="../liga")
        folder.create(path, plan, entrants)
        sheets: list[TableResult] = []
        names = [e.name for e in entrants]
        for number in range(1, rounds + 1):
            rng.shuffle(names)
            tables = tuple(tuple(names[i : i + 4]) for i in range(0, len(names), 4))
            with folder.lock(path):
                folder.write_round(folder.load(path), Draw(number, tables, (), ()), {})
            for table, seated in enumerate(tables, 1):
                totals = [rng.randrange(-60, 61) for _ in range(3)]
                sheets.append(TableResult(number, table, seated, (*totals, -sum(totals))))
        with folder.lock(path):
            folder.save_results(folder.load(path), sheets)
        dated.append(Event(f"../gp{n + 1:02d}", f"2026-{1 + n // 5 % 12:02d}-{1 + n % 28:02d}"))
    liga = os.path.join(base, "liga")
    rules_of_season = Regulations(best=events * 4 // 5, min_events=3, min_rounds=36)
    league_folder.create(
        liga, League("Liga", tuple(dated), rules_of_season), Register(tuple(register))
    )
    return liga


def baska() -> str:
    """The `baska` of this environment."""
    return os.path.join(os.path.dirname(sys.executable), "baska")


FLOOR = """import os, sys
for base in sys.argv[1:]:
    for root, _dirs, names in os.walk(base):
        for name in names:
            with open(os.path.join(root, name), "rb") as f:
                f.read()
"""


def timed(argv: list[str]) -> tuple[float, float, int]:
    """The wall time, the CPU time (user and system) and the peak memory (KiB) of one
    command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with tempfile.NamedTemporaryFile("r") as peak:
        subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", peak.name, *argv],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - start
        kib = int(peak.read().split()[-1])
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, kib


def events_of(liga: str) -> list[str]:
    """The events' folders beside the league's."""
    base = os.path.dirname(liga)
    return sorted(os.path.join(base, n) for n in os.listdir(base) if n.startswith("gp"))


def forget(liga: str) -> None:
    """Every event's kept standings and checked ledgers removed (a cold start)."""
    for event in events_of(liga):
        for name in (".checked.csv", ".standings.json"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(os.path.join(event, name))


def show(label: str, run: tuple[float, float, int], floor: float) -> None:
    wall, cpu, kib = run
    print(f"{label}: {wall:.2f} s wall, {cpu:.2f} s CPU, peak {kib // 1024} MiB, "
          f"{wall / floor:.1f} × the floor")  # fmt: skip


def correct_one(liga: str) -> None:
    """One table of the first event corrected (its first round's first table)."""
    from baska_cli.tournament.folder import load
    from baska_cli.tournament.scores.service import correct_result

    event = events_of(liga)[0]
    members = load(event).draws[0].tables[0]
    totals = (random.randrange(-60, 61), random.randrange(-60, 61), 0)
    entries = [f"{n}={t:+d}" for n, t in zip(members, (*totals, -sum(totals)), strict=True)]
    correct_result(event, 1, 1, entries)


def site(liga: str, base: str, floor: float) -> None:
    """`league publish` into a new folder, again (nothing changed: nothing made), then
    after one event's table corrected."""
    out = os.path.join(base, "web")
    shutil.rmtree(out, ignore_errors=True)
    publish = [baska(), "league", "publish", liga, out]
    show("site, first", timed(publish), floor)
    show("site, again", timed(publish), floor)
    correct_one(liga)
    time.sleep(2.5)  # (the organiser types the command: the files are settled by then)
    show("site, one event corrected", timed(publish), floor)
    show("site, again", timed(publish), floor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--pool", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", metavar="DIR", help="build the league here and keep it")
    parser.add_argument("--site", action="store_true", help="also time `league publish`")
    parser.add_argument("--site-only", action="store_true", help="time `league publish` only")
    args = parser.parse_args()
    base = args.keep or tempfile.mkdtemp(prefix="baska-league-")
    try:
        liga = os.path.join(base, "liga")
        if not os.path.exists(liga):
            start = time.perf_counter()
            liga = make(base, args.events, args.players, args.pool, args.rounds)
            print(f"{args.events} events × {args.players} players × {args.rounds} rounds built "
                  f"in {time.perf_counter() - start:.1f} s")  # fmt: skip
        print(f"load average {os.getloadavg()[0]:.1f}")
        reading = [sys.executable, "-c", FLOOR, liga, *events_of(liga)]
        floors = [timed(reading) for _ in range(3)]
        floor = statistics.median(w for w, _c, _m in floors)
        cpu = statistics.median(c for _w, c, _m in floors)
        print(f"the floor (a Python process reading every file once, median of 3): "
              f"{floor:.2f} s wall, {cpu:.2f} s CPU")  # fmt: skip
        subprocess.run([baska(), "--version"], check=True, stdout=subprocess.DEVNULL)
        if args.site or args.site_only:
            site(liga, base, floor)
            if args.site_only:
                return
        standings = [baska(), "league", "standings", liga, "--format", "json"]
        ratings = [baska(), "league", "ratings", liga, "--format", "json"]
        forget(liga)
        show("standings, cold (nothing kept: every ledger checked)", timed(standings), floor)
        found: dict[str, list[tuple[float, float, int]]] = {"standings": [], "ratings": []}
        for _ in range(args.repeat):
            found["standings"].append(timed(standings))
            found["ratings"].append(timed(ratings))
        for label, runs in found.items():
            median = (
                statistics.median(w for w, _c, _m in runs),
                statistics.median(c for _w, c, _m in runs),
                max(m for _w, _c, m in runs),
            )
            show(f"{label} (median of {len(runs)})", median, floor)
        print(f"load average {os.getloadavg()[0]:.1f}")
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
