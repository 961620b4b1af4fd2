"""`baska report`: evenings (or a season) as one printable, self-contained HTML file."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable

import click

from baska_cli.cli.common import FileProblem, UserInputError, command, fail, ledgers, option
from baska_cli.cli.settle import stake_unit, stake_value
from baska_cli.errors import BaskaError
from baska_cli.i18n import _, ngettext, os_reason
from baska_cli.render.evenings import evenings
from baska_cli.render.report import report_pieces
from baska_cli.render.spool import spooled


@command()
@click.argument("paths", nargs=-1, metavar="[FILE...]")
@option(
    "--output", "-o", required=True, metavar="FILE.html", help="Where to write it ('-': stdout)."
)
@option("--stake", "-s", metavar="AMOUNT", help="Add who pays whom at this stake per point.")
@option("--currency", "-c", default="zł", show_default=True, metavar="NAME", help="With --stake.")
def report(paths: tuple[str, ...], output: str, stake: str | None, currency: str) -> None:
    """Write a printable HTML report: the sheet, standings, a chart, statistics, payments.

    \b
    Example:  baska report evening.csv -o evening.html
              baska report autumn/*.csv -o autumn.html --stake 0.10
    """
    value = stake_value(stake) if stake is not None else None
    if value is None and currency != "zł":
        raise UserInputError(_("--currency goes with --stake"))
    paths = ledgers(paths, "baska report evening.csv -o evening.html")
    try:
        shown, overall = evenings(paths, value, stake_unit(currency))
    except BaskaError as error:
        fail(error)
    try:
        html = report_pieces(shown, overall, currency)
        if output == "-":
            for piece in spooled(html, end=""):
                click.echo(piece, nl=False)
            return
        _write(output, html)
    except BaskaError as error:
        fail(error)
    written = ngettext("{path}: {count} evening", "{path}: {count} evenings", len(shown))
    click.echo(written.format(path=output, count=len(shown)), err=True)


def _write(path: str, text: Iterable[str]) -> None:
    """Write the report whole or not at all (a temporary file beside it, then a rename)."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, temp = tempfile.mkstemp(prefix=".baska-report-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise FileProblem(
            _("{path}: cannot write the report: {reason}").format(path=path, reason=os_reason(exc))
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.writelines(text)
        os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, path)
    except OSError as exc:
        raise FileProblem(
            _("{path}: cannot write the report: {reason}").format(path=path, reason=os_reason(exc))
        ) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
