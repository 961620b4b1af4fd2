"""`baska serve DIR`: the tournament's hall through Starlette's TestClient — each table's key
lets in its own table only, a finished round's key writes nothing, and the organiser's key
opens any table by naming it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.draw import Draw
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.web.app import make_hall_app
from baska_cli.web.pages import render_table
from tests.clikit import invoke
from tests.tournamentkit import drawn, seats, table_key

ORIGIN = "http://testserver"


@pytest.fixture
def hall(tmp_path: Path) -> str:
    return drawn(tmp_path)


def headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Origin": ORIGIN}


def post(client: TestClient, key: str, path: str, body: dict[str, Any], **query: Any) -> Any:
    return client.post(f"/api/v1/{path}", headers=headers(key), json=body, params=query)


def test_a_tables_key_lets_in_its_own_table_and_shows_where_it_is(hall: str) -> None:
    with TestClient(make_hall_app(hall, "en")) as client:
        page = client.get(f"/t/{table_key(hall, 1, 2)}")
        assert page.status_code == 200
        assert "round 1 of 2 · table 2" in page.text
        for seat, name in enumerate(seats(hall, 1, 2), 1):
            assert f"seat {seat}: {name}" in page.text
        state = client.get("/api/v1/table", headers=headers(table_key(hall, 1, 2))).json()
        assert state["players"] == seats(hall, 1, 2)
        assert state["tournament"] == {
            "name": "liga", "round": 1, "rounds": 2, "table": 2, "seats": seats(hall, 1, 2),
            "deals": 16, "organiser": False,
        }  # fmt: skip
        a, b, _c, _d = seats(hall, 1, 2)
        done = post(client, table_key(hall, 1, 2), "hands", {"hand": f"zw {a}+{b} 61", "id": "x1"})
        assert done.status_code == 201, done.text
    text = Path(hall, "r1", "t2.csv").read_text("utf-8")
    assert f"zw {a}+{b} 61" in text
    assert "zw" not in Path(hall, "r1", "t1.csv").read_text("utf-8").split("hand")[-1]


def test_no_key_of_this_hall_gets_in(hall: str) -> None:
    later = Draw(3, (tuple(seats(hall, 1, 1)),), (), ())  # a round not drawn: no table has it
    other = hall_keys(hall).table(later, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        assert client.get(f"/t/{other}").status_code == 403
        assert client.get("/api/v1/table", headers=headers(other)).status_code == 403
        assert client.get("/api/v1/table").status_code == 401
        assert client.get("/t/" + "x" * 22).status_code == 403


def test_a_later_round_locks_nothing_and_a_closed_round_writes_nothing(hall: str) -> None:
    with TestClient(make_hall_app(hall, "en")) as client:
        refused = invoke("tournament", "draw", hall)
        assert refused.exit_code == 1
        drawn = invoke("tournament", "draw", hall, "--anyway")
        assert drawn.exit_code == 0, drawn.stderr
        a, b, _c, _d = seats(hall, 1, 1)
        still = post(client, table_key(hall, 1, 1), "hands", {"hand": f"zw {a}+{b} 61"})
        assert still.status_code == 201, still.text  # (round 2 drawn: round 1 still plays)
        closed = invoke("tournament", "close", hall, "1")
        assert closed.exit_code == 0, closed.stderr
        assert (
            client.get("/api/v1/table", headers=headers(table_key(hall, 1, 1))).status_code == 200
        )
        refused = post(client, table_key(hall, 1, 1), "hands", {"hand": f"zw {a}+{b} 61"})
        assert refused.status_code == 403
        assert refused.json()["error"] == "round 1 is closed; the organiser corrects its tables"
        now = post(client, table_key(hall, 2, 1), "hands", {"hand": _first_hand(hall, 2, 1)})
        assert now.status_code == 201, now.text


def _first_hand(path: str, round_number: int, table: int) -> str:
    a, b, _c, _d = seats(path, round_number, table)
    return f"zw {a}+{b} 61"


def test_the_organisers_key_opens_any_table_by_naming_it(hall: str) -> None:
    keys = hall_keys(hall)
    with TestClient(make_hall_app(hall, "en")) as client:
        unnamed = client.get("/api/v1/table", headers=headers(keys.organiser))
        assert unnamed.status_code == 400
        assert "?round=R&table=T" in unnamed.json()["error"]
        named = client.get(
            "/api/v1/table", headers=headers(keys.organiser), params={"round": 1, "table": 1}
        ).json()
        assert named["tournament"]["organiser"] is True and named["tournament"]["table"] == 1
        done = post(client, keys.organiser, "hands", {"hand": _first_hand(hall, 1, 1)}, table=1)
        assert done.status_code == 201, done.text
        missing = client.get("/api/v1/table", headers=headers(keys.organiser), params={"table": 9})
        assert missing.status_code == 400
        assert missing.json()["error"] == "round 1 has tables 1 to 2, not 9"
        bad = client.get("/api/v1/table", headers=headers(keys.organiser), params={"table": "x"})
        assert bad.status_code == 400 and '"round=1&table=x"' in bad.json()["error"]
    assert _first_hand(hall, 1, 1) in Path(hall, "r1", "t1.csv").read_text("utf-8")


def test_the_organisers_table_page_names_the_table_in_every_call(hall: str) -> None:
    keys = hall_keys(hall)
    app = make_hall_app(hall, "pl")
    with TestClient(app) as client:
        access = app.state.hall.find(keys.organiser, {"round": "1", "table": "2"})
        page = anyio.run(render_table, access, keys.organiser, "pl")
        text = page.body.decode()
        assert "<strong>organizator</strong>" in text
        scope = text.split('data-scope="', 1)[1].split('"', 1)[0]
        assert json.loads(scope.replace("&#34;", '"')) == {"round": 1, "table": 2}
        assert client.get(f"/t/{keys.organiser}").status_code == 403


def test_serve_refuses_a_directory_with_other_files_or_one_not_a_tournament(
    hall: str, tmp_path: Path
) -> None:
    ledger = tmp_path / "evening.csv"
    assert invoke("new", str(ledger), "-p", "A,B,C,D").exit_code == 0
    mixed = invoke("serve", hall, str(ledger))
    assert mixed.exit_code == 2
    assert mixed.stderr == (
        f"Error: serve one tournament's directory alone, not with other files: {hall} {ledger}\n"
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    refused = invoke("serve", str(empty))
    assert refused.exit_code == 1
    assert "not a tournament directory (no tournament.toml)" in refused.stderr
    assert list(empty.iterdir()) == []
