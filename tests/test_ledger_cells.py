"""ledger/cells.py: a ledger's numbers and a line's cells."""

from __future__ import annotations

import csv

import pytest

from baska_cli.ledger.cells import hand_and_changes, plain_cells, read_changes, read_number


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


@pytest.mark.parametrize(
    "line",
    ['1,Ania,"zw Ania+Celina 61",-2,2', "1,Ania,zw A+C 61,2", '"a","b"', ",,", "x"],
)
def test_plain_cells_are_what_csv_reads(line: str) -> None:
    assert plain_cells(line, ",") == next(csv.reader([line]))


@pytest.mark.parametrize("line", ['1,"a,b",2', '1,a"b,2', '1,"a""b",2'])
def test_other_quotes_are_left_to_csv(line: str) -> None:
    assert plain_cells(line, ",") is None


@pytest.mark.parametrize(
    "key",
    [
        '"zw Ania+Celina 61",2,-2,2,-2',
        "zw Ania+Celina 61,2,-2,2,-2",
        '"zo Ania 61 k:Bartek,Celina",-10,-10,30,-10',  # (a separator inside the quotes)
        '"",2,-2,2,-2',
        '"zw A+C 61";2;-2;2;-2',
    ],
)
def test_a_hand_and_its_changes_split_as_csv_reads_them(key: str) -> None:
    sep = ";" if ";" in key else ","
    for change in ("2", "-2", "-10", "30"):
        read_number(change)  # (changes are split only once read: SIGNED_READ)
    cells = next(csv.reader([key], delimiter=sep))
    assert hand_and_changes(key, sep) == (cells[0], tuple(int(c) for c in cells[1:]))


@pytest.mark.parametrize(
    "key",
    [
        "zo Ania 61 k:Bartek,Celina,-10,-10,30,-10",  # unquoted separator: another cell to CSV
        '"zw A""C 61",2,-2,2,-2',  # a quote inside
        'zw "A+C" 61,2,-2,2,-2',  # quotes not around the whole cell
        '"zw A+C 61",2,-2,2,(-2)',  # a change not read before
        '"zw A+C 61",2,-2,2',  # three changes
    ],
)
def test_other_hands_and_changes_are_left_to_csv(key: str) -> None:
    assert hand_and_changes(key, ",") is None
