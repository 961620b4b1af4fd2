"""The projector's routes through Starlette's TestClient: /standings, /api/v1/board and its
events — public (no key asked, none shown), every name escaped, the language asked for,
the board made again only when a file changed, and an event after a write by the CLI."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.rounds import service as rounds
from baska_cli.tournament.scores import service as service_scores
from baska_cli.web.app import make_app, make_hall_app
from baska_cli.web.hall import projector_routes as board
from baska_cli.web.hall.projector import Projector, stream
from baska_cli.web.streams import PING_EVENT
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.servekit import unpinged
from tests.tournamentkit import table_key

ROSTER = (
    "name,club,team,category\n"
    "Jan Kowalski,<i>Hel</i>,Orły,M\nAnna Nowak,,Orły,K\nPiotr Wiśniewski,,Orły,M\n"
    "Ewa Wójcik,,Sokoły,K\nŁukasz Zieliński,,Sokoły,M\nMałgorzata Kamińska,,Sokoły,K\n"
    "Grzegorz Lewandowski,,,M\nHalina,,,K\n"
)


@pytest.fixture
def liga(tmp_path: Path) -> str:
    path = kit.new_by_service(tmp_path, ROSTER, file="players.csv", rounds=3)
    rounds.draw_next(path, kit.pages)
    service_scores.enter_result(path, 1, 1, kit.entries(path, 1, 1, (30, 10, -10, -30)))
    return path


def app_of(folder: str, language: str = "en") -> Starlette:
    """The server's app over a tournament directory, as `baska serve DIR` runs it."""
    return make_hall_app(folder, language)


@pytest.fixture
def client(liga: str) -> Iterator[TestClient]:
    with TestClient(app_of(liga)) as found:
        yield found


def test_the_page_is_public_escaped_and_shows_the_first_screen(
    client: TestClient, liga: str
) -> None:
    page = client.get("/standings")
    assert page.status_code == 200
    assert "default-src 'self'" in page.headers["content-security-policy"]
    text = page.text
    # (round 1 has one of its two tables in: it is being played, not over)
    assert "Standings" in text and "round 1 of 3 in play · 1 of 2 tables in" in text
    assert "Jan Kowalski" in text and "&lt;i&gt;Hel&lt;/i&gt;" in text and "<i>" not in text
    assert "<script>" not in text.replace('<script id="board-words"', "")  # no inline code
    assert re.search(r'<script type="module" src="/static/board.js"></script>', text)
    assert "page 1 of 1" in text
    keys = hall_keys(liga)
    assert keys.organiser not in text and table_key(liga, 1, 1) not in text and "/t/" not in text
    assert keys.organiser not in client.get("/api/v1/board").text
    for name in ("board.js", "words.js", "board.css"):
        assert client.get(f"/static/{name}").status_code == 200


def test_the_language_from_accept_language_or_lang(client: TestClient) -> None:
    polish = client.get("/standings", headers={"Accept-Language": "pl-PL,pl;q=0.9"})
    assert "Klasyfikacja" in polish.text and 'lang="pl"' in polish.text
    english = client.get("/standings?lang=en", headers={"Accept-Language": "pl"})
    assert 'lang="en"' in english.text and "Standings" in english.text


