"""tournament/players.py: the players file, the stored roster, late entries, withdrawals."""

from __future__ import annotations

import pytest

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.tournament.players import (
    Entrant,
    format_players,
    parse_players,
    withdraw,
)
from baska_cli.tournament.roster import late_entry, read_entry_list


def test_the_players_file_reads_names_and_clubs() -> None:
    text = "# liga\nAnia, Puck\n\nBartek\nCelina,KS Hel\n"
    assert read_entry_list(text, "p.txt") == [
        Entrant("Ania", "Puck"),
        Entrant("Bartek"),
        Entrant("Celina", "KS Hel"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "p.txt: no players"),
        ("Ania\nania\n", 'p.txt: "ania" appears twice (as "Ania")'),
        ("Oca\nОса\n", 'p.txt: "Oca" and "Оса" look alike'),
        ("Ania\n=cmd\n", 'p.txt:2: "=cmd" cannot be a player\'s name: a spreadsheet'),
        ("Ania,=Club\n", 'p.txt:1: "=Club" cannot be a club'),
        ("zw\n", 'p.txt:1: "zw" cannot be a player\'s name: it is a word of the notation'),
    ],
)
def test_bad_players_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(TournamentInputError) as caught:
        read_entry_list(text, "p.txt")
    assert str(caught.value).startswith(message)


def test_the_roster_round_trips() -> None:
    roster = [Entrant("Ania", "Puck"), Entrant("Bartek", "", 1, 3), Entrant("Zenon", "Hel", 2)]
    text = format_players(roster)
    assert text == "name,club,entered,withdrawn\nAnia,Puck,1,\nBartek,,1,3\nZenon,Hel,2,\n"
    assert parse_players(text, "players.csv") == roster


def test_a_broken_roster_names_its_line() -> None:
    with pytest.raises(TournamentError) as caught:
        parse_players("name,club,entered,withdrawn\nAnia,,x,\n", "players.csv")
    assert str(caught.value).startswith("players.csv:2: ")


def test_who_plays_which_round() -> None:
    roster = withdraw(late_entry([Entrant("Ania"), Entrant("Bartek")], "Zenon", 3, {}), "bartek", 2)
    assert [[p.name for p in roster if p.plays(r)] for r in (1, 2, 3)] == [
        ["Ania", "Bartek"],
        ["Ania"],
        ["Ania", "Zenon"],
    ]


@pytest.mark.parametrize(
    ("name", "message"),
    [("Xavier", '"Xavier" is not a player of this tournament'), ("Ania", '"Ania" withdrew')],
)
def test_bad_withdrawals_are_refused(name: str, message: str) -> None:
    roster = [Entrant("Ania", withdrawn=2), Entrant("Bartek")]
    with pytest.raises(TournamentInputError, match=message):
        withdraw(roster, name, 3)


def test_a_late_entry_with_a_taken_name_is_refused() -> None:
    with pytest.raises(TournamentInputError, match='"ANIA" appears twice'):
        late_entry([Entrant("Ania")], "ANIA", 2, {})
