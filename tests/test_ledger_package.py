"""The ledger package's public names: each is its module's own."""

from __future__ import annotations

import pytest

import baska_cli.ledger as ledger

MODULES = {
    "format": ("AMENDED", "UNDONE", "VOID", "Meta", "Row", "Tally", "row_cells", "rules_lines"),
    "reader": ("LedgerReader", "open_ledger"),
    "checker": ("check", "refuse_if_broken", "scan", "verify"),
    "store": ("LockedLedger", "create", "open_for_edit"),
    "edits": ("Converted", "Edited", "Recorded", "amend", "convert", "record", "undo", "void"),
    "rescore": ("Changes", "Recalculated", "recalc"),
    "view": ("LedgerView", "read"),
}


def test_the_public_names_are_those_of_the_modules() -> None:
    assert sorted(ledger.__all__) == sorted(name for names in MODULES.values() for name in names)


@pytest.mark.parametrize("name", ledger.__all__)
def test_every_public_name_is_its_modules_own(name: str) -> None:
    module = next(m for m, names in MODULES.items() if name in names)
    own = getattr(__import__(f"baska_cli.ledger.{module}", fromlist=[name]), name)
    assert getattr(ledger, name) is own
