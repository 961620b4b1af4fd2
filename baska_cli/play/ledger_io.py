"""Every call `play` makes into the ledger package, in one place: read, record, undo, void, amend.

Nothing here keeps the file open: each call opens the ledger, reads it (or writes it under its
lock) and closes it again (a front end that waits for the next typed line holds no file).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from baska_cli.evening.scorer import Scorer
from baska_cli.files.replace import identity
from baska_cli.game.rules import RuleSet
from baska_cli.ledger import edits, view
from baska_cli.ledger.format import Meta, Row
from baska_cli.ledger.view import LedgerView

ScorerFor = Callable[[Meta, RuleSet], Scorer]
Recorded = edits.Recorded
Edited = edits.Edited


def read_rows(path: str) -> tuple[LedgerView, list[Row]]:
    """The ledger checked, and its rows in file order (the file closed again)."""
    return view.read_rows(path)


def file_identity(path: str) -> tuple[int, ...] | None:
    """What tells whether the ledger was written since it was read (None: it is gone)."""
    try:
        return identity(os.stat(path))
    except OSError:
        return None


def record(
    path: str,
    text: str,
    extra: bool,
    scorer: ScorerFor,
    known: LedgerView | None = None,
    number: int | None = None,
) -> Recorded:
    """Append the hand (as `baska score --ledger` does); `known`: the ledger as last read;
    `number`: the number the writer saw for it (appended only while it is the next)."""
    return edits.record(path, text, None, False, extra, scorer, known, number)


def undo(path: str, expected: int | None = None, seen: str | None = None) -> Edited:
    """Take back the last hand (only while it is hand `expected`, text `seen`, if given)."""
    return edits.undo(path, expected, seen)


def void(path: str, number: int, seen: str | None = None) -> Edited:
    """Void hand `number` (only while its text is `seen`, if given)."""
    return edits.void(path, number, seen)


def amend(
    path: str, number: int, text: str, recount: bool = False, seen: str | None = None
) -> Edited:
    """Correct hand `number` by `text` (`recount`: contras moved with the side confirmed;
    only while its text is `seen`, if given)."""
    return edits.amend(path, number, text, recount, seen)
