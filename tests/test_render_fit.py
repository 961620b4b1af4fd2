"""render/fit.py: the score sheet laid out for a terminal's width; lines wrapped at words."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli.ledger.format import Row
from baska_cli.ledger.view import LedgerView, read_rows
from baska_cli.render import sheet
from baska_cli.render.fit import fitted_sheet, initials, wrap
from baska_cli.render.text import signed

SAMPLE = str(Path(__file__).parent.parent / "samples" / "evening.csv")


def _sample() -> tuple[LedgerView, list[Row]]:
    return read_rows(SAMPLE)


def test_eighty_columns_show_every_hand_with_its_changes() -> None:
    session, rows = _sample()
    text = fitted_sheet(session.meta, rows, 80)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80
    assert lines[:4] == [
        "                                      this hand              running total",
        " #  dealer  hand                   A     B     C     D  │    A    B   C    D",
        "--  ------  -----------------  ----- ----- ----- -----  │  --- ---- --- ----",
        " 1  A       zw A+C 61 k           +2    -2    +2    -2  │   +2   -2  +2   -2",
    ]
    assert lines[11] == " 9  A       gd A /3 (amended)  (-60) (+20) (+20) (+20)  │"
    assert (
        lines[-1] == "16  D       zw B+D 104/4 kr      -12   +12   -12   +12  │  -41 -123 +43 +121"
    )
    assert len(lines) == 3 + 17


@pytest.mark.parametrize("width", [40, 50, 60, 70, 80, 100])
def test_every_width_shows_number_dealer_hand_and_totals(width: int) -> None:
    session, rows = _sample()
    text = fitted_sheet(session.meta, rows, width)
    assert max(map(len, text.splitlines())) <= max(width, 56)
    shown = [line.split() for line in text.splitlines()]
    for row in rows:
        if row.totals is not None:
            dealer = row.dealer[0]
            totals = [signed(t) for t in row.totals]
            assert [str(row.n), dealer, *totals] in [[*w[:2], *w[-4:]] for w in shown]


def test_sixty_columns_drop_the_changes_and_keep_the_totals() -> None:
    session, rows = _sample()
    lines = fitted_sheet(session.meta, rows, 60).splitlines()
    assert lines[:4] == [
        "                                      running total",
        " #  dealer  hand               Ania  Bartek  Celina  Darek",
        "--  ------  -----------------  ----  ------  ------  -----",
        " 1  A       zw A+C 61 k          +2      -2      +2     -2",
    ]


def test_forty_columns_wrap_the_hand_texts() -> None:
    session, rows = _sample()
    lines = fitted_sheet(session.meta, rows, 40).splitlines()
    assert lines[5:7] == [" 3  C       we A+D 70/3    +5    -5   -3    +3", "            kr"]


def test_the_full_sheet_where_it_fits_or_without_a_width() -> None:
    session, rows = _sample()
    full = sheet.one_session(session, rows)
    assert sheet.one_session(session, rows, width=200) == full
    assert sheet.one_session(session, rows, width=None) == full
    assert sheet.one_session(session, rows, width=80) != full


def test_initials_only_when_the_four_differ() -> None:
    assert initials(("Ania", "bartek", "Celina", "Darek")) == ("A", "B", "C", "D")
    assert initials(("Ania", "Adam", "Celina", "Darek")) is None


def test_wrap_breaks_at_words_and_keeps_the_indent() -> None:
    text = "  starzy 61 – wygrana z wyjściem: 1 × 2 (kontra) = 2 od każdego młodego"
    assert wrap(text, 30) == (
        "  starzy 61 – wygrana z\n  wyjściem: 1 × 2 (kontra) = 2\n  od każdego młodego"
    )
    assert wrap(text, None) == text
