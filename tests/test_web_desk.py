"""The registration desk through the hall API (`baska serve DIR`): the search and the counts,
a tap marking a player present or paid (the same file as `baska tournament checkin`
writes), a client id sent twice recorded once, the organiser's key required."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.hall.keys import hall_keys
from tests.clikit import invoke
from tests.organiserkit import Organiser, app_of
from tests.tournamentkit import ROSTER, checkin, new


@pytest.fixture
def liga(tmp_path: Path) -> str:
    path = new(tmp_path, ROSTER, rounds=3, file="players.csv")
    assert invoke("tournament", "set", path, "fee", "25").exit_code == 0
    return path


@pytest.fixture
def organiser(liga: str) -> Iterator[Organiser]:
    with TestClient(app_of(liga)) as client:
        yield Organiser(client, hall_keys(liga).organiser)


def desk(organiser: Organiser, **query: str) -> Any:
    answer = organiser.client.get("/api/v1/hall/desk", headers=organiser.headers, params=query)
    assert answer.status_code == 200, answer.text
    return answer.json()


def marks(liga: str) -> list[list[str]]:
    lines = Path(liga, "desk.csv").read_text("utf-8").splitlines()[1:]
    return [line.split(",")[1:] for line in lines]


def test_three_letters_find_the_players_with_the_counts(organiser: Organiser) -> None:
    found = desk(organiser, q="kow")
    assert [p["player"] for p in found["players"]] == ["Jan.K.101", "Jan.K.102"]
    assert found["players"][0] == {
        "player": "Jan.K.101", "id": "101", "present": False, "paid": False,
        "full_name": "Jan Kowalski", "club": "Puck",
    }  # fmt: skip
    assert (found["registered"], found["present"], found["paid"], found["fee"]) == (9, 0, 0, 25)
    assert found["counts"] == (
        "registered 9, present 0, paid 0 (fee 25): cash 0; present, not paid: 0"
    )
    assert [p["player"] for p in desk(organiser, q="55")["players"]] == ["Ewa.B"]
    assert desk(organiser, q="")["players"] == []
    assert len(desk(organiser)["players"]) == 9
    long = organiser.client.get(
        "/api/v1/hall/desk", headers=organiser.headers, params={"q": "x" * 101}
    )
    assert long.status_code == 400


def test_a_tap_marks_present_or_paid_as_the_cli_does(organiser: Organiser, liga: str) -> None:
    done = organiser.post("checkin", {"player": "Anna.N", "mark": "present", "id": "a1"})
    assert done.status_code == 200, done.text
    answer = done.json()
    assert answer["message"] == "Anna Nowak: present"
    assert answer["players"] == [
        {"player": "Anna.N", "id": "7", "present": True, "paid": False, "full_name": "Anna Nowak"}
    ]
    assert (answer["present"], answer["paid"]) == (1, 0)
    paid = organiser.post("checkin", {"player": "Ewa.B", "mark": "paid", "id": "a2"}).json()
    assert paid["message"] == "Ewa Bąk: present; Ewa Bąk: paid"
    assert (paid["present"], paid["paid"]) == (2, 1)
    back = organiser.post("checkin", {"player": "Ewa.B", "mark": "paid", "value": False})
    assert back.json()["message"] == "Ewa Bąk: no longer paid"
    assert marks(liga) == [
        ["Anna.N", "present", "yes", "a1"], ["Ewa.B", "present", "yes", "a2"],
        ["Ewa.B", "paid", "yes", "a2"], ["Ewa.B", "paid", "no", ""],
    ]  # fmt: skip
    assert [p["player"] for p in checkin_listed(liga) if p["present"]] == ["Ewa.B", "Anna.N"]


def checkin_listed(liga: str) -> list[Any]:
    found = checkin(liga, "--format", "json")
    players: list[Any] = json.loads(found.stdout)["players"]
    return players


def test_an_id_sent_twice_is_recorded_once(organiser: Organiser, liga: str) -> None:
    tap = {"player": "Halina.K", "mark": "present", "value": True, "id": "tap-1"}
    assert organiser.post("checkin", tap).status_code == 200
    undo = {**tap, "value": False, "id": "tap-2"}
    assert organiser.post("checkin", undo).status_code == 200
    again = organiser.post("checkin", tap)  # (the first tap's answer lost: sent again)
    assert again.status_code == 200
    assert again.json()["present"] == 0
    assert marks(liga) == [
        ["Halina.K", "present", "yes", "tap-1"], ["Halina.K", "present", "no", "tap-2"],
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"player": "jan"}, 400, '"jan" is ambiguous: it could be Jan Kowalski (Jan.K.101, '
         "Puck, id 101) or Jan Kowalski (Jan.K.102, Hel, id 102)"),
        ({"player": "Nobody"}, 400, '"Nobody" is not a player of this tournament'),
        ({"player": "Anna.N", "mark": "late"}, 400, '"mark" is "present" or "paid"'),
        ({"player": "Anna.N", "value": "yes"}, 400, '"value" is true or false'),
        ({"player": "Anna.N", "id": 5}, 400, '"id" is a text of 1 to 200 characters'),
        ({}, 400, 'the request needs "player": a text'),
    ],
)  # fmt: skip
def test_what_is_refused(organiser: Organiser, body: Any, status: int, error: str) -> None:
    answer = organiser.post("checkin", body)
    assert (answer.status_code, answer.json()) == (status, {"error": error})


def test_only_the_organisers_key_opens_the_desk(organiser: Organiser, liga: str) -> None:
    client = organiser.client
    assert client.get("/api/v1/hall/desk").status_code == 401
    other = {"Authorization": f"Bearer {'x' * 22}"}  # (no round drawn: no table's key yet)
    assert client.get("/api/v1/hall/desk", headers=other).status_code == 403
    elsewhere = {**organiser.headers, "Origin": "http://evil.example"}
    assert organiser.post("checkin", {"player": "Anna.N"}, **elsewhere).status_code == 403
    assert not Path(liga, "desk.csv").exists()


def test_no_fee_refuses_paid(tmp_path: Path) -> None:
    liga = new(tmp_path, ROSTER, rounds=3, file="players.csv", name="other")
    with TestClient(app_of(liga)) as client:
        organiser = Organiser(client, hall_keys(liga).organiser)
        refused = organiser.post("checkin", {"player": "Anna.N", "mark": "paid"})
        assert refused.status_code == 400
        assert refused.json()["error"].startswith("this tournament has no entry fee")
        assert "fee" not in desk(organiser) or desk(organiser)["fee"] == 0


def test_the_pages_draw_seats_the_players_present_and_names_the_absent(
    organiser: Organiser, liga: str
) -> None:
    for player in ("Anna.N", "Żaneta.Ł", "Jan.K.101", "Ewa.B", "Feliks.Z", "Grzegorz.L"):
        assert organiser.post("checkin", {"player": player}).status_code == 200
    drawn = organiser.post("draw", {"round": 1})
    assert drawn.status_code == 201, drawn.text
    assert drawn.json()["absent"] == ["Jan.K.102", "Halina.K", "Irena.P"]
    assert drawn.json()["message"] == (
        "round 1 was drawn; absent (not checked in at the desk, not drawn): Jan.K.102, "
        "Halina.K, Irena.P"
    )


def test_an_id_sent_again_for_another_player_is_refused(organiser: Organiser, liga: str) -> None:
    tap = {"player": "Halina.K", "mark": "present", "value": True, "id": "tap-1"}
    assert organiser.post("checkin", tap).status_code == 200
    other = organiser.post("checkin", {**tap, "player": "Irena.P"})
    assert (other.status_code, other.json()) == (
        409,
        {
            "error": 'the id "tap-1" was sent before for another mark (Halina Kot: present); '
            "a new tap needs a new id; nothing was recorded"
        },
    )
    for changed in ({"mark": "paid"}, {"value": False}):
        assert organiser.post("checkin", {**tap, **changed}).status_code == 409
    assert [p["player"] for p in checkin_listed(liga) if p["present"]] == ["Halina.K"]
    assert marks(liga) == [["Halina.K", "present", "yes", "tap-1"]]


def test_an_id_of_a_tap_that_changed_nothing_is_kept_with_what_it_asked(
    organiser: Organiser, liga: str
) -> None:
    assert checkin(liga, "Halina.K").exit_code == 0
    tap = {"player": "Halina.K", "mark": "present", "value": True, "id": "tap-9"}
    first = organiser.post("checkin", tap)
    assert (first.status_code, first.json()["message"]) == (200, "Halina Kot: present already")
    assert organiser.post("checkin", tap).status_code == 200  # (sent again: the same answer)
    assert organiser.post("checkin", {**tap, "player": "Irena.P"}).status_code == 409
    assert marks(liga)[1:] == [["Halina.K", "present", "yes", "tap-9"]]


def test_a_misspelt_surname_lists_the_nearest_and_namesakes_are_told_apart(
    organiser: Organiser,
) -> None:
    near = desk(organiser, q="kowalsky")
    assert near["near"] is True
    assert [(p["player"], p["club"]) for p in near["players"]] == [
        ("Jan.K.101", "Puck"), ("Jan.K.102", "Hel"),
    ]  # fmt: skip
    assert "near" not in desk(organiser, q="kow")
    assert desk(organiser, q="qqq")["players"] == []
    tap = organiser.post("checkin", {"player": "Jan.K.102", "mark": "paid", "id": "t1"}).json()
    assert tap["message"] == "Jan Kowalski (Hel, id 102): present; Jan Kowalski (Hel, id 102): paid"
    assert tap["summary"] == {
        "registered": 9, "present": 1, "paid": 1, "unpaid": [], "cash": 25,
    }  # fmt: skip
    other = organiser.post("checkin", {"player": "Jan.K.101", "mark": "paid", "id": "t1"})
    assert (other.status_code, other.json()["error"]) == (
        409,
        'the id "t1" was sent before for another mark (Jan Kowalski (Jan.K.102, Hel, id 102): '
        "paid; Jan Kowalski (Jan.K.102, Hel, id 102): present); a new tap needs a new id; "
        "nothing was recorded",
    )
    assert tap["counts"] == (
        "registered 9, present 1, paid 1 (fee 25): cash 25; present, not paid: 0"
    )
