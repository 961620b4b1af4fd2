"""render/text.py: signed numbers, a CSV line, and tabulate's simple table without tabulate."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baska_cli.render.text import csv_line, signed, simple_table

NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyząęłóśżźćń", min_size=1, max_size=12)
SIGNED = st.integers(-(10**7), 10**7).map(signed)


@given(
    headers=st.lists(NAMES, min_size=5, max_size=5),
    rows=st.lists(st.tuples(NAMES, SIGNED, SIGNED, SIGNED, SIGNED), min_size=1, max_size=3),
)
def test_simple_table_is_laid_out_as_tabulate_does(
    headers: list[str], rows: list[tuple[str, ...]]
) -> None:
    """recalc's totals table, made without importing tabulate, is what tabulate prints."""
    from tabulate import tabulate

    expected = tabulate(rows, headers=headers, colalign=["left", *["right"] * 4])
    assert simple_table(headers, rows) == expected


@pytest.mark.parametrize(
    ("value", "text"),
    [(2, "+2"), (-2, "-2"), (0, "0"), (4.0, "+4"), (4.5, "+4.5"), (-1.25, "-1.25")],
)
def test_signed(value: float, text: str) -> None:
    assert signed(value) == text


def test_csv_line_quotes_what_csv_must() -> None:
    assert csv_line(["zw A+C 61", "a,b", 'say "k"', -2, ""]) == 'zw A+C 61,"a,b","say ""k""",-2,'


def test_tables_do_not_load_wcwidth() -> None:
    """tabulate would import wcwidth (installed with prompt_toolkit), which costs tens of
    milliseconds at every `baska score`; baska's tables are laid out by characters."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from baska_cli.render.text import tabulate\n"
        "print(tabulate([['ł', 1]], headers=['a', 'b']).splitlines()[-1])\n"
        "print('wcwidth' in sys.modules)\n"
        "import wcwidth\n"
        "print(wcwidth.wcwidth('a'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "ł      1\nFalse\n1\n"
