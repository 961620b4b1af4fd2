"""Every write from a phone names its hand (issue 39), through the API: a new hand names the
number the page showed for it, a correction, an undo and a void the hand's number and the
text seen; the table applies it only while that holds, says "recorded already" when the
ledger holds it, and otherwise records nothing and answers a conflict naming both, with the
players' choices, each a request that answers it. An id sent again with another change is
refused; side files a phone could not have written (nested junk) are an empty history."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from baska_cli.web.app import make_app
from baska_cli.web.changes import changes_path
from baska_cli.web.entries import journal_path
from baska_cli.web.security import key_path, table_key
from tests.clikit import invoke
from tests.test_web_api import KEY, Phone, check_clean, ledger, new_ledger, phone

__all__ = ["ledger", "phone"]  # (the fixtures, shared with the API's tests)


def hands(phone: Phone) -> list[str]:
    return [hand["hand"] for hand in phone.get("sheet").json()["hands"]]


def send(phone: Phone, choice: dict[str, Any], client_id: str) -> Any:
    """A conflict's choice sent as the page sends it: its path, data and confirmations."""
    body = {**choice["data"], "id": client_id, "confirm": choice["confirm"]}
    return phone.post(choice["path"].lstrip("/"), body)


def test_a_hand_for_the_next_number_is_recorded(phone: Phone, ledger: str) -> None:
    done = phone.post("hands", {"hand": "zw ac 61 k", "number": 1, "id": "a"})
    assert done.status_code == 201 and done.json()["number"] == 1
    check_clean(ledger)


