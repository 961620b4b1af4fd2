"""The organiser's page and its API (`baska serve DIR`): GET /o/{key} the hall's tables and
their states, /o/{key}/t/{round}/{table} a table's page as the organiser,
/o/{key}/print/{round}/… the printable pages; GET /api/v1/hall and the POSTs of
/api/v1/hall/… (hall_actions.py, desk.py). Only the organiser's key opens them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from baska_cli.errors import BaskaError
from baska_cli.i18n import N_, _, speaking
from baska_cli.tournament.clock.service import clock_over
from baska_cli.tournament.hall.stamp import stamp
from baska_cli.web.hall.prints import printed
from baska_cli.web.hall.view import hall_view
from baska_cli.web.pages import HEADERS, page, refused_page, render_table
from baska_cli.web.requests import Refused, Route, answered, in_worker, json_body, language_of
from baska_cli.web.security import check_same_site, given_key, same_key
from baska_cli.web.writes import told

if TYPE_CHECKING:
    from baska_cli.web.hall.access import TournamentHall

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


def _refused_page(language: str) -> Response:
    with speaking(language):
        return refused_page(language, _("this is not the organiser's key"))


async def organiser_page(request: Request) -> Response:
    """GET /o/{key}: the organiser's page (the script fills it from /api/v1/hall)."""
    hall = _hall(request)
    language = language_of(request)
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
    language = language_of(request)
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
    language = language_of(request)
    if not is_organiser(hall, request.path_params["key"]):
        return _refused_page(language)
    hall.keep_secret()
    name, number = request.path_params["name"], request.path_params["round"]
    try:
        text = await in_worker(language, lambda: printed(hall.folder, number, name))
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
    hall.keep_secret()  # (deleted while serving: written back before any link is made)
    if not post:
        return dict(request.query_params)
    check_same_site(request)
    return await json_body(request)


def organiser_post(work: Handler) -> Route:
    """A POST of the organiser's page (`answered`, web/requests.py): the checks of
    `_let_in`, then `work(folder, body)` (hall_actions.py) in a worker thread."""

    async def checked(request: Request) -> Response:
        hall = _hall(request)
        body = await _let_in(request, hall, post=True)
        status, answer = await in_worker(request.state.language, lambda: work(hall.folder, body))
        worded = answer.get("message")  # (Worded: the page's words here, the terminal's there)
        if callable(worded):
            with speaking(request.state.language):
                answer["message"] = worded()
        if status < 300 and answer.get("message"):
            told(None, N_("the organiser: {said}"), said=worded)
        return JSONResponse(answer, status)

    checked.__doc__ = work.__doc__
    return answered(checked)


def organiser_get(work: Handler) -> Route:
    """A GET of the organiser's page that reads (`answered`): the key checked, then
    `work(folder, query)` in a worker thread."""

    async def checked(request: Request) -> Response:
        hall = _hall(request)
        query = await _let_in(request, hall, post=False)
        status, answer = await in_worker(request.state.language, lambda: work(hall.folder, query))
        return JSONResponse(answer, status, headers={"Cache-Control": "no-store"})

    checked.__doc__ = work.__doc__
    return answered(checked)


@answered
async def hall_state(request: Request) -> Response:
    """GET /api/v1/hall[?round=R]: the round's tables and their states, with an ETag made
    from the stamp of the tournament's files (tournament/stamp.py) and whether the round's
    time is up: asked again with If-None-Match while no file changed and the clock did not
    run out, it answers 304 without reading more than the clock."""
    hall = _hall(request)
    language: str = request.state.language
    query = await _let_in(request, hall, post=False)
    asked = str(query.get("round", "")).strip()
    if asked and not (asked.isdigit() and int(asked) >= 1):
        raise Refused(400, _('"round" is a whole number from 1'))
    number = int(asked) if asked else None
    over = await in_worker(language, lambda: clock_over(hall.folder))  # (no file changes then)
    made = await in_worker(language, lambda: stamp(hall.folder))
    tag = f'"{made}-{"up" if over else "on"}-{language}-{asked}"'
    headers = {"ETag": tag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    keys = hall.keys  # (the keys this server takes, whatever the file says)
    view = await in_worker(language, lambda: hall_view(hall.folder, keys, number))
    return JSONResponse(view, headers=headers)
