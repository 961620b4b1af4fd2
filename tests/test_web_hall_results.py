"""One source of a table's result at a time, through Starlette's TestClient: after paper
totals or a walk-out a table's key records no hand (409, in the phone's language), its
state says why; a result the organiser entered is changed only with the organiser's key;
a table with paper totals and hands both is one the organiser's page asks to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.ledger import edits
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.web.app import make_hall_app
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.tournamentkit import table_key

ORIGIN = "http://testserver"


@pytest.fixture
def hall(tmp_path: Path) -> str:
    return kit.drawn(tmp_path)


def headers(key: str, lang: str = "en") -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Origin": ORIGIN, "Accept-Language": lang}


def post(client: TestClient, key: str, path: str, body: dict[str, Any], lang: str = "en") -> Any:
    return client.post(f"/api/v1/{path}", headers=headers(key, lang), json=body)


def state(client: TestClient, key: str) -> Any:
    return client.get("/api/v1/confirmations", headers=headers(key)).json()


def seated(hall: str, table: int) -> list[str]:
    rows = Path(hall, "r1", "seating.csv").read_text("utf-8").splitlines()[1:]
    return [row.split(",")[2] for row in rows if row.split(",")[0] == str(table)]


def test_after_paper_totals_a_tables_key_records_no_hand(hall: str) -> None:
    key = table_key(hall, 1, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        entered = post(client, key, "result", {"totals": [40, -12, -8, -20]})
        assert entered.status_code == 200, entered.text
        refused = post(client, key, "hands", {"hand": "zw 1+3 61", "id": "late"})
        assert refused.status_code == 409
        assert refused.json()["error"] == (
            "round 1, table 1 entered its final totals from the paper sheet: no hands are "
            "recorded; a player of each side confirms the totals"
        )
        polish = post(client, key, "hands", {"hand": "zw 1+3 61"}, lang="pl")
        assert polish.status_code == 409 and "papierowej" in polish.json()["error"]
        assert post(client, key, "undo", {}).status_code == 409
        now = state(client, key)
        assert (now["status"], now["sheet"], now["dealt"]) == ("waiting", True, 0)
        assert now["refused"] == refused.json()["error"]
        # the table may still correct its own paper totals, and its players confirm them
        fixed = post(client, key, "result", {"totals": [30, -2, -8, -20]})
        assert fixed.status_code == 200, fixed.text
    assert not Path(hall, "r1", "t1.csv").read_text("utf-8").count("zw 1+3 61")


def test_after_a_walkout_the_table_is_told_and_records_no_hand(hall: str) -> None:
    key = table_key(hall, 1, 1)
    ledger = str(Path(hall, "r1", "t1.csv"))
    for hand in ("zw 1+3 61", "zw 2+4 71") * 3 + ("zw 1+3 61",):
        edits.record(ledger, hand)
    gone = seated(hall, 1)[3]
    assert invoke("tournament", "walkout", hall, "1", "1", gone).exit_code == 0
    with TestClient(make_hall_app(hall, "en")) as client:
        now = state(client, key)
        assert now["status"] == "walkout"
        assert now["refused"].startswith("round 1, table 1 has a walk-out: its result is fixed")
        refused = post(client, key, "hands", {"hand": "zw 2+4 71", "id": "late"})
        assert (refused.status_code, refused.json()["error"]) == (409, now["refused"])
        assert post(client, key, "result", {"totals": [1, -1, 0, 0]}).status_code == 409
        # the organiser's key still corrects the table
        organiser = hall_keys(hall).organiser
        fixed = client.post(
            "/api/v1/undo", headers=headers(organiser), json={}, params={"round": 1, "table": 1}
        )
        assert fixed.status_code == 200, fixed.text


def test_the_organisers_result_is_changed_only_with_the_organisers_key(hall: str) -> None:
    keys = hall_keys(hall)
    names = seated(hall, 2)
    typed = [f"{names[0]}=+40", f"{names[1]}=-12", f"{names[2]}=-8", f"{names[3]}=-20"]
    assert invoke("tournament", "result", hall, "1", "2", *typed).exit_code == 0
    with TestClient(make_hall_app(hall, "en")) as client:
        refused = post(client, table_key(hall, 1, 2), "result", {"totals": [1, -1, 0, 0]})
        assert refused.status_code == 409
        assert "the organiser entered this result" in refused.json()["error"]
        assert "only the organiser changes it" in refused.json()["error"]
        again = post(client, table_key(hall, 1, 2), "result", {"totals": [40, -12, -8, -20]})
        assert again.status_code == 200  # (the same totals: nothing changes)
        fixed = client.post(
            "/api/v1/result",
            headers=headers(keys.organiser),
            json={"totals": [1, -1, 0, 0]},
            params={"round": 1, "table": 2},
        )
        assert fixed.status_code == 200, fixed.text
    rows = Path(hall, "results.csv").read_text("utf-8").splitlines()
    assert rows[0].endswith(",entered by,status")
    assert rows[1].endswith(",organiser,corrected") and rows[2].endswith(",organiser,")


def test_paper_totals_and_hands_both_need_the_organisers_attention(hall: str) -> None:
    keys = hall_keys(hall)
    with TestClient(make_hall_app(hall, "en")) as client:
        entered = post(client, table_key(hall, 1, 1), "result", {"totals": [4, -4, 0, 0]})
        assert entered.status_code == 200
    edits.record(str(Path(hall, "r1", "t1.csv")), "zw 1+3 61")  # (written behind the server)
    with TestClient(make_hall_app(hall, "en")) as client:
        found = client.get("/api/v1/hall", headers=headers(keys.organiser)).json()
    first = found["tables"][0]
    assert (first["conflict"], first["attention"]) == (True, True)
    assert first["word"] == "paper totals and 1 hand: keep one of them"
