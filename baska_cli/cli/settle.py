"""`baska settle`: who pays whom after an evening or a season, at a stake per point."""

from __future__ import annotations

from decimal import Decimal

import click

from baska_cli.cli.common import argument, command, fail, format_choice, ledgers, option
from baska_cli.errors import BaskaError
from baska_cli.evening.settle import settle as settle_points
from baska_cli.evening.settle import stake_from, unit_of
from baska_cli.evening.totals import season
from baska_cli.ledger.view import read
from baska_cli.render.settle import settlement_record, settlement_text
from baska_cli.render.stream import to_json


def stake_value(text: str) -> Decimal:
    """The stake per point as typed, or exit 2 with why not."""
    try:
        return stake_from(text)
    except BaskaError as error:
        fail(error)


def stake_unit(currency: str) -> Decimal:
    """The smallest amount of the currency."""
    return unit_of(currency)


@command()
@argument("paths", nargs=-1, metavar="[FILE...]")
@option("--stake", "-s", required=True, metavar="AMOUNT", help="What one point is worth.")
@option(
    "--currency", "-c", default="zł", show_default=True, metavar="NAME", help="Shown after amounts."
)
@format_choice("table", "json")
def settle(paths: tuple[str, ...], stake: str, currency: str, output_format: str) -> None:
    """Who pays whom for an evening (or a season of several files), at a stake per point.

    \b
    Example:  baska settle evening.csv --stake 0.10
              baska settle autumn/*.csv --stake 0,05 --currency zł --format json
    """
    value = stake_value(stake)
    paths = ledgers(paths, "baska settle evening.csv --stake 0.10")
    try:
        standings = season([read(path).standings() for path in paths])
    except BaskaError as error:
        fail(error)
    done = settle_points({s.name: s.total for s in standings}, value, stake_unit(currency))
    if output_format == "json":
        click.echo(to_json(settlement_record(done, currency)))
    else:
        click.echo(settlement_text(done, currency))
