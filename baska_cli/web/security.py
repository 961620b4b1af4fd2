"""The table's key, checked in constant time, and what a request must be to be let in:
the key (401 missing, 403 wrong), JSON from the page's own origin (CSRF), at most 16 KiB."""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import secrets
from typing import Any

from starlette.requests import Request

from baska_cli.errors import LedgerError
from baska_cli.filekind import NotRegularFile, kind_of, not_a_file
from baska_cli.i18n import _

BODY_LIMIT = 16 * 1024  # bytes a request body may have
KEY_BYTES = 16  # random bytes of a key (22 characters in the link)


class Refused(Exception):
    """A request refused before it reaches the ledger: its HTTP status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def key_path(ledger: str) -> str:
    """The sidecar `.NAME.serve-key` beside the ledger (mode 0600): the table's key, kept
    so that the phones' links still work after the server is started again."""
    folder, name = os.path.split(os.path.abspath(ledger))
    return os.path.join(folder, f".{name}.serve-key")


def table_key(ledger: str) -> str:
    """The ledger's key: the one kept beside it, or a new one from `secrets`, kept there."""
    path = key_path(ledger)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
        kind = kind_of(os.fstat(fd).st_mode)
    except FileNotFoundError:
        return _new_key(path)
    except OSError as error:
        raise LedgerError(
            _("cannot read the table's key {file}: {reason}").format(
                file=path, reason=error.strerror or error
            ),
            ledger,
        ) from None
    if kind is not None:
        os.close(fd)
        raise LedgerError(
            _("cannot read the table's key {file}: {reason}").format(
                file=path, reason=not_a_file(NotRegularFile(kind))
            ),
            ledger,
        )
    with os.fdopen(fd, encoding="ascii", errors="replace") as file:
        key = file.read().strip()
    if len(key) < 16 or not key.isascii():
        os.unlink(path)
        return _new_key(path)
    return key


def _new_key(path: str) -> str:
    """A new key, written to `path` (created by this call only, readable by its owner)."""
    key = secrets.token_urlsafe(KEY_BYTES)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key + "\n")
        file.flush()
        os.fsync(file.fileno())
    return key


def same_key(given: str, key: str) -> bool:
    """Whether the key given is the table's, compared in constant time."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), key.encode("utf-8"))


def given_key(request: Request, query: bool = False) -> str:
    """The key a request gives (`Authorization: Bearer KEY`, or with `query`, `?key=KEY`,
    for the event stream a browser opens without headers); 401 without one."""
    header = request.headers.get("authorization", "")
    scheme, _sep, given = header.partition(" ")
    if scheme.lower() != "bearer":
        given = request.query_params.get("key", "") if query else ""
    given = given.strip()
    if not given:
        raise Refused(401, _("this needs the table's key (the last part of the table's link)"))
    return given


def check_same_site(request: Request) -> None:
    """Refuse a state-changing request that is not JSON, or that comes from another site
    (an Origin that is not the page's own): a form or a script elsewhere cannot post."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(403, _("a change must be sent as JSON (Content-Type: application/json)"))
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin is not None and origin != own:
        raise Refused(403, _("a change from another site is refused"))
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        raise Refused(403, _("a change from another site is refused"))


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, at most BODY_LIMIT bytes (413 past it, whatever the
    Content-Length says), 400 if it is not a JSON object."""
    declared = request.headers.get("content-length", "")
    with contextlib.suppress(ValueError):
        if int(declared) > BODY_LIMIT:
            raise Refused(413, _too_big())
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > BODY_LIMIT:
            raise Refused(413, _too_big())
    try:
        value = json.loads(data.decode("utf-8")) if data else {}
    except (UnicodeDecodeError, ValueError):
        raise Refused(400, _("the request is not JSON")) from None
    if not isinstance(value, dict):
        raise Refused(400, _("the request is not a JSON object"))
    return value


def _too_big() -> str:
    return _("the request is larger than {limit} KiB").format(limit=BODY_LIMIT // 1024)
