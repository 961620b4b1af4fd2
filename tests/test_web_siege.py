"""`baska serve DIR` as a real process under a low open-file limit (`ulimit -n 256`), on
127.0.0.1, against what anyone on the hall's Wi-Fi can send: hundreds of idle connections,
heads that never end, a 150 MiB header, event streams from one address and from many. A
bounded client (counts and times fixed, every socket closed at the end): the table records
each hand within 1 s throughout, idle and slow connections are closed, the header is
refused early (431) without the server growing, the streams past the caps get a 503."""

from __future__ import annotations

import contextlib
import json
import socket
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from baska_cli.web.capacity import of
from baska_cli.web.connections import HEAD_TIME
from tests.servekit import SEAT_HANDS, HallServer, new_tournament

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc, ulimit, 127.0.0.N"),
]

DESCRIPTORS = 256  # the server's open-file limit, as `ulimit -n 256` sets it
IDLE = 400  # connections that send nothing (more than the server may open)
SLOW = 20  # connections that begin a head and never end it
STREAMS_ONE = 40  # event streams asked from one address
ADDRESSES = 8  # other loopback addresses (127.0.0.2…), each asking …
STREAMS_EACH = 16  # … this many
HEADER = 150 << 20  # the huge header, sent 1 MiB at a time
PLAYERS = [f"Gracz {letter}" for letter in "ABCDEFGH"]


def rss(pid: int) -> int:
    """The process's resident memory, in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


class Table:
    """A table's phone posting a hand after another (each on a new connection, as the
    flood forces), each post timed, until stopped or out of hands."""

    def __init__(self, server: HallServer) -> None:
        self.server = server
        self.times: list[float] = []
        self.statuses: list[int] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.play, daemon=True)

    def post(self, number: int) -> None:
        server = self.server
        started = time.monotonic()
        answer = httpx.post(
            f"{server.base}/api/v1/hands",
            json={"hand": SEAT_HANDS[number], "id": f"siege-{number}"},
            headers={**server.headers(server.table_key(1, 1)), "Connection": "close"},
            timeout=10,
        )
        self.times.append(time.monotonic() - started)
        self.statuses.append(answer.status_code)

    def play(self) -> None:
        for number in range(1, len(SEAT_HANDS)):
            if self.stop.wait(1.0):
                return
            self.post(number)


def connect(server: HallServer, source: str = "127.0.0.1") -> socket.socket:
    """A connection to the server from the loopback address `source`."""
    host, port = server.base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))
    return sock


def stream_status(held: list[socket.socket], sock: socket.socket) -> tuple[int, str]:
    """Ask for the board's event stream on a new connection (kept in `held`); its status
    and (a refusal's) JSON error."""
    held.append(sock)
    sock.sendall(b"GET /api/v1/board/events HTTP/1.1\r\nHost: hall\r\n\r\n")
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, _sep, body = data.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    if status == 200:
        return status, ""
    length = int(
        next(ln for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length")).split(
            b":"
        )[1]
    )
    while len(body) < length:
        body += sock.recv(4096)
    return status, json.loads(body)["error"]


def closed_by_server(sock: socket.socket, within: float) -> bytes | None:
    """What the server sent before closing `sock` within `within` seconds (None: still open)."""
    sock.settimeout(within)
    data = b""
    try:
        while chunk := sock.recv(4096):
            data += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return data


def test_a_table_records_within_a_second_while_the_hall_s_wi_fi_floods_the_server(
    tmp_path: Path,
) -> None:
    folder = new_tournament(str(tmp_path / "liga"), PLAYERS, 16)
    server = HallServer(folder, descriptors=DESCRIPTORS)
    held: list[socket.socket] = []
    table = Table(server)
    try:
        capacity = of(DESCRIPTORS)
        assert f"room for {capacity.streams} phones at once (open files: {DESCRIPTORS})" in (
            server.printed
        )
        table.post(0)  # (the first hand, before the flood: the server warm)
        table.times.clear()
        table.thread.start()

        idle = [connect(server) for _ in range(IDLE)]
        held += idle
        slow = [connect(server) for _ in range(SLOW)]
        held += slow
        for sock in slow:
            sock.sendall(b"GET /standings HTTP/1.1\r\nHost: hall\r\nX-Slow: ")

        before = rss(server.process.pid)
        huge = connect(server)
        held.append(huge)
        huge.sendall(b"GET /standings HTTP/1.1\r\nHost: hall\r\nX-Huge: ")
        sent = 0
        with contextlib.suppress(OSError):
            while sent < HEADER:
                huge.sendall(b"a" * (1 << 20))
                sent += 1 << 20
        answer = closed_by_server(huge, 5) or b""
        assert sent < HEADER // 10, "the header was read on and on"
        assert answer.startswith(b"HTTP/1.1 431 ") and b'"error"' in answer
        assert rss(server.process.pid) - before < 20 * 1024

        from_one = [stream_status(held, connect(server)) for _ in range(STREAMS_ONE)]
        assert [status for status, _error in from_one].count(200) == capacity.per_client
        assert {error for status, error in from_one if status == 503} == {
            "too many live pages open from this device; close some"
        }
        from_many = [
            stream_status(held, connect(server, f"127.0.0.{2 + n}"))
            for n in range(ADDRESSES)
            for _ in range(STREAMS_EACH)
        ]
        admitted = capacity.per_client + [status for status, _e in from_many].count(200)
        assert admitted == capacity.streams
        assert {status for status, _error in from_many} == {200, 503}

        # idle connections and unfinished heads are closed once HEAD_TIME has passed
        time.sleep(HEAD_TIME)
        for sock in idle:
            assert closed_by_server(sock, 3) is not None, "an idle connection kept"
        for sock in slow:
            said = closed_by_server(sock, 3)
            assert said is not None, "a slow head kept"
            assert said == b"" or said.startswith(b"HTTP/1.1 408 ")
        table.stop.set()
        table.thread.join(30)
        assert table.statuses and set(table.statuses) == {201}, table.statuses
        assert max(table.times) < 1.0, table.times
    finally:
        table.stop.set()
        for sock in held:
            sock.close()
        server.stop()
