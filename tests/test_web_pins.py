"""A seat-mate's PIN cannot be found at the table's phone (the fifth hostile pass): wrong PINs
sent at once are counted before any is checked, so no more than the limit are ever checked;
and wherever no word would be written (other totals, a word given already, a confirmed
table) a right PIN is answered exactly as a wrong one is."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.tables import service as service_confirm
from baska_cli.web.hall.personal import WRONG_PINS, PinGuard
from baska_cli.web.requests import Refused
from tests import tournamentkit as kit
from tests.organiserkit import app_of
from tests.tournamentkit import table_key

ORIGIN = "http://testserver"


@pytest.fixture
def liga(tmp_path: Path) -> str:
    path = kit.drawn(tmp_path)
    kit.play(path, 1)
    return path


@pytest.fixture
def client(liga: str) -> Iterator[TestClient]:
    with TestClient(app_of(liga)) as found:
        yield found


def headers(liga: str) -> dict[str, str]:
    key = table_key(liga, 1, 1)
    return {"Authorization": f"Bearer {key}", "Origin": ORIGIN, "Accept-Language": "en"}


def table(client: TestClient, liga: str) -> Any:
    return client.get("/api/v1/confirmations", headers=headers(liga)).json()


def wrong_pin(liga: str, name: str) -> str:
    return f"{(int(kit.pin(liga, name)) + 1) % 10000:04d}"


def answer(client: TestClient, liga: str, **body: Any) -> tuple[int, Any]:
    got = client.post("/api/v1/confirm", headers=headers(liga), json=body)
    return got.status_code, got.json()


def test_pins_sent_at_once_are_counted_before_they_are_checked(
    client: TestClient, liga: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = table(client, liga)
    name = now["players"][0]
    checked = []
    real = service_confirm.confirm

    def slow(*args: Any, **kwargs: Any) -> Any:
        checked.append(args[6])
        time.sleep(0.2)  # (the others arrive while this one is being checked)
        return real(*args, **kwargs)

    monkeypatch.setattr(service_confirm, "confirm", slow)
    sent = 3 * WRONG_PINS
    codes: list[int] = []
    guesses = [f"{n:04d}" for n in range(10000) if f"{n:04d}" != kit.pin(liga, name)][:sent]

    def guess(pin: str) -> None:
        body = {"player": name, "agree": True, "totals": now["totals"], "pin": pin}
        codes.append(answer(client, liga, **body)[0])

    threads = [threading.Thread(target=guess, args=(pin,)) for pin in guesses]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [403] * WRONG_PINS + [429] * (sent - WRONG_PINS)
    assert len(checked) == WRONG_PINS


def test_a_right_pin_with_other_totals_is_answered_as_a_wrong_one(
    client: TestClient, liga: str
) -> None:
    now = table(client, liga)
    name = now["players"][0]
    other = [now["totals"][0] + 1, now["totals"][1] - 1, *now["totals"][2:]]
    right = answer(client, liga, player=name, agree=True, totals=other, pin=kit.pin(liga, name))
    wrong = answer(client, liga, player=name, agree=True, totals=other, pin=wrong_pin(liga, name))
    assert right == wrong
    assert right[0] == 409 and "are not the table's" in right[1]["error"]
    assert table(client, liga)["confirmed_by"] == []


def test_a_word_given_already_is_answered_alike_whatever_the_pin(
    client: TestClient, liga: str
) -> None:
    now = table(client, liga)
    name, mate = now["players"][0], now["players"][2]
    said = dict(player=name, agree=True, totals=now["totals"])
    assert answer(client, liga, **said, pin=kit.pin(liga, name))[0] == 200
    right = answer(client, liga, **said, pin=kit.pin(liga, name))
    wrong = answer(client, liga, **said, pin=wrong_pin(liga, name))
    assert right == wrong and right[0] == 200
    disputed = dict(player=mate, agree=False, totals=now["totals"], note="nie 61")
    assert answer(client, liga, **disputed, pin=kit.pin(liga, mate))[0] == 200
    again = dict(player=mate, agree=True, totals=now["totals"])
    right = answer(client, liga, **again, pin=kit.pin(liga, mate))
    wrong = answer(client, liga, **again, pin=wrong_pin(liga, mate))
    assert right == wrong and right[0] == 409
    lines = Path(liga, "confirmations.csv").read_text("utf-8").splitlines()
    assert len(lines) == 3  # (the header, one agreement, one disagreement: nothing more)


def test_a_confirmed_tables_answer_tells_no_pin(client: TestClient, liga: str) -> None:
    now = table(client, liga)
    first, second = now["players"][0], now["players"][1]
    for name in (first, second):
        said = dict(player=name, agree=True, totals=now["totals"], pin=kit.pin(liga, name))
        assert answer(client, liga, **said)[0] == 200
    third = now["players"][2]
    for agree in (True, False):
        said = dict(player=third, agree=agree, totals=now["totals"], note="x")
        right = answer(client, liga, **said, pin=kit.pin(liga, third))
        wrong = answer(client, liga, **said, pin=wrong_pin(liga, third))
        assert right == wrong, agree


def test_the_guard_gives_back_a_pin_that_was_right() -> None:
    guard = PinGuard()
    for _try in range(3 * WRONG_PINS):
        guard.give_back((1, 1), guard.take((1, 1)))
    marks = [guard.take((1, 1)) for _try in range(WRONG_PINS)]
    with pytest.raises(Refused) as held:
        guard.take((1, 1))
    assert held.value.status == 429
    guard.take((1, 2))  # (another table is not held off)
    guard.give_back((1, 1), marks[0])
    guard.take((1, 1))
