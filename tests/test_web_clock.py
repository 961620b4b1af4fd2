"""The round's clock, the announcement and the hidden standings through the hall's app
(Starlette's TestClient): /api/v1/board carries them (the seconds left made at each answer,
never a cached copy), the board's event stream tells of them at once, the organiser's page
starts the clock and announces through the service the CLI uses, every page of the hall
includes the banner and the projector says the standings are hidden."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.clock import service as clock
from baska_cli.tournament.clock.timing import parse_iso, utc_now
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.web.hall.projector import Projector, stream
from baska_cli.web.streams import PING_EVENT
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.organiserkit import Organiser, app_of
from tests.tournamentkit import table_key


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return kit.drawn(tmp_path, rounds=3)


@pytest.fixture
def client(liga: str) -> Iterator[TestClient]:
    with TestClient(app_of(liga)) as found:
        yield found


def test_no_clock_no_announcement_at_first(client: TestClient) -> None:
    board = client.get("/api/v1/board").json()
    assert (board["clock"], board["announcement"], board["standings_hidden"]) == (None, None, False)


def test_the_board_carries_the_clock_with_the_seconds_left_now(
    client: TestClient, liga: str
) -> None:
    clock.start_clock(liga, now=utc_now() - timedelta(minutes=50))  # 10 minutes left
    answer = client.get("/api/v1/board")
    assert answer.status_code == 200 and "etag" not in answer.headers
    assert answer.headers["cache-control"] == "no-store"
    found = answer.json()["clock"]
    assert set(found) >= {"round", "ends", "remaining"} and found["round"] == 1
    assert 598 <= found["remaining"] <= 600 and found["warnings"] == [600, 300]
    assert parse_iso(found["ends"]) - parse_iso(found["started"]) == timedelta(minutes=60)
    later = client.get("/api/v1/board").json()["clock"]["remaining"]
    assert later <= found["remaining"]  # (made again, not the first answer's copy)
    clock.start_clock(liga, restart=True, now=utc_now() - timedelta(hours=2))
    assert client.get("/api/v1/board").json()["clock"]["remaining"] == 0.0


def test_the_announcement_and_its_text_as_json(client: TestClient, liga: str) -> None:
    clock.announce(liga, "<b>Obiad</b> o 14:00")
    page = client.get("/standings")
    assert "<b>Obiad" not in page.text  # (the page's script shows it, as text)
    assert client.get("/api/v1/board").json()["announcement"] == "<b>Obiad</b> o 14:00"


def test_hidden_standings_on_the_board_and_the_page(client: TestClient, liga: str) -> None:
    kit.result(liga, 1, 1, *kit.entries(liga, 1, 1, (30, 10, -10, -30)))
    assert client.get("/api/v1/board").json()["standings"]
    invoke("tournament", "set", liga, "hide-standings", "yes")
    board = client.get("/api/v1/board").json()
    assert board["standings_hidden"] is True and board["standings"] == []
    page = client.get("/standings").text
    assert "The standings are shown once the last round is over." in page
    assert 'id="hidden-note" class="hidden-note" hidden' not in page
    assert '<td class="name">' not in page


def test_every_page_of_the_hall_includes_the_banner(client: TestClient, liga: str) -> None:
    keys = hall_keys(liga)
    player = f"/p/{kit.player_key(liga, kit.seats(liga, 1, 1)[0])}"
    for address in ("/standings", f"/t/{table_key(liga, 1, 1)}", f"/o/{keys.organiser}", player):
        page = client.get(address).text
        assert '<script type="module" src="/static/banner.js"></script>' in page, address
        assert '<script id="banner-words" type="application/json">' in page
    for name in ("banner.js", "banner.css", "organiser_clock.js"):
        assert client.get(f"/static/{name}").status_code == 200


def test_the_organiser_starts_the_clock_once_then_again(client: TestClient, liga: str) -> None:
    organiser = Organiser(client, hall_keys(liga).organiser)
    first = organiser.post("start", {})
    assert first.status_code == 201, first.text
    assert first.json()["round"] == 1 and first.json()["restarted"] is False
    assert first.json()["message"].startswith("round 1's clock started at ")
    again = organiser.post("start", {})
    assert again.status_code == 409 and again.json()["running"] is True
    assert "give --restart" in again.json()["error"]
    restarted = organiser.post("start", {"restart": True})
    assert restarted.status_code == 201 and restarted.json()["restarted"] is True
    assert organiser.post("start", {"restart": "yes"}).status_code == 400
    nobody = client.post("/api/v1/hall/start", json={}, headers={"Origin": "http://testserver"})
    assert nobody.status_code == 401


def test_the_organiser_announces_and_takes_it_down(client: TestClient, liga: str) -> None:
    organiser = Organiser(client, hall_keys(liga).organiser)
    made = organiser.post("announce", {"text": "Przerwa 15 minut"})
    assert made.status_code == 200 and made.json()["announcement"] == "Przerwa 15 minut"
    assert client.get("/api/v1/board").json()["announcement"] == "Przerwa 15 minut"
    bad = organiser.post("announce", {"text": "zła\x1b[31m"})
    assert bad.status_code == 400 and "\x1b" not in bad.text
    assert organiser.post("announce", {"text": "x" * 201}).status_code == 400
    assert organiser.post("announce", {"text": 5}).status_code == 400
    gone = organiser.post("announce", {"clear": True})
    assert gone.status_code == 200 and gone.json()["message"] == "the announcement was taken down"
    assert client.get("/api/v1/board").json()["announcement"] is None


def _data(event: str) -> dict[str, object]:
    return dict(json.loads(event.split("data: ", 1)[1]))


def test_the_event_stream_tells_of_the_clock_and_the_announcement_within_a_second(
    liga: str,
) -> None:
    async def watch() -> tuple[str, list[tuple[float, str]]]:
        projector = Projector(liga)
        events = stream(projector)
        first = await anext(events)
        heard = []
        for change in (
            lambda: clock.start_clock(liga),
            lambda: clock.announce(liga, "Obiad o 14:00"),
        ):
            await asyncio.to_thread(change)
            done = time.monotonic()
            event = await asyncio.wait_for(anext(events), 10.0)
            while event == PING_EVENT:
                event = await asyncio.wait_for(anext(events), 10.0)
            heard.append((time.monotonic() - done, event))
        await events.aclose()
        await projector.stop()
        return first, heard

    first, heard = asyncio.run(watch())
    assert _data(first)["clock"] is None and _data(first)["announcement"] is None
    (took_clock, started), (took_note, said) = heard
    started_clock = _data(started)["clock"]
    assert isinstance(started_clock, dict) and started_clock["round"] == 1
    assert 3590 <= started_clock["remaining"] <= 3600
    assert _data(said)["announcement"] == "Obiad o 14:00"
    assert took_clock < 1.0 and took_note < 1.0, (took_clock, took_note)
