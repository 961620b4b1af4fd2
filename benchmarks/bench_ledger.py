"""Benchmark the batch commands against a bare CSV read, and `baska score` against its imports.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_ledger.py --hands 200000 --out big.csv   # write a ledger, exit
    python benchmarks/bench_ledger.py --hands 10000,200000,1000000   # write, time, compare

The ledger is made with the project's own code (parse_hand, score, format_hand, the ledger
module's Meta, create and row_cells), so it is exactly what `baska` writes and `baska check`
passes on it: a pool of distinct random hands (every contract of the rule system, contras
counted and by callers, every points/tricks total the deck allows, some void and amended
hands) is scored once, then rows are drawn from the pool and written one at a time.

Without `--out`, for each size the script times, alternating in one run, `baska check`,
`baska recalc --diff` and `baska ledger --format json` on the file against a `python -c` that
only iterates csv.reader over the same file; then `baska score` of one hand, in English and
in Polish, against `python -c "import click, tabulate"`, and what Polish adds to the start-up.
It prints the median wall time of `--repeat` runs, the ratio to the floor and each command's
peak memory (the child's ru_maxrss). Which `baska` runs is `--baska` (default: the console
script beside this Python); the floors use the interpreter named on that script's first
line, so both sides start the same Python.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli import ledger
from baska_cli.errors import BaskaError
from baska_cli.evening.totals import add, dealer_of
from baska_cli.game.deck import possible_points
from baska_cli.game.model import Play
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.game.vocabulary import COUNTED_FORMS
from baska_cli.rulesets.loader import load_rules

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")
CSV_READ = (
    "import csv, sys\n"
    "with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:\n"
    "    for _ in csv.reader(f): pass"
)
IMPORT_FLOOR = "import click, tabulate"
SCORE_HAND = ("zw", "A+C", "61", "k")


@dataclass(frozen=True, slots=True)
class Pooled:
    """One distinct hand of the pool: its canonical text and each seat's change."""

    text: str
    deltas: tuple[int, int, int, int]


def random_text(rng: random.Random, rules: RuleSet) -> str:
    """One random hand's text: any contract, side, points/tricks the deck allows, contras."""
    contracts = sorted(rules.contracts, key=lambda c: c.value)
    weights = [8 if c.value == "zw" else 1 for c in contracts]
    contract = rng.choices(contracts, weights)[0]
    info = contract.info
    side = rng.sample(range(4), info.side_size)
    tokens = [contract.value, "+".join(PLAYERS[s] for s in side)]
    if info.play is not Play.NONE:
        tricks = rng.randint(0, 4)
        points = rng.choice(sorted(possible_points()[tricks]))
        if info.play is Play.TRICKS:
            form = rng.choice((f"/{tricks}", f"{points}/{tricks}"))
        else:
            form = rng.choice((str(points), f"{points}/{tricks}"))
        tokens.append(form)
    limit = rules.contracts[contract].max_contras
    k = rng.randint(0, min(4 if limit is None else limit, 4))
    if k and rng.random() < 0.3:
        callers = [rng.randrange(4) for _ in range(rng.randint(1, k + 1))]
        tokens.append("k:" + ",".join(PLAYERS[s] for s in callers))
    elif k:
        tokens.append(COUNTED_FORMS[k])
    if rules.penalty is not None and info.side_size == 1 and rng.random() < 0.05:
        tokens.append("kara")
    return " ".join(tokens)


def make_pool(rng: random.Random, rules: RuleSet, size: int) -> list[Pooled]:
    """Up to `size` distinct valid hands, each parsed, scored and formatted once."""
    seen: dict[str, Pooled] = {}
    for _ in range(size * 50):
        if len(seen) >= size:
            break
        try:
            entry = parse_hand(random_text(rng, rules), PLAYERS)
            deltas = score(entry, rules, PLAYERS).deltas
        except BaskaError:
            continue
        text = format_hand(entry, PLAYERS)
        seen.setdefault(text, Pooled(text, deltas))
    return list(seen.values())


