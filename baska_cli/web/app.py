"""The server's app for one ledger: the page, the static files, the JSON API."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from baska_cli.web import api, pages

STATIC = os.path.join(os.path.dirname(__file__), "static")


def make_app(path: str, key: str, language: str) -> Starlette:
    """The Starlette app of the ledger at `path`, let in with `key`, speaking `language`
    where a request does not choose. The ledger is read (and checked) now."""
    served = api.Served(path, key, language)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await served.watcher.stop()

    routes = [
        *pages.ROUTES,
        *api.ROUTES,
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.served = served
    return app
