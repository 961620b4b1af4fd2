"""The projector's board of a league-sized tournament: 400 players (full names, 100 teams, 3
categories) over 10 rounds, every table with a paper sheet's result.

    python benchmarks/bench_board.py [--players 400] [--rounds 10] [--repeat 9] [--keep DIR]

It prints, as medians (CPU time in this process, wall time through the server): the board
made in one process from the directory (its parts: reading the directory, the tables'
results with the checked ledgers' cache, the standings with the movement, the board from
the standings' lines), its JSON record; the board asked again with no file changed
(the files' stats only); and through `baska serve DIR` on 127.0.0.1, GET /standings and GET
/api/v1/board with nothing changed, and right after a result is written (the board made
again). The goal (issue 26): the standings page for 400 players in at most 100 ms. No test
asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import httpx

from baska_cli.render.tournament.board import board_record
from baska_cli.tournament import folder
from baska_cli.tournament.board.screen import board
from baska_cli.tournament.board.service import board_now
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.scores.counted import table_results
from baska_cli.tournament.scores.service import fixed_results
from baska_cli.tournament.standings import standings
from baska_cli.web.hall.projector import Projector

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_tournament_views import make  # (the same tournament as the views')


def median_ms(work: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The median CPU time of `work` in milliseconds (this process's: on a shared machine the
    steadier figure), and what it gave the last time."""
    times, found = [], None
    for _ in range(repeat):
        start = time.process_time()
        found = work()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000, found


def median_wall_ms(work: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The median wall time of `work` in milliseconds, and what it gave the last time."""
    times, found = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        found = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, found


def in_process(directory: str, repeat: int) -> None:
    """The board and its parts in this process."""
    board_now(directory)  # (the checked ledgers' cache written once, as a server's first look)
    whole, found = median_ms(lambda: board_now(directory), repeat)
    reading, t = median_ms(lambda: folder.load(directory), repeat)
    tables, (results, _problems) = median_ms(lambda: table_results(t, None, True), repeat)
    up_to = len(t.draws)
    sat_out: dict[str, list[int]] = {}
    ranking, lines = median_ms(
        lambda: standings(t.players, results, t.rules, t.plan.tie_breaks, t.lots, up_to,
                          sat_out=sat_out, fixed=fixed_results(t, up_to)),
        repeat,
    )  # fmt: skip
    made, _data = median_ms(
        lambda: board(lines, t.players, name=t.name, round_number=up_to, rounds=t.plan.rounds,
                      tables=len(t.draws[-1].tables), tie_breaks=t.plan.tie_breaks),
        repeat,
    )  # fmt: skip
    record, _data = median_ms(lambda: board_record(found), repeat)
    projector = Projector(directory)
    projector.now()
    again, _shown = median_ms(projector.now, repeat)
    print(f"CPU time in this process (medians of {repeat}):")
    print(f"the board from the directory:       {whole:7.1f} ms")
    print(f"  reading the directory:            {reading:7.1f} ms")
    print(f"  the tables' results (cached):     {tables:7.1f} ms")
    print(f"  the standings with the movement:  {ranking:7.1f} ms")
    print(f"  the board from the lines:         {made:7.1f} ms")
    print(f"  after the ledgers are read:       {ranking + made:7.1f} ms (standings + board)")
    print(f"the board's JSON record:            {record:7.1f} ms (render/tournament/board.py)")
    print(f"the board again, no file changed:   {again:7.1f} ms (the stats of "
          f"{len(projector._watched)} files)")  # fmt: skip


def served(directory: str, repeat: int) -> None:
    """GET /standings and /api/v1/board through `baska serve DIR`."""
    process = subprocess.Popen(
        [sys.executable, "-m", "baska_cli", "serve", directory, "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    assert process.stdout is not None
    link = next(line.split()[1] for line in process.stdout if line.startswith("standings: "))
    try:
        with httpx.Client(timeout=30) as client:
            client.get(link)  # (the first board made)
            page, _answer = median_wall_ms(lambda: client.get(link), repeat)
            api = link.replace("/standings", "/api/v1/board")
            data, answer = median_wall_ms(lambda: client.get(api), repeat)
            size = len(answer.content)
            changed = []
            t = folder.load(directory)
            sheets = list(t.sheets)
            for n in range(repeat):
                last = sheets[-1]
                totals = (last.totals[0] + 1, last.totals[1] - 1, *last.totals[2:])
                sheets[-1] = TableResult(last.round, last.table, last.players, totals)
                with folder.lock(directory):
                    folder.save_results(t, sheets)
                start = time.perf_counter()
                client.get(link if n % 2 else api)
                changed.append(time.perf_counter() - start)
        print(f"wall time through baska serve (medians of {repeat}):")
        print(f"baska serve: GET /standings          {page:7.1f} ms (nothing changed)")
        print(f"baska serve: GET /api/v1/board       {data:7.1f} ms ({size // 1024} KiB)")
        print(f"baska serve: either, after a result  "
              f"{statistics.median(changed) * 1000:7.1f} ms (the board made again)")  # fmt: skip
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--keep", metavar="DIR", help="make the tournament here and keep it")
    args = parser.parse_args()
    base = tempfile.mkdtemp(prefix="baska-board-")
    directory = args.keep or os.path.join(base, "liga")
    try:
        if not os.path.exists(directory):
            make(directory, args.players, args.rounds)
        print(f"{args.players} players, {args.rounds} rounds")
        in_process(directory, args.repeat)
        served(directory, args.repeat)
        print("goal (issue 26): the standings page for 400 players in at most 100 ms")
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
