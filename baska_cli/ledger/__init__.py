"""The CSV session ledger, the only place that touches ledger files (see `format` for the spec).

reader (bytes -> cells) -> checker (the one checker: verify, scan, check; the checks of a
row are in `checks`) -> atomic (a file replaced whole) -> store (the lock, create, a locked
ledger to append to or rewrite) -> edits (record, undo, void, amend, convert) and rescore
(recalc), and view (a checked ledger for display).
"""

from __future__ import annotations

from baska_cli.ledger.checker import check, refuse_if_broken, scan, verify
from baska_cli.ledger.edits import Converted, Edited, Recorded, amend, convert, record, undo, void
from baska_cli.ledger.format import (
    AMENDED,
    UNDONE,
    VOID,
    Meta,
    Row,
    Tally,
    row_cells,
    rules_lines,
)
from baska_cli.ledger.reader import LedgerReader, open_ledger
from baska_cli.ledger.rescore import Changes, Recalculated, recalc
from baska_cli.ledger.store import LockedLedger, create, open_for_edit
from baska_cli.ledger.view import LedgerView, read

__all__ = [
    "AMENDED",
    "UNDONE",
    "VOID",
    "Changes",
    "Converted",
    "Edited",
    "LedgerReader",
    "LedgerView",
    "LockedLedger",
    "Meta",
    "Recalculated",
    "Recorded",
    "Row",
    "Tally",
    "amend",
    "check",
    "convert",
    "create",
    "open_for_edit",
    "open_ledger",
    "read",
    "recalc",
    "record",
    "refuse_if_broken",
    "row_cells",
    "rules_lines",
    "scan",
    "undo",
    "verify",
    "void",
]
