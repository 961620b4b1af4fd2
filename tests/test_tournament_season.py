"""`baska tournament season` (cli/tournament/season.py, league/service/on_the_fly.py): a league
made on the fly over the folders given — the same rows as `league standings` for the same
events under the same regulations, from the one engine; the points file read by the
regulations' rows; points out of their bounds refused cleanly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.test_league import NAMES, REGISTER, ok, play_event

LIST = (
    "expected the points of each place from 0 to 10000, place 1 first, with commas between, "
    "e.g. 25,20,16,13"
)


def _generated(home: Path, liga: str, count: int, league: bool) -> list[str]:
    """`count` events of 8 of the register's players (some without an id, one new name),
    each of 2 rounds with random results: made with `--league` or as plain tournaments."""
    rng = random.Random(40 + count)
    paths = []
    for n in range(count):
        chosen = rng.sample(NAMES, 8)
        if n == count - 1:
            chosen[-1] = "Nowa Osoba"  # a name no register knows
        (home / f"gp{n}.txt").write_text("".join(f"{c}\n" for c in chosen), "utf-8")
        path = str(home / f"gp{n}")
        extra = ["--league", liga] if league else []
        made = invoke(
            "tournament", "new", path, "-p", str(home / f"gp{n}.txt"), "--rounds", "2",
            "--deals", "8", "-r", "plb", "--seed", str(n), *extra,
        )  # fmt: skip
        assert made.exit_code == 0, made.output
        play_event(path, rng)
        paths.append(path)
    return paths


REGULATIONS = {
    "places": ("--places", "25,20,16,13,11,10,9,8", "places = [25, 20, 16, 13, 11, 10, 9, 8]"),
    "rest": ("--rest", "0.5", "rest = 0.5"),
    "best": ("--best", "3", "best = 3"),
    "min_events": ("--min-events", "2", "min_events = 2"),
    "tie_breaks": ("--tie-breaks", "wins,total", 'tie_breaks = ["wins", "total"]'),
}


@pytest.mark.parametrize("made_by_the_league", [True, False])
@pytest.mark.parametrize("regulations", [(), ("places", "best", "min_events"), tuple(REGULATIONS)])
def test_the_season_and_the_league_standings_are_the_same_rows(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    made_by_the_league: bool,
    regulations: tuple[str, ...],
) -> None:
    (tmp_path / "zawodnicy.csv").write_text(REGISTER, "utf-8")
    liga = str(tmp_path / "liga")
    options = [part for key in regulations for part in REGULATIONS[key][:2]]
    players = ["--players", str(tmp_path / "zawodnicy.csv")] if made_by_the_league else []
    ok("league", "new", liga, "--title", "Liga", *players, *options)
    paths = _generated(tmp_path, liga, 4, made_by_the_league)
    if not made_by_the_league:
        ok("league", "add", liga, *paths, "--date", "2026-01-17")
    (tmp_path / "punkty.toml").write_text(
        "".join(REGULATIONS[key][2] + "\n" for key in regulations), "utf-8"
    )
    league = json.loads(ok("league", "standings", liga, "-f", "json"))
    monkeypatch.chdir(liga)  # (the events named as league.toml names them: ../gp0 …)
    season = json.loads(
        ok("tournament", "season", *(f"../gp{n}" for n in range(4)), "--points", "../punkty.toml",
           "-f", "json")
    )  # fmt: skip
    assert season["standings"] == league["standings"]
    assert season["regulations"] == league["regulations"]
    assert [e["event"] for e in season["events"]] == [e["event"] for e in league["events"]]
    assert len(league["standings"]) == 11 and league["standings"][0]["place"] == 1
    assert (season["league"], league["league"]) == (None, "Liga")


def test_the_season_in_every_format(tmp_path: Path) -> None:
    four = kit.listed(kit.NAMES[:4])
    gp1 = kit.drawn(tmp_path, four, rounds=1, seed="1", name="gp1")
    gp2 = kit.drawn(tmp_path, four, rounds=1, seed="2", name="gp2")
    kit.result(gp1, 1, 1, "Ania=+30", "Bartek=+10", "Celina=-10", "Darek=-30")
    result = invoke("tournament", "season", gp1, gp2, "-f", "json")
    assert result.exit_code == 0
    assert result.stderr == (
        f"warning: {gp2}: 1 table has no valid result; its standings count only the tables "
        "with one (see baska tournament check)\n"
    )
    data = json.loads(result.stdout)
    assert data["events"] == [
        {"event": gp1, "date": None, "title": "gp1"}, {"event": gp2, "date": None, "title": "gp2"}
    ]  # fmt: skip
    ania = data["standings"][0]
    assert (ania["player"], ania["place"], ania["id"], ania["points_exact"]) == (
        "Ania",
        1,
        "N1",
        "8/1",
    )  # fmt: skip (ids given as the league gives them to players without one)
    assert [(r["event"], r["points"]) for r in ania["results"]] == [(gp1, 8.0), (gp2, 0.0)]
    table = invoke("tournament", "season", gp1, gp2)
    assert table.stdout.startswith("season · 2 events\nseason points: each event's place")
    points = tmp_path / "points.toml"
    points.write_text("places = [10, 6, 3, 1]\n", "utf-8")
    csv = invoke("tournament", "season", gp1, gp2, "--points", str(points), "-f", "csv")
    rows = csv.stdout.splitlines()
    head = "place,player,id,points,points_exact,events,counted,total"
    assert rows[0] == f"{head},{gp1},{gp2},counted:{gp1},counted:{gp2}"
    assert rows[1] == "1,Ania,N1,15,15/1,2,2,30,10,5,1,1"  # gp2: all four share places 1–4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("places = [nan, 20]\n", f'places "nan": {LIST}'),
        ("places = [inf, 20]\n", f'places "inf": {LIST}'),
        ("places = [25, -inf]\n", f'places "-inf": {LIST}'),
        ("places = [1e308]\n", f'places "1e+308": {LIST}'),
        ("places = [10]\nrest = 1e308\n", 'rest "1e+308": expected points from 0 to 10000, '
         "e.g. 12.5"),
        ("places = [3]\nbest = 0\n", 'best "0": expected a whole number from 1 to 999, or all'),
        ("places = [3]\nbets = 2\n", 'unknown key "bets"; expected one of places, rest, best, '
         'min_events, tie_breaks; did you mean "best"?'),
        ("team_best = 3\n", 'unknown key "team_best"; expected one of places, rest, best, '
         "min_events, tie_breaks"),
    ],
)  # fmt: skip
def test_a_points_file_past_its_bounds_is_refused_naming_file_key_and_bounds(
    tmp_path: Path, text: str, message: str
) -> None:
    four = kit.listed(kit.NAMES[:4])
    gp1 = kit.drawn(tmp_path, four, rounds=1, seed="1", name="gp1")
    gp2 = kit.drawn(tmp_path, four, rounds=1, seed="2", name="gp2")
    kit.result(gp1, 1, 1, "Ania=+30", "Bartek=+10", "Celina=-10", "Darek=-30")
    kit.result(gp2, 1, 1, "Ania=+30", "Bartek=+10", "Celina=-10", "Darek=-30")
    points = tmp_path / "punkty.toml"
    points.write_text(text, "utf-8")
    done = invoke("tournament", "season", gp1, gp2, "--points", str(points))
    assert (done.exit_code, done.stdout, done.stderr) == (2, "", f"Error: {points}: {message}\n")


def test_a_points_file_of_the_most_points_adds_up_exactly(tmp_path: Path) -> None:
    four = kit.listed(kit.NAMES[:4])
    gp1 = kit.drawn(tmp_path, four, rounds=1, seed="1", name="gp1")
    gp2 = kit.drawn(tmp_path, four, rounds=1, seed="2", name="gp2")
    for path in (gp1, gp2):
        kit.result(path, 1, 1, "Ania=+30", "Bartek=+10", "Celina=-10", "Darek=-30")
    points = tmp_path / "punkty.toml"
    points.write_text("places = [10000, 9999.5]\n", "utf-8")
    done = invoke("tournament", "season", gp1, gp2, "--points", str(points), "-f", "json")
    got = [(r["player"], r["points_exact"]) for r in json.loads(done.stdout)["standings"]]
    assert got == [("Ania", "20000/1"), ("Bartek", "19999/1"), ("Celina", "0/1"), ("Darek", "0/1")]


def test_namesakes_count_apart_by_id_and_one_id_twice_in_an_event_is_refused(
    tmp_path: Path,
) -> None:
    rows = "name,club,id\nJan Kowalski,Puck,101\nJan Kowalski,Hel,102\nAnia,,\nBartek,,\n"
    gp1 = kit.drawn(tmp_path, rows, rounds=1, seed="1", name="gp1")
    kit.result(gp1, 1, 1, *kit.entries(gp1, 1, 1, (30, 10, -10, -30)))
    done = json.loads(ok("tournament", "season", gp1, "-f", "json"))
    assert sorted(r["id"] for r in done["standings"]) == ["101", "102", "N1", "N2"]
    liga = str(tmp_path / "liga")
    ok("league", "new", liga, "--title", "L")
    ok("league", "add", liga, gp1)
    roster = Path(gp1, "roster.csv")  # a hand-edited roster: both namesakes one id
    roster.write_text(roster.read_text("utf-8").replace(",102,", ",101,"), "utf-8")
    for args in (("tournament", "season", gp1), ("league", "standings", liga)):
        refused = invoke(*args)
        assert (refused.exit_code, refused.stderr) == (
            1,
            (
                f'Error: {roster}:3: the id "101" is given to Jan Kowalski already (line 2); every '
                "player has an id of their own\n"
            ),
        ), args  # fmt: skip (a broken file: the league's check never sees it)


def test_the_season_refuses_an_event_given_twice_and_a_missing_points_file(
    tmp_path: Path,
) -> None:
    gp1 = kit.drawn(tmp_path, kit.listed(kit.NAMES[:4]), rounds=1, seed="1", name="gp1")
    result = invoke("tournament", "season", gp1, gp1 + "/.")
    assert result.exit_code == 2
    assert result.stderr == f"Error: {gp1}/.: the same event as {gp1}; give each event once\n"
    result = invoke("tournament", "season", gp1, "--points", str(tmp_path / "none.toml"))
    assert result.exit_code == 2
    assert "none.toml: cannot read the points table" in result.stderr
    undrawn = kit.new(tmp_path, kit.listed(kit.NAMES[:4]), rounds=1, rules=None, seed=None,
                      name="gp2")  # fmt: skip
    result = invoke("tournament", "season", gp1, undrawn)
    assert (result.exit_code, result.stderr) == (
        1, f"Error: {undrawn}: no round is drawn yet; start with `baska tournament draw`\n"
    )  # fmt: skip
    result = invoke("tournament", "season", str(tmp_path / "nothing"))
    assert result.exit_code == 1
    assert "not a tournament directory" in result.stderr


def test_an_id_two_events_give_to_two_people_is_refused(tmp_path: Path) -> None:
    """The league made on the fly matches players as the league does: an id that is another
    person's in an earlier event is refused, naming both (never one person's results
    credited to another)."""
    rows = "name,id\n{},1005\nAnia,1\nBartek,2\nCelina,3\n"
    gp1 = kit.drawn(tmp_path, rows.format("Anna Nowicka"), rounds=1, seed="1", name="gp1")
    gp2 = kit.drawn(tmp_path, rows.format("Władysław Mering"), rounds=1, seed="2", name="gp2")
    refused = invoke("tournament", "season", gp1, gp2)
    assert (refused.exit_code, refused.stderr) == (2, (
        f'Error: {gp2}: "Władysław Mering" has the id 1005, which {gp1} gives to "Anna '
        "Nowicka\"; an id is one person's: correct it in one of the players files\n"
    ))  # fmt: skip
