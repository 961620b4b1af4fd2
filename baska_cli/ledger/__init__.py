"""The CSV session ledger, the only place that touches ledger files (see `format` for the spec).

reader (bytes -> cells) -> checker (the one checker: verify, scan, check; the checks of a
row are in `checks`) -> store (lock, create, append, rewrite) -> edits (record, undo, void,
amend, recalc) and view (a checked session for display).
"""

from __future__ import annotations

from baska_cli.ledger.checker import check, refuse_if_broken, scan, verify
from baska_cli.ledger.edits import (
    Changes,
    Converted,
    Edited,
    Recalculated,
    Recorded,
    amend,
    convert,
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
    "Converted",
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
    "convert",
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
