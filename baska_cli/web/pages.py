"""The table's page: GET /t/{key} renders templates/table.html.j2 (Jinja2, every name
escaped) in the request's language; a wrong key gets a short 403 page."""

from __future__ import annotations

import functools
import html
import os
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from baska_cli.i18n import _, ngettext, speaking

if TYPE_CHECKING:
    from jinja2 import Environment

    from baska_cli.web.hall import Hall

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")
PAGE = "table.html.j2"


@functools.cache
def environment() -> Environment:
    """The page's Jinja2 environment: autoescaped, strict, with `{% trans %}` and `_()`."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"], default_for_string=True, default=True),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(_, ngettext, newstyle=True)  # type: ignore[attr-defined]
    return env


async def table_page(request: Request) -> Response:
    """The table's page for the key in its link."""
    from baska_cli.web.api import language_of

    hall: Hall = request.app.state.hall
    language = language_of(request, hall.language)
    key = request.path_params["key"]
    with speaking(language):
        served = hall.find(key)
        if served is None:
            message = html.escape(_("this is not the table's key"))
            page = f'<!doctype html><html lang="{language}"><title>403</title><p>{message}</p>'
            return HTMLResponse(page, 403)
        names = await served.run(language, served.table.page)
        context = {"key": key, "lang": language, "api": "/api/v1", "static": "/static", **names}
        text = environment().get_template(PAGE).render(context)
    headers = {
        "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
        "frame-ancestors 'none'",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
    }
    return HTMLResponse(text, headers=headers)


ROUTES = [Route("/t/{key}", table_page)]
