"""A tournament's table ledgers checked as `baska check` checks them, on every core given.

Checking a thousand ledgers is a second or so of work for one core, and each ledger is
checked on its own: where there are many and the process may run on several cores (Linux,
`os.sched_getaffinity`), they are shared out among worker processes forked from this one
(which speak its language and know its rules). Each worker checks whole ledgers with the
same checker; the results come back in the order of the paths, so what is printed is the
same byte for byte whichever way they were checked (tests/test_tournament_ledgers.py).
`taskset -c 0 baska tournament standings DIR` checks them all in this process.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Sequence
from typing import NamedTuple

from baska_cli.errors import LedgerError
from baska_cli.ledger.format import Meta
from baska_cli.rules import RuleSet
from baska_cli.scorer import Scorer, Shape
from baska_cli.session import Deltas

MIN_SHARED = 64  # ledgers to check below which starting workers costs more than it saves
MOST_WORKERS = 8


class Checked(NamedTuple):
    """One table ledger checked: its problems (where, message), or its players, rules and
    tally (hands numbered and running totals) and the identity of the file read."""

    problems: tuple[tuple[str, str], ...]
    players: tuple[str, ...] = ()
    rules_lines: tuple[str, ...] = ()
    rules_name: str = ""
    slots: int = 0
    totals: Deltas = (0, 0, 0, 0)
    identity: tuple[int, ...] | None = None


# the hands' shapes scored by this process, one dict per rule system: kept from one part of
# the ledgers to the next within one check_ledgers (a worker checks several parts)
_MEMOS: dict[tuple[str, ...], dict[Shape, Deltas]] = {}


def check_ledgers(paths: Sequence[str]) -> list[Checked]:
    """Each ledger checked, in the order given."""
    _MEMOS.clear()
    try:
        return _shared_out(paths)
    finally:
        _MEMOS.clear()


def _shared_out(paths: Sequence[str]) -> list[Checked]:
    """The ledgers checked by workers where there are enough of them and cores to run on."""
    workers = _workers(len(paths))
    if workers < 2:
        return _check(paths)
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    from multiprocessing import get_context

    parts = workers * 4  # (smaller parts even out a worker that gets the slower files)
    size = -(-len(paths) // parts)
    chunks = [paths[i : i + size] for i in range(0, len(paths), size)]
    try:
        with ProcessPoolExecutor(
            workers, mp_context=get_context("fork"), initializer=_quiet
        ) as pool:
            return [c for part in pool.map(_part, chunks) for c in part]
    except (OSError, BrokenProcessPool):  # no processes to be had: this one checks them all
        return _check(paths)


def _workers(count: int) -> int:
    """How many processes check `count` ledgers: one per core this process may run on, each
    with half of MIN_SHARED ledgers at least."""
    if count < MIN_SHARED or not sys.platform.startswith("linux"):
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return 1
    return max(1, min(cores, MOST_WORKERS, count // max(1, MIN_SHARED // 2)))


def _part(paths: Sequence[str]) -> list[Checked]:
    """One part of the ledgers, checked in a worker."""
    return _check(paths)


def _quiet() -> None:
    """A worker leaves Ctrl-C to the process that started it (no trace of its own)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _check(paths: Sequence[str]) -> list[Checked]:
    """Check ledgers one after another in this process, scoring each hand's shape once for
    all the tables of one rule system."""
    from baska_cli.ledger.checker import check

    def scorer(meta: Meta, rules: RuleSet) -> Scorer:
        return Scorer(meta.players, rules, shared=_MEMOS.setdefault(meta.rules_lines, {}))

    found: list[Checked] = []
    for path in paths:
        try:
            reader = check(path, scorer)
        except LedgerError as error:
            where = f"{error.path}:{error.line}" if error.line else path
            found.append(Checked(((where, error.message),)))
            continue
        if reader.problems:
            found.append(Checked(tuple((f"{p.path}:{p.line}", p.message) for p in reader.problems)))
            continue
        meta, tally = reader.meta, reader.tally
        found.append(
            Checked(
                (),
                tuple(meta.players),
                tuple(meta.rules_lines),
                meta.rules_name,
                tally.slots,
                tally.totals,
                reader.identity,
            )
        )
    return found
