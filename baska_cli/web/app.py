"""The server's app and every URL it answers (ROUTES): the tables' pages, the static files,
the JSON API; for ledgers, or for a tournament's hall (with the organiser's page and the
projector's standings)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from starlette.applications import Starlette
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from baska_cli.web import pages
from baska_cli.web.hall import actions as hall_actions
from baska_cli.web.hall import confirm, next_table, organiser, player
from baska_cli.web.hall import desk as hall_desk
from baska_cli.web.hall import projector_routes as board
from baska_cli.web.hall.access import TournamentHall
from baska_cli.web.served import Hall
from baska_cli.web.table_app import POST, TABLE_ROUTES, app_of

STATIC = os.path.join(os.path.dirname(__file__), "static")

# Every URL the server answers, for ledgers and for a tournament alike: a route of the
# tournament's (the organiser's, the projector's, the confirmations) answers a server of
# ledgers with 403 or 404. Each handler's docstring says what it takes and gives.
ROUTES: list[BaseRoute] = [
    # the server's own address: a page saying how a phone gets to its table (web/pages.py)
    Route("/", pages.root_page),
    # a table's phone: its page (web/pages.py) and the JSON API of its ledger (web/api.py)
    *TABLE_ROUTES,
    # a tournament table's result confirmed from its phones (web/confirm.py)
    Route("/api/v1/confirmations", confirm.confirmations),
    Route("/api/v1/confirm", confirm.confirm, methods=POST),
    Route("/api/v1/result", confirm.result, methods=POST),
    Route("/api/v1/next", next_table.next_table),
    # a player's own page, by the key on their start card (web/hall/player.py)
    Route("/p/{key}", player.player_page),
    Route("/api/v1/me", player.me),
    Route("/api/v1/me/confirm", player.me_confirm, methods=POST),
    # the organiser: pages (web/organiser.py) and changes (web/hall_actions.py)
    Route("/o/{key}", organiser.organiser_page),
    Route("/o/{key}/t/{round:int}/{table:int}", organiser.table_page),
    Route("/o/{key}/print/{round:int}/{name}.html", organiser.print_page),
    Route("/api/v1/hall", organiser.hall_state),
    Route("/api/v1/hall/walkout", organiser.organiser_post(hall_actions.walkout), methods=POST),
    Route("/api/v1/hall/withdraw", organiser.organiser_post(hall_actions.withdraw), methods=POST),
    Route("/api/v1/hall/accept", organiser.organiser_post(hall_actions.accept), methods=POST),
    Route("/api/v1/hall/result", organiser.organiser_post(hall_actions.result), methods=POST),
    Route("/api/v1/hall/draw", organiser.organiser_post(hall_actions.draw), methods=POST),
    Route("/api/v1/hall/undo", organiser.organiser_post(hall_actions.undo_draw), methods=POST),
    Route("/api/v1/hall/close", organiser.organiser_post(hall_actions.close), methods=POST),
    # the registration desk on the organiser's page (web/hall/desk.py)
    Route("/api/v1/hall/desk", organiser.organiser_get(hall_desk.desk)),
    Route("/api/v1/hall/checkin", organiser.organiser_post(hall_desk.checkin), methods=POST),
    Route("/api/v1/hall/start", organiser.organiser_post(hall_actions.start_clock), methods=POST),
    Route("/api/v1/hall/announce", organiser.organiser_post(hall_actions.announce), methods=POST),
    # the projector's standings, public and read-only (web/board.py)
    Route("/standings", board.standings_page),
    Route("/api/v1/board", board.board_json),
    Route("/api/v1/board/events", board.board_events),
    # the pages' scripts, styles and icons
    Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
]


def app_routes(folder: str | None) -> list[BaseRoute]:
    """/app: the web app for one phone that `baska app` built into `folder` (its files as
    they are), or, with no folder, a page saying how to serve it."""
    if folder is None:
        return [Route("/app", pages.no_app), Route("/app/{rest:path}", pages.no_app)]
    return [Mount("/app", StaticFiles(directory=folder, html=True), name="app")]


def _app(hall: Hall | TournamentHall, app_folder: str | None = None) -> Starlette:
    return app_of(hall, [*ROUTES, *app_routes(app_folder)])


def make_app(keys: Mapping[str, str], language: str, app_folder: str | None = None) -> Starlette:
    """The app of the ledgers in `keys` (each path with the key that lets a table in),
    speaking `language` where a request does not choose. The ledgers are read (and checked)
    now. `app_folder`: the app for one phone served at /app (`baska app`)."""
    return _app(Hall(keys, language), app_folder)


def make_hall_app(folder: str, language: str, app_folder: str | None = None) -> Starlette:
    """The app of the tournament at `folder`: each drawn table with its key, the organiser
    with theirs, the standings for everyone (and the app for one phone at /app)."""
    return _app(TournamentHall(folder, language), app_folder)
