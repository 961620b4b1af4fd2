"""`baska stats`: the sample evening as a table, JSON and CSV; files given twice refused."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from baska_cli.cli import cli

SAMPLE = str(Path(__file__).parent.parent / "samples" / "evening.csv")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_sample_evening_as_json() -> None:
    code, out, _ = run("stats", SAMPLE, "-f", "json")
    assert code == 0
    found = json.loads(out)
    assert list(found) == ["hands", "kara", "adj", "players", "pairs"]
    darek = found["players"][0]
    assert list(darek) == [
        "player",
        "hands",
        "total",
        "average",
        "roles",
        "contracts",
        "solos",
        "contras",
        "best",
        "worst",
        "win_streak",
        "loss_streak",
        "kara",
        "adj",
        "best_partner",
        "toughest_opponent",
    ]
    assert (darek["player"], darek["hands"], darek["total"]) == ("Darek", 16, 121)
    assert darek["roles"] == {
        "declarer": {"played": 2, "won": 2},
        "partner": {"played": 5, "won": 3},
        "opponent": {"played": 9, "won": 4},
    }
    assert darek["best"] == {"change": 60, "file": SAMPLE, "n": 7}
    assert darek["best_partner"] == {"player": "Celina", "hands": 6, "points": 26}
    assert [p["player"] for p in found["players"]] == ["Darek", "Celina", "Ania", "Bartek"]
    assert len(found["pairs"]) == 12


def test_the_sample_evening_as_a_table_and_csv() -> None:
    code, out, _ = run("stats", SAMPLE)
    assert code == 0
    assert out.splitlines()[0] == "16 hands (streaks: the most hands won / lost in a row)"
    assert "Darek          16     +121   +7.6     +60      -10        4/3" in out
    assert "Darek            2/2        3/5         4/9     2/2            2/2" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    code, out, _ = run("stats", SAMPLE, "-f", "csv")
    assert out.splitlines()[1] == "Darek,16,121,7.56,2,2,5,3,9,4,2,2,2,2,60,-10,4,3,0,0,0"


def test_a_file_given_twice_is_refused() -> None:
    code, _, err = run("stats", SAMPLE, SAMPLE)
    assert code == 2
    assert "are the same file" in err
