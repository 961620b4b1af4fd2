"""The one checker of a ledger's hand rows: numbers, dealers, zero sums, scores, running totals.

Every row the reader decodes goes through `verify`, whichever command reads: `check`,
an append or a rewrite (which refuse a ledger with a problem), `recalc`, `ledger`. Problems
are collected on the reader as LedgerErrors naming file:line, not raised one at a time. The
rules of a valid row are the checks in `checks` (ROW_CHECKS, HAND_CHECKS).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from baska_cli.errors import LedgerError
from baska_cli.evening.scorer import Scorer
from baska_cli.evening.totals import dealer_of
from baska_cli.game.model import SEATS
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.checks import (
    HAND_CHECKS,
    ORDER_HINT,
    ROW_CHECKS,
    OnChange,
    Pass,
    dangling,
    hand_named,
    is_adjustment,
    stored,
)
from baska_cli.ledger.format import STATUSES, Meta, Row
from baska_cli.ledger.reader import LedgerReader, open_ledger

__all__ = [
    "ORDER_HINT",
    "OnChange",
    "check",
    "hand_named",
    "is_adjustment",
    "refuse_if_broken",
    "scan",
    "verify",
]


def verify(
    reader: LedgerReader,
    scorer: Scorer | None = None,
    strict: bool = True,
    on_change: OnChange | None = None,
) -> Iterator[Row]:
    """Check each row the reader decodes and pass on those that pass (a row with an unknown
    status, or with running totals that are not numbers, does not); problems are recorded on
    the reader, and its tally is set once the last row is read.

    Each row: its number follows the last numbered hand's, its dealer is the one the deal
    rotation gives, its hand is not empty and could not run as a spreadsheet formula, its
    status is known, with a scorer its text scores to its changes under the session's rules;
    a void, amended or undone row's changes sum to 0, and an amended row is followed (after
    any further amended rows of its number) by a row of its number that is not amended. Each
    counted hand also: its changes sum to 0; its text is canonical (as format_hand writes it);
    its running totals are the last ones plus its changes. `strict=False` leaves counted
    hands' sums and texts, every row's score and the totals alone (recalc rescoring a ledger
    under other rules); with `on_change`, a row that the scorer refuses or scores otherwise
    goes to it instead of being a problem.
    """
    return _checked(reader, scorer, strict, on_change, keep=True)


def scan(
    reader: LedgerReader,
    scorer: Scorer | None = None,
    strict: bool = True,
    on_change: OnChange | None = None,
) -> None:
    """verify() for its problems, tally and `on_change` alone (no rows are made)."""
    deque(_checked(reader, scorer, strict, on_change, keep=False), maxlen=0)


def _checked(
    reader: LedgerReader,
    scorer: Scorer | None,
    strict: bool,
    on_change: OnChange | None,
    keep: bool,
) -> Iterator[Row]:
    """The one loop over a ledger's rows (see verify): every row through ROW_CHECKS, a row of
    a known status through HAND_CHECKS too; the rows of a known status are given out as
    stored with `keep`."""
    meta = reader.meta
    dealers = [meta.players[dealer_of(meta.first_dealer, n)] for n in range(SEATS)]
    state = Pass(dealers, meta.rules_name, scorer, strict, on_change, meta.version >= 2)
    problem = reader.problem
    try:
        for row in reader.rows():
            for check in ROW_CHECKS:
                found = check(row, state)
                if found:
                    for line, message in found:
                        problem(line, message)
            if row.status and row.status not in STATUSES:
                continue
            for check in HAND_CHECKS:
                found = check(row, state)
                if found:
                    for line, message in found:
                        problem(line, message)
            state.count(row)
            if keep:
                yield stored(row)
        if state.amended_at:
            problem(state.amended_at, dangling(state.amended_n, _("the file ends")))
    finally:
        tally = reader.tally
        tally.slots, tally.counted, tally.totals = state.slots, state.counted, state.totals
        tally.dealt = state.slots - state.skipped
        tally.legacy_dealing = bool(state.legacy)


def check(path: str, scorer: Callable[[Meta, RuleSet], Scorer] | None = None) -> LedgerReader:
    """Read the whole ledger and return its reader with every problem collected."""
    with open_ledger(path) as reader:
        rules = reader.rules()
        made = scorer(reader.meta, rules) if scorer else Scorer(reader.meta.players, rules)
        scan(reader, made)
    return reader


def refuse_if_broken(reader: LedgerReader) -> None:
    """Raise a LedgerError (the first problem, and how many more) if the reader found any."""
    if not reader.problems:
        return
    first = reader.problems[0]
    more = len(reader.problems) - 1
    if more:
        refused = ngettext(
            "{problem} (and {count} more problem); the ledger was not changed — see "
            "`baska check {path}`",
            "{problem} (and {count} more problems); the ledger was not changed — see "
            "`baska check {path}`",
            more,
        )
    else:
        refused = _("{problem}; the ledger was not changed — see `baska check {path}`")
    raise LedgerError(
        refused.format(problem=first.message, count=more, path=reader.path),
        first.path,
        first.line,
    )
