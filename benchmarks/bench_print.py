"""Benchmark a round's printed pages: 400 players, from `baska tournament print` to PDF files.

Usage (from the repository, in the environment whose `baska` is measured; needs Chromium):

    python benchmarks/bench_print.py                        # 400 players, 40 deals, 3 runs
    python benchmarks/bench_print.py --players 200 --deals 24 --repeat 5

A tournament of N players is made and its first round drawn with the project's own commands.
Then, each run: `baska tournament print DIR` (the seating plan and the table sheets written
again as HTML), and headless Chromium prints `seating.html` and `sheets.html` to PDF, one
Chromium after the other, as an organiser would before a round. It prints the median wall
time of each step and of the whole, and the pages printed. The goal (issue 22): the whole at
most 10 s. No test asserts a timing.

On a shared machine the wall time mostly measures the others' load; `--single-process` runs
Chromium in one process, so that the CPU seconds it spends (user + system, of the waited-for
children) are counted too: a figure the load changes little.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def baska() -> str:
    """The console script beside this Python."""
    return os.path.join(os.path.dirname(sys.executable), "baska")


def chromium() -> str:
    """Chromium's executable, or exit with a message."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        sys.exit("Chromium is not installed (apt-get install chromium)")
    return found


def to_pdf(html: str, profile: str, single: bool) -> int:
    """Print one page file to PDF with headless Chromium; the number of pages."""
    pdf = html[: -len(".html")] + ".pdf"
    argv = [
        chromium(), "--headless", *(["--single-process"] if single else []),
        "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
        "file://" + os.path.abspath(html),
    ]  # fmt: skip
    subprocess.run(argv, capture_output=True, timeout=300, check=True)
    with open(pdf, "rb") as stream:
        return len(re.findall(rb"/Type\s*/Page[^s]", stream.read()))


def main() -> None:
    """Make the tournament, then time the printing."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--single-process", action="store_true")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="bench-print-")
    try:
        players = os.path.join(work, "players.txt")
        with open(players, "w", encoding="utf-8") as stream:
            stream.write("".join(f"Gracz{i:03d}\n" for i in range(args.players)))
        folder = os.path.join(work, "liga")
        run = [baska(), "tournament"]
        subprocess.run(
            [*run, "new", folder, "-p", players, "--rounds", "5", "--deals", str(args.deals),
             "-r", "mester", "--seed", "1"],
            check=True, capture_output=True,
        )  # fmt: skip
        subprocess.run([*run, "draw", folder], check=True, capture_output=True)
        steps: dict[str, list[float]] = {
            "print": [], "seating": [], "sheets": [], "whole": [], "cpu": []
        }  # fmt: skip
        pages = {}
        single = args.single_process
        for _ in range(args.repeat):
            profile = tempfile.mkdtemp(dir=work)
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([*run, "print", folder], check=True, capture_output=True)
            printed = time.perf_counter()
            pages["seating"] = to_pdf(os.path.join(folder, "r1", "seating.html"), profile, single)
            seated = time.perf_counter()
            pages["sheets"] = to_pdf(os.path.join(folder, "r1", "sheets.html"), profile, single)
            done = time.perf_counter()
            steps["print"].append(printed - start)
            steps["seating"].append(seated - printed)
            steps["sheets"].append(done - seated)
            steps["whole"].append(done - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            steps["cpu"].append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
        print(f"{args.players} players, {args.deals} deals, median of {args.repeat}:")
        labels = {
            "print": "baska tournament print (HTML)",
            "seating": f"Chromium: seating plan to PDF ({pages['seating']} pages)",
            "sheets": f"Chromium: table sheets to PDF ({pages['sheets']} pages)",
            "whole": "the whole (goal: at most 10 s)",
            "cpu": "CPU of the children"
            + ("" if single else " (Chromium's renderers not counted)"),
        }
        for key, times in steps.items():
            print(f"  {labels[key]:<52} {statistics.median(times):6.2f} s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
