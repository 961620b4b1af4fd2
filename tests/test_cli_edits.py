"""cli/edits.py: `baska undo`, `void` and `amend` refuse what they cannot do."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clikit import V1, invoke, start_evening


@pytest.fixture
def evening(tmp_path: Path) -> str:
    return start_evening(tmp_path)


def test_edits_refuse_hands_that_do_not_exist(evening: str) -> None:
    result = invoke("void", evening, "9")
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: there is no hand 9 in {evening}; its hands are numbered 1 to 4\n",
    )
    result = invoke("amend", evening, "2", "zo", "Ewa", "70")
    assert result.exit_code == 2
    assert '"Ewa" is not a player' in result.stderr


def test_undo_on_an_empty_ledger(tmp_path: Path) -> None:
    path = str(tmp_path / "e.csv")
    assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    result = invoke("undo", path)
    assert (result.exit_code, result.stderr) == (1, f"Error: {path}: there is no hand to undo\n")


def test_an_amended_void_hand_stays_void(evening: str) -> None:
    assert invoke("void", evening, "3").exit_code == 0
    result = invoke("amend", evening, "3", "gr", "bart", "40")
    assert result.exit_code == 0
    assert result.stderr == (
        f'{evening}: hand 3 "gr Bartek 53" is amended to "gr Bartek 40" (it stays void)\n'
    )
    assert Path(evening).read_text("utf-8").splitlines()[-3:] == [
        "3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,amended",
        "3,Celina,gr Bartek 40,10,-30,10,10,,,,,void",
        "4,Darek,ci Celina 70,-4,-4,12,-4,-7,-11,9,9",
    ]
    assert invoke("check", evening).stderr == f"{evening}: ok, 3 hands{V1}\n"
    result = invoke("void", evening, "3")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {evening}:11: hand 3 is void already\n",
    )


def test_undo_refuses_a_void_hand(evening: str) -> None:
    assert invoke("void", evening, "4").exit_code == 0
    before = Path(evening).read_bytes()
    result = invoke("undo", evening)
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {evening}:11: hand 4 is void and cannot be undone: a void hand keeps its "
        f"number and its deal (amend it to correct its text)\n",
    )
    assert Path(evening).read_bytes() == before


def test_undo_twice_is_refused_rather_than_breaking_the_numbering(evening: str) -> None:
    assert invoke("amend", evening, "4", "ci", "c", "66").exit_code == 0
    assert invoke("undo", evening).exit_code == 0
    before = Path(evening).read_bytes()
    result = invoke("undo", evening)
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {evening}:11: hand 3 cannot be undone: hand 4 was undone after it, and an "
        f"undone row keeps the number of the hand that follows it; void or amend hand 3 "
        f"instead\n",
    )
    assert Path(evening).read_bytes() == before
    assert invoke("check", evening).stderr == f"{evening}: ok, 3 hands{V1}\n"
    assert invoke("score", "-l", evening, "zw", "bd", "61").exit_code == 0
    assert invoke("undo", evening).exit_code == 0  # the last hand, with nothing after it
    assert invoke("check", evening).stderr == f"{evening}: ok, 3 hands{V1}\n"


def test_recalc_rescores_history_rows_without_counting_them(evening: str) -> None:
    assert invoke("amend", evening, "4", "ci", "c", "40").exit_code == 0
    assert invoke("amend", evening, "4", "ci", "c", "70").exit_code == 0
    assert invoke("void", evening, "3").exit_code == 0
    result = invoke("recalc", evening, "--rules", "pagat", "--diff")
    assert (result.exit_code, result.stderr) == (
        0,
        f"{evening}: 0 hands change under pagat; not written (use --write)\n",
    )
    result = invoke("recalc", evening, "--rules", "pagat", "--write")
    assert result.exit_code == 0, result.output
    assert invoke("check", evening).stderr == f"{evening}: ok, 3 hands{V1}\n"
    lines = Path(evening).read_text("utf-8").splitlines()
    assert lines[-4:] == [
        "3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,void",
        "4,Darek,ci Celina 70,-4,-4,12,-4,,,,,amended",
        "4,Darek,ci Celina 40,12,12,-36,12,,,,,amended",
        "4,Darek,ci Celina 70,-4,-4,12,-4,-7,-11,9,9",
    ]


def test_edits_refuse_in_polish(evening: str, tmp_path: Path) -> None:
    result = invoke("--lang", "pl", "void", evening, "9")
    assert (result.exit_code, result.stderr) == (
        2,
        f"Błąd: w {evening} nie ma rozdania 9; rozdania mają numery od 1 do 4\n",
    )
    assert invoke("void", evening, "3").exit_code == 0
    result = invoke("--lang", "pl", "void", evening, "3")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Błąd: {evening}:10: rozdanie 3 jest już unieważnione\n",
    )
    path = str(tmp_path / "pusty.csv")
    assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    result = invoke("--lang", "pl", "undo", path)
    assert (result.exit_code, result.stderr) == (
        1,
        f"Błąd: {path}: nie ma rozdania do cofnięcia\n",
    )
    result = invoke("--lang", "pl", "void", path, "1")
    assert (result.exit_code, result.stderr) == (
        2,
        f"Błąd: nie ma rozdania 1: w {path} nie ma jeszcze żadnego rozdania\n",
    )