def test_the_json_is_the_board_with_an_etag(client: TestClient, liga: str) -> None:
    answer = client.get("/api/v1/board")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    data = answer.json()
    assert (data["round"], data["tables"], data["tables_in"]) == (1, 2, 1)
    assert data["standings"][0]["name"] == "Jan Kowalski" or data["standings"][0]["total"] == 30
    tag = answer.headers["etag"]
    assert client.get("/api/v1/board", headers={"If-None-Match": tag}).status_code == 304
    assert client.post("/api/v1/board").status_code == 405  # read-only
    entries = kit.entries(liga, 1, 2, (5, -5, 0, 0))
    assert invoke("tournament", "result", liga, "1", "2", *entries).exit_code == 0
    again = client.get("/api/v1/board", headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.json()["tables_in"] == 2


def test_pages_past_the_first_without_a_script(tmp_path: Path) -> None:
    names = "".join(f"Gracz{n:02d}\n" for n in range(40))
    path = kit.new_by_service(tmp_path, names, file="p.txt", name="duża", seed="1")
    rounds.draw_next(path, kit.pages)
    with TestClient(app_of(path)) as client:
        first = client.get("/standings").text
        assert "page 1 of 3" in first and '?page=2&amp;lang=en"' in first
        third = client.get("/standings?page=3").text
        assert "page 3 of 3" in third and third.count("<tr><td") == 40 - 2 * board.ROWS
        assert "page 1 of 3" in client.get("/standings?page=x").text


def test_a_broken_file_is_said_not_shown_as_a_traceback(client: TestClient, liga: str) -> None:
    Path(liga, "lots.csv").write_text("nonsense\n", encoding="utf-8")
    page = client.get("/standings")
    assert page.status_code == 409 and "cannot be read" in page.text
    board = client.get("/api/v1/board", headers={"Accept-Language": "pl"})
    assert board.status_code == 409 and "nie" in board.json()["error"]
    # (the page is public: it names no file and no path; the organiser's check does)
    for said in (page.text, board.text):
        assert liga not in said and os.path.basename(liga) not in said and "lots" not in said


def test_the_board_is_made_again_only_when_a_file_changed(liga: str) -> None:
    projector = Projector(liga)
    first = projector.now()
    assert projector.now() is first  # nothing written: the same board
    service_scores.enter_result(liga, 1, 2, kit.entries(liga, 1, 2, (5, -5, 0, 0)))
    second = projector.now()
    assert second is not first and second.version != first.version
    assert projector.now() is second
    rounds.draw_next(liga, kit.pages, anyway=True)  # a new round: new files to watch
    third = projector.now()
    assert third.data["round"] == 2 and projector.now() is third


def test_an_event_after_a_result_written_by_the_cli(liga: str) -> None:
    async def watch() -> tuple[str, str]:
        projector = Projector(liga)
        events = stream(projector)
        first = await anext(events)
        entries = kit.entries(liga, 1, 2, (5, -5, 0, 0))
        done = await asyncio.to_thread(invoke, "tournament", "result", liga, "1", "2", *entries)
        assert done.exit_code == 0
        changed = await asyncio.wait_for(anext(events), 10.0)  # (a generous bound)
        while changed == PING_EVENT:  # (the heartbeat, every second of quiet)
            changed = await asyncio.wait_for(anext(events), 10.0)
        await events.aclose()
        await projector.stop()
        return first, changed

    first, changed = asyncio.run(watch())
    assert first.startswith("retry: 2000\nevent: change\ndata: ")
    version = json.loads(changed.split("data: ", 1)[1])["version"]
    assert changed.startswith("event: change") and version not in first
    assert version == Projector(liga).now().version


def test_a_server_of_ledgers_has_no_standings_page(tmp_path: Path) -> None:
    ledger = str(tmp_path / "evening.csv")
    made = invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek")
    assert made.exit_code == 0
    with TestClient(make_app({ledger: "k" * 22}, "en")) as client:
        assert client.get("/standings").status_code == 404
        assert client.get("/api/v1/board").status_code == 404


def test_the_events_route_tells_of_a_result_written_by_the_cli(
    client: TestClient, liga: str
) -> None:
    lines: queue.Queue[str] = queue.Queue()

    def listen() -> None:
        with client.stream("GET", "/api/v1/board/events") as answer:
            lines.put(answer.headers["content-type"])
            for line in unpinged(answer.iter_lines()):
                lines.put(line)
                if line.startswith("data: ") and lines.qsize() > 6:
                    return  # (the second event: the stream is closed)

    threading.Thread(target=listen, daemon=True).start()
    assert lines.get(timeout=30).startswith("text/event-stream")
    first = [lines.get(timeout=30) for _ in range(4)]
    assert first[:2] == ["retry: 2000", "event: change"] and first[3] == ""
    before = json.loads(first[2].removeprefix("data: "))["version"]
    entries = kit.entries(liga, 1, 2, (5, -5, 0, 0))
    assert invoke("tournament", "result", liga, "1", "2", *entries).exit_code == 0
    assert lines.get(timeout=30) == "event: change"  # (a generous bound, not a timing)
    after = json.loads(lines.get(timeout=30).removeprefix("data: "))["version"]
    assert after != before
    assert client.get("/api/v1/board").headers["etag"] == f'"{after}"'
