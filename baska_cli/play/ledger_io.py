"""Every call `play` makes into the ledger package, in one place: read, record, undo, void, amend.

Nothing here keeps the file open: each call opens the ledger, reads or writes it under its
lock, and closes it again (a front end that waits for the next typed line holds no file).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from baska_cli.evening.scorer import Scorer
from baska_cli.game.rules import RuleSet
from baska_cli.ledger import edits
from baska_cli.ledger.filebytes import identity
from baska_cli.ledger.format import Meta, Row
from baska_cli.ledger.store import locked
from baska_cli.ledger.view import Session, read

ScorerFor = Callable[[Meta, RuleSet], Scorer]
Recorded = edits.Recorded
Edited = edits.Edited


def read_rows(path: str) -> tuple[Session, list[Row]]:
    """The ledger checked, and its rows in file order; read under its lock (never half an
    append another program is writing)."""
    rows: list[Row] = []

    def keep(meta: Meta, rules: RuleSet) -> Callable[[Row], None]:
        return rows.append

    with locked(path):
        session = read(path, keep)
    return session, rows


def file_identity(path: str) -> tuple[int, ...] | None:
    """What tells whether the ledger was written since it was read (None: it is gone)."""
    try:
        return identity(os.stat(path))
    except OSError:
        return None


def record(path: str, text: str, extra: bool, scorer: ScorerFor) -> Recorded:
    """Append the hand (as `baska score --ledger` does)."""
    return edits.record(path, text, None, False, extra, scorer)


def undo(path: str) -> Edited:
    """Take back the last hand."""
    return edits.undo(path)


def void(path: str, number: int) -> Edited:
    """Void hand `number`."""
    return edits.void(path, number)


def amend(path: str, number: int, text: str) -> Edited:
    """Correct hand `number` by `text`."""
    return edits.amend(path, number, text)
