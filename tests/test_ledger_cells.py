"""ledger/cells.py: a ledger's numbers."""

from __future__ import annotations

import pytest

from baska_cli.ledger.cells import read_changes, read_number


def test_read_number() -> None:
    assert [read_number(t) for t in ["2", "+2", "-2", " 2 ", "\t-2", "007"]] == [2, 2, -2, 2, -2, 7]
    for bad in ["", "٣", "１", "1_0", "²", "2.0", "+ 2", "--2", "2\n", "\u20022"]:
        with pytest.raises(ValueError):
            read_number(bad)
    with pytest.raises(ValueError):
        read_number("-2", signed=False)


def test_cancelled_changes_are_read_in_parentheses() -> None:
    assert read_changes(["(+2)", "(-2)", " (+0) ", "-2"]) == ((2, -2, 0, -2), 3)
    with pytest.raises(ValueError):
        read_changes(["(2", "-2", "2", "-2"])
