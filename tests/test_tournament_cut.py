"""A table cut by the clock (issue 41, item 1): with `time-up finish-deal` a table stopped
after 12 of its 16 deals; once the round's time is up or the round is closed the organiser
accepts the deals played as its result (`tournament accept`, the organiser's page), and its
place points come from those deals. And a walk-out's table shows the result that counts and
who walked out (item 5), at the command line and on the organiser's page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.ledger import edits
from baska_cli.tournament.clock import service as clock
from baska_cli.tournament.clock.timing import utc_now
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.tables.state import table_state
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.organiserkit import Organiser, app_of

TWELVE = (*kit.SERIES[:10], "zw 1+3 80", "zw 1+3 61")  # (seats 1 and 3 ahead)


@pytest.fixture
def liga(tmp_path: Path) -> str:
    """Two tables, round 1 of 2: table 1 played its 16 deals, table 2 stopped at 12."""
    path = kit.drawn(tmp_path)
    assert invoke("tournament", "set", path, "time-up", "finish-deal").exit_code == 0
    kit.play(path, 1)
    kit.play(path, 2, TWELVE)
    return path


def time_up(liga: str) -> None:
    """The round's clock started 61 minutes ago: its hour is up."""
    clock.start_clock(liga, now=utc_now() - timedelta(minutes=61))


def standings(path: str) -> dict[str, Any]:
    found = invoke("tournament", "standings", path, "-f", "json")
    assert found.exit_code == 0, found.output
    return {line["player"]: line for line in json.loads(found.stdout)["standings"]}


def test_accept_waits_for_the_time_up_or_the_close(liga: str) -> None:
    refused = invoke("tournament", "accept", liga, "1", "2")
    assert (refused.exit_code, refused.stdout) == (1, "")
    assert refused.stderr == (
        "Error: round 1, table 2 has played 12 of 16 deals; the deals played are accepted as "
        "its result once the round's time is up or the round is closed (`baska tournament "
        f"close {liga} 1`)\n"
    )
    clock.start_clock(liga, now=utc_now() - timedelta(minutes=30))  # (half an hour left)
    assert invoke("tournament", "accept", liga, "1", "2").exit_code == 1
    assert not Path(liga, "confirmations.csv").exists()


@pytest.mark.parametrize("how", ["time up", "closed"])
def test_the_deals_played_are_the_result_once_accepted(liga: str, tmp_path: Path, how: str) -> None:
    paper = kit.drawn(tmp_path / "paper")  # the same draw, table 2's totals from paper
    kit.play(paper, 1)
    totals = table_state(liga, 1, 2).totals
    assert totals is not None and totals[0] > 0 > totals[1]
    if how == "time up":
        time_up(liga)
    else:
        assert invoke("tournament", "close", liga, "1").exit_code == 0
    done = invoke("tournament", "accept", liga, "1", "2")
    assert done.exit_code == 0, done.output
    players = table_state(liga, 1, 2).players
    said = ", ".join(f"{p} {t:+d}" if t else f"{p} 0" for p, t in zip(players, totals, strict=True))
    assert done.stderr == (
        f"round 1, table 2: {said} (confirmed: 12 of 16 deals, accepted as played)\n"
    )
    state = table_state(liga, 1, 2)
    assert (state.status, state.dealt, state.cut, state.totals) == ("confirmed", 12, True, totals)
    kit.result(paper, 1, 2, *kit.entries(paper, 1, 2, totals))
    assert standings(liga) == standings(paper)
    shown = standings(liga)
    assert {name: shown[name]["total"] for name in players} == dict(
        zip(players, totals, strict=True)
    )
    assert all(shown[name]["rounds"][0]["table"] == 2 for name in players)
    status = invoke("tournament", "status", liga)
    assert "confirmed  12/16" in status.stdout
    assert "cut short: the 12 deals played accepted as the result" in status.stdout


def test_a_hand_recorded_after_voids_the_acceptance(liga: str) -> None:
    time_up(liga)
    assert invoke("tournament", "accept", liga, "1", "2").exit_code == 0
    edits.record(str(Path(liga, "r1", "t2.csv")), kit.SERIES[12])  # (the organiser's page)
    state = table_state(liga, 1, 2)
    assert (state.status, state.dealt, state.cut) == ("playing", 13, False)
    assert standings(liga)[state.players[0]]["rounds"] == []


def test_a_table_with_no_hand_is_no_table_cut_short(tmp_path: Path) -> None:
    path = kit.drawn(tmp_path)
    time_up(path)
    refused = invoke("tournament", "accept", path, "1", "1")
    assert refused.exit_code == 1
    assert "has no result to confirm yet: 0 of 16 deals played" in refused.stderr


@pytest.fixture
def organiser(liga: str) -> Iterator[Organiser]:
    with TestClient(app_of(liga)) as client:
        yield Organiser(client, hall_keys(liga).organiser)


def test_the_organisers_page_offers_it_once_the_time_is_up(organiser: Organiser, liga: str) -> None:
    before = organiser.hall()["tables"]
    assert [t["accept_short"] for t in before] == [False, False]
    assert (before[1]["status"], before[1]["short"], before[1]["dealt"]) == ("playing", True, 12)
    tag = organiser.client.get("/api/v1/hall", headers=organiser.headers).headers["ETag"]
    time_up(liga)
    Path(liga, "clock.json").touch()
    after = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "If-None-Match": tag}
    )
    assert after.status_code == 200  # (the time up is news, though no table changed)
    assert [t["accept_short"] for t in after.json()["tables"]] == [False, True]
    done = organiser.post("accept", {"round": 1, "table": 2})
    assert done.status_code == 200, done.text
    assert done.json()["message"].endswith("(confirmed: 12 of 16 deals, accepted as played)")
    table = organiser.hall()["tables"][1]
    assert (table["status"], table["cut"], table["in"], table["accept_short"]) == (
        "confirmed", True, True, False,
    )  # fmt: skip


def test_the_time_up_alone_changes_the_halls_tag(organiser: Organiser, liga: str) -> None:
    clock.start_clock(liga, now=utc_now() - timedelta(minutes=59, seconds=59))
    first = organiser.client.get("/api/v1/hall", headers=organiser.headers).headers["ETag"]
    deadline = utc_now() + timedelta(seconds=5)
    while utc_now() < deadline:
        now = organiser.client.get("/api/v1/hall", headers=organiser.headers).headers["ETag"]
        if now != first:
            break
    assert now != first and "-up-" in now and "-on-" in first


def test_a_walk_outs_table_shows_the_result_that_counts_and_who(liga: str) -> None:
    players = table_state(liga, 1, 2).players
    done = invoke("tournament", "walkout", liga, "1", "2", players[0])
    assert done.exit_code == 0, done.output
    state = table_state(liga, 1, 2)
    assert (state.status, state.totals, state.walked_out) == (
        "walkout", (0, 35, 35, 35), (players[0],)
    )  # fmt: skip
    status = invoke("tournament", "status", liga).stdout
    assert "walk-out  12/16  0 +35 +35 +35" in status
    assert f"walked out: {players[0]}; the result that counts is the walk-out's" in status
    with TestClient(app_of(liga)) as client:
        table = Organiser(client, hall_keys(liga).organiser).hall()["tables"][1]
    assert (table["totals"], table["walked_out"], table["word"]) == (
        [0, 35, 35, 35], [players[0]], "walk-out"
    )  # fmt: skip
