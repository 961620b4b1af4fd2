"""The app's home, as JSON routes under /home/v1 (the page's fetches reach them in the page,
webapp/inpage.py): the evenings on the phone, a new evening, a ledger imported, an evening
exported or removed. Errors are answered as the server's are (web/requests.py)."""

from __future__ import annotations

import dataclasses
import unicodedata
import urllib.parse
from dataclasses import dataclass

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from baska_cli.game.rules import BUILTIN_NAMES
from baska_cli.i18n import _
from baska_cli.rulesets.loader import builtin
from baska_cli.web.requests import (
    Refused,
    answered,
    http_error,
    json_body,
    server_error,
    text_field,
)
from baska_cli.webapp import evenings
from baska_cli.webapp.evenings import IMPORT_LIMIT


@dataclass
class Home:
    """What the home's routes work on: the folder of the evenings, and the language a
    request that chooses none is answered in (as a server's hall has it)."""

    root: str
    language: str


def _root(request: Request) -> str:
    home: Home = request.app.state.hall
    return home.root


async def listing(request: Request) -> Response:
    """GET /home/v1/evenings: every evening on the phone, newest first, and the rule
    systems a new one may have."""
    systems = [{"name": name, "title": builtin(name).title} for name in BUILTIN_NAMES]
    found = [dataclasses.asdict(evening) for evening in evenings.listed(_root(request))]
    return JSONResponse({"evenings": found, "rules": systems})


async def new(request: Request) -> Response:
    """POST /home/v1/evenings {"players": [four names], "rules", "deals", "title"}: a new
    evening (201 {"id"})."""
    body = await json_body(request)
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise Refused(400, _('the request needs "players": a list of four names'))
    deals = body.get("deals")
    if deals is not None and (isinstance(deals, bool) or not isinstance(deals, int)):
        raise Refused(400, _('"deals" is a whole number from 1'))
    rules = text_field(body, "rules", "plb")
    title = text_field(body, "title", "")
    made = evenings.new_evening(_root(request), players, rules, deals, title)
    return JSONResponse({"id": made}, 201)


async def imported(request: Request) -> Response:
    """POST /home/v1/import (the ledger's bytes as the body): the ledger kept as a new
    evening if `baska check` passes it (201 {"id"}), else 409 with its problems."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > IMPORT_LIMIT:
        limit = IMPORT_LIMIT // (1024 * 1024)
        raise Refused(
            413,
            _("the file is larger than {limit} MiB; a ledger is far smaller").format(limit=limit),
        )
    data = await request.body()
    return JSONResponse({"id": evenings.imported(_root(request), data)}, 201)


async def export(request: Request) -> Response:
    """GET /home/v1/evenings/{id}/export: the evening's ledger as it is, a CSV file."""
    evening = request.path_params["id"]
    path = evenings.ledger_of(_root(request), evening)
    with open(path, "rb") as stream:
        data = stream.read()
    name = next(
        (found.file for found in evenings.listed(_root(request)) if found.id == evening),
        evenings.LEDGER,
    )
    headers = {"Content-Disposition": attachment(name)}
    return Response(data, media_type="text/csv; charset=utf-8", headers=headers)


def attachment(name: str) -> str:
    """The Content-Disposition of a download named `name`: its letters as they are (RFC 6266's
    `filename*`), and a plain ASCII name for a client that knows no other."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{urllib.parse.quote(name)}"


async def remove(request: Request) -> Response:
    """POST /home/v1/evenings/{id}/remove: the evening removed from the phone."""
    evenings.removed(_root(request), request.path_params["id"])
    return JSONResponse({"removed": request.path_params["id"]})


ROUTES = [
    Route("/home/v1/evenings", answered(listing)),
    Route("/home/v1/evenings", answered(new), methods=["POST"]),
    Route("/home/v1/import", answered(imported), methods=["POST"]),
    Route("/home/v1/evenings/{id}/export", answered(export)),
    Route("/home/v1/evenings/{id}/remove", answered(remove), methods=["POST"]),
]


def home_app(root: str, language: str) -> Starlette:
    """The home's app over the evenings in `root`."""
    handlers = {HTTPException: http_error, Exception: server_error}
    app = Starlette(routes=ROUTES, exception_handlers=handlers)
    app.state.hall = Home(root, language)
    return app
