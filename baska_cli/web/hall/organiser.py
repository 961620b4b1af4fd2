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
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.hall.stamp import stamp
from baska_cli.web.api import language_of
from baska_cli.web.hall import actions as hall_actions
from baska_cli.web.hall.prints import printed
from baska_cli.web.hall.view import hall_view
from baska_cli.web.pages import HEADERS, page, refused_page, render_table
from baska_cli.web.security import Refused, check_same_site, given_key, json_body, same_key

if TYPE_CHECKING:
    from baska_cli.web.hall.access import TournamentHall

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


async def _let_in(request: Request, hall: TournamentHall, post: bool) -> dict[str, Any]:
    """The organiser's key checked (401 none, 403 another), and for a change JSON from the
    page's own origin within the size limit: the request's body (a GET's: its query)."""
    try:
        given = given_key(request)
    except Refused:
        raise Refused(
            401, _("this needs the organiser's key (the last part of its link)")
        ) from None
    if not is_organiser(hall, given):
        raise Refused(403, _("this is not the organiser's key"))
    if not post:
        return dict(request.query_params)
    check_same_site(request)
    return await json_body(request)


def _error(error: Exception) -> JSONResponse:
    """A refusal or an error of the services as JSON (already in the request's language)."""
    if isinstance(error, Refused):
        return JSONResponse({"error": error.message}, error.status)
    status = 409 if isinstance(error, LedgerError | RulesFileError) else 400
    return JSONResponse({"error": str(error)}, status)


def organiser_endpoint(post: bool, work: Handler) -> Callable[[Request], Awaitable[Response]]:
    """An API route of the organiser: the checks of `_let_in`, then `work(folder, body)` in
    a worker thread; errors as JSON in the request's language."""

    async def route(request: Request) -> Response:
        hall = _hall(request)
        language = language_of(request, hall.language)
        try:
            with speaking(language):
                body = await _let_in(request, hall, post)
            status, answer = await _work(language, lambda: work(hall.folder, body))
            return JSONResponse(answer, status)
        except (Refused, BaskaError) as error:
            return _error(error)

    route.__doc__ = work.__doc__
    return route


async def hall_state(request: Request) -> Response:
    """GET /api/v1/hall[?round=R]: the round's tables and their states, with an ETag made
    from the stamp of the tournament's files (tournament/stamp.py): asked again with
    If-None-Match while no file changed, it answers 304 without reading any."""
    hall = _hall(request)
    language = language_of(request, hall.language)
    try:
        with speaking(language):
            query = await _let_in(request, hall, post=False)
            asked = str(query.get("round", "")).strip()
            if asked and not (asked.isdigit() and int(asked) >= 1):
                raise Refused(400, _('"round" is a whole number from 1'))
        number = int(asked) if asked else None
        tag = f'"{await _work(language, lambda: stamp(hall.folder))}-{language}-{asked}"'
        headers = {"ETag": tag, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers=headers)
        keys = hall_keys(hall.folder)
        view = await _work(language, lambda: hall_view(hall.folder, keys, number))
        return JSONResponse(view, headers=headers)
    except (Refused, BaskaError) as error:
        return _error(error)


def _post(work: Handler) -> Callable[[Request], Awaitable[Response]]:
    return organiser_endpoint(True, work)


ROUTES = [
    Route("/o/{key}", organiser_page),
    Route("/o/{key}/t/{round:int}/{table:int}", table_page),
    Route("/o/{key}/print/{round:int}/{name}.html", print_page),
    Route("/api/v1/hall", hall_state),
    Route("/api/v1/hall/walkout", _post(hall_actions.walkout), methods=["POST"]),
    Route("/api/v1/hall/withdraw", _post(hall_actions.withdraw), methods=["POST"]),
    Route("/api/v1/hall/accept", _post(hall_actions.accept), methods=["POST"]),
    Route("/api/v1/hall/result", _post(hall_actions.result), methods=["POST"]),
    Route("/api/v1/hall/draw", _post(hall_actions.draw), methods=["POST"]),
]
