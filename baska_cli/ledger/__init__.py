"""The CSV session ledger, the only place that touches ledger files (see `format` for the spec).

reader (bytes -> rows) -> checker (the one checker: verify) -> store (lock, create, append, rewrite)
-> edits (record, undo, void, amend, recalc) and view (a checked session for display).
"""

from baska_cli.ledger.checker import check, refuse_if_broken, scan, verify
from baska_cli.ledger.edits import (
    Changes,
    Edited,
    Recalculated,
    Recorded,
    amend,
    recalc,
    record,
    undo,
    void,
)
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
from baska_cli.ledger.store import Build, Transform, append, create, rewrite
from baska_cli.ledger.view import Session, read

__all__ = [
    "AMENDED",
    "UNDONE",
    "VOID",
    "Build",
    "Changes",
    "Edited",
    "LedgerReader",
    "Meta",
    "Recalculated",
    "Recorded",
    "Row",
    "Session",
    "Tally",
    "Transform",
    "amend",
    "append",
    "check",
    "create",
    "open_ledger",
    "read",
    "recalc",
    "record",
    "refuse_if_broken",
    "rewrite",
    "row_cells",
    "rules_lines",
    "scan",
    "undo",
    "verify",
    "void",
]
