"""A tournament's table ledgers checked as `baska check` checks them, one after another."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from baska_cli.errors import LedgerError
from baska_cli.game.model import Deltas
from baska_cli.ledger import checker


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


def check_ledgers(paths: Sequence[str]) -> list[LedgerCheck]:
    """Each ledger checked, in the order given."""
    return [check_ledger(path) for path in paths]


def check_ledger(path: str) -> LedgerCheck:
    """One ledger checked: its problems, or what the standings take from it."""
    try:
        reader = checker.check(path)
    except LedgerError as error:
        where = f"{error.path}:{error.line}" if error.line else path
        return LedgerCheck(((where, error.message),))
    if reader.problems:
        return LedgerCheck(tuple((f"{p.path}:{p.line}", p.message) for p in reader.problems))
    meta, tally = reader.meta, reader.tally
    return LedgerCheck(
        (),
        tuple(meta.players),
        tuple(meta.rules_lines),
        meta.rules_name,
        tally.slots,
        tally.totals,
        reader.identity,
    )
