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


def test_edits_take_the_ledger_from_the_environment_and_say_so(evening: str) -> None:
    env = {"BASKA_LEDGER": evening}
    note = f"ledger: {evening} (from BASKA_LEDGER)\n"
    result = invoke("amend", "2", "k", env=env)
    assert result.exit_code == 0, result.output
    assert (
        result.stderr == note + f'{evening}: hand 2 "zo Darek 70" is amended to "zo Darek 70 k"\n'
    )
    assert result.stdout.splitlines()[:5] == [
        "              Ania    Bartek    Celina    Darek",
        "----------  ------  --------  --------  -------",
        "hand 2 was      -5        -5        -5      +15",
        "hand 2 now     -10       -10       -10      +30",
        "total          -17        -1        -1      +19",
    ]
    result = invoke("void", "1", env=env)
    assert (result.exit_code, result.stderr.splitlines()[0]) == (0, note.strip())
    result = invoke("undo", env=env)
    assert result.stderr == note + (
        f'{evening}: hand 4 "ci Celina 70" is undone: the next hand is hand 4 again\n'
    )
    result = invoke("check", env=env)
    assert (result.exit_code, result.stderr) == (0, note + f"{evening}: ok, 2 hands{V1}\n")
    result = invoke("recalc", env=env)
    assert result.exit_code == 0
    assert (
        result.stderr == note + f"{evening}: 0 hands change under plb; not written (use --write)\n"
    )


@pytest.mark.parametrize(
    ("typed", "text"),
    [
        (["k"], "gr Bartek 53 k"),
        (["70"], "gr Bartek 70"),
        (["zo"], "zo Bartek 53"),
        (["cel", "kr"], "gr Celina 53 kr"),
        (["ci", "d", "80"], "ci Darek 80"),
    ],
)
def test_amend_takes_only_the_words_that_change(evening: str, typed: list[str], text: str) -> None:
    result = invoke("amend", evening, "3", *typed)
    assert result.exit_code == 0, result.output
    assert result.stderr == f'{evening}: hand 3 "gr Bartek 53" is amended to "{text}"\n'
    assert invoke("check", evening).exit_code == 0


def test_amend_without_a_ledger_or_a_text(evening: str) -> None:
    result = invoke("amend", "8", "k")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: no ledger given and BASKA_LEDGER is not set; expected e.g. "
        "`baska amend evening.csv 8 k`\n",
    )
    result = invoke("amend", evening, "3")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: expected `baska amend [FILE] N TEXT`, e.g. `baska amend evening.csv 8 k` "
        "(adds a contra to hand 8)\n",
    )
    result = invoke("amend", evening, "3", "k", "kr")
    assert (result.exit_code, result.stderr) == (
        2,
        'Error: "k kr" as a correction of "gr Bartek 53": "kr": this correction gives the '
        "contras twice\n",
    )


def test_an_adjustment_deals_nothing_and_amending_it_moves_the_deal(evening: str) -> None:
    assert invoke("score", "-l", evening, "adj", "a+4", "b-4").exit_code == 0
    result = invoke("score", "-l", evening, "zw", "ac", "61")
    assert result.stdout.splitlines()[0] == (
        f"{evening}: hand 6 (dealt by Ania): zw Ania+Celina 61   (plb)"
    )
    assert result.stdout.splitlines()[-1] == "next: Bartek deals, Celina leads (3 of 8 deals left)"
    assert invoke("amend", evening, "5", "ba", "d").exit_code == 0
    assert Path(evening).read_text("utf-8").splitlines()[-3:] == [
        "5,Ania,adj Ania+4 Bartek-4 Celina+0 Darek+0,4,-4,0,0,,,,,amended",
        "5,Ania,ba Darek,-10,-10,-10,30,-22,-6,-6,34",
        "6,Bartek,zw Ania+Celina 61,1,-1,1,-1,-21,-7,-5,33",
    ]
    assert invoke("check", evening).stderr == f"{evening}: ok, 6 hands{V1}\n"


def test_a_ledger_from_0_1_0_with_an_adjustment_keeps_its_dealing(tmp_path: Path) -> None:
    # written by baska 0.1.0, where the adj (hand 3) used up Celina's deal
    from tests.ledgerkit import TWO_HANDS

    path = tmp_path / "old.csv"
    path.write_text(
        TWO_HANDS + "3,Celina,adj Ania+4 Bartek-4 Celina+0 Darek+0,4,-4,0,0,1,-11,-3,13\n"
        "4,Darek,zw Ania+Celina 61,1,-1,1,-1,2,-12,-2,12\n",
        "utf-8",
    )
    assert invoke("amend", str(path), "4", "k").exit_code == 0
    result = invoke("score", "-l", str(path), "ba", "d")
    assert result.stdout.splitlines()[0] == f"{path}: hand 5 (dealt by Ania): ba Darek   (plb)"
    assert invoke("check", str(path)).stderr == f"{path}: ok, 5 hands{V1}\n"
    assert path.read_text("utf-8").splitlines()[-3:] == [
        "4,Darek,zw Ania+Celina 61,1,-1,1,-1,,,,,amended",
        "4,Darek,zw Ania+Celina 61 k,2,-2,2,-2,3,-13,-1,11",
        "5,Ania,ba Darek,-10,-10,-10,30,-7,-23,-11,41",
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


def test_an_amend_that_changes_nothing_is_refused(evening: str) -> None:
    before = Path(evening).read_text(encoding="utf-8")
    result = invoke("amend", evening, "2", "k")
    assert result.exit_code == 0, result.output
    after = Path(evening).read_text(encoding="utf-8")
    result = invoke("amend", evening, "2", "k")  # the contra is there already
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == 'Error: hand 2 is "zo Darek 70 k" already; nothing to amend\n'
    assert Path(evening).read_text(encoding="utf-8") == after != before
