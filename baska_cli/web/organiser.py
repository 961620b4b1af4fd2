"""The organiser's page and its API (`baska serve DIR`): GET /o/{key} the hall's tables and
their states, /o/{key}/t/{round}/{table} a table's page as the organiser,
/o/{key}/print/{round}/… the printable pages; GET /api/v1/hall and the POSTs of
/api/v1/hall/… (hall_actions.py). Only the organiser's key opens them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from baska_cli.errors import BaskaError, LedgerError, RulesFileError
from baska_cli.i18n import _, speaking
from baska_cli.tournament.keys import hall_keys
from baska_cli.web import hall_actions
from baska_cli.web.api import language_of
from baska_cli.web.hall_view import hall_view
from baska_cli.web.pages import HEADERS, page, refused_page, render_table
from baska_cli.web.prints import printed
from baska_cli.web.security import Refused, check_same_site, given_key, json_body, same_key

if TYPE_CHECKING:
    from baska_cli.web.tournament_hall import TournamentHall

T = TypeVar("T")
PAGE = "organiser.html.j2"
# the printable pages carry their own style and no script
PRINT_HEADERS = {
    **HEADERS,
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "img-src data:; frame-ancestors 'none'",
}


def _hall(request: Request) -> TournamentHall:
    hall: TournamentHall = request.app.state.hall
    return hall


def is_organiser(hall: TournamentHall, given: str) -> bool:
    """Whether the key given is the organiser's (compared in constant time); a server of
    ledgers, not of a tournament, has no organiser."""
    key = getattr(hall, "organiser_key", None)
    return key is not None and same_key(given, key)


async def _work(language: str, work: Callable[[], T]) -> T:
    """`work` (a service: it holds the tournament's lock) in a worker thread, in the
    request's language."""

    def speaking_work() -> T:
        with speaking(language):
            return work()

    return await to_thread.run_sync(speaking_work)


def _refused_page(language: str) -> Response:
    with speaking(language):
        return refused_page(language, _("this is not the organiser's key"))


async def organiser_page(request: Request) -> Response:
    """GET /o/{key}: the organiser's page (the script fills it from /api/v1/hall)."""
    hall = _hall(request)
    language = language_of(request, hall.language)
    key = request.path_params["key"]
    if not is_organiser(hall, key):
        return _refused_page(language)
    context = {"key": key, "lang": language, "api": "/api/v1", "static": "/static"}
    with speaking(language):
        return page(PAGE, context)


async def table_page(request: Request) -> Response:
    """GET /o/{key}/t/{round}/{table}: the table's page as the organiser (its every call
    names the table: `?round=R&table=T`)."""
    hall = _hall(request)
    language = language_of(request, hall.language)
    key = request.path_params["key"]
    if not is_organiser(hall, key):
        return _refused_page(language)
    where = {"round": str(request.path_params["round"]), "table": str(request.path_params["table"])}
    with speaking(language):
        try:
            access = hall.find(key, where)
        except BaskaError as error:
            return refused_page(language, str(error), 404)
        if access is None:
            return _refused_page(language)
    return await render_table(access, key, language)


async def print_page(request: Request) -> Response:
    """GET /o/{key}/print/{round}/{name}.html: the seating plan, the table sheets (written
    again into the round's directory, as `baska tournament print` does) or the standings."""
    hall = _hall(request)
    language = language_of(request, hall.language)
    if not is_organiser(hall, request.path_params["key"]):
        return _refused_page(language)
    name, number = request.path_params["name"], request.path_params["round"]
    try:
        text = await _work(language, lambda: printed(hall.folder, number, name))
    except BaskaError as error:
        return refused_page(language, str(error), 404)
    return HTMLResponse(text, headers=PRINT_HEADERS)


Handler = Callable[[str, dict[str, Any]], tuple[int, dict[str, Any]]]


def organiser_endpoint(post: bool, work: Handler) -> Callable[[Request], Awaitable[Response]]:
    """An API route of the organiser: the organiser's key (401 none, 403 another), for a
    change JSON from the page's own origin within the size limit; `work(folder, body)` in
    a worker thread; errors as JSON in the request's language."""

    async def route(request: Request) -> Response:
        hall = _hall(request)
        language = language_of(request, hall.language)
        try:
            with speaking(language):
                try:
                    given = given_key(request)
                except Refused:
                    raise Refused(
                        401, _("this needs the organiser's key (the last part of its link)")
                    ) from None
                if not is_organiser(hall, given):
                    raise Refused(403, _("this is not the organiser's key"))
                body: dict[str, Any] = dict(request.query_params)
                if post:
                    check_same_site(request)
                    body = await json_body(request)
            status, answer = await _work(language, lambda: work(hall.folder, body))
            return JSONResponse(answer, status)
        except Refused as refused:
            return JSONResponse({"error": refused.message}, refused.status)
        except BaskaError as error:
            status = 409 if isinstance(error, LedgerError | RulesFileError) else 400
            return JSONResponse({"error": str(error)}, status)

    route.__doc__ = work.__doc__
    return route


def _hall_state(folder: str, query: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """GET /api/v1/hall[?round=R]: the round's tables and their states."""
    asked = str(query.get("round", "")).strip()
    if asked and not (asked.isdigit() and int(asked) >= 1):
        raise Refused(400, _('"round" is a whole number from 1'))
    number = int(asked) if asked else None
    return 200, hall_view(folder, hall_keys(folder), number)


def _post(work: Handler) -> Callable[[Request], Awaitable[Response]]:
    return organiser_endpoint(True, work)


ROUTES = [
    Route("/o/{key}", organiser_page),
    Route("/o/{key}/t/{round:int}/{table:int}", table_page),
    Route("/o/{key}/print/{round:int}/{name}.html", print_page),
    Route("/api/v1/hall", organiser_endpoint(False, _hall_state)),
    Route("/api/v1/hall/walkout", _post(hall_actions.walkout), methods=["POST"]),
    Route("/api/v1/hall/withdraw", _post(hall_actions.withdraw), methods=["POST"]),
    Route("/api/v1/hall/accept", _post(hall_actions.accept), methods=["POST"]),
    Route("/api/v1/hall/result", _post(hall_actions.result), methods=["POST"]),
    Route("/api/v1/hall/draw", _post(hall_actions.draw), methods=["POST"]),
]
