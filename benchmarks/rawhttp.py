"""A small HTTP/1.1 client on asyncio streams for bench_serve: keep-alive connections and
server-sent events, with little CPU of its own (the benchmark shares the server's cores)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any


class Connection:
    """One keep-alive connection to `host:port`: requests one after another."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
            self._writer = None

    def send(self, method: str, path: str, headers: dict[str, str], body: Any = None) -> None:
        """Write a request (a JSON body when `body` is not None)."""
        assert self._writer is not None
        data = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
        self._writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)

    async def head(self) -> tuple[int, dict[str, str]]:
        """The status and headers of the next response."""
        assert self._reader is not None
        status = int((await self._reader.readuntil(b"\r\n")).split()[1])
        headers = {}
        while (line := await self._reader.readuntil(b"\r\n")) != b"\r\n":
            name, _sep, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        return status, headers

    async def body(self, headers: dict[str, str]) -> bytes:
        """A whole response body (Content-Length or chunked)."""
        assert self._reader is not None
        if "content-length" in headers:
            return await self._reader.readexactly(int(headers["content-length"]))
        data = b""
        async for chunk in self.chunks():
            data += chunk
        return data

    async def chunks(self) -> AsyncIterator[bytes]:
        """The chunks of a chunked body, as they come."""
        assert self._reader is not None
        while True:
            size = int((await self._reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await self._reader.readuntil(b"\r\n")
                return
            chunk = await self._reader.readexactly(size + 2)
            yield chunk[:-2]

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: Any = None
    ) -> tuple[int, bytes]:
        """A request and its whole response; on a connection the server closed while idle
        (its keep-alive timeout), sent again on a new one, as a browser does."""
        for attempt in (1, 2):
            if self._reader is None or self._reader.at_eof():
                await self.close()
                await self.open()
            self.send(method, path, headers, body)
            try:
                status, found = await self.head()
            except (asyncio.IncompleteReadError, ConnectionError) as error:
                if attempt == 2 or getattr(error, "partial", b""):
                    raise
                self._reader = None
                continue
            return status, await self.body(found)
        raise AssertionError("unreachable")

    async def events(self, path: str, headers: dict[str, str]) -> AsyncIterator[dict[str, str]]:
        """The server-sent events of a stream: each as {"event", "data"}."""
        self.send("GET", path, {**headers, "Accept": "text/event-stream"})
        status, _found = await self.head()
        if status != 200:
            raise RuntimeError(f"events: {status}")
        pending = b""
        async for chunk in self.chunks():
            pending += chunk
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                event: dict[str, str] = {}
                for line in block.decode().split("\n"):
                    name, _sep, value = line.partition(":")
                    if name in ("event", "data"):
                        event[name] = value.strip()
                if event:
                    yield event
