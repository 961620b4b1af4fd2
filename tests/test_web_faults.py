"""`baska serve` as a real process, killed with SIGKILL mid-evening and started again:
every acknowledged hand is in the ledger, a retried entry is not doubled, the ledger checks
clean; the event stream hears every write; Ctrl-C stops it; a second serve is refused."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.servekit import Server, new_ledger
from tests.test_web_api import EVENING

pytestmark = pytest.mark.slow


def post(server: Server, hand: str, client_id: str) -> httpx.Response:
    return httpx.post(
        f"{server.base}/api/v1/hands",
        json={"hand": hand, "id": client_id},
        headers=server.headers,
        timeout=10,
    )


def ledger_hands(path: str) -> list[str]:
    found = subprocess.run(
        [sys.executable, "-m", "baska_cli", "ledger", path, "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    )
    import json

    return [hand["notation"] for hand in json.loads(found.stdout)["hands"]]


def check_clean(path: str) -> None:
    done = subprocess.run([sys.executable, "-m", "baska_cli", "check", path], capture_output=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_sigkill_mid_evening_loses_nothing_and_doubles_nothing(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path)
    server = Server(ledger)
    acknowledged: dict[str, str] = {}
    for number, hand in enumerate(EVENING[:6], start=1):
        done = post(server, hand, f"id-{number}")
        assert done.status_code == 201
        acknowledged[f"id-{number}"] = done.json()["hand"]
    server.kill()
    server = Server(ledger)  # the same key: the phones' links still work
    again = post(server, EVENING[5], "id-6")  # the phone never saw the answer: it retries
    assert again.status_code == 201 and again.json()["number"] == 6
    assert ledger_hands(ledger) == EVENING[:6]
    # killed while a post is under way, at several moments: the retry records it once
    for number in range(7, 12):
        hand, client_id = EVENING[number - 1], f"id-{number}"
        sender = threading.Thread(target=_try, args=(server, hand, client_id))
        sender.start()
        time.sleep(0.004 * (number - 7))
        server.kill()
        sender.join()
        server = Server(ledger)
        done = post(server, hand, client_id)
        assert done.status_code == 201, done.text
        assert done.json()["number"] == number
        acknowledged[client_id] = done.json()["hand"]
    assert ledger_hands(ledger) == EVENING[:11]
    assert set(acknowledged.values()) <= set(ledger_hands(ledger))
    status, said = server.stop()
    assert status == 0 and "stopped" in said
    check_clean(ledger)


def _try(server: Server, hand: str, client_id: str) -> None:
    with contextlib.suppress(httpx.HTTPError):  # the server was killed before it answered
        post(server, hand, client_id)


def test_every_write_is_an_event_on_the_stream_within_a_second(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path)
    server = Server(ledger)
    seen: list[tuple[float, str]] = []
    url = f"{server.base}/api/v1/events"
    with httpx.stream("GET", url, params={"key": server.key}, timeout=10) as events:
        assert events.headers["content-type"].startswith("text/event-stream")
        lines = events.iter_lines()
        assert next(lines) == "event: change"
        next(lines), next(lines)  # its data and the blank line
        start = time.monotonic()
        assert post(server, EVENING[0], "a").status_code == 201
        assert next(lines) == "event: change"
        seen.append((time.monotonic() - start, next(lines)))
        next(lines)
        start = time.monotonic()
        subprocess.run(
            [sys.executable, "-m", "baska_cli", "score", "--ledger", ledger, EVENING[1]],
            check=True,
            capture_output=True,
        )
        assert next(lines) == "event: change"
        seen.append((time.monotonic() - start, next(lines)))
    assert all(delay < 1.0 for delay, _data in seen), seen
    assert seen[0][1] != seen[1][1]
    server.stop()


def test_a_second_serve_of_the_same_ledger_is_refused(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path)
    server = Server(ledger)
    second = subprocess.run(
        [sys.executable, "-m", "baska_cli", "serve", ledger, "--port", "0"],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert second.returncode == 1
    assert "served already" in second.stderr
    status, _said = server.stop()
    assert status == 0
