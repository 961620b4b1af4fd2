"""The JSON API under /api/v1: each route checks the request, finds the table by its key,
then does its work on it in a worker thread, one request at a time per ledger, in the
request's language."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, TypeVar

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from baska_cli.game.numbers import whole
from baska_cli.i18n import _
from baska_cli.play.guards import ANSWERS
from baska_cli.web.changes import author_of
from baska_cli.web.ending import phone_chart
from baska_cli.web.entries import ID_LIMIT, Ticket, ticket
from baska_cli.web.events import stream
from baska_cli.web.requests import Refused, Route, answered, json_body, text_field, whole_field
from baska_cli.web.security import check_same_site, given_key
from baska_cli.web.served import Access, Served
from baska_cli.web.streams import capped
from baska_cli.web.table import Answer

T = TypeVar("T")
SEEN_LIMIT = 400  # characters of a hand's text as seen (a hand is a short line)


class AnyHall(Protocol):
    """What the routes need of a hall: its language, and what a key lets in."""

    language: str

    def find(
        self, given: str, query: Mapping[str, str] | None = None, writing: bool = False
    ) -> Access | None:
        """What the key given lets in (with `writing`, and why it may not write), or None."""


Handler = Callable[[Request, Served, dict[str, Any]], Awaitable[Response]]


def endpoint(post: bool, hands: bool | None = None) -> Callable[[Handler], Route]:
    """A route of a table (`answered`, web/requests.py) with its checks before its handler:
    the key; for a change, JSON from the page's own origin within the size limit and a key
    that may write now (else 403); for a change of the hands (`hands`, every change but a
    tournament's words and paper totals), a table whose result is not fixed otherwise (a
    paper sheet, a walk-out: else 409)."""
    of_hands = post if hands is None else hands

    def wrap(handler: Handler) -> Route:
        async def checked(request: Request) -> Response:
            hall: AnyHall = request.app.state.hall
            given = given_key(request, query=not post)
            access = hall.find(given, request.query_params, writing=post)
            if access is None:
                raise Refused(403, _("this is not the table's key"))
            if access.served is None:
                raise Refused(400, _("the organiser's key needs the table: ?round=R&table=T"))
            body: dict[str, Any] = {}
            if post:
                check_same_site(request)
                if access.refusal is not None:
                    raise Refused(403, access.refusal)
                if of_hands and access.hands_refusal is not None:
                    raise Refused(409, access.hands_refusal)
                body = await json_body(request)
            request.state.access = access
            return await handler(request, access.served, body)

        checked.__doc__ = handler.__doc__
        return answered(checked)

    return wrap


def _number(request: Request) -> int:
    """The hand number of the request's path (`/hands/{n}/…`): digits, at most a few (a
    NotationError past them)."""
    number = whole(request.path_params["n"])
    if number is None or number < 1:
        raise Refused(400, _("expected a whole number from 1"))
    return number


# what a change asks, beside its id, its author and the guards it confirms (the same change,
# confirmed, may be sent again with its id): an id sent again with other content is refused
# (web/entries.py)
ASKED = ("hand", "words", "number", "seen")


def _id(request: Request, body: dict[str, Any]) -> Ticket | None:
    """The change's client id, with the digest of what it asks (its path and fields)."""
    value = body.get("id")
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= ID_LIMIT:
        raise Refused(400, _('"id" is a text of 1 to {limit} characters').format(limit=ID_LIMIT))
    asked = {name: body[name] for name in ASKED if name in body}
    return ticket(value, request.url.path, asked)


def _number_field(body: dict[str, Any]) -> int | None:
    """The hand's number the phone saw ("number", optional): a whole number from 1."""
    return whole_field(body, "number") if "number" in body else None


def _seen(body: dict[str, Any]) -> str | None:
    """The hand's text as the phone saw it ("seen", optional): a text of a hand."""
    if "seen" not in body:
        return None
    value = body["seen"]
    if not isinstance(value, str) or not 0 < len(value) <= SEEN_LIMIT:
        raise Refused(
            400,
            _(
                '"seen" is the hand\'s text as the phone saw it: a text of 1 to {limit} characters'
            ).format(limit=SEEN_LIMIT),
        )
    return value


def _confirmed(body: dict[str, Any]) -> list[Any]:
    value = body.get("confirm", [])
    if not isinstance(value, list) or not all(item in ANSWERS for item in value):
        raise Refused(400, _('"confirm" is a list of: {guards}').format(guards=", ".join(ANSWERS)))
    return value


def _answer(found: Answer) -> Response:
    status, body = found
    return JSONResponse(body, status)


async def _in(request: Request, served: Served, work: Callable[[], T]) -> T:
    language: str = request.state.language
    return await served.run(language, work)


