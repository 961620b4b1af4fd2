"""No text baska writes into a CSV file starts a formula, whichever separator a spreadsheet
splits the line on (`,`, `;` as Polish Excel and Calc do, a tab): names, clubs, house-rule
names and titles are refused where they are typed, free text is made harmless
(game/formula.py). The live check in LibreOffice is in test_spreadsheet_live.py."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from baska_cli.errors import BaskaError
from baska_cli.game.formula import formula_in, harmless, runs_as_formula
from baska_cli.game.names import check_player_names, parse_aliases
from baska_cli.render.text import csv_line
from baska_cli.rulesets.loader import load_rules
from tests.clikit import invoke

# an oracle of its own: a cell starts after the line's start or any separator, maybe after
# spaces and a quote; it runs if it starts with = + - @ and is not a number or a lone sign
_CELL = re.compile(r'(?:^|[,;\t\r\n])[ "]*([=+\-@][^,;\t\r\n"]*)')
_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?[ \])]*|[+-] *")


def formulas(text: str) -> list[str]:
    """Every cell of a CSV text that some spreadsheet separator setting would run."""
    found = [m.group(1) for m in _CELL.finditer(text) if not _NUMBER.fullmatch(m.group(1))]
    return found + [line for line in text.split("\n") if line[:1] in ("\t", "\r")]


HOSTILE = [
    "=1+1",
    "+SUM(A1)",
    "-HYPERLINK(x)",
    "@cmd",
    "\t=1",
    "\r=1",
    "a;=1+1",
    "a,=1+1",
    "a\t=1+1",
    "a; =1",
    "a,  @x",
    "a;+k",
    "x\n=1",
    "x\r\n-1+1",
    '"; =1',
    "a;b,=c",
]
FINE = ["Ania", "-", "+", "-2", "+12", "k:A,B", "A +4, B -12", "(+2)", "[3, 1, -1, -3]", "x-y"]


@pytest.mark.parametrize("text", HOSTILE)
def test_every_separator_is_seen(text: str) -> None:
    assert runs_as_formula(text)
    assert formulas(text)
    made = harmless(text)
    assert not runs_as_formula(made)
    assert not formulas(made), made
    assert made.replace("'", "").replace(" ", "") == re.sub(r"[\t\r\n ]", "", text)


@pytest.mark.parametrize("text", FINE)
def test_notation_and_numbers_are_left_alone(text: str) -> None:
    assert formula_in(text) is None
    assert harmless(text) == text


def test_csv_output_cells_are_harmless() -> None:
    line = csv_line(["=1+1", "a;=2", 5, "-3", "k:A,B"])
    assert not formulas(line)
    assert list(csv.reader(io.StringIO(line))) == [["'=1+1", "a;'=2", "5", "-3", "k:A,B"]]


NAMES = ["=Ania", "+Ania", "-Ania", "@Ania", "Ala;=1", "Ala;Ola", "A\tB", "A\rB"]


@pytest.mark.parametrize("name", NAMES)
def test_names_that_would_run_or_split_are_refused(name: str, tmp_path: Path) -> None:
    with pytest.raises(BaskaError):
        check_player_names([name, "Bartek", "Celina", "Darek"])
    path = tmp_path / "e.csv"
    result = invoke("new", str(path), "-p", f"{name},Bartek,Celina,Darek")
    assert result.exit_code == 2
    assert "Traceback" not in result.output and not path.exists()
    players = tmp_path / "players.txt"
    players.write_text(f"{name}\nBartek\nCelina\nDarek\n", "utf-8")
    result = invoke("tournament", "new", str(tmp_path / "t"), "-p", str(players), "--rounds", "1")
    assert result.exit_code == 2, result.output
    with pytest.raises(BaskaError):
        parse_aliases(f"Ola = {name}\n", "aliases.txt")


CLUBS = ["=1+1", "AZS;=1", "AZS, -1+1", "AZS;@x", "+48 Gdańsk"]


@pytest.mark.parametrize("club", CLUBS)
def test_clubs_that_would_run_are_refused(club: str, tmp_path: Path) -> None:
    players = tmp_path / "players.txt"
    players.write_text(f"Ania,{club}\nBartek\nCelina\nDarek\n", "utf-8")
    folder = tmp_path / "t"
    args = ("-p", str(players), "--rounds", "1", "--deals", "8")
    result = invoke("tournament", "new", str(folder), *args)
    assert result.exit_code == 2, result.output
    assert "cannot be a club" in result.stderr
    players.write_text("Ania\nBartek\nCelina\nDarek\n", "utf-8")
    assert invoke("tournament", "new", str(folder), *args).exit_code == 0
    result = invoke("tournament", "enter", str(folder), "Zenon", "--club", club)
    assert result.exit_code == 2, result.output


RULE_TEXTS = [
    'name = "=x"',
    'name = "klub;=1"',
    'title = "Klub; =HYPERLINK(1)"',
    'title = "Klub,@x"',
    'title = "-1+1"',
    'source = "a; +b"',
    'provenance.win_points = "a;=b"',
]


@pytest.mark.parametrize("line", RULE_TEXTS)
def test_rule_texts_that_would_run_are_refused(line: str, tmp_path: Path) -> None:
    house = tmp_path / "h.toml"
    house.write_text(f'base = "plb"\n{line}\n', "utf-8")
    with pytest.raises(BaskaError, match="formula"):
        load_rules(str(house))
    assert invoke("new", str(tmp_path / "e.csv"), "-p", "A,B,C,D", "-r", str(house)).exit_code


def test_a_ledger_s_hand_or_note_that_would_run_is_a_problem(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    assert invoke("new", str(path), "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    assert invoke("score", "-l", str(path), "ba", "ania").exit_code == 0
    good = path.read_text("utf-8")
    row = good.splitlines()[-1]
    assert row.startswith("1,Ania,")
    header = next(line for line in good.splitlines() if line.startswith("#,"))
    for bad in (row.replace('"ba Ania"', '"ba Ania;=1+1"'), row + ",a;=1"):
        text = good.replace(row, bad)
        if bad.endswith("=1"):
            text = text.replace(header, header + ",note")
        path.write_text(text, "utf-8")
        result = invoke("check", str(path))
        assert result.exit_code == 1, result.output
        assert "formula" in result.stderr
        assert invoke("score", "-l", str(path), "ba", "ania").exit_code  # never written to


def test_file_names_in_a_season_csv_are_harmless(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    paths = ["a;=1+1.csv", "=2+2.csv"]
    for path in paths:
        assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
        assert invoke("score", "-l", path, "ba", "ania").exit_code == 0
    result = invoke("ledger", *paths, "-f", "csv")
    assert result.exit_code == 0, result.output
    assert not formulas(result.stdout)
    assert "'=2+2.csv" in result.stdout
