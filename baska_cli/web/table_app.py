"""A table's routes (its page and the JSON API of its ledger: the first of ROUTES, web/app.py)
and how every app of the server is made from a hall and routes; an app of ledgers with the
table's routes alone is the one `baska app` runs in the phone's browser, where a
tournament's routes have no use (and their code is not loaded)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute, Route

from baska_cli.web import api, pages
from baska_cli.web.capacity import current
from baska_cli.web.requests import http_error, server_error
from baska_cli.web.served import Hall
from baska_cli.web.streams import Admission

POST = ["POST"]

# a table's phone: its page (web/pages.py) and the JSON API of its ledger (web/api.py)
TABLE_ROUTES: list[BaseRoute] = [
    Route("/t/{key}", pages.table_page),
    Route("/api/v1/table", api.table),
    Route("/api/v1/sheet", api.sheet),
    Route("/api/v1/standings", api.standings),
    Route("/api/v1/final", api.final),
    Route("/api/v1/report", api.report),
    Route("/api/v1/quote/{contract}", api.quote),
    Route("/api/v1/events", api.events),
    Route("/api/v1/preview", api.preview, methods=POST),
    Route("/api/v1/hands", api.hands, methods=POST),
    Route("/api/v1/undo", api.undo, methods=POST),
    Route("/api/v1/hands/{n}/void", api.void, methods=POST),
    Route("/api/v1/hands/{n}/amend", api.amend, methods=POST),
    Route("/api/v1/last/correct", api.correct_last, methods=POST),
]


def app_of(hall: Any, routes: Sequence[BaseRoute]) -> Starlette:
    """The server's app of `hall` (its ledgers, or a tournament's) answering `routes`: every
    error answered as JSON in the request's language, the watches stopped at shutdown."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await hall.stop()

    app = Starlette(
        routes=list(routes),
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    app.state.hall = hall
    app.state.streams = Admission(current())  # (raised first by `serve`: capacity.raise_limit)
    return app


def table_app(keys: Mapping[str, str], language: str) -> Starlette:
    """The app of the ledgers in `keys` with a table's routes alone (`make_app`'s, less a
    tournament's, the static files and /app): `baska app`'s in the browser."""
    return app_of(Hall(keys, language), TABLE_ROUTES)
