"""`baska serve DIR` of a tournament as a real process: a drawn round entered by several
tables at once, the server killed with SIGKILL mid-round and started again, the phones
retrying what they never heard answered — every acknowledged hand on disk exactly once, the
tournament checks clean, and the CLI's standings are the projector's board and what the
server's tables say. A second `serve DIR` is refused; Ctrl-C stops it cleanly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.servekit import SEAT_HANDS, HallServer, new_tournament

pytestmark = pytest.mark.slow

PLAYERS = [
    "Ania",
    "Bartek",
    "Celina",
    "Darek",
    "Ewa",
    "Feliks",
    "Grzegorz",
    "Halina",
    "Irena",
    "Janusz",
    "Kasia",
    "Leszek",
    "Monika",
    "Norbert",
    "Olga",
    "Piotr",
    "Renata",
    "Stefan",
    "Teresa",
    "Urszula",
    "Wanda",
    "Zenon",
    "Jadwiga",
    "Marek",
]
TABLES = len(PLAYERS) // 4
DEALS = 24  # mester's series of 24 (its tournaments' lengths: 16, 24, 32, 40)


def baska(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "baska_cli", *args], capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return new_tournament(str(tmp_path / "liga"), PLAYERS, DEALS)


class Hall:
    """The server the phones reach now: killed and started again by the test, while the
    tables' threads wait for it to be up."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.server = HallServer(folder)
        self.up = threading.Event()
        self.up.set()
        self.acknowledged = 0
        self.retried = 0  # posts sent again after no answer (killed in flight, or down)
        self.lock = threading.Lock()

    def restart(self) -> None:
        self.up.clear()
        self.server.kill()
        assert os.path.exists(os.path.join(self.folder, ".serve-lock"))  # left behind
        self.server = HallServer(self.folder)  # (a stale lock file does not block it)
        self.up.set()


def post(hall: Hall, table: int, hand: str, client_id: str) -> dict[str, Any]:
    """A phone's post, sent again with the same id until it is answered (the server may be
    killed before it answers, or be down)."""
    while True:
        hall.up.wait(60)
        server = hall.server
        try:
            done = httpx.post(
                f"{server.base}/api/v1/hands",
                json={"hand": hand, "id": client_id},
                headers=server.headers(server.table_key(1, table)),
                timeout=20,
            )
        except httpx.HTTPError:
            with hall.lock:
                hall.retried += 1
            time.sleep(0.05)
            continue
        assert done.status_code == 201, done.text
        answer: dict[str, Any] = done.json()
        return answer


def play_table(hall: Hall, table: int, answers: dict[int, dict[str, Any]]) -> None:
    """One table's series, a hand after another (each table its own order of hands)."""
    for number in range(1, DEALS + 1):
        hand = SEAT_HANDS[(number + table) % len(SEAT_HANDS)]
        answers[number] = post(hall, table, hand, f"r1t{table}-{number}")
        with hall.lock:
            hall.acknowledged += 1


def ledger(path: str) -> dict[str, Any]:
    found = baska("ledger", path, "--format", "json")
    assert found.returncode == 0, found.stderr
    result: dict[str, Any] = json.loads(found.stdout)
    return result