@endpoint(post=False)
async def table(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/table: who deals and leads, the totals, the last hands (and in a
    tournament, the round, the table and its seats)."""
    found = await _in(request, served, served.table.state)
    access: Access = request.state.access
    if access.tournament is not None:
        found = {**found, "tournament": access.tournament}
    return JSONResponse(found)


@endpoint(post=False)
async def sheet(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/sheet: every hand and the history."""
    return JSONResponse(await _in(request, served, served.table.sheet))


@endpoint(post=False)
async def standings(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/standings: the JSON of `baska ledger --format json`."""
    text = await _in(request, served, served.table.standings)
    return Response(text, media_type="application/json")


@endpoint(post=False)
async def final(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/final?stake=0.10&width=328&text=16: standings, stats, settlement (and its
    payments in words), and the running totals' chart as SVG (drawn `width` CSS pixels wide
    with words `text` pixels high, where both are given: the phone's box and text size)."""
    query = request.query_params
    stake, currency = query.get("stake"), query.get("currency", "zł")
    chart = phone_chart(_pixels(query.get("width")), _pixels(query.get("text")))
    work = served.table.final
    return JSONResponse(await _in(request, served, lambda: work(stake, currency, chart)))


def _pixels(value: str | None) -> int | None:
    """A size in whole CSS pixels from the query (a few digits), else None."""
    return int(value) if value is not None and value.isdigit() and len(value) <= 5 else None


# the report is a page of its own: its style inline, no script, nothing loaded
REPORT_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


@endpoint(post=False)
async def report(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/report?key=KEY&stake=0.10: the evening's printable report, the page
    `baska report` writes (with who pays whom at `stake`, where given)."""
    stake = request.query_params.get("stake")
    currency = request.query_params.get("currency", "zł")
    page = await _in(request, served, lambda: served.table.report(stake, currency))
    return HTMLResponse(page, headers=REPORT_HEADERS)


@endpoint(post=False)
async def quote(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/quote/{contract}: what the contract pays, as `baska quote --format json`."""
    word = request.path_params["contract"]
    return JSONResponse(await _in(request, served, lambda: served.table.quote(word)))


@endpoint(post=False)
async def events(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/events?key=KEY: an event `change` at every write of the ledger (503
    past the streams the server holds)."""
    return capped(request, stream(served.watcher))


@endpoint(post=True)
async def preview(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """POST /api/v1/preview {"hand", "number"}: what the line would do (never 400 for the
    line; a correction `+words` of hand `number`, where given, else of the last hand)."""
    typed, number = text_field(body, "hand"), _number_field(body)
    return JSONResponse(await _in(request, served, lambda: served.table.preview(typed, number)))


@endpoint(post=True)
async def hands(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """POST /api/v1/hands {"hand", "number", "id", "confirm", "by", "phone"}: record a hand
    as hand `number` (the next number the phone showed: recorded only while it is still the
    next one; else a conflict, or "already" when that hand is this one; without `number`,
    the next hand whatever it is). "by": the name chosen on the phone, "phone": its id, for
    the other phones and the sheet."""
    typed, client_id, confirmed = text_field(body, "hand"), _id(request, body), _confirmed(body)
    work, author, number = served.table.add_hand, author_of(body), _number_field(body)
    return _answer(
        await _in(request, served, lambda: work(typed, client_id, confirmed, author, number))
    )


@endpoint(post=True)
async def undo(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """POST /api/v1/undo {"id", "number", "seen", "by", "phone"}: take back the last hand
    (only if it is still hand `number`, where given: an undo sent late takes back no other
    phone's hand; with `seen`, only while its text is that, else a conflict)."""
    client_id, author = _id(request, body), author_of(body)
    number, seen = _number_field(body), _seen(body)
    work = served.table.undo
    return _answer(await _in(request, served, lambda: work(client_id, number, author, seen)))


@endpoint(post=True)
async def void(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """POST /api/v1/hands/{n}/void {"id", "seen", "by", "phone"}: void hand n (only while its
    text is `seen`, where given; else a conflict)."""
    number, client_id, author = _number(request), _id(request, body), author_of(body)
    work, seen = served.table.void, _seen(body)
    return _answer(await _in(request, served, lambda: work(number, client_id, author, seen)))


@endpoint(post=True)
async def amend(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """POST /api/v1/hands/{n}/amend {"hand", "seen", "id", "confirm", "by", "phone"}: correct
    hand n (only while its text is `seen`, where given; else a conflict)."""
    number, text, seen = _number(request), text_field(body, "hand"), _seen(body)
    client_id, confirmed, author = _id(request, body), _confirmed(body), author_of(body)
    work = served.table.amend
    return _answer(
        await _in(request, served, lambda: work(number, text, client_id, confirmed, author, seen))
    )


@endpoint(post=True)
async def correct_last(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """POST /api/v1/last/correct {"words", "number", "seen", "id", "confirm", "by", "phone"}:
    correct the last hand by the words that change — hand `number` as the phone saw it
    (text `seen`), where given, else whichever hand is the last now."""
    words, client_id, confirmed = text_field(body, "words"), _id(request, body), _confirmed(body)
    work, author = served.table.correct_last, author_of(body)
    number, seen = _number_field(body), _seen(body)
    return _answer(
        await _in(request, served, lambda: work(words, client_id, confirmed, author, number, seen))
    )
