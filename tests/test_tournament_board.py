"""tournament/board/ (screen.py, service.py) and its JSON (render/tournament/board.py): the
standings as the projector shows them — full names, the movement since the round before,
new entrants, teams, categories, shared places, and how many tables of the round are in."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from baska_cli.errors import TournamentInputError
from baska_cli.render.tournament.board import board_record, line_record
from baska_cli.tournament import service
from baska_cli.tournament.board.screen import board, tables_in
from baska_cli.tournament.board.service import board_now
from baska_cli.tournament.folder import load
from baska_cli.tournament.players import Entrant, apart_names
from baska_cli.tournament.rounds import service as rounds
from baska_cli.tournament.scores import service as service_scores
from baska_cli.tournament.standings import StandingLine, TablePlace
from baska_cli.tournament.tables import service as service_confirm
from tests import hallkit
from tests import tournamentkit as kit
from tests.clikit import invoke

ROSTER = (
    "name,club,team,category\n"
    "Jan Kowalski,KS Hel,Orły,M\nAnna Nowak,,Orły,K\nPiotr Wiśniewski,,Orły,M\n"
    "Ewa Wójcik,,Sokoły,K\nŁukasz Zieliński,,Sokoły,M\nMałgorzata Kamińska,,Sokoły,K\n"
    "Grzegorz Lewandowski,,,M\nHalina,,,K\n"
)


def _result(path: str, round_number: int, table: int, totals: tuple[int, ...]) -> None:
    service_scores.enter_result(
        path, round_number, table, kit.entries(path, round_number, table, totals)
    )


def shown(path: str, round_number: int | None = None) -> Any:
    """The board after a round as the screens get it (its JSON's record)."""
    return board_record(board_now(path, round_number))


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return kit.new_by_service(tmp_path, ROSTER, file="players.csv", rounds=3)


def test_before_the_first_draw_the_board_has_no_round(liga: str) -> None:
    found = board_now(liga)
    data = board_record(found)
    assert (data["round"], data["tables"], data["standings"]) == (0, 0, [])
    assert data["tournament"] == "liga" and data["rounds"] == 3
    assert str(Path(liga) / "r1" / "seating.csv") in found.watched  # the draw is seen


def test_round_one_has_full_names_teams_categories_and_no_movement(liga: str) -> None:
    rounds.draw_next(liga, kit.pages, anyway=True)
    _result(liga, 1, 1, (30, 10, -10, -30))
    data = shown(liga)
    assert (data["round"], data["tables"], data["tables_in"]) == (1, 2, 1)
    first = data["standings"][0]
    roster = {p.name: p for p in load(liga).players}
    assert first["name"] == roster[first["player"]].display
    assert " " in first["name"] or first["name"] == "Halina"
    assert first["place"] == 1 and first["total"] == 30
    assert all(ln["movement"] is None and not ln["new"] for ln in data["standings"])
    # the four of table 2 have no result yet: they share a place, above the fourth of table 1
    assert [ln["place"] for ln in data["standings"]] == [1, 2, 3, 4, 4, 4, 4, 8]
    assert [ln["tied"] for ln in data["standings"]] == [False] * 3 + [True] * 4 + [False]
    assert {t["team"] for t in data["teams"]} == {"Orły", "Sokoły"}
    assert all(" " in name for t in data["teams"] for name in t["counted"])
    assert [c["category"] for c in data["categories"]] == ["M", "K"]
    women = data["categories"][1]["standings"]
    assert all(ln["category"] == "K" for ln in women) and women[0]["place"] == 1


def test_the_movement_is_the_places_gained_since_the_round_before(liga: str) -> None:
    rounds.draw_next(liga, kit.pages, anyway=True)
    _result(liga, 1, 1, (30, 10, -10, -30))
    _result(liga, 1, 2, (20, 5, -5, -20))
    service.enter_player(liga, "Zenon", "Hel")  # a late entrant: new in round 2
    rounds.draw_next(liga, kit.pages, anyway=True)
    _result(liga, 2, 1, (-40, -10, 10, 40))
    data = shown(liga)
    assert (data["round"], data["tables"], data["tables_in"]) == (2, 2, 1)
    before = {ln.player: ln.place for ln in service_scores.standings_after(liga, 1).lines}
    now = service_scores.standings_after(liga, 2).lines
    assert [ln["player"] for ln in data["standings"]] == [ln.player for ln in now]
    for ln, line in zip(data["standings"], now, strict=True):
        assert ln["place"] == line.place
        if ln["player"] == "Zenon":
            assert ln["movement"] is None and ln["new"]
        else:
            assert ln["movement"] == before[ln["player"]] - line.place and not ln["new"]
    assert any(ln["movement"] for ln in data["standings"])  # somebody moved
    first_round = shown(liga, 1)
    assert first_round["round"] == 1 and first_round["tables_in"] == 2
    with pytest.raises(TournamentInputError, match="round 3 is not drawn yet"):
        board_now(liga, 3)


def _line(place: int, name: str, pp: int, total: int, **more: object) -> StandingLine:
    rounds = (TablePlace(2, 1, 1, Fraction(pp), total), TablePlace(2, 0, 0, Fraction(0), 0))
    return StandingLine(place, name, "", Fraction(pp), total, 0, rounds, **more)  # type: ignore[arg-type]


def test_shared_places_and_exact_points_as_the_standings_have_them() -> None:
    lines = [
        _line(1, "A", 5, 10, movement=2),
        _line(1, "B", 5, 10, movement=-1, tied=True),
        _line(3, "C", 1, -20, movement=None),
    ]
    lines[0] = StandingLine(1, "A", "", Fraction(16, 3), 10, 1, lines[0].rounds, movement=2)
    made = board(
        lines, [Entrant("A", full_name="Anna Alfa")], name="t", round_number=2, rounds=5,
        tables=3, tie_breaks=("place_points",),
    )  # fmt: skip
    assert [(ln.line.place, ln.name) for ln in made.lines] == [
        (1, "Anna Alfa"), (1, "B"), (3, "C"),
    ]  # fmt: skip
    assert line_record(made.lines[0])["place_points_exact"] == "16/3"
    assert [ln.new for ln in made.lines] == [False, False, True]
    assert made.teams == () and made.categories == ()
    assert made.tables_in == 1 == tables_in(lines, 2)  # table 0 is a sit-out


def test_a_disputed_table_is_left_out_until_the_organiser_accepts_it(liga: str) -> None:
    rounds.draw_next(liga, kit.pages, anyway=True)
    _result(liga, 1, 1, (30, 10, -10, -30))
    members = load(liga).draws[0].tables[0]
    assert shown(liga)["tables_in"] == 1
    service_confirm.confirm(
        liga, 1, 1, members[0], False, (30, 10, -10, -30), kit.pin(liga, members[0]), "no"
    )
    data = shown(liga)
    assert data["tables_in"] == 0 and all(ln["total"] == 0 for ln in data["standings"])
    service_confirm.accept(liga, 1, 1)
    assert shown(liga)["tables_in"] == 1


def test_namesakes_are_told_apart_by_their_clubs_everywhere_on_the_board(tmp_path: Path) -> None:
    """The two Jan Kowalski of the Grand Prix (clubs Kartuzy and Żukowo) are not two plain
    "Jan Kowalski" on the board: their clubs beside the name, in the standings, the teams
    and the categories alike; the others keep their full names alone."""
    path = hallkit.grand_prix(tmp_path)
    data = shown(path)
    kowalscy = sorted(ln["name"] for ln in data["standings"] if ln["name"].startswith("Jan Kow"))
    assert kowalscy == ["Jan Kowalski (GKS Zryw Żukowo)", "Jan Kowalski (KS Baśka Kartuzy)"]
    assert [ln["id"] for ln in data["standings"] if ln["name"].startswith("Jan Kow")] != ["", ""]
    longest = next(ln for ln in data["standings"] if ln["player"] == "Małgorzata.W")
    assert longest["name"] == hallkit.LONGEST
    team = next(t for t in data["teams"] if t["team"] == "Remiza I")
    assert "Jan Kowalski (KS Baśka Kartuzy)" in team["players"]
    seniors = next(c for c in data["categories"] if c["category"] == "S")["standings"]
    assert "Jan Kowalski (GKS Zryw Żukowo)" in [ln["name"] for ln in seniors]


def test_namesakes_of_one_club_are_told_apart_by_their_ids() -> None:
    players = [
        Entrant("Jan.K.7", "Puck", full_name="Jan Kowalski", id="7"),
        Entrant("Jan.K.9", "Puck", full_name="Jan Kowalski", id="9"),
        Entrant("Ewa.K", "Puck", full_name="Ewa Kot"),
    ]
    assert apart_names(players) == {
        "Jan.K.7": "Jan Kowalski (id 7)",
        "Jan.K.9": "Jan Kowalski (id 9)",
        "Ewa.K": "Ewa Kot",
    }
    same = [Entrant("Jan.K", full_name="Jan Kowalski"), Entrant("Jan.Ko", full_name="jan kowalski")]
    assert apart_names(same) == {"Jan.K": "Jan Kowalski (Jan.K)", "Jan.Ko": "jan kowalski (Jan.Ko)"}


def test_a_round_being_played_is_not_over_until_its_tables_are_in_or_it_is_closed(
    tmp_path: Path,
) -> None:
    """The board says whether its round is over: round 2 of the Grand Prix with 7 of its 13
    tables in is being played; with all in, or closed by the organiser, it is over."""
    path = hallkit.grand_prix(tmp_path, played=1, drawn=2, tables_in=7)
    data = shown(path)
    assert (data["round"], data["tables_in"], data["tables"], data["over"]) == (2, 7, 13, False)
    assert shown(path, 1)["over"] is True
    with_all = hallkit.grand_prix(tmp_path / "all", played=2, drawn=2)
    assert shown(with_all)["over"] is True
    assert invoke("tournament", "close", path, "2").exit_code == 0
    assert shown(path)["over"] is True
