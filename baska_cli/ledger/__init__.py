"""The CSV session ledger, the only place that touches ledger files (see `format` for the spec).

reader (bytes -> cells) -> checker (the one checker: verify, scan, check) -> store (lock,
create, append, rewrite) -> edits (record, undo, void, amend, recalc) and view (a checked
session for display). The names below are loaded when first used, so a command imports only
the modules it needs (`baska check` never loads edits, store or view).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

MODULES = {
    "format": ("AMENDED", "UNDONE", "VOID", "Meta", "Row", "Tally", "row_cells", "rules_lines"),
    "reader": ("LedgerReader", "open_ledger"),
    "checker": ("check", "refuse_if_broken", "scan", "verify"),
    "store": ("Build", "Transform", "append", "create", "rewrite"),
    "edits": (
        "Changes",
        "Converted",
        "Edited",
        "Recalculated",
        "Recorded",
        "amend",
        "convert",
        "recalc",
        "record",
        "undo",
        "void",
    ),
    "view": ("Session", "read"),
}
_MODULE_OF = {name: module for module, names in MODULES.items() for name in names}

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
