"""cli/check.py: `baska check` reports every problem of every file; `recalc` (see also
test_cli_session.py's whole evening)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baska_cli.ledger.checker import ORDER_HINT
from tests.clikit import V1, invoke, start_evening

from .conftest import ROOT


@pytest.fixture
def evening(tmp_path: Path) -> str:
    return start_evening(tmp_path)


def test_check_reports_every_problem_and_exits_1(evening: str, tmp_path: Path) -> None:
    text = Path(evening).read_text("utf-8")
    text = text.replace("2,Bartek,zo Darek 70,-5,-5,-5,15", "2,Bartek,zo Darek 70,-5,-5,-5,16")
    text = text.replace("4,Darek,ci Celina 70", "5,Darek,ci Celina 70")
    Path(evening).write_text(text, "utf-8")
    missing = str(tmp_path / "missing.csv")
    result = invoke("check", evening, missing)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{evening}:9: hand 2: the changes sum to +1, not 0",
        f'{evening}:9: hand 2 "zo Darek 70": the changes are -5 -5 -5 +16, but plb gives '
        f"-5 -5 -5 +15",
        f"{evening}:9: hand 2: the running totals are -3 -7 -3 13, expected -3 -7 -3 14",
        f"{evening}:11: hand number 5, expected 4; {ORDER_HINT}",
        f'{evening}:11: hand 5: the dealer is Ania, not "Darek"',
        f"{evening}: 5 problems",
        f"{missing}: no such ledger; start one with `baska new FILE --players …`",
    ]
    result = invoke("score", "-l", evening, "ba", "Ania")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {evening}:9: hand 2: the changes sum to +1, not 0")


def test_the_sample_evening_checks_clean() -> None:
    sample = str(ROOT / "samples" / "evening.csv")
    result = invoke("check", sample)
    assert (result.exit_code, result.stderr) == (0, f"{sample}: ok, 16 hands{V1}\n")
    data = json.loads(invoke("ledger", sample, "-f", "json").stdout)
    contracts = {h["notation"].split()[0] for h in data["hands"]}
    assert contracts == {"zw", "we", "ci", "gr", "zo", "gd", "zd", "ba"}
    assert [h["n"] for h in data["history"]] == [9]


def test_check_reads_history_rows_as_evidence(evening: str) -> None:
    """A forged amended row (a formula, or changes its text does not give) and an amended
    row left at the end are problems; so is an undone row whose changes are forged."""
    text = Path(evening).read_text("utf-8")
    text = text.replace(
        "3,Celina,gr Bartek 53",
        '3,Celina,"=HYPERLINK(""http://x"")",0,0,0,0,,,,,amended\n'
        "3,Celina,gr Bartek 40,10,-31,11,10,,,,,undone\n3,Celina,gr Bartek 53",
    )
    text += "5,Ania,zw Ania+Celina 61 k,2,-2,2,-2,,,,,amended\n"
    Path(evening).write_text(text, "utf-8")
    result = invoke("check", evening)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f'{evening}:10: hand 3 (amended) "=HYPERLINK("http://x")": a spreadsheet would run '
        f"this text as a formula",
        f'{evening}:11: hand 3 (undone) "gr Bartek 40": the changes are +10 -31 +11 +10, but '
        f"plb gives +10 -30 +10 +10",
        f"{evening}:14: hand 5 (amended): the file ends, but an amended row must be followed "
        f"by the row that replaced it (hand 5, counted, void or undone); {ORDER_HINT}",
        f"{evening}: 3 problems",
    ]
    result = invoke("score", "-l", evening, "ba", "Ania")
    assert result.exit_code == 1
    assert "the ledger was not changed" in result.stderr


def test_check_speaks_polish(evening: str, tmp_path: Path) -> None:
    result = invoke("--lang", "pl", "check", evening)
    assert (result.exit_code, result.stderr) == (
        0,
        f"{evening}: w porządku, 4 rozdania (format zapisu 1, który `baska upgrade` przepisze "
        "na format 2)\n",
    )
    text = Path(evening).read_text("utf-8")
    Path(evening).write_text(text.replace("4,Darek,ci Celina 70", "5,Darek,ci Celina 70"), "utf-8")
    missing = str(tmp_path / "brak.csv")
    result = invoke("--lang", "pl", "check", evening, missing)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{evening}:11: numer rozdania 5, oczekiwano 4; jeśli arkusz posortowano w "
        "arkuszu kalkulacyjnym, posortuj go z powrotem według kolumny #, każdy wiersz amended "
        "albo undone nad wierszem, który po nim następuje",
        f"{evening}:11: rozdanie 5: rozdaje Ania, a nie „Darek”",
        f"{evening}: 2 problemy",
        f"{missing}: nie ma takiego zapisu; nowy założysz przez `baska new PLIK --players …`",
    ]
    result = invoke("--lang", "pl", "score", "-l", evening, "ba", "Ania")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Błąd: {evening}:11: numer rozdania 5, oczekiwano 4; jeśli arkusz posortowano w "
        "arkuszu kalkulacyjnym, posortuj go z powrotem według kolumny #, każdy wiersz amended "
        "albo undone nad wierszem, który po nim następuje (i jeszcze 1 problem); zapisu "
        f"nie zmieniono — zobacz `baska check {evening}`\n",
    )


def test_recalc_refuses_in_polish(evening: str) -> None:
    assert invoke("score", "-l", evening, "--rules", "plb", "ba", "Bartek").exit_code == 0
    path = Path(evening)
    lines = path.read_text("utf-8").splitlines()
    assert lines[-1].startswith("5,Ania,ba Bartek,")
    result = invoke("--lang", "pl", "recalc", evening, "--rules", "mester", "--write")
    assert result.exit_code == 0, result.output
    assert invoke("score", "-l", evening, "me", "Bartek").exit_code == 0
    before = path.read_text("utf-8")
    result = invoke("--lang", "pl", "recalc", evening, "--rules", "plb", "--write")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"Błąd: {evening}: 1 rozdanie nie daje się policzyć według zasad plb; zapisu nie zmieniono"
    )
    assert path.read_text("utf-8") == before
