"""What every route does with its request: the language it is answered in, its JSON body
(at most 16 KiB) and the fields read from it, and the project's errors answered as a status
and `{"error": ...}` in that language."""

from __future__ import annotations

import contextlib
import errno
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import anyio
from anyio import to_thread
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from baska_cli.errors import BaskaError, LedgerError, RulesFileError
from baska_cli.i18n import LANGUAGES, _, os_reason, speaking

BODY_LIMIT = 16 * 1024  # bytes a request body may have
BODY_TIME = 10.0  # seconds a request body may take to arrive whole
FULL_DISK = (errno.ENOSPC, errno.EDQUOT)  # a write refused for want of room
# where Python has no threads (WebAssembly: Pyodide in a phone's browser, `baska app`), a
# route's work is done inline, one request at a time as the page sends them
THREADS = sys.platform not in ("emscripten", "wasi")

Route = Callable[[Request], Awaitable[Response]]
T = TypeVar("T")


class Refused(Exception):
    """A request refused before it reaches the ledger: its HTTP status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


# The status of each kind of the project's errors, the first kind that matches: a file that
# cannot be read or written or that refuses the change (a ledger, a tournament's file, a
# page), a rule system that cannot be loaded: 409; what was sent (a hand's notation, a hand
# the rules forbid, a hand number the ledger lacks, a tournament's round, table or name): 400.
STATUSES: tuple[tuple[type[BaskaError], int], ...] = (
    (LedgerError, 409),
    (RulesFileError, 409),
    (BaskaError, 400),
)


def status_of(error: Refused | BaskaError) -> int:
    """The HTTP status that answers `error` (507 for a write the full disk refused)."""
    if isinstance(error, Refused):
        return error.status
    if _disk_full(error):
        return 507
    return next(status for kind, status in STATUSES if isinstance(error, kind))


def _disk_full(error: BaseException | None) -> bool:
    """Whether `error`, or an error it was raised from or while handling, is a write the
    full disk refused (the ledger's errors keep the OSError as their context)."""
    while error is not None:
        if isinstance(error, OSError) and error.errno in FULL_DISK:
            return True
        error = error.__cause__ or error.__context__
    return False


def error_answer(error: Refused | BaskaError | OSError) -> JSONResponse:
    """`error` answered: its status, and `{"error": message}` (worded in the language the
    request was answered in, where the error was made). A file the server cannot write
    (OSError) is a 500, a full disk a 507 that says so: the phone keeps what it sent and
    sends it again (no path in either)."""
    if _disk_full(error):
        message = _("the server's disk is full: nothing was recorded; it is sent again later")
        return JSONResponse({"error": message}, 507)
    if isinstance(error, OSError):
        reason = _("the server cannot write its file: {reason}").format(reason=os_reason(error))
        return JSONResponse({"error": reason}, 500)
    return JSONResponse({"error": str(error)}, status_of(error))


async def http_error(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no route at the address, a method it does not take) as
    JSON in the request's language, their headers kept."""
    assert isinstance(error, HTTPException)
    with speaking(language_of(request)):
        if error.status_code == 404:
            message = _("nothing is served at this address")
        elif error.status_code == 405:
            message = _("this address does not take {method}").format(method=request.method)
        else:
            message = error.detail
    return JSONResponse({"error": message}, error.status_code, headers=error.headers)


async def server_error(request: Request, error: Exception) -> Response:
    """What no route answered itself (a fault of the server): a 500 as JSON, in the
    request's language, that names no file."""
    with speaking(language_of(request)):
        if isinstance(error, OSError):
            return error_answer(error)
        return JSONResponse({"error": _("the server failed; the request was not done")}, 500)


def language_of(request: Request) -> str:
    """`?lang=pl|en`, else the first of Accept-Language baska speaks, else the server's."""
    asked = request.query_params.get("lang", "").strip().lower()
    if asked in LANGUAGES:
        return asked
    ranked = []
    for position, part in enumerate(request.headers.get("accept-language", "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, position, tag.strip().lower()[:2]))
    for weight, _position, tag in sorted(ranked):
        if tag in LANGUAGES and weight < 0:
            return tag
    language: str = request.app.state.hall.language
    return language


def answered(work: Route) -> Route:
    """A JSON route: `work` in the request's language (kept in `request.state.language`), a
    Refused, a project error or a file's OSError raised on the way answered by
    `error_answer`."""

    async def route(request: Request) -> Response:
        language = language_of(request)
        request.state.language = language
        try:
            with speaking(language):
                return await work(request)
        except (Refused, BaskaError, OSError) as error:
            with speaking(language):
                return error_answer(error)

    route.__doc__ = work.__doc__
    return route


async def in_worker(language: str, work: Callable[[], T]) -> T:
    """`work` (blocking: a service, a ledger read or written) in a worker thread, speaking
    `language` (the request's); inline where there are no threads (THREADS)."""

    def speaking_work() -> T:
        with speaking(language):
            return work()

    if not THREADS:
        return speaking_work()
    return await to_thread.run_sync(speaking_work)


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, at most BODY_LIMIT bytes (413 past it, whatever the
    Content-Length says) within BODY_TIME seconds (408 past them), 400 if it is not a JSON
    object, is nested too deep or holds text that is not Unicode (a lone surrogate)."""
    declared = request.headers.get("content-length", "")
    with contextlib.suppress(ValueError):
        if int(declared) > BODY_LIMIT:
            raise Refused(413, _too_big())
    data = bytearray()
    with anyio.move_on_after(BODY_TIME) as waited:
        async for chunk in request.stream():
            data += chunk
            if len(data) > BODY_LIMIT:
                raise Refused(413, _too_big())
    if waited.cancelled_caught:
        raise Refused(408, _("the request came too slowly; send it again"))
    try:
        value = json.loads(data.decode("utf-8")) if data else {}
        json.dumps(value, ensure_ascii=False).encode("utf-8")  # (a lone surrogate fails here)
    except RecursionError:
        raise Refused(400, _("the request is nested too deep")) from None
    except (UnicodeError, ValueError):
        raise Refused(400, _("the request is not JSON")) from None
    if not isinstance(value, dict):
        raise Refused(400, _("the request is not a JSON object"))
    return value


def _too_big() -> str:
    return _("the request is larger than {limit} KiB").format(limit=BODY_LIMIT // 1024)


def text_field(
    body: dict[str, Any], name: str, default: str | None = None, blank: bool = True
) -> str:
    """The text `body[name]` (`default` where it is missing; not blank unless `blank`), else
    a 400 that names the field."""
    value = body.get(name, default)
    if not isinstance(value, str) or not (blank or value.strip()):
        raise Refused(400, _('the request needs "{field}": a text').format(field=name))
    return value


def whole_field(body: dict[str, Any], name: str) -> int:
    """The whole number `body[name]`, from 1, else a 400 that names the field."""
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise Refused(
            400, _('the request needs "{field}": a whole number from 1').format(field=name)
        )
    return value


def flag_field(body: dict[str, Any], name: str) -> bool:
    """`body[name]`, true or false (false where it is missing), else a 400."""
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise Refused(400, _('"{field}" is true or false').format(field=name))
    return value
