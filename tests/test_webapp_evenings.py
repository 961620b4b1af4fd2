"""webapp/evenings.py: the evenings kept on one phone — started from four names, listed,
imported when `baska check` passes them, removed; messages naming `evening.csv`."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest

from baska_cli.errors import BaskaError, LedgerError, RequestError
from baska_cli.ledger.checker import check
from baska_cli.webapp import evenings
from baska_cli.webapp.evenings import LEDGER, Evening

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "evening.csv"
DAY = datetime.date(2026, 12, 7)
NAMES = ["Ania", "Bartek", "Celina", "Darek"]


def test_a_new_evening_is_a_ledger_that_baska_check_passes(tmp_path: Path) -> None:
    made = evenings.new_evening(str(tmp_path), NAMES, "mester", 16, "Wtorek u Ani", DAY)
    ledger = tmp_path / made / LEDGER
    reader = check(str(ledger))
    assert (reader.problems, reader.meta.players, reader.meta.rules_name) == (
        [],
        tuple(NAMES),
        "mester",
    )
    assert (reader.meta.deals, reader.meta.title, reader.meta.date) == (
        16,
        "Wtorek u Ani",
        "2026-12-07",
    )


def test_the_list_shows_each_evening_with_its_totals(tmp_path: Path) -> None:
    made = evenings.new_evening(str(tmp_path), NAMES, "plb", None, "", DAY)
    assert evenings.listed(str(tmp_path)) == [
        Evening(
            id=made,
            title="",
            date="2026-12-07",
            players=tuple(NAMES),
            rules="plb",
            hands=0,
            deals=None,
            dealt=0,
            totals=(0, 0, 0, 0),
            file="baska-2026-12-07-ania-bartek-celina-darek.csv",
        )
    ]


def test_an_imported_ledger_keeps_its_bytes_and_totals(tmp_path: Path) -> None:
    data = SAMPLE.read_bytes()
    made = evenings.imported(str(tmp_path), data)
    assert (tmp_path / made / LEDGER).read_bytes() == data
    [found] = evenings.listed(str(tmp_path))
    assert (found.hands, found.totals) == (16, (-41, -123, 43, 121))


def test_a_broken_ledger_is_refused_with_its_problems_and_nothing_is_kept(tmp_path: Path) -> None:
    broken = SAMPLE.read_bytes().replace(b"zw Ania+Celina 61 k", b"zw Ania+Celina 61 x")
    with pytest.raises(LedgerError) as caught:
        evenings.imported(str(tmp_path), broken)
    assert "so it was not imported" in str(caught.value)
    assert "evening.csv:" in str(caught.value)  # (named as the phone keeps it, no inner path)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    ("names", "rules", "deals", "title", "expected"),
    [
        (["Ania", "Bartek", "Celina"], "plb", 16, "", "a table has 4 players, got 3"),
        (NAMES, "plbb", 16, "", '"plbb" is not a rule system'),
        (NAMES, "plb", 0, "", "0 deals: expected a whole number from 1 to 400"),
        (NAMES, "plb", 16, "=SUM(A1)", "a title starts with a letter"),
    ],
)
def test_a_new_evening_refuses_what_baska_new_refuses(
    tmp_path: Path, names: list[str], rules: str, deals: int, title: str, expected: str
) -> None:
    with pytest.raises(BaskaError) as caught:
        evenings.new_evening(str(tmp_path), names, rules, deals, title, DAY)
    assert expected in str(caught.value)
    assert os.listdir(tmp_path) == []


def test_removed_and_unknown_evenings(tmp_path: Path) -> None:
    made = evenings.new_evening(str(tmp_path), NAMES, "plb", 16, "", DAY)
    evenings.removed(str(tmp_path), made)
    assert evenings.listed(str(tmp_path)) == []
    with pytest.raises(RequestError) as caught:
        evenings.ledger_of(str(tmp_path), made)
    assert str(caught.value) == f"there is no evening {made} on this phone"


@pytest.mark.parametrize(
    ("date", "title", "players", "expected"),
    [
        ("2026-12-07", "Wtorek u Ani", NAMES, "baska-2026-12-07-wtorek-u-ani.csv"),
        ("", "Łódź: finał!", NAMES, "baska-łódź-finał.csv"),
        ("2026-01-02", "", NAMES, "baska-2026-01-02-ania-bartek-celina-darek.csv"),
    ],
)
def test_export_names(date: str, title: str, players: list[str], expected: str) -> None:
    assert evenings.export_name(date, title, players) == expected
