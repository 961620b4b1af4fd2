"""`baska serve` as a real process, killed with SIGKILL mid-evening and started again:
every acknowledged hand is in the ledger, a retried entry is not doubled, the ledger checks
clean; the event stream hears every write; Ctrl-C stops it; a second serve is refused."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.servekit import Server, new_ledger, unpinged
from tests.test_web_api import EVENING

pytestmark = pytest.mark.slow


def post(server: Server, hand: str, client_id: str, key: str | None = None) -> httpx.Response:
    headers = (
        server.headers if key is None else {**server.headers, "Authorization": f"Bearer {key}"}
    )
    return httpx.post(
        f"{server.base}/api/v1/hands",
        json={"hand": hand, "id": client_id},
        headers=headers,
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
        lines = unpinged(events.iter_lines())
        assert next(lines) == "event: change"
        next(lines), next(lines)  # its data and the blank line
        assert post(server, EVENING[0], "a").status_code == 201
        assert next(lines) == "event: change"
        seen.append((time.time() - os.stat(ledger).st_mtime, next(lines)))
        next(lines)
        subprocess.run(  # (the delay counts from the write: the file's mtime)
            [sys.executable, "-m", "baska_cli", "score", "--ledger", ledger, EVENING[1]],
            check=True,
            capture_output=True,
        )
        assert next(lines) == "event: change"
        seen.append((time.time() - os.stat(ledger).st_mtime, next(lines)))
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


def test_one_server_of_three_ledgers_killed_loses_nothing_at_any_table(tmp_path: Path) -> None:
    ledgers = [new_ledger(tmp_path, f"table{n}.csv") for n in range(3)]
    server = Server(ledgers[0], more=tuple(ledgers[1:]))
    keys = dict(server.tables)
    assert len(set(keys.values())) == 3
    for number, hand in enumerate(EVENING[:4], start=1):
        for table, ledger in enumerate(ledgers):
            done = post(server, hand, f"t{table}-{number}", key=keys[ledger])
            assert done.status_code == 201 and done.json()["number"] == number
    server.kill()
    server = Server(ledgers[0], more=tuple(ledgers[1:]))
    assert server.tables == keys  # every table's link still works
    for table, ledger in enumerate(ledgers):  # a retry of the last: recorded once
        again = post(server, EVENING[3], f"t{table}-4", key=keys[ledger])
        assert again.status_code == 201 and again.json()["number"] == 4
    third = server.tables[ledgers[2]]
    assert post(server, EVENING[4], "t2-5", key=third).json()["number"] == 5
    assert [ledger_hands(ledger) for ledger in ledgers] == [EVENING[:4]] * 2 + [EVENING[:5]]
    status, said = server.stop()
    assert status == 0 and "every hand is in its ledger" in said
    for ledger in ledgers:
        check_clean(ledger)
