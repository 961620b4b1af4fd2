"""Helpers for the fault, concurrency and fuzz tests: distinct hands, ledgers, `baska` runs."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from baska_cli import ledger
from baska_cli.errors import BaskaError
from baska_cli.evening.totals import add, dealer_of
from baska_cli.game.deck import all_possible_points
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.scoring import score
from baska_cli.ledger import Meta
from baska_cli.rulesets.loader import builtin

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")
ROOT = Path(__file__).resolve().parent.parent


def distinct_hands(count: int, systems: Sequence[str] = ("plb", "mester")) -> list[str]:
    """`count` distinct canonical hands (zwykła, every pair of seats, every possible total,
    with and without a kontra) that every one of `systems` scores."""
    rule_sets = [builtin(name) for name in systems]
    pairs = [(a, b) for a in range(4) for b in range(a + 1, 4)]
    found: list[str] = []
    for contras in ("", " k"):
        for points in sorted(all_possible_points()):
            for a, b in pairs:
                text = f"zw {PLAYERS[a]}+{PLAYERS[b]} {points}{contras}"
                try:
                    entry = parse_hand(text, PLAYERS)
                    for rules in rule_sets:
                        score(entry, rules, PLAYERS)
                except BaskaError:
                    continue
                found.append(format_hand(entry, PLAYERS))
                if len(found) == count:
                    return found
    raise AssertionError(f"only {len(found)} distinct hands")


def make_ledger(path: Path, hands: Iterable[str], rules: str = "plb") -> None:
    """A ledger holding `hands`, written by the project's own create and rewrite."""
    system = builtin(rules)
    ledger.create(str(path), Meta(PLAYERS, system.name, ledger.rules_lines(system), version=1))
    texts = list(hands)

    def rows() -> Iterator[list[str]]:
        totals = (0, 0, 0, 0)
        for n, text in enumerate(texts, start=1):
            deltas = score(parse_hand(text, PLAYERS), system, PLAYERS).deltas
            totals = add(totals, deltas)
            dealer = PLAYERS[dealer_of(0, n)]
            yield ledger.row_cells(n, dealer, text, deltas, totals, "")

    with ledger.open_for_edit(str(path)) as locked:
        locked.replace(locked.meta, rows())


def recorded(path: Path) -> list[tuple[int, str, str]]:
    """(number, hand, status) of every row of a ledger that checks clean."""
    reader = ledger.check(str(path))
    assert [str(p) for p in reader.problems] == []
    with ledger.open_ledger(str(path)) as again:
        return [(row.n, row.hand, row.status) for row in ledger.verify(again)]


def baska_argv(*args: str) -> list[str]:
    """The command line that runs `baska` with this interpreter."""
    return [sys.executable, "-m", "baska_cli", *args]


def baska(
    *args: str, preexec_fn: Callable[[], None] | None = None, cwd: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `baska` in its own OS process; output captured as text."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BASKA_")}
    return subprocess.run(
        baska_argv(*args),
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=preexec_fn,
        cwd=cwd,
        check=False,
        timeout=120,
    )


def folder_listing(path: Path) -> list[str]:
    """The names in the ledger's folder, sorted."""
    return sorted(os.listdir(path.parent))
