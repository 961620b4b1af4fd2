"""`baska tournament status` and `accept`: what the organiser types and reads of the tables'
confirmations, and the exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baska_cli.tournament.tables import service as service_confirm
from tests import tournamentkit as kit
from tests.clikit import invoke


@pytest.fixture
def liga(tmp_path: Path) -> str:
    path = kit.drawn(tmp_path)
    kit.result(path, 1, 2, "1=+10", "2=-10", "3=+5", "4=-5")
    return path


def test_status_lists_each_tables_state(liga: str) -> None:
    result = invoke("tournament", "status", liga)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "round 1"
    assert lines[2].startswith("table 1  ") and "not started  0/16  –" in lines[2]
    assert lines[4].startswith("table 2  ")
    assert "waiting for confirmation  sheet  +10 -10 +5 -5" in lines[4]
    assert all(len(line) <= 80 for line in lines)
    data = json.loads(invoke("tournament", "status", liga, "-f", "json").stdout)
    assert data["round"] == 1 and [t["status"] for t in data["tables"]] == ["new", "waiting"]
    second = data["tables"][1]
    assert (second["totals"], second["source"], second["final"]) == (
        [10, -10, 5, -5],
        "sheet",
        False,
    )
    players = second["players"]
    service_confirm.confirm(
        liga, 1, 2, players[0], True, (10, -10, 5, -5), kit.pin(liga, players[0])
    )
    service_confirm.confirm(
        liga, 1, 2, players[1], False, (10, -10, 5, -5), kit.pin(liga, players[1]), "deal 9: 71"
    )
    result = invoke("tournament", "status", liga, "--round", "1")
    lines = result.stdout.splitlines()
    assert "disputed" in lines[4] and lines[6].endswith(f"confirmed by: {players[0]}")
    assert f"table 2: {players[1]} disagrees: deal 9: 71" in result.stdout
    polish = invoke("--lang", "pl", "tournament", "status", liga)
    assert "sporny" in polish.stdout and "nierozpoczęty" in polish.stdout


def test_accept_makes_a_disputed_table_final_and_counted(liga: str) -> None:
    players = json.loads(invoke("tournament", "status", liga, "-f", "json").stdout)["tables"][1][
        "players"
    ]
    service_confirm.confirm(
        liga, 1, 2, players[1], False, (10, -10, 5, -5), kit.pin(liga, players[1])
    )
    standings = invoke("tournament", "standings", liga)
    assert "round 1/table 2: disputed" in standings.stderr
    check = invoke("tournament", "check", liga)
    assert check.exit_code == 1 and "round 1/table 2: disputed" in check.stderr
    result = invoke("tournament", "accept", liga, "1", "2")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.endswith(
        f"round 1, table 2: {players[0]} +10, {players[1]} -10, {players[2]} +5, "
        f"{players[3]} -5 (confirmed)\n"
    )
    assert ": disputed" not in invoke("tournament", "standings", liga).stderr
    assert "the organiser" in invoke("tournament", "status", liga).stdout
    assert "confirmations.csv" not in invoke("tournament", "check", liga).stderr


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (("accept", "{liga}", "1", "5"), "round 1 has tables 1 to 2, not 5"),
        (("accept", "{liga}", "3", "1"), "round 3 is not drawn yet (1 drawn)"),
        (("accept", "{liga}", "1", "x"), "'x' is not a whole number"),
        (("status", "{liga}", "--round", "4"), "round 4 is not drawn yet"),
        (("status", "{liga}", "--round", "zero"), "'zero'"),
        (("status", "{liga}", "-f", "xml"), "'xml'"),
    ],
)
def test_bad_input_is_refused_with_exit_2_quoting_it(
    liga: str, args: tuple[str, ...], quoted: str
) -> None:
    result = invoke("tournament", *(a.format(liga=liga) for a in args))
    assert result.exit_code == 2 and quoted in result.stderr, result.stderr
    assert not Path(liga, "confirmations.csv").exists()


def test_accept_refuses_a_table_without_a_result(liga: str) -> None:
    result = invoke("tournament", "accept", liga, "1", "1")
    assert result.exit_code == 1
    assert "round 1, table 1 has no result to confirm yet: 0 of 16 deals played" in result.stderr


def test_status_before_the_first_draw(tmp_path: Path) -> None:
    path = kit.new(tmp_path, name="t", seed=None)
    status = invoke("tournament", "status", path)
    assert status.exit_code == 2 and "no round is drawn yet" in status.stderr
