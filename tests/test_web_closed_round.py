"""A closed round stays closed everywhere (issue 41, item 2 and the fifth hostile pass): no
hand, paper result or word from a table's phone, no word from a player's own page (an
agreement or a dispute), none through the service either; the organiser alone corrects it.
Its clock stops on every screen once it is closed, and `start` (--restart too) is refused
for it. One test per way in."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.errors import TournamentError
from baska_cli.tournament.board.service import board_now
from baska_cli.tournament.clock import service as clock
from baska_cli.tournament.clock.timing import utc_now
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.tables import service as service_confirm
from baska_cli.tournament.tables.state import table_state
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.organiserkit import Organiser, app_of
from tests.tournamentkit import table_key

ORIGIN = "http://testserver"
CLOSED = "round 1 is closed; the organiser corrects its tables"


@pytest.fixture
def liga(tmp_path: Path) -> str:
    """Round 1 of 1: table 1 played whole (waiting for confirmation), table 2 played 12 of
    16 deals; the round closed."""
    path = kit.drawn(tmp_path, rounds=1)
    kit.play(path, 1)
    kit.play(path, 2, kit.SERIES[:12])
    assert invoke("tournament", "close", path, "1").exit_code == 0
    return path


@pytest.fixture
def client(liga: str) -> Iterator[TestClient]:
    with TestClient(app_of(liga)) as found:
        yield found


def headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Origin": ORIGIN, "Accept-Language": "en"}


def tables_key(liga: str, table: int = 1) -> str:
    return table_key(liga, 1, table)


def state(liga: str, table: int = 1) -> Any:
    return table_state(liga, 1, table)


def test_a_tables_phone_records_no_hand(client: TestClient, liga: str) -> None:
    answer = client.post(
        "/api/v1/hands", headers=headers(tables_key(liga, 2)), json={"hand": "zw 1+3 61"}
    )
    assert (answer.status_code, answer.json()["error"]) == (403, CLOSED)
    assert state(liga, 2).dealt == 12


def test_a_tables_phone_enters_no_paper_result(client: TestClient, liga: str) -> None:
    answer = client.post(
        "/api/v1/result", headers=headers(tables_key(liga, 1)), json={"totals": [9, -3, -3, -3]}
    )
    assert (answer.status_code, answer.json()["error"]) == (403, CLOSED)


def test_a_tables_phone_gives_no_word_by_pin(client: TestClient, liga: str) -> None:
    now = state(liga)
    name = now.players[0]
    sent = {"player": name, "agree": True, "totals": list(now.totals), "pin": kit.pin(liga, name)}
    answer = client.post("/api/v1/confirm", headers=headers(tables_key(liga)), json=sent)
    assert (answer.status_code, answer.json()["error"]) == (403, CLOSED)
    assert state(liga).confirmed_by == ()


@pytest.mark.parametrize("agree", [True, False], ids=["an agreement", "a dispute"])
def test_a_players_own_page_gives_no_word(client: TestClient, liga: str, agree: bool) -> None:
    now = state(liga)
    name = now.players[0]
    body = {"agree": agree, "totals": list(now.totals), "note": "" if agree else "nie 61"}
    answer = client.post(
        "/api/v1/me/confirm", headers=headers(kit.player_key(liga, name)), json=body
    )
    assert answer.status_code == 409, answer.text
    assert answer.json()["error"] == CLOSED
    after = state(liga)
    assert (after.status, after.confirmed_by, after.disputes) == ("waiting", (), ())
    assert not Path(liga, "confirmations.csv").exists()


def test_the_service_takes_no_word_and_no_tables_result(liga: str) -> None:
    now = state(liga)
    name = now.players[0]
    with pytest.raises(TournamentError, match=CLOSED):
        service_confirm.confirm(
            liga, 1, 1, name, False, now.totals, kit.player_key(liga, name), "nie"
        )
    with pytest.raises(TournamentError, match="round 1 is closed"):
        service_confirm.enter_final(liga, 1, 2, kit.entries(liga, 1, 2, (9, -3, -3, -3)))


def test_the_organiser_still_corrects_it(client: TestClient, liga: str) -> None:
    organiser = Organiser(client, hall_keys(liga).organiser)
    accepted = organiser.post("accept", {"round": 1, "table": 1})
    assert accepted.status_code == 200, accepted.text
    assert state(liga).status == "confirmed"


def test_its_clock_stops_on_every_screen(tmp_path: Path) -> None:
    path = kit.drawn(tmp_path, rounds=1)
    clock.start_clock(path, now=utc_now() - timedelta(minutes=10))
    assert board_now(path).clock is not None
    assert invoke("tournament", "close", path, "1").exit_code == 0
    assert board_now(path).clock is None
    with TestClient(app_of(path)) as client:
        assert client.get("/api/v1/board").json()["clock"] is None


@pytest.mark.parametrize("args", [(), ("--restart",)], ids=["start", "restart"])
def test_start_is_refused_for_a_closed_round(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = kit.drawn(tmp_path, rounds=1)
    clock.start_clock(path)
    before = Path(path, "clock.json").read_bytes()
    assert invoke("tournament", "close", path, "1").exit_code == 0
    done = invoke("tournament", "start", path, *args)
    assert (done.exit_code, done.stdout) == (1, "")
    assert done.stderr == (
        f"Error: {path}: round 1 is closed: its clock is over; draw the next round, then "
        "start its clock\n"
    )
    assert Path(path, "clock.json").read_bytes() == before