def test_a_round_killed_twice_keeps_every_acknowledged_hand_once(liga: str) -> None:
    hall = Hall(liga)
    answers: dict[int, dict[int, dict[str, Any]]] = {t: {} for t in range(1, TABLES + 1)}
    tables = [
        threading.Thread(target=play_table, args=(hall, t, answers[t]), daemon=True)
        for t in answers
    ]
    for thread in tables:
        thread.start()
    deadline = time.monotonic() + 120
    for thirds in (1, 2):  # killed at a third of the round and at two thirds
        while hall.acknowledged < TABLES * DEALS * thirds // 3:
            assert time.monotonic() < deadline, f"{hall.acknowledged} hands acknowledged"
            time.sleep(0.01)
        hall.restart()
    for thread in tables:
        thread.join(120)
        assert not thread.is_alive()
    assert hall.retried >= 2  # (each kill found posts under way)
    server = hall.server
    for table, given in answers.items():
        assert sorted(given) == list(range(1, DEALS + 1))
        assert all(answer["number"] == n for n, answer in given.items())
        # a phone that never heard its last answer asks again: the same answer, nothing added
        key = server.table_key(1, table)
        last = SEAT_HANDS[(DEALS + table) % len(SEAT_HANDS)]  # (what play_table sent)
        again = httpx.post(
            f"{server.base}/api/v1/hands",
            json={"hand": last, "id": f"r1t{table}-{DEALS}"},
            headers=server.headers(key),
            timeout=20,
        )
        assert again.status_code == 201 and again.json()["number"] == DEALS
        assert again.json()["hand"] == given[DEALS]["hand"]
        # the same id with another hand is no retry: refused, nothing added
        other = httpx.post(
            f"{server.base}/api/v1/hands",
            json={
                "hand": SEAT_HANDS[0] if last != SEAT_HANDS[0] else SEAT_HANDS[1],
                "id": f"r1t{table}-{DEALS}",
            },
            headers=server.headers(key),
            timeout=20,
        )
        assert other.status_code == 409
        on_disk = ledger(os.path.join(liga, "r1", f"t{table}.csv"))
        assert [hand["notation"] for hand in on_disk["hands"]] == [
            given[n]["hand"] for n in range(1, DEALS + 1)
        ]
    checked = baska("tournament", "check", liga)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    _standings_are_the_servers(hall.server, liga)
    status, said = hall.server.stop()
    assert status == 0 and "stopped; every hand is in its table's ledger" in said


def _standings_are_the_servers(server: HallServer, folder: str) -> None:
    """The CLI's standings are the projector's board (`GET /api/v1/board`) line by line,
    and each player's line at their table is what the table's own standings say through
    the server (`GET /api/v1/standings` with its key)."""
    listed = baska("tournament", "standings", folder, "--format", "json")
    assert listed.returncode == 0, listed.stderr
    by_cli = json.loads(listed.stdout)["standings"]
    board = httpx.get(f"{server.base}/api/v1/board", timeout=20)
    assert board.status_code == 200, board.text
    assert board.json()["tables_in"] == TABLES
    fields = ("place", "player", "place_points_exact", "total", "tables_won", "tied")
    assert [[row[f] for f in fields] for row in board.json()["standings"]] == [
        [row[f] for f in fields] for row in by_cli
    ]
    at_tables = {
        (entry["table"], row["player"]): (entry["place"], entry["place_points"], entry["total"])
        for row in by_cli
        for entry in row["rounds"]
    }
    by_server = {}
    for table in range(1, TABLES + 1):
        said = httpx.get(
            f"{server.base}/api/v1/standings",
            headers=server.headers(server.table_key(1, table)),
            timeout=20,
        )
        assert said.status_code == 200, said.text
        for row in said.json()["standings"]:
            by_server[(table, row["player"])] = (row["place"], row["place_points"], row["total"])
    assert len(by_server) == len(PLAYERS)
    assert at_tables == by_server


def test_a_second_serve_of_the_hall_is_refused_and_ctrl_c_stops_it(liga: str) -> None:
    server = HallServer(liga)
    second = baska("serve", liga, "--port", "0")
    assert second.returncode == 1
    assert f"{liga} is served already by another `baska serve`" in second.stderr
    assert "Traceback" not in second.stderr
    key = server.table_key(1, 2)  # the first goes on serving
    table = httpx.get(f"{server.base}/api/v1/table", headers=server.headers(key), timeout=20)
    assert table.status_code == 200 and table.json()["tournament"]["table"] == 2
    status, said = server.stop()
    assert status == 0, said
    assert "stopped; every hand is in its table's ledger" in said
    again = HallServer(liga)  # and the directory is free again
    table = httpx.get(f"{again.base}/api/v1/table", headers=again.headers(key), timeout=20)
    assert table.status_code == 200
    assert again.stop()[0] == 0
