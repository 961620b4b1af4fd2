"""webapp/inpage.py and webapp/home.py: the page's requests answered in Python, with no
network — the home's routes, and the very app of `baska serve` for the evening open (its
routes, JSON, errors and words), exactly as the page sends them (the key as a bearer
token, JSON bodies, ?lang=)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from baska_cli.webapp.inpage import Answer, Phone

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "evening.csv"
JSON = [["Content-Type", "application/json"], ["Accept", "application/json"]]


@pytest.fixture
def phone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Phone:
    monkeypatch.chdir(tmp_path)  # (an evening opened is the working folder: put back after)
    return Phone(str(tmp_path / "evenings"), "en")


def fetch(phone: Phone, method: str, address: str, body: Any = None, key: str = "") -> Answer:
    headers = [*JSON, ["Authorization", f"Bearer {key}"]] if key else JSON
    data = b"" if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
    return asyncio.run(phone.fetch(method, address, headers, data))


def read(answer: Answer) -> Any:
    return json.loads(answer.body)


def new_evening(phone: Phone) -> str:
    players = ["Ania", "Bartek", "Celina", "Darek"]
    made = fetch(
        phone, "POST", "/home/v1/evenings", {"players": players, "rules": "plb", "deals": 16}
    )
    assert made.status == 201
    evening: str = read(made)["id"]
    return evening


def test_the_home_lists_starts_and_removes_evenings(phone: Phone) -> None:
    assert read(fetch(phone, "GET", "/home/v1/evenings"))["evenings"] == []
    evening = new_evening(phone)
    listed = read(fetch(phone, "GET", "/home/v1/evenings"))
    assert [found["id"] for found in listed["evenings"]] == [evening]
    assert [rule["name"] for rule in listed["rules"]] == ["plb", "mester", "pagat"]
    assert fetch(phone, "POST", f"/home/v1/evenings/{evening}/remove", {}).status == 200
    assert read(fetch(phone, "GET", "/home/v1/evenings"))["evenings"] == []


def test_the_home_answers_errors_in_the_language_asked(phone: Phone) -> None:
    players = ["Ania", "Bartek", "Celina"]
    refused = fetch(phone, "POST", "/home/v1/evenings?lang=pl", {"players": players})
    assert (refused.status, read(refused)) == (
        400,
        {"error": "przy stole siedzi 4 graczy, podano 3: Ania, Bartek, Celina"},
    )


def test_an_import_and_its_export_are_the_same_bytes(phone: Phone) -> None:
    data = SAMPLE.read_bytes()
    made = fetch(phone, "POST", "/home/v1/import", data)
    assert made.status == 201
    evening = read(made)["id"]
    exported = fetch(phone, "GET", f"/home/v1/evenings/{evening}/export")
    assert (exported.status, exported.body) == (200, data)
    assert (
        "content-disposition",
        'attachment; filename="baska-ania-bartek-celina-darek.csv"; '
        "filename*=UTF-8''baska-ania-bartek-celina-darek.csv",
    ) in exported.headers


def test_an_evening_with_polish_letters_is_listed_and_exported(phone: Phone) -> None:
    players = ["Łucja", "Żaneta", "Zbigniew", "Ścibor"]
    body = {"players": players, "title": "Wtorek u Łucji", "deals": 4}
    evening = read(fetch(phone, "POST", "/home/v1/evenings", body))["id"]
    [listed] = read(fetch(phone, "GET", "/home/v1/evenings"))["evenings"]
    assert listed["file"].endswith("-wtorek-u-łucji.csv")
    exported = fetch(phone, "GET", f"/home/v1/evenings/{evening}/export")
    assert exported.status == 200
    disposition = dict(exported.headers)["content-disposition"]
    assert disposition.endswith("-wtorek-u-%C5%82ucji.csv")


def test_a_broken_ledger_is_not_imported(phone: Phone) -> None:
    broken = SAMPLE.read_bytes().replace(b"ci Bartek 40", b"ci Bartek 400")
    refused = fetch(phone, "POST", "/home/v1/import", broken)
    assert refused.status == 409
    assert "so it was not imported" in read(refused)["error"]
    assert read(fetch(phone, "GET", "/home/v1/evenings"))["evenings"] == []


def test_the_evening_open_is_served_by_the_servers_own_app(phone: Phone) -> None:
    evening = new_evening(phone)
    phone.open(evening)
    recorded = fetch(phone, "POST", "/api/v1/hands", {"hand": "zw A+C 61 k", "number": 1}, evening)
    assert (recorded.status, read(recorded)["totals"]) == (201, [2, -2, 2, -2])
    voided = fetch(phone, "POST", "/api/v1/hands/1/void", {"seen": "zw Ania+Celina 61 k"}, evening)
    assert (voided.status, read(voided)["totals"]) == (200, [0, 0, 0, 0])
    table = read(fetch(phone, "GET", "/api/v1/table?lang=pl", key=evening))
    assert (table["next"], table["last"][0]["status"]) == (2, "void")
    wrong = fetch(phone, "GET", "/api/v1/table", key="not-the-key")
    assert (wrong.status, read(wrong)) == (403, {"error": "this is not the table's key"})


def test_the_table_page_takes_its_scripts_from_beside_the_app(phone: Phone) -> None:
    evening = new_evening(phone)
    phone.open(evening)
    page = asyncio.run(phone.page("pl"))
    assert '<script type="module" src="static/baska.js">' in page
    assert 'href="static/baska.css"' in page
    assert f'data-key="{evening}"' in page
    assert 'lang="pl"' in page
