"""The CSV session ledger, the only place that touches ledger files (see `format` for the spec).

reader (bytes -> cells) -> checker (the one checker: verify, scan, check) -> atomic (a file
replaced whole) -> store (the lock, create, a locked ledger to append to or rewrite) -> edits
(record, undo, void, amend, convert) and rescore (recalc), and view (a checked ledger for display).
The names below are loaded when first used, so a command imports only the modules it needs
(`baska check` never loads edits, store or view).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

MODULES = {
    "format": ("AMENDED", "UNDONE", "VOID", "Meta", "Row", "Tally", "row_cells", "rules_lines"),
    "reader": ("LedgerReader", "open_ledger"),
    "checker": ("check", "refuse_if_broken", "scan", "verify"),
    "store": ("LockedLedger", "create", "open_for_edit"),
    "edits": ("Converted", "Edited", "Recorded", "amend", "convert", "record", "undo", "void"),
    "rescore": ("Changes", "Recalculated", "recalc"),
    "view": ("LedgerView", "read"),
}
_MODULE_OF = {name: module for module, names in MODULES.items() for name in names}

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
]  # (the names of MODULES: tests/test_ledger_package.py)


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from baska_cli.ledger.checker import check, refuse_if_broken, scan, verify
    from baska_cli.ledger.edits import (
        Converted,
        Edited,
        Recorded,
        amend,
        convert,
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
    from baska_cli.ledger.rescore import Changes, Recalculated, recalc
    from baska_cli.ledger.store import LockedLedger, create, open_for_edit
    from baska_cli.ledger.view import LedgerView, read
