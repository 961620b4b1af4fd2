"""`baska tournament` with a players file of columns: short forms at the tables, results by
seat number, the teams and the categories — as an organiser types them."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from tests import tournamentkit as kit
from tests.clikit import invoke

PLAYERS = """\
name,club,team,category,id,standin
Jan Kowalski,Puck,Orły,M,101,
Jan Kowalski,Hel,Orły,M,102,
Anna Nowak,,Orły,K,7,
Żaneta Łęcka,,Orły,K,8,
Ewa Wiśniewska,,Orły,K,9,
Bartek,,Sokoły,M,10,
Celina,,Sokoły,K,11,
Darek,,Sokoły,M,12,
Feliks,,Sokoły,M,13,
Zenon Mały,,,M,14,Sokoły
"""
SEAT_POINTS = (8, 5, 1, 0)  # mester: 5/3/1/0 plus 3/2 for a positive total
SEAT_TOTALS = (30, 10, -10, -30)


@pytest.fixture
def liga(tmp_path: Path) -> str:
    path, result = kit.create(tmp_path, PLAYERS, seed="3", file="gracze.csv")
    assert (result.exit_code, result.stderr.count("warning")) == (0, 0), result.stderr
    kit.draw(path)
    for table in (1, 2):
        kit.result(path, 1, table, *(f"{s}={t:+d}" for s, t in enumerate(SEAT_TOTALS, 1)))
    return path


SIT_OUT = (3, 35)  # a player the draw leaves without a table (PSB §9, the rules' data)


def _seated(liga: str) -> dict[str, tuple[int, int]]:
    """Each player's place points and total by the seat they had (a sit-out's fixed ones)."""
    rows = Path(liga, "r1", "seating.csv").read_text("utf-8").splitlines()[1:]
    found = {}
    for row in rows:
        table, seat, name = row.split(",")
        if table == "out":
            found[name] = SIT_OUT
        else:
            found[name] = (SEAT_POINTS[int(seat) - 1], SEAT_TOTALS[int(seat) - 1])
    return found


def test_the_tables_use_short_forms_and_the_folder_stays_readable(liga: str) -> None:
    seated = Path(liga, "r1", "seating.csv").read_text("utf-8")
    players = Path(liga, "players.csv").read_text("utf-8").splitlines()
    assert players[0] == "name,club,entered,withdrawn"  # as older versions read it
    assert [p.split(",")[0] for p in players[1:]] == [
        "Jan.K.101", "Jan.K.102", "Anna.N", "Żaneta.Ł", "Ewa.W", "Bartek", "Celina", "Darek",
        "Feliks", "Zenon.M",
    ]  # fmt: skip
    assert "Jan Kowalski" not in seated and "Jan.K.101" in seated
    roster = Path(liga, "roster.csv").read_text("utf-8").splitlines()
    assert roster[0] == "name,full_name,id,team,category,standin"
    assert roster[-1] == "Zenon.M,Zenon Mały,14,,M,Sokoły"
    check = invoke("tournament", "check", liga)
    assert check.stderr.splitlines()[0] == "round 2: not drawn yet"  # and nothing else wrong
    assert len(check.stderr.splitlines()) == 2


def test_the_standings_tell_two_jan_kowalskis_apart(liga: str) -> None:
    result = invoke("tournament", "standings", liga, "--format", "json")
    lines = json.loads(result.stdout)["standings"]
    jans = sorted((ln["id"], ln["player"], ln["club"]) for ln in lines if "Jan" in ln["player"])
    assert jans == [("101", "Jan.K.101", "Puck"), ("102", "Jan.K.102", "Hel")]
    zenon = next(ln for ln in lines if ln["player"] == "Zenon.M")
    assert (zenon["full_name"], zenon["category"], zenon["standin"]) == (
        "Zenon Mały",
        "M",
        "Sokoły",
    )
    assert "team" not in zenon
    text = invoke("tournament", "standings", liga).stdout
    assert "Jan Kowalski (Jan.K.101)" in text and "Jan Kowalski (Jan.K.102)" in text
    csv = invoke("tournament", "standings", liga, "--format", "csv").stdout.splitlines()
    assert csv[0].endswith(",withdrawn,id,full_name,team,category,place_points_exact")


def test_the_teams_count_their_best_four_and_the_stand_in(liga: str) -> None:
    seated = _seated(liga)
    result = invoke("tournament", "standings", liga, "--teams", "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data) == ["round", "teams"] and data["round"] == 1
    members = {
        "Orły": ["Jan.K.101", "Jan.K.102", "Anna.N", "Żaneta.Ł", "Ewa.W"],
        "Sokoły": ["Bartek", "Celina", "Darek", "Feliks", "Zenon.M"],
    }
    expected = {}
    for team, names in members.items():
        got = sorted((seated[n] for n in names), reverse=True)[:4]
        expected[team] = (sum(p for p, _t in got), sum(t for _p, t in got))
    teams = {t["team"]: t for t in data["teams"]}
    assert {k: (t["place_points"], t["total"]) for k, t in teams.items()} == expected
    assert sorted(teams["Sokoły"]["players"]) == sorted(members["Sokoły"])
    assert teams["Sokoły"]["standin"] == "Zenon.M"
    for team in teams.values():
        assert len(team["counted"]) == 4 and set(team["counted"]) <= set(team["players"])
    assert [t["place"] for t in data["teams"]] in ([1, 2], [1, 1])
    assert list(data["teams"][0]) == [
        "place", "team", "place_points", "total", "counted", "players", "standin", "tied",
    ]  # fmt: skip
    text = invoke("tournament", "standings", liga, "--teams").stdout
    assert text.startswith("teams after round 1 of 2\n")
    assert "Zenon Mały (Zenon.M) (stand-in)" in text
    csv = invoke("tournament", "standings", liga, "--teams", "--format", "csv").stdout
    assert csv.splitlines()[0] == (
        "place,team,place_points,total,counted,players,standin,place_points_exact"
    )


def test_a_category_is_placed_from_one(liga: str) -> None:
    everyone = json.loads(invoke("tournament", "standings", liga, "-f", "json").stdout)
    result = invoke("tournament", "standings", liga, "--category", "k", "-f", "json")
    assert result.exit_code == 0
    women = json.loads(result.stdout)["standings"]
    order = [ln["player"] for ln in everyone["standings"] if ln.get("category") == "K"]
    assert [ln["player"] for ln in women] == order
    assert women[0]["place"] == 1
    assert all(a["place"] <= b["place"] for a, b in itertools.pairwise(women))
    text = invoke("tournament", "standings", liga, "--category", "K").stdout
    assert text.startswith("category K\nstandings after round 1 of 2\n")


def test_every_category_one_after_another(liga: str, tmp_path: Path) -> None:
    data = json.loads(
        invoke("tournament", "standings", liga, "--category", "all", "-f", "json").stdout
    )
    assert [c["category"] for c in data["categories"]] == ["M", "K"]
    assert sum(len(c["standings"]) for c in data["categories"]) == 10
    page = tmp_path / "kategorie.html"
    result = invoke("tournament", "standings", liga, "--category", "all", "--html", str(page))
    assert result.exit_code == 0
    html = page.read_text("utf-8")
    assert html.count('<section class="page">') == 2 and "category K" in html
    assert "Żaneta Łęcka (Żaneta.Ł)" in html


def test_the_teams_page(liga: str, tmp_path: Path) -> None:
    page = tmp_path / "druzyny.html"
    result = invoke("--lang", "pl", "tournament", "standings", liga, "--teams", "--html", str(page))
    assert result.exit_code == 0
    html = page.read_text("utf-8")
    assert '<html lang="pl">' in html and "Sokoły" in html and "Orły" in html


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--category", "Juniorzy"), 'Error: --category "Juniorzy": the categories are M, K\n'),
        (("--teams", "--category", "K"), "Error: --teams and --category: choose one of them\n"),
    ],
)
def test_bad_views_are_refused(liga: str, args: tuple[str, ...], message: str) -> None:
    result = invoke("tournament", "standings", liga, *args)
    assert (result.exit_code, result.stderr) == (2, message)


def test_results_by_seat_number_and_an_ambiguous_prefix(tmp_path: Path) -> None:
    players = "name,id\nJan Kowalski,1\nJan Kowalski,2\nAnna Nowak,3\nEwa Nowak,4\n"
    path = kit.drawn(tmp_path, players, rounds=1, rules=None, seed="1", name="t", file="p.csv")
    names = kit.seats(path, 1, 1)
    jans = " or ".join(n for n in names if n.startswith("Jan.K."))
    result = invoke("tournament", "result", path, "1", "1", "jan=+1")
    assert (result.exit_code, result.stderr) == (
        2,
        f'Error: "jan=+1" is ambiguous: it could be {jans}\n',
    )
    result = invoke("tournament", "result", path, "1", "1", "1=+4", "2=-4", "3=0", "4=0")
    assert (result.exit_code, result.stderr) == (
        0,
        f"round 1, table 1: {names[0]} +4, {names[1]} -4, {names[2]} 0, {names[3]} 0\n",
    )


def test_a_late_entry_and_a_stand_in_by_command(liga: str) -> None:
    result = invoke("tournament", "enter", liga, "Jan Kowalski", "--id", "103", "--team", "Hel")
    assert (result.exit_code, result.stderr) == (0, "Jan.K.103 plays from round 2 on\n")
    result = invoke("tournament", "standin", liga, "orły", "Jan.K.103")
    assert result.exit_code == 2
    assert "Jan Kowalski plays for Hel, so cannot stand in for Orły" in result.stderr
    assert invoke("tournament", "enter", liga, "Olek", "--category", "M").exit_code == 0
    result = invoke("tournament", "standin", liga, "orły", "olek")
    assert (result.exit_code, result.stderr) == (0, "Olek stands in for Orły\n")
    assert invoke("tournament", "enter", liga, "Piotr Nowak").exit_code == 0
    result = invoke("tournament", "standin", liga, "Sokoły", "Piotr Nowak")
    assert result.exit_code == 2
    assert "Sokoły has a stand-in already (Zenon Mały)" in result.stderr


def test_misspelt_names_are_warned_of_as_written_not_by_their_short_forms(tmp_path: Path) -> None:
    players = "name\nAnna Nowak\nAnna Kowal\nJan Kowalski\nJan Kowalsky\n"
    _path, result = kit.create(tmp_path, players, rounds=1, rules=None, seed=None, file="p.csv")
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning")]
    assert warnings == [
        'warning: "Jan Kowalski" and "Jan Kowalsky" look like one name misspelt; '
        "check the players file"
    ]
