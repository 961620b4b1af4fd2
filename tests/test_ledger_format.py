"""ledger/format.py: how a session is kept in the file: metadata (Meta, house rules as
`house rule` rows) and hand rows as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli import ledger
from baska_cli.ledger import Meta
from baska_cli.ledger.format import csv_line
from baska_cli.rulesets.loader import load_rules
from tests.faultkit import PLAYERS


def test_house_rules_are_kept_in_the_file(tmp_path: Path) -> None:
    house = tmp_path / "club.toml"
    house.write_text('base = "plb"\nsolo_loss_multiplier = 1\n', "utf-8")
    rules = load_rules(str(house))
    path = tmp_path / "e.csv"
    meta = Meta(PLAYERS, rules.name, ledger.rules_lines(rules))
    ledger.create(str(path), meta)
    house.unlink()
    text = path.read_text("utf-8")
    assert text.splitlines()[2:5] == [
        "rules,club,,,,,,,,,,",
        'house rule,"base = ""plb""",,,,,,,,,,',
        'house rule,"name = ""club""",,,,,,,,,,',
    ]
    with ledger.open_ledger(str(path)) as reader:
        loaded = reader.rules()
    assert (loaded.name, loaded.solo_loss_multiplier) == ("club", 1)


@pytest.mark.parametrize(
    ("deltas", "totals", "status", "line"),
    [
        ((2, -2, 2, -2), (2, -2, 2, -2), "", "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\r\n"),
        ((2, -2, 2, -2), None, "void", "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,,,,,void\r\n"),
        ((2, -2, 2, -2), None, "", "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2\r\n"),
    ],
    ids=["counted", "void", "no totals"],
)
def test_a_hand_row_as_written(
    deltas: tuple[int, int, int, int],
    totals: tuple[int, int, int, int] | None,
    status: str,
    line: str,
) -> None:
    cells = ledger.row_cells(1, "Ania", "zw Ania+Celina 61 k", deltas, totals, status)
    assert csv_line(cells, "\r\n") == line


def test_format_2_rows_are_as_wide_as_the_header_and_cancelled_changes_are_text() -> None:
    meta = Meta(PLAYERS, "plb", ("plb",), columns=("note",), sep=";", newline="\r\n")
    counted = meta.row(
        1, "Ania", "zo Darek 77 k:Ania,Darek", (-20, -20, -20, 60), (1, 2, 3, -6), ""
    )
    void = meta.row(2, "Bartek", "zw Ania+Celina 61", (1, -1, 1, -1), None, "void", ("late",))
    assert meta.line(counted, (2,)) == (
        '1;Ania;"zo Darek 77 k:Ania,Darek";-20;-20;-20;60;1;2;3;-6;;\r\n'
    )
    assert (
        meta.line(void, (2,))
        == '2;Bartek;"zw Ania+Celina 61";(+1);(-1);(+1);(-1);;;;;void;late\r\n'
    )
    lines = list(meta.lines([]))
    assert [line.count(";") for line in lines] == [12] * len(lines)
    assert lines[1] == 'players;"Ania";"Bartek";"Celina";"Darek";;;;;;;;\r\n'
    assert lines[-1].endswith(";status;note\r\n")


def test_format_1_rows_are_written_as_before() -> None:
    meta = Meta(PLAYERS, "plb", ("plb",), version=1)
    void = meta.row(2, "Bartek", "zw Ania+Celina 61", (1, -1, 1, -1), None, "void")
    assert meta.line(void) == "2,Bartek,zw Ania+Celina 61,1,-1,1,-1,,,,,void\n"
    noted = meta.row(1, "Ania", "ba Ania", (30, -10, -10, -10), (30, -10, -10, -10), "", ("x",))
    assert meta.line(noted) == "1,Ania,ba Ania,30,-10,-10,-10,30,-10,-10,-10,,x\n"
