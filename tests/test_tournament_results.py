"""tournament/results.py: a sheet's totals typed once, corrections kept, results.csv."""

from __future__ import annotations

import pytest

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.tournament.results import (
    TableResult,
    enter,
    format_results,
    parse_entries,
    parse_results,
)

TABLE = ("Ania", "Bartek", "Celina", "Darek")


def test_entries_in_any_order_by_name_or_prefix() -> None:
    tokens = ["darek=-20", "Ania=+40", "bar=-12", "Celina=-8"]
    assert parse_entries(tokens, TABLE) == (40, -12, -8, -20)


def test_entries_by_seat_number_mixed_with_names() -> None:
    assert parse_entries(["1=+40", "2=-12", "celina=-8", "4=-20"], TABLE) == (40, -12, -8, -20)


def test_short_forms_of_full_names_by_prefix_without_accents() -> None:
    table = ("Jan.K.101", "Jan.K.102", "Żaneta.Ł", "Anna.N")
    tokens = ["jan.k.101=+10", "Jan.K.102=-10", "zan=+5", "ann=-5"]
    assert parse_entries(tokens, table) == (10, -10, 5, -5)


def test_an_ambiguous_prefix_lists_the_candidates() -> None:
    table = ("Jan.K.101", "Jan.K.102", "Żaneta.Ł", "Anna.N")
    with pytest.raises(TournamentInputError) as caught:
        parse_entries(["jan=+10"], table)
    assert str(caught.value) == '"jan=+10" is ambiguous: it could be Jan.K.101 or Jan.K.102'


@pytest.mark.parametrize(
    ("tokens", "message"),
    [
        (["5=+4"], '"5=+4": expected one of this table\'s players'),
        (["1=+4", "Ania=-4"], '"Ania=-4": Ania has a total already'),
        (["Ania+40"], '"Ania+40" is not a result; expected NAME=+N'),
        (["Ewa=+4"], '"Ewa=+4": expected one of this table\'s players: Ania, Bartek'),
        (["Ania=+4", "ania=-4"], '"ania=-4": Ania has a total already'),
        (["Ania=+4", "Bartek=-4"], "missing: Celina, Darek"),
        (["Ania=+4", "Bartek=-4", "Celina=1", "Darek=0"], "the totals sum to +1, not 0"),
        (["Ania=٤"], '"Ania=٤" is not a result'),
    ],
)
def test_bad_entries_are_refused(tokens: list[str], message: str) -> None:
    with pytest.raises(TournamentInputError) as caught:
        parse_entries(tokens, TABLE)
    assert message in str(caught.value)


def test_a_second_entry_only_as_a_correction_which_keeps_the_old_one() -> None:
    first = TableResult(1, 2, TABLE, (4, -4, 0, 0))
    rows = enter([], first, correct=False)
    with pytest.raises(TournamentError, match=r"has its result already \(Ania \+4, Bartek -4"):
        enter(rows, TableResult(1, 2, TABLE, (0, 0, 4, -4)), correct=False)
    with pytest.raises(TournamentError, match="has this result already"):
        enter(rows, first, correct=True)
    with pytest.raises(TournamentError, match="round 1, table 3 has no result yet"):
        enter(rows, TableResult(1, 3, TABLE, (0, 0, 0, 0)), correct=True)
    rows = enter(rows, TableResult(1, 2, TABLE, (0, 0, 4, -4)), correct=True)
    assert [r.status for r in rows] == ["corrected", ""]
    text = format_results(rows)
    assert text.splitlines()[1:] == [
        "1,2,Ania,+4,Bartek,-4,Celina,0,Darek,0,organiser,corrected",
        "1,2,Ania,0,Bartek,0,Celina,+4,Darek,-4,organiser,",
    ]
    assert parse_results(text, "results.csv") == rows


def test_an_older_results_file_is_read_each_entry_the_organisers() -> None:
    old = "round,table,player 1,total 1,player 2,total 2,player 3,total 3,player 4,total 4,status\n"
    text = (
        old
        + "1,2,Ania,+4,Bartek,-4,Celina,0,Darek,0,corrected\n"
        + "1,2,Ania,0,Bartek,0,Celina,+4,Darek,-4,\n"
    )
    rows = parse_results(text, "results.csv")
    assert [(r.status, r.by) for r in rows] == [("corrected", "organiser"), ("", "organiser")]
    assert parse_results(format_results(rows), "results.csv") == rows


def test_a_broken_results_file_names_its_line() -> None:
    text = format_results([]) + "1,2,Ania,+4,Bartek,-4,Celina,0,Darek,0,organiser,amended\n"
    with pytest.raises(TournamentError) as caught:
        parse_results(text, "results.csv")
    assert str(caught.value).startswith("results.csv:2: expected 12 cells: round, table")
