"""league/regulations.py, league/regulation_kinds.py and league/settings.py: a league's title
and regulations as rows — `league new`'s options, `league set`, league.toml read and written
by them; unknown keys and tables refused naming the nearest; points past their bounds, nan and
inf refused naming the file, the key and the bounds."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.league.regulations import REGULATIONS, Regulations, regulation
from baska_cli.league.settings import Event, League, format_league, parse_league
from tests.clikit import invoke

LIST = (
    "expected the points of each place from 0 to 10000, place 1 first, with commas between, "
    "e.g. 25,20,16,13"
)
POINTS = "expected points from 0 to 10000, e.g. 12.5"
LONG = "1" + "0" * 19 + "…"  # a number of 309 digits, as a message quotes it
KNOWN = "places, rest, best, min_events, team_best, tie_breaks"
NAMES = "title, places, rest, best, min-events, team-best, tie-breaks, min-rounds"
AS_NEW = """\
# A baska league: see `baska league --help`.
baska_league = 1
title = "L"

[season]
min_events = 1
team_best = 4
tie_breaks = ["total"]

[ratings]
min_rounds = 12
"""


def _league(tmp_path: Path, *options: str) -> str:
    liga = str(tmp_path / "liga")
    made = invoke("league", "new", liga, "--title", "L", *options)
    assert made.exit_code == 0, made.output
    return liga


def _settings(liga: str) -> Path:
    return Path(liga, "league.toml")


def test_a_new_league_is_written_from_the_rows(tmp_path: Path) -> None:
    liga = _league(tmp_path)
    assert _settings(liga).read_text("utf-8") == AS_NEW
    assert parse_league(AS_NEW, "league.toml") == League("L")


def test_league_new_takes_every_regulation_as_an_option(tmp_path: Path) -> None:
    helped = invoke("league", "new", "--help")
    assert [f"--{row.name}" in helped.stdout for row in REGULATIONS] == [True] * len(REGULATIONS)
    assert "[default: 0; from 0 to 10000]" in helped.stdout  # a row's bounds, in its help
    liga = _league(
        tmp_path, "--places", "25,20,16", "--rest", "1", "--best", "8", "--min-events", "3",
        "--team-best", "5", "--tie-breaks", "wins,total", "--min-rounds", "36",
    )  # fmt: skip
    text = _settings(liga).read_text("utf-8")
    assert text == AS_NEW.replace(
        '[season]\nmin_events = 1\nteam_best = 4\ntie_breaks = ["total"]',
        "[season]\nplaces = [25, 20, 16]\nrest = 1\nbest = 8\nmin_events = 3\nteam_best = 5\n"
        'tie_breaks = ["wins", "total"]',
    ).replace("min_rounds = 12", "min_rounds = 36")
    assert parse_league(text, "x").rules == Regulations(
        (Fraction(25), Fraction(20), Fraction(16)), Fraction(1), 8, 3, 5, ("wins", "total"), 36
    )


@pytest.mark.parametrize(
    ("option", "typed", "message"),
    [
        ("--best", "0", '--best "0": expected a whole number from 1 to 999, or all'),
        ("--places", "25,x", f'--places "x": {LIST}'),
        ("--rest", "1e308", f'--rest "1e308": {POINTS}'),
        ("--tie-breaks", "total,total", '--tie-breaks "total,total": expected some of total, '
         "wins, best_place, each once, in the order they apply"),
    ],
)  # fmt: skip
def test_league_new_refuses_a_regulation_out_of_its_bounds(
    tmp_path: Path, option: str, typed: str, message: str
) -> None:
    done = invoke("league", "new", str(tmp_path / "liga"), "--title", "L", option, typed)
    assert (done.exit_code, done.stderr) == (2, f"Error: {message}\n")
    assert not (tmp_path / "liga").exists()


def test_league_set_lists_and_changes_the_regulations(tmp_path: Path) -> None:
    liga = _league(tmp_path)
    listed = invoke("league", "set", liga)
    assert (listed.exit_code, listed.stdout) == (0, (
        'title = L\nplaces = ""\nrest = 0\nbest = all\nmin-events = 1\nteam-best = 4\n'
        "tie-breaks = total\nmin-rounds = 12\n"
    ))  # fmt: skip
    done = invoke("league", "set", liga, "best", "8")
    assert (done.exit_code, done.stderr) == (0, f"{liga}: best: all → 8\n")
    assert "\nbest = 8\n" in _settings(liga).read_text("utf-8")
    again = invoke("league", "set", liga, "best", "8")
    assert (again.exit_code, again.stderr) == (0, f"{liga}: best is 8 already; nothing changed\n")
    done = invoke("league", "set", liga, "min_events", "3")  # (as league.toml spells it)
    assert (done.exit_code, done.stderr) == (0, f"{liga}: min-events: 1 → 3\n")
    done = invoke("league", "set", liga, "places", "25;20;12,5")  # decimal commas
    assert (done.exit_code, done.stderr) == (0, f'{liga}: places: "" → 25,20,12.5\n')
    standings = json.loads(invoke("league", "standings", liga, "-f", "json").stdout)
    assert standings["regulations"] == {
        "places": ["25/1", "20/1", "25/2"], "rest": "0/1", "best": 8, "min_events": 3,
        "team_best": 4, "tie_breaks": ["points", "total"], "min_rounds": 12,
    }  # fmt: skip
    assert invoke("league", "set", liga, "best", "all").stderr == f"{liga}: best: 8 → all\n"
    assert "\nbest = " not in _settings(liga).read_text("utf-8")
    assert invoke("league", "set", liga, "title", "Liga 2026").exit_code == 0
    assert 'title = "Liga 2026"' in _settings(liga).read_text("utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("bets", "8"), f'unknown regulation "bets"; expected one of {NAMES}; did you mean '
         '"best"?'),
        (("best", "0"), 'best "0": expected a whole number from 1 to 999, or all'),
        (("best", "1000"), 'best "1000": expected a whole number from 1 to 999, or all'),
        (("rest", "nan"), f'rest "nan": {POINTS}'),
        (("places", "25,inf"), f'places "inf": {LIST}'),
        (("places", "1" + "0" * 308), f'places "{LONG}": {LIST}'),
        (("places", "25,10000.5"), f'places "10000.5": {LIST}'),
        (("tie-breaks", "points"), 'tie-breaks "points": expected some of total, wins, '
         "best_place, each once, in the order they apply"),
        (("title", ""), 'title "": expected any text of one line, at most 120 characters'),
        (("best",), 'regulation "best": expected a value after it, e.g. set LIGA best 8'),
    ],
)  # fmt: skip
def test_league_set_refuses_bad_input_naming_the_bounds(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    liga = _league(tmp_path)
    done = invoke("league", "set", liga, *args)
    assert (done.exit_code, done.stderr) == (2, f"Error: {message}\n")
    assert _settings(liga).read_text("utf-8") == AS_NEW


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (("[season]\n", "[season]\nbets = 8\n"),
         f'unknown key "bets" in [season]; expected one of {KNOWN}; did you mean "best"?'),
        (("[season]\n", "[season]\nmin_event = 3\n"),
         f'unknown key "min_event" in [season]; expected one of {KNOWN}; did you mean '
         '"min_events"?'),
        (("[ratings]\n", "[sezon]\nbest = 8\n\n[ratings]\n"),
         'unknown key "sezon"; expected one of baska_league, title, events, season, ratings; '
         'did you mean "season"?'),
        (("[ratings]\n", "[ratings]\nmin_round = 5\n"),
         'unknown key "min_round" in [ratings]; expected one of min_rounds; did you mean '
         '"min_rounds"?'),
        (("", '\n[[events]]\npath = "../gp"\ndate = "2026-01-01"\nplace = 1\n'),
         'unknown key "place" in [[events]]; expected one of path, date'),
        (("", "\n[season.x]\ny = 1\n"),
         f'unknown key "x" in [season]; expected one of {KNOWN}'),
    ],
)  # fmt: skip
def test_unknown_keys_and_tables_of_league_toml_are_refused(
    tmp_path: Path, edit: tuple[str, str], message: str
) -> None:
    liga = _league(tmp_path)
    settings = _settings(liga)
    text = settings.read_text("utf-8")
    text = text.replace(*edit) if edit[0] else text + edit[1]
    settings.write_text(text, "utf-8")
    for command in (("standings", liga), ("set", liga), ("set", liga, "best", "8")):
        done = invoke("league", *command)
        assert (done.exit_code, done.stderr) == (1, f"Error: {settings}: {message}\n"), command
    assert settings.read_text("utf-8") == text  # (a file that cannot be read is never written)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("places = [nan, 20]", f'season.places "nan": {LIST}'),
        ("places = [inf, 20]", f'season.places "inf": {LIST}'),
        ("places = [1e308]", f'season.places "1e+308": {LIST}'),
        ("places = [-1]", f'season.places "-1": {LIST}'),
        ('places = ["x"]', f'season.places "x": {LIST}'),
        ("places = 25", f'season.places "25": {LIST}'),
        ("rest = 1e308", f'season.rest "1e+308": {POINTS}'),
        ("rest = -inf", f'season.rest "-inf": {POINTS}'),
        ("best = 0", 'season.best "0": expected a whole number from 1 to 999, or all'),
        ("best = true", 'season.best "true": expected a whole number from 1 to 999, or all'),
        ('tie_breaks = ["total", "lots"]', 'season.tie_breaks "total,lots": expected some of '
         "total, wins, best_place, each once, in the order they apply"),
    ],
)  # fmt: skip
def test_regulations_out_of_their_bounds_in_league_toml_are_refused(
    tmp_path: Path, line: str, message: str
) -> None:
    liga = _league(tmp_path)
    settings = _settings(liga)
    key = line.split(" = ")[0]
    kept = [ln for ln in AS_NEW.splitlines() if not ln.startswith(f"{key} = ")]
    settings.write_text("\n".join(kept).replace("[season]", f"[season]\n{line}") + "\n", "utf-8")
    done = invoke("league", "standings", liga)
    assert (done.exit_code, done.stderr) == (1, f"Error: {settings}: {message}\n")


def test_two_events_of_the_most_points_add_up_exactly(tmp_path: Path) -> None:
    rules = Regulations((Fraction(10_000), Fraction(10_000)))
    text = format_league(League("L", (Event("../a", "2026-01-01"),), rules))
    assert "places = [10000, 10000]" in text
    assert parse_league(text, "x").rules == rules


def test_a_row_is_found_by_either_spelling_and_an_unknown_one_is_refused() -> None:
    assert regulation("min_events") is regulation("min-events")
    with pytest.raises(TournamentInputError) as caught:
        regulation("bets")
    assert str(caught.value) == f'unknown regulation "bets"; expected one of {NAMES}; did you ' + (
        'mean "best"?'
    )
    with pytest.raises(TournamentError) as broken:
        parse_league(AS_NEW.replace("min_events = 1", "min_events = 0"), "league.toml")
    assert str(broken.value) == (
        'league.toml: season.min_events "0": expected a whole number from 1 to 999'
    )
