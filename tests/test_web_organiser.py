"""The organiser's page and the hall API (web/organiser.py) through Starlette's TestClient:
the organiser's key alone opens them; each action writes what `baska tournament …` writes
(test_web_organiser_actions.py); the states; names that are markup; cross-site, non-JSON
and oversized posts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.tables import service as service_confirm
from baska_cli.tournament.tables.state import round_states
from baska_cli.web.requests import BODY_LIMIT
from tests.clikit import invoke
from tests.organiserkit import (
    FILES,
    Organiser,
    app_of,
    make_liga,
)
from tests.tournamentkit import SERIES, pin, play, table_key


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return make_liga(tmp_path)


@pytest.fixture
def organiser(liga: str) -> Iterator[Organiser]:
    with TestClient(app_of(liga)) as client:
        yield Organiser(client, hall_keys(liga).organiser)


# --- the key -----------------------------------------------------------------------------------


def test_only_the_organisers_key_opens_the_hall(organiser: Organiser, liga: str) -> None:
    client = organiser.client
    before = Path(liga, "players.csv").read_text("utf-8")
    assert client.get("/api/v1/hall").status_code == 401
    tables_key = table_key(liga, 1, 1)
    refused = client.get("/api/v1/hall", headers={"Authorization": f"Bearer {tables_key}"})
    assert refused.status_code == 403 and "organiser" in refused.json()["error"]
    posted = client.post(
        "/api/v1/hall/withdraw",
        headers={"Authorization": f"Bearer {tables_key}", "Origin": "http://testserver"},
        json={"player": "Ania"},
    )
    assert posted.status_code == 403
    assert Path(liga, "players.csv").read_text("utf-8") == before
    assert client.get(f"/o/{tables_key}").status_code == 403
    assert client.get(f"/o/{tables_key}/print/1/seating.html").status_code == 403
    hall = organiser.hall()
    assert (hall["round"], hall["rounds"], hall["drawn"], hall["next_round"]) == (1, 3, 1, 2)
    assert [t["status"] for t in hall["tables"]] == ["new", "new"]
    assert hall["tables"][0]["page"] == f"/o/{organiser.key}/t/1/1"
    assert hall["tables"][0]["link"] == f"/t/{tables_key}"
    assert not hall["all_in"] and hall["not_in"] == [1, 2]


def test_a_server_of_ledgers_has_no_organiser(tmp_path: Path) -> None:
    from baska_cli.web.app import make_app

    ledger = str(tmp_path / "evening.csv")
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    key = "k" * 22
    with TestClient(make_app({ledger: key}, "en")) as client:
        assert client.get(f"/o/{key}").status_code == 403
        asked = client.get("/api/v1/hall", headers={"Authorization": f"Bearer {key}"})
        assert asked.status_code == 403 and "organiser" in asked.json()["error"]


def test_the_page_is_served_with_its_script_and_no_inline_code(organiser: Organiser) -> None:
    page = organiser.client.get(f"/o/{organiser.key}", headers={"Accept-Language": "pl"})
    assert page.status_code == 200
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    assert page.headers["referrer-policy"] == "no-referrer"
    text = page.text
    assert '<html lang="pl" class="light">' in text and f'data-key="{organiser.key}"' in text
    assert '<script type="module" src="/static/organiser.js"></script>' in text
    assert "<script>" not in text and " on" + "click=" not in text
    for asset in ("organiser.js", "hall_cards.js", "organiser.css", "api.js"):
        assert organiser.client.get(f"/static/{asset}").status_code == 200


def test_the_organiser_opens_any_table_on_its_page(organiser: Organiser, liga: str) -> None:
    client = organiser.client
    page = client.get(f"/o/{organiser.key}/t/1/2")
    assert page.status_code == 200
    assert "round 1 of 3 · table 2 · <strong>organiser</strong>" in page.text
    assert f'<a href="/o/{organiser.key}">All tables</a>' in page.text
    assert 'data-scope="{&#34;round&#34;: 1, &#34;table&#34;: 2}"' in page.text
    assert "<svg" not in page.text
    tables_key = table_key(liga, 1, 2)
    assert client.get(f"/o/{tables_key}/t/1/2").status_code == 403
    missing = client.get(f"/o/{organiser.key}/t/1/9")
    assert missing.status_code == 404 and "round 1 has tables 1 to 2, not 9" in missing.text
    hand = client.post(
        "/api/v1/hands", params={"round": 1, "table": 2}, headers=organiser.headers,
        json={"hand": "zw 1+3 61", "id": "organiser-1"},
    )  # fmt: skip
    assert hand.status_code == 201, hand.text
    assert organiser.hall()["tables"][1]["word"] == "playing 1/16"


# --- the states, live ---------------------------------------------------------------------------


def test_the_states_follow_the_tables(organiser: Organiser, liga: str) -> None:
    play(liga, 1, SERIES[:3])
    play(liga, 2)
    tables = organiser.hall()["tables"]
    assert [(t["status"], t["word"]) for t in tables] == [
        ("playing", "playing 3/16"),
        ("waiting", "waiting for confirmation"),
    ]
    assert tables[1]["attention"] and not tables[0]["attention"]
    players = tables[1]["players"]
    totals = tables[1]["totals"]
    service_confirm.confirm(liga, 1, 2, players[0], True, totals, pin(liga, players[0]))
    service_confirm.confirm(
        liga, 1, 2, players[1], False, totals, pin(liga, players[1]), "we had 70"
    )
    tables = organiser.hall()["tables"]
    assert tables[1]["status"] == "disputed" and tables[1]["confirmed_by"] == [players[0]]
    assert tables[1]["disputes"] == [{"player": players[1], "note": "we had 70"}]
    # asked again while no file changed: 304, nothing read; a change: the new state
    first = organiser.client.get("/api/v1/hall", headers=organiser.headers)
    tag = first.headers["etag"]
    again = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "If-None-Match": tag}
    )
    assert again.status_code == 304 and again.headers["etag"] == tag
    play(liga, 1, SERIES[3:4])
    changed = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "If-None-Match": tag}
    )
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    assert changed.json()["tables"][0]["word"] == "playing 4/16"
    polish_tag = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "Accept-Language": "pl"}
    ).headers["etag"]
    assert polish_tag != changed.headers["etag"]
    polish = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "Accept-Language": "pl"}
    ).json()
    assert polish["tables"][1]["word"] == "sporny"
    for wrong in ("0", "x", "9"):
        asked = organiser.client.get(
            "/api/v1/hall", headers=organiser.headers, params={"round": wrong}
        )
        assert asked.status_code == 400, wrong
    assert "round 9 is not drawn yet (1 drawn)" in asked.json()["error"]


# --- what may not get in ------------------------------------------------------------------------


def test_a_name_that_is_markup_is_escaped(organiser: Organiser, liga: str) -> None:
    hall = organiser.hall()
    assert "<svg onload=alert(1)>" in [p["display"] for p in hall["players"]]
    page = organiser.client.get(f"/o/{organiser.key}").text
    assert "<svg" not in page
    seating = organiser.client.get(f"/o/{organiser.key}/print/1/seating.html").text
    assert "<svg" not in seating and "&lt;svg onload=alert(1)&gt;" in seating  # (full names)
    short = next(p["name"] for p in hall["players"] if p["display"].startswith("<svg"))
    done = organiser.post("withdraw", {"player": short})
    assert done.status_code == 200 and done.headers["content-type"] == "application/json"


def test_a_cross_site_or_non_json_or_oversized_post_is_refused(
    organiser: Organiser, liga: str
) -> None:
    before = {name: Path(liga, name).read_bytes() for name in FILES if Path(liga, name).exists()}
    body = {"player": "Ania"}
    evil = organiser.post("withdraw", body, Origin="http://evil.example")
    assert evil.status_code == 403 and "another site" in evil.json()["error"]
    fetch = organiser.post("withdraw", body, **{"Sec-Fetch-Site": "cross-site"})
    assert fetch.status_code == 403
    form = organiser.client.post(
        "/api/v1/hall/withdraw", headers=organiser.headers, data={"player": "Ania"}
    )
    assert form.status_code == 403 and "JSON" in form.json()["error"]
    big = organiser.post("withdraw", {"player": "A" * (BODY_LIMIT + 1)})
    assert big.status_code == 413
    wrong = organiser.post("draw", {"anyway": "yes"})
    assert wrong.status_code == 400 and '"anyway"' in wrong.json()["error"]
    after = {name: Path(liga, name).read_bytes() for name in FILES if Path(liga, name).exists()}
    assert before == after and not Path(liga, "r2").exists()
    assert [s.status for s in round_states(liga)[1]] == ["new", "new"]
