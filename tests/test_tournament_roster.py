"""tournament/roster.py: players files with named columns, short forms, ids, stand-ins."""

from __future__ import annotations

import pytest

from baska_cli.errors import TournamentInputError
from baska_cli.tournament.details import format_details, with_details
from baska_cli.tournament.players import Entrant, format_players, parse_players
from baska_cli.tournament.roster import late_entry, read_entry_list, standin

LEAGUE = """\
# liga pomorska
name,club,team,category,id
Jan Kowalski,Puck,Orły,M,101
Jan Kowalski,Hel,Orły,M,102
Jan Kowalczyk,,Orły,M,
Anna Nowak,,Sokoły,K,7
Ania,,Sokoły,K,
Żaneta Łęcka,,Sokoły,K,
"""


def test_a_header_names_the_columns_and_full_names_get_short_forms() -> None:
    players = read_entry_list(LEAGUE, "p.csv")
    assert [(p.name, p.display, p.id, p.team, p.category) for p in players] == [
        ("Jan.K.101", "Jan Kowalski", "101", "Orły", "M"),
        ("Jan.K.102", "Jan Kowalski", "102", "Orły", "M"),
        ("Jan.Kowalc", "Jan Kowalczyk", "", "Orły", "M"),
        ("Anna.N", "Anna Nowak", "7", "Sokoły", "K"),
        ("Ania", "Ania", "", "Sokoły", "K"),
        ("Żaneta.Ł", "Żaneta Łęcka", "", "Sokoły", "K"),
    ]
    assert players[0].club == "Puck"
    assert players[4].full_name == ""  # a name a table can type is its own short form


def test_columns_in_any_order_polish_headers_semicolons_and_a_chosen_short_form() -> None:
    text = "Licencja;Imię i nazwisko;Drużyna;skrót\n12;Jan Kowalski;Orły;Kowal\n13;Ewa Nowak;;\n"
    players = read_entry_list(text, "p.csv")
    assert players == [
        Entrant("Kowal", full_name="Jan Kowalski", id="12", team="Orły"),
        Entrant("Ewa.N", full_name="Ewa Nowak", id="13"),
    ]


def test_the_plain_file_takes_full_names_too() -> None:
    players = read_entry_list("Jan Kowalski,Puck\nJan Nowak\nAnna Maria Nowak\n", "p.txt")
    assert [(p.name, p.club) for p in players] == [("Jan.K", "Puck"), ("Jan.N", ""), ("Anna.N", "")]


def test_names_that_share_every_initial_grow_until_told_apart() -> None:
    text = "name\nAnna Maria Nowak\nAnna Zofia Nowak\n"
    assert [p.name for p in read_entry_list(text, "p.csv")] == [
        "Anna.Maria.Nowak",
        "Anna.Zofia.Nowak",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,teem\nAnia,Orły\n", 'p.csv:1: "teem" is not a column; the columns are name, club, '
         'team, category, id, short, standin; did you mean "team"?'),
        ("name,club,klub\nAnia,,\n", 'p.csv:1: the column "klub" is named twice'),
        ("name,id\nJan Kowalski,1\nJan Kowalski,\n", 'p.csv:3: "Jan Kowalski" is there already '
         "(p.csv:2); give both players an id (an id column) to tell them apart"),
        ("name,id\nAnia,5\n\nBartek,5\n", 'p.csv:4: the id "5" is given to Ania already (p.csv:2)'),
        ("name,club\n,Puck\n", "p.csv:2: no name; every player needs one"),
        ("name,club\nAnia,Puck,extra\n", "p.csv:2: 3 cells, but the header names name, club"),
        ("name,team\nAnia,=SUM(A1)\n", 'p.csv:2: "=SUM(A1)" cannot be a team'),
        ("name,team,standin\nAnia,Orły,\nBartek,,Sokoly\n",
         'p.csv:3: Bartek stands in for "Sokoly", but no player is in that team'),
        ("name,team,standin\nAnia,Orły,\nBartek,,Orły\nCelina,,orły\n",
         "p.csv:4: Orły has a stand-in already (Bartek); one per tournament"),
        ("name,team,standin\nAnia,Orły,\nBartek,Sokoły,Orły\n",
         "p.csv:3: Bartek plays for Sokoły, so cannot stand in for Orły"),
        ("name\nAnia\nania\n", 'p.csv: "ania" appears twice (as "Ania")'),
    ],
)  # fmt: skip
def test_bad_players_files_quote_the_line(text: str, message: str) -> None:
    with pytest.raises(TournamentInputError) as caught:
        read_entry_list(text, "p.csv")
    assert str(caught.value).startswith(message)


def test_the_details_are_kept_beside_a_players_file_older_versions_read() -> None:
    players = read_entry_list(LEAGUE, "p.csv")
    plain = format_players(players)
    assert plain.splitlines()[0] == "name,club,entered,withdrawn"
    assert plain.splitlines()[1] == "Jan.K.101,Puck,1,"
    back = with_details(parse_players(plain, "players.csv"), format_details(players), "roster.csv")
    assert back == players


def test_a_late_entry_gets_a_form_no_player_has() -> None:
    players = read_entry_list(LEAGUE, "p.csv")
    roster = late_entry(players, "Jan  Kowalski", 3, {"id": "103", "team": "Sokoły"})
    assert roster[-1] == Entrant(
        "Jan.K.103", entered=3, full_name="Jan Kowalski", id="103", team="Sokoły"
    )
    assert late_entry(players, "Anna Nowicka", 2, {})[-1].name == "Anna.No"
    with pytest.raises(TournamentInputError, match="give both players an id"):
        late_entry(players, "Jan Kowalczyk", 2, {})


def test_a_team_names_one_stand_in() -> None:
    players = [*read_entry_list(LEAGUE, "p.csv"), Entrant("Zenon")]
    roster = standin(players, "orły", "zenon")
    assert roster[-1].standin == "Orły"
    with pytest.raises(TournamentInputError, match="Orły has a stand-in already"):
        standin([*roster, Entrant("Olek")], "Orły", "Olek")
    with pytest.raises(TournamentInputError, match="Zenon stands in for Orły already"):
        standin(roster, "Sokoły", "Zenon")
    with pytest.raises(TournamentInputError, match='"Zen" is not a player'):
        standin(roster, "Sokoły", "Zen")