def write_ledger(
    path: str, hands: int, rules: RuleSet, seed: int, pool_size: int, version: int = 2
) -> None:
    """A valid ledger of `hands` hands (about 1 % void, 1 % amended) in format `version`,
    written streaming."""
    rng = random.Random(seed)
    pool = make_pool(rng, rules, pool_size)
    meta = ledger.Meta(PLAYERS, rules.name, ledger.rules_lines(rules), version=version)
    ledger.create(path, meta)
    dealers = [PLAYERS[dealer_of(meta.first_dealer, n)] for n in range(1, 5)]
    totals = (0, 0, 0, 0)
    cells, line = meta.row, meta.line
    with open(path, "a", encoding="utf-8", newline="") as stream:

        def write(row: list[str]) -> None:
            stream.write(line(row, (2,)))

        picks = rng.choices(pool, k=hands)
        marks = rng.choices(("", ledger.VOID, ledger.AMENDED), (98, 1, 1), k=hands)
        for n, (hand, mark) in enumerate(zip(picks, marks, strict=True), start=1):
            dealer = dealers[(n - 1) % 4]
            if mark == ledger.VOID:
                write(cells(n, dealer, hand.text, hand.deltas, None, ledger.VOID))
                continue
            if mark == ledger.AMENDED:
                old = rng.choice(pool)
                write(cells(n, dealer, old.text, old.deltas, None, ledger.AMENDED))
            totals = add(totals, hand.deltas)
            write(cells(n, dealer, hand.text, hand.deltas, totals, ""))


