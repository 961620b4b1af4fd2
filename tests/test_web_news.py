"""Every phone is told who changed what, through the API (Starlette's TestClient): each
change keeps its author (the name chosen on the phone, cleaned and cut, and the phone's id)
and time in `.FILE.changes` beside the ledger, the table's state carries the latest to every
phone, the sheet shows each hand's; the same hand just recorded by another phone is asked as
such; and the page's words: help in Polish and English, the evening's title, a placeholder
valid at the table, Polish numbers, `pomoc` and `help` as commands."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.web.app import make_app, make_hall_app
from baska_cli.web.changes import NAME_LIMIT, Changes, changes_path
from tests.clikit import invoke
from tests.test_web_api import KEY, Phone, check_clean, new_ledger
from tests.tournamentkit import PLAIN, drawn, table_key

ZBIGNIEW = {"by": "Zbigniew", "phone": "phone-a"}
LUCJA = {"by": "Łucja", "phone": "phone-b"}


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    return new_ledger(tmp_path)


@pytest.fixture
def client(ledger: str) -> Any:
    with TestClient(make_app({ledger: KEY}, "en")) as found:
        yield found


def test_each_change_is_kept_with_who_made_it_and_when(client: TestClient, ledger: str) -> None:
    a, b = Phone(client), Phone(client)
    assert a.post("hands", {"hand": "gd Ania /4", **ZBIGNIEW}).status_code == 201
    assert b.post("hands", {"hand": "zw b+d 78", "phone": "phone-b"}).status_code == 201
    amended = b.post("hands/1/amend", {"hand": "gd Celina /4", **LUCJA})
    assert amended.status_code == 200, amended.text
    assert a.post("hands/2/void", ZBIGNIEW).status_code == 200
    assert b.post("hands", {"hand": "zw a+c 61", **LUCJA}).status_code == 201
    assert a.post("undo", {"number": 3, **ZBIGNIEW}).status_code == 200

    news = a.get("table").json()["news"]
    told = [(c["seq"], c["action"], c["number"], c["old"], c["new"], c["by"]) for c in news]
    assert told == [
        (1, "hand", 1, None, "gd Ania /4", "Zbigniew"),
        (2, "hand", 2, None, "zw Bartek+Darek 78", ""),
        (3, "amend", 1, "gd Ania /4", "gd Celina /4", "Łucja"),
        (4, "void", 2, "zw Bartek+Darek 78", None, "Zbigniew"),
        (5, "hand", 3, None, "zw Ania+Celina 61", "Łucja"),
        (6, "undo", 3, "zw Ania+Celina 61", None, "Zbigniew"),
    ]
    phones = ["phone-a", "phone-b", "phone-b", "phone-a", "phone-b", "phone-a"]
    assert [c["phone"] for c in news] == phones
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", c["at"]) for c in news)

    # the sheet: each hand with its own history of who and when
    sheet = a.get("sheet").json()["hands"]
    assert [(c["action"], c["by"]) for c in sheet[0]["log"]] == [
        ("hand", "Zbigniew"),
        ("amend", "Łucja"),
    ]

    # kept beside the ledger, which stays as every reader reads it
    kept = json.loads(Path(changes_path(ledger)).read_text("utf-8"))
    assert [c["seq"] for c in kept["changes"]] == [1, 2, 3, 4, 5, 6]
    assert not [n for n in os.listdir(Path(ledger).parent) if n.endswith(".tmp")]
    check_clean(ledger)
    assert invoke("recalc", ledger, "--diff").exit_code == 0  # (it reads the ledger alone)


def test_a_restarted_server_tells_the_same_history(ledger: str) -> None:
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        Phone(client).post("hands", {"hand": "zw a+c 61", **ZBIGNIEW})
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        Phone(client).post("hands", {"hand": "zw b+d 61", **LUCJA})
        news = Phone(client).get("table").json()["news"]
    assert [(c["seq"], c["by"]) for c in news] == [(1, "Zbigniew"), (2, "Łucja")]


def test_a_broken_side_file_is_an_empty_history_and_never_stops_a_hand(
    client: TestClient, ledger: str
) -> None:
    Path(changes_path(ledger)).write_text("{not json", "utf-8")
    assert Changes(ledger).news() == []
    phone = Phone(client)
    assert phone.post("hands", {"hand": "zw a+c 61", **ZBIGNIEW}).status_code == 201
    assert phone.get("table").json()["next"] == 2


def test_the_name_is_cleaned_and_cut_and_what_is_sent_is_checked(client: TestClient) -> None:
    phone = Phone(client)
    sent = {"hand": "zw a+c 61", "by": "  Zbig\x1b[31mniew\u202e\t x" + "y" * 40, "phone": "p1"}
    assert phone.post("hands", sent).status_code == 201
    name = phone.get("table").json()["news"][-1]["by"]
    assert len(name) <= NAME_LIMIT
    assert name.startswith("Zbig\\x1b[31mniew\\u202e x") and "\x1b" not in name
    assert all(ch.isprintable() for ch in name)
    for bad in ({"by": 5}, {"phone": "not an id!"}, {"phone": "x" * 65}, {"phone": ["a"]}):
        refused = phone.post("hands", {"hand": "zw b+d 61", **bad})
        assert refused.status_code == 400, bad
        assert "by" in refused.json()["error"] or "phone" in refused.json()["error"]
    assert phone.get("table").json()["next"] == 2  # nothing recorded by a refused request


def test_the_same_hand_just_recorded_by_another_phone_is_asked_as_such(ledger: str) -> None:
    with TestClient(make_app({ledger: KEY}, "pl")) as client:
        first, second = Phone(client), Phone(client)
        assert first.post("hands", {"hand": "zw b+d 78", **ZBIGNIEW}).status_code == 201
        asked = second.post("hands", {"hand": "zw b+d 78", "id": "s1", **LUCJA})
        assert asked.status_code == 409
        body = asked.json()
        assert body["question"] == "same_hand" and body["other"] is True
        assert body["message"].startswith("Ten sam wynik właśnie zapisał inny telefon")
        assert "rozdanie 1: zw Bartek+Darek 78" in body["message"]
        # the phone that recorded it is asked as `baska play` asks
        again = first.post("hands", {"hand": "zw b+d 78", **ZBIGNIEW}).json()
        assert again["other"] is False and "inny telefon" not in again["message"]
        assert first.get("table").json()["next"] == 2  # neither recorded anything


def test_the_page_has_the_evenings_title_its_own_example_and_help(tmp_path: Path) -> None:
    ledger = str(tmp_path / "titled.csv")
    made = invoke("new", ledger, "-p", "Zbigniew,Łucja,Ścibor,Anna", "--title", "Wieczór u Zosi")
    assert made.exit_code == 0, made.output
    with TestClient(make_app({ledger: KEY}, "pl")) as client:
        page = client.get(f"/t/{KEY}").text
        assert "<h1>Wieczór u Zosi</h1>" in page
        placeholder = re.search(r'placeholder="([^"]*)"', page)
        assert placeholder and placeholder.group(1) == "zw Zbigniew+Ścibor 61 k"
        preview = Phone(client).post("preview", {"hand": placeholder.group(1)}).json()
        assert preview["kind"] == "hand"  # valid at this table
        # help in Polish, the name asked, numbers with a decimal comma
        for words in ("Pomoc", "Zapis rozdania w skrócie", "Kto wpisuje na tym telefonie?"):
            assert words in page, words
        assert 'value="0,10"' in page
        commands = json.loads(re.search(r'id="baska-commands"[^>]*>(.*?)</script>', page).group(1))
        assert commands["pomoc"] == commands["help"] == "help"
        assert commands["cofnij"] == "undo" and commands["arkusz"] == "sheet"
        english = client.get(f"/t/{KEY}?lang=en").text
        assert "A hand in short" in english and 'value="0.10"' in english
        assert "Who is entering on this phone?" in english


def test_without_a_title_the_header_is_the_rules_name(client: TestClient) -> None:
    page = client.get(f"/t/{KEY}").text
    assert re.search(r"<h1>(.*?)</h1>", page).group(1).startswith("Polska Liga Baśki")


@pytest.mark.parametrize("rules", ["plb", "mester", "pagat"])
def test_the_placeholder_is_valid_under_every_rule_system(tmp_path: Path, rules: str) -> None:
    ledger = str(tmp_path / f"{rules}.csv")
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek", "-r", rules).exit_code == 0
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        page = client.get(f"/t/{KEY}").text
        example = re.search(r'placeholder="([^"]*)"', page).group(1)
        assert example
        assert Phone(client).post("preview", {"hand": example}).json()["kind"] == "hand"


def test_a_tournament_tables_page_is_headed_by_the_tournament_and_tells_its_news(
    tmp_path: Path,
) -> None:
    hall = drawn(tmp_path, PLAIN, "--title", "Puchar Wiosny")
    key = table_key(hall, 1, 1)
    with TestClient(make_hall_app(hall, "pl")) as client:
        page = client.get(f"/t/{key}").text
        assert "<h1>Puchar Wiosny</h1>" in page
        example = re.search(r'placeholder="([^"]*)"', page)
        assert example and example.group(1)
        sent = {"Authorization": f"Bearer {key}", "Origin": "http://testserver"}
        body = {"hand": example.group(1), **ZBIGNIEW}
        assert client.post("/api/v1/hands", headers=sent, json=body).status_code == 201
        news = client.get("/api/v1/table", headers=sent).json()["news"]
        assert [(c["action"], c["by"]) for c in news] == [("hand", "Zbigniew")]
