"""ledger/heading.py and `baska new --title/--date`: an evening's title and date, kept as
metadata rows, shown by `ledger`, `stats` and `report`; older files read as before."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from baska_cli.errors import RequestError
from baska_cli.ledger.heading import checked_date, checked_title
from baska_cli.ledger.view import read
from tests.clikit import invoke

PLAYERS = "Łucja,Żaneta,Zbigniew,Ścibor"


def test_a_title_is_trimmed_and_a_formula_or_an_empty_one_refused() -> None:
    assert checked_title("  Wtorek   u Łucji ") == "Wtorek u Łucji"
    with pytest.raises(RequestError, match=r'"=SUM\(A1\)".*e.g. "SUM\(A1\)"'):
        checked_title("=SUM(A1)")
    with pytest.raises(RequestError, match="expected some words"):
        checked_title("   ")
    with pytest.raises(RequestError, match="121 characters; at most 120"):
        checked_title("x" * 121)


def test_a_date_is_a_real_day() -> None:
    assert checked_date("2026-12-01") == "2026-12-01"
    with pytest.raises(RequestError, match=re.escape('"1.12.2026": expected a day as YYYY-MM-DD')):
        checked_date("1.12.2026")
    with pytest.raises(RequestError, match='"2026-02-30"'):
        checked_date("2026-02-30")


def test_new_keeps_the_title_and_date_and_the_commands_show_them(tmp_path: Path) -> None:
    path = str(tmp_path / "wtorek.csv")
    result = invoke("new", path, "-p", PLAYERS, "--title", "Wtorek u Łucji", "--date", "2026-12-01")
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == "Wtorek u Łucji · 2026-12-01"
    lines = Path(path).read_text("utf-8").splitlines()
    assert lines[5:7] == ["title,Wtorek u Łucji,,,,,,,,,,", "date,2026-12-01,,,,,,,,,,"]
    meta = read(path).meta
    assert (meta.title, meta.date) == ("Wtorek u Łucji", "2026-12-01")
    assert invoke("score", "-l", path, "zw", "ł+zb", "61").exit_code == 0
    assert invoke("ledger", path).stdout.splitlines()[0] == "Wtorek u Łucji · 2026-12-01"
    assert invoke("stats", path).stdout.splitlines()[0] == "Wtorek u Łucji · 2026-12-01"
    assert invoke("check", path).exit_code == 0
    out = tmp_path / "wtorek.html"
    assert invoke("report", path, "-o", str(out)).exit_code == 0
    assert "<h1>Wtorek u Łucji · 2026-12-01</h1>" in out.read_text("utf-8")


def test_a_title_alone_is_dated_today_and_no_title_adds_no_rows(tmp_path: Path) -> None:
    titled, plain = str(tmp_path / "a.csv"), str(tmp_path / "b.csv")
    assert invoke("new", titled, "-p", PLAYERS, "--title", "Klub").exit_code == 0
    assert read(titled).meta.date == datetime.date.today().isoformat()
    assert invoke("new", plain, "-p", PLAYERS).exit_code == 0
    assert (read(plain).meta.title, read(plain).meta.date) == ("", "")
    assert "title" not in Path(plain).read_text("utf-8")


def test_bad_titles_and_dates_are_refused_in_polish_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    path = tmp_path / "x.csv"
    env = {"BASKA_LANG": "pl"}
    result = invoke("new", str(path), "-p", PLAYERS, "--date", "jutro", env=env)
    assert result.exit_code == 2
    assert "--date „jutro”: oczekiwano dnia w postaci RRRR-MM-DD" in result.stderr
    result = invoke("new", str(path), "-p", PLAYERS, "--title", "+48 wieczór", env=env)
    assert result.exit_code == 2
    assert "np. „48 wieczór”" in result.stderr
    assert not path.exists()


def test_a_date_row_of_an_older_file_is_read_as_written(tmp_path: Path) -> None:
    sample = Path(__file__).parent.parent / "samples" / "evening.csv"
    path = tmp_path / "stary.csv"
    path.write_text(sample.read_text("utf-8").replace("deals,16\n", "deals,16\ndate,1 XII\n"))
    meta = read(str(path)).meta
    assert (meta.title, meta.date) == ("", "1 XII")
    assert invoke("check", str(path)).exit_code == 0
    assert invoke("ledger", str(path)).stdout.splitlines()[0] == "1 XII"
