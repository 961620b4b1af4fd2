"""A line per write in `baska serve`'s terminal (issue 41, item 9): the table, what, by whom,
in the server's language, for a phone's hand and correction, a player's word by PIN or from
their own page, paper totals, and every action of the organiser's page; nothing a phone sent
reaches the terminal raw (a name, a hand, a note: every control character escaped)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.web.app import make_app
from baska_cli.web.writes import telling
from tests import tournamentkit as kit
from tests.organiserkit import Organiser, app_of
from tests.servekit import HallServer
from tests.test_web_api import KEY, Phone, new_ledger

TIME = r"\d\d:\d\d:\d\d  "
EVIL = "Ania\x1b[2J\x07\u202e"  # a screen wiped, a bell, the text turned around


def lines(out: io.StringIO) -> list[str]:
    """The lines told, each without its time (checked to lead it)."""
    found = out.getvalue().splitlines()
    assert all(re.match(TIME, line) for line in found), found
    return [line[10:] for line in found]


@pytest.fixture
def told() -> Iterator[io.StringIO]:
    out = io.StringIO()
    with telling(out, "en"):
        yield out


def test_a_phones_hands_and_corrections_with_who(tmp_path: Path, told: io.StringIO) -> None:
    ledger = new_ledger(tmp_path)
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        phone = Phone(client)
        assert phone.post("hands", {"hand": "zw a+c 61", "by": "Łucja"}).status_code == 201
        amended = phone.post("hands/1/amend", {"hand": "zw a+c 70", "phone": "phone-b"})
        assert amended.status_code == 200
        assert phone.post("hands", {"hand": "zw b+d 61", "by": EVIL}).status_code == 201
        assert phone.post("undo", {"number": 2}).status_code == 200
    assert lines(told) == [
        "evening.csv: hand 1: zw Ania+Celina 61 (Łucja)",
        "evening.csv: hand 1 corrected: zw Ania+Celina 61 → zw Ania+Celina 70 (phone-b)",
        "evening.csv: hand 2: zw Bartek+Darek 61 (Ania\\x1b[2J\\x07\\u202e)",
        "evening.csv: hand 2 taken back",
    ]


def test_the_halls_words_totals_and_the_organisers_actions(
    tmp_path: Path, told: io.StringIO
) -> None:
    liga = kit.drawn(tmp_path)
    kit.play(liga, 1)
    with TestClient(app_of(liga)) as client:
        headers = {
            "Authorization": f"Bearer {kit.table_key(liga, 1, 1)}",
            "Origin": "http://testserver",
        }
        state = client.get("/api/v1/confirmations", headers=headers).json()
        first, second = state["players"][0], state["players"][1]
        word = {"player": first, "agree": True, "totals": state["totals"]}
        wrong = f"{(int(kit.pin(liga, first)) + 1) % 10000:04d}"  # (refused: no line)
        assert client.post(
            "/api/v1/confirm", headers=headers, json={**word, "pin": wrong}
        ).status_code == 403  # fmt: skip
        sent = client.post(
            "/api/v1/confirm", headers=headers, json={**word, "pin": kit.pin(liga, first)}
        )
        assert sent.status_code == 200
        mine = {
            "Authorization": f"Bearer {kit.player_key(liga, second)}",
            "Origin": "http://testserver",
        }
        body = {"agree": False, "totals": state["totals"], "note": "71, nie 61\x1b[31m"}
        assert client.post("/api/v1/me/confirm", headers=mine, json=body).status_code == 200
        paper = {
            "Authorization": f"Bearer {kit.table_key(liga, 1, 2)}",
            "Origin": "http://testserver",
        }
        entered = client.post("/api/v1/result", headers=paper, json={"totals": [9, -3, -3, -3]})
        assert entered.status_code == 200, entered.text
        organiser = Organiser(client, hall_keys(liga).organiser)
        assert organiser.post("accept", {"round": 1, "table": 1}).status_code == 200
    totals = " ".join(f"{t:+d}" if t else "0" for t in state["totals"])
    assert lines(told) == [
        f"round 1, table 1: {first} confirms {totals} by their PIN",
        f"round 1, table 1: {second} disputes {totals} from their own page: 71, nie 61\\x1b[31m",
        "round 1, table 2: paper totals 1=+9 2=-3 3=-3 4=-3, from the table's phone",
        f"the organiser: round 1, table 1: {first} {totals.split()[0]}, "
        f"{second} {totals.split()[1]}, {state['players'][2]} {totals.split()[2]}, "
        f"{state['players'][3]} {totals.split()[3]} (confirmed)",
    ]


def test_the_lines_speak_the_servers_language(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path)
    out = io.StringIO()
    with telling(out, "pl"), TestClient(make_app({ledger: KEY}, "en")) as client:
        phone = Phone(client)
        assert phone.post("hands", {"hand": "zw a+c 61", "by": "Łucja"}).status_code == 201
        assert phone.post("hands/1/void", {}).status_code == 200
    assert lines(out) == [
        "evening.csv: rozdanie 1: zw Ania+Celina 61 (Łucja)",
        "evening.csv: rozdanie 1 unieważnione",
    ]


def test_the_organisers_actions_are_told_in_the_servers_language(tmp_path: Path) -> None:
    liga = kit.drawn(tmp_path)
    out = io.StringIO()
    with telling(out, "pl"), TestClient(app_of(liga)) as client:
        organiser = Organiser(client, hall_keys(liga).organiser)
        said = organiser.post("announce", {"text": "Obiad o 14:00"}, **{"Accept-Language": "en"})
        assert said.json()["message"] == "announced on every screen until cleared: Obiad o 14:00"
        closed = organiser.post("close", {"round": 1}, **{"Accept-Language": "en"})
        assert closed.json()["message"].startswith("round 1 is closed: its tables' keys")
    assert lines(out) == [
        "organizator: ogłoszone na każdym ekranie aż do zdjęcia: Obiad o 14:00",
        "organizator: runda 1 jest zamknięta: klucze jej stołów niczego już nie zapisują; bez "
        "wyniku, do wpisania przez organizatora: stół 1 (nierozpoczęty), stół 2 (nierozpoczęty)",
    ]


def test_nothing_is_told_without_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = new_ledger(tmp_path)
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        assert Phone(client).post("hands", {"hand": "zw a+c 61"}).status_code == 201
    assert capsys.readouterr() == ("", "")


@pytest.mark.slow
def test_baska_serve_prints_a_line_per_write(tmp_path: Path) -> None:
    """In the terminal's language (baska's), not in the pages' default (`serve --lang`)."""
    liga = kit.drawn(tmp_path)
    server = HallServer(liga, "--lang", "pl")
    try:
        key = server.table_key(1, 2)
        hand = f"zw {kit.seats(liga, 1, 2)[0]}+{kit.seats(liga, 1, 2)[2]} 61"
        done = httpx.post(
            f"{server.base}/api/v1/hands",
            headers=server.headers(key),
            json={"hand": hand, "by": EVIL},
        )
        assert done.status_code == 201, done.text
    finally:
        status, out = server.stop()
    assert status == 0, server.errors
    (line,) = [ln for ln in out.splitlines() if "hand 1" in ln]
    assert re.fullmatch(
        TIME + r"round 1, table 2: hand 1: zw .+ 61 \(Ania\\x1b\[2J\\x07\\u202e\)", line
    ), line
    assert "\x1b" not in out and "\x07" not in out
