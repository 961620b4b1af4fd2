"""`baska app OUT`: the table page as a web app for one phone, with baska's own Python in the
browser (Pyodide), written into a folder any static web host can serve."""

from __future__ import annotations

import click

from baska_cli.cli.common import argument, command, fail, option
from baska_cli.errors import BaskaError
from baska_cli.i18n import _
from baska_cli.render.text import number


def megabytes(size: int) -> str:
    """A size in MB with one decimal, as the interface's language writes it."""
    return number(size / 1_000_000, 1)


@command()
@argument("out", metavar="DIR")
@option(
    "--pyodide",
    "given",
    metavar="PATH",
    help="The Pyodide runtime: the npm package pyodide@314.0.8 as its .tgz or a folder of "
    "its files (default: the cache, else fetched once with npm).",
)
def app(out: str, given: str | None) -> None:
    """Write the table page as a web app for one phone into the folder DIR.

    The app needs no laptop and no network once opened: baska's own Python runs in the
    phone's browser, each evening's ledger is kept on the phone (export it as CSV to check
    or keep it), and a service worker keeps the app for offline use where the page is
    served over https (or on this computer). Serve DIR with any static web host.

    \b
    Example:  baska app baska-app
              python -m http.server -d baska-app -b 127.0.0.1 8000
    """
    from baska_cli.webapp.build import build
    from baska_cli.webapp.runtime import runtime

    try:
        built = build(out, runtime(given))
    except BaskaError as error:
        fail(error)
    click.echo(
        _(
            "{out}: the app, {files} files, {size} MB ({compressed} MB as a web host sends "
            "them compressed); try it: python -m http.server -d {out} -b 127.0.0.1 8000, "
            "then open http://127.0.0.1:8000/"
        ).format(
            out=out,
            files=built.files,
            size=megabytes(built.size),
            compressed=megabytes(built.compressed),
        )
    )
