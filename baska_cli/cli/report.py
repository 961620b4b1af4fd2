"""`baska report`: evenings (or a season) as one printable, self-contained HTML file."""

from __future__ import annotations

import click

from baska_cli.cli.common import FileProblem, UserInputError, command, fail, ledgers, option
from baska_cli.cli.settle import UNITS, _stake
from baska_cli.i18n import _, ngettext, os_reason


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
    from decimal import Decimal

    from baska_cli.errors import BaskaError
    from baska_cli.evening.settle import settle
    from baska_cli.evening.totals import season
    from baska_cli.ledger.view import Memo, read_rows, scored
    from baska_cli.render.report import Evening, report_html

    value = _stake(stake) if stake is not None else None
    if value is None and currency != "zł":
        raise UserInputError(_("--currency goes with --stake"))
    paths = ledgers(paths, "baska report evening.csv -o evening.html")
    unit = Decimal(UNITS.get(currency.strip().lower(), "0.01"))
    memo: Memo = {}
    evenings = []
    try:
        for path in paths:
            session, rows = read_rows(path)
            _read, hands = scored(path, memo)
            single = None
            if value is not None and len(paths) == 1:
                totals = {s.name: s.total for s in session.standings()}
                single = settle(totals, value, unit)
            evenings.append(Evening(session, rows, hands, single))
    except BaskaError as error:
        fail(error)
    overall = None
    if value is not None and len(paths) > 1:
        standings = season([e.session.standings() for e in evenings])
        overall = settle({s.name: s.total for s in standings}, value, unit)
    html = report_html(evenings, overall, currency)
    if output == "-":
        click.echo(html, nl=False)
        return
    _write(output, html)
    written = ngettext("{path}: {count} evening", "{path}: {count} evenings", len(evenings))
    click.echo(written.format(path=output, count=len(evenings)), err=True)


def _write(path: str, text: str) -> None:
    """Write the report whole or not at all (a temporary file beside it, then a rename)."""
    import contextlib
    import os
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, temp = tempfile.mkstemp(prefix=".baska-report-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise FileProblem(
            _("{path}: cannot write the report: {reason}").format(path=path, reason=os_reason(exc))
        ) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
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
    import os

    mask = os.umask(0o022)
    os.umask(mask)
    return mask
