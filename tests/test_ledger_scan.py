"""ledger.scan (runs of rows read column by column) finds exactly what verify finds."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from baska_cli import ledger
from baska_cli.session import Scorer

SAMPLE = Path(__file__).parent.parent / "samples" / "evening.csv"
EDITS = ["", " 5", "+2", "x", "0", "-3", "  ", "void", "undone", "bad"]


def _result(path: str, fast: bool, strict: bool, scored: bool, hook: bool) -> object:
    """Problems, tally and hook calls of one pass, or the error that stopped it."""
    calls: list[tuple[int, str]] = []
    with ledger.open_ledger(path) as reader:
        scorer = Scorer(reader.meta.players, reader.rules()) if scored else None
        on_change = (lambda row, s: calls.append((row.line, str(s)))) if hook else None
        try:
            if fast:
                ledger.scan(reader, scorer, strict, on_change)
            else:
                for _ in ledger.verify(reader, scorer, strict, on_change):
                    pass
        except ledger.LedgerError as error:
            return str(error)
    t = reader.tally
    totals = t.totals if strict else None
    return [str(p) for p in reader.problems], t.slots, t.counted, totals, t.last, calls


def _mutated(rng: random.Random, rows: list[list[str]]) -> list[list[str]]:
    """The rows with a few random edits: cells, rows dropped, doubled, emptied, line ends."""
    rows = [list(r) for r in rows]
    for _ in range(rng.randint(0, 5)):
        i = rng.randrange(7, len(rows))
        row, kind = rows[i], rng.randrange(8)
        if kind == 0 and row:
            row[rng.randrange(len(row))] = rng.choice(EDITS)
        elif kind == 1:
            del rows[i]
        elif kind == 2:
            rows.insert(i, [] if rng.random() < 0.5 else list(row))
        elif kind == 3 and len(row) > 2:
            row[2] += rng.choice(["\n", "\r\n", " k", "x"])
        elif kind == 4:
            row.append(rng.choice(EDITS))
        elif kind == 5 and len(row) > 7:
            row[7] = str(int(row[7]) + 1) if row[7].lstrip("-").isdigit() else row[7]
        elif kind == 6 and len(row) > 4:
            row[3], row[4] = row[4], row[3]
        else:
            row[:] = row[: rng.randint(0, len(row))]
    return rows


@pytest.mark.parametrize("seed", range(6))
def test_scan_finds_what_verify_finds(tmp_path: Path, seed: int) -> None:
    """Random damage to a long ledger: both passes report the same problems and tally."""
    with SAMPLE.open(encoding="utf-8", newline="") as f:
        base = list(csv.reader(f))
    head, hands = base[:7], [r for r in base[7:] if r and r[-1] != "amended"][:16]
    rows = [*head]
    total = [0, 0, 0, 0]
    for n in range(1, 301):  # the sample's hands again and again, renumbered
        row = hands[(n - 1) % 16]
        deltas = [int(d) for d in row[3:7]]
        total = [a + b for a, b in zip(total, deltas, strict=True)]
        rows.append([str(n), row[1], row[2], *row[3:7], *map(str, total)])
    rng = random.Random(seed)
    path = tmp_path / "ledger.csv"
    for _ in range(25):
        with path.open("w", encoding="utf-8", newline="") as f:
            csv.writer(f, lineterminator=rng.choice(["\n", "\r\n"])).writerows(_mutated(rng, rows))
        for strict, scored, hook in [(1, 1, 0), (0, 1, 1), (1, 0, 0), (1, 1, 1)]:
            args = (str(path), bool(strict), bool(scored), bool(hook))
            assert _result(args[0], True, *args[1:]) == _result(args[0], False, *args[1:])
