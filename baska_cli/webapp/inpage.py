"""What runs in the phone's browser (Pyodide): each fetch of the page answered by a Starlette
app called in Python, with no network — the home's (webapp/home.py) and, for the evening
open, the app of `baska serve` with a table's routes (web/table_app.py: its routes, JSON,
errors and words; a tournament's routes left out); and the table's page rendered by the
server's template."""

from __future__ import annotations

import asyncio
import os
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from starlette.applications import Starlette

from baska_cli.web.pages import render_table
from baska_cli.web.table_app import table_app
from baska_cli.webapp.evenings import LEDGER, folder_of
from baska_cli.webapp.home import home_app

HOST = "phone"  # the Host the page's requests name (the origin check of a change: the same)
STATIC = "static"  # the pages' scripts and styles, beside the app's index.html


@dataclass(frozen=True, slots=True)
class Answer:
    """A request's answer: its status, headers and body."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes


class Phone:
    """The evenings in `root` (the folder the page keeps in IndexedDB) and the evening open,
    answered in `language` where a request chooses none."""

    def __init__(self, root: str, language: str) -> None:
        self.root = root
        self.language = language
        self.home = home_app(root, language)
        self.evening: str | None = None
        self.table: Starlette | None = None

    def open(self, evening: str) -> None:
        """Open the evening `evening`: its table's app, its messages naming `evening.csv`."""
        folder = folder_of(self.root, evening)
        os.chdir(folder)
        self.evening = evening
        self.table = table_app({LEDGER: evening}, self.language)

    async def page(self, language: str) -> str:
        """The table page of the evening open, in `language`, its scripts beside the app."""
        assert self.table is not None and self.evening is not None
        access = self.table.state.hall.find(self.evening)
        answer = await render_table(access, self.evening, language, static=STATIC)
        return bytes(answer.body).decode("utf-8")

    async def fetch(
        self, method: str, address: str, headers: Sequence[Sequence[str]], body: bytes = b""
    ) -> Answer:
        """The answer to a request of the page: `address` is a path with its query
        (`/api/v1/table?lang=pl`); /home/… is the home's, the rest the table's."""
        parts = urllib.parse.urlsplit(address)
        app = self.home if parts.path.startswith("/home/") else self.table
        if app is None:
            app = self.home  # (no evening open: the home answers 404 as a server does)
        return await call(app, method, parts.path, parts.query, headers, body)


async def call(
    app: Any,
    method: str,
    path: str,
    query: str,
    headers: Sequence[Sequence[str]],
    body: bytes = b"",
) -> Answer:
    """One HTTP request through an ASGI app, in this process: its answer whole."""
    sent = [
        (str(name).lower().encode("latin-1"), str(value).encode("latin-1"))
        for name, value in headers
    ]
    sent.append((b"host", HOST.encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method.upper(),
        "scheme": "http",
        "path": urllib.parse.unquote(path),
        "raw_path": path.encode("latin-1", "replace"),
        "query_string": query.encode("latin-1", "replace"),
        "root_path": "",
        "headers": sent,
        "client": ("127.0.0.1", 0),
        "server": (HOST, 80),
        "state": {},
    }
    given = [{"type": "http.request", "body": bytes(body), "more_body": False}]
    status = 500
    answered: list[tuple[str, str]] = []
    parts: list[bytes] = []

    async def receive() -> dict[str, Any]:
        if given:
            return given.pop()
        await asyncio.Event().wait()  # (the request is whole: nothing more ever comes)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
            answered.extend(
                (name.decode("latin-1"), value.decode("latin-1"))
                for name, value in message.get("headers", [])
            )
        elif message["type"] == "http.response.body":
            parts.append(message.get("body", b""))

    await app(scope, receive, send)
    return Answer(status, answered, b"".join(parts))
