"""render/text.py: signed numbers, a CSV line, and tabulate's simple table."""

from __future__ import annotations

import pytest

from baska_cli.render.text import csv_line, signed, simple_table


def test_simple_table_puts_the_first_column_left_and_keeps_signs() -> None:
    table = simple_table(
        ["", "Ania", "Bartek"], [["hand 3 was", "+2", "-2"], ["total", "+10", "0"]]
    )
    assert table.splitlines() == [
        "              Ania    Bartek",
        "----------  ------  --------",
        "hand 3 was      +2        -2",
        "total          +10         0",
    ]


@pytest.mark.parametrize(
    ("value", "text"),
    [(2, "+2"), (-2, "-2"), (0, "0"), (4.0, "+4"), (4.5, "+4.5"), (-1.25, "-1.25")],
)
def test_signed(value: float, text: str) -> None:
    assert signed(value) == text


def test_csv_line_quotes_what_csv_must() -> None:
    assert csv_line(["zw A+C 61", "a,b", 'say "k"', -2, ""]) == 'zw A+C 61,"a,b","say ""k""",-2,'
