"""Benchmark a round's printouts: 400 players (100 tables), from the request to the PDF.

Usage (from the repository, in the environment whose Python runs `baska`; needs Chromium):

    python benchmarks/bench_print.py                          # 400 players, 40 deals, 3 runs
    python benchmarks/bench_print.py --players 200 --deals 16 --repeat 5
    python benchmarks/bench_print.py --against /tmp/before    # before/after: another tree
    python benchmarks/bench_print.py --repeat 1 --single-process

A tournament of N players with full Polish names (two of them alike, told apart by their ids)
is made and its first round drawn with the project's own commands, and `baska serve DIR`
serves it on 127.0.0.1 (its address kept, so the sheets carry each table's QR code). Each run
times what the organiser does before a round: the seating plan and the table sheets asked
from the organiser's page (GET /o/KEY/print/1/…: the HTML), the same pages printed to PDF by
headless Chromium straight from that address (from the request to the PDF written, one
Chromium after the other), and `baska tournament print DIR` (both pages as HTML files). It
prints the median wall time of each, the pages printed, and the CPU seconds the server spent
making the pages. The goal (issue 32): the two PDFs together in at most 10 s.

`--against TREE` measures the same with the `baska_cli` of another source tree (for example
`git archive COMMIT | tar -x -C /tmp/before`) on a copy of the tournament, the two trees
taking turns, and prints both columns and their ratio: on a shared machine a slow moment hits
both, and the ratio is the figure to compare. `--single-process` runs Chromium in one process,
so that its CPU seconds (user + system) are counted too: a figure the others' load changes
little. No test asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import httpx

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tests.servekit import HallServer

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRST = [
    "Anna", "Maria", "Jan", "Stanisław", "Zofia", "Katarzyna", "Małgorzata", "Grzegorz",
    "Łukasz", "Bożena", "Jędrzej", "Żaneta", "Wojciech", "Krzysztof", "Agnieszka",
    "Przemysław", "Ewa", "Józef", "Ścibor", "Bartłomiej", "Anna Maria", "Jan Paweł",
]  # fmt: skip
LAST = [
    "Kowalski", "Nowak", "Wiśniewska", "Wójcik", "Kwiatkowska-Żółtowska", "Lewandowski",
    "Zieliński", "Szymańska", "Woźniak", "Dąbrowski", "Kozłowska", "Jankowski", "Mazur",
    "Krawczyk", "Piotrowska", "Grabowski", "Pawłowska", "Michalski", "Król", "Bąk",
    "Wieczorek-Brzęczyszczykiewicz", "Łęcka", "Źdźbło", "Konstantynopolitańczykowianeczka",
]  # fmt: skip


def roster(count: int) -> str:
    """players.csv of `count` players with full names (two named Jan Kowalski), ids, clubs."""
    pick = random.Random(1)
    names = {"Jan Kowalski"}
    while len(names) < count - 1:
        names.add(f"{pick.choice(FIRST)} {pick.choice(LAST)}")
    rows = [*sorted(names), "Jan Kowalski"]
    return "name,club,id\n" + "".join(
        f"{name},{pick.choice(['Puck', 'Hel', ''])},{i}\n" for i, name in enumerate(rows, 101)
    )


def chromium() -> str:
    """Chromium's executable, or exit with a message."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        sys.exit("Chromium is not installed (apt-get install chromium)")
    return found


def to_pdf(url: str, pdf: str, profile: str, single: bool) -> int:
    """Print one page (an address) to PDF with headless Chromium; the number of pages."""
    argv = [
        chromium(), "--headless", *(["--single-process"] if single else []),
        "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--no-pdf-header-footer", f"--print-to-pdf={pdf}", url,
    ]  # fmt: skip
    subprocess.run(argv, capture_output=True, timeout=600, check=True)
    with open(pdf, "rb") as stream:
        return len(re.findall(rb"/Type\s*/Page[^s]", stream.read()))


