"""Benchmark the views over a league-sized tournament's standings: the team classification
and the category standings of 400 players (full names, ids, 100 teams, 3 categories) over
10 rounds, against the individual standings of the same tournament (wall and CPU time:
on a shared machine the CPU time is the steadier figure).

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_tournament_views.py                  # 400 players, 10 rounds
    python benchmarks/bench_tournament_views.py --players 200 --repeat 9 --keep liga

The tournament is made with `baska tournament new` from a players file with columns, each
round drawn with `baska tournament draw`, and every table given a paper sheet's random
totals (written to results.csv once per round: the sheets are what is measured against, not
how they were typed). Then, alternating in one run, the median wall time of
`baska tournament standings DIR --format json` with nothing, `--teams`, `--category K` and
`--category all`, and (in this process) the time of the views alone over the standings'
lines. The goal (issue 22): teams and category standings at most 1 s. No test asserts a
timing.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from baska_cli.tournament import folder
from baska_cli.tournament.classifications.categories import categories, in_category
from baska_cli.tournament.classifications.teams import team_standings
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.scores.service import standings_after

FIRST = ["Jan", "Anna", "Piotr", "Żaneta", "Łukasz", "Ewa", "Grzegorz", "Małgorzata"]
LAST = ["Kowalski", "Nowak", "Wiśniewska", "Wójcik", "Kamiński", "Lewandowska", "Zieliński"]


def players_file(path: str, count: int) -> None:
    """A players file with columns: full names (many alike), ids, teams of 4, categories."""
    rng = random.Random(22)
    lines = ["name,club,team,category,id"]
    for i in range(count):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        category = ("M", "K", "J")[i % 3]
        lines.append(f"{name},KS {i % 17},Drużyna {i // 4 + 1},{category},{10000 + i}")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def baska() -> str:
    """The `baska` of this environment."""
    return os.path.join(os.path.dirname(sys.executable), "baska")


def make(directory: str, count: int, rounds: int) -> None:
    """The tournament, drawn round by round, each table with a sheet's random totals."""
    entries = directory + ".players.csv"
    players_file(entries, count)
    subprocess.run(
        [baska(), "tournament", "new", directory, "-p", entries, "--rounds", str(rounds),
         "--deals", "16", "-r", "mester", "--seed", "22"],
        check=True, capture_output=True,
    )  # fmt: skip
    rng = random.Random(5)
    sheets: list[TableResult] = []
    for number in range(1, rounds + 1):
        subprocess.run([baska(), "tournament", "draw", directory], check=True, capture_output=True)
        t = folder.load(directory)
        for table, members in enumerate(t.draws[number - 1].tables, 1):
            totals = [rng.randrange(-60, 61) for _ in range(3)]
            sheets.append(TableResult(number, table, members, (*totals, -sum(totals))))
        with folder.lock(directory):
            folder.save_results(t, sheets)


def timed(argv: list[str]) -> tuple[float, float]:
    """The wall time and the CPU time (user and system) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", metavar="DIR", help="make the tournament here and keep it")
    args = parser.parse_args()
    base = tempfile.mkdtemp(prefix="baska-views-")
    directory = args.keep or os.path.join(base, "liga")
    try:
        start = time.perf_counter()
        make(directory, args.players, args.rounds)
        print(f"{args.players} players, {args.rounds} rounds made in "
              f"{time.perf_counter() - start:.1f} s")  # fmt: skip
        views = {
            "standings": [],
            "--teams": ["--teams"],
            "--category K": ["--category", "K"],
            "--category all": ["--category", "all"],
        }
        times: dict[str, list[tuple[float, float]]] = {k: [] for k in views}
        timed([baska(), "tournament", "standings", directory])  # .checked.csv written once
        for _ in range(args.repeat):
            for label, extra in views.items():
                argv = [baska(), "tournament", "standings", directory, "-f", "json", *extra]
                times[label].append(timed(argv))
        for label, found in times.items():
            wall = statistics.median(w for w, _cpu in found)
            cpu = statistics.median(c for _w, c in found)
            print(f"baska tournament standings {label:15} {wall:6.3f} s wall, {cpu:6.3f} s CPU "
                  f"(medians of {args.repeat})")  # fmt: skip
        found_standings = standings_after(directory)
        start = time.perf_counter()
        teams = team_standings(found_standings.lines, found_standings.players)
        lists = [
            in_category(found_standings.lines, found_standings.players, c)
            for c in categories(found_standings.players)
        ]
        alone = time.perf_counter() - start
        print(f"the views alone (teams of {len(teams)}, {len(lists)} categories) in this "
              f"process: {alone * 1000:.1f} ms")  # fmt: skip
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
