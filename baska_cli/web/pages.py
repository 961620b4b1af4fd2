"""The table's page: GET /t/{key} renders templates/table.html.j2 (Jinja2, every name
escaped) in the request's language; a wrong key gets a short 403 page."""

from __future__ import annotations

import functools
import html
import os
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from baska_cli.errors import BaskaError
from baska_cli.i18n import _, language, ngettext, speaking
from baska_cli.play.line import COMMANDS
from baska_cli.render.text import number
from baska_cli.web.changes import NAME_LIMIT
from baska_cli.web.requests import language_of

if TYPE_CHECKING:
    from jinja2 import Environment

    from baska_cli.web.served import Access

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")
PAGE = "table.html.j2"
STAKE = 0.10  # the stake per point the end of the evening offers first
# the commands the page does itself when typed (static/typed.js), by every word of `play`'s
PAGE_COMMANDS = ("undo", "void", "amend", "sheet", "standings", "help")


def command_words() -> dict[str, str]:
    """Each word of the commands the page does (English and Polish, `pomoc` and `help`
    alike, lower case) to its command: the page reads a typed line as `play` does."""
    return {
        word.lower(): name
        for name in PAGE_COMMANDS
        for word in (*COMMANDS[name].words, *COMMANDS[name].polish)
    }


USAGE = {"void": " N", "amend": " N …"}  # what a command takes, as the help shows it


def typed_commands() -> list[dict[str, str]]:
    """The commands the page does when typed, as its help lists them in the language
    spoken: the words (Polish first on a Polish page: `cofnij, undo`) and what each does."""
    listed = []
    for name in PAGE_COMMANDS:
        command = COMMANDS[name]
        words = (*command.polish[:1], *command.words[:1])
        if language() != "pl":
            words = words[::-1]
        meaning = _("opens this help") if name == "help" else _(command.meaning)
        shown = ", ".join(word + USAGE.get(name, "") for word in words)
        listed.append({"words": shown, "meaning": meaning})
    return listed


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


HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def refused_page(language: str, message: str, status: int = 403, advice: str = "") -> HTMLResponse:
    """A short page saying why not and, where given, what to do (both escaped), readable on
    a phone."""
    text, then = html.escape(message), html.escape(advice)
    page = (
        f'<!doctype html><html lang="{language}"><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>baska · {status}</title>"
        '<body style="font: 1.125rem/1.4 system-ui, sans-serif; margin: 1rem; max-width: 35rem">'
        f"<p><strong>{text}</strong></p>" + (f"<p>{then}</p>" if then else "")
    )
    return HTMLResponse(page, status, headers=HEADERS)


def scan_again() -> str:
    """What a phone with an old or wrong link does, in the language spoken."""
    return _(
        "Scan the QR code on the screen of the computer that runs baska serve again (or ask "
        "whoever started it for the table's link)."
    )


async def root_page(request: Request) -> Response:
    """GET /: a page saying what this server is and how a phone gets to its table."""
    language = language_of(request)
    tournament = getattr(request.app.state.hall, "tournament", None) is not None
    with speaking(language):
        if tournament:  # (a tournament's hall: its tables are no evening)
            said = _("This is baska serve, the tournament's scorer.")
        else:
            said = _("This is baska serve, the evening's scorer.")
        return refused_page(language, said, 200, scan_again())


def page(name: str, context: dict[str, Any]) -> HTMLResponse:
    """The template `name` rendered with `context`, with the pages' headers (in the
    language the caller speaks)."""
    return HTMLResponse(environment().get_template(name).render(context), headers=HEADERS)


async def render_table(
    access: Access, key: str, language: str, static: str = "/static"
) -> HTMLResponse:
    """The table's page for what `key` lets in (a table's key, or the organiser's with the
    table named: then every call of the page names the table too); its scripts and styles
    at `static` (the server's /static; `baska app`'s folder beside its page)."""
    served = access.served
    assert served is not None
    names = await served.run(language, served.table.page)
    scope = {} if not access.organiser else {"round": access.round, "table": access.table}
    context = {
        "key": key,
        "lang": language,
        "api": "/api/v1",
        "static": static,
        "tournament": access.tournament,
        "scope": scope,
        "commands": command_words(),
        "name_limit": NAME_LIMIT,
        **names,
    }
    # the header: the evening's title, else the tournament's, else the rules' name
    tournament = access.tournament or {}
    context["title"] = names["title"] or tournament.get("name") or names["rules"]["title"]
    with speaking(language):
        # numbers as the page's language writes them (a decimal comma in Polish)
        decimal = number(0.5, 1)[1]
        context.update(stake=f"{STAKE:.2f}".replace(".", decimal), typed=typed_commands())
        return page(PAGE, context)


async def table_page(request: Request) -> Response:
    """The table's page for the key in its link."""
    hall = request.app.state.hall
    language = language_of(request)
    key = request.path_params["key"]
    with speaking(language):
        access = hall.find(key)
        if access is None or access.served is None:
            message = _("This link opens no table here: it is old or mistyped.")
            return refused_page(language, message, 403, scan_again())
    try:
        return await render_table(access, key, language)
    except BaskaError as error:  # (the ledger cannot be read now: the API says 409 too)
        with speaking(language):
            advice = _(
                "Whoever runs baska serve can see what is wrong with `baska check FILE`; "
                "once it is mended, reload this page."
            )
            return refused_page(language, str(error), 409, advice)


async def no_app(request: Request) -> Response:
    """/app on a server started without `--app`: how to serve the app for one phone."""
    language = language_of(request)
    with speaking(language):
        message = _(
            "this server serves no app for one phone: make it with `baska app DIR`, then start "
            "the server with `--app DIR`"
        )
    return refused_page(language, message, 404)
