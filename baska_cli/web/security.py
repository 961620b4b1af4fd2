"""The table's key, checked in constant time, and what a request must be to be let in:
the key (401 missing, 403 wrong), a change sent as JSON from the page's own origin (CSRF)."""

from __future__ import annotations

import hmac

from starlette.requests import Request

from baska_cli.files.secret import kept_key
from baska_cli.files.sidecars import sidecar
from baska_cli.i18n import _
from baska_cli.web.requests import Refused


def key_path(ledger: str) -> str:
    """The sidecar `.NAME.serve-key` beside the ledger (mode 0600): the table's key, kept
    so that the phones' links still work after the server is started again."""
    return sidecar(ledger, "serve-key")


def table_key(ledger: str) -> str:
    """The ledger's key: the one kept beside it, or a new one from `secrets`, kept there."""
    return kept_key(key_path(ledger), ledger)


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
