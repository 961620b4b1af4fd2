"""The server's app for its ledgers: the tables' pages, the static files, the JSON API."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Mapping

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from baska_cli.web import api, pages
from baska_cli.web.hall import Hall

STATIC = os.path.join(os.path.dirname(__file__), "static")


def make_app(keys: Mapping[str, str], language: str) -> Starlette:
    """The Starlette app of the ledgers in `keys` (each path with the key that lets a table
    in), speaking `language` where a request does not choose. The ledgers are read (and
    checked) now."""
    hall = Hall(keys, language)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await hall.stop()

    routes = [
        *pages.ROUTES,
        *api.ROUTES,
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hall = hall
    return app
