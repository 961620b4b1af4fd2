"""Benchmark a league-sized tournament: the draw of 400 players over 10 rounds, and the
standings over its 1,000 table ledgers of 40 deals against a bare CSV read of the same files.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_tournament.py                       # 400 players, 10 rounds, 40 deals
    python benchmarks/bench_tournament.py --players 200 --deals 16 --repeat 5
    python benchmarks/bench_tournament.py --keep liga           # leave the tournament in ./liga

1. The draw: `draw_round` (the seeding and swapping alone) for each round in turn, then
   `baska tournament draw DIR` for each round (the draw plus 100 ledgers, the seating and the
   printable pages written). It prints each round's time and its repeated pairs.
2. The standings: every table's ledger gets 40 random valid hands (parsed, scored and written
   with the project's own code, as bench_ledger.py does), then, alternating in one run, the
   median wall time of `baska tournament standings DIR --format json` against a `python -c`
   that iterates csv.reader over the same 1,000 ledgers in one process, and their ratio.
   Measured two ways: cold (every ledger checked, as on the first run; one process) and
   warm (`.checked.csv` keeps the totals of ledgers checked before and unchanged since).
   The goal (issue 21): cold at most 2.0 s, with its ratio to the bare read. Both sides
   start the same Python, so the interpreter's start is in both. No test asserts a timing.
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_ledger import PLAYERS, random_text

from baska_cli.errors import BaskaError
from baska_cli.evening.totals import add, dealer_of
from baska_cli.game.model import Deltas, Entry
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.ledger.format import HAND_QUOTED
from baska_cli.ledger.reader import open_ledger
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament.draw import Draw, draw_round, history

CSV_READ = (
    "import csv, glob, sys\n"
    "for path in sorted(glob.glob(sys.argv[1] + '/r*/t*.csv')):\n"
    "    with open(path, encoding='utf-8-sig', newline='') as f:\n"
    "        for _ in csv.reader(f): pass"
)


def names(count: int) -> list[str]:
    """`count` distinct player names."""
    return [f"Gracz{i:03d}" for i in range(count)]


def bench_draw(players: list[str], rounds: int) -> None:
    """The draw alone, in this process."""
    done: list[Draw] = []
    print(f"draw_round, {len(players)} players:")
    for number in range(1, rounds + 1):
        met, sat_out = history(done)
        start = time.perf_counter()
        drawn = draw_round(number, "bench", players, met, sat_out)
        elapsed = time.perf_counter() - start
        done.append(drawn)
        print(f"  round {number:2d}: {elapsed:6.3f} s, {len(drawn.repeats)} repeated pairs")


def baska() -> str:
    """The console script beside this Python."""
    return os.path.join(os.path.dirname(sys.executable), "baska")


def make_tournament(folder: str, players: list[str], rounds: int, deals: int) -> None:
    """`baska tournament new` and a `draw` for every round, each timed."""
    entry_list = os.path.join(os.path.dirname(folder), "players.txt")
    with open(entry_list, "w", encoding="utf-8") as stream:
        stream.write("\n".join(players) + "\n")
    subprocess.run(
        [baska(), "tournament", "new", folder, "-p", entry_list, "--rounds", str(rounds),
         "--deals", str(deals), "-r", "mester", "--seed", "bench"],
        check=True, capture_output=True,
    )  # fmt: skip
    print(f"baska tournament draw (ledgers, seating, pages written), {len(players)} players:")
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        subprocess.run([baska(), "tournament", "draw", folder], check=True, capture_output=True)
        print(f"  round {number:2d}: {time.perf_counter() - start:6.3f} s")


def hand_pool(rules: RuleSet, size: int) -> list[tuple[Entry, Deltas]]:
    """Distinct valid hands read with placeholder names, each scored once."""
    rng = random.Random(14)
    pool: dict[str, tuple[Entry, Deltas]] = {}
    for _ in range(size * 50):
        if len(pool) >= size:
            break
        text = random_text(rng, rules)
        try:
            entry = parse_hand(text, PLAYERS)
            deltas = score(entry, rules, PLAYERS).deltas
        except BaskaError:
            continue
        pool.setdefault(format_hand(entry, PLAYERS), (entry, deltas))
    return list(pool.values())


def fill_ledgers(folder: str, deals: int) -> int:
    """Every table's ledger with `deals` hands, each row as baska writes it (format 2: the
    hand quoted, the empty status cell), its own players' names in the texts."""
    rules = builtin("mester")
    pool = hand_pool(rules, 3000)
    rng = random.Random(40)
    paths = sorted(glob.glob(os.path.join(folder, "r*", "t*.csv")))
    for path in paths:
        with open_ledger(path) as reader:
            meta = reader.meta
        players = meta.players
        totals: Deltas = (0, 0, 0, 0)
        with open(path, "a", encoding="utf-8", newline="") as stream:
            for n in range(1, deals + 1):
                entry, deltas = rng.choice(pool)
                totals = add(totals, deltas)
                dealer = players[dealer_of(meta.first_dealer, n)]
                cells = meta.row(n, dealer, format_hand(entry, players), deltas, totals, "")
                stream.write(meta.line(cells, HAND_QUOTED))
    return len(paths)


def timed(argv: list[str]) -> float:
    """Wall seconds of a command, its output discarded."""
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def interpreter() -> str:
    """The Python on the first line of the `baska` script (so both sides start the same one)."""
    with open(baska(), encoding="utf-8") as stream:
        first = stream.readline()
    return first[2:].strip() if first.startswith("#!") else sys.executable


def bench_standings(folder: str, repeat: int) -> None:
    """`baska tournament standings` against a bare CSV read of the same ledgers: cold (every
    ledger checked: `.checked.csv` removed first) and warm (the ledgers checked before and
    unchanged are taken from `.checked.csv`)."""
    record = os.path.join(folder, ".checked.csv")
    command = [baska(), "tournament", "standings", folder, "--format", "json"]
    cold, warm, floor = [], [], []
    for _ in range(repeat):
        if os.path.exists(record):
            os.remove(record)
        cold.append(timed(command))
        time.sleep(2.1)  # a file written in the last two seconds is not remembered
        timed(command)
        warm.append(timed(command))
        floor.append(timed([interpreter(), "-c", CSV_READ, folder]))
    c, w, f = (statistics.median(x) for x in (cold, warm, floor))
    print(f"csv.reader over the same ledgers, one process: {f:6.3f} s (median of {repeat})")
    print(f"baska tournament standings, every ledger checked:  {c:6.3f} s  ratio {c / f:5.2f} ×")
    print(f"baska tournament standings, checked ledgers kept:  {w:6.3f} s  ratio {w / f:5.2f} ×")
    print("goal (issue 21): every ledger checked in at most 2.0 s")


def main() -> None:
    """Run both benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", metavar="DIR", help="Make the tournament here and keep it.")
    args = parser.parse_args()
    players = names(args.players)
    bench_draw(players, args.rounds)
    scratch = tempfile.mkdtemp()
    folder = args.keep or os.path.join(scratch, "liga")
    try:
        make_tournament(folder, players, args.rounds, args.deals)
        start = time.perf_counter()
        count = fill_ledgers(folder, args.deals)
        print(
            f"{count} ledgers of {args.deals} deals written in {time.perf_counter() - start:.1f} s"
        )
        bench_standings(folder, args.repeat)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
