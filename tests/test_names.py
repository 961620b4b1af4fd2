"""names.py: one name checked alone; names that look like one misspelt; alias files."""

from __future__ import annotations

import pytest

from baska_cli.errors import NotationError
from baska_cli.names import check_name, likely_same, parse_aliases, similar_pairs


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("Felix", "Feliks", True),
        ("Wojtek", "Voytek", True),
        ("Bartek", "Bratek", True),
        ("Marek", "Mirek", True),
        ("Ola", "Оla", True),  # Cyrillic О
        ("ANIA", "Ania", True),
        ("Ania", "Anna", False),  # short names one letter apart are often two people
        ("Jan", "Jen", False),
        ("Tomasz", "Tomek", False),
    ],
)
def test_likely_same(a: str, b: str, expected: bool) -> None:
    assert likely_same(a, b) is expected


def test_similar_pairs_in_order_given() -> None:
    names = ["Feliks", "Ania", "Bartek", "Felix", "Anna", "Bratek"]
    assert similar_pairs(names) == [("Feliks", "Felix"), ("Bartek", "Bratek")]


def test_check_name_alone() -> None:
    assert check_name("  Ania ") == "Ania"
    with pytest.raises(NotationError, match="a spreadsheet would run it as a formula"):
        check_name("@x")


def test_alias_file() -> None:
    text = "# season 2026\nFelix = Feliks\n\nBratek=Bartek\n"
    assert parse_aliases(text, "a.txt") == {"felix": "Feliks", "bratek": "Bartek"}
