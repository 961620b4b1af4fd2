"""Benchmark `baska play` at the table: how long recording one hand takes, through a pipe.

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_play.py                 # 5 rounds of 20 hands on a 40-hand ledger
    python benchmarks/bench_play.py --rounds 10 --hands 40

Each round copies a ledger of 40 hands (written once with `baska play` from a pipe), starts
`baska play LEDGER` with its standard input and output as pipes, and feeds it one hand at a
time: the time from writing the line to reading the three lines that show the recorded hand
is one sample (parse, score, the locked append with fsync, read back, print; the pipe's own
latency included). The first hand of each round is left out (it pays the lazy imports once
per evening). It prints the median and the 95th percentile, and the 95th percentile's ratio
to the goal of 20 ms (at most 1.0 meets it). No test asserts a timing.
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

GOAL_MS = 20.0
PLAYERS = "Ania,Bartek,Celina,Darek"
HANDS = [
    "zw ac 61 k",
    "zo d 70",
    "gr b 53",
    "ci c 70",
    "we a+d 70/3 kr",
    "zw bd 78",
    "zd b /3",
    "ba c",
    "zw ab 52",
    "gd a /4",
]


def baska(*args: str, stdin: str | None = None) -> None:
    """Run baska (this Python's), failing loudly."""
    subprocess.run(
        [sys.executable, "-m", "baska_cli", *args],
        input=stdin,
        text=True,
        capture_output=True,
        check=True,
    )


def make_ledger(folder: str, hands: int) -> str:
    """A ledger of `hands` hands, recorded through `baska play` from a pipe."""
    path = os.path.join(folder, "forty.csv")
    baska("new", path, "-p", PLAYERS)
    lines = "".join(HANDS[i % len(HANDS)] + "\n" for i in range(hands))
    baska("play", path, stdin=lines)
    return path


def one_round(source: str, folder: str, count: int) -> list[float]:
    """Record `count` hands in a copy of the ledger: the seconds each took, the first left out."""
    path = os.path.join(folder, "round.csv")
    shutil.copyfile(source, path)
    child = subprocess.Popen(
        [sys.executable, "-m", "baska_cli", "play", path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdin is not None and child.stdout is not None
    samples = []
    try:
        for i in range(count + 1):
            start = time.perf_counter()
            child.stdin.write(HANDS[i % len(HANDS)] + "\n")
            child.stdin.flush()
            for _ in range(3):  # a recorded hand is shown in three lines
                if not child.stdout.readline():
                    raise SystemExit("baska play stopped early")
            if i:
                samples.append(time.perf_counter() - start)
    finally:
        child.stdin.close()
        child.wait()
    for name in ("round.csv", ".round.csv.lock"):
        if os.path.exists(os.path.join(folder, name)):
            os.remove(os.path.join(folder, name))
    return samples


def main() -> None:
    """Measure, then print the median, the 95th percentile and its ratio to the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ledger-hands", type=int, default=40)
    parser.add_argument("--hands", type=int, default=20, help="hands timed per round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = make_ledger(folder, args.ledger_hands)
        samples: list[float] = []
        for _ in range(args.rounds):
            samples += one_round(source, folder, args.hands)
    ms = sorted(s * 1000 for s in samples)
    p95 = statistics.quantiles(ms, n=20)[-1]
    print(f"baska play, {args.ledger_hands}-hand ledger, {len(ms)} hands recorded through a pipe")
    print(f"  median {statistics.median(ms):6.1f} ms")
    print(f"  p95    {p95:6.1f} ms   (goal {GOAL_MS:.0f} ms: ratio {p95 / GOAL_MS:.2f})")


if __name__ == "__main__":
    main()
