"""Benchmark a league's register as it grows: registers of 500, 1,000, 2,000 and 4,000
players (Polish full names from lists of first names and surnames, one in fifty misspelt by
a letter, so that names look alike), each made by `baska league new LIGA --players FILE`,
then `baska league players LIGA` (the list and every pair of names alike), `baska league
players import LIGA MORE` (100 more players, each looked up and the new ones warned of) and
`baska league players add LIGA NAME` (one more).

Usage (from the repository, in the environment whose `baska` is measured):

    python benchmarks/bench_register.py                    # 500 … 4,000 players
    python benchmarks/bench_register.py --sizes 500,1000,2000 --repeat 3
    PYTHONPATH=/tmp/old python benchmarks/bench_register.py --module   # another checkout

It prints each command's median wall time and, from one size to the next (each twice the
one before), how much longer it took: about 2 where a command grows with the register,
about 4 where it grows with its square (names compared pair by pair). And the ratio of each
command to the floor: a Python process reading players.csv with the csv module. No test
asserts a timing.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

FIRST = [
    "Jan", "Anna", "Piotr", "Maria", "Krzysztof", "Katarzyna", "Andrzej", "Małgorzata",
    "Tomasz", "Agnieszka", "Paweł", "Barbara", "Michał", "Ewa", "Marcin", "Krystyna",
    "Grzegorz", "Elżbieta", "Józef", "Zofia", "Łukasz", "Teresa", "Adam", "Joanna",
    "Zbigniew", "Magdalena", "Jerzy", "Monika", "Tadeusz", "Danuta", "Mateusz", "Jadwiga",
    "Dariusz", "Aleksandra", "Mariusz", "Halina", "Wojciech", "Irena", "Ryszard", "Beata",
]  # fmt: skip
LAST = [
    "Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski",
    "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Jankowski", "Mazur",
    "Kwiatkowski", "Krawczyk", "Piotrowski", "Grabowski", "Nowakowski", "Pawłowski",
    "Michalski", "Nowicki", "Adamczyk", "Dudek", "Zając", "Wieczorek", "Jabłoński", "Król",
    "Majewski", "Olszewski", "Jaworski", "Wróbel", "Malinowski", "Pawlak", "Witkowski",
    "Walczak", "Stępień", "Górski", "Rutkowski", "Michalak", "Sikora", "Ostrowski", "Baran",
    "Duda", "Szewczyk", "Tomaszewski", "Pietrzak", "Marciniak", "Wróblewski", "Zalewski",
    "Jakubowski", "Jasiński", "Zawadzki", "Sadowski", "Bąk", "Chmielewski", "Włodarczyk",
    "Borkowski", "Czarnecki", "Sawicki", "Sokołowski", "Urbański", "Kubiak", "Maciejewski",
    "Szczepański", "Kucharski", "Wilk", "Kalinowski", "Lis", "Mazurek", "Wysocki", "Adamski",
    "Kaźmierczak", "Wasilewski", "Sobczak", "Czerwiński", "Andrzejewski", "Cieślak",
    "Głowacki", "Zakrzewski", "Kołodziej", "Sikorski", "Krajewski", "Gajewski", "Szymczak",
    "Szulc", "Baranowski", "Laskowski", "Brzeziński", "Makowski", "Ziółkowski", "Przybylski",
    "Formella", "Mądry", "Kreft", "Bork", "Klein", "Labuda", "Miotk", "Potrykus",
]  # fmt: skip


def misspelt(name: str, rng: random.Random) -> str:
    """The name with one letter of the surname doubled, dropped or changed."""
    first, last = name.rsplit(" ", 1)
    i = rng.randrange(1, len(last))
    last = rng.choice(
        [last[:i] + last[i] + last[i:], last[:i] + last[i + 1 :], last[:i] + "e" + last[i + 1 :]]
    )
    return f"{first} {last}"


def names(count: int, seed: int) -> list[str]:
    """`count` different full names (a surname's feminine form for a woman's first name)."""
    rng = random.Random(seed)
    found: list[str] = []
    seen: set[str] = set()
    while len(found) < count:
        first, last = rng.choice(FIRST), rng.choice(LAST)
        if first.endswith("a") and last.endswith("ski"):
            last = last[:-1] + "a"
        name = f"{first} {last}"
        if rng.random() < 0.02:
            name = misspelt(name, rng)
        if name not in seen:
            seen.add(name)
            found.append(name)
    return found


def players_file(path: str, rows: list[tuple[str, str]]) -> None:
    with open(path, "w", encoding="utf-8") as stream:
        stream.write("name,id,club\n")
        for name, ident in rows:
            stream.write(f"{name},{ident},KS {sum(map(ord, name)) % 17}\n")


def baska(module: bool) -> list[str]:
    """The command that runs baska: this environment's script, or `python -m baska_cli`."""
    if module:
        return [sys.executable, "-m", "baska_cli"]
    return [os.path.join(os.path.dirname(sys.executable), "baska")]


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def floor(liga: str) -> float:
    """The floor: a Python process that reads the register's players.csv with the csv
    module, and nothing else."""
    code = "import csv, sys; list(csv.reader(open(sys.argv[1], encoding='utf-8')))"
    return timed([sys.executable, "-c", code, os.path.join(liga, "players.csv")])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="500,1000,2000,4000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--module", action="store_true", help="run `python -m baska_cli`")
    args = parser.parse_args()
    run = baska(args.module)
    base = tempfile.mkdtemp(prefix="baska-register-")
    results: dict[int, dict[str, float]] = {}
    try:
        for size in (int(s) for s in args.sizes.split(",")):
            every = names(size + 101, size)
            first = os.path.join(base, f"p{size}.csv")
            more = os.path.join(base, f"m{size}.csv")
            players_file(first, [(n, str(10000 + i)) for i, n in enumerate(every[:size])])
            players_file(more, [(n, "") for n in every[size : size + 100]])
            times: dict[str, list[float]] = {}
            for _ in range(args.repeat):
                liga = os.path.join(base, f"liga{size}")
                shutil.rmtree(liga, ignore_errors=True)
                players = [*run, "league", "players"]
                steps = {
                    "league new --players": [
                        *run,
                        "league",
                        "new",
                        liga,
                        "--title",
                        "L",
                        "-p",
                        first,
                    ],
                    "league players (list)": [*players, liga],
                    "league players import (100)": [*players, "import", liga, more],
                    "league players add": [*players, "add", liga, every[-1]],
                }
                for label, argv in steps.items():
                    times.setdefault(label, []).append(timed(argv))
                times.setdefault("floor: the register read", []).append(floor(liga))
            results[size] = {k: statistics.median(v) for k, v in times.items()}
        sizes = sorted(results)
        labels = list(results[sizes[0]])
        print(f"{'':32}" + "".join(f"{s:>10}" for s in sizes) + "   growth per doubling")
        for label in labels:
            row = "".join(f"{results[s][label]:>9.2f}s" for s in sizes)
            growth = " ".join(
                f"{results[b][label] / results[a][label]:.1f}" for a, b in itertools.pairwise(sizes)
            )
            print(f"{label:32}{row}   {growth}")
        print("ratio to the floor (the register read):")
        for label in labels[:-1]:
            ratios = "".join(
                f"{results[s][label] / results[s]['floor: the register read']:>10.1f}"
                for s in sizes
            )
            print(f"{label:32}{ratios}")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
