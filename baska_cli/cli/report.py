"""`baska report`: evenings (or a season) as one printable, self-contained HTML file."""

from __future__ import annotations

import click

from baska_cli.cli.common import UserInputError, argument, command, fail, ledgers, option
from baska_cli.cli.settle import stake_unit, stake_value
from baska_cli.errors import BaskaError
from baska_cli.files.outputs import write_output
from baska_cli.i18n import N_, _, ngettext
from baska_cli.render.report import evenings, report_pieces
from baska_cli.render.spool import spooled


@command()
@argument("paths", nargs=-1, metavar="[FILE...]")
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
        written_to = write_output(
            output, html, reading=paths, failure=N_("{path}: cannot write the report: {reason}")
        )
    except BaskaError as error:
        fail(error)
    written = ngettext("{path}: {count} evening", "{path}: {count} evenings", len(shown))
    click.echo(written.format(path=written_to, count=len(shown)), err=True)
