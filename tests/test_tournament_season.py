"""tournament/season.py and `baska tournament season`: a league's classification over its
events, by place points or a points table, players matched by id or by name, exact sums."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from baska_cli.errors import TournamentInputError
from baska_cli.tournament.season import PointsTable, read_points, season
from baska_cli.tournament.standings import StandingLine
from tests import tournamentkit as kit
from tests.clikit import invoke


@dataclass(frozen=True)
class Line:
    """A standings line as the season reads it (with the id a players file may give)."""

    place: int
    player: str
    place_points: float
    total: int
    club: str = ""
    id: str = ""


def _lines(*rows: tuple[int, str, float, int]) -> list[StandingLine]:
    return [Line(*row) for row in rows]  # type: ignore[misc]


def test_place_points_add_up_exactly_in_any_order() -> None:
    third = 4 + 4 / 3  # a float sum of a shared place, as the standings may give it
    events = [
        ("gp1", _lines((1, "Ania", third, 10), (2, "Bartek", 5.0, 0))),
        ("gp2", _lines((1, "Bartek", third, 5), (2, "ania", 5.0, -3))),
        ("gp3", _lines((1, "Bartek", 5.0, 1), (1, "ANIA", 5.0, 0))),
    ]
    lines = season(events)
    assert [(ln.player, ln.points, ln.total) for ln in lines] == [
        ("ANIA", Fraction(46, 3), 7),
        ("Bartek", Fraction(46, 3), 6),
    ]  # equal points, parted by the total; the name spelt as in the last event
    assert lines[0].place == 1 and lines[1].place == 2
    again = season(list(reversed(events)))
    assert [(ln.points, ln.total) for ln in again] == [(Fraction(46, 3), 7), (Fraction(46, 3), 6)]


def test_players_equal_on_points_and_total_share_a_place() -> None:
    lines = season([("gp", _lines((1, "A", 5, 0), (1, "B", 5, 0), (3, "C", 1, 0)))])
    assert [(ln.player, ln.place) for ln in lines] == [("A", 1), ("B", 1), ("C", 3)]


def test_ids_match_players_across_events_before_names() -> None:
    events = [
        ("gp1", [Line(1, "Jan Kowalski", 5.0, 10, id="101"),
                 Line(2, "Jan Kowalski", 3.0, 0, id="102")]),
        ("gp2", [Line(1, "Jan Kowalski", 5.0, 2, id="102"),
                 Line(2, "J. Kowalski", 3.0, 0, id="101")]),
    ]  # fmt: skip
    lines = season(events)  # type: ignore[arg-type]
    assert [(ln.id, ln.player, ln.points) for ln in lines] == [
        ("101", "J. Kowalski", 8), ("102", "Jan Kowalski", 8),
    ]  # fmt: skip


def test_a_points_table_by_place_shares_tied_places_and_counts_the_best_events() -> None:
    table = PointsTable(tuple(Fraction(p) for p in (25, 20, 16)), Fraction(1), best=2)
    events = [
        ("gp1", _lines((1, "A", 9, 0), (2, "B", 7, 0), (2, "C", 7, 0), (4, "D", 0, 0))),
        ("gp2", _lines((1, "D", 9, 0), (2, "A", 7, 0), (3, "B", 5, 0), (4, "C", 0, 0))),
        ("gp3", _lines((1, "B", 9, 0), (2, "D", 7, 0), (3, "A", 5, 0), (4, "C", 0, 0))),
    ]
    lines = {ln.player: ln for ln in season(events, table)}
    assert lines["B"].events[0].points == 18  # places 2 and 3 shared: (20 + 16) / 2
    assert lines["A"].points == 45 and [r.counted for r in lines["A"].events] == [
        True, True, False,
    ]  # fmt: skip
    assert lines["D"].points == 45 and lines["D"].events[0].points == 1  # the rest
    assert lines["C"].points == 19 and lines["C"].place == 4


def test_a_points_file_is_read_and_checked() -> None:
    table = read_points("places = [25, 20, 16.5]\nrest = 1\nbest = 5\n", "p.toml")
    assert table == PointsTable((Fraction(25), Fraction(20), Fraction(33, 2)), Fraction(1), 5)
    for text, message in [
        ("places = []", "p.toml: expected places = [points of place 1, place 2, …]"),
        ("place = [1]", "p.toml: expected places = "),
        ('places = ["x"]', "p.toml: places = x: expected a number of points, 0 or more"),
        ("places = [3]\nbest = 0", "p.toml: best = 0: expected a number of events, 1 or more"),
        ("places = [", "p.toml: "),
    ]:
        with pytest.raises(TournamentInputError) as caught:
            read_points(text, "p.toml")
        assert str(caught.value).startswith(message), text


FOUR = kit.listed(kit.NAMES[:4])


def _event(tmp_path: Path, name: str, seed: str) -> str:
    return kit.drawn(tmp_path, FOUR, rounds=1, seed=seed, name=name)


def test_the_season_command_in_every_format(tmp_path: Path) -> None:
    gp1, gp2 = _event(tmp_path, "gp1", "1"), _event(tmp_path, "gp2", "2")
    ok = invoke("tournament", "result", gp1, "1", "1", "Ania=+30", "Bartek=+10", "Celina=-10",
                "Darek=-30")  # fmt: skip
    assert ok.exit_code == 0, ok.stderr
    result = invoke("tournament", "season", gp1, gp2, "-f", "json")
    assert result.exit_code == 0
    assert result.stderr == (
        f"warning: {gp2}: 1 table has no valid result; its standings count only the tables "
        "with one (see baska tournament check)\n"
    )
    data = json.loads(result.stdout)
    assert data["events"] == [gp1, gp2] and data["points"] == "place_points"
    ania = data["standings"][0]
    assert (ania["player"], ania["place"], ania["id"]) == ("Ania", 1, "")
    assert [e["event"] for e in ania["events"]] == [gp1, gp2]
    assert ania["points"] == ania["events"][0]["points"] + ania["events"][1]["points"]
    assert ania["events"][0]["points"] > 0
    table = invoke("tournament", "season", gp1, gp2)
    assert table.stdout.startswith("season over 2 events\nseason points: each event's place")
    points = tmp_path / "points.toml"
    points.write_text("places = [10, 6, 3, 1]\n", "utf-8")
    csv = invoke("tournament", "season", gp1, gp2, "--points", str(points), "-f", "csv")
    rows = csv.stdout.splitlines()
    assert rows[0] == f"place,player,id,club,points,total,{gp1},{gp2}"
    assert rows[1].startswith("1,Ania,,,") and rows[1].endswith(",10,5")  # gp2: all share 1–4


def test_the_season_refuses_an_event_given_twice_and_a_bad_points_file(tmp_path: Path) -> None:
    gp1 = _event(tmp_path, "gp1", "1")
    result = invoke("tournament", "season", gp1, gp1 + "/.")
    assert result.exit_code == 2
    assert result.stderr == f"Error: {gp1}/.: the same event as {gp1}; give each event once\n"
    result = invoke("tournament", "season", gp1, "--points", str(tmp_path / "none.toml"))
    assert result.exit_code == 2
    assert "none.toml: cannot read the points table" in result.stderr
    undrawn = kit.new(tmp_path, FOUR, rounds=1, rules=None, seed=None, name="gp2")
    result = invoke("tournament", "season", gp1, undrawn)
    assert (result.exit_code, result.stderr) == (
        1, f"Error: {undrawn}: no round is drawn yet; start with `baska tournament draw`\n"
    )  # fmt: skip
    result = invoke("tournament", "season", str(tmp_path / "nothing"))
    assert result.exit_code == 1
    assert "not a tournament directory" in result.stderr
