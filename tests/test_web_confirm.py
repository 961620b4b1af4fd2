"""The hall's confirmation routes through Starlette's TestClient: a table's key confirms its
own table only, a confirmed table's key writes nothing, final totals alone, errors quoting
what was sent, in the phone's language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.web.app import make_app, make_hall_app
from tests.clikit import invoke
from tests.tournamentkit import drawn, pin, play, table_key

ORIGIN = "http://testserver"


@pytest.fixture
def hall(tmp_path: Path) -> str:
    return drawn(tmp_path)


def headers(key: str, lang: str = "en") -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Origin": ORIGIN, "Accept-Language": lang}


def post(client: TestClient, key: str, path: str, body: dict[str, Any], **query: Any) -> Any:
    return client.post(f"/api/v1/{path}", headers=headers(key), json=body, params=query)


def word(
    hall: str, state: dict[str, Any], seat: int, agree: bool = True, given: str | None = None
) -> dict[str, Any]:
    """A player's word from the table's phone, with their PIN (or `given`)."""
    name = state["players"][seat]
    return {
        "player": name,
        "agree": agree,
        "totals": state["totals"],
        "pin": pin(hall, name) if given is None else given,
        "note": "" if agree else "deal 9 was 71",
    }


def test_a_player_of_each_side_confirms_then_the_tables_key_writes_nothing(hall: str) -> None:
    keys = hall_keys(hall)
    key = table_key(hall, 1, 1)
    play(hall, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        state = client.get("/api/v1/confirmations", headers=headers(key)).json()
        assert (state["status"], state["dealt"], state["deals"]) == ("waiting", 16, 16)
        first = post(client, key, "confirm", word(hall, state, 0))
        assert first.status_code == 200, first.text
        assert first.json()["confirmed_by"] == [state["players"][0]]
        done = post(client, key, "confirm", word(hall, state, 1))
        assert (done.json()["status"], done.json()["final"]) == ("confirmed", True)
        refused = post(client, key, "hands", {"hand": "zw 1+3 61", "id": "late"})
        assert refused.status_code == 403
        assert refused.json()["error"] == "the result is confirmed; the organiser corrects it"
        assert post(client, key, "result", {"totals": [1, -1, 0, 0]}).status_code == 403
        assert client.get("/api/v1/table", headers=headers(key)).status_code == 200
        # the organiser corrects it: the table waits for confirmation again
        fix = {"hand": "zw 2+4 80", "id": "fix", "confirm": ["stake"]}
        amended = post(client, keys.organiser, "hands/16/amend", fix, round=1, table=1)
        assert amended.status_code in (200, 201), amended.text
        again = client.get("/api/v1/confirmations", headers=headers(key)).json()
        assert (again["status"], again["confirmed_by"]) == ("waiting", [])
        assert post(client, key, "confirm", word(hall, again, 0)).status_code == 200


def test_a_tables_key_cannot_confirm_another_table(hall: str) -> None:
    play(hall, 1)
    play(hall, 2)
    with TestClient(make_hall_app(hall, "en")) as client:
        other = client.get("/api/v1/confirmations", headers=headers(table_key(hall, 1, 2))).json()
        # table 1's key naming table 2 still reaches only table 1
        named = post(
            client, table_key(hall, 1, 1), "confirm", word(hall, other, 0), round=1, table=2
        )
        assert named.status_code == 400
        assert f"{other['players'][0]} sits at table 2" in named.json()["error"]
        mine = client.get(
            "/api/v1/confirmations", headers=headers(table_key(hall, 1, 1)), params={"table": 2}
        ).json()
        assert mine["table"] == 1
    assert not Path(hall, "confirmations.csv").exists()


def test_a_disagreement_shows_as_disputed_and_the_organiser_sees_it(hall: str) -> None:
    keys = hall_keys(hall)
    play(hall, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        state = client.get("/api/v1/confirmations", headers=headers(table_key(hall, 1, 1))).json()
        answer = post(client, table_key(hall, 1, 1), "confirm", word(hall, state, 2, agree=False))
        assert answer.json()["status"] == "disputed"
        assert answer.json()["disputes"] == [
            {"player": state["players"][2], "note": "deal 9 was 71"}
        ]
        seen = client.get(
            "/api/v1/confirmations", headers=headers(keys.organiser), params={"table": 1}
        ).json()
        assert seen["status"] == "disputed"
        # still the table's to correct: a disputed table's key writes
        assert post(client, table_key(hall, 1, 1), "undo", {"id": "u1"}).status_code in (200, 201)


def test_final_totals_alone_then_confirmed(hall: str) -> None:
    key = table_key(hall, 1, 2)
    with TestClient(make_hall_app(hall, "en")) as client:
        entered = post(client, key, "result", {"totals": [40, -12, -8, -20], "id": "r1"})
        assert entered.status_code == 200, entered.text
        state = entered.json()
        assert (state["status"], state["source"], state["totals"]) == (
            "waiting", "sheet", [40, -12, -8, -20]
        )  # fmt: skip
        again = post(client, key, "result", {"totals": [40, -12, -8, -20], "id": "r1"})
        assert again.json() == state  # (a retry: recorded once)
        names = state["players"]
        typed = [f"{names[0]}=+30", f"{names[1]}=-2", "3=-8", "4=-20"]
        by_name = post(client, key, "result", {"entries": typed})
        assert by_name.json()["totals"] == [30, -2, -8, -20]
        post(client, key, "confirm", word(hall, by_name.json(), 0))
        done = post(client, key, "confirm", word(hall, by_name.json(), 3)).json()
        assert done["status"] == "confirmed"
    rows = Path(hall, "results.csv").read_text("utf-8").splitlines()
    assert len(rows) == 3 and rows[1].endswith(",corrected")


@pytest.mark.parametrize(
    ("path", "body", "status", "quoted"),
    [
        ("confirm", {"player": "Ania", "agree": "yes", "totals": [0, 0, 0, 0], "pin": "0000"},
         400, "\"agree\" is true or false, not 'yes'"),
        ("confirm", {"player": "Ania", "agree": True, "totals": [1, 2], "pin": "0000"},
         400, "not [1, 2]"),
        ("confirm", {"agree": True, "totals": [0, 0, 0, 0], "pin": "0000"}, 400, '"player"'),
        ("confirm", {"player": "Zenon", "agree": True, "totals": [0, 0, 0, 0], "pin": "0000"},
         400, '"Zenon" does not sit at round 1, table 1'),
        ("confirm", {"player": "Ania", "agree": True, "totals": [0, 0, 0, 0], "pin": "0000"},
         409, "no result to confirm yet: 0 of 16 deals played"),
        ("result", {"totals": [1, 2, 3, 4]}, 400, "the totals sum to +10, not 0"),
        ("result", {"entries": ["Ania+40"]}, 400, '"Ania+40" is not a result'),
        ("result", {"entries": "Ania=+40"}, 400, "not 'Ania=+40'"),
    ],
)  # fmt: skip
def test_bad_requests_are_refused_quoting_them(
    hall: str, path: str, body: dict[str, Any], status: int, quoted: str
) -> None:
    key = table_key(hall, 1, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        answer = post(client, key, path, body)
        assert answer.status_code == status, answer.text
        assert quoted in answer.json()["error"]
    assert not Path(hall, "confirmations.csv").exists()


def test_errors_speak_the_phones_language(hall: str) -> None:
    key = table_key(hall, 1, 1)
    play(hall, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        state = client.get("/api/v1/confirmations", headers=headers(key)).json()
        body = {**word(hall, state, 0), "totals": [0, 0, 0, 0]}
        answer = client.post("/api/v1/confirm", headers=headers(key, "pl"), json=body)
        assert answer.status_code == 409
        assert answer.json()["error"].startswith("podane wyniki (0, 0, 0, 0) to nie wyniki stołu")


def test_a_plain_ledger_has_no_confirmations(tmp_path: Path) -> None:
    ledger = str(tmp_path / "evening.csv")
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    with TestClient(make_app({ledger: "k" * 22}, "en")) as client:
        answer = client.get("/api/v1/confirmations", headers=headers("k" * 22))
        assert answer.status_code == 404
        assert "tournament" in answer.json()["error"]


def test_no_key_no_confirmation(hall: str) -> None:
    with TestClient(make_hall_app(hall, "en")) as client:
        body = {"player": "Ania", "agree": True, "totals": [0, 0, 0, 0], "pin": "0000"}
        assert client.post("/api/v1/confirm", json=body).status_code in (401, 403)
        cross = client.post(
            "/api/v1/confirm",
            json=body,
            headers={**headers(table_key(hall, 1, 1)), "Origin": "http://evil.example"},
        )
        assert cross.status_code == 403


def test_the_table_page_in_a_tournament_carries_the_confirmation(hall: str, tmp_path: Path) -> None:
    key = table_key(hall, 1, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        page = client.get(f"/t/{key}", headers={"Accept-Language": "pl"})
        assert page.status_code == 200
        assert '<script type="module" src="/static/confirm.js">' in page.text
        assert 'id="confirm-agree"' in page.text and "Zgadzam się" in page.text
        assert "Wpisz tylko końcowe wyniki" in page.text
        for name in ("Ania", "Halina", "Celina", "Darek"):
            assert f'data-name="{name}" aria-pressed="false"' in page.text
        script = client.get("/static/confirm.js")
        assert script.status_code == 200 and "/confirmations" in script.text
        assert client.get("/static/confirm.css").status_code == 200
    ledger = str(tmp_path / "evening.csv")
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    with TestClient(make_app({ledger: "k" * 22}, "en")) as client:
        plain = client.get("/t/" + "k" * 22)
        assert plain.status_code == 200 and "confirm.js" not in plain.text


EVIL = (
    "deal 9\x1b]0;owned\x07 was\x1b]52;c;cm0gLXJmIH4=\x07 71\x1b[2J\x1bc"
    "\x9b31m \u202egnorw\u202c \x00\x7f\u2066x\u2069"
)
CONTROLS = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))] + [
    "\u202e", "\u202c", "\u2066", "\u2069",
]  # fmt: skip


def test_a_note_reaches_no_terminal_as_a_control_character(hall: str) -> None:
    play(hall, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        state = client.get("/api/v1/confirmations", headers=headers(table_key(hall, 1, 1))).json()
        sent = {**word(hall, state, 2, agree=False), "note": EVIL}
        answer = post(client, table_key(hall, 1, 1), "confirm", sent)
        assert answer.status_code == 200, answer.text
        note = answer.json()["disputes"][0]["note"]
    # stored as plain text: every control dropped, the words kept
    stored = Path(hall, "confirmations.csv").read_text("utf-8")
    assert not [ch for ch in CONTROLS if ch in stored.replace("\n", "") or ch in note]
    assert "deal 9" in note and "71" in note and "gnorw" in note
    # a file written by other hands still reaches the terminal harmless, as escapes
    Path(hall, "confirmations.csv").write_text(stored.replace(note, EVIL.replace("\x00", "")))
    shown = invoke("tournament", "status", hall)
    assert shown.exit_code == 0, shown.stderr
    assert not [ch for ch in CONTROLS if ch in shown.stdout.replace("\n", "")]
    assert "\\x1b]52;c;" in shown.stdout and "\\u202e" in shown.stdout
    as_json = invoke("tournament", "status", hall, "--format", "json")
    assert not [ch for ch in CONTROLS if ch in as_json.stdout.replace("\n", "")]
    record = json.loads(as_json.stdout)
    assert record["tables"][0]["disputes"][0]["note"] == EVIL.replace("\x00", "")
