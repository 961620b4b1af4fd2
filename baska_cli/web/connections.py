"""The server's HTTP connections as uvicorn's httptools protocol holds them, with what it
lacks against a hall's Wi-Fi: a request's head must come whole within HEAD_TIME seconds of
the connection (or of the last answer) and within HEAD_LIMIT bytes (408 and 431 past them);
past the connections the capacity holds, the one idle longest is closed for the newcomer;
every refusal is JSON in the server's language."""

from __future__ import annotations

import asyncio
import http
import json
from collections import OrderedDict
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from baska_cli.i18n import N_, _, speaking

HEAD_TIME = 10.0  # seconds a request's line and headers may take to arrive
HEAD_LIMIT = 64 * 1024  # bytes a request's line and headers may have (a phone sends ~1 KiB)
LINGER = 1.0  # seconds a refused connection is kept (reading nothing) before it is closed


class Connection(HttpToolsProtocol):
    """One connection. A subclass made by `connections` sets the class's limits; `_idle`
    (the connections answering no request, oldest first) is shared by all of them."""

    language: ClassVar[str] = "en"
    most: ClassVar[int] = 1024
    _idle: ClassVar[OrderedDict[Connection, None]] = OrderedDict()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """A new connection: its head awaited; past the capacity, the idle longest closed."""
        super().connection_made(transport)
        self._refused = False
        self._head_timer: asyncio.TimerHandle | None = None
        self._awaiting_head()
        if len(self.connections) > self.most:
            self._make_room()

    def _awaiting_head(self) -> None:
        """Idle until a request's head comes whole, within HEAD_TIME."""
        self._head = 0  # (bytes of it so far; -1 while a request is answered)
        self._idle[self] = None
        self._stop_timer()
        self._head_timer = self.loop.call_later(HEAD_TIME, self._head_too_slow)

    def _stop_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _make_room(self) -> None:
        """Close the connection idle longest (this one if it is alone idle)."""
        if self._idle:
            oldest = next(iter(self._idle))
            self._idle.pop(oldest)
            oldest._stop_timer()
            oldest.transport.close()

    def data_received(self, data: bytes) -> None:
        """Bytes of a request; a head past HEAD_LIMIT is refused."""
        if self._refused:  # (what was read before the refusal)
            return
        super().data_received(data)
        if self._head >= 0 and not self.transport.is_closing():
            self._head += len(data)
            if self._head > HEAD_LIMIT:
                message = N_("the request's headers are larger than {limit} KiB")
                self._refuse(431, message, limit=HEAD_LIMIT // 1024)

    def on_headers_complete(self) -> None:
        """The head is whole: the request is answered (and no longer idle)."""
        self._head = -1
        self._stop_timer()
        self._idle.pop(self, None)
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        """Answered: idle again, until the next head (or the keep-alive timeout)."""
        super().on_response_complete()
        if not self.transport.is_closing():
            self._awaiting_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        self._idle.pop(self, None)
        super().connection_lost(exc)

    def _head_too_slow(self) -> None:
        """HEAD_TIME passed without a whole head: closed (with a 408 if one had begun)."""
        self._head_timer = None
        if self._head > 0:
            self._refuse(408, N_("the request came too slowly; send it again"))
        elif not self.transport.is_closing():
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """What is not HTTP: a 400 as JSON, as every refusal."""
        self._refuse(400, N_("the request is not HTTP"))

    def _refuse(self, status: int, message: str, **values: Any) -> None:
        """Answer `status` with `{"error": message}` (N_, with `values`) in the server's
        language, read nothing more, and close after LINGER seconds (closed at once, the
        client could lose the answer)."""
        if self._refused or self.transport.is_closing():
            return
        self._refused = True
        self._stop_timer()
        self._idle.pop(self, None)
        with speaking(self.language):
            body = json.dumps({"error": _(message).format(**values)}, ensure_ascii=False).encode()
        phrase = http.HTTPStatus(status).phrase
        head = (
            f"HTTP/1.1 {status} {phrase}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode("ascii") + body)
        self.transport.pause_reading()
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER, self.transport.close)


def connections(language: str, most: int) -> type[Connection]:
    """The protocol of one server: its refusals in `language`, at most `most` connections."""
    return type(
        "ServerConnection",
        (Connection,),
        {"language": language, "most": most, "_idle": OrderedDict()},
    )