def cpu_of(pid: int) -> float:
    """The CPU seconds (user + system) a process has spent so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stream:
        fields = stream.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Side:
    """One tree's `baska` serving its own copy of the tournament."""

    def __init__(self, tree: str, folder: str, work: str) -> None:
        self.tree, self.folder, self.work = tree, folder, work
        self.env = {**os.environ, "PYTHONPATH": tree}
        self.server = self.in_tree(lambda: HallServer(folder))
        self.base = f"{self.server.organiser}/print/1"
        self.times: dict[str, list[float]] = {}
        self.pages: dict[str, int] = {}

    def in_tree(self, start: Callable[[], HallServer]) -> HallServer:
        """A server started with this tree's `baska_cli`."""
        kept = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = self.tree
        try:
            return start()
        finally:
            if kept is None:
                del os.environ["PYTHONPATH"]
            else:
                os.environ["PYTHONPATH"] = kept

    def note(self, key: str, seconds: float) -> None:
        self.times.setdefault(key, []).append(seconds)

    def run(self, single: bool) -> None:
        """One run of every step."""
        pid = self.server.process.pid
        for name in ("seating", "sheets"):
            cpu, start = cpu_of(pid), time.perf_counter()
            page = httpx.get(f"{self.base}/{name}.html", timeout=600)
            page.raise_for_status()
            self.note(f"get {name}", time.perf_counter() - start)
            self.note(f"server {name}", cpu_of(pid) - cpu)
        whole = 0.0
        for name in ("seating", "sheets"):
            profile = tempfile.mkdtemp(dir=self.work)
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            pdf = os.path.join(self.work, f"{name}.pdf")
            self.pages[name] = to_pdf(f"{self.base}/{name}.html", pdf, profile, single)
            took = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            self.note(f"pdf {name}", took)
            cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
            self.note(f"cpu {name}", cpu)
            whole += took
            shutil.rmtree(profile, ignore_errors=True)
        self.note("pdf whole", whole)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "baska_cli", "tournament", "print", self.folder],
            check=True, capture_output=True, env=self.env,
        )  # fmt: skip
        self.note("cli", time.perf_counter() - start)


def make(work: str, players: int, deals: int) -> str:
    """The tournament, its first round drawn (by this tree's `baska`): its folder."""
    os.makedirs(work, exist_ok=True)
    listed = os.path.join(work, "players.csv")
    with open(listed, "w", encoding="utf-8") as stream:
        stream.write(roster(players))
    folder = os.path.join(work, "liga")
    run = [sys.executable, "-m", "baska_cli", "tournament"]
    env = {**os.environ, "PYTHONPATH": HERE}
    subprocess.run(
        [*run, "new", folder, "-p", listed, "--rounds", "5", "--deals", str(deals),
         "-r", "mester", "--seed", "1"],
        check=True, capture_output=True, env=env,
    )  # fmt: skip
    subprocess.run([*run, "draw", folder], check=True, capture_output=True, env=env)
    return folder


def show(sides: list[Side], players: int, deals: int, repeat: int, single: bool) -> None:
    """The medians, a column a tree (before, after, and their ratio with two)."""
    after = sides[0]
    pages = after.pages
    labels = {
        "get seating": "organiser's page: seating plan (HTML)",
        "get sheets": "organiser's page: table sheets (HTML)",
        "server seating": "  the server's CPU for it",
        "server sheets": "  the server's CPU for them",
        "pdf seating": f"Chromium: seating plan to PDF ({pages['seating']} pages)",
        "cpu seating": "  Chromium's CPU for it" + ("" if single else " (not its renderers')"),
        "pdf sheets": f"Chromium: table sheets to PDF ({pages['sheets']} pages)",
        "cpu sheets": "  Chromium's CPU for them" + ("" if single else " (not its renderers')"),
        "pdf whole": "the round's printouts as PDF (goal: at most 10 s)",
        "cli": "baska tournament print (both pages as HTML)",
    }
    print(f"{players} players, {deals} deals, median of {repeat} (seconds):")
    heads = ["after", "before", "after/before"] if len(sides) == 2 else ["this tree"]
    print(f"  {'':<54}" + "".join(f"{h:>14}" for h in heads))
    for key, label in labels.items():
        values = [statistics.median(side.times[key]) for side in sides]
        cells = [f"{v:14.2f}" for v in values]
        if len(values) == 2:
            cells.append(f"{values[0] / values[1]:14.2f}" if values[1] else f"{'':>14}")
        print(f"  {label:<54}" + "".join(cells))
    for side in sides[1:]:
        if side.pages != pages:
            print(f"  pages before: {side.pages}")


def main() -> None:
    """Make the tournament, serve it, time the printouts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--single-process", action="store_true")
    parser.add_argument("--against", metavar="TREE", help="another source tree: before/after")
    args = parser.parse_args()
    against = os.path.abspath(args.against) if args.against else None
    work = tempfile.mkdtemp(prefix="bench-print-")
    os.chdir(work)  # (`python -m baska_cli` imports from the current directory first)
    sides: list[Side] = []
    try:
        folder = make(os.path.join(work, "after"), args.players, args.deals)
        trees = [(HERE, folder)]
        if against:
            other = os.path.join(work, "before", "liga")
            shutil.copytree(folder, other, symlinks=True)
            trees.append((against, other))
        for tree, where in trees:
            sides.append(Side(tree, where, os.path.dirname(where)))
        for _ in range(args.repeat):
            for side in sides:
                side.run(args.single_process)
        show(sides, args.players, args.deals, args.repeat, args.single_process)
    finally:
        for side in sides:
            side.server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
