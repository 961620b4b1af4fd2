"""`baska ledger --format json|csv` streams the sheet: valid JSON, the right history."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result
from hypothesis import given
from hypothesis import strategies as st

from baska_cli.cli import cli
from baska_cli.render.text import signed, simple_table


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def new_ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "wieczor.csv")
    assert run("new", path, "--players", "Ania,Bartek,Celina,Darek").exit_code == 0
    return path


def test_an_empty_ledger_is_valid_json(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    data = json.loads(run("ledger", path, "-f", "json").stdout)
    assert (data["hands"], data["history"], data["totals"]) == (
        [],
        [],
        {"Ania": 0, "Bartek": 0, "Celina": 0, "Darek": 0},
    )


def test_each_hand_is_one_line_of_json(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    for hand in (["zw", "AC", "61", "k"], ["ci", "B", "40"], ["ba", "D"]):
        assert run("score", "-l", path, *hand).exit_code == 0
    lines = run("ledger", path, "-f", "json").stdout.splitlines()
    hand_lines = [json.loads(line.strip().rstrip(",")) for line in lines if '"n": ' in line]
    assert [h["notation"] for h in hand_lines] == [
        "zw Ania+Celina 61 k",
        "ci Bartek 40",
        "ba Darek",
    ]


def test_an_undone_hand_takes_its_amendments_with_it(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    assert run("score", "-l", path, "zw", "AC", "61").exit_code == 0
    assert run("score", "-l", path, "ci", "B", "40").exit_code == 0
    assert run("amend", path, "2", "ci", "B", "70").exit_code == 0
    assert run("undo", path).exit_code == 0
    assert run("score", "-l", path, "zw", "BD", "61").exit_code == 0
    assert run("amend", path, "1", "zw", "AC", "62").exit_code == 0
    data = json.loads(run("ledger", path, "-f", "json").stdout)
    assert [(h["n"], h["notation"], h.get("amends")) for h in data["hands"]] == [
        (1, "zw Ania+Celina 62", ["zw Ania+Celina 61"]),
        (2, "zw Bartek+Darek 61", None),
    ]
    assert [(h["n"], h["notation"], h["status"]) for h in data["history"]] == [
        (1, "zw Ania+Celina 61", "amended"),
        (2, "ci Bartek 40", "amended"),
        (2, "ci Bartek 70", "undone"),
    ]


def test_a_season_in_json_and_csv(tmp_path: Path) -> None:
    first = new_ledger(tmp_path)
    second = str(tmp_path / "czwartek.csv")
    assert run("new", second, "--players", "Bartek,Ania,Darek,Ewa").exit_code == 0
    assert run("score", "-l", first, "zw", "AC", "61").exit_code == 0
    assert run("score", "-l", second, "gr", "Ewa", "70").exit_code == 0
    data = json.loads(run("ledger", first, second, "-f", "json").stdout)
    assert data["totals"] == {"Ewa": 15, "Ania": -4, "Celina": 1, "Bartek": -6, "Darek": -6}
    assert [(h["file"], h["n"]) for h in data["hands"]] == [(first, 1), (second, 1)]
    csv_lines = run("ledger", first, second, "-f", "csv").stdout.splitlines()
    assert csv_lines[0] == (
        "file,n,dealer,hand,status,Ania,Bartek,Celina,Darek,Ewa,"
        "Ania total,Bartek total,Celina total,Darek total,Ewa total"
    )
    assert len(csv_lines) == 3


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