def run_once(argv: Sequence[str]) -> tuple[float, int]:
    """Run a command with its output discarded: wall seconds and the child's peak RSS in KiB.

    The peak comes from /usr/bin/time (a small C parent) where it exists: a child forked by
    this Python starts with this process's resident set as its high-water mark.
    """
    timer = shutil.which("time", path="/usr/bin:/bin")
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        wrapped = [timer, "-f", "%M", "-o", rss.name, *argv] if timer else list(argv)
        start = time.perf_counter()
        child = subprocess.Popen(wrapped, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        assert child.stderr is not None
        errors = child.stderr.read().decode()
        child.stderr.close()
        if child.returncode:
            raise SystemExit(f"{' '.join(argv)} failed ({child.returncode}):\n{errors[-2000:]}")
        kib = int(rss.read().split()[-1]) if timer else usage.ru_maxrss
    return elapsed, kib


def measure(commands: dict[str, list[str]], repeat: int) -> dict[str, tuple[float, int]]:
    """Each command run `repeat` times, alternating: the median seconds and the peak KiB."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    peaks: dict[str, int] = dict.fromkeys(commands, 0)
    for _ in range(repeat):
        for name, argv in commands.items():
            seconds, kib = run_once(argv)
            times[name].append(seconds)
            peaks[name] = max(peaks[name], kib)
    return {name: (statistics.median(times[name]), peaks[name]) for name in commands}


def report(title: str, floor: str, results: dict[str, tuple[float, int]]) -> None:
    """One block of the results: median, ratio to the floor, peak memory."""
    base = results[floor][0]
    print(title)
    print(f"  {'command':<42}{'median s':>10}{'ratio':>8}{'peak MiB':>10}")
    for name, (seconds, kib) in results.items():
        print(f"  {name:<42}{seconds:>10.3f}{seconds / base:>8.2f}{kib / 1024:>10.1f}")
    sys.stdout.flush()


def season(baska: str, count: int, rules: RuleSet, seed: int, repeat: int) -> None:
    """`baska stats` and `baska settle` on a season of `count` evenings of 40 deals, against
    `baska ledger --format json` on the same files (the goal: at most 1.5 ×)."""
    with tempfile.TemporaryDirectory(prefix="baska-season-") as folder:
        paths = [os.path.join(folder, f"evening-{i:03d}.csv") for i in range(count)]
        for i, path in enumerate(paths):
            write_ledger(path, 40, rules, seed + i, 400)
        commands = {
            "baska ledger --format json (floor)": [baska, "ledger", *paths, "--format", "json"],
            "baska stats --format json": [baska, "stats", *paths, "--format", "json"],
            "baska settle --stake 0.10": [baska, "settle", *paths, "--stake", "0.10"],
        }
        title = f"a season of {count} ledgers of 40 deals, median of {repeat} runs"
        report(title, "baska ledger --format json (floor)", measure(commands, repeat))


def interpreter_of(script: str) -> str:
    """The Python named on a console script's `#!` line (else this one)."""
    with open(script, encoding="utf-8", errors="replace") as file:
        first = file.readline()
    if first.startswith("#!") and "python" in first:
        return first[2:].strip().split()[0]
    return sys.executable


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments; write a ledger, or write ledgers and time the commands on them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="200000", help="N, or several as N,N,N (timing only)")
    parser.add_argument("--out", help="write the ledger here and exit (no timing)")
    parser.add_argument("--rules", default="plb", help="rule system of the ledger")
    parser.add_argument("--pool", type=int, default=4000, help="distinct hands in the pool")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--format-version", type=int, default=2, choices=(1, 2), help="ledger format written"
    )
    parser.add_argument("--repeat", type=int, default=5, help="runs per command and size")
    parser.add_argument("--repeat-large", type=int, help="runs at 1M hands and more")
    parser.add_argument("--startup-repeat", type=int, default=21, help="runs of the start-up pair")
    parser.add_argument("--baska", help="the baska executable (default: beside this Python)")
    parser.add_argument(
        "--season",
        type=int,
        default=0,
        metavar="N",
        help="also time stats and settle on N ledgers of 40 deals against ledger --format json",
    )
    args = parser.parse_args(argv)
    sizes = [int(n.replace("_", "")) for n in args.hands.split(",")]
    rules = load_rules(args.rules)
    if args.out:
        if len(sizes) != 1:
            parser.error("--out takes one --hands N")
        start = time.perf_counter()
        try:
            write_ledger(args.out, sizes[0], rules, args.seed, args.pool, args.format_version)
        except BaskaError as error:
            sys.exit(f"bench_ledger.py: {error}")
        print(f"{args.out}: {sizes[0]} hands in {time.perf_counter() - start:.1f} s")
        return
    baska = args.baska or shutil.which("baska", path=os.path.dirname(sys.executable))
    if not baska:
        parser.error("no baska beside this Python; give --baska PATH")
    python = interpreter_of(baska)
    print(f"baska: {baska}\npython: {python}")
    with tempfile.TemporaryDirectory(prefix="baska-bench-") as folder:
        for size in sizes:
            path = os.path.join(folder, f"ledger-{size}.csv")
            start = time.perf_counter()
            write_ledger(path, size, rules, args.seed, args.pool, args.format_version)
            made = time.perf_counter() - start
            megabytes = os.path.getsize(path) / 1e6
            repeat = args.repeat_large if args.repeat_large and size >= 1_000_000 else args.repeat
            commands = {
                "csv.reader over the file (floor)": [python, "-c", CSV_READ, path],
                "baska check": [baska, "check", path],
                "baska recalc --diff": [baska, "recalc", path, "--diff"],
                "baska ledger --format json": [baska, "ledger", path, "--format", "json"],
            }
            title = (
                f"{size} hands ({megabytes:.1f} MB, written in {made:.1f} s), "
                f"median of {repeat} runs"
            )
            report(title, "csv.reader over the file (floor)", measure(commands, repeat))
            os.unlink(path)
    if args.season:
        season(baska, args.season, rules, args.seed, args.repeat)
    english = f"baska --lang en score {' '.join(SCORE_HAND)}"
    polish = f"baska --lang pl score {' '.join(SCORE_HAND)}"
    commands = {
        f'python -c "{IMPORT_FLOOR}" (floor)': [python, "-c", IMPORT_FLOOR],
        english: [baska, "--lang", "en", "score", *SCORE_HAND],
        polish: [baska, "--lang", "pl", "score", *SCORE_HAND],
    }
    results = measure(commands, args.startup_repeat)
    report(
        f"start-up, median of {args.startup_repeat} runs",
        f'python -c "{IMPORT_FLOOR}" (floor)',
        results,
    )
    extra = (results[polish][0] - results[english][0]) * 1000
    print(f"start-up under Polish: {extra:+.1f} ms against English (goal: at most +5 ms)")


if __name__ == "__main__":
    main()
