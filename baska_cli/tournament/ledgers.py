"""A tournament's table ledgers checked as `baska check` checks them, on every core given.

Checking a thousand ledgers is a second or so of work for one core, and each ledger is
checked on its own: where there are many and the process may run on several cores (Linux,
`os.sched_getaffinity`), this process checks an equal share and child processes forked from
it (which speak its language and know its rules) check the others, each whole ledgers with
the same checker, and send them back pickled through a pipe. The results are put in the
order of the paths, so what is printed is the same byte for byte whichever way they were
checked (tests/test_tournament_ledgers.py). A child that cannot be made, or stops without
its result, leaves its share to this process.
`taskset -c 0 baska tournament standings DIR` checks them all in this process.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import NamedTuple

from baska_cli.errors import LedgerError
from baska_cli.evening.scorer import Scorer, Shape
from baska_cli.evening.totals import Deltas
from baska_cli.game.rules import RuleSet
from baska_cli.ledger.format import Meta

MIN_SHARED = 64  # ledgers to check below which forking costs more than it saves
MOST_WORKERS = 8


class LedgerCheck(NamedTuple):
    """One table ledger checked: its problems (where, message), or its players, rules and
    tally (hands numbered and running totals) and the identity of the file read."""

    problems: tuple[tuple[str, str], ...]
    players: tuple[str, ...] = ()
    rules_lines: tuple[str, ...] = ()
    rules_name: str = ""
    slots: int = 0
    totals: Deltas = (0, 0, 0, 0)
    identity: tuple[int, ...] | None = None


# the hands' shapes scored by this process, one dict per rule system, for one check_ledgers
_MEMOS: dict[tuple[str, ...], dict[Shape, Deltas]] = {}


def check_ledgers(paths: Sequence[str]) -> list[LedgerCheck]:
    """Each ledger checked, in the order given."""
    _MEMOS.clear()
    try:
        return _shared_out(paths)
    finally:
        _MEMOS.clear()


def _shared_out(paths: Sequence[str]) -> list[LedgerCheck]:
    """The ledgers checked by this process and forked ones where there are enough of them
    and cores to run on: each takes an equal run of the paths, this process the first."""
    workers = _workers(len(paths))
    if workers < 2:
        return _check(paths)
    size = -(-len(paths) // workers)
    parts = [paths[i : i + size] for i in range(0, len(paths), size)]
    pending: list[tuple[tuple[int, int] | None, Sequence[str]]] = []
    try:
        for part in parts[1:]:
            pending.append((_fork(part), part))  # (None: no process to be had)
        found = _check(parts[0])
        while pending:
            child, part = pending[0]
            got = None if child is None else _collect(*child)
            found += _check(part) if got is None else got
            pending.pop(0)
        return found
    finally:
        for child, _part in pending:  # (left by an error or Ctrl-C: stopped)
            if child is not None:
                _stop(*child)


def _fork(part: Sequence[str]) -> tuple[int, int] | None:
    """A child process that checks `part` and writes the result, pickled, to a pipe: its
    pid and the pipe's reading end; None where no process can be made."""
    import pickle
    import signal

    try:
        read_end, write_end = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return None
    if pid:
        os.close(write_end)
        return pid, read_end
    status = 1
    try:  # the child: never returns into the caller
        os.close(read_end)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # (Ctrl-C is the parent's to handle)
        with os.fdopen(write_end, "wb") as stream:
            pickle.dump(_part(part), stream, pickle.HIGHEST_PROTOCOL)
        status = 0
    finally:
        os._exit(status)


def _collect(pid: int, read_end: int) -> list[LedgerCheck] | None:
    """What a child checked, read from its pipe once it has written it all; None if it
    stopped without (its share is then checked here, where any error shows)."""
    import pickle

    with os.fdopen(read_end, "rb") as stream:
        data = stream.read()
    _pid, status = os.waitpid(pid, 0)
    if status != 0 or not data:
        return None
    found: list[LedgerCheck] = pickle.loads(data)
    return found


def _stop(pid: int, read_end: int) -> None:
    """End a child whose result is no longer wanted."""
    import signal

    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGTERM)
    with contextlib.suppress(OSError):
        os.close(read_end)
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)


def _workers(count: int) -> int:
    """How many processes check `count` ledgers: one per core this process may run on, each
    with half of MIN_SHARED ledgers at least; one in a process that runs other threads."""
    if count < MIN_SHARED or not sys.platform.startswith("linux"):
        return 1
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return 1  # (a child forked beside other threads could wait forever on their locks)
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return 1
    return max(1, min(cores, MOST_WORKERS, count // max(1, MIN_SHARED // 2)))


def _part(paths: Sequence[str]) -> list[LedgerCheck]:
    """One part of the ledgers, checked in a child process."""
    return _check(paths)


def _check(paths: Sequence[str]) -> list[LedgerCheck]:
    """Check ledgers one after another in this process, scoring each hand's shape once for
    all the tables of one rule system."""
    from baska_cli.ledger.checker import check

    def scorer(meta: Meta, rules: RuleSet) -> Scorer:
        return Scorer(meta.players, rules, shared=_MEMOS.setdefault(meta.rules_lines, {}))

    found: list[LedgerCheck] = []
    for path in paths:
        try:
            reader = check(path, scorer)
        except LedgerError as error:
            where = f"{error.path}:{error.line}" if error.line else path
            found.append(LedgerCheck(((where, error.message),)))
            continue
        if reader.problems:
            found.append(
                LedgerCheck(tuple((f"{p.path}:{p.line}", p.message) for p in reader.problems))
            )
            continue
        meta, tally = reader.meta, reader.tally
        found.append(
            LedgerCheck(
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
