"""The projector's routes, public and read-only (no key): GET /standings (the page: its
first screen rendered, the script pages and follows), GET /api/v1/board (the board's JSON)
and GET /api/v1/board/events (an event `change` at each change of the board)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from baska_cli.errors import BaskaError
from baska_cli.i18n import N_, _, speaking
from baska_cli.render.text import signed
from baska_cli.render.tournament.terminal import movement_text, points
from baska_cli.web.hall.projector import Projector, Shown, body_now, stream
from baska_cli.web.pages import HEADERS, page, refused_page
from baska_cli.web.requests import Refused, answered, language_of, status_of
from baska_cli.web.streams import capped

if TYPE_CHECKING:
    from starlette.applications import Starlette

PAGE = "standings.html.j2"
ROWS = 16  # the lines of one screen rendered by the server (the script fits its own)


def projector_of(app: Starlette) -> Projector:
    """The board of the tournament the app serves (a 404 where it serves ledgers)."""
    found: Projector | None = getattr(app.state.hall, "projector", None)
    if found is None:
        raise HTTPException(404)
    return found


async def _board(request: Request, language: str) -> Shown:
    """The board now; a broken file is Refused in `language` in words that name no file
    (the page is public: the organiser's `tournament check` names it)."""
    projector = projector_of(request.app)
    with speaking(language):
        try:
            return await projector.current()
        except BaskaError as error:
            raise Refused(status_of(error), _(BROKEN)) from None


BROKEN = N_(
    "the standings cannot be shown now: a file of the tournament cannot be read "
    "(`baska tournament check` tells the organiser which)"
)


def _page_number(request: Request, pages: int) -> int:
    """?page=N, kept within the pages there are (1 when it is no number)."""
    typed = request.query_params.get("page", "1")
    number = int(typed) if typed.isdigit() and len(typed) < 6 else 1
    return min(max(number, 1), pages)


def _row(line: dict[str, Any]) -> dict[str, str]:
    """A line as the page shows it: place, movement, name, club, points, small points."""
    movement = line["movement"]
    if movement is None:
        move, kind = (movement_text(None), "new") if line["new"] else ("", "")
    else:
        move = movement_text(movement)
        kind = "up" if movement > 0 else "down" if movement < 0 else "same"
    return {
        "place": str(line["place"]),
        "move": move,
        "move_class": kind,
        "name": line["name"],
        "club": line["club"],
        "points": points(line["place_points"]),
        "total": signed(line["total"]),
    }


async def standings_page(request: Request) -> Response:
    """GET /standings[?page=N][&lang=pl|en]: the projector's page."""
    language = language_of(request)
    try:
        found = await _board(request, language)
    except Refused as error:
        return refused_page(language, str(error), error.status)
    lines = found.data["standings"]
    pages = max(1, math.ceil(len(lines) / ROWS))
    number = _page_number(request, pages)
    with speaking(language):
        context = {
            "lang": language,
            "api": "/api/v1",
            "static": "/static",
            "board": found.data,
            "version": found.version,
            "page": number,
            "pages": pages,
            "rows": [_row(ln) for ln in lines[(number - 1) * ROWS : number * ROWS]],
        }
        return page(PAGE, context)


@answered
async def board_json(request: Request) -> Response:
    """GET /api/v1/board: the board's JSON (304 when the ETag given is the board's); while
    a round's clock runs, its seconds left now, never from a cache."""
    found = await _board(request, request.state.language)
    if found.facts.clock is not None:  # (a cached copy would count from its own time)
        return Response(body_now(found), media_type="application/json", headers=HEADERS)
    tag = f'"{found.version}"'
    headers = {**HEADERS, "ETag": tag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    return Response(found.body, media_type="application/json", headers=headers)


@answered
async def board_events(request: Request) -> Response:
    """GET /api/v1/board/events: the board's version now, then at each change (503 past
    the streams the server holds)."""
    return capped(request, stream(projector_of(request.app)))
