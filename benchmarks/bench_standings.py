"""The standings' arithmetic alone: 400 players × 10 rounds of results (1,000 tables, with
shared places and walk-outs), placed with exact place points and rendered as JSON; no files.

    python benchmarks/bench_standings.py [--players 400] [--rounds 10] [--repeat 5]

It prints the median time of `standings` (with the movement since the round before) and of
the JSON; the goal of issue 22 is the standings in at most 1 s. No test asserts a timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from baska_cli.render.tournament.terminal import standings_json
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament.plan import TIE_BREAKS
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.standings import WALKED_OUT, WALKOUT, fixed_place, standings


def main() -> None:
    """Time the standings of a random tournament."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random("bench standings")
    names = [f"Gracz{i:03d}" for i in range(args.players)]
    rules = builtin("mester")
    results, fixed = [], []
    for number in range(1, args.rounds + 1):
        seated = rng.sample(names, len(names))
        for table in range(len(names) // 4):
            members = tuple(seated[4 * table : 4 * table + 4])
            if rng.random() < 0.01:  # a walk-out at one table in a hundred
                fixed.append((members[0], fixed_place(number, table + 1, WALKED_OUT, (0, 0))))
                fixed += [
                    (m, fixed_place(number, table + 1, WALKOUT, (3, 35))) for m in members[1:]
                ]
                continue
            three = [rng.choice((-20, -10, 0, 10, 20)) for _ in range(3)]
            results.append(TableResult(number, table + 1, members, (*three, -sum(three))))
    players = [Entrant(n) for n in names]
    placing, rendering = [], []
    for _ in range(args.repeat):
        start = time.perf_counter()
        lines = standings(players, results, rules, TIE_BREAKS, {}, args.rounds, fixed=fixed)
        placing.append(time.perf_counter() - start)
        start = time.perf_counter()
        standings_json(lines, args.rounds, TIE_BREAKS)
        rendering.append(time.perf_counter() - start)
    tables = len(results) + len(fixed) // 4
    print(f"{args.players} players × {args.rounds} rounds ({tables} tables):")
    print(
        f"  standings with movement: {statistics.median(placing):6.3f} s (median of {args.repeat})"
    )
    print(f"  the JSON of them:        {statistics.median(rendering):6.3f} s")
    print("goal (issue 22): the standings in at most 1 s")


if __name__ == "__main__":
    main()