def test_a_hand_the_ledger_holds_already_records_nothing(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61 k", "number": 1, "id": "a"}).status_code == 201
    again = phone.post("hands", {"hand": "zw ania+cel 61 k", "number": 1, "id": "b"})
    assert again.status_code == 200
    body = again.json()
    assert (body["already"], body["number"], body["hand"]) == (True, 1, "zw Ania+Celina 61 k")
    assert "recorded already" in body["message"]
    assert hands(phone) == ["zw Ania+Celina 61 k"]


def test_two_phones_on_one_deal_with_different_hands_are_asked(phone: Phone) -> None:
    first = {"hand": "zw ac 61", "number": 1, "id": "a", "by": "Zbigniew", "phone": "p1"}
    assert phone.post("hands", first).status_code == 201
    second = phone.post("hands", {"hand": "zw ac 61 k", "number": 1, "id": "b", "phone": "p2"})
    assert second.status_code == 409
    body = second.json()
    assert (body["conflict"], body["number"], body["next"]) == ("hand", 1, 2)
    assert (body["now"], body["mine"], body["by"]) == (
        "zw Ania+Celina 61",
        "zw Ania+Celina 61 k",
        "Zbigniew",
    )
    assert body["message"] == (
        "Zbigniew has recorded hand 1 already: zw Ania+Celina 61. Yours: zw Ania+Celina 61 k."
    )
    assert [choice["answer"] for choice in body["choices"]] == ["amend", "append", "drop"]
    assert [choice["label"] for choice in body["choices"]] == [
        "Correct hand 1 to yours",
        "Record it as hand 2",
        "Discard mine",
    ]
    assert hands(phone) == ["zw Ania+Celina 61"]  # nothing appended unasked
    amended = send(phone, body["choices"][0], "c")
    assert amended.status_code == 200, amended.text
    assert hands(phone) == ["zw Ania+Celina 61 k"]


def test_the_conflict_in_polish_names_both_hands(ledger: str) -> None:
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        polish = Phone(client, "pl-PL,pl")
        assert polish.post("hands", {"hand": "zw ac 61", "number": 1, "by": "Zbigniew"})
        body = polish.post("hands", {"hand": "zw ac 61 k", "number": 1}).json()
    assert body["message"] == (
        "Rozdanie 1 zapisał(a) już Zbigniew: zw Ania+Celina 61. Twoje: zw Ania+Celina 61 k."
    )
    assert [choice["label"] for choice in body["choices"]] == [
        "Popraw rozdanie 1 na twoje",
        "Dopisz jako rozdanie 2",
        "Odrzuć moje",
    ]


def test_a_held_hand_may_be_appended_as_the_next(phone: Phone, ledger: str) -> None:
    assert phone.post("hands", {"hand": "zw bd 78", "number": 1}).status_code == 201
    body = phone.post("hands", {"hand": "zw ac 61 k", "number": 1}).json()
    appended = send(phone, body["choices"][1], "x")
    assert appended.status_code == 201 and appended.json()["number"] == 2
    assert hands(phone) == ["zw Bartek+Darek 78", "zw Ania+Celina 61 k"]
    check_clean(ledger)


def test_a_hand_for_a_number_past_the_next_is_asked(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw bd 78", "number": 1}).status_code == 201
    assert phone.post("undo", {"number": 1, "seen": "zw Bartek+Darek 78"}).status_code == 200
    body = phone.post("hands", {"hand": "zw ac 61 k", "number": 2}).json()
    assert (body["conflict"], body["now"], body["next"]) == ("hand", None, 1)
    assert [choice["answer"] for choice in body["choices"]] == ["append", "drop"]
    assert hands(phone) == []


def test_a_correction_lands_on_the_hand_it_names_though_a_newer_came(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61", "number": 1}).status_code == 201
    assert phone.post("hands", {"hand": "zw bd 78 kr", "number": 2}).status_code == 201
    seen = {"number": 1, "seen": "zw Ania+Celina 61", "confirm": ["stake"]}
    done = phone.post("last/correct", {"words": "k", **seen, "id": "c"})
    assert done.status_code == 200, done.text
    assert hands(phone) == ["zw Ania+Celina 61 k", "zw Bartek+Darek 78 kr"]


def test_a_correction_of_a_hand_changed_meanwhile_is_asked(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61", "number": 1}).status_code == 201
    changed = {"hand": "zw ac 62", "seen": "zw Ania+Celina 61", "by": "Zbigniew"}
    assert phone.post("hands/1/amend", changed).status_code == 200
    late = phone.post("hands/1/amend", {"hand": "k", "seen": "zw Ania+Celina 61"})
    assert late.status_code == 409
    body = late.json()
    assert (body["conflict"], body["now"], body["seen"]) == (
        "amend",
        "zw Ania+Celina 62",
        "zw Ania+Celina 61",
    )
    assert body["message"] == (
        "Zbigniew has changed hand 1 meanwhile: it is zw Ania+Celina 62 (you saw "
        "zw Ania+Celina 61). Your correction: k."
    )
    assert [choice["answer"] for choice in body["choices"]] == ["again", "drop"]
    assert hands(phone) == ["zw Ania+Celina 62"]
    again = send(phone, body["choices"][0], "again")
    assert again.status_code == 200 and hands(phone) == ["zw Ania+Celina 62 k"]


def test_the_same_correction_made_on_two_phones_is_made_once(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61", "number": 1}).status_code == 201
    correction = {"hand": "k", "seen": "zw Ania+Celina 61", "confirm": ["stake"]}
    assert phone.post("hands/1/amend", {**correction, "id": "a"}).status_code == 200
    again = phone.post("hands/1/amend", {**correction, "id": "b"})
    assert again.status_code == 200 and again.json()["already"] is True
    assert [hand["status"] for hand in phone.get("sheet").json()["history"]] == ["amended"]


def test_an_undo_of_a_hand_no_longer_the_last_takes_back_nothing(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61", "number": 1}).status_code == 201
    assert phone.post("hands", {"hand": "zw bd 78", "number": 2}).status_code == 201
    late = phone.post("undo", {"number": 1, "seen": "zw Ania+Celina 61"})
    assert late.status_code == 409
    assert [choice["answer"] for choice in late.json()["choices"]] == ["drop"]
    assert "no longer the last hand" in late.json()["message"]
    assert hands(phone) == ["zw Ania+Celina 61", "zw Bartek+Darek 78"]


def test_an_undo_sent_twice_from_two_phones_takes_back_one_hand(phone: Phone) -> None:
    for number, hand in enumerate(["zw ac 61", "zw bd 78"], start=1):
        assert phone.post("hands", {"hand": hand, "number": number}).status_code == 201
    undo = {"number": 2, "seen": "zw Bartek+Darek 78"}
    assert phone.post("undo", {**undo, "id": "a"}).status_code == 200
    again = phone.post("undo", {**undo, "id": "b"})
    assert again.status_code == 200 and again.json()["already"] is True
    assert hands(phone) == ["zw Ania+Celina 61"]


def test_a_void_of_a_hand_changed_meanwhile_is_asked(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61", "number": 1}).status_code == 201
    assert phone.post("hands/1/amend", {"hand": "zw ac 62"}).status_code == 200
    late = phone.post("hands/1/void", {"seen": "zw Ania+Celina 61"})
    assert late.status_code == 409 and late.json()["conflict"] == "void"
    assert [item["status"] for item in phone.get("sheet").json()["hands"]] == [""]


def test_a_script_that_names_no_hand_keeps_todays_behaviour(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61"}).status_code == 201
    assert phone.post("hands", {"hand": "zw bd 78"}).status_code == 201
    assert phone.post("last/correct", {"words": "k", "confirm": ["stake"]}).status_code == 200
    assert hands(phone) == ["zw Ania+Celina 61", "zw Bartek+Darek 78 k"]


def test_an_id_sent_again_with_another_hand_is_refused(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61", "id": "same"}).status_code == 201
    other = phone.post("hands", {"hand": "zw bd 78", "id": "same"})
    assert other.status_code == 409
    assert "used for another change" in other.json()["error"]
    assert hands(phone) == ["zw Ania+Celina 61"]
    again = phone.post("hands", {"hand": "zw ac 61", "id": "same"})  # the same, sent again
    assert again.status_code == 201 and again.json()["number"] == 1


def test_deeply_nested_side_files_are_an_empty_history(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path)
    deep = "[" * 100_000 + "]" * 100_000
    Path(changes_path(ledger)).write_text(deep, encoding="utf-8")
    Path(journal_path(ledger)).write_text(json.dumps({"id": "x"}) + "\n" + deep + "\n")
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        phone = Phone(client)
        assert phone.get("table").status_code == 200
        assert phone.post("hands", {"hand": "zw ac 61", "id": "x"}).status_code == 201
        assert phone.get("sheet").status_code == 200


def test_a_new_ledger_under_an_old_name_starts_without_the_old_side_files(
    tmp_path: Path,
) -> None:
    ledger = new_ledger(tmp_path)
    with TestClient(make_app({ledger: table_key(ledger)}, "en")) as client:
        old_key = table_key(ledger)
        phone = Phone(client)
        phone.headers["Authorization"] = f"Bearer {old_key}"
        assert phone.post("hands", {"hand": "zw ac 61", "id": "x", "by": "Zbigniew"}).status_code
    sides = [Path(key_path(ledger)), Path(changes_path(ledger)), Path(journal_path(ledger))]
    assert all(side.exists() for side in sides)
    Path(ledger).unlink()  # last week's evening gone; a new one made under its name
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    assert not any(side.exists() for side in sides)
    assert table_key(ledger) != old_key


def test_an_old_link_and_the_servers_root_are_pages_in_the_phones_language(ledger: str) -> None:
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        old = client.get("/t/" + "x" * 22, headers={"Accept-Language": "pl-PL,pl"})
        root = client.get("/", headers={"Accept-Language": "pl-PL,pl"})
    assert old.status_code == 403 and old.headers["content-type"].startswith("text/html")
    assert "Zeskanuj jeszcze raz kod QR" in old.text and '<html lang="pl"' in old.text
    assert root.status_code == 200 and root.headers["content-type"].startswith("text/html")
    assert "baska serve" in root.text and "kod QR" in root.text


def test_a_table_page_whose_ledger_cannot_be_read_says_why(ledger: str) -> None:
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        Path(ledger).write_text("not a ledger at all\n", encoding="utf-8")
        page = client.get("/t/" + KEY)
        api = Phone(client).get("table")
    assert (page.status_code, api.status_code) == (409, 409)
    assert page.headers["content-type"].startswith("text/html")
    assert "baska check" in page.text
