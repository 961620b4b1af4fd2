"""The server's app: the tables' pages, the static files, the JSON API; for ledgers, or for
a tournament's hall (with the organiser's page and the projector's standings)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Mapping

from starlette.applications import Starlette
from starlette.routing import Mount

from baska_cli.web import api, pages
from baska_cli.web.hall import confirm, organiser
from baska_cli.web.hall import projector_routes as board
from baska_cli.web.hall.access import TournamentHall
from baska_cli.web.served import Hall

STATIC = os.path.join(os.path.dirname(__file__), "static")


def _app(hall: Hall | TournamentHall) -> Starlette:
    from starlette.staticfiles import StaticFiles

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await hall.stop()

    routes = [
        *pages.ROUTES,
        *api.ROUTES,
        *confirm.ROUTES,
        *organiser.ROUTES,
        *board.ROUTES,
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hall = hall
    return app


def make_app(keys: Mapping[str, str], language: str) -> Starlette:
    """The app of the ledgers in `keys` (each path with the key that lets a table in),
    speaking `language` where a request does not choose. The ledgers are read (and checked)
    now."""
    return _app(Hall(keys, language))


def make_hall_app(folder: str, language: str) -> Starlette:
    """The app of the tournament at `folder`: each drawn table with its key, the organiser
    with theirs, the standings for everyone."""
    return _app(TournamentHall(folder, language))
